/**
 * The outcome counters in PostgreSQL (N1, N5): one row per subject, granularity, bucket and
 * outcome. A flush is one upsert per 1,000 rows, sent in primary-key order so instances flushing
 * at once lock rows in the same order and never deadlock. Old buckets are deleted in bounded
 * batches, as the usage log's are.
 *
 * Each upsert claims its part of the batch in `analytics_batches` in the same statement (one
 * transaction): a part its sender already had applied, or an older one, claims nothing and adds
 * nothing. A timed-out upsert that Postgres still commits later is so never added again by the
 * retry; a retry that meets it uncommitted waits for it on the sender's row.
 */
import {
  type AnalyticsBatch,
  type AnalyticsGranularity,
  type AnalyticsRetention,
  type AnalyticsStore,
  type AnalyticsStoreOptions,
  analyticsRetentionOf,
  BATCH_MEMORY_MS,
  GRANULARITIES,
  type OutcomeCount,
  type StoredPoint,
  type StoredSeriesQuery,
} from '../../core/analytics-types.js'
import { type PgConnection, statement } from './connection.js'

/** Rows one upsert writes at most. */
const UPSERT_BATCH = 1000
/** Rows one DELETE removes at most, and batches one pass runs before leaving the rest to the next. */
const DELETE_BATCH = 1000
const MAX_DELETE_BATCHES = 100

export interface PostgresAnalyticsStore extends AnalyticsStore {
  add(counts: readonly OutcomeCount[], now: number, batch: AnalyticsBatch): Promise<void>
  series(query: StoredSeriesQuery): Promise<StoredPoint[]>
  deleteExpired(now: number): Promise<number>
}

function statements(s: string) {
  return {
    upsert: statement(
      `WITH claimed AS (
         INSERT INTO ${s}.analytics_batches AS b (source, sequence, part, applied_at) VALUES ($8, $9, $10, $11::timestamptz)
         ON CONFLICT (source) DO UPDATE SET sequence = EXCLUDED.sequence, part = EXCLUDED.part, applied_at = EXCLUDED.applied_at
         WHERE (b.sequence, b.part) < (EXCLUDED.sequence, EXCLUDED.part)
         RETURNING 1)
       INSERT INTO ${s}.analytics (scope, subject_id, granularity, bucket, outcome, requests, units)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::bigint[], $7::bigint[])
       WHERE EXISTS (SELECT 1 FROM claimed)
       ON CONFLICT (scope, subject_id, granularity, bucket, outcome) DO UPDATE
       SET requests = ${s}.analytics.requests + EXCLUDED.requests, units = ${s}.analytics.units + EXCLUDED.units`,
    ),
    series: statement(
      `SELECT floor(extract(epoch FROM bucket) * 1000)::bigint AS time, outcome, requests, units
       FROM ${s}.analytics
       WHERE scope = $1 AND subject_id = $2 AND granularity = $3 AND bucket >= $4::timestamptz AND bucket < $5::timestamptz
       ORDER BY bucket, outcome`,
    ),
    // Oldest first, rows another instance is deleting skipped, so passes never wait on each other.
    deleteExpired: statement(
      `DELETE FROM ${s}.analytics WHERE ctid IN (
         SELECT ctid FROM ${s}.analytics WHERE granularity = $1 AND bucket < $2::timestamptz
         ORDER BY bucket LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    ),
    deleteSilentSources: statement(`DELETE FROM ${s}.analytics_batches WHERE applied_at < $1::timestamptz`),
  }
}

/** Primary-key order, as Postgres compares the "C" columns and the time. */
function byKey(a: OutcomeCount, b: OutcomeCount): number {
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  return (
    order(a.scope, b.scope) ||
    order(a.id, b.id) ||
    order(a.granularity, b.granularity) ||
    a.time - b.time ||
    order(a.outcome, b.outcome)
  )
}

function columnsOf(batch: readonly OutcomeCount[]): unknown[][] {
  const columns: unknown[][] = [[], [], [], [], [], [], []]
  for (const count of batch) {
    columns[0]!.push(count.scope)
    columns[1]!.push(count.id)
    columns[2]!.push(count.granularity)
    columns[3]!.push(new Date(count.time).toISOString())
    columns[4]!.push(count.outcome)
    columns[5]!.push(String(count.requests))
    columns[6]!.push(String(count.units))
  }
  return columns
}

export function analyticsOn(
  connection: PgConnection,
  schema: string,
  options?: AnalyticsStoreOptions,
): PostgresAnalyticsStore {
  const retention: AnalyticsRetention = analyticsRetentionOf(options, 'keyward/postgres')
  const sql = statements(schema)

  async function deleteOld(granularity: AnalyticsGranularity, cutoff: string): Promise<number> {
    let deleted = 0
    for (let batch = 0; batch < MAX_DELETE_BATCHES; batch++) {
      const count = await connection.count(sql.deleteExpired, [granularity, cutoff, DELETE_BATCH])
      deleted += count
      if (count < DELETE_BATCH) break
    }
    return deleted
  }

  return {
    retention,
    async add(counts, now, batch) {
      // The parts are the same on every retry: the counts arrive the same, and are sorted.
      const sorted = [...counts].sort(byKey)
      const appliedAt = new Date(now).toISOString()
      for (let i = 0, part = 0; i < sorted.length; i += UPSERT_BATCH, part++) {
        await connection.count(sql.upsert, [
          ...columnsOf(sorted.slice(i, i + UPSERT_BATCH)),
          batch.source,
          String(batch.sequence),
          part,
          appliedAt,
        ])
      }
    },
    async series({ scope, id, granularity, from, to }) {
      const rows = await connection.rows(sql.series, [
        scope,
        id,
        granularity,
        new Date(from).toISOString(),
        new Date(to).toISOString(),
      ])
      return rows.map((row) => ({
        time: Number(row.time),
        outcome: row.outcome!,
        requests: Number(row.requests),
        units: Number(row.units),
      }))
    },
    async deleteExpired(now) {
      await connection.count(sql.deleteSilentSources, [new Date(now - BATCH_MEMORY_MS).toISOString()])
      let deleted = 0
      for (const granularity of GRANULARITIES) {
        deleted += await deleteOld(granularity, new Date(now - retention[granularity]).toISOString())
      }
      return deleted
    },
  }
}
