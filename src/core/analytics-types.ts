/**
 * The outcome counters' contract (N1, N2): what the core hands a store after each flush, and what
 * a store answers for a series. Every store (memory, Redis, Postgres) implements `AnalyticsStore`.
 */
/** As `Awaitable` in `types.ts`, which imports this file. */
type Awaitable<T> = T | Promise<T>

export type AnalyticsGranularity = 'minute' | 'hour' | 'day'

/** Whose counter: one key, one owner's keys, or every request of the service (unknown keys included). */
export type AnalyticsScope = 'key' | 'owner' | 'service'

export const GRANULARITY_MS: Readonly<Record<AnalyticsGranularity, number>> = Object.freeze({
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
})

export const GRANULARITIES: readonly AnalyticsGranularity[] = Object.freeze(['minute', 'hour', 'day'])

/** Requests and units counted in one bucket for one outcome (`ok` or an error code). */
export interface OutcomeCount {
  scope: AnalyticsScope
  /** The key or owner id; `''` for the service. */
  id: string
  granularity: AnalyticsGranularity
  /** Epoch milliseconds at which the bucket starts (UTC-aligned). */
  time: number
  outcome: string
  requests: number
  units: number
}

/** What a store is asked for: one subject's buckets whose start lies in `[from, to)`. */
export interface StoredSeriesQuery {
  scope: AnalyticsScope
  id: string
  granularity: AnalyticsGranularity
  from: number
  to: number
}

export interface StoredPoint {
  time: number
  outcome: string
  requests: number
  units: number
}

/** How long buckets of each granularity are kept, in milliseconds. */
export interface AnalyticsRetention {
  minute: number
  hour: number
  day: number
}

/** Minutes 48 hours, hours 90 days, days 2 years. */
export const DEFAULT_ANALYTICS_RETENTION: Readonly<AnalyticsRetention> = Object.freeze({
  minute: 48 * 3_600_000,
  hour: 90 * 86_400_000,
  day: 730 * 86_400_000,
})

/**
 * Which flush a batch of counts is: its sender and its place in the sender's order. A batch that
 * timed out is sent again unchanged, and a sender cuts its next batch only once one was accepted.
 */
export interface AnalyticsBatch {
  /** Random, made once per counter (each `createKeyward()`). */
  source: string
  /** 1 for the sender's first batch, one more for each next; a retry sends the same number. */
  sequence: number
}

/**
 * How long a store remembers the last batch it applied from each sender: a retry within this
 * time is never added twice.
 */
export const BATCH_MEMORY_MS = 24 * 3_600_000

/** The store of outcome counters: written in batches off the request's path, read for series. */
export interface AnalyticsStore {
  /**
   * Adds each count to its bucket (creating it); counts arrive summed, one per bucket and outcome.
   * A batch the store has already applied, or an older one of the same source, adds nothing, so a
   * batch retried after a timeout or a lost connection is counted once.
   */
  add(counts: readonly OutcomeCount[], now: number, batch: AnalyticsBatch): Awaitable<void>
  /** The buckets whose start lies in `[from, to)`, oldest first, outcomes in name order within a bucket. */
  series(query: StoredSeriesQuery): Awaitable<StoredPoint[]>
  /** Deletes buckets older than their retention, a bounded batch at a time; resolves with how many. */
  deleteExpired(now: number): Awaitable<number>
  readonly retention: Readonly<AnalyticsRetention>
}

/** Options every store factory takes for its outcome counters: how long each granularity is kept. */
export interface AnalyticsStoreOptions {
  /** Hours a minute bucket is kept. Default 48. */
  minuteRetentionHours?: number
  /** Days an hour bucket is kept. Default 90. */
  hourRetentionDays?: number
  /** Days a day bucket is kept. Default 730 (2 years). */
  dayRetentionDays?: number
}

/** The retention the options ask for; a TypeError names a bad option (`where` is its parent). */
export function analyticsRetentionOf(options: AnalyticsStoreOptions | undefined, where: string): AnalyticsRetention {
  if (options === undefined) return { ...DEFAULT_ANALYTICS_RETENTION }
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${where}: option "analytics" must be an object`)
  }
  const known = new Set(['minuteRetentionHours', 'hourRetentionDays', 'dayRetentionDays'])
  for (const name of Object.keys(options)) {
    if (!known.has(name)) throw new TypeError(`${where}: unknown option "analytics.${name}"`)
  }
  const positive = (name: keyof AnalyticsStoreOptions, unitMs: number, fallback: number): number => {
    const value = options[name]
    if (value === undefined) return fallback
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new TypeError(`${where}: option "analytics.${name}" must be a positive number (got ${String(value)})`)
    }
    return value * unitMs
  }
  return {
    minute: positive('minuteRetentionHours', 3_600_000, DEFAULT_ANALYTICS_RETENTION.minute),
    hour: positive('hourRetentionDays', 86_400_000, DEFAULT_ANALYTICS_RETENTION.hour),
    day: positive('dayRetentionDays', 86_400_000, DEFAULT_ANALYTICS_RETENTION.day),
  }
}

/** The start of the bucket holding `time`. */
export function bucketStart(time: number, granularity: AnalyticsGranularity): number {
  const size = GRANULARITY_MS[granularity]
  return time - (((time % size) + size) % size)
}
