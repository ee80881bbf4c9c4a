/**
 * The batch script's KEYS and ARGV for a batch of queued requests (their layout is listed at the
 * top of `scripts/authorize-batch.ts`). Each hash's key names go once, however many requests of the
 * batch it has, and a run of requests alike goes as one entry with its length, so a busy key's
 * batch is a few arguments, not four or more per request.
 */
import { CONSUME, FAILURE_LIMIT, KNOWN, LIVE_ONLY, NOW, SCOPES } from '../authorize-request.js'
import type { TaggedKeys } from '../layout.js'
import type { Queued } from './queue.js'

/**
 * An entry's second argument is its key number j plus KEY_NUMBERS times (run length - 1); a batch
 * names at most MAX_BATCH hashes, so j < KEY_NUMBERS as long as MAX_BATCH is below it (queue.ts).
 */
export const KEY_NUMBERS = 32

/** True when two requests' ARGV differ at most in `now` (the same in a batch): flags, held id, scopes. */
function sameRequest(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** KEYS and ARGV of one batch call; every request of `batch` shares `now`, the defaults and the failure limit. */
export function encodeBatch(batch: readonly Queued[]): { keys: string[]; args: string[] } {
  const keys: string[] = []
  const first = batch[0]!
  const { defaults } = first
  const args: string[] = [
    String(batch.length), first.args[NOW]!, defaults[0]!, defaults[1]!, defaults[2]!, defaults[3]!, first.args[FAILURE_LIMIT]!,
  ]
  // E7: the address counters go after every hash's keys; an entry's g names one by its position
  // there (filled in once the number of hashes is known), each counter once.
  const counters: string[] = []
  const counterAt: number[] = []
  const numbers = new Map<TaggedKeys, number>()
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
    // f: the scope count, live-only and consume, as the batch script takes them.
    const f = (a.length - SCOPES) * 4 + (a[LIVE_ONLY] === '1' ? 2 : 0) + (a[CONSUME] === '1' ? 1 : 0)
    args.push(String(f), String(number), a[KNOWN]!)
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
    const firstCounter = keys.length + 1
    for (let i = 0; i < counterAt.length; i += 2) args[counterAt[i]!] = String(firstCounter + counterAt[i + 1]!)
    for (const counter of counters) keys.push(counter)
  }
  return { keys, args }
}
