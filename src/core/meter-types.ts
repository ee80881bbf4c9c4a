/**
 * The types of named limits and metered decisions; `windows.ts` validates and
 * lays out the windows, `metering.ts` decides.
 */

/** How long a named limit's window is: ms, a duration string (`"10s"`, `"1h"`, `"30d"`), or a month. */
export type LimitWindow = number | string | { month: { day: number } }

/** A named limit as a host or a key record gives it. */
export interface NamedLimit {
  name: string
  limit: number
  window: LimitWindow
}

/** A validated rolling window: its bucket size and how many buckets back still count. */
export interface RollingLimit {
  kind: 'rolling'
  name: string
  limit: number
  /** The window, ms. */
  windowMs: number
  /** B, ms: whole seconds. */
  bucketMs: number
  /** n = ceil(W / B): bucket b counts while b >= k - n. */
  span: number
}

/** A validated month: calendar months (`day` 1) or periods starting on a billing day. */
export interface MonthLimit {
  kind: 'month'
  name: string
  limit: number
  /** The billing day, 1–28. */
  day: number
}

/** A named limit ready for a limiter. */
export type ResolvedLimit = RollingLimit | MonthLimit

/** The state of one named limit as the client sees it in headers. */
export interface NamedWindowState {
  name: string
  limit: number
  /** Whose limit: the key's own or its owner's. */
  scope: 'key' | 'owner'
  remaining: number
  /** Unix epoch seconds at which `remaining` next rises. */
  reset: number
}

/** One atomic decision over every named limit of a key and its owner. */
export interface MeterDecision {
  allowed: boolean
  /** Every limit after the operation, the key's first, in their order, then the owner's. */
  limits: NamedWindowState[]
  /** Index in `limits` of the limit the headers show; -1 when there is no limit. */
  binding: number
  /** When refused: index of the refusing limit the message names; else -1. */
  refusedBy: number
  /** When refused: whole seconds until every refusing limit admits the cost; otherwise 0. */
  retryAfter: number
}

/** One counter id and its limits, for a limiter's `meter` call. */
export interface MeterGroup {
  /** The id the states are kept under (a key id, or an owner's counter id). */
  id: string
  scope: 'key' | 'owner'
  limits: readonly ResolvedLimit[]
}

/** What a limiter read of one limit, after the operation. */
export interface LimitReading {
  /** Units in the window (or period). */
  count: number
  /** Epoch seconds at which the count next falls. */
  reset: number
  /** Only read when the limit refuses: seconds until it admits the cost. */
  wait: number
}
