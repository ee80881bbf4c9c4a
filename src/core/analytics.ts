/**
 * `keyward.analytics` (N1, N2): decisions counted as they are made, and series read back.
 *
 * 1. Each decision about a key (admitted, 401 revoked/expired/suspended, 403, 429) is one tally
 *    in the counter, per key and owner; unknown and malformed keys count for the service alone.
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
import type { Decisions, KeyFacts } from './decisions.js'
import { KeyInputError, KeyNotFoundError } from './errors.js'
import type { AuthDecision, AuthorizeOutcome, Clock, KeyStore } from './types.js'

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
  /** Writes out this process's counts now (they are otherwise written within a second). */
  flush(): Promise<void>
}

/** The class the Usage view draws an outcome in. */
export function outcomeClass(outcome: string): 'admitted' | 'rate_limited' | 'refused' {
  return outcome === 'ok' ? 'admitted' : outcome === 'rate_limited' ? 'rate_limited' : 'refused'
}

/** The decisions, each one counted as it is made (step 1). */
export function countingDecisions(decisions: Decisions, counter: AnalyticsCounter, clock: Clock): Decisions {
  return {
    ...decisions,
    formatFailure(problem, token, fallback, requestId) {
      const decision = decisions.formatFailure(problem, token, fallback, requestId)
      counter.count(null, null, decision.error.code, clock.now(), 1, 0)
      return decision
    },
    fromOutcome(outcome, facts) {
      const decision = decisions.fromOutcome(outcome, facts)
      if (facts.consume) countOutcome(counter, outcome, facts, decision)
      return decision
    },
  }
}

function countOutcome(counter: AnalyticsCounter, outcome: AuthorizeOutcome, facts: KeyFacts, decision: AuthDecision) {
  if (outcome.result === 'blocked') return
  if (outcome.result === 'unknown') {
    if (!decision.ok) counter.count(null, null, decision.error.code, facts.now, 1, 0)
    return
  }
  const { key } = outcome
  if (decision.ok) {
    // Step 2: what the limits consumed, which is the request's cost when it consumed at all.
    const units = outcome.result === 'ok' && outcome.consumed ? (facts.cost ?? 1) : 0
    counter.count(key.id, key.ownerId, 'ok', facts.now, 1, units)
  } else counter.count(key.id, key.ownerId, decision.error.code, facts.now, 1, 0)
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
    async series(query) {
      const checked = checkSeriesQuery(query)
      if (store === undefined || counter === null) {
        throw new TypeError('keyward: these stores keep no analytics (the memory, Redis and Postgres stores do)')
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
