/**
 * Named limits and costs in process memory (M1, M2, M4), deciding as `src/core/metering.ts` says
 * over the windows of `src/core/windows.ts`. One thread: every limit of a request is read, and
 * counted only when all admit, with nothing in between.
 */
import type { LimitReading, MeterDecision, MeterGroup, ResolvedLimit } from '../../core/meter-types.js'
import { admits, checkedUnits, buildMeterDecision, periodWait, rollingWait, unitsNeeded } from '../../core/metering.js'
import { bucketExpirySeconds, bucketOf, periodEndSeconds, periodOf, stateSuffix } from '../../core/windows.js'

/** A rolling window's buckets `[bucket, count, …]`, oldest first, and their sum; or a period's count. */
interface LimitState {
  limit: ResolvedLimit
  buckets: number[]
  sum: number
  /** The period counted (month limits); -1 for a rolling window. */
  period: number
}

/** The named limits' state of one limiter. */
export interface Meter {
  decide(groups: readonly MeterGroup[], cost: number, now: number, consume: boolean): MeterDecision
  charge(groups: readonly MeterGroup[], units: number, now: number): MeterDecision
  /** Drops the states that can no longer change a decision at `now`. */
  sweep(now: number): void
  readonly size: number
}

const NONE: number[] = []

/** A window's view at `now`: where its counted buckets start and what they hold. */
interface View {
  state: LimitState | undefined
  /** Index in `buckets` of the first counted bucket. */
  from: number
  count: number
  /** The bucket (rolling) or period (month) an admitted request counts in. */
  target: number
}

/** `sweepEvery`: operations between two sweeps, at least the number of states (O(1) amortized). */
export function createMeter(sweepEvery: number): Meter {
  // By id, then by limit: the id and the limit's suffix are strings reused request after request,
  // so neither lookup builds a key.
  const states = new Map<string, Map<string, LimitState>>()
  let size = 0
  let operations = 0

  function view(id: string, limit: ResolvedLimit, now: number): View {
    const state = states.get(id)?.get(suffixOf(limit))
    if (limit.kind === 'month') {
      const current = periodOf(now, limit.day)
      // A count of a later period (a clock stepped back) keeps counting.
      if (state === undefined || state.period < current) return { state, from: 0, count: 0, target: current }
      return { state, from: 0, count: state.sum, target: state.period }
    }
    const k = bucketOf(limit, now)
    const buckets = state === undefined ? NONE : state.buckets
    const newest = buckets.length > 0 ? buckets[buckets.length - 2]! : k
    // The window reaches back from the later of k and the newest bucket: a clock stepped back
    // keeps counting the newest buckets, refusing more, never admitting more.
    const floor = Math.max(k, newest) - limit.span
    // The sum holds every bucket kept: only the ones that have left the window are walked.
    let from = 0
    let count = state === undefined ? 0 : state.sum
    while (from < buckets.length && buckets[from]! < floor) {
      count -= buckets[from + 1]!
      from += 2
    }
    return { state, from, count, target: Math.max(k, newest - limit.span) }
  }

  function reading(limit: ResolvedLimit, seen: View, now: number, refusing: boolean, cost: number): LimitReading {
    if (limit.kind === 'month') {
      const end = periodEndSeconds(seen.target, limit.day)
      return { count: seen.count, reset: end, wait: refusing ? periodWait(end, now) : 0 }
    }
    const buckets = seen.state === undefined ? NONE : seen.state.buckets
    const reset = seen.from < buckets.length ? bucketExpirySeconds(limit, buckets[seen.from]!) : Math.ceil(now / 1000)
    if (!refusing) return { count: seen.count, reset, wait: 0 }
    const expiry = (bucket: number): number => bucketExpirySeconds(limit, bucket)
    const s = Math.floor(now / 1000)
    return {
      count: seen.count,
      reset,
      wait: rollingWait(buckets, seen.from, seen.count, limit.limit, unitsNeeded(cost), s, expiry),
    }
  }

  /** Adds `units` to the view's target, dropping what has left the window first. */
  function count(id: string, limit: ResolvedLimit, seen: View, units: number): View {
    let state = seen.state
    if (state === undefined) {
      state = { limit, buckets: [], sum: 0, period: -1 }
      let ofId = states.get(id)
      if (ofId === undefined) {
        ofId = new Map()
        states.set(id, ofId)
      }
      ofId.set(suffixOf(limit), state)
      size++
    }
    if (limit.kind === 'month') {
      if (state.period !== seen.target) state.sum = 0
      state.period = seen.target
      state.sum += units
      return { state, from: 0, count: state.sum, target: seen.target }
    }
    const buckets = state.buckets
    if (seen.from > 0) {
      for (let i = 0; i < seen.from; i += 2) state.sum -= buckets[i + 1]!
      buckets.splice(0, seen.from)
    }
    addToBucket(buckets, seen.target, units)
    state.sum += units
    return { state, from: 0, count: state.sum, target: seen.target }
  }

  function run(groups: readonly MeterGroup[], cost: number, now: number, mode: 'peek' | 'consume' | 'charge') {
    checkedUnits(cost, 'a cost')
    const views: View[] = []
    const refusing: boolean[] = []
    let allowed = true
    for (const group of groups) {
      for (const limit of group.limits) {
        const seen = view(group.id, limit, now)
        const refuses = mode !== 'charge' && !admits(limit.limit, seen.count, cost)
        views.push(seen)
        refusing.push(refuses)
        if (refuses) allowed = false
      }
    }
    const counts = mode === 'charge' || (mode === 'consume' && allowed)
    const readings: LimitReading[] = []
    let i = 0
    for (const group of groups) {
      for (const limit of group.limits) {
        const after = counts && cost > 0 ? count(group.id, limit, views[i]!, cost) : views[i]!
        readings.push(reading(limit, after, now, refusing[i]!, cost))
        i++
      }
    }
    if (mode !== 'peek' && ++operations >= sweepEvery && operations >= size) sweep(now)
    return buildMeterDecision(groups, readings, refusing, cost)
  }

  function sweep(now: number): void {
    operations = 0
    for (const [id, ofId] of states) {
      for (const [suffix, state] of ofId) {
        if (!isIdle(state, now)) continue
        ofId.delete(suffix)
        size--
      }
      if (ofId.size === 0) states.delete(id)
    }
  }

  return {
    decide: (groups, cost, now, consume) => run(groups, cost, now, consume ? 'consume' : 'peek'),
    charge: (groups, units, now) => run(groups, units, now, 'charge'),
    sweep,
    get size() {
      return size
    },
  }
}

// Resolved limits are frozen and shared by every request of their key: each suffix is built once.
const suffixes = new WeakMap<ResolvedLimit, string>()

/** The part of a state's name that says which limit it counts (a changed window starts afresh). */
function suffixOf(limit: ResolvedLimit): string {
  let suffix = suffixes.get(limit)
  if (suffix === undefined) {
    suffix = stateSuffix(limit)
    suffixes.set(limit, suffix)
  }
  return suffix
}

/** Adds `units` to `bucket` in sorted flat pairs, creating it in place when missing. */
function addToBucket(buckets: number[], bucket: number, units: number): void {
  let i = buckets.length - 2
  while (i >= 0 && buckets[i]! > bucket) i -= 2
  if (i >= 0 && buckets[i] === bucket) buckets[i + 1] = buckets[i + 1]! + units
  else buckets.splice(i + 2, 0, bucket, units)
}

/** Whether a state counts nothing at `now` any more. */
function isIdle(state: LimitState, now: number): boolean {
  const limit = state.limit
  if (limit.kind === 'month') return state.period < periodOf(now, limit.day)
  const newest = state.buckets[state.buckets.length - 2]
  return newest === undefined || bucketExpirySeconds(limit, newest) * 1000 <= now
}
