/**
 * Named limits (M1): their validation, and the geometry of their windows, kept pure so that the
 * memory limiter and the Redis script decide alike.
 *
 * ## Rolling windows: buckets that never over-admit
 *
 * A window of W ms is cut into buckets of B = max(1 s, ceil(W / 60) rounded up to whole seconds).
 * A request at `now` falls in bucket k = floor(now / B). With n = ceil(W / B), bucket b counts
 * while b >= k - n: the oldest counted bucket may lie partly outside the rolling span of W ending
 * at `now`, and counting it whole is what keeps every rolling span of W at or under the limit
 * (at most one bucket of early refusal). A 60 s window is the per-minute window of
 * `limits-math.ts`: B = 1 s, n = 60, 61 buckets. Bucket b stops counting at (b + n + 1) * B.
 *
 * ## Months, anchored to a billing day
 *
 * A month period with billing day d (1–28) starts at 00:00 UTC on day d. Shifted back by d - 1
 * days, every such period is exactly a calendar month, so a period is the UTC month index of
 * `now - (d - 1) days` and ends (d - 1) days after that month ends.
 */
import { utcMonthIndex, utcMonthStartSeconds } from './limits-math.js'
import type { MonthLimit, NamedLimit, ResolvedLimit, RollingLimit } from './meter-types.js'

export const MAX_LIMITS = 10
export const LIMIT_NAME = /^[a-z][a-z0-9_-]{0,31}$/
const MIN_WINDOW_MS = 1000
const MAX_WINDOW_MS = 31 * 86_400_000
const DAY_MS = 86_400_000
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS }
const DURATION = /^(\d{1,12})(ms|s|m|h|d)$/

/** A rolling limit of `windowMs`, its buckets laid out as the module comment says. */
export function rollingLimit(name: string, limit: number, windowMs: number): RollingLimit {
  const bucketMs = Math.max(1000, Math.ceil(windowMs / 60_000) * 1000)
  return { kind: 'rolling', name, limit, windowMs, bucketMs, span: Math.ceil(windowMs / bucketMs) }
}

/** A month limit starting on billing `day` (1: the calendar month). */
export function monthLimit(name: string, limit: number, day = 1): MonthLimit {
  return { kind: 'month', name, limit, day }
}

/** How a fault is reported: the path of the bad value and what is wrong with it. Never returns. */
export type LimitFault = (option: string, problem: string) => never

const optionFault: LimitFault = (option, problem) => {
  throw new TypeError(`keyward: option "${option}" ${problem}`)
}

/**
 * Validates a list of 1 to 10 named limits; reports the first fault through `fault` (by default
 * a TypeError naming `option` and the entry).
 */
export function parseLimits(input: unknown, option: string, fault: LimitFault = optionFault): ResolvedLimit[] {
  if (!Array.isArray(input) || input.length === 0) fault(option, 'must be a list of 1 to 10 { name, limit, window }')
  const list = input as unknown[]
  if (list.length > MAX_LIMITS) fault(option, `takes at most ${MAX_LIMITS} limits (got ${list.length})`)
  const seen = new Set<string>()
  return list.map((entry: unknown, index) => {
    const limit = parseLimit(entry, `${option}[${index}]`, fault)
    if (seen.has(limit.name)) fault(option, `names the limit "${limit.name}" twice; names must be distinct`)
    seen.add(limit.name)
    return limit
  })
}

/** One entry of `parseLimits`. */
export function parseLimit(entry: unknown, option: string, fault: LimitFault = optionFault): ResolvedLimit {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    fault(option, 'must be an object { name, limit, window }')
  }
  const fields = entry as Record<string, unknown>
  for (const field of Object.keys(fields)) {
    if (field !== 'name' && field !== 'limit' && field !== 'window') {
      fault(option, 'has an unknown field; it takes name, limit and window')
    }
  }
  const { name, limit, window } = fields
  if (typeof name !== 'string' || !LIMIT_NAME.test(name)) {
    fault(`${option}.name`, 'must be a lowercase letter then up to 31 of a-z, 0-9, "_" and "-"')
  }
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    fault(`${option}.limit`, 'must be a positive integer')
  }
  return resolveWindow(name as string, limit as number, window, `${option}.window`, fault)
}

function resolveWindow(name: string, limit: number, window: unknown, option: string, fault: LimitFault) {
  if (window === 'month') return monthLimit(name, limit)
  if (typeof window === 'object' && window !== null && !Array.isArray(window)) {
    return monthLimit(name, limit, billingDay(window as Record<string, unknown>, option, fault))
  }
  const ms = typeof window === 'number' ? window : typeof window === 'string' ? durationMs(window) : Number.NaN
  if (!Number.isSafeInteger(ms) || ms < MIN_WINDOW_MS || ms > MAX_WINDOW_MS) {
    fault(
      option,
      'must be 1 second to 31 days (ms, or a string such as "10s", "1h", "30d"), "month" or { month: { day } }',
    )
  }
  return rollingLimit(name, limit, ms)
}

function billingDay(window: Record<string, unknown>, option: string, fault: LimitFault): number {
  const month = window.month
  const day = typeof month === 'object' && month !== null ? (month as Record<string, unknown>).day : undefined
  if (Object.keys(window).length !== 1 || typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 28) {
    fault(option, 'must be { month: { day } } with a billing day from 1 to 28')
  }
  return day as number
}

/** `"10s"` → 10000; NaN for anything that is not a whole number and one of ms, s, m, h, d. */
function durationMs(text: string): number {
  const match = DURATION.exec(text)
  return match === null ? Number.NaN : Number(match[1]) * UNIT_MS[match[2]!]!
}

/** The limit as a host writes it back: the window in ms, `"month"` or `{ month: { day } }`. */
export function describeLimit(limit: ResolvedLimit): NamedLimit {
  if (limit.kind === 'rolling') return { name: limit.name, limit: limit.limit, window: limit.windowMs }
  return { name: limit.name, limit: limit.limit, window: limit.day === 1 ? 'month' : { month: { day: limit.day } } }
}

/** The period index of `now` for billing `day`: the UTC month index of `now - (day - 1) days`. */
export function periodOf(now: number, day: number): number {
  return utcMonthIndex(now - (day - 1) * DAY_MS)
}

/** Epoch seconds at which period `index` of billing `day` ends. */
export function periodEndSeconds(index: number, day: number): number {
  return utcMonthStartSeconds(index + 1) + (day - 1) * 86_400
}

/** The bucket of `now` in a rolling limit. */
export function bucketOf(limit: RollingLimit, now: number): number {
  return Math.floor(now / limit.bucketMs)
}

/** Epoch seconds at which bucket `b` of a rolling limit stops counting. */
export function bucketExpirySeconds(limit: RollingLimit, b: number): number {
  return ((b + limit.span + 1) * limit.bucketMs) / 1000
}

/**
 * The name a limit's state is kept under beside its counter id: a change of window starts a new
 * state rather than reading buckets of another size.
 */
export function stateSuffix(limit: ResolvedLimit): string {
  return limit.kind === 'rolling'
    ? `${limit.name}:r${limit.bucketMs / 1000}.${limit.span}`
    : `${limit.name}:m${limit.day}`
}
