/**
 * The CLI tests' view of Redis: the shared test Redis (test/helpers/redis.ts), a prefix of their
 * own, and an in-process keyward on the same prefix, to see what the CLI wrote the way a service
 * instance would (authenticate, usage).
 */
import type { Redis } from 'ioredis'
import { createKeyward, type Keyward, type KeywardOptions } from '../../../src/keyward.js'
import { createRedisStores, type RedisStores } from '../../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, uniquePrefix } from '../../helpers/redis.js'

export interface InstanceOnPrefix {
  keyward: Keyward
  stores: RedisStores
  close(): Promise<void>
}

/**
 * A keyward instance on the CLI's Redis prefix, as a service instance would run it; with `prefix`
 * undefined, on the stores' default prefix, as an app that passes none.
 */
export async function instanceOn(
  url: string,
  prefix: string | undefined,
  options: KeywardOptions = {},
): Promise<InstanceOnPrefix> {
  const client: Redis = await ioredisClient(url)
  const stores = createRedisStores(prefix === undefined ? { client } : { client, prefix })
  const keyward = createKeyward({ ...options, stores })
  // As an app starts: the stores' checks, and its key prefix recorded for the command line.
  await stores.ready()
  return {
    keyward,
    stores,
    async close() {
      await keyward.close()
      client.disconnect()
    },
  }
}

/** Every value stored under `prefix`, as text: to show that no full key was ever written (K3). */
export async function everythingUnder(url: string, prefix: string): Promise<string> {
  const client = await ioredisClient(url)
  try {
    const parts: string[] = []
    let cursor = '0'
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
      cursor = next
      for (const key of keys) {
        const type = await client.type(key)
        if (type === 'string') parts.push(key, String(await client.get(key)))
        else if (type === 'hash') parts.push(key, JSON.stringify(await client.hgetall(key)))
        else if (type === 'list') parts.push(key, JSON.stringify(await client.lrange(key, 0, -1)))
        else if (type === 'zset') parts.push(key, JSON.stringify(await client.zrange(key, 0, -1)))
        else parts.push(key, type)
      }
    } while (cursor !== '0')
    return parts.join('\n')
  } finally {
    client.disconnect()
  }
}

export { deletePrefix, uniquePrefix }
