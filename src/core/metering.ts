/**
 * One decision over named limits and a cost (M1, M2, M4, M8), from the counts a limiter read:
 * the memory limiter and the Redis script both hand their counts here, so they decide alike.
 *
 * - A request of cost c needs u = max(c, 1) units free in every limit: `count + u <= limit`. A
 *   cost of 0 is a check: admitted while every limit has room, and counts nothing.
 * - Admitted: c units are counted in every limit (all or nothing, M4); refused: nothing is.
 * - `charge(n)` always counts n units and never refuses (a window may go over its limit; the next
 *   requests are refused until it frees).
 * - `binding` (the headers, M8): the limit with the fewest requests of this cost left
 *   (`floor(remaining / c)`, `remaining` for a cost of 0), the earliest reset on a tie.
 * - `refusedBy` (the message, L4): of the refusing limits, the one with the longest wait; its wait
 *   is `retryAfter`, the wait until every refusing limit admits the cost.
 */
import type { LimitReading, MeterDecision, MeterGroup, NamedWindowState } from './meter-types.js'

/** The units a request of `cost` needs free in every limit. */
export function unitsNeeded(cost: number): number {
  return Math.max(cost, 1)
}

/**
 * How many more requests of `cost` a limit with `remaining` units admits (`remaining` itself for a
 * cost of 0): what decides which limit binds first (M8), wherever headers are written.
 */
export function requestsLeft(remaining: number, cost: number): number {
  return cost > 0 ? Math.floor(remaining / cost) : remaining
}

/** Whether a limit holding `count` units admits a request of `cost`. */
export function admits(limit: number, count: number, cost: number): boolean {
  return count + unitsNeeded(cost) <= limit
}

/**
 * The decision from the readings of every limit (in the order of `groups`' limits, flattened);
 * `refusing[i]` says whether limit i refused before the operation.
 */
export function buildMeterDecision(
  groups: readonly MeterGroup[],
  readings: readonly LimitReading[],
  refusing: readonly boolean[],
  cost: number,
): MeterDecision {
  const limits: NamedWindowState[] = []
  let binding = -1
  let bindingLeft = 0
  let refusedBy = -1
  let retryAfter = 0
  for (const group of groups) {
    for (const limit of group.limits) {
      const i = limits.length
      const reading = readings[i]!
      const remaining = Math.max(0, limit.limit - reading.count)
      limits.push({ name: limit.name, limit: limit.limit, scope: group.scope, remaining, reset: reading.reset })
      const left = requestsLeft(remaining, cost)
      if (binding === -1 || left < bindingLeft || (left === bindingLeft && reading.reset < limits[binding]!.reset)) {
        binding = i
        bindingLeft = left
      }
      if (refusing[i] && reading.wait > retryAfter) {
        refusedBy = i
        retryAfter = reading.wait
      }
    }
  }
  return { allowed: refusedBy === -1, limits, binding, refusedBy, retryAfter }
}

/**
 * The wait (seconds, at least 1) until a rolling window admits `need` units: walk its buckets
 * oldest first (`[bucket, count, …]` from `from`), dropping each, until what is left makes room;
 * the bucket that did expires at `expiry(bucket)` (epoch seconds). `s` is the current second.
 */
export function rollingWait(
  buckets: ArrayLike<number>,
  from: number,
  count: number,
  limit: number,
  need: number,
  s: number,
  expiry: (bucket: number) => number,
): number {
  let left = count
  let expiresAt = s + 1
  for (let i = from; i < buckets.length; i += 2) {
    left -= buckets[i + 1]!
    expiresAt = expiry(buckets[i]!)
    if (left + need <= limit) break
  }
  return Math.max(1, expiresAt - s)
}

/** The wait (seconds, at least 1) until a month period ending at `endSeconds` is over. */
export function periodWait(endSeconds: number, now: number): number {
  return Math.max(1, Math.ceil((endSeconds * 1000 - now) / 1000))
}

/** What a cost must be, in the words every refusal of one uses. */
export const UNITS_RULE = 'an integer from 0 to 1,000,000'

/** Whether `value` is a number of units a request may cost: an integer from 0 to 1,000,000. */
export function isUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_COST
}

/**
 * `value` as units, or a TypeError naming `option` and the rule. Every entry point that takes a
 * cost calls this before it counts anything, so a fraction or a string never reaches a store.
 *
 * @example
 * checkedUnits(route.cost, 'authenticate() option "cost"') // 1.5 → TypeError
 */
export function checkedUnits(value: unknown, option: string): number {
  if (!isUnits(value)) throw new TypeError(`keyward: ${option} must be ${UNITS_RULE} (got ${describeUnits(value)})`)
  return value
}

/** A value as a refusal shows it: a string quoted, a promise or a function named. */
export function describeUnits(value: unknown): string {
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).then === 'function')
    return 'a promise: the function must answer synchronously'
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}

export const MAX_COST = 1_000_000
