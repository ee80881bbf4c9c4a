/**
 * Postgres keys cached in Redis (S9, K7): two keyward instances, each on its own pool and its own
 * Redis client, sharing one schema and one private redis-server. A change on one is refused by the
 * very next request on the other; a cache fill racing a revocation never stores the older record;
 * emptying Redis (FLUSHALL, a restart) loses nothing and revives nothing; a warm cache decides
 * requests without a Postgres statement.
 */
import type { Redis } from 'ioredis'
import type pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import {
  type PgPoolClientLike,
  type PgPoolLike,
  type PgQueryConfig,
  type PostgresStores,
  createPostgresStores,
} from '../../src/stores/postgres/index.js'
import { encodeRecord } from '../../src/stores/redis/codec.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import {
  type RedisProcess,
  commandCalls,
  ioredisClient,
  privateServersAvailable,
  startRedisServer,
  uniquePrefix,
} from '../helpers/redis.js'
import { runCli } from '../cli/support/cli.js'
import { type CountingPool, countingPool } from './support.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const code = (d: AuthDecision) => (d.ok ? 'ok' : d.error.code)

/** A pool whose lookups by hash run at once but answer only once `release()` is called while held. */
interface GatedPool extends PgPoolLike {
  /** Holds the next lookups by hash; resolves `ran` once one has run in Postgres. */
  hold(): { ran: Promise<void>; release: () => void }
}

function gatedPool(pool: pg.Pool): GatedPool {
  let gate: { ran: () => void; released: Promise<void> } | null = null
  const wrap = (client: pg.PoolClient): PgPoolClientLike => ({
    async query(config: PgQueryConfig) {
      const result = await client.query(config as pg.QueryConfig)
      const held = gate
      if (held !== null && /hash = ANY/.test(config.text)) {
        held.ran()
        await held.released
      }
      return result as unknown as Awaited<ReturnType<PgPoolClientLike['query']>>
    },
    release: (error) => client.release(error),
    on: (event, listener) => client.on(event, listener),
    removeListener: (event, listener) => client.removeListener(event, listener),
  })
  return {
    connect: async () => wrap(await pool.connect()),
    on: (event, listener) => pool.on(event, listener),
    hold() {
      let ran!: () => void
      let release!: () => void
      const ranPromise = new Promise<void>((resolve) => (ran = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      gate = { ran, released }
      return {
        ran: ranPromise,
        release: () => {
          gate = null
          release()
        },
      }
    },
  }
}

describe.skipIf(!databaseAvailable() || !privateServersAvailable())('Postgres keys cached in Redis (S9, K7)', () => {
  let db: TestDatabase
  withDatabase('redis_cache', (database) => (db = database))
  let server: RedisProcess
  let clients: Redis[]
  let measure: Redis
  let pools: pg.Pool[]
  let counting: CountingPool
  let gated: GatedPool
  let storesA: PostgresStores
  let a: Keyward
  let b: Keyward
  const prefix = uniquePrefix('pg-cache')

  beforeAll(async () => {
    server = await startRedisServer()
    clients = [await ioredisClient(server.url), await ioredisClient(server.url)]
    measure = await ioredisClient(server.url)
    pools = [testPool(db.url), testPool(db.url)]
    counting = countingPool(pools[0]!)
    gated = gatedPool(pools[1]!)
    storesA = createPostgresStores({ pool: counting, schema: db.schema, redis: { client: clients[0]!, prefix } })
    const storesB = createPostgresStores({ pool: gated, schema: db.schema, redis: { client: clients[1]!, prefix } })
    // Analytics off: its timed flush would land among the Redis commands counted below.
    a = createKeyward({ stores: storesA, analytics: false })
    b = createKeyward({ stores: storesB, analytics: false })
    await Promise.all([storesA.ready(), storesB.ready()])
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    for (const client of clients ?? []) client.disconnect()
    measure?.disconnect()
    for (const pool of pools ?? []) await pool.end()
    await server?.stop()
  })
  beforeEach(() => counting.reset())

  /** The Redis name of a key's cached record. */
  async function recordName(id: string): Promise<string> {
    const stored = await storesA.keys.get(id)
    return `${prefix}:{${stored!.hash}}:key`
  }

  it('K7: 100 revocations, 30 suspensions and 30 scope updates on A, each refused by the very next request on B', async () => {
    let stale = 0
    for (let round = 0; round < 100; round++) {
      const { key, record } = await a.keys.create({ name: `revoked ${round}` })
      expect(code(await b.authenticate(bearer(key)))).toBe('ok')
      await a.keys.revoke(record.id)
      if (code(await b.authenticate(bearer(key))) !== 'API_KEY_REVOKED') stale++
    }
    for (let round = 0; round < 30; round++) {
      const { key, record } = await a.keys.create({ name: `suspended ${round}` })
      expect(code(await b.authenticate(bearer(key)))).toBe('ok')
      await a.keys.update(record.id, { enabled: false })
      if (code(await b.authenticate(bearer(key))) !== 'API_KEY_DISABLED') stale++
      await a.keys.update(record.id, { enabled: true })
      if (code(await b.authenticate(bearer(key))) !== 'ok') stale++
    }
    for (let round = 0; round < 30; round++) {
      const { key, record } = await a.keys.create({ name: `scoped ${round}`, scopes: ['ip', 'email'] })
      expect(code(await b.authenticate(bearer(key), { scopes: ['email'] }))).toBe('ok')
      await a.keys.update(record.id, { scopes: ['ip'] })
      const refused = await b.authenticate(bearer(key), { scopes: ['email'] })
      if (refused.ok || refused.response.status !== 403) stale++
    }
    expect(stale).toBe(0)
  })

  it('O6/K7: revokeAll on A refuses every key of the owner on B at once, and no other owner’s', async () => {
    const owned = await Promise.all([1, 2, 3].map((n) => a.keys.create({ name: `acct ${n}`, ownerId: 'acct-closing' })))
    const other = await a.keys.create({ name: 'other', ownerId: 'acct-staying' })
    for (const { key } of [...owned, other]) expect(code(await b.authenticate(bearer(key)))).toBe('ok')
    expect(await a.keys.revokeAll('acct-closing')).toBe(3)
    for (const { key } of owned) expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
    expect(code(await b.authenticate(bearer(other.key)))).toBe('ok')
  })

  it('O6: revokeAll of an owner with more keys than one round (500) revokes every one, each refused on B', async () => {
    const made: Awaited<ReturnType<Keyward['keys']['create']>>[] = []
    for (let batch = 0; batch < 11; batch++) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, n) => a.keys.create({ name: `bulk ${batch}.${n}`, ownerId: 'acct-bulk' })),
        )),
      )
    }
    const sample = [made[0]!, made[275]!, made[549]!]
    for (const { key } of sample) expect(code(await b.authenticate(bearer(key)))).toBe('ok')
    expect(await a.keys.revokeAll('acct-bulk')).toBe(550)
    for (const { key } of sample) expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
  })

  it('S9: a warm cache decides a request with no Postgres statement and one EVALSHA', async () => {
    const { key } = await a.keys.create({ name: 'warm' })
    expect(code(await a.authenticate(bearer(key)))).toBe('ok')
    await measure.call('CONFIG', 'RESETSTAT')
    counting.reset()
    for (let i = 0; i < 50; i++) expect(code(await a.authenticate(bearer(key)))).toBe('ok')
    // lastUsedAt and the outcome counters are written off the request's path, as without the cache.
    const onPath = counting.statements.filter((text) => !/last_used_at = |\.analytics/.test(text))
    expect(onPath).toEqual([])
    const calls = await commandCalls(measure)
    expect(calls.get('evalsha')).toBe(50)
  })

  it('S9: a miss reads Postgres once and fills the cache; the next request is a hit', async () => {
    const { key, record } = await a.keys.create({ name: 'refilled' })
    await measure.del(await recordName(record.id))
    counting.reset()
    expect(code(await a.authenticate(bearer(key)))).toBe('ok')
    expect(counting.count(/hash = ANY/)).toBe(1)
    expect(await measure.hget(await recordName(record.id), 'id')).toBe(record.id)
    counting.reset()
    expect(code(await a.authenticate(bearer(key)))).toBe('ok')
    expect(counting.count(/hash = ANY/)).toBe(0)
  })

  /**
   * The race: B misses, reads the active record from Postgres, and is held before it writes the
   * cache; A revokes meanwhile; B's fill then goes on. A plain "get, then set" cache writes the
   * record it read, so the revoked key is admitted from then on (shown by the next test); here
   * the fill's claim was cancelled by the revocation and the key stays refused.
   */
  it('S9: a fill held between its Postgres read and its cache write while A revokes never stores the older record', async () => {
    for (let round = 0; round < 5; round++) {
      const { key, record } = await a.keys.create({ name: `raced ${round}` })
      await measure.del(await recordName(record.id))
      const held = gated.hold()
      const inFlight = b.authenticate(bearer(key))
      await held.ran
      await a.keys.revoke(record.id)
      held.release()
      // It started before revoke() returned: either answer is allowed for it.
      expect(['ok', 'API_KEY_REVOKED']).toContain(code(await inFlight))
      expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
      expect(code(await a.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
    }
  })

  it('the same race against a plain "get, then set" cache admits the revoked key (what the test above guards against)', async () => {
    const { key, record } = await a.keys.create({ name: 'plain cache' })
    const name = await recordName(record.id)
    const before = await storesA.keys.get(record.id)
    await a.keys.revoke(record.id)
    // A plain fill: the record read before the revocation, set once the read is over.
    await measure.del(name)
    await measure.hset(name, ...encodeRecord(before!))
    expect(code(await b.authenticate(bearer(key)))).toBe('ok')
    await measure.del(name)
    expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
  })

  it('S9: concurrent changes of one key on both instances leave the newest record in the cache', async () => {
    for (let round = 0; round < 10; round++) {
      const { key, record } = await a.keys.create({ name: `contended ${round}`, scopes: ['ip'] })
      expect(code(await b.authenticate(bearer(key)))).toBe('ok')
      await Promise.all([
        a.keys.update(record.id, { scopes: ['email'] }).catch(() => undefined),
        b.keys.revoke(record.id),
        a.keys.update(record.id, { name: `renamed ${round}` }).catch(() => undefined),
        b.keys.update(record.id, { enabled: false }).catch(() => undefined),
      ])
      expect(code(await a.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
      expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
    }
  })

  it('S9: FLUSHALL and a Redis restart under load: no revoked key admitted, every active key back on its first request', async () => {
    const active = await Promise.all(Array.from({ length: 20 }, (_, n) => a.keys.create({ name: `active ${n}` })))
    const revoked = await Promise.all(Array.from({ length: 10 }, (_, n) => a.keys.create({ name: `gone ${n}` })))
    for (const { record } of revoked) await a.keys.revoke(record.id)
    let stop = false
    let revokedAdmitted = 0
    let admitted = 0
    const load = (instance: Keyward) =>
      (async () => {
        while (!stop) {
          const decisions = await Promise.all([
            ...active.slice(0, 5).map(({ key }) => instance.authenticate(bearer(key))),
            ...revoked.map(({ key }) => instance.authenticate(bearer(key))),
          ])
          admitted += decisions.slice(0, 5).filter((d) => d.ok).length
          revokedAdmitted += decisions.slice(5).filter((d) => d.ok).length
        }
      })()
    const loads = [load(a), load(b)]
    await new Promise((resolve) => setTimeout(resolve, 100))
    await measure.flushall()
    await new Promise((resolve) => setTimeout(resolve, 100))
    await server.restart()
    await vi.waitFor(
      async () => {
        for (const client of [...clients, measure]) expect(await client.ping()).toBe('PONG')
      },
      { timeout: 10_000, interval: 50 },
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    stop = true
    await Promise.all(loads)
    expect(admitted).toBeGreaterThan(0)
    expect(revokedAdmitted).toBe(0)
    for (const instance of [a, b]) {
      for (const { key } of active) expect(code(await instance.authenticate(bearer(key)))).toBe('ok')
      for (const { key } of revoked) expect(code(await instance.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
    }
  })

  it('S9: with Redis down a change fails and changes nothing; back up, the key is served from Postgres', async () => {
    const { key, record } = await a.keys.create({ name: 'kept' })
    await server.down()
    try {
      await expect(a.keys.revoke(record.id)).rejects.toThrow()
    } finally {
      await server.up()
    }
    await vi.waitFor(async () => expect(await clients[0]!.ping()).toBe('PONG'), { timeout: 10_000, interval: 50 })
    expect((await a.keys.get(record.id))?.status).toBe('active')
    await vi.waitFor(async () => expect(code(await a.authenticate(bearer(key)))).toBe('ok'), {
      timeout: 5_000,
      interval: 50,
    })
  })

  it('S9: keyward keys revoke with --database-url and --redis-url goes through the cache: the next request on B is refused', async () => {
    const { key, record } = await a.keys.create({ name: 'revoked from the command line' })
    expect(code(await b.authenticate(bearer(key)))).toBe('ok')
    const cli = ['--database-url', db.url, '--schema', db.schema, '--redis-url', server.url, '--prefix', prefix]
    const revoke = await runCli(['keys', 'revoke', record.id, ...cli], { KEYWARD_KEY_PREFIX: 'svc' })
    expect(revoke.status, revoke.describe()).toBe(0)
    expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
    expect(code(await a.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
  })

  it('S9/R5: the cached stores bound every operation as a whole and say so, the longer of the two bounds, so keyward adds no timer per request', () => {
    expect(storesA.timeoutMs).toBe(1000)
    const longerRedis = createPostgresStores({
      pool: counting,
      schema: db.schema,
      timeoutMs: 300,
      redis: { client: clients[0]!, prefix, timeoutMs: 700 },
    })
    expect(longerRedis.timeoutMs).toBe(700)
  })

  it('S9/R5: a miss whose Postgres read is held is answered 500 within the bound, and the key is served once Postgres answers', async () => {
    const { key, record } = await a.keys.create({ name: 'held miss' })
    await measure.del(await recordName(record.id))
    const held = gated.hold()
    const started = performance.now()
    const decision = await b.authenticate(bearer(key))
    const waited = performance.now() - started
    held.release()
    expect(decision.ok ? 200 : decision.response.status).toBe(500)
    expect(waited).toBeLessThan(1500)
    await vi.waitFor(async () => expect(code(await b.authenticate(bearer(key)))).toBe('ok'), { timeout: 3000 })
  })

  it('options: "redis" beside "limiter", or with allowEviction, is a TypeError naming the option', () => {
    const client = clients[0]!
    expect(() =>
      createPostgresStores({ pool: db.pool, schema: db.schema, redis: { client }, limiter: storesA.limiter }),
    ).toThrow(/"limiter" or "redis"/)
    expect(() =>
      createPostgresStores({
        pool: db.pool,
        schema: db.schema,
        redis: { client, allowEviction: true } as unknown as { client: Redis },
      }),
    ).toThrow(/redis\.allowEviction/)
    expect(() =>
      createPostgresStores({ pool: db.pool, schema: db.schema, redis: 'redis://' as unknown as { client: Redis } }),
    ).toThrow(/option "redis"/)
  })
})
