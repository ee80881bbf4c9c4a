/**
 * Webhook endpoints are isolated (B4): one endpoint that never answers holds only its own
 * deliveries; a healthy endpoint beside it gets every event at once, on every store's outbox.
 * Real HTTP receivers on free ports; the bound is a behaviour bound, not a benchmark.
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { createKeyward, type Keyward } from '../../src/index.js'
import type { KeywardStores } from '../../src/core/types.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { newSecret, type Receiver, startReceiver } from './receiver.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
const EVENTS = 60

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close().catch(() => undefined)
})

async function receiver(): Promise<Receiver> {
  const r = await startReceiver()
  open.push(r)
  return r
}

function isolationSuite(name: string, stores: () => Promise<KeywardStores>) {
  describe(name, () => {
    it('B4: with one endpoint that never answers (timeout 500 ms), a healthy endpoint receives all 60 events within 2 s', async () => {
      const silent = await receiver()
      silent.fallback = 'hang'
      const healthy = await receiver()
      const secret = newSecret()
      const keyward: Keyward = createKeyward({
        stores: await stores(),
        onError: () => undefined,
        webhooks: {
          // The silent endpoint first: its deliveries are due as early as the healthy one's.
          endpoints: [
            { url: silent.url, secret: newSecret() },
            { url: healthy.url, secret },
          ],
          timeoutMs: 500,
        },
      })
      open.push(keyward)
      // One event first, so the first HTTP connection and the code's first run are not timed.
      await keyward.events.emit({ type: 'key.leaked', data: { keyId: 'key_warm', source: 'test' } })
      await healthy.waitFor(1)
      healthy.received.length = 0
      const started = performance.now()
      for (let i = 0; i < EVENTS; i++) {
        await keyward.events.emit({ type: 'key.leaked', data: { keyId: `key_${i}`, source: 'test' } })
      }
      const got = await healthy.waitFor(EVENTS, 2000).catch((error: Error) => {
        throw new Error(`${error.message} after ${Math.round(performance.now() - started)} ms`)
      })
      console.info(
        `B4 (${name}): ${EVENTS} events at the healthy endpoint in ${Math.round(performance.now() - started)} ms`,
      )
      const hook = new Webhook(secret)
      const keyIds = got.map((one) => (hook.verify(one.body, one.headers) as { data: { keyId: string } }).data.keyId)
      expect(new Set(keyIds).size).toBe(EVENTS)
      // The silent endpoint is still being tried with its own slots.
      expect(silent.received.length).toBeGreaterThan(0)
    })
  })
}

isolationSuite('on the memory outbox', async () => createMemoryStores())

describe.skipIf(redisUrl === null)('on the Redis outbox', () => {
  const prefix = uniquePrefix('webhooks-isolation')
  afterAll(async () => {
    if (redisUrl !== null) await deletePrefix(redisUrl, prefix)
  })
  isolationSuite('Redis', async () => {
    const client = await ioredisClient(redisUrl!)
    open.push({ close: async () => void client.disconnect() })
    return createRedisStores({ client, prefix })
  })
})

describe.skipIf(!databaseAvailable())('on the Postgres outbox', () => {
  let db: TestDatabase
  withDatabase('webhooks_isolation', (database) => (db = database))
  isolationSuite('Postgres', async () => {
    const pool = testPool(db.url)
    open.push({ close: () => pool.end() })
    return createPostgresStores({ pool, schema: db.schema })
  })
})
