/**
 * A10: the dashboard counts an attempt before its guard runs and gives the count back when the
 * guard admits. 50 wrong tokens and the right one sent at once from one address never run the
 * guard for more refusals than the limit, on every store: memory, Redis, and Postgres (whose
 * stores count in the limiter given: memory by default, Redis for a fleet). B6: only refusals
 * count, so a burst of valid requests is never answered 429.
 */
import type { Redis } from 'ioredis'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { bearerTokenGuard, createDashboard, type Dashboard, type DashboardRequest } from '../../src/dashboard/index.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisRateLimiter, createRedisStores } from '../../src/stores/redis/index.js'
import { generateRequestId } from '../../src/core/responses.js'
import type { KeywardResponse, KeywardStores } from '../../src/core/types.js'
import { databaseAvailable, type TestDatabase, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { TOKEN } from './support.js'

const LIMIT = 50
const RIGHT = { authorization: `Bearer ${TOKEN}` }
const WRONG = { authorization: `Bearer ${TOKEN}-wrong` }

function show(response: KeywardResponse): string {
  return `${response.status} ${JSON.stringify(response.headers)} ${response.body}`
}

const opened: Keyward[] = []
afterAll(async () => {
  for (const keyward of opened) await keyward.close().catch(() => undefined)
})

/**
 * A dashboard with `bearerTokenGuard(TOKEN)` that counts how often its guard runs; with `delayMs`,
 * the guard answers that much later, as a host's guard that looks a session up does.
 */
function countingDashboard(keyward: Keyward, failedAuthLimit = LIMIT, delayMs = 0) {
  opened.push(keyward)
  const guard = bearerTokenGuard(TOKEN)
  let runs = 0
  const dashboard: Dashboard = createDashboard(keyward, {
    failedAuthLimit,
    authorize: async (request) => {
      runs++
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      return guard(request)
    },
  })
  const send = (headers: DashboardRequest['headers'], ip: string) =>
    dashboard.handle({
      method: 'GET',
      path: '/api-keys',
      query: '',
      headers,
      body: null,
      bodyTooLarge: false,
      requestId: generateRequestId(),
      ip,
    })
  return { send, runs: () => runs }
}

let nextAddress = 1
const freshAddress = () => `198.51.100.${nextAddress++}`

/** The cases every store must pass; `keywardOf` makes an instance on the store under test. */
function raceCases(keywardOf: () => Promise<Keyward>) {
  it(`A10 B6: ${LIMIT} wrong tokens and the right one sent at once from one address run the guard for at most ${LIMIT} refusals; the right token is not admitted past the limit`, async () => {
    const t = countingDashboard(await keywardOf())
    const ip = freshAddress()
    const sent = [...Array.from({ length: LIMIT }, () => t.send(WRONG, ip)), t.send(RIGHT, ip)]
    const answers = await Promise.all(sent)
    const right = answers.at(-1)!
    const statuses = answers.map((response) => response.status)
    // Only refusals are limited: the right token's run, when it came early, gives its count back.
    expect(statuses.filter((status) => status === 401).length, statuses.join(',')).toBeLessThanOrEqual(LIMIT)
    expect(t.runs(), statuses.join(',')).toBeLessThanOrEqual(LIMIT + (right.status === 200 ? 1 : 0))
    // Every answer but those the guard gave is the limit's 429, the right token's included when it came late.
    expect(statuses.filter((status) => status === 401 || status === 200).length, statuses.join(',')).toBe(t.runs())
    expect(statuses.filter((status) => status === 429).length, statuses.join(',')).toBe(LIMIT + 1 - t.runs())
    expect([200, 429], show(right)).toContain(right.status)
    if (right.status === 429) expect(Number(right.headers['Retry-After'])).toBeGreaterThan(0)
    // Past the limit the address is refused without the guard, the right token included.
    const after = await t.send(RIGHT, ip)
    expect(after.status, show(after)).toBe(429)
    expect(JSON.parse(after.body).error.code).toBe('rate_limited')
    expect(t.runs()).toBe(statuses.filter((status) => status === 401 || status === 200).length)
  })

  for (const delayMs of [0, 20]) {
    it(`B6: 30, then 100 valid requests sent at once from one address (limit 10, a guard answering in ${delayMs} ms) all get in, none 429; refused requests are then limited as before`, async () => {
      const t = countingDashboard(await keywardOf(), 10, delayMs)
      const ip = freshAddress()
      for (const burst of [30, 100]) {
        const answers = await Promise.all(Array.from({ length: burst }, () => t.send(RIGHT, ip)))
        const statuses = answers.map((response) => response.status)
        expect(
          statuses.filter((status) => status !== 200),
          answers
            .filter((response) => response.status !== 200)
            .map(show)
            .slice(0, 3)
            .join('\n'),
        ).toEqual([])
      }
      expect(t.runs()).toBe(130)
      // The admitted burst left no count behind: the address still has its 10 refusals, then 429.
      for (let i = 0; i < 10; i++) {
        const wrong = await t.send(WRONG, ip)
        expect(wrong.status, show(wrong)).toBe(401)
      }
      for (const headers of [WRONG, RIGHT]) {
        const limited = await t.send(headers, ip)
        expect(limited.status, show(limited)).toBe(429)
        expect(Number(limited.headers['Retry-After'])).toBeGreaterThan(0)
      }
      expect(t.runs()).toBe(140)
    })
  }

  it('B6 A10: a burst of wrong tokens among valid requests still runs the guard at most the limit for the wrong ones; every valid request gets in until the refusals fill the limit', async () => {
    const t = countingDashboard(await keywardOf(), 10, 5)
    const ip = freshAddress()
    const sent = Array.from({ length: 60 }, (_, i) => t.send(i % 3 === 0 ? WRONG : RIGHT, ip))
    const answers = await Promise.all(sent)
    const wrong = answers.filter((_, i) => i % 3 === 0).map((response) => response.status)
    const right = answers.filter((_, i) => i % 3 !== 0).map((response) => response.status)
    // 20 wrong tokens: 10 refused by the guard, the rest limited.
    expect(wrong.filter((status) => status === 401).length, wrong.join(',')).toBe(10)
    expect(wrong.filter((status) => status === 429).length, wrong.join(',')).toBe(10)
    // A valid request is refused only once the refusals have filled the limit, never for the valid ones beside it.
    expect(
      right.every((status) => status === 200 || status === 429),
      right.join(','),
    ).toBe(true)
    expect(t.runs()).toBe(10 + right.filter((status) => status === 200).length)
  })

  it('A10: sent one after another, a right token gives its count back: 3 right then 49 wrong leave one attempt, which the right token still gets', async () => {
    const t = countingDashboard(await keywardOf())
    const ip = freshAddress()
    for (let i = 0; i < 3; i++) expect((await t.send(RIGHT, ip)).status).toBe(200)
    for (let i = 0; i < LIMIT - 1; i++) expect((await t.send(WRONG, ip)).status).toBe(401)
    const last = await t.send(RIGHT, ip)
    expect(last.status, show(last)).toBe(200)
    const wrong = await t.send(WRONG, ip)
    expect(wrong.status, show(wrong)).toBe(401)
    const blocked = await t.send(RIGHT, ip)
    expect(blocked.status, show(blocked)).toBe(429)
    expect(t.runs()).toBe(3 + LIMIT - 1 + 2)
  })
}

describe('dashboard refusal limit under concurrency, memory store (A10)', () => {
  raceCases(async () => createKeyward({ stores: createMemoryStores() }))

  it('B6: a request that finds every attempt held by a guard slower than 5 s gets 503 with Retry-After: 1, not 429, and the address is not blocked', async () => {
    const t = countingDashboard(createKeyward({ stores: createMemoryStores() }), 1, 5600)
    const ip = freshAddress()
    const slow = t.send(RIGHT, ip)
    const started = Date.now()
    const waited = await t.send(RIGHT, ip)
    expect(waited.status, show(waited)).toBe(503)
    expect(waited.headers['Retry-After']).toBe('1')
    expect(JSON.parse(waited.body).error.code).toBe('service_unavailable')
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900)
    expect((await slow).status).toBe(200)
    const after = await t.send(RIGHT, ip)
    expect(after.status, show(after)).toBe(200)
    expect(t.runs()).toBe(2)
  }, 15_000)

  it('A10: createDashboard() with failedAuthLimit on and a limiter without reserve() throws a TypeError naming the option', () => {
    const memory = createMemoryStores()
    const { reserve: _, ...limiter } = memory.limiter
    const keyward = createKeyward({ stores: { ...memory, limiter } as KeywardStores })
    expect(() => createDashboard(keyward, { authorize: () => true })).toThrow(
      expect.objectContaining({
        name: 'TypeError',
        message: expect.stringContaining('"failedAuthLimit" needs a stores.limiter with reserve()'),
      }),
    )
    expect(() => createDashboard(keyward, { authorize: () => true, failedAuthLimit: 0 })).not.toThrow()
  })
})

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('dashboard refusal limit under concurrency, Redis store (A10)', () => {
  const clients: Redis[] = []
  const prefixes: string[] = []
  afterAll(async () => {
    for (const client of clients) client.disconnect()
    for (const prefix of prefixes) await deletePrefix(url!, prefix)
  })
  async function redisKeyward(): Promise<Keyward> {
    const client = await ioredisClient(url!)
    clients.push(client)
    const prefix = uniquePrefix('refusal-race')
    prefixes.push(prefix)
    return createKeyward({ stores: createRedisStores({ client, prefix }) })
  }
  raceCases(redisKeyward)
})

describe.skipIf(!databaseAvailable())('dashboard refusal limit under concurrency, Postgres store (A10)', () => {
  let db: TestDatabase
  withDatabase('refusal_race', (database) => (db = database))

  describe('with its default limiter (memory)', () => {
    raceCases(async () => createKeyward({ stores: createPostgresStores({ pool: db.pool, schema: db.schema }) }))
  })

  describe.skipIf(url === null)('with a Redis limiter (keys elsewhere)', () => {
    const clients: Redis[] = []
    const prefixes: string[] = []
    afterAll(async () => {
      for (const client of clients) client.disconnect()
      for (const prefix of prefixes) await deletePrefix(url!, prefix)
    })
    raceCases(async () => {
      const client = await ioredisClient(url!)
      clients.push(client)
      const prefix = uniquePrefix('refusal-race-pg')
      prefixes.push(prefix)
      const limiter = createRedisRateLimiter({ client, prefix, keys: 'elsewhere' })
      return createKeyward({ stores: createPostgresStores({ pool: db.pool, schema: db.schema, limiter }) })
    })
  })
})
