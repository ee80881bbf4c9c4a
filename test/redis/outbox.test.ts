/** The outbox contract on a real Redis, with both client libraries (W1). */
import { afterAll, describe, inject } from 'vitest'
import { createRedisStores, type RedisClientLike } from '../../src/stores/redis/index.js'
import { runOutboxContract } from '../contracts/outbox.contract.js'
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
