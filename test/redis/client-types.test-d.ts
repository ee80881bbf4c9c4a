/**
 * Type-level: the clients users already have are accepted as they are, without casts, and the
 * public signatures of keyward/redis name no vendor type.
 */
import { expectTypeOf, test } from 'vitest'
import type { Cluster, Redis } from 'ioredis'
import type { RedisClientType, RedisClusterType } from 'redis'
import type { RedisClientLike, RedisStoresOptions } from '../../src/stores/redis/index.js'

test('ioredis Redis and Cluster, node-redis clients and clusters are RedisClientLike', () => {
  expectTypeOf<Redis>().toMatchTypeOf<RedisClientLike>()
  expectTypeOf<Cluster>().toMatchTypeOf<RedisClientLike>()
  expectTypeOf<RedisClientType>().toMatchTypeOf<RedisClientLike>()
  expectTypeOf<RedisClusterType>().toMatchTypeOf<RedisClientLike>()
  expectTypeOf<{ client: Redis }>().toMatchTypeOf<RedisStoresOptions>()
})

test('a plain object is not a client', () => {
  expectTypeOf<{ get(key: string): Promise<string | null> }>().not.toMatchTypeOf<RedisClientLike>()
})
