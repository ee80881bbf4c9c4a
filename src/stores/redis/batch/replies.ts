/**
 * Settling the requests of a batch from the batch script's reply: one reply per request, in
 * order. A request whose decision failed in Redis gets its own error; the others their outcomes.
 */
import type { AuthorizeOutcome } from '../../../core/types.js'
import { costOf, namedOwnerGroups } from '../authorize-request.js'
import { type ReplyReader, UNKNOWN, countedAgain } from '../authorize-reply.js'
import { array, badReply } from '../codec.js'
import type { Queued } from './queue.js'

/**
 * A batch script's replies, one per call of `batch`, in order; null once every call of the batch
 * was rejected because the reply has the wrong shape (never a guess that could admit a request).
 */
export function batchReplies(
  batch: readonly { reject(error: unknown): void }[],
  raw: unknown,
  what: string,
): unknown[] | null {
  try {
    const all = array(raw, what)
    if (all.length !== batch.length) throw badReply(what, raw)
    return all
  } catch (error) {
    for (const queued of batch) queued.reject(error)
    return null
  }
}

/** The batch script's reply for a request decided from the hot key (see `scripts/authorize-batch.ts`). */
const HOT = 7

/** An admitted outcome and the reply it was read from, which a HOT reply after it counts again. */
interface Admitted {
  outcome: AuthorizeOutcome & { result: 'ok' }
  raw: unknown
}

/**
 * The reply a HOT reply stands for: the admitted request before it (of the same key and route),
 * with this request's cost counted once more in every limit and spent from the credits.
 */
function hotReply(queued: Queued, previous: Admitted): unknown {
  const { key } = previous.outcome
  const named =
    Array.isArray(key.limits) || namedOwnerGroups(queued.held, queued.owners, queued.defaults, 0, false) !== undefined
  return countedAgain(previous.raw, key, named, costOf(queued.args))
}

/**
 * Decodes a request's reply and settles it; a reply that does not decode rejects that request only
 * (null). A request whose script asked for its owner's counter (O7) is queued `again` (null), once.
 */
export function settleOne(
  queued: Queued,
  raw: unknown,
  replies: ReplyReader,
  again: (queued: Queued) => boolean,
): AuthorizeOutcome | null {
  let outcome: AuthorizeOutcome
  try {
    const extra = queued.owner === undefined ? null : 'owner'
    const groups = namedOwnerGroups(queued.held, queued.owners, queued.defaults, 0, false)
    const read = replies.read(queued.hash, raw, queued.held, extra, costOf(queued.args), groups)
    if (read?.result === 'needs-owner') {
      if (!again(queued)) throw badReply('the authorize script (an owner asked for twice)', raw)
      return null
    }
    outcome = read ?? UNKNOWN
  } catch (error) {
    queued.reject(error)
    return null
  }
  queued.resolve(outcome)
  return outcome
}

/**
 * Settles every request of `batch` from the batch script's reply. HOT: admitted as the last
 * admitted request before it (of the same key and route), counted once more; a request from a
 * blocked address between them (E7) counted nothing and does not break the chain.
 */
export function settleBatch(
  batch: readonly Queued[],
  raw: unknown,
  replies: ReplyReader,
  again: (queued: Queued) => boolean,
): void {
  const all = batchReplies(batch, raw, 'the authorize batch script')
  if (all === null) return
  let previous: Admitted | null = null
  for (let i = 0; i < batch.length; i++) {
    let reply = all[i]
    if (reply instanceof Error) {
      previous = null
      batch[i]!.reject(reply)
      continue
    }
    if (reply === HOT) {
      if (previous === null) {
        batch[i]!.reject(badReply('the authorize batch script (a hot reply after no admitted request)', reply))
        continue
      }
      try {
        reply = hotReply(batch[i]!, previous)
      } catch (error) {
        previous = null
        batch[i]!.reject(error)
        continue
      }
    }
    const outcome = settleOne(batch[i]!, reply, replies, again)
    if (outcome?.result === 'blocked') continue
    previous = outcome?.result === 'ok' && outcome.consumed ? { outcome, raw: reply } : null
  }
}
