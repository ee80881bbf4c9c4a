/**
 * The outcome counters in process memory (N1, N5): per subject (a key, an owner, the service) and
 * granularity, a map of bucket start → outcome → requests and units. Answers synchronously.
 * The last batch applied from each sender is remembered for a day, so a batch sent twice adds once.
 */
import {
  type AnalyticsBatch,
  type AnalyticsRetention,
  type AnalyticsStore,
  type AnalyticsStoreOptions,
  analyticsRetentionOf,
  BATCH_MEMORY_MS,
  GRANULARITIES,
  type OutcomeCount,
  type StoredPoint,
} from '../../core/analytics-types.js'

/** Buckets one retention pass deletes at most; the next pass takes the rest. */
const DELETE_BATCH = 10_000

interface Totals {
  requests: number
  units: number
}

export interface MemoryAnalyticsStore extends AnalyticsStore {
  add(counts: readonly OutcomeCount[], now: number, batch: AnalyticsBatch): void
  series(query: Parameters<AnalyticsStore['series']>[0]): StoredPoint[]
  deleteExpired(now: number): number
}

/**
 * @example
 * import { createMemoryStores } from 'keyward'
 * const stores = createMemoryStores({ analytics: { minuteRetentionHours: 24 } })
 */
export function createMemoryAnalyticsStore(options?: AnalyticsStoreOptions): MemoryAnalyticsStore {
  const retention: AnalyticsRetention = analyticsRetentionOf(options, 'keyward')
  /** `<scope>\0<id>\0<granularity>` → bucket start → outcome → totals. */
  const subjects = new Map<string, Map<number, Map<string, Totals>>>()
  /** Per sender, the last batch applied and when. */
  const applied = new Map<string, { sequence: number; at: number }>()

  return {
    retention,
    add(counts, now, batch) {
      const last = applied.get(batch.source)
      if (last !== undefined && last.sequence >= batch.sequence) return
      applied.set(batch.source, { sequence: batch.sequence, at: now })
      for (const count of counts) {
        const name = `${count.scope}\u0000${count.id}\u0000${count.granularity}`
        let buckets = subjects.get(name)
        if (buckets === undefined) {
          buckets = new Map()
          subjects.set(name, buckets)
        }
        let outcomes = buckets.get(count.time)
        if (outcomes === undefined) {
          outcomes = new Map()
          buckets.set(count.time, outcomes)
        }
        const held = outcomes.get(count.outcome)
        if (held === undefined) outcomes.set(count.outcome, { requests: count.requests, units: count.units })
        else {
          held.requests += count.requests
          held.units += count.units
        }
      }
    },
    series({ scope, id, granularity, from, to }) {
      const buckets = subjects.get(`${scope}\u0000${id}\u0000${granularity}`)
      if (buckets === undefined) return []
      const points: StoredPoint[] = []
      for (const [time, outcomes] of buckets) {
        if (time < from || time >= to) continue
        for (const [outcome, totals] of outcomes) points.push({ time, outcome, ...totals })
      }
      return points.sort((a, b) => a.time - b.time || (a.outcome < b.outcome ? -1 : 1))
    },
    deleteExpired(now) {
      for (const [source, last] of applied) if (now - last.at > BATCH_MEMORY_MS) applied.delete(source)
      let deleted = 0
      for (const [name, buckets] of subjects) {
        const granularity = GRANULARITIES.find((g) => name.endsWith(`\u0000${g}`))!
        const cutoff = now - retention[granularity]
        for (const time of buckets.keys()) {
          if (deleted >= DELETE_BATCH) return deleted
          if (time < cutoff) {
            buckets.delete(time)
            deleted++
          }
        }
        if (buckets.size === 0) subjects.delete(name)
      }
      return deleted
    },
  }
}
