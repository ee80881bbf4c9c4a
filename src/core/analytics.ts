/**
 * `keyward.analytics` (N1, N2): decisions counted as they are made, and series read back.
 *
 * 1. Each answer of a route that consumes is one tally in the counter: per key and owner for a
 *    known key (admitted, 401 revoked/expired/suspended, 403, 429); for the service alone when no
 *    key is known (unknown or malformed keys, no credentials, an address the guard has blocked).
 * 2. Units: an admitted request counts its cost, and `charge(n)` adds `n` once the limits took it,
 *    so the `ok` units equal what the limits consumed.
 * 3. `series()` checks its query, writes out this process's tallies (read your own writes) and
 *    asks the store for the buckets in `[from, to)`, leaving out those past their retention.
 */
import type { AnalyticsCounter } from './analytics-counter.js'
import {
  type AnalyticsGranularity,
  type AnalyticsStore,
  bucketStart,
  GRANULARITY_MS,
  type StoredPoint,
} from './analytics-types.js'
import { refusedKeyOf, unitsCounted } from './decisions.js'
import { KeyInputError, KeyNotFoundError } from './errors.js'
import type { AuthDecision, Clock, KeyStore } from './types.js'

/** N2: the most buckets one series spans. */
export const MAX_SERIES_POINTS = 1500

/** How a series' outcomes are grouped: each code, or the three classes the Usage view draws. */
export type AnalyticsGroupBy = 'outcome' | 'class'

export interface AnalyticsSeriesQuery {
  /** One key's series (another owner's key, with `ownerId`, is not found). */
  keyId?: string | undefined
  /** One owner's keys together; with neither id, every request of the service. */
  ownerId?: string | undefined
  /** ISO 8601 instant with a zone (or a Date): the first bucket starting at or after it. */
  from: string | Date
  /** ISO 8601 instant with a zone (or a Date): buckets starting before it. */
  to: string | Date
  granularity: AnalyticsGranularity
  /** `outcome` (default): `ok` or each error code; `class`: `admitted`, `rate_limited`, `refused`. */
  groupBy?: AnalyticsGroupBy | undefined
}

export interface AnalyticsPoint {
  /** The bucket's start, ISO 8601 UTC. */
  time: string
  outcome: string
  requests: number
  units: number
}

export interface Analytics {
  /**
   * Requests and units per bucket and outcome, oldest first, for one key, one owner or the whole
   * service. Rejects with a KeyInputError naming the field for a bad query.
   *
   * @example
   * const points = await keyward.analytics.series({
   *   ownerId: 'org_acme', from: '2026-01-01T00:00:00Z', to: '2026-01-31T00:00:00Z', granularity: 'day',
   * })
   * // [{ time: '2026-01-01T00:00:00.000Z', outcome: 'ok', requests: 994, units: 994 }, …]
   */
  series(query: AnalyticsSeriesQuery): Promise<AnalyticsPoint[]>
  /** False when no outcomes are counted (`analytics: false`, or stores that keep none): `series()` then rejects. */
  readonly enabled: boolean
  /** Writes out this process's counts now (they are otherwise written within a second). */
  flush(): Promise<void>
}

/** The class the Usage view draws an outcome in. */
export function outcomeClass(outcome: string): 'admitted' | 'rate_limited' | 'refused' {
  return outcome === 'ok' ? 'admitted' : outcome === 'rate_limited' ? 'rate_limited' : 'refused'
}

/**
 * Counts a request's final answer (step 1): a refusal the guard of failed attempts turned into a
 * 429 is counted as that 429, for the service. A 500 is a fault, not a decision: not counted.
 */
export function countDecision(counter: AnalyticsCounter): (decision: AuthDecision, now: number) => void {
  return (decision, now) => {
    if (decision.ok) {
      // Step 2: what the limits consumed, which is the request's cost when it consumed at all.
      const { apiKey } = decision
      counter.count(apiKey.id, apiKey.ownerId, 'ok', now, 1, unitsCounted(apiKey))
      return
    }
    const code = decision.error.code
    if (code === 'INTERNAL_ERROR') return
    const key = refusedKeyOf(decision)
    counter.count(key?.id ?? null, key?.ownerId ?? null, code, now, 1, 0)
  }
}

/** An instant from the query, or a KeyInputError naming `field`. */
function instantOf(value: unknown, field: string): number {
  if (value instanceof Date && Number.isFinite(value.getTime())) return value.getTime()
  // A zone is required: a local time would mean another instant on every server.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const time = Date.parse(value)
    if (Number.isFinite(time)) return time
  }
  throw new KeyInputError(field, `${field} must be an ISO 8601 instant with a zone, such as 2026-01-31T00:00:00Z`)
}

interface CheckedQuery {
  keyId: string | undefined
  ownerId: string | undefined
  from: number
  to: number
  granularity: AnalyticsGranularity
  groupBy: AnalyticsGroupBy
}

/** The query, checked; a KeyInputError names the first field that is wrong. */
export function checkSeriesQuery(query: AnalyticsSeriesQuery): CheckedQuery {
  if (typeof query !== 'object' || query === null) throw new KeyInputError('query', 'query must be an object')
  const { keyId, ownerId, granularity } = query
  const groupBy = query.groupBy ?? 'outcome'
  if (keyId !== undefined && (typeof keyId !== 'string' || keyId === '')) {
    throw new KeyInputError('keyId', 'keyId must be a key id')
  }
  if (ownerId !== undefined && (typeof ownerId !== 'string' || ownerId === '')) {
    throw new KeyInputError('ownerId', 'ownerId must be an owner id')
  }
  if (granularity !== 'minute' && granularity !== 'hour' && granularity !== 'day') {
    throw new KeyInputError('granularity', 'granularity must be minute, hour or day')
  }
  if (groupBy !== 'outcome' && groupBy !== 'class') {
    throw new KeyInputError('groupBy', 'groupBy must be outcome or class')
  }
  const from = instantOf(query.from, 'from')
  const to = instantOf(query.to, 'to')
  if (!(to > from)) throw new KeyInputError('to', 'to must be later than from')
  const first =
    bucketStart(from, granularity) < from ? bucketStart(from, granularity) + GRANULARITY_MS[granularity] : from
  const points = Math.ceil((to - first) / GRANULARITY_MS[granularity])
  if (points > MAX_SERIES_POINTS) {
    throw new KeyInputError(
      'granularity',
      `granularity ${granularity} from ${new Date(from).toISOString()} to ${new Date(to).toISOString()} spans ${points} buckets; a series holds at most ${MAX_SERIES_POINTS}: choose a coarser granularity or a shorter span`,
    )
  }
  return { keyId, ownerId, from, to, granularity, groupBy }
}

export function createAnalytics(
  store: AnalyticsStore | undefined,
  counter: AnalyticsCounter | null,
  keys: Pick<KeyStore, 'get'>,
  clock: Clock,
  call: <T>(value: T | Promise<T>) => Promise<T>,
): Analytics {
  return {
    enabled: store !== undefined && counter !== null,
    async series(query) {
      const checked = checkSeriesQuery(query)
      if (store === undefined || counter === null) {
        throw new TypeError(
          'keyward: no analytics are kept: createKeyward({ analytics: false }) turned them off, or the stores keep none (the memory, Redis and Postgres stores do)',
        )
      }
      const { keyId, ownerId, granularity, groupBy } = checked
      if (keyId !== undefined && ownerId !== undefined) {
        const key = await call(keys.get(keyId))
        if (key === undefined || key.ownerId !== ownerId) throw new KeyNotFoundError(keyId)
      }
      // Step 3: this process's own counts first, then buckets past their retention left out.
      await counter.flush().catch(() => undefined)
      const oldest = clock.now() - store.retention[granularity]
      const from = Math.max(checked.from, oldest)
      if (from >= checked.to) return []
      const scope = keyId !== undefined ? 'key' : ownerId !== undefined ? 'owner' : 'service'
      const id = keyId ?? ownerId ?? ''
      const points = await call(store.series({ scope, id, granularity, from, to: checked.to }))
      return pointsOf(groupBy === 'class' ? byClass(points) : points)
    },
    flush: () => (counter === null ? Promise.resolve() : counter.flush()),
  }
}

/** Outcomes summed into their classes, in the order the store gave the buckets. */
function byClass(points: readonly StoredPoint[]): StoredPoint[] {
  const grouped = new Map<string, StoredPoint>()
  for (const point of points) {
    const outcome = outcomeClass(point.outcome)
    const name = `${point.time} ${outcome}`
    const held = grouped.get(name)
    if (held === undefined) grouped.set(name, { ...point, outcome })
    else {
      held.requests += point.requests
      held.units += point.units
    }
  }
  return [...grouped.values()].sort((a, b) => a.time - b.time || (a.outcome < b.outcome ? -1 : 1))
}

function pointsOf(points: readonly StoredPoint[]): AnalyticsPoint[] {
  return points.map((p) => ({
    time: new Date(p.time).toISOString(),
    outcome: p.outcome,
    requests: p.requests,
    units: p.units,
  }))
}
