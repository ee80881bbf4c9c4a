/**
 * S2: Postgres is the system of record, Redis beside it holds only limit counters. Keys issued on
 * Postgres keys with the Redis limiter, served through a reference app; then Redis restarts empty
 * and the app is rebuilt from nothing: every key issued before still authenticates, every revoked
 * key stays revoked, and only the counters were lost.
 */
import type { Redis } from 'ioredis'
import type pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type Keyward, createKeyward } from '../../src/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisRateLimiter } from '../../src/stores/redis/index.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import { type RedisProcess, ioredisClient, privateServersAvailable, startRedisServer } from '../helpers/redis.js'
import { type RunningApp, startApp } from '../hardening/support.js'
import { SEED_SCOPES } from '../../server/env.js'

const available = databaseAvailable() && privateServersAvailable()

/** A running app on Postgres keys and the Redis limiter, built from nothing. */
interface Instance {
  pool: pg.Pool
  redis: Redis
  keyward: Keyward
  app: RunningApp
  close(): Promise<void>
}

async function build(db: TestDatabase, redisUrl: string): Promise<Instance> {
  const pool = testPool(db.url)
  const redis = await ioredisClient(redisUrl)
  const limiter = createRedisRateLimiter({ client: redis, prefix: 'kw-survive' })
  const keyward = createKeyward({
    defaultScopes: SEED_SCOPES,
    stores: createPostgresStores({ pool, schema: db.schema, limiter }),
  })
  const app = await startApp('fastify', keyward)
  return {
    pool,
    redis,
    keyward,
    app,
    async close() {
      await app.close()
      await keyward.close()
      redis.disconnect()
      await pool.end()
    },
  }
}

async function status(instance: Instance, key: string): Promise<[number, string]> {
  const response = await fetch(`${instance.app.base}/api/v1/ip/lookup?ip=192.0.2.1`, {
    headers: { Authorization: `Bearer ${key}` },
  })
  const body = (await response.json()) as { error?: { code: string } }
  return [response.status, body.error?.code ?? 'ok']
}

describe.skipIf(!available)('keys survive a Redis restart and an app rebuild (S2)', () => {
  let db: TestDatabase
  withDatabase('keys_survive', (database) => (db = database))
  let server: RedisProcess | undefined
  const instances: Instance[] = []
  afterAll(async () => {
    for (const instance of instances) await instance.close().catch(() => {})
    await server?.stop()
  })

  it('S2: every key issued before still authenticates, every revoked key stays revoked; only counters were lost', async () => {
    server = await startRedisServer()
    const first = await build(db, server.url)
    instances.push(first)
    const live = await Promise.all(
      Array.from({ length: 20 }, (_, i) => first.keyward.keys.create({ name: `live ${i}`, ownerId: `acct-${i % 3}` })),
    )
    const revoked = await Promise.all(
      Array.from({ length: 5 }, (_, i) => first.keyward.keys.create({ name: `revoked ${i}` })),
    )
    for (const { record } of revoked) await first.keyward.keys.revoke(record.id)
    const sandbox = await first.keyward.keys.create({ name: 'sandbox', sandbox: true })
    for (const { key } of live) expect(await status(first, key)).toEqual([200, 'ok'])
    for (const { key } of revoked) expect(await status(first, key)).toEqual([401, 'API_KEY_REVOKED'])
    // The sandbox key uses up its 10 a minute: the counter lives in Redis.
    for (let i = 0; i < 10; i++) expect((await status(first, sandbox.key))[0]).toBe(200)
    expect(await status(first, sandbox.key)).toEqual([429, 'rate_limited'])

    await first.close()
    instances.pop()
    await server.restart()
    const check = await ioredisClient(server.url)
    expect(await check.dbsize()).toBe(0)
    check.disconnect()
    const second = await build(db, server.url)
    instances.push(second)

    for (const { key } of live) expect(await status(second, key)).toEqual([200, 'ok'])
    for (const { key } of revoked) expect(await status(second, key)).toEqual([401, 'API_KEY_REVOKED'])
    // What Redis held was counters only: the window starts over.
    expect(await status(second, sandbox.key)).toEqual([200, 'ok'])
    expect((await second.keyward.keys.list({ limit: 100 })).keys).toHaveLength(26)
  })
})
