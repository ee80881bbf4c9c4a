/**
 * The fused hot path (P1): one EVALSHA of the authorize script per hash tried decides status,
 * expiry, scopes and both limits and writes lastUsedAt, atomically (`scripts/authorize.ts`). On a
 * single node with `coalesce`, a request joins its event-loop turn's batch instead
 * (`batch/queue.ts`): one script call for all of them.
 *
 * The first hash (the current pepper) is nearly always the one; a previous pepper's hash costs a
 * second call only when the first is unknown. Each hash lives in its own slot, so each call stays
 * within one slot on a cluster. Several hashes are tried in turn under one deadline for all of
 * them, so `authorize` always settles within `timeoutMs` (R5).
 *
 * E7 (`input.failedAuth`): the script reads the client address's failure counter (written by the
 * limit script, on any instance) before the key's record, and answers `blocked` when it is full:
 * no extra command and no extra round trip. On a cluster the counter lives in another slot than
 * the key, which one script may not reach, so there it is peeked first with the limit script.
 */
import type { AuthorizeInput, AuthorizeOutcome, FailedAuthCheck } from '../types.js'
import { KNOWN, NOW, authorizeArguments, authorizeKeys, createArgumentCache } from './authorize-request.js'
import { UNKNOWN, createReplyReader } from './authorize-reply.js'
import { createBatchQueue } from './batch/queue.js'
import { decodeDecision } from './codec.js'
import { type RedisContext, setBounded } from './context.js'
import type { TaggedKeys } from './layout.js'
import { AUTHORIZE_SCRIPT } from './scripts/authorize.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'

/** As many key names as records held for the short reply (`authorize-reply.ts`). */
const KEY_NAMES_LIMIT = 10_000

/** The stores' `authorize`: the single call, the batch queue on a single node, the E7 check. */
export function authorizeOn(context: RedisContext): (input: AuthorizeInput) => Promise<AuthorizeOutcome> {
  const { connection, layout } = context
  const cache = createArgumentCache()
  const replies = createReplyReader(context)
  const enqueue = context.coalesce ? createBatchQueue(connection, replies) : undefined

  /** The key names of a hash, built (and checked) once while the hash is in use. */
  const keyNames = new Map<string, TaggedKeys>()
  function keysOf(hash: string): TaggedKeys {
    let keys = keyNames.get(hash)
    if (keys === undefined) {
      keys = layout.ofHash(hash)
      setBounded(keyNames, hash, keys, KEY_NAMES_LIMIT)
    }
    return keys
  }

  /** The limit state an address's failures are counted in (the limiter's, for an id with no record). */
  let lastCounter = ''
  let lastCounterKey = ''
  function counterKeyOf(counter: string): string {
    if (counter !== lastCounter) {
      lastCounterKey = layout.ofOrphanId(counter).minute
      lastCounter = counter
    }
    return lastCounterKey
  }

  /** One hash's script call on its own; null when the hash has no record. */
  function call(hash: string, args: string[], counterKey: string | undefined): Promise<AuthorizeOutcome | null> {
    const held = replies.held(hash)
    args[KNOWN] = held === undefined ? '' : held.id
    return connection.script(AUTHORIZE_SCRIPT, authorizeKeys(keysOf(hash), counterKey), args).then((raw) => replies.read(hash, raw, held))
  }

  async function tryEach(hashes: readonly string[], args: string[], counterKey: string | undefined): Promise<AuthorizeOutcome> {
    for (const hash of hashes) {
      // Each call gets its own copy: ARGV[8] differs by hash. Each checks the address again: it
      // costs one EXISTS, and a failure elsewhere may have blocked it in between.
      const outcome = await call(hash, args.slice(), counterKey)
      if (outcome !== null) return outcome
    }
    return UNKNOWN
  }

  /** E7 on a cluster: the address's counter is peeked first, then, unless it is full, the key is authorized. */
  async function checkThenAuthorize(check: FailedAuthCheck, args: string[], hashes: readonly string[]): Promise<AuthorizeOutcome> {
    const counterKey = layout.ofOrphanId(check.counter).minute
    const peeked = decodeDecision(await connection.script(LIMIT_SCRIPT, [counterKey], [args[NOW]!, '0', cache.failureLimit(check), '']))
    if (!peeked.allowed) return { result: 'blocked', retryAfter: Math.max(1, peeked.retryAfter) }
    return tryEach(hashes, args, undefined)
  }

  return function authorize(input) {
    const defaults = cache.defaults(input.defaults)
    const check = input.failedAuth
    const inScript = check !== undefined && !connection.cluster
    const args = authorizeArguments(input, context.nowArgument(input.now), defaults, inScript ? cache.failureLimit(check) : '')
    const { hashes } = input
    try {
      if (check !== undefined && !inScript) {
        return connection.within(checkThenAuthorize(check, args, hashes), 'the authorize script')
      }
      const counterKey = check === undefined ? undefined : counterKeyOf(check.counter)
      if (hashes.length !== 1) return connection.within(tryEach(hashes, args, counterKey), 'the authorize script')
      const hash = hashes[0]!
      if (enqueue === undefined) return call(hash, args, counterKey).then((outcome) => outcome ?? UNKNOWN)
      const held = replies.held(hash)
      args[KNOWN] = held === undefined ? '' : held.id
      return enqueue(hash, keysOf(hash), args, defaults, held, counterKey)
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
