/**
 * A graceful stop loses nothing: the reference server, sent SIGTERM or SIGINT right after a burst of
 * requests (well inside the flush intervals), writes every buffered usage entry, the analytics
 * counts (and, on Postgres, the noted last-used time) before it exits. Read back from the store.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { AnalyticsStore } from '../../src/core/analytics-types.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { databaseAvailable, withDatabase } from '../helpers/postgres.js'
import { type RedisProcess, privateServersAvailable, startRedisServer } from '../helpers/redis.js'
import { type ServerProcess, startServer } from './support.js'

const TOKEN = 'graceful-stop-dashboard-token-01'
const admin = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
const REQUESTS = 120

const DAY = 86_400_000

/** The requests the key's analytics counted `ok`, over the days around now. */
async function countedOk(analytics: AnalyticsStore, keyId: string): Promise<number> {
  const now = Date.now()
  const points = await analytics.series({
    scope: 'key',
    id: keyId,
    granularity: 'day',
    from: now - 2 * DAY,
    to: now + DAY,
  })
  return points.filter((point) => point.outcome === 'ok').reduce((sum, point) => sum + point.requests, 0)
}

const running: ServerProcess[] = []
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

/** Starts the server, makes a key, sends `REQUESTS` consuming requests with it, then `signal`: its key id. */
async function burstThenStop(env: Record<string, string>, signal: NodeJS.Signals): Promise<string> {
  const server = startServer({ PORT: '0', DASHBOARD_TOKEN: TOKEN, ...env })
  running.push(server)
  const base = /listening on (http:\/\/\S+)/.exec(await server.listening)![1]!
  const created = await fetch(`${base}/api/dashboard/api-keys`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'graceful' }),
  })
  expect(created.status).toBe(201)
  const { data } = (await created.json()) as { data: { id: string; key: string } }
  const statuses = await Promise.all(
    Array.from({ length: REQUESTS }, () =>
      fetch(`${base}/api/v1/ip/lookup?ip=192.0.2.1`, { headers: { Authorization: `Bearer ${data.key}` } }).then(
        async (response) => {
          await response.arrayBuffer()
          return response.status
        },
      ),
    ),
  )
  expect(statuses.filter((status) => status === 200).length).toBe(REQUESTS)
  // At once: the usage buffer is flushed once a second, so most entries are still in the process.
  server.child.kill(signal)
  expect(await server.exited).toBe(0)
  return data.id
}

const redisAvailable = privateServersAvailable()

describe.skipIf(!redisAvailable)('C3: STORE=redis, a graceful stop', () => {
  let redis: RedisProcess | undefined
  afterAll(async () => {
    await redis?.stop()
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`C3: after ${REQUESTS} requests and ${signal}, all ${REQUESTS} usage entries and their analytics counts are in Redis`, async () => {
      redis ??= await startRedisServer()
      const keyId = await burstThenStop({ STORE: 'redis', REDIS_URL: redis.url }, signal)
      const client = new Redis(redis.url, { maxRetriesPerRequest: 0 })
      try {
        const stores = createRedisStores({ client })
        expect((await stores.usage.query({ keyId, limit: 1000 })).length).toBe(REQUESTS)
        expect(await countedOk(stores.analytics, keyId)).toBe(REQUESTS)
      } finally {
        client.disconnect()
      }
    }, 60_000)
  }
})

describe.skipIf(!databaseAvailable())('C3: STORE=postgres, a graceful stop', () => {
  let url: string
  let pool: pg.Pool
  withDatabase('graceful-stop', (database) => ({ url, pool } = database))
  const databases: string[] = []
  afterAll(async () => {
    for (const name of databases)
      await pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined)
  })

  async function freshDatabase(): Promise<string> {
    const name = `kwtest_graceful_${randomBytes(4).toString('hex')}`
    await pool.query(`CREATE DATABASE "${name}"`)
    databases.push(name)
    const fresh = new URL(url)
    fresh.pathname = `/${name}`
    return fresh.href
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`C3: after ${REQUESTS} requests and ${signal}, all ${REQUESTS} usage entries, their analytics counts and the key's last-used time are in Postgres`, async () => {
      const databaseUrl = await freshDatabase()
      const keyId = await burstThenStop({ STORE: 'postgres', DATABASE_URL: databaseUrl }, signal)
      const readBack = new pg.Pool({ connectionString: databaseUrl, max: 2 })
      const stores = createPostgresStores({ pool: readBack })
      try {
        expect((await stores.usage.query({ keyId, limit: 1000 })).length).toBe(REQUESTS)
        expect(await countedOk(stores.analytics, keyId)).toBe(REQUESTS)
        expect((await stores.keys.get(keyId))?.lastUsedAt).toBeTypeOf('number')
      } finally {
        await stores.close?.()
        await readBack.end()
      }
    }, 60_000)
  }

  it.skipIf(!redisAvailable)(
    `C3: with REDIS_URL (key records cached, usage in Redis), after ${REQUESTS} requests and SIGTERM, all ${REQUESTS} usage entries, their analytics counts and the last-used time are stored`,
    async () => {
      const redis = await startRedisServer()
      const client = new Redis(redis.url, { maxRetriesPerRequest: 0 })
      const readBack = new pg.Pool({ connectionString: await freshDatabase(), max: 2 })
      try {
        const keyId = await burstThenStop(
          { STORE: 'postgres', DATABASE_URL: readBack.options.connectionString!, REDIS_URL: redis.url },
          'SIGTERM',
        )
        const stores = createPostgresStores({ pool: readBack, redis: { client } })
        expect((await stores.usage.query({ keyId, limit: 1000 })).length).toBe(REQUESTS)
        expect(await countedOk(stores.analytics, keyId)).toBe(REQUESTS)
        expect((await stores.keys.get(keyId))?.lastUsedAt).toBeTypeOf('number')
        await stores.close?.()
      } finally {
        client.disconnect()
        await readBack.end()
        await redis.stop()
      }
    },
    60_000,
  )
})
