/**
 * S4 with the Redis limiter beside Postgres keys: `createRedisRateLimiter({ keys: 'elsewhere' })`
 * counts a key stored in Postgres with one EVALSHA and nothing else, owner limits included (O7),
 * next to one Postgres statement; concurrent requests share the EVALSHA of their turn. Measured at both servers: `INFO commandstats` of a private
 * redis-server, and the statements a recording pool ran. It shares a Redis and a prefix with the
 * Redis stores without touching their keys' windows, and counts in the same windows as a limiter
 * left at `keys: 'redis'` (a fleet part-way through an upgrade).
 */
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { type RedisRateLimiter, createRedisRateLimiter, createRedisStores } from '../../src/stores/redis/index.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import {
  type RedisProcess,
  commandCalls,
  ioredisClient,
  privateServersAvailable,
  startRedisServer,
  commandsInsideScripts,
  MEASUREMENT_COMMANDS,
} from '../helpers/redis.js'
import { type CountingPool, countingPool } from './support.js'

const available = databaseAvailable() && privateServersAvailable()
// The webhook outbox's script never runs here (no webhooks are set): its GET and SET are not
// discounted, so a GET a request sent is still counted.
const INSIDE_SCRIPTS = commandsInsideScripts(['outbox'])
const MEASUREMENT = MEASUREMENT_COMMANDS

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const code = (d: AuthDecision) => (d.ok ? 'ok' : d.error.code)

describe.skipIf(!available)('the Redis limiter beside Postgres keys (S4, S2)', () => {
  let db: TestDatabase
  withDatabase('redis_limiter', (database) => (db = database))
  let server: RedisProcess
  let client: Redis
  let measure: Redis
  let pool: CountingPool
  const closing: Keyward[] = []

  beforeAll(async () => {
    server = await startRedisServer()
    client = await ioredisClient(server.url)
    measure = await ioredisClient(server.url)
    pool = countingPool(testPool(db.url))
  })
  afterAll(async () => {
    for (const keyward of closing) await keyward.close().catch(() => undefined)
    client?.disconnect()
    measure?.disconnect()
    await server?.stop()
  })
  beforeEach(() => pool.reset())

  function instance(limiter: RedisRateLimiter, options: Parameters<typeof createKeyward>[0] = {}): Keyward {
    // Analytics off: its timed flush, a statement and a Redis call off the path, would land among those counted.
    const keyward = createKeyward({
      analytics: false,
      ...options,
      stores: createPostgresStores({ pool, schema: db.schema, limiter }),
    })
    closing.push(keyward)
    return keyward
  }

  /** Top-level commands since the last RESETSTAT, the measuring connection's own left out. */
  async function topLevel(): Promise<Record<string, number>> {
    const sent: Record<string, number> = {}
    for (const [command, calls] of await commandCalls(measure))
      if (!INSIDE_SCRIPTS.has(command) && !MEASUREMENT.has(command)) sent[command] = calls
    return sent
  }

  /** `n` sequential authenticated requests, each admitted; the Redis commands and Postgres statements they cost. */
  async function measured(
    keyward: Keyward,
    key: string,
    n: number,
  ): Promise<{ redis: Record<string, number>; statements: string[] }> {
    // Warm-up: the script is loaded (NOSCRIPT, then EVAL) and the eviction check done.
    expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
    await measure.config('RESETSTAT')
    pool.reset()
    for (let i = 0; i < n; i++) expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
    // Only what the requests ran: the lastUsedAt writer's timer runs off their path.
    const statements = pool.statements.filter((text) => !/^UPDATE .*last_used_at/i.test(text))
    return { redis: await topLevel(), statements }
  }

  it("S4: keys: 'elsewhere' → exactly one EVALSHA and one Postgres statement per authenticated request sent alone", async () => {
    const keyward = instance(createRedisRateLimiter({ client, prefix: 'kw-s4', keys: 'elsewhere' }))
    const { key } = await keyward.keys.create({ name: 'one round trip', limits: { perMinute: 1_000_000 } })
    const { redis, statements } = await measured(keyward, key, 50)
    expect(redis).toEqual({ evalsha: 50 })
    expect(statements).toHaveLength(50)
    expect(new Set(statements).size).toBe(1)
    expect(statements[0]).toMatch(/^SELECT .* FROM .*\bkeys WHERE hash = ANY\(\$1::text\[\]\)/)
  })

  it("S4/P1: concurrent requests with the failed-authentication guard on share the limiter's script calls: at most one EVALSHA per request, amortized", async () => {
    const keyward = instance(createRedisRateLimiter({ client, prefix: 'kw-s4-turn', keys: 'elsewhere' }), {
      failedAuthLimit: 60,
    })
    const { key } = await keyward.keys.create({ name: 'one turn', limits: { perMinute: 1_000_000 } })
    const request = (i: number) => keyward.authenticate({ ...bearer(key), ip: `203.0.113.${i % 4}` })
    const n = 24
    const turn = () => Promise.all(Array.from({ length: n }, (_, i) => request(i)))
    // Warm-up: both scripts loaded (NOSCRIPT, then EVAL).
    await turn()
    await measure.config('RESETSTAT')
    // Each request peeks its address's counter (E7), then, after the lookup, counts its key.
    const decisions = await turn()
    expect(decisions.map(code)).toEqual(Array.from({ length: n }, () => 'ok'))
    const { evalsha, ...rest } = await topLevel()
    expect(rest).toEqual({})
    expect(evalsha).toBeLessThanOrEqual(4)
  })

  it("S4: left at keys: 'redis', the limiter reads the id index first: a GET and an EVALSHA per request", async () => {
    const keyward = instance(createRedisRateLimiter({ client, prefix: 'kw-s4-default' }))
    const { key } = await keyward.keys.create({ name: 'two round trips', limits: { perMinute: 1_000_000 } })
    const { redis } = await measured(keyward, key, 20)
    expect(redis).toEqual({ evalsha: 20, get: 20 })
  })

  it("O7/S4: with owner limits, an owned key and its owner's window cost one EVALSHA together, and two keys of the owner share the window", async () => {
    const limiter = createRedisRateLimiter({ client, prefix: 'kw-s4-owner', keys: 'elsewhere' })
    const keyward = instance(limiter, { ownerLimits: { live: { perMinute: 1_000_000 }, test: { perMinute: 5 } } })
    const owned = await keyward.keys.create({ name: 'owned', ownerId: 'acct-s4', limits: { perMinute: 1_000_000 } })
    const { redis, statements } = await measured(keyward, owned.key, 30)
    expect(redis).toEqual({ evalsha: 30 })
    expect(statements).toHaveLength(30)

    const first = await keyward.keys.create({ name: 'sandbox 1', sandbox: true, ownerId: 'acct-s4-test' })
    const second = await keyward.keys.create({ name: 'sandbox 2', sandbox: true, ownerId: 'acct-s4-test' })
    const decisions: string[] = []
    for (let i = 0; i < 8; i++)
      decisions.push(code(await keyward.authenticate(bearer((i % 2 === 0 ? first : second).key))))
    expect(decisions).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited', 'rate_limited', 'rate_limited'])
  })

  it('M2 O7: route costs and charge(n) count in the Redis windows of a Postgres key, its named limits and its owner', async () => {
    const limiter = createRedisRateLimiter({ client, prefix: 'kw-s4-cost', keys: 'elsewhere' })
    const keyward = instance(limiter, { ownerLimits: { live: { perMonth: 40 } } })
    const plain = await keyward.keys.create({ name: 'plain', limits: { perMinute: 10 } })
    const metered = await keyward.keys.create({
      name: 'metered',
      ownerId: 'acct-s4-cost',
      limits: [{ name: 'burst', limit: 12, window: '10s' }],
    })
    const sibling = await keyward.keys.create({ name: 'sibling', ownerId: 'acct-s4-cost' })
    const remaining = (d: AuthDecision) => (d.ok ? d.headers : d.response.headers)['X-RateLimit-Remaining']
    for (const created of [plain, metered]) {
      const first = await keyward.authenticate(bearer(created.key), { cost: 3 })
      if (!first.ok) throw new Error(first.response.body)
      await first.apiKey.charge(6)
      const edge = await keyward.authenticate(bearer(created.key), { cost: 0 })
      expect([code(edge), remaining(edge)]).toEqual(['ok', created === plain ? '1' : '3'])
      expect(code(await keyward.authenticate(bearer(created.key), { cost: 4 }))).toBe('rate_limited')
    }
    // The owner's quota of 40 holds the metered key's 3 + 6: the sibling may spend 31 more.
    expect(code(await keyward.authenticate(bearer(sibling.key), { cost: 32 }))).toBe('rate_limited')
    expect(code(await keyward.authenticate(bearer(sibling.key), { cost: 31 }))).toBe('ok')
  })

  it("S2: an instance at keys: 'elsewhere' and one at keys: 'redis' count a Postgres key in the same window", async () => {
    const upgraded = instance(createRedisRateLimiter({ client, prefix: 'kw-s4-mixed', keys: 'elsewhere' }))
    const older = instance(createRedisRateLimiter({ client, prefix: 'kw-s4-mixed' }))
    const { key } = await upgraded.keys.create({ name: 'mixed fleet', limits: { perMinute: 6 } })
    const decisions: string[] = []
    for (let i = 0; i < 8; i++) decisions.push(code(await (i % 2 === 0 ? upgraded : older).authenticate(bearer(key))))
    expect(decisions).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited', 'rate_limited'])
  })

  it("S2: on the Redis and prefix of the Redis stores, it leaves their keys' windows alone, and theirs leave its own", async () => {
    const redisStores = createRedisStores({ client, prefix: 'kw-s4-shared', persistenceWarning: false })
    const onRedis = createKeyward({ stores: redisStores })
    closing.push(onRedis)
    const onPostgres = instance(createRedisRateLimiter({ client, prefix: 'kw-s4-shared', keys: 'elsewhere' }))
    const inRedis = await onRedis.keys.create({ name: 'kept in Redis', limits: { perMinute: 3 } })
    const inPostgres = await onPostgres.keys.create({ name: 'kept in Postgres', limits: { perMinute: 3 } })
    const postgresDecisions: string[] = []
    for (let i = 0; i < 4; i++) postgresDecisions.push(code(await onPostgres.authenticate(bearer(inPostgres.key))))
    expect(postgresDecisions).toEqual(['ok', 'ok', 'ok', 'rate_limited'])
    const redisDecisions: string[] = []
    for (let i = 0; i < 4; i++) redisDecisions.push(code(await onRedis.authenticate(bearer(inRedis.key))))
    expect(redisDecisions).toEqual(['ok', 'ok', 'ok', 'rate_limited'])
    // The Redis key counts beside its record, under its hash's tag; the Postgres key under its id's.
    const counters = (await client.keys('kw-s4-shared:*')).filter((name) => name.endsWith(':rl'))
    expect(counters).toHaveLength(2)
    expect(counters).toContain(`kw-s4-shared:{id:${inPostgres.record.id}}:rl`)
    expect(counters.find((name) => !name.includes('{id:'))).toMatch(/^kw-s4-shared:\{[0-9a-f]{64}\}:rl$/)
  })

  it("a keys option other than 'redis' or 'elsewhere' is a TypeError naming it", () => {
    expect(() => createRedisRateLimiter({ client, keys: 'postgres' as never })).toThrow(
      new TypeError(`keyward/redis: option "keys" must be 'redis' or 'elsewhere' (got "postgres")`),
    )
  })
})
