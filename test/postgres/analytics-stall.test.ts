/**
 * Outcome counters through a Postgres stall under load (C1): several clients send requests while
 * another connection holds `LOCK TABLE … analytics IN ACCESS EXCLUSIVE MODE` for longer than the
 * store's timeout, so flushes time out while Postgres still commits them once the lock goes. After
 * a flush, the key's `ok` count is exactly the requests admitted: on the Postgres stores alone
 * and with the Redis cache in front of them.
 */
import type { Redis } from 'ioredis'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyward } from '../../src/index.js'
import { createPostgresStores, type PostgresStoresOptions } from '../../src/stores/postgres/index.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import {
  type RedisProcess,
  ioredisClient,
  privateServersAvailable,
  startRedisServer,
  uniquePrefix,
} from '../helpers/redis.js'

const STORE_TIMEOUT_MS = 300
/** Longer than the store's timeout, and than a few flush intervals (1 s). */
const LOCK_MS = 2500
const CLIENTS = 6
const REQUESTS = 300

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

describe.skipIf(!databaseAvailable())('outcome counters through a Postgres stall (C1)', () => {
  let db: TestDatabase
  withDatabase('analytics_stall', (database) => (db = database))
  let pool: pg.Pool
  let server: RedisProcess | undefined
  let client: Redis | undefined
  const withRedis = privateServersAvailable()

  beforeAll(async () => {
    pool = testPool(db.url, { max: 20 })
    if (withRedis) {
      server = await startRedisServer()
      client = await ioredisClient(server.url)
    }
  })
  afterAll(async () => {
    await client?.quit()
    await server?.stop()
    await pool?.end()
  })

  async function stalledRun(extra: Partial<PostgresStoresOptions>) {
    const errors: unknown[] = []
    const stores = createPostgresStores({
      pool,
      schema: db.schema,
      timeoutMs: STORE_TIMEOUT_MS,
      onError: () => {},
      ...extra,
    })
    const keyward = createKeyward({
      stores,
      storeTimeoutMs: STORE_TIMEOUT_MS,
      failedAuthLimit: 0,
      onError: (error) => errors.push(error),
    })
    try {
      const { key, record } = await keyward.keys.create({ name: 'busy', limits: { perMinute: 1_000_000 } })
      let sent = 0
      let admitted = 0
      const worker = async () => {
        while (sent < REQUESTS) {
          sent++
          const decision = await keyward.authenticate({ authorization: `Bearer ${key}` })
          if (decision.ok) admitted++
          await sleep(60)
        }
      }
      const traffic = Promise.all(Array.from({ length: CLIENTS }, worker))
      // The stall: another connection holds the counters' table while the traffic goes on.
      await sleep(300)
      const locker = await pool.connect()
      await locker.query('BEGIN')
      await locker.query(`LOCK TABLE "${db.schema}".analytics IN ACCESS EXCLUSIVE MODE`)
      await sleep(LOCK_MS)
      await locker.query('COMMIT')
      locker.release()
      await traffic
      // The statements the stall held commit now; give them a moment, then write what is left.
      await sleep(500)
      await keyward.analytics.flush()
      const minute = 60_000
      const now = Date.now()
      const points = await keyward.analytics.series({
        keyId: record.id,
        granularity: 'day',
        from: new Date(now - (now % 86_400_000)).toISOString(),
        to: new Date(now + minute).toISOString(),
      })
      const ok = points.filter((p) => p.outcome === 'ok').reduce((sum, p) => sum + p.requests, 0)
      return { admitted, ok, errors }
    } finally {
      await keyward.close()
      await stores.close()
    }
  }

  it('C1: after a stall longer than the store timeout under load, a key counts exactly the requests admitted (Postgres)', async () => {
    const { admitted, ok, errors } = await stalledRun({})
    expect(admitted).toBe(REQUESTS)
    // The stall did time flushes out: otherwise this run proves nothing.
    expect(
      errors.some((error) => /within/.test(String(error))),
      'a flush timed out',
    ).toBe(true)
    expect(ok, `ok counted for ${admitted} admitted`).toBe(admitted)
  }, 60_000)

  it.skipIf(!withRedis)(
    'C1: after a stall longer than the store timeout under load, a key counts exactly the requests admitted (Postgres with the Redis cache)',
    async () => {
      const { admitted, ok, errors } = await stalledRun({
        redis: { client: client!, prefix: uniquePrefix('analytics-stall') },
      })
      expect(admitted).toBe(REQUESTS)
      expect(
        errors.some((error) => /within/.test(String(error))),
        'a flush timed out',
      ).toBe(true)
      expect(ok, `ok counted for ${admitted} admitted`).toBe(admitted)
    },
    60_000,
  )
})
