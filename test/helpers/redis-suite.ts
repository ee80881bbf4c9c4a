/** Suite-level helpers for Redis tests (vitest hooks; kept apart from the global-setup helpers). */
import type { Redis } from 'ioredis'
import { afterAll, beforeAll } from 'vitest'
import { deletePrefix, ioredisClient } from './redis.js'

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

