/**
 * On a single node the authorize calls of one event-loop turn are queued as they come and sent as
 * batch script calls: at once when MAX_BATCH wait, and the rest from a `setImmediate` (after the
 * turn's I/O callbacks), so N concurrent requests cost a round trip and a write per MAX_BATCH, not
 * N. Each request is decided as on its own, in order, and waits at most `timeoutMs` from the
 * moment its batch is sent.
 */
import type { AuthorizeOutcome, OwnerLimitsCheck } from '../../../core/types.js'
import {
  type ArgumentCache,
  FAILURE_LIMIT,
  NOW,
  authorizeKeys,
  fillHeld,
  singleScriptArguments,
} from '../authorize-request.js'
import type { Held, ReplyReader } from '../authorize-reply.js'
import type { RedisConnection } from '../client.js'
import type { TaggedKeys } from '../layout.js'
import { AUTHORIZE_BATCH_SCRIPT } from '../scripts/authorize-batch.js'
import { AUTHORIZE_SCRIPT } from '../scripts/authorize.js'
import { KEY_NUMBERS, encodeBatch } from './encoding.js'
import { settleBatch, settleOne } from './replies.js'

/**
 * The most requests one batch script call decides (below KEY_NUMBERS, the script's key-number
 * base), sent as soon as that many wait. A call reads each key's state once and decides its later
 * requests from what the one before left, so larger calls cost Redis less per request; a call sent
 * before the turn ends lets Redis decide it while this process reads the turn's other requests.
 */
export const MAX_BATCH = 32
if (MAX_BATCH >= KEY_NUMBERS) throw new Error('keyward/redis: MAX_BATCH must stay below KEY_NUMBERS')

/** A request waiting for the batch of its event-loop turn. */
export interface Queued {
  keys: TaggedKeys
  /** The authorize script's ARGV for this request on its own; a batch call takes its parts from it. */
  args: string[]
  /** The type defaults as `args` holds them (the cached array: a batch shares one). */
  defaults: readonly string[]
  hash: string
  /** The failed-authentication counter of the request's address (E7), or undefined for no check. */
  counter: string | undefined
  /** O7: the owner's counter the script counts with the key's, or undefined. */
  owner: string | undefined
  /** O7: the request's owner limits, to name the owner's counter once the script has said whose key it is. */
  owners: OwnerLimitsCheck | undefined
  /** Whether the request was queued again already, after the script asked for its owner's counter. */
  again: boolean
  /** The record this instance held for the hash when the call was queued (ARGV[8] names it). */
  held: Held | undefined
  /** Settles the request's promise with its decoded outcome: no further promise per request. */
  resolve: (outcome: AuthorizeOutcome) => void
  reject: (error: unknown) => void
}

/** Queues one request for this turn's batch; ARGV[8] and the owner step are filled from what is held. */
export type Enqueue = (
  hash: string,
  keys: TaggedKeys,
  args: string[],
  defaults: readonly string[],
  counter: string | undefined,
  owners: OwnerLimitsCheck | undefined,
) => Promise<AuthorizeOutcome>

export function createBatchQueue(connection: RedisConnection, replies: ReplyReader, cache: ArgumentCache): Enqueue {
  let queue: Queued[] = []

  function push(queued: Queued): void {
    queued.held = replies.held(queued.hash)
    queued.owner = fillHeld(queued.args, queued.held, queued.owners, false, cache)
    const waiting = queue.push(queued)
    if (waiting === 1) setImmediate(flush)
    else if (waiting === MAX_BATCH) flush()
  }

  /** O7: the script named the key's owner (the record is held now): once more, naming its counter. */
  function again(queued: Queued): boolean {
    if (queued.again) return false
    queued.again = true
    push(queued)
    return true
  }

  /**
   * Sends the queue (at most MAX_BATCH requests; empty when a full queue went out since this was
   * scheduled): runs of requests that share `now`, the defaults and the failure limit (nearly
   * always the whole queue) go out as one call each.
   */
  function flush(): void {
    if (queue.length === 0) return
    const all = queue
    queue = []
    let start = 0
    for (let i = 1; i <= all.length; i++) {
      if (
        i === all.length ||
        all[i]!.args[NOW] !== all[start]!.args[NOW] ||
        all[i]!.defaults !== all[start]!.defaults ||
        all[i]!.args[FAILURE_LIMIT] !== all[start]!.args[FAILURE_LIMIT]
      ) {
        send(start === 0 && i === all.length ? all : all.slice(start, i))
        start = i
      }
    }
  }

  function send(batch: Queued[]): void {
    if (batch.length === 1) {
      const queued = batch[0]!
      const names = authorizeKeys(queued.keys, queued.counter, queued.owner)
      connection
        .script(AUTHORIZE_SCRIPT, names, singleScriptArguments(queued.args, queued.owner, names))
        .then((raw) => settleOne(queued, raw, replies, again), queued.reject)
      return
    }
    const { keys, args } = encodeBatch(batch)
    connection.script(AUTHORIZE_BATCH_SCRIPT, keys, args).then(
      (raw) => settleBatch(batch, raw, replies, again),
      (error: unknown) => {
        for (const queued of batch) queued.reject(error)
      },
    )
  }

  return function enqueue(hash, keys, args, defaults, counter, owners) {
    return new Promise<AuthorizeOutcome>((resolve, reject) => {
      push({
        keys,
        args,
        defaults,
        hash,
        counter,
        owner: undefined,
        owners,
        again: false,
        held: undefined,
        resolve,
        reject,
      })
    })
  }
}
