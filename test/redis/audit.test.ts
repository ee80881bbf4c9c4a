/** The audit trail on a real Redis passes the shared AuditLog contract (N4, N5), with both client libraries. */
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createRedisStores, type RedisClientLike } from '../../src/stores/redis/index.js'
import type { AuditLogOptions } from '../../src/core/audit.js'
import { runAuditLogContract } from '../contracts/audit-log.contract.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('audit')
const opened: { close: () => Promise<unknown> }[] = []

async function clientOf(kind: 'ioredis' | 'node-redis'): Promise<RedisClientLike> {
  const client = kind === 'ioredis' ? await ioredisClient(url!) : await nodeRedisClient(url!)
  opened.push({ close: () => client.quit() })
  return client
}

afterAll(async () => {
  for (const client of opened) await client.close()
  if (url) await deletePrefix(url, prefix)
})

describe.skipIf(url === null)('Redis audit trail', () => {
  for (const kind of ['ioredis', 'node-redis'] as const) {
    const client = url === null ? undefined : clientOf(kind)
    runAuditLogContract(`redis (${kind})`, async (options?: AuditLogOptions) => {
      const stores = createRedisStores({ client: (await client)!, prefix: `${prefix}:${kind}`, audit: options })
      return { log: stores.audit, cleanup: () => stores.close() }
    })
  }

  it('removes an expired entry from its owner and key sets too, leaving no empty set behind (N4)', async () => {
    const client = await clientOf('ioredis')
    const own = `${prefix}:sets`
    const stores = createRedisStores({ client, prefix: own, audit: { retentionDays: 1, retentionIntervalMs: 0 } })
    const time = new Date(Date.UTC(2026, 0, 1)).toISOString()
    await stores.audit.append({
      id: 'aud_x',
      time,
      action: 'created',
      actor: 'cli',
      keyId: 'key_a',
      ownerId: 'org_a',
      fields: [],
    })
    expect(await stores.audit.deleteExpired(Date.UTC(2026, 0, 3))).toBe(1)
    const call = (client as unknown as { call(...args: string[]): Promise<unknown> }).call.bind(client)
    expect(await call('EXISTS', `${own}:audit`, `${own}:audit-owner:org_a`, `${own}:audit-key:key_a`)).toBe(0)
    await stores.close()
  })

  it('refuses a bad retention option with a TypeError naming it', async () => {
    const client = await clientOf('ioredis')
    expect(() => createRedisStores({ client, prefix, audit: { retentionIntervalMs: -1 } })).toThrow(
      /"audit.retentionIntervalMs"/,
    )
  })
})
