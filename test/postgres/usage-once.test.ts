/**
 * Usage entries on the Postgres stores (C2, S11), on a real Postgres and a real redis-server:
 * - a batch whose INSERT timed out behind a lock is written again, and Postgres commits the first
 *   one too once the lock is released: every entry is still stored once;
 * - with the Redis cache the usage log is in Redis by default, so a request sends Postgres no
 *   INSERT; `usage: 'postgres'` keeps one row per request in Postgres.
 */
import type { Redis } from 'ioredis'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Keyward, createKeyward } from '../../src/index.js'
import type { RequestView } from '../../src/core/types.js'
import { type PostgresStores, createPostgresStores } from '../../src/stores/postgres/index.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import {
  type RedisProcess,
  ioredisClient,
  privateServersAvailable,
  startRedisServer,
  uniquePrefix,
} from '../helpers/redis.js'
import { randomKeyId } from '../contracts/fixtures.js'
import { countingPool } from './support.js'

let sequence = 0
function request(key: string): RequestView {
  sequence++
  return {
    authorization: `Bearer ${key}`,
    method: 'GET',
    path: '/api/v1/ip/lookup',
    ip: '198.51.100.7',
    requestId: `req_c2${randomKeyId().slice(4)}${sequence}`,
  }
}

/** Authenticates and records one request as an adapter does; whether it was admitted. */
async function serve(keyward: Keyward, key: string): Promise<boolean> {
  const decision = await keyward.authenticate(request(key))
  if (!decision.ok) return false
  keyward.recordUsage(decision.apiKey, { method: 'GET', path: '/api/v1/ip/lookup', status: 200, ip: '198.51.100.7' })
  return true
}

describe.skipIf(!databaseAvailable())('Postgres usage entries stored once (C2)', () => {
  let db: TestDatabase
  withDatabase('usage_once', (database) => (db = database))

  it('C2: under load, a 1.5 s ACCESS EXCLUSIVE lock on the usage table (past the 300 ms store bound) leaves usage rows = distinct request ids = admitted requests', async () => {
    const errors: unknown[] = []
    const stores = createPostgresStores({
      pool: db.pool,
      schema: db.schema,
      timeoutMs: 300,
      usage: { flushIntervalMs: 10, maxBatch: 50, onError: (error) => errors.push(error) },
    })
    // No limit is reached: every request is admitted, so every row is an admitted request's.
    const window = { perMinute: 1_000_000, perMonth: null }
    const keyward = createKeyward({ stores, analytics: false, limits: { live: window, test: window } })
    const locker: pg.PoolClient = await db.pool.connect()
    try {
      const { key, record } = await keyward.keys.create({ name: 'C2 under a lock' })
      let admitted = 0
      let stop = false
      const load = (async () => {
        while (!stop) {
          const batch = await Promise.all(Array.from({ length: 20 }, () => serve(keyward, key)))
          admitted += batch.filter(Boolean).length
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
      })()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await locker.query('BEGIN')
      await locker.query(`LOCK TABLE "${db.schema}".usage IN ACCESS EXCLUSIVE MODE`)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await locker.query('COMMIT')
      await new Promise((resolve) => setTimeout(resolve, 300))
      stop = true
      await load
      // The writes that timed out are retried until Postgres takes them.
      for (let attempt = 0; ; attempt++) {
        try {
          await stores.usage.flush()
          break
        } catch (error) {
          if (attempt > 50) throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      // The lock did make writes time out and be written again.
      expect(errors.length).toBeGreaterThan(0)
      const { rows } = await db.pool.query(
        `SELECT count(*)::int AS entries, count(DISTINCT request_id)::int AS requests FROM "${db.schema}".usage WHERE key_id = $1`,
        [record.id],
      )
      expect(admitted).toBeGreaterThan(200)
      expect(rows[0]).toEqual({ entries: admitted, requests: admitted })
    } finally {
      locker.release()
      await keyward.close()
      await stores.close()
    }
  }, 30_000)

  describe.skipIf(!privateServersAvailable())('with the Redis cache (S11)', () => {
    let server: RedisProcess
    let client: Redis
    beforeAll(async () => {
      server = await startRedisServer()
      client = await ioredisClient(server.url)
    })
    afterAll(async () => {
      client?.disconnect()
      await server?.stop()
    })

    /** N requests through stores on a pool that records its statements; what Postgres and Redis hold after. */
    async function served(usage: 'postgres' | undefined, requests: number) {
      const pool = testPool(db.url)
      const counting = countingPool(pool)
      const prefix = uniquePrefix('pg-usage')
      const stores: PostgresStores = createPostgresStores({
        pool: counting,
        schema: db.schema,
        redis: { client, prefix },
        ...(usage ? { usage } : {}),
      })
      const keyward = createKeyward({ stores, analytics: false })
      try {
        await stores.ready()
        const { key, record } = await keyward.keys.create({ name: 'S11' })
        expect(await serve(keyward, key)).toBe(true)
        await stores.usage.flush()
        counting.reset()
        for (let i = 0; i < requests; i++) expect(await serve(keyward, key)).toBe(true)
        await stores.usage.flush()
        const inserts = counting.count(/^INSERT INTO \S+\.usage /)
        // lastUsedAt is written by a timer, off the request's path, as without the cache.
        const statements = counting.statements.filter((text) => !/last_used_at = /.test(text)).length
        const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${db.schema}".usage WHERE key_id = $1`, [
          record.id,
        ])
        return {
          inserts,
          statements,
          rows: rows[0].n as number,
          inRedis: await client.llen(`${prefix}:usage:${record.id}`),
          queried: (await keyward.queryUsage({ keyId: record.id, limit: 1000 })).length,
        }
      } finally {
        await keyward.close()
        await stores.close()
        await pool.end()
      }
    }

    it('S11: by default a request costs Postgres no statement on its path and no usage INSERT; its entry is in the Redis usage log', async () => {
      const result = await served(undefined, 30)
      expect(result).toEqual({ inserts: 0, statements: 0, rows: 0, inRedis: 31, queried: 31 })
    })

    it("S11: with usage: 'postgres' every request is a row in Postgres, none in Redis", async () => {
      const result = await served('postgres', 30)
      expect(result.inserts).toBeGreaterThan(0)
      expect({ rows: result.rows, inRedis: result.inRedis, queried: result.queried }).toEqual({
        rows: 31,
        inRedis: 0,
        queried: 31,
      })
    })

    it('S11: a usage option of the other store is refused, naming it; usage in Redis needs the cache', () => {
      expect(() =>
        createPostgresStores({ pool: db.pool, schema: db.schema, redis: { client }, usage: { retentionDays: 30 } }),
      ).toThrow(/"usage.retentionDays" applies only to the usage log in Postgres/)
      expect(() => createPostgresStores({ pool: db.pool, schema: db.schema, usage: { perKeyLimit: 10 } })).toThrow(
        /"usage.perKeyLimit" applies only to the usage log in Redis/,
      )
      expect(() => createPostgresStores({ pool: db.pool, schema: db.schema, usage: 'redis' })).toThrow(
        /needs the Redis cache/,
      )
      const kept = createPostgresStores({
        pool: db.pool,
        schema: db.schema,
        redis: { client },
        usage: { store: 'postgres', retentionDays: 30 },
      })
      expect('deleteExpired' in kept.usage).toBe(true)
      void kept.close()
    })
  })
})
