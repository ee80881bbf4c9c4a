/**
 * `stores.ready()` right after the client is created, as the README's Redis setup does it: the
 * client (no offline queue) is still connecting, so `ready()` waits for the connection within
 * its bound (R5) instead of failing on its first command; an unreachable Redis is a clear error
 * within the bound that never shows a password.
 */
import { Redis } from 'ioredis'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyward } from '../../src/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { type RedisProcess, freePort, privateServersAvailable, startRedisServer } from '../helpers/redis.js'

const available = privateServersAvailable()
/** Scheduling slack on a loaded machine; a hang would exceed it by far. */
const MARGIN_MS = 700

describe.skipIf(!available)('stores.ready() on a client that is still connecting (R5)', () => {
  let server: RedisProcess
  const closers: (() => unknown)[] = []
  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    for (const close of closers) await close()
    await server?.stop()
  })

  it('R5: the README setup, new Redis(url, { enableOfflineQueue: false, connectTimeout: 1000 }) then await stores.ready(), starts', async () => {
    const client = new Redis(server.url, { enableOfflineQueue: false, connectTimeout: 1000 })
    closers.push(() => client.disconnect())
    expect(client.status).not.toBe('ready')
    const stores = createRedisStores({ client, prefix: 'acme', persistenceWarning: false })
    await expect(stores.ready()).resolves.toBeUndefined()
    const keyward = createKeyward({ keyPrefix: 'acme', stores })
    const { key } = await keyward.keys.create({ name: 'first key' })
    expect(await keyward.authenticate({ authorization: `Bearer ${key}` })).toMatchObject({ ok: true })
  })

  it('R5: a node-redis client whose connect() is not awaited yet is waited for too', async () => {
    const client = createClient({ url: server.url, disableOfflineQueue: true, socket: { connectTimeout: 1000 } })
    client.on('error', () => {})
    const connecting = client.connect()
    closers.push(async () => {
      await connecting
      await client.quit()
    })
    const stores = createRedisStores({ client, prefix: 'acme-node', persistenceWarning: false })
    await expect(stores.ready()).resolves.toBeUndefined()
  })

  it('R5: a node-redis client never connected is refused at once, saying to await client.connect()', async () => {
    const client = createClient({ url: server.url, disableOfflineQueue: true })
    const stores = createRedisStores({ client, persistenceWarning: false })
    await expect(stores.ready()).rejects.toThrow(
      'the node-redis client is not connected: await client.connect() before stores.ready()',
    )
  })

  it('R5: an unreachable Redis rejects within the bound, naming the cause and never the password', async () => {
    const port = await freePort()
    const client = new Redis(`redis://app:s3cret-pw@127.0.0.1:${port}`, {
      enableOfflineQueue: false,
      connectTimeout: 1000,
    })
    client.on('error', () => {})
    closers.push(() => client.disconnect())
    const stores = createRedisStores({ client, timeoutMs: 500, persistenceWarning: false })
    const started = performance.now()
    const error = (await stores.ready().then(
      () => undefined,
      (e: unknown) => e,
    )) as Error & { code?: string }
    const elapsed = performance.now() - started
    expect(error?.message).toMatch(
      /^keyward\/redis: the Redis client did not connect within 500 ms \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
    )
    expect(error.code).toBe('store_timeout')
    expect(error.message).not.toContain('s3cret-pw')
    expect(elapsed).toBeGreaterThanOrEqual(450)
    expect(elapsed).toBeLessThan(500 + MARGIN_MS)
  })
})
