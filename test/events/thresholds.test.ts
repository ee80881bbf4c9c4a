/**
 * `usage.threshold` counts what `charge(n)` counts, and credits are measured against the balance
 * they were last set or refilled to (B9), on every store whose limiter answers the usage the
 * thresholds are read from: memory, Redis, and Postgres (keys there, limits in its limiter).
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { createKeyward, type Keyward } from '../../src/index.js'
import type { KeywardStores } from '../../src/core/types.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { buildRequest } from '../../src/testing.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { newSecret, type Receiver, startReceiver } from './receiver.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close().catch(() => undefined)
})

type Seen = [limit: string, fraction: number, used: number, max: number]

function thresholdSuite(name: string, stores: () => Promise<KeywardStores>) {
  describe(name, () => {
    let r: Receiver
    let secret: string

    async function keywardOn(): Promise<Keyward> {
      r = await startReceiver()
      open.push(r)
      secret = newSecret()
      const keyward = createKeyward({
        stores: await stores(),
        webhooks: { endpoints: [{ url: r.url, secret, events: ['usage.threshold'] }], pollIntervalMs: 50 },
        ownerLimits: { live: { perMonth: 100 } },
      })
      open.push(keyward)
      return keyward
    }

    /** Admits one request of `key`; returns its key context, to charge more on. */
    async function admit(keyward: Keyward, key: string) {
      const decision = await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }))
      if (!decision.ok) throw new Error(`refused: ${JSON.stringify(decision.error)}`)
      return decision.apiKey
    }

    /** The thresholds received once `count` have arrived and a while after (so none more), sorted. */
    async function received(count: number): Promise<Seen[]> {
      await r.waitFor(count)
      await new Promise((resolve) => setTimeout(resolve, 300))
      return seen()
    }

    function seen(): Seen[] {
      const hook = new Webhook(secret)
      return r.received
        .map((got) => {
          const { data } = hook.verify(got.body, got.headers) as { data: Record<string, any> }
          return [`${data.scope} ${data.limit}`, data.fraction, data.used, data.max] as Seen
        })
        .sort()
    }

    it('B9: units charged with charge(n) count toward usage.threshold, on a per-minute limit, a named limit and an owner quota', async () => {
      const keyward = await keywardOn()
      const minute = await keyward.keys.create({ name: 'per minute', limits: { perMinute: 10 } })
      const named = await keyward.keys.create({
        name: 'tokens',
        limits: [{ name: 'tokens', limit: 1000, window: '1h' }],
      })
      const owned = await keyward.keys.create({ name: 'owned', ownerId: `acct_${Date.now()}` })
      // Admitted at 1 unit each: far below 0.8 of any; the charges take them over it.
      await (await admit(keyward, minute.key)).charge(7)
      await (await admit(keyward, named.key)).charge(849)
      await (await admit(keyward, owned.key)).charge(84)
      expect(await received(3)).toEqual([
        ['key minute', 0.8, 8, 10],
        ['key tokens', 0.8, 850, 1000],
        ['owner month', 0.8, 85, 100],
      ])
    })

    it('B9: a charge that empties the credits sends usage.threshold for every fraction it crosses', async () => {
      const keyward = await keywardOn()
      const { key } = await keyward.keys.create({ name: 'credits', credits: { remaining: 10 } })
      await (await admit(keyward, key)).charge(500)
      expect(await received(2)).toEqual([
        ['key credits', 0.8, 10, 10],
        ['key credits', 1, 10, 10],
      ])
    })

    it('B9: credits are measured against the balance last set, not a refill still to come (25 set, 200,000 a month)', async () => {
      const keyward = await keywardOn()
      const { key } = await keyward.keys.create({
        name: 'trial',
        credits: { remaining: 25, refill: { amount: 200_000, every: 'month' } },
      })
      await admit(keyward, key)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(seen()).toEqual([])
      for (let i = 1; i < 20; i++) await admit(keyward, key)
      expect(await received(1)).toEqual([['key credits', 0.8, 20, 25]])
    })
  })
}

thresholdSuite('usage thresholds on the memory stores', async () => createMemoryStores())

describe.skipIf(redisUrl === null)('usage thresholds on Redis', () => {
  const prefix = uniquePrefix('thresholds')
  afterAll(async () => {
    if (redisUrl !== null) await deletePrefix(redisUrl, prefix)
  })
  let space = 0
  thresholdSuite('Redis', async () => {
    const client = await ioredisClient(redisUrl!)
    open.push({ close: async () => void client.disconnect() })
    return createRedisStores({ client, prefix: `${prefix}:${++space}` })
  })
})

describe.skipIf(!databaseAvailable())('usage thresholds on Postgres', () => {
  let db: TestDatabase
  withDatabase('thresholds', (database) => (db = database))
  thresholdSuite('Postgres', async () => {
    const pool = testPool(db.url)
    open.push({ close: () => pool.end() })
    return createPostgresStores({ pool, schema: db.schema })
  })
})
