import type { AuthorizeInput, AuthorizeOutcome, FailedAuthCheck, LimitPolicy, StoredKey } from '../types.js'
import { array, badReply, decodeDecision, decodeRecordValues, integer, optionalTime } from './codec.js'
import { type RedisContext, setBounded } from './context.js'
import type { TaggedKeys } from './layout.js'
import { AUTHORIZE_BATCH_SCRIPT } from './scripts/authorize-batch.js'
import { AUTHORIZE_SCRIPT } from './scripts/authorize.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'

/**
 * The most requests one batch script call decides; a longer queue goes out as several calls, all
 * sent at once. Smaller batches let this process work on the replies of the first while Redis
 * runs the next: with 64, 50 concurrent requests made one batch and the process sat idle while
 * Redis ran it (bench: 0.74 cores busy and fewer requests a second than with 16).
 */
export const MAX_BATCH = 16

/**
 * A batch entry's second argument is its key number j plus KEY_NUMBERS times (run length - 1): a
 * batch names at most MAX_BATCH hashes, so j < KEY_NUMBERS always.
 */
const KEY_NUMBERS = 32
if (MAX_BATCH >= KEY_NUMBERS) throw new Error('keyward/redis: MAX_BATCH must stay below KEY_NUMBERS')

/** Where the authorize script's ARGV holds the id of the record the caller holds (ARGV[8]). */
const KNOWN = 7
/** Where it holds the failed-authentication limit of the address checked first (ARGV[9], E7). */
const FAILURE_LIMIT = 8
/** Where its scopes start (ARGV[10..]). */
const SCOPES = 9

/**
 * The most records held for the short reply; enough for the keys of a large deployment that are
 * in use at once. The oldest added goes first.
 */
const RECORD_CACHE_LIMIT = 10_000

/** A request waiting for the batch of its event-loop turn. */
interface Queued {
  keys: TaggedKeys
  /** The authorize script's ARGV for this request on its own; a batch call takes its parts from it. */
  args: string[]
  /** The type defaults as `args` holds them (the cached array: a batch shares one). */
  defaults: string[]
  hash: string
  /** The failed-authentication counter of the request's address (E7), or undefined for no check. */
  counter: string | undefined
  /** The record this instance held for the hash when the call was queued (ARGV[8] names its id). */
  held: StoredKey | undefined
  /** Settles the request's promise with its decoded outcome: no further promise per request. */
  resolve: (outcome: AuthorizeOutcome) => void
  reject: (error: unknown) => void
}

/** True when two requests' script arguments differ at most in ARGV[1] (now, the same in a batch): flags, held id, scopes. */
function sameRequest(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

const UNKNOWN: AuthorizeOutcome = Object.freeze({ result: 'unknown' })

/** The batch script's reply for a request decided from the hot key (see AUTHORIZE_BATCH_SCRIPT). */
const HOT = 7

/** The script's reply code for a request from a blocked address (E7). */
const BLOCKED = 8

/**
 * The outcome of a request the batch script answered HOT: the admitted request before it, with one
 * more request counted: one less remaining in the minute window and, with a quota, in the month.
 * Limits, resets and the key's record are the same (the script decided it from that state).
 */
function countedOnceMore(previous: AuthorizeOutcome & { result: 'ok' }): AuthorizeOutcome {
  const { minute, month } = previous.limits
  return {
    result: 'ok',
    key: previous.key,
    limits: {
      allowed: true,
      minute: { limit: minute.limit, remaining: minute.remaining - 1, reset: minute.reset },
      month: month === null ? null : { limit: month.limit, remaining: month.remaining - 1, reset: month.reset },
      retryAfter: 0,
      binding: null,
    },
    consumed: true,
  }
}

/**
 * The fused hot path (P1): one EVALSHA per hash tried. On a single node the calls of one
 * event-loop turn are coalesced: queued as they come, and sent from a `setImmediate` (after the
 * turn's I/O callbacks) as one batch script call, so N concurrent requests cost one round trip
 * and one write, not N. Each waits at most `timeoutMs` from the moment its batch is sent.
 *
 * The first hash (the current pepper) is nearly always the one; a previous pepper's hash costs a
 * second call only when the first is unknown. Each hash lives in its own slot, so each call stays
 * within one slot on a cluster.
 *
 * One hash is one script call, bounded by the connection's deadline; several hashes are tried in
 * turn under one deadline for all of them, so `authorize` always settles within `timeoutMs` (R5).
 *
 * E7 (`input.failedAuth`): the script reads the client address's failed-authentication counter
 * (written by the limit script, on any instance) before the key's record, and answers `blocked`
 * when it is full: no extra command and no extra round trip. On a cluster the counter lives in
 * another slot than the key, which one script may not reach, so there it is peeked first, with
 * the limit script: a second, earlier round trip for each request that carries the check.
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

  /**
   * The last record each hash's script call sent whole. A call names the held record's id and,
   * when the record in Redis still has it, gets back only what changes (expiresAt, lastUsedAt) and
   * the decision: the rest of a record never changes once written (K5), and an id is never
   * reused. Every status and limit is still decided in Redis on every call (K7).
   */
  const records = new Map<string, StoredKey>()
  function hold(key: StoredKey): void {
    setBounded(records, key.hash, key, RECORD_CACHE_LIMIT)
  }

  /** The key names of a hash, built (and checked) once while the hash is in use; bounded like `records`. */
  const keyNames = new Map<string, TaggedKeys>()
  function keysOf(hash: string): TaggedKeys {
    let keys = keyNames.get(hash)
    if (keys === undefined) {
      keys = layout.ofHash(hash)
      setBounded(keyNames, hash, keys, RECORD_CACHE_LIMIT)
    }
    return keys
  }

  function outcomeOf(hash: string, raw: unknown, held: StoredKey | undefined): AuthorizeOutcome | null {
    const reply = array(raw, 'the authorize script')
    const code = integer(reply[0], 'the authorize script')
    if (code === BLOCKED) {
      const retryAfter = reply.length === 2 ? integer(reply[1], 'the authorize script') : 0
      if (retryAfter < 1) throw badReply('the authorize script', reply)
      return { result: 'blocked', retryAfter }
    }
    if (code === 6) {
      if (held === undefined || reply.length !== 5) throw badReply('the authorize script', reply)
      return {
        result: 'ok',
        key: {
          id: held.id,
          hash,
          name: held.name,
          keyType: held.keyType,
          last4: held.last4,
          createdAt: held.createdAt,
          expiresAt: optionalTime(reply[1], 'expiresAt'),
          revokedAt: null,
          lastUsedAt: optionalTime(reply[2], 'lastUsedAt'),
          scopes: held.scopes,
          limits: held.limits,
        },
        limits: decodeDecision(reply[3]),
        consumed: integer(reply[4], 'the authorize script') === 1,
      }
    }
    if (code === 0) {
      records.delete(hash)
      return null
    }
    const key = decodeRecordValues(hash, reply[1])
    context.remember(key.id, hash)
    hold(key)
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

  /** One request's script call, on its own; `counter` is its address's failure counter (KEYS[3]). */
  function callOne(keys: TaggedKeys, args: string[], counter: string | undefined): Promise<unknown> {
    const names = counter === undefined ? [keys.record, keys.minute] : [keys.record, keys.minute, counter]
    return connection.script(AUTHORIZE_SCRIPT, names, args)
  }

  /** One hash's call on its own: `args` with the id held for that hash (ARGV[8]). */
  function call(hash: string, args: string[], held: StoredKey | undefined, counter: string | undefined): Promise<AuthorizeOutcome | null> {
    args[KNOWN] = held === undefined ? '' : held.id
    return callOne(keysOf(hash), args, counter).then((raw) => outcomeOf(hash, raw, held))
  }

  let queue: Queued[] = []

  /**
   * Sends the turn's queue: runs of requests that share `now`, the defaults and the failure limit
   * (nearly always the whole queue) go out in calls of at most MAX_BATCH.
   */
  function flush(): void {
    const all = queue
    queue = []
    let start = 0
    for (let i = 1; i <= all.length; i++) {
      if (
        i === all.length || i - start === MAX_BATCH || all[i]!.args[0] !== all[start]!.args[0] ||
        all[i]!.defaults !== all[start]!.defaults || all[i]!.args[FAILURE_LIMIT] !== all[start]!.args[FAILURE_LIMIT]
      ) {
        send(start === 0 && i === all.length ? all : all.slice(start, i))
        start = i
      }
    }
  }

  /** Decodes a request's reply and settles it; a reply that does not decode rejects that request only (null). */
  function settle(queued: Queued, raw: unknown): AuthorizeOutcome | null {
    let outcome: AuthorizeOutcome
    try {
      outcome = outcomeOf(queued.hash, raw, queued.held) ?? UNKNOWN
    } catch (error) {
      queued.reject(error)
      return null
    }
    queued.resolve(outcome)
    return outcome
  }

  function send(batch: Queued[]): void {
    if (batch.length === 1) {
      const queued = batch[0]!
      callOne(queued.keys, queued.args, queued.counter).then((raw) => settle(queued, raw), queued.reject)
      return
    }
    const keys: string[] = []
    const { defaults } = batch[0]!
    const args: string[] = [
      String(batch.length), batch[0]!.args[0]!, defaults[0]!, defaults[1]!, defaults[2]!, defaults[3]!, batch[0]!.args[FAILURE_LIMIT]!,
    ]
    // E7: the address counters go after every hash's keys; an entry's g names one by its position
    // there (filled in once the number of hashes is known), each counter once.
    const counters: string[] = []
    const counterAt: number[] = []
    // Each hash's keys go once, however many requests of the batch it has; a request names them
    // by number. A busy key's requests then send a few bytes each instead of its two key names.
    const numbers = new Map<TaggedKeys, number>()
    // A run of requests alike (same hash, flags, held id and scopes) goes as one entry with its
    // length: a busy key's batch is then a few arguments, not four or more per request.
    let previous: Queued | undefined
    let runAt = 0
    let runNumber = 0
    let runLength = 0
    for (const queued of batch) {
      const { keys: own, args: a, counter } = queued
      if (previous !== undefined && own === previous.keys && counter === previous.counter && sameRequest(a, previous.args)) {
        runLength++
        args[runAt] = String(runNumber + KEY_NUMBERS * (runLength - 1))
        continue
      }
      let number = numbers.get(own)
      if (number === undefined) {
        keys.push(own.record, own.minute)
        number = keys.length / 2
        numbers.set(own, number)
      }
      // f: the scope count, live-only (ARGV[3]) and consume (ARGV[2]), as the batch script takes them.
      args.push(String((a.length - SCOPES) * 4 + (a[2] === '1' ? 2 : 0) + (a[1] === '1' ? 1 : 0)), String(number), a[KNOWN]!)
      if (counter === undefined) {
        args.push('0')
      } else {
        let ordinal = counters.indexOf(counter)
        if (ordinal < 0) ordinal = counters.push(counter) - 1
        counterAt.push(args.length, ordinal)
        args.push('')
      }
      for (let i = SCOPES; i < a.length; i++) args.push(a[i]!)
      previous = queued
      runAt = args.length - (a.length - SCOPES) - 3
      runNumber = number
      runLength = 1
    }
    if (counters.length > 0) {
      const first = keys.length + 1
      for (let i = 0; i < counterAt.length; i += 2) args[counterAt[i]!] = String(first + counterAt[i + 1]!)
      for (const counter of counters) keys.push(counter)
    }
    connection.script(AUTHORIZE_BATCH_SCRIPT, keys, args).then(
      (raw) => {
        let replies: unknown[]
        try {
          replies = array(raw, 'the authorize batch script')
          if (replies.length !== batch.length) throw badReply('the authorize batch script', raw)
        } catch (error) {
          for (const queued of batch) queued.reject(error)
          return
        }
        // A request whose decision failed in Redis gets its own error; the others their replies.
        // HOT: admitted as the last admitted request before it (of the same key and route),
        // counted once more; a request from a blocked address between them (E7) counted nothing.
        let previous: AuthorizeOutcome | null = null
        for (let i = 0; i < batch.length; i++) {
          const reply = replies[i]
          if (reply === HOT) {
            if (previous === null || previous.result !== 'ok' || !previous.consumed) {
              previous = null
              batch[i]!.reject(badReply('the authorize batch script (a hot reply after no admitted request)', reply))
            } else {
              previous = countedOnceMore(previous)
              batch[i]!.resolve(previous)
            }
          } else if (reply instanceof Error) {
            previous = null
            batch[i]!.reject(reply)
          } else {
            const outcome = settle(batch[i]!, reply)
            if (outcome === null || outcome.result !== 'blocked') previous = outcome
          }
        }
      },
      (error: unknown) => {
        for (const queued of batch) queued.reject(error)
      },
    )
  }

  /** The authorize call of one hash, in this turn's batch: one promise per request, settled with its outcome. */
  function enqueue(
    hash: string,
    args: string[],
    defaults: string[],
    held: StoredKey | undefined,
    counter: string | undefined,
  ): Promise<AuthorizeOutcome> {
    const keys = keysOf(hash)
    args[KNOWN] = held === undefined ? '' : held.id
    return new Promise<AuthorizeOutcome>((resolve, reject) => {
      if (queue.push({ keys, args, defaults, hash, counter, held, resolve, reject }) === 1) setImmediate(flush)
    })
  }

  async function tryEach(hashes: readonly string[], args: string[], counter: string | undefined): Promise<AuthorizeOutcome> {
    for (const hash of hashes) {
      // Each call gets its own copy: ARGV[8] differs by hash. Each checks the address again: it
      // costs one EXISTS, and a failure elsewhere may have blocked it in between.
      const outcome = await call(hash, args.slice(), records.get(hash), counter)
      if (outcome !== null) return outcome
    }
    return UNKNOWN
  }

  /**
   * The key the limiter counts an address's failures in: the limit state of an id with no record
   * (rate-limiter.ts), read by the script beside the key (KEYS[3]). Built once while one client is busy.
   */
  let lastCounter = ''
  let lastCounterKey = ''
  function counterKeyOf(counter: string): string {
    if (counter !== lastCounter) {
      lastCounterKey = layout.ofOrphanId(counter).minute
      lastCounter = counter
    }
    return lastCounterKey
  }

  /** The failure limit as ARGV[9], converted once while it stays the same. */
  let failureLimit = 0
  let failureLimitText = ''
  function failureLimitArgument(check: FailedAuthCheck | undefined): string {
    if (check === undefined) return ''
    if (check.limit !== failureLimit) {
      failureLimit = check.limit
      failureLimitText = String(check.limit)
    }
    return failureLimitText
  }

  /**
   * E7 on a cluster: the address's counter is peeked with the limit script (it lives in another
   * slot than any key), then, unless it is full, the key is authorized as usual. One deadline for
   * both calls.
   */
  async function checkThenAuthorize(check: FailedAuthCheck, counter: TaggedKeys, args: string[], hashes: readonly string[]): Promise<AuthorizeOutcome> {
    const peeked = decodeDecision(
      await connection.script(LIMIT_SCRIPT, [counter.minute], [args[0]!, '0', failureLimitArgument(check), '']),
    )
    if (!peeked.allowed) return { result: 'blocked', retryAfter: Math.max(1, peeked.retryAfter) }
    return tryEach(hashes, args, undefined)
  }

  return function authorize(input) {
    const defaults = defaultArguments(input.defaults)
    const check = input.failedAuth
    const inScript = check !== undefined && !connection.cluster
    const args = [
      context.nowArgument(input.now),
      input.consume ? '1' : '0',
      input.liveOnly ? '1' : '0',
      defaults[0]!,
      defaults[1]!,
      defaults[2]!,
      defaults[3]!,
      '',
      inScript ? failureLimitArgument(check) : '',
    ]
    const scopes = input.requiredScopes
    if (scopes != null) for (let i = 0; i < scopes.length; i++) args.push(scopes[i]!)
    const { hashes } = input
    try {
      if (check !== undefined && !inScript) {
        return connection.within(checkThenAuthorize(check, layout.ofOrphanId(check.counter), args, hashes), 'the authorize script')
      }
      const counterKey = check === undefined ? undefined : counterKeyOf(check.counter)
      if (hashes.length === 1) {
        const hash = hashes[0]!
        const held = records.get(hash)
        if (context.coalesce) return enqueue(hash, args, defaults, held, counterKey)
        return call(hash, args, held, counterKey).then((outcome) => outcome ?? UNKNOWN)
      }
      return connection.within(tryEach(hashes, args, counterKey), 'the authorize script')
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
