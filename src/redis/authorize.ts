import type { AuthorizeInput, AuthorizeOutcome } from '../types.js'
import { array, badReply, decodeDecision, decodeRecord, integer } from './codec.js'
import type { RedisContext } from './context.js'
import { AUTHORIZE_SCRIPT } from './scripts.js'

/**
 * The fused hot path (P1): one EVALSHA per hash tried. The first hash (the current pepper) is
 * nearly always the one; a previous pepper's hash costs a second call only when the first is
 * unknown. Each hash lives in its own slot, so each call stays within one slot on a cluster.
 */
export function authorizeOn(context: RedisContext): (input: AuthorizeInput) => Promise<AuthorizeOutcome> {
  const { connection, layout } = context
  return async function authorize(input) {
    const { live, test } = input.defaults
    const args = [
      context.nowArgument(input.now),
      input.consume ? '1' : '0',
      input.liveOnly ? '1' : '0',
      String(live.perMinute),
      live.perMonth === null ? '' : String(live.perMonth),
      String(test.perMinute),
      test.perMonth === null ? '' : String(test.perMonth),
      ...(input.requiredScopes ?? []),
    ]
    for (const hash of input.hashes) {
      const keys = layout.ofHash(hash)
      const reply = array(
        await connection.script(AUTHORIZE_SCRIPT, [keys.record, keys.minute, keys.month], args),
        'the authorize script',
      )
      const code = integer(reply[0], 'the authorize script')
      if (code === 0) continue
      const key = decodeRecord(hash, reply[1])
      if (key === undefined) throw badReply('the authorize script', reply)
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
    return { result: 'unknown' }
  }
}
