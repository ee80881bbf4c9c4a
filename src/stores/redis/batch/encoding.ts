/**
 * The batch script's KEYS and ARGV for a batch of queued requests (their layout is listed at the
 * top of `scripts/authorize-batch.ts`). Each hash's key names go once, however many requests of the
 * batch it has, and a run of requests alike goes as one entry with its length, so a busy key's
 * batch is a few arguments, not four or more per request.
 */
import {
  ADDRESS,
  CONSUME,
  COST,
  KNOWN,
  LIVE_ONLY,
  NOW,
  OWNER,
  OWNER_ASK,
  OWNER_MINUTE,
  OWNER_MONTH,
  OWNER_NAMED,
  FAILURE_LIMIT,
  SCOPES,
} from '../authorize-request.js'
import type { TaggedKeys } from '../layout.js'
import type { Queued } from './queue.js'

/**
 * An entry's second argument is its key number j plus KEY_NUMBERS times (run length - 1); a batch
 * names at most MAX_BATCH hashes, so j < KEY_NUMBERS as long as MAX_BATCH is below it (queue.ts).
 */
export const KEY_NUMBERS = 64

/** True when two requests' ARGV differ at most in `now` (the same in a batch): flags, held record, owner step, address, scopes. */
function sameRequest(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 1; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Keys named once after every hash's keys (E7 address counters, O7 owner counters): an entry
 * holds a placeholder, filled with the key's index in KEYS once the number of hashes is known.
 */
function createTrailingKeys() {
  const names: string[] = []
  const at: number[] = []
  return {
    names,
    /** Pushes a placeholder for `name` onto `args`. */
    refer(args: string[], name: string): void {
      let ordinal = names.indexOf(name)
      if (ordinal < 0) ordinal = names.push(name) - 1
      at.push(args.length, ordinal)
      args.push('')
    },
    /** Fills the placeholders for keys that start at KEYS index `first`. */
    fill(args: string[], first: number): void {
      for (let i = 0; i < at.length; i += 2) args[at[i]!] = String(first + at[i + 1]!)
    },
  }
}

/** KEYS and ARGV of one batch call; every request of `batch` shares `now`, the defaults and the failure limit. */
export function encodeBatch(batch: readonly Queued[]): { keys: string[]; args: string[] } {
  const keys: string[] = []
  const first = batch[0]!
  const { defaults } = first
  const args: string[] = [
    String(batch.length),
    first.args[NOW]!,
    defaults[0]!,
    defaults[1]!,
    defaults[2]!,
    defaults[3]!,
    first.args[FAILURE_LIMIT]!,
  ]
  const counters = createTrailingKeys()
  const owners = createTrailingKeys()
  const numbers = new Map<TaggedKeys, number>()
  let previous: Queued | undefined
  let runAt = 0
  let runNumber = 0
  let runLength = 0
  for (const queued of batch) {
    const { keys: own, args: a, counter, owner } = queued
    if (
      previous !== undefined &&
      own === previous.keys &&
      counter === previous.counter &&
      owner === previous.owner &&
      sameRequest(a, previous.args)
    ) {
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
    // f: the scope count, the owner step, live-only and consume, as the batch script takes them.
    const named = owner !== undefined && a[OWNER] === OWNER_NAMED
    const f =
      (a.length - SCOPES) * 16 +
      (a[OWNER] === OWNER_ASK ? 8 : 0) +
      (named ? 4 : 0) +
      (a[LIVE_ONLY] === '1' ? 2 : 0) +
      (a[CONSUME] === '1' ? 1 : 0)
    runAt = args.length + 1
    args.push(String(f), String(number), a[KNOWN]!, a[ADDRESS]!)
    if (counter === undefined) args.push('0')
    else counters.refer(args, counter)
    args.push(a[COST]!)
    if (named) {
      owners.refer(args, owner)
      args.push(a[OWNER_MINUTE]!, a[OWNER_MONTH]!)
    }
    for (let i = SCOPES; i < a.length; i++) args.push(a[i]!)
    previous = queued
    runNumber = number
    runLength = 1
  }
  counters.fill(args, keys.length + 1)
  keys.push(...counters.names)
  owners.fill(args, keys.length + 1)
  keys.push(...owners.names)
  return { keys, args }
}
