import {
  BUCKET_LIFETIME_SECONDS,
  assertDistinct,
  buildDecision,
  minuteRetryAfter,
  secondOf,
  utcMonthIndex,
  utcMonthStartSeconds,
} from '../../core/limits-math.js'
import { checkedUnits } from '../../core/metering.js'
import type { MeterDecision, MeterGroup } from '../../core/meter-types.js'
import type { LimitDecision, LimitPolicy, LimitRequest, LimitReservation, RateLimiter } from '../../core/types.js'
import { createMeter } from './meter.js'
import { type MemoryCreditLedger, createMemoryCreditLedger } from './credit-ledger.js'

/** Options of `createMemoryRateLimiter`. */
export interface MemoryRateLimiterOptions {
  /**
   * Operations between two sweeps that drop the state of idle keys. The real interval is at
   * least the number of tracked keys, so a sweep costs O(1) per operation amortized.
   * Default 10,000.
   */
  sweepEvery?: number
}

/**
 * A `RateLimiter` that answers synchronously, with a view of its memory use. `consume`, `peek` and
 * `consumeAll` take a cost (an integer 0 to 1,000,000, default 1): a request is admitted only when
 * every window has that many units left, at least one, and counts them all; a cost of 0 checks
 * without counting.
 */
export interface MemoryRateLimiter extends RateLimiter {
  consume(keyId: string, policy: LimitPolicy, now: number, cost?: number): LimitDecision
  peek(keyId: string, policy: LimitPolicy, now: number, cost?: number): LimitDecision
  consumeAll(requests: readonly LimitRequest[], now: number, cost?: number): LimitDecision[]
  reserve(keyId: string, policy: LimitPolicy, now: number, cost?: number): MemoryLimitReservation
  meter(groups: readonly MeterGroup[], cost: number, now: number): MeterDecision
  peekMeter(groups: readonly MeterGroup[], cost: number, now: number): MeterDecision
  charge(groups: readonly MeterGroup[], units: number, now: number): MeterDecision
  /** The keys' credits, decided synchronously. */
  credits: MemoryCreditLedger
  /** Keys that currently hold state (recent requests or a quota counter of a running month). */
  readonly size: number
  /**
   * Drops every key's state that can no longer change a decision at `now`: buckets out of the
   * minute window, and keys left with neither buckets nor a counter of a running month. It runs
   * by itself every `sweepEvery` operations; calling it is only needed to reclaim memory sooner.
   */
  sweep(now: number): void
}

/** A reservation whose count is given back synchronously. */
export interface MemoryLimitReservation extends LimitReservation {
  giveBack(): void
}

/** Where a reserved request was counted: its bucket's second and its month (-1: none); second NaN when nothing was. */
interface Receipt {
  second: number
  month: number
  /** The units counted (M2). */
  units?: number
}

/**
 * One key's state. Buckets are flat pairs `[second, count, …]`, oldest first, every
 * second within 60 of the newest: at most 61 pairs (about 1.3 KiB for a key busy every second),
 * and a rarely used key holds only a few numbers.
 */
interface KeyLimitState {
  buckets: number[]
  /** Sum of the bucket counts, kept so that an admission does not re-add the window. */
  minuteCount: number
  /** `utcMonthIndex` of the month `monthCount` belongs to; -1 when the key never had a quota. */
  monthIndex: number
  monthCount: number
}

const DEFAULT_SWEEP_EVERY = 10_000
const NO_BUCKETS: readonly number[] = []

/** One limiter's state: every key's, the bookkeeping of the amortized sweep, and the current UTC month. */
interface Limiter {
  readonly states: Map<string, KeyLimitState>
  readonly sweepEvery: number
  operationsSinceSweep: number
  /** The last month seen and its bounds, so that most calls compute no calendar (see `refreshMonth`). */
  monthIndex: number
  monthFromMs: number
  monthUntilMs: number
}

/** Moves the limiter's month to the one holding `now`; called only when `now` is outside the remembered one. */
function refreshMonth(limiter: Limiter, now: number): void {
  limiter.monthIndex = utcMonthIndex(now)
  limiter.monthFromMs = utcMonthStartSeconds(limiter.monthIndex) * 1000
  limiter.monthUntilMs = utcMonthStartSeconds(limiter.monthIndex + 1) * 1000
}

/** Drops the buckets older than `floor`, the window's first second. */
function prune(state: KeyLimitState, floor: number): void {
  const buckets = state.buckets
  const length = buckets.length
  let cut = 0
  let removed = 0
  while (cut < length && buckets[cut]! < floor) {
    removed += buckets[cut + 1]!
    cut += 2
  }
  if (cut > 0) {
    buckets.splice(0, cut)
    state.minuteCount -= removed
  }
}

/**
 * Per-key rate limits and monthly quotas in process memory, with the semantics
 * documented in `src/core/limits-math.ts`: a bucketed sliding window of 61 one-second buckets that
 * never over-admits, and a UTC calendar-month counter. No timers: expired buckets are dropped when
 * their key is next used, and idle keys by an amortized sweep. State is per process; instances
 * that must share limits need the Redis limiter.
 *
 * Time only ever comes from the `now` argument. When it goes backwards (a wall clock stepped
 * back), requests keep counting against the newest buckets: a request is counted in bucket
 * `max(s, newest - 60)` and the window reaches back 60 seconds from `max(s, newest)`, which can
 * only reject more, never admit more.
 *
 * @example
 * import { createMemoryRateLimiter } from 'keyward'
 * const limiter = createMemoryRateLimiter()
 * const decision = limiter.consume('key_…', { perMinute: 10, perMonth: 1000 }, Date.now())
 * if (!decision.allowed) console.log(`retry in ${decision.retryAfter} s`)
 */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): MemoryRateLimiter {
  const sweepEvery = options.sweepEvery ?? DEFAULT_SWEEP_EVERY
  if (!Number.isSafeInteger(sweepEvery) || sweepEvery < 1) {
    throw new TypeError(`keyward: option "sweepEvery" must be a positive integer (got ${String(sweepEvery)})`)
  }
  const limiter: Limiter = {
    states: new Map(),
    sweepEvery,
    operationsSinceSweep: 0,
    monthIndex: 0,
    monthFromMs: 0,
    monthUntilMs: -1,
  }
  const meter = createMeter(sweepEvery)
  return {
    // Bound, not wrapped: a request's consume is one call into the limiter.
    consume: decide.bind(null, limiter, true),
    peek: decide.bind(null, limiter, false),
    consumeAll: (requests, now, cost = 1) => consumeAll(limiter, requests, now, cost),
    reserve: (keyId, policy, now, cost) => reserve(limiter, keyId, policy, now, cost),
    meter: (groups, cost, now) => meter.decide(groups, cost, now, true),
    peekMeter: (groups, cost, now) => meter.decide(groups, cost, now, false),
    charge: meter.charge,
    credits: createMemoryCreditLedger(),
    get size() {
      return limiter.states.size + meter.size
    },
    sweep(now) {
      sweep(limiter, now)
      meter.sweep(now)
    },
  }
}

function sweep(limiter: Limiter, now: number): void {
  limiter.operationsSinceSweep = 0
  const s = secondOf(now)
  if (now < limiter.monthFromMs || now >= limiter.monthUntilMs) refreshMonth(limiter, now)
  for (const [keyId, state] of limiter.states) {
    const buckets = state.buckets
    if (buckets.length > 0) prune(state, Math.max(s, buckets[buckets.length - 2]!) - 60)
    if (buckets.length === 0 && (state.monthCount === 0 || state.monthIndex < limiter.monthIndex)) {
      limiter.states.delete(keyId)
    }
  }
}

/**
 * The decision for `keyId` at `now`, counting `cost` units when `consume` and allowed: the request
 * needs max(cost, 1) units left in each window (M2: a cost of 0 checks without counting). `peek`
 * passes `consume = false` and then nothing is written, not even pruning: a peek at a later
 * time must not make buckets vanish that an earlier-stamped request would still count.
 */
function decide(
  limiter: Limiter,
  consume: boolean,
  keyId: string,
  policy: LimitPolicy,
  now: number,
  cost = 1,
  receipt?: Receipt,
): LimitDecision {
  // Checked only off the common cost, so a request of cost 1 does no more work than before.
  if (cost !== 1) checkedUnits(cost, 'a cost')
  const units = cost > 0 ? cost : 1
  const s = secondOf(now)
  let state = limiter.states.get(keyId)
  const buckets: readonly number[] = state === undefined ? NO_BUCKETS : state.buckets
  // The window reaches back 60 seconds from the later of `s` and the newest bucket.
  const floor = Math.max(s, buckets[buckets.length - 2] ?? s) - 60
  let from = 0
  let minuteCount = 0
  if (state !== undefined) {
    if (consume) {
      if (buckets[0]! < floor) prune(state, floor)
      minuteCount = state.minuteCount
    } else {
      for (let i = 0; i < buckets.length; i += 2) {
        if (buckets[i]! < floor) from = i + 2
        else minuteCount += buckets[i + 1]!
      }
    }
  }

  const perMonth = policy.perMonth
  if (now < limiter.monthFromMs || now >= limiter.monthUntilMs) refreshMonth(limiter, now)
  const currentMonth = limiter.monthIndex
  let month = currentMonth
  let monthCount = 0
  // A counter of a later month than `now` (a clock stepped back across the 1st) keeps counting.
  if (perMonth !== null && state !== undefined && state.monthIndex >= currentMonth) {
    month = state.monthIndex
    monthCount = state.monthCount
  }

  const allowed = minuteCount + units <= policy.perMinute && (perMonth === null || monthCount + units <= perMonth)
  if (allowed && consume && cost > 0) {
    state = count(limiter, state, keyId, s, perMonth === null ? null : month, monthCount, cost, receipt)
    minuteCount = state.minuteCount
    if (perMonth !== null) monthCount = state.monthCount
  }
  // The amortized sweep: at least as many operations as tracked keys between two sweeps.
  if (consume && ++limiter.operationsSinceSweep >= limiter.sweepEvery) {
    if (limiter.operationsSinceSweep >= limiter.states.size) sweep(limiter, now)
  }

  const window = state === undefined ? NO_BUCKETS : state.buckets
  return buildDecision({
    policy,
    now,
    allowed,
    minuteCount,
    oldestSecond: from < window.length ? window[from]! : null,
    monthCount,
    monthReset: month === currentMonth ? limiter.monthUntilMs / 1000 : utcMonthStartSeconds(month + 1),
    minuteRetryAfter:
      !allowed && minuteCount + units > policy.perMinute
        ? minuteRetryAfter(window, minuteCount, policy.perMinute - units + 1, s, from)
        : 0,
    units,
  })
}

/**
 * Counts the `cost` units of an admitted request of second `s` in `keyId`'s state, made on its first admission;
 * `month` is null without a quota, and then the month counter is left as it is. The request goes
 * into the newest bucket when it is `s`, into a new newest bucket when `s` is later, and otherwise
 * (an earlier-stamped request) into bucket `max(s, newest - 60)`, so that the window never spans
 * more than 61 seconds.
 */
function count(
  limiter: Limiter,
  state: KeyLimitState | undefined,
  keyId: string,
  s: number,
  month: number | null,
  monthCount: number,
  cost: number,
  receipt?: Receipt,
): KeyLimitState {
  if (state === undefined) {
    state = { buckets: [], minuteCount: 0, monthIndex: -1, monthCount: 0 }
    limiter.states.set(keyId, state)
  }
  const buckets = state.buckets
  const newest = buckets.length - 2
  let second = s
  if (newest < 0 || buckets[newest]! < s) buckets.push(s, cost)
  else {
    second = Math.max(s, buckets[newest]! - (BUCKET_LIFETIME_SECONDS - 1))
    let i = newest
    while (i >= 0 && buckets[i]! > second) i -= 2
    if (i >= 0 && buckets[i] === second) buckets[i + 1] = buckets[i + 1]! + cost
    else buckets.splice(i + 2, 0, second, cost)
  }
  if (receipt !== undefined) {
    receipt.second = second
    receipt.month = month ?? -1
  }
  state.minuteCount += cost
  if (month !== null) {
    state.monthIndex = month
    state.monthCount = monthCount + cost
  }
  return state
}

/**
 * O7: the cost counted in all only when all admit (nothing runs in between: one thread). The
 * others are peeked first; when they admit, the first is consumed as on its own (trimming what
 * left its window even when it refuses), as the Redis scripts decide a key and its owner.
 */
function consumeAll(limiter: Limiter, requests: readonly LimitRequest[], now: number, cost: number): LimitDecision[] {
  assertDistinct(requests)
  const [first, ...others] = requests
  if (first === undefined) return []
  const peeked = others.map(({ id, policy }) => decide(limiter, false, id, policy, now, cost))
  const own = peeked.every((decision) => decision.allowed)
    ? decide(limiter, true, first.id, first.policy, now, cost)
    : decide(limiter, false, first.id, first.policy, now, cost)
  if (!own.allowed || !peeked.every((decision) => decision.allowed)) return [own, ...peeked]
  return [own, ...others.map(({ id, policy }) => decide(limiter, true, id, policy, now, cost))]
}

/** `consume`, remembering where the request was counted so that `giveBack` removes exactly it. */
function reserve(limiter: Limiter, keyId: string, policy: LimitPolicy, now: number, cost = 1): MemoryLimitReservation {
  const receipt: Receipt = { second: Number.NaN, month: -1, units: cost }
  const decision = decide(limiter, true, keyId, policy, now, cost, receipt)
  return {
    decision,
    giveBack() {
      if (Number.isNaN(receipt.second)) return
      giveBack(limiter, keyId, receipt)
      receipt.second = Number.NaN
    },
  }
}

/** Removes the request `receipt` names, as if it had never been counted; a bucket already pruned stays gone. */
function giveBack(limiter: Limiter, keyId: string, receipt: Receipt): void {
  const state = limiter.states.get(keyId)
  if (state === undefined) return
  const units = receipt.units ?? 1
  const buckets = state.buckets
  for (let i = 0; i < buckets.length; i += 2) {
    if (buckets[i] !== receipt.second) continue
    const taken = Math.min(units, buckets[i + 1]!)
    if (buckets[i + 1]! > taken) buckets[i + 1] = buckets[i + 1]! - taken
    else buckets.splice(i, 2)
    state.minuteCount -= taken
    break
  }
  if (receipt.month !== -1 && state.monthIndex === receipt.month && state.monthCount > 0) {
    state.monthCount -= Math.min(units, state.monthCount)
  }
}
