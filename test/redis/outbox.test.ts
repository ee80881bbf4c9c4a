/** The outbox contract on a real Redis, with both client libraries (W1), and the upgrade of its older layout (B4). */
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createRedisStores, type RedisClientLike } from '../../src/stores/redis/index.js'
import { T0 } from '../contracts/fixtures.js'
import { makeDelivery, runOutboxContract } from '../contracts/outbox.contract.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const closers: (() => Promise<unknown>)[] = []

async function outboxOf(kind: 'ioredis' | 'node-redis', prefix: string) {
  const client: RedisClientLike & { quit(): Promise<unknown> } =
    kind === 'ioredis' ? await ioredisClient(url!) : await nodeRedisClient(url!)
  closers.push(() => client.quit())
  const stores = createRedisStores({ client, prefix, time: 'caller' })
  return {
    outbox: stores.outbox,
    cleanup: async () => {
      await stores.close()
      await deletePrefix(url!, prefix)
    },
  }
}

afterAll(async () => {
  for (const close of closers) await close()
})

describe.skipIf(url === null)('Redis outbox', () => {
  for (const kind of ['ioredis', 'node-redis'] as const) {
    runOutboxContract(`redis (${kind})`, () => outboxOf(kind, uniquePrefix(`outbox-${kind}`)))
  }
})

describe.skipIf(url === null)('Redis outbox after an upgrade', () => {
  it('B4: deliveries an older keyward queued in one queue for every endpoint are claimed by their endpoint, due as they were', async () => {
    const prefix = uniquePrefix('outbox-upgrade')
    const client = await ioredisClient(url!)
    closers.push(() => client.quit())
    const { outbox, cleanup } = await outboxOf('ioredis', prefix)
    try {
      const base = `${prefix}:{outbox}`
      const first = makeDelivery(T0, { endpointUrl: 'http://127.0.0.1:9/first' })
      const second = makeDelivery(T0 + 10, { endpointUrl: 'http://127.0.0.1:9/second' })
      // As keyward 0.1.0 wrote them: the delivery's hash and one due queue for every endpoint.
      for (const d of [first, second]) {
        const fields = Object.entries(d).flatMap(([name, value]) => [name, value === null ? '' : String(value)])
        await client.hset(`${base}:d:${d.id}`, ...fields)
        await client.zadd(`${base}:due`, d.nextAttemptAt, d.id)
      }
      expect(await outbox!.claim('a', T0 + 10, T0 + 5000, 10, 'http://127.0.0.1:9/second')).toEqual([
        { ...second, nextAttemptAt: T0 + 5000 },
      ])
      expect(await outbox!.claim('a', T0 + 10, T0 + 5000, 10, 'http://127.0.0.1:9/first')).toEqual([
        { ...first, nextAttemptAt: T0 + 5000 },
      ])
      expect(await client.zcard(`${base}:due`)).toBe(0)
    } finally {
      await cleanup()
    }
  })
})
