/**
 * The Redis stores' outcome counters pass the analytics contract (N1, N2, N5), and each chunk
 * hash expires once its newest bucket is past retention, never before.
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createRedisStores, type RedisClientLike } from '../../src/stores/redis/index.js'
import { runAnalyticsContract } from '../contracts/analytics.contract.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('analytics')
const clients: { quit(): Promise<unknown> }[] = []

async function clientOf(kind: 'ioredis' | 'node-redis'): Promise<RedisClientLike> {
  const client = kind === 'ioredis' ? await ioredisClient(url!) : await nodeRedisClient(url!)
  clients.push(client)
  return client
}

afterAll(async () => {
  for (const client of clients) await client.quit()
  if (url) await deletePrefix(url, prefix)
})

describe.skipIf(url === null)('Redis outcome counters', () => {
  for (const kind of ['ioredis', 'node-redis'] as const) {
    runAnalyticsContract(`redis (${kind})`, async () => {
      const stores = createRedisStores({
        client: await clientOf(kind),
        prefix,
        time: 'caller',
        persistenceWarning: false,
      })
      return { stores, cleanup: () => stores.close() }
    })
  }

  it('N1: a chunk is kept until its newest bucket is past retention, and then expires', async () => {
    const client = await ioredisClient(url!)
    clients.push(client)
    const stores = createRedisStores({ client, prefix, persistenceWarning: false })
    const now = Date.UTC(2026, 2, 10, 12, 30, 0)
    const hour = Date.UTC(2026, 2, 10, 12, 0, 0)
    await stores.analytics.add(
      [
        {
          scope: 'owner',
          id: 'org_ttl',
          granularity: 'minute',
          time: now - 60_000,
          outcome: 'ok',
          requests: 2,
          units: 3,
        },
        // A minute bucket past 48 hours whose whole chunk is too: not written at all.
        {
          scope: 'owner',
          id: 'org_ttl',
          granularity: 'minute',
          time: hour - 49 * 3_600_000,
          outcome: 'ok',
          requests: 1,
          units: 1,
        },
      ],
      now,
      { source: 'ttl-test', sequence: 1 },
    )
    const key = `${prefix}:{an:owner:org_ttl}:minute:${hour}`
    const ttl = Number(await client.pttl(key))
    // The chunk holds 12:00–12:59; its last bucket leaves retention at 13:00 + 48 h.
    expect(ttl).toBeGreaterThan(48 * 3_600_000 + 30 * 60_000 - 5000)
    expect(ttl).toBeLessThanOrEqual(48 * 3_600_000 + 30 * 60_000)
    expect(await client.hgetall(key)).toEqual({ [`r:${now - 60_000}:ok`]: '2', [`u:${now - 60_000}:ok`]: '3' })
    const old = `${prefix}:{an:owner:org_ttl}:minute:${hour - 49 * 3_600_000}`
    expect(await client.exists(old)).toBe(0)
    await stores.close()
  })
})
