/**
 * On a single node the RateLimiter calls of one event-loop turn (`consume`, `peek`, `consumeAll`)
 * are queued as they come and sent from a `setImmediate` as one batch script call, as the
 * authorize calls are (`batch/queue.ts`): N concurrent decisions cost one round trip, not N. Each
 * is decided as the limit script decides it alone, in order; a Redis error fails only its own
 * call; every call waits at most `timeoutMs` from the moment its batch is sent.
 */
import { batchReplies } from './batch/replies.js'
import type { RedisConnection } from './client.js'
import { array, badReply, integer } from './codec.js'
import { LIMIT_BATCH_SCRIPT } from './scripts/limit-batch.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'

/**
 * The most operations one batch call decides; a longer queue goes out as several calls, all sent
 * at once, so one script run never holds Redis for long.
 */
export const MAX_LIMIT_BATCH = 32

/** A limit script call waiting for the batch of its event-loop turn. */
interface QueuedLimit {
  /** The limit script's KEYS and ARGV for this call on its own (ops '1', '0', 'a'). */
  keys: readonly string[]
  args: readonly string[]
  resolve: (reply: unknown) => void
  reject: (error: unknown) => void
}

/** A limit script call (ops '1', '0' or 'a'), answered with the reply the limit script gives it alone. */
export type LimitCall = (keys: readonly string[], args: readonly string[]) => Promise<unknown>

/** KEYS and ARGV of one batch call (their layout is listed at the top of `scripts/limit-batch.ts`). */
function encodeLimitBatch(batch: readonly QueuedLimit[]): { keys: string[]; args: string[] } {
  const keys: string[] = []
  const numbers = new Map<string, number>()
  const args: string[] = [String(batch.length)]
  for (const { keys: states, args: own } of batch) {
    // The limit script's ARGV: now, the op, then perMinute and perMonth of each KEYS[i].
    args.push(own[1]!, own[0]!, String(states.length))
    for (let i = 0; i < states.length; i++) {
      const state = states[i]!
      let number = numbers.get(state)
      if (number === undefined) {
        number = keys.push(state)
        numbers.set(state, number)
      }
      args.push(String(number), own[2 + 2 * i]!, own[3 + 2 * i]!)
    }
  }
  return { keys, args }
}

/**
 * The limit script's reply for call `i`, expanded from the batch script's short forms: j > 0 is
 * the reply of call j (a peek repeated), -j the reply of consume j counted once more.
 */
function expandReply(replies: readonly unknown[], i: number): unknown {
  const reply = replies[i]
  if (typeof reply !== 'number') return reply
  const earlier = Math.abs(reply) - 1
  if (!Number.isInteger(reply) || reply === 0 || earlier >= i)
    throw badReply('the limit batch script (a short reply)', reply)
  const decision = array(replies[earlier], 'the limit batch script (a short reply)')
  return reply > 0 ? decision : countedOnceMore(decision)
}

/** A decision array with one more request counted: one less remaining in the minute and, with a quota, the month. */
function countedOnceMore(decision: readonly unknown[]): unknown[] {
  const next = decision.slice()
  next[2] = integer(next[2], 'a limit decision') - 1
  if (integer(next[4], 'a limit decision') >= 0) next[5] = integer(next[5], 'a limit decision') - 1
  return next
}

/** Settles every call of `batch` from the batch script's reply: one reply per call, in order. */
function settleLimitBatch(batch: readonly QueuedLimit[], raw: unknown): void {
  const all = batchReplies(batch, raw, 'the limit batch script')
  if (all === null) return
  for (let i = 0; i < batch.length; i++) {
    let reply: unknown
    try {
      reply = all[i] = expandReply(all, i)
    } catch (error) {
      reply = all[i] = error
    }
    if (reply instanceof Error) batch[i]!.reject(reply)
    else batch[i]!.resolve(reply)
  }
}

/** The limit script calls of one connection, coalesced per event-loop turn. */
export function createLimitQueue(connection: RedisConnection): LimitCall {
  let queue: QueuedLimit[] = []

  function flush(): void {
    const all = queue
    queue = []
    for (let start = 0; start < all.length; start += MAX_LIMIT_BATCH) {
      send(start === 0 && all.length <= MAX_LIMIT_BATCH ? all : all.slice(start, start + MAX_LIMIT_BATCH))
    }
  }

  function send(batch: QueuedLimit[]): void {
    if (batch.length === 1) {
      // Alone in its turn: the limit script itself, a smaller call than a batch of one.
      const { keys, args, resolve, reject } = batch[0]!
      connection.script(LIMIT_SCRIPT, keys, args).then(resolve, reject)
      return
    }
    const { keys, args } = encodeLimitBatch(batch)
    connection.script(LIMIT_BATCH_SCRIPT, keys, args).then(
      (raw) => settleLimitBatch(batch, raw),
      (error: unknown) => {
        for (const queued of batch) queued.reject(error)
      },
    )
  }

  return function call(keys, args) {
    return new Promise<unknown>((resolve, reject) => {
      if (queue.push({ keys, args, resolve, reject }) === 1) setImmediate(flush)
    })
  }
}
