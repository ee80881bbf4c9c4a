/**
 * The arithmetic of limits (L1–L4b), kept pure so that the memory limiter and the Redis Lua
 * script compute exactly the same decisions. The Lua script reimplements these functions; when
 * one changes, the other must change with it, and both must pass
 * `test/contracts/rate-limiter.contract.ts`.
 *
 * ## The per-minute limit: a bucketed sliding window that never over-admits (L2)
 *
 * Time is cut into 1-second buckets. A request at `now` (epoch ms) belongs to second
 * `s = floor(now / 1000)`. A key's minute state is a set of buckets `(second, count)`.
 *
 * - The window of second `s` is every bucket with `second >= s - 60`: 61 buckets. The oldest,
 *   `s - 60`, only partly overlaps the rolling 60 s span ending at `now`; counting it whole is
 *   what guarantees that no rolling 60-second span ever holds more than `perMinute` admitted
 *   requests. Buckets newer than `s` (written by an instance whose clock runs ahead) are counted
 *   too: that errs on the side of rejecting, never of admitting.
 * - Bucket `b` counts for seconds `b … b + 60` and expires at the start of second `b + 61`.
 * - `minuteCount` = sum of the counts in the window.
 * - Buckets older than the window can be deleted by `consume`, never by `peek`: a peek stamped
 *   later than a concurrent request must not make that request's buckets vanish. (A Redis hash
 *   of second → count with a 61-second-plus TTL on the key, trimmed of old fields in the script,
 *   is one way to hold this.)
 * - The memory limiter also bounds a key to 61 buckets when the clock steps back by more than a
 *   minute: it counts such a request in bucket `max(s, newest - 60)` and trims below
 *   `max(s, newest) - 60`. With time moving forward (every contract test) this is the same as
 *   above; it only ever rejects more.
 *
 * ## The monthly quota (L1)
 *
 * One counter per key per UTC calendar month. It is counted only when the policy has a quota
 * (`perMonth !== null`): keys without a quota keep no month state. The counter of a month must
 * live until that month ends, or an idle key would get its quota back.
 * Redis's Lua sandbox has no `os.date`, and with the store's own clock (`time: 'server'`) the caller
 * does not know the time, so the Redis script computes the UTC calendar month itself with the
 * same arithmetic; a property test checks it against these functions from 1970 to 2400.
 *
 * ## One decision (L2, L4)
 *
 * `allowed = minuteCount < perMinute && (perMonth === null || monthCount < perMonth)`.
 * `consume` on allow adds 1 to bucket `s` and to the month counter; on reject it counts nothing
 * (L4): it may only drop buckets that have already left the window of `s`, housekeeping that no
 * later request at or after `s` can observe. `peek` never changes anything. The decision reports the state after the operation; see
 * `buildDecision` for every field.
 */
import { requestsLeft } from './metering.js'
import type { KeyLimits, KeyType, LimitDecision, LimitPolicy, LimitRequest, StoredKey, WindowState } from './types.js'

/** Seconds a bucket counts for: its own second and the 60 after it (L2). */
export const BUCKET_LIFETIME_SECONDS = 61

/** The second a request at `now` (epoch ms) belongs to: `floor(now / 1000)`. */
export function secondOf(now: number): number {
  return Math.floor(now / 1000)
}

/**
 * The UTC calendar month of `now` as one integer, `year * 12 + monthIndex` (January = 0), so
 * months compare and step with plain arithmetic.
 */
export function utcMonthIndex(now: number): number {
  if (now >= lastMonth.fromMs && now < lastMonth.untilMs) return lastMonth.index
  const date = new Date(now)
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth()
  // Nearly every call falls in the month of the last one: its bounds answer without a Date.
  lastMonth = { index, fromMs: utcMonthStartSeconds(index) * 1000, untilMs: utcMonthStartSeconds(index + 1) * 1000 }
  return index
}

let lastMonth = { index: 0, fromMs: 0, untilMs: 0 }

/**
 * The UTC calendar month of `now` as `YYYY-MM` (e.g. `2026-01`), for names of per-month counters
 * (the Redis key of a month's quota counter).
 */
export function utcMonthLabel(now: number): string {
  const date = new Date(now)
  const month = date.getUTCMonth() + 1
  return `${date.getUTCFullYear()}-${month < 10 ? '0' : ''}${month}`
}

/** Epoch seconds of 00:00:00 UTC on the 1st of the month `monthIndex` (see `utcMonthIndex`). */
export function utcMonthStartSeconds(monthIndex: number): number {
  if (monthIndex === lastStart.index) return lastStart.seconds
  // Date.UTC normalises month 12 to January of the next year.
  const seconds = Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1) / 1000
  lastStart = { index: monthIndex, seconds }
  return seconds
}

let lastStart = { index: Number.NaN, seconds: 0 }

/**
 * `X-Quota-Reset` (L3): epoch seconds of 00:00:00 UTC on the 1st of the month after the month of
 * `now`. 31 Jan → 1 Feb, 31 Dec → 1 Jan of the next year, 29 Feb → 1 Mar.
 */
export function nextUtcMonthStartSeconds(now: number): number {
  return utcMonthStartSeconds(utcMonthIndex(now) + 1)
}

/**
 * L1: the limits of one key, its own `limits` overriding its type's defaults field by field.
 * A key without overrides gets the defaults object itself, so the hot path allocates nothing.
 * A live key whose `limits.perMonth` is set gets a quota although live keys have none by default.
 */
export function resolvePolicy(
  key: Pick<StoredKey, 'keyType' | 'limits'>,
  defaults: Readonly<Record<KeyType, LimitPolicy>>,
): LimitPolicy {
  const base = defaults[key.keyType]
  const overrides = key.limits
  // A key with its own named list is metered by it (key-limits.ts), not by this policy.
  if (overrides === null || Array.isArray(overrides)) return base
  const shorthands = overrides as KeyLimits
  const perMinute = shorthands.perMinute ?? base.perMinute
  const perMonth = shorthands.perMonth ?? base.perMonth
  if (perMinute === base.perMinute && perMonth === base.perMonth) return base
  return { perMinute, perMonth }
}

/**
 * `Retry-After` for the minute limit (L4), given a window that holds `minuteCount >= limit`
 * requests: walk the window's buckets oldest first, removing each one's count, until what is
 * left is below `limit`; the bucket `b` that got it there expires at second `b + 61`, so the
 * answer is `b + 61 - s`, at least 1.
 *
 * `buckets` is flat, `[second, count, second, count, …]`, oldest first; the window starts at
 * index `from` (buckets before it have left the window and are skipped). When even an empty
 * window would not admit (a limit below 1, which configuration validation forbids), the answer
 * is the time until the whole window has expired.
 */
export function minuteRetryAfter(
  buckets: ArrayLike<number>,
  minuteCount: number,
  limit: number,
  s: number,
  from = 0,
): number {
  let left = minuteCount
  let expiresAt = s + 1
  for (let i = from; i < buckets.length; i += 2) {
    left -= buckets[i + 1]!
    expiresAt = buckets[i]! + BUCKET_LIFETIME_SECONDS
    if (left < limit) break
  }
  return Math.max(1, expiresAt - s)
}

/** The facts a decision is built from; every count is after the operation (L4: a reject changed nothing). */
export interface DecisionFacts {
  policy: LimitPolicy
  /** The request time, epoch ms. */
  now: number
  allowed: boolean
  /** Requests in the minute window. */
  minuteCount: number
  /** Epoch second of the oldest non-empty bucket in the window, or null when the window is empty. */
  oldestSecond: number | null
  /** Requests this UTC month (ignored without a quota). */
  monthCount: number
  /** Epoch seconds at which the month's counter starts again (`nextUtcMonthStartSeconds`). */
  monthReset: number
  /**
   * Only read when not allowed and the minute limit is exhausted: `minuteRetryAfter(...)`. Passed
   * in rather than computed here so the caller can skip the bucket walk on the admit path.
   */
  minuteRetryAfter: number
  /** The units the request needed free in each window (a cost, at least 1, M2). Default 1. */
  units?: number
}

/**
 * Assembles the `LimitDecision` (L3, L4, L4b):
 *
 * - `minute = { limit: perMinute, remaining: max(0, perMinute - minuteCount), reset }` where
 *   `reset = oldestSecond + 61` (the time the oldest bucket expires and `remaining` rises), or
 *   `ceil(now / 1000)` when the window is empty (L4b).
 * - `month = null` without a quota; else `{ limit: perMonth, remaining: max(0, perMonth -
 *   monthCount), reset: monthReset }`.
 * - allowed: `retryAfter = 0`, `binding = null`.
 * - not allowed: a window is exhausted when it lacks the `units` the request needed
 *   (`minuteCount + units > perMinute`; the quota likewise). The month's wait is `ceil((monthReset * 1000 - now) / 1000)`.
 *   `retryAfter` is the wait of the exhausted limit, the later one when both are; `binding` is
 *   `'month'` whenever the quota is exhausted (L4: the quota binds), else `'minute'`.
 */
export function buildDecision(facts: DecisionFacts): LimitDecision {
  const { policy, now } = facts
  const minute: WindowState = {
    limit: policy.perMinute,
    remaining: Math.max(0, policy.perMinute - facts.minuteCount),
    reset: facts.oldestSecond !== null ? facts.oldestSecond + BUCKET_LIFETIME_SECONDS : Math.ceil(now / 1000),
  }
  const perMonth = policy.perMonth
  const month: WindowState | null =
    perMonth === null
      ? null
      : { limit: perMonth, remaining: Math.max(0, perMonth - facts.monthCount), reset: facts.monthReset }
  if (facts.allowed) return { allowed: true, minute, month, retryAfter: 0, binding: null }

  const units = facts.units ?? 1
  const monthExhausted = perMonth !== null && facts.monthCount + units > perMonth
  const minuteExhausted = facts.minuteCount + units > policy.perMinute
  const monthWait = monthExhausted ? Math.max(1, Math.ceil((facts.monthReset * 1000 - now) / 1000)) : 0
  const minuteWait = minuteExhausted ? facts.minuteRetryAfter : 0
  return {
    allowed: false,
    minute,
    month,
    retryAfter: Math.max(monthWait, minuteWait),
    binding: monthExhausted ? 'month' : 'minute',
  }
}

/** O7: `perMinute` of an owner's windows when the owner has no per-minute limit. */
export const UNLIMITED_PER_MINUTE = Number.MAX_SAFE_INTEGER

/**
 * O7: the RateLimiter id an owner's requests of one key type are counted under. Owner ids hold
 * none of the characters a key id (`key_…`) or the failed-authentication counters start with.
 */
export function ownerCounterId(ownerId: string, keyType: KeyType): string {
  return `owner:${keyType}:${ownerId}`
}

/**
 * O7: one decision from a key's and its owner's, as the headers show it (L3, L4):
 *
 * - admitted only when both admit;
 * - each window (minute, month) is the one of the two that binds first: the least remaining,
 *   then the earlier reset (as every limit is chosen for the headers), then the key's. A window the owner does not have
 *   (no quota; an unlimited minute, which always has more remaining) never shows;
 * - refused: `retryAfter` is the longer wait of the refusing decisions, `binding` is `month`
 *   when either refuses on its quota (L4: the quota binds), else `minute`.
 *
 * On a refusal the window with no remaining left is the refusing one, so it is what shows. "Least
 * remaining" counts requests of `cost` (M8), as `requestsLeft` does.
 */
export function combineDecisions(key: LimitDecision, owner: LimitDecision, cost = 1): LimitDecision {
  const minute = tighter(key.minute, owner.minute, cost)
  const month =
    key.month === null ? owner.month : owner.month === null ? key.month : tighter(key.month, owner.month, cost)
  // Each side as it stands, for what reads more than the headers (usage thresholds).
  const parts = { key: { minute: key.minute, month: key.month }, owner: { minute: owner.minute, month: owner.month } }
  if (key.allowed && owner.allowed) return { allowed: true, minute, month, retryAfter: 0, binding: null, parts }
  const keyWait = key.allowed ? 0 : key.retryAfter
  const ownerWait = owner.allowed ? 0 : owner.retryAfter
  return {
    allowed: false,
    minute,
    month,
    retryAfter: Math.max(keyWait, ownerWait),
    binding: key.binding === 'month' || owner.binding === 'month' ? 'month' : 'minute',
    parts,
  }
}

function tighter(key: WindowState, owner: WindowState, cost: number): WindowState {
  const keyLeft = requestsLeft(key.remaining, cost)
  const ownerLeft = requestsLeft(owner.remaining, cost)
  if (ownerLeft !== keyLeft) return ownerLeft < keyLeft ? owner : key
  return owner.reset < key.reset ? owner : key
}

/** `consumeAll` counts each id once: the same id twice would be checked once but counted twice. */
export function assertDistinct(requests: readonly LimitRequest[]): void {
  for (let i = 1; i < requests.length; i++) {
    for (let j = 0; j < i; j++) {
      if (requests[i]!.id === requests[j]!.id) {
        throw new TypeError(`keyward: consumeAll() takes each id once (got ${JSON.stringify(requests[i]!.id)} twice)`)
      }
    }
  }
}
