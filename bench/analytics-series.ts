/**
 * How fast a customer's chart is read (N2): one key with 1,000,000 counted requests over 30 days
 * (hour and day buckets for all of them, minute buckets for the last 48 hours, three outcomes),
 * then its 30-day hourly series read again and again through `keyward.analytics.series()`, on
 * Redis and on Postgres. Prints p50 and p95 in milliseconds against the 50 ms target.
 *
 *   npx tsx bench/analytics-series.ts [reads]
 */
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import pg from 'pg'
import type { AnalyticsGranularity, OutcomeCount } from '../src/core/analytics-types.js'
import { createKeyward, type KeywardStores } from '../src/index.js'
import { createPostgresStores, migrate } from '../src/stores/postgres/index.js'
import { createRedisStores } from '../src/stores/redis/index.js'
import { integerFrom, settingsOrExit } from './load.js'
import { benchPostgres } from './postgres-server.js'
import { benchRedis } from './redis-server.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const TARGET_MS = 50
/** The requests counted for the key, split over the hours of 30 days and three outcomes. */
const REQUESTS = 1_000_000
const OUTCOMES = [
  ['ok', 0.9],
  ['rate_limited', 0.08],
  ['API_KEY_REVOKED', 0.02],
] as const

/** The counts a key's flushes leave for `REQUESTS` requests spread evenly up to `now`. */
function countsFor(keyId: string, now: number): OutcomeCount[] {
  const hours = 30 * 24
  const perHour = REQUESTS / hours
  const counts: OutcomeCount[] = []
  const push = (granularity: AnalyticsGranularity, time: number, share: number) => {
    for (const [outcome, part] of OUTCOMES) {
      const requests = Math.round(share * part)
      counts.push({ scope: 'key', id: keyId, granularity, time, outcome, requests, units: requests })
    }
  }
  const lastHour = Math.floor(now / HOUR) * HOUR
  for (let h = 0; h < hours; h++) push('hour', lastHour - h * HOUR, perHour)
  for (let d = 0; d <= 30; d++) push('day', Math.floor(now / DAY) * DAY - d * DAY, perHour * 24)
  for (let m = 0; m < 48 * 60; m++) push('minute', Math.floor(now / 60_000) * 60_000 - m * 60_000, perHour / 60)
  return counts
}

async function measure(name: string, stores: KeywardStores, reads: number): Promise<string> {
  const keyward = createKeyward({ stores })
  const { record } = await keyward.keys.create({ name: 'charted' })
  const now = Date.now()
  const counts = countsFor(record.id, now)
  const source = `bench-${now}`
  for (let i = 0; i < counts.length; i += 500) {
    await stores.analytics!.add(counts.slice(i, i + 500), now, { source, sequence: i / 500 + 1 })
  }
  const query = {
    keyId: record.id,
    from: new Date(now - 30 * DAY).toISOString(),
    to: new Date(now + HOUR).toISOString(),
    granularity: 'hour' as const,
  }
  const points = await keyward.analytics.series(query)
  const counted = points.reduce((sum, point) => sum + point.requests, 0)
  const times: number[] = []
  for (let i = 0; i < reads; i++) {
    const start = performance.now()
    await keyward.analytics.series(query)
    times.push(performance.now() - start)
  }
  await keyward.close()
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  const [p50, p95] = [at(0.5), at(0.95)]
  const verdict = p95 < TARGET_MS ? 'meets' : 'misses'
  return `${name}: ${points.length} points, ${counted.toLocaleString('en-US')} requests; p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${reads} reads (${verdict} the ${TARGET_MS} ms target)`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reads = settingsOrExit(() => integerFrom(process.argv[2], 200, 'bench/analytics-series.ts: reads'))
  const redis = await benchRedis()
  const postgres = await benchPostgres()
  try {
    const client = new Redis(process.env.REDIS_URL!)
    const prefix = `bench-series-${process.pid}`
    console.log(await measure('Redis', createRedisStores({ client, prefix, persistenceWarning: false }), reads))
    client.disconnect()
    if ('skip' in postgres) console.log(`Postgres: skipped (${postgres.skip})`)
    else {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 })
      const schema = `bench_series_${process.pid}`
      await migrate(pool, { schema })
      console.log(await measure('Postgres', createPostgresStores({ pool, schema }), reads))
      await pool.query(`DROP SCHEMA ${schema} CASCADE`)
      await pool.end()
    }
  } finally {
    await redis.stop()
    if (!('skip' in postgres)) await postgres.stop()
  }
}
