import type { AuthorizeInput, AuthorizeOutcome, LimitPolicy } from '../types.js'
import { array, badReply, decodeDecision, decodeRecordValues, integer } from './codec.js'
import type { RedisContext } from './context.js'
import { AUTHORIZE_SCRIPT } from './scripts.js'

/**
 * The fused hot path (P1): one EVALSHA per hash tried. The first hash (the current pepper) is
 * nearly always the one; a previous pepper's hash costs a second call only when the first is
 * unknown. Each hash lives in its own slot, so each call stays within one slot on a cluster.
 *
 * One hash is one script call, bounded by the connection's deadline; several hashes are tried in
 * turn under one deadline for all of them, so `authorize` always settles within `timeoutMs` (R5).
 */
export function authorizeOn(context: RedisContext): (input: AuthorizeInput) => Promise<AuthorizeOutcome> {
  const { connection, layout } = context

  // The type defaults as script arguments, converted once while they stay the same.
  let live: LimitPolicy | null = null
  let test: LimitPolicy | null = null
  let liveMinute = 0
  let liveMonth: number | null = null
  let testMinute = 0
  let testMonth: number | null = null
  let defaultArgs: string[] = []
  function defaultArguments(defaults: AuthorizeInput['defaults']): string[] {
    const l = defaults.live
    const t = defaults.test
    if (
      l !== live || t !== test ||
      l.perMinute !== liveMinute || l.perMonth !== liveMonth || t.perMinute !== testMinute || t.perMonth !== testMonth
    ) {
      live = l
      test = t
      liveMinute = l.perMinute
      liveMonth = l.perMonth
      testMinute = t.perMinute
      testMonth = t.perMonth
      defaultArgs = [
        String(liveMinute),
        liveMonth === null ? '' : String(liveMonth),
        String(testMinute),
        testMonth === null ? '' : String(testMonth),
      ]
    }
    return defaultArgs
  }

  function outcomeOf(hash: string, raw: unknown): AuthorizeOutcome | null {
    const reply = array(raw, 'the authorize script')
    const code = integer(reply[0], 'the authorize script')
    if (code === 0) return null
    const key = decodeRecordValues(hash, reply[1])
    context.remember(key.id, hash)
    switch (code) {
      case 1:
        return { result: 'revoked', key }
      case 2:
        return { result: 'expired', key }
      case 3:
        return { result: 'forbidden', key, reason: 'scope', limits: decodeDecision(reply[2]) }
      case 4:
        return { result: 'forbidden', key, reason: 'live-only', limits: decodeDecision(reply[2]) }
      case 5:
        return { result: 'ok', key, limits: decodeDecision(reply[2]), consumed: integer(reply[3], 'the authorize script') === 1 }
      default:
        throw badReply('the authorize script', reply)
    }
  }

  function call(hash: string, args: string[]): Promise<unknown> {
    const keys = layout.ofHash(hash)
    return connection.script(AUTHORIZE_SCRIPT, [keys.record, keys.minute, keys.month], args)
  }

  async function tryEach(hashes: readonly string[], args: string[]): Promise<AuthorizeOutcome> {
    for (const hash of hashes) {
      const outcome = outcomeOf(hash, await call(hash, args))
      if (outcome !== null) return outcome
    }
    return { result: 'unknown' }
  }

  return function authorize(input) {
    const defaults = defaultArguments(input.defaults)
    const args = [
      context.nowArgument(input.now),
      input.consume ? '1' : '0',
      input.liveOnly ? '1' : '0',
      defaults[0]!,
      defaults[1]!,
      defaults[2]!,
      defaults[3]!,
    ]
    const scopes = input.requiredScopes
    if (scopes != null) for (let i = 0; i < scopes.length; i++) args.push(scopes[i]!)
    const { hashes } = input
    try {
      if (hashes.length === 1) {
        const hash = hashes[0]!
        return call(hash, args).then((raw) => outcomeOf(hash, raw) ?? { result: 'unknown' })
      }
      return connection.within(tryEach(hashes, args), 'the authorize script')
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
