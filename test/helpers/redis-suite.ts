/** Suite-level helpers for Redis tests (vitest hooks; kept apart from the global-setup helpers). */
import type { Redis } from 'ioredis'
import { afterAll, beforeAll } from 'vitest'
import { type RedisProcess, deletePrefix, ioredisClient, startRedisServer } from './redis.js'

/**
 * Inside a `describe`: opens an ioredis client on `url` before the suite, hands it to `use`, and
 * after the suite closes it and deletes every key under `prefix`.
 */
export function withIoredisClient(url: string, prefix: string, use: (client: Redis) => void): void {
  let client: Redis | undefined
  beforeAll(async () => {
    client = await ioredisClient(url)
    use(client)
  })
  afterAll(async () => {
    client?.disconnect()
    await deletePrefix(url, prefix)
  })
}

/**
 * Inside a `describe`: starts a private redis-server (one the suite may restart, flush or
 * freeze) and an ioredis client on it before the suite, hands both to `use`, and stops both after.
 */
export function withPrivateRedis(use: (server: RedisProcess, client: Redis) => void): void {
  let server: RedisProcess | undefined
  let client: Redis | undefined
  beforeAll(async () => {
    server = await startRedisServer()
    client = await ioredisClient(server.url)
    use(server, client)
  })
  afterAll(async () => {
    client?.disconnect()
    await server?.stop()
  })
}
