/**
 * K3: the full key is never written to Redis. Keys are created, used, rotated and revoked through
 * the core on the Redis stores (with a pepper, and without), usage is recorded, and then every key
 * name and every value under the prefix is read back and searched for any full key, or even its
 * 32 random characters.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { createKeyward } from '../../src/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { hashKey } from '../../src/core/key-format.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('no-full-key')

/** Every key under the prefix with its whole content as text. */
async function dump(client: Redis): Promise<Map<string, string>> {
  const contents = new Map<string, string>()
  let cursor = '0'
  do {
    const [next, names] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
    cursor = next
    for (const name of names) {
      const type = await client.type(name)
      let value: unknown
      if (type === 'string') value = await client.get(name)
      else if (type === 'hash') value = await client.hgetall(name)
      else if (type === 'list') value = await client.lrange(name, 0, -1)
      else if (type === 'zset') value = await client.zrange(name, 0, -1, 'WITHSCORES')
      else if (type === 'set') value = await client.smembers(name)
      else throw new Error(`unexpected type ${type} of ${name}`)
      contents.set(name, JSON.stringify(value))
    }
  } while (cursor !== '0')
  return contents
}

describe.skipIf(url === null)('no full key in Redis (K3)', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  it('K3: after create, authenticate, usage, rotate and revoke, no key name or value holds a full key or its random part', async () => {
    const secrets: string[] = []
    const hashes: string[] = []
    for (const pepper of [null, 'pepper-for-tests']) {
      const stores = createRedisStores({ client, prefix })
      const keyward = createKeyward({ stores, pepper })
      for (const keyType of ['live', 'test'] as const) {
        const { key, record } = await keyward.keys.create({
          name: `${keyType} key`,
          keyType,
          scopes: ['ip'],
          limits: { perMinute: 50 },
        })
        secrets.push(key)
        hashes.push(hashKey(key, pepper))
        for (let i = 0; i < 3; i++) {
          const decision = await keyward.authenticate({ authorization: `Bearer ${key}` }, { scopes: ['ip'] })
          if (!decision.ok) throw new Error(JSON.stringify(decision.error))
          keyward.recordUsage(decision.apiKey, {
            method: 'GET',
            path: '/api/v1/ip/lookup',
            status: 200,
            ip: '198.51.100.4',
          })
        }
        // The legacy header and a forbidden route go through the same script.
        await keyward.authenticate({ apiKey: key })
        await keyward.authenticate({ authorization: `Bearer ${key}` }, { scopes: ['email'] })
        const rotated = await keyward.keys.rotate(record.id, { gracePeriodMs: 60_000 })
        secrets.push(rotated.key)
        hashes.push(hashKey(rotated.key, pepper))
        await keyward.authenticate({ authorization: `Bearer ${rotated.key}` })
        await keyward.keys.revoke(rotated.record.id)
      }
      await keyward.close()
    }

    const contents = await dump(client)
    const everything = [...contents].map(([name, value]) => `${name}\n${value}`).join('\n')
    // The scan saw the data: every stored hash is there (so the search below is not vacuous).
    for (const hash of hashes) expect(everything).toContain(hash)
    expect(contents.size).toBeGreaterThanOrEqual(8 * 3)
    for (const secret of secrets) {
      const randomPart = secret.slice('svc_live_'.length, 'svc_live_'.length + 32)
      expect(everything.includes(secret), 'a full key is stored').toBe(false)
      expect(everything.includes(randomPart), 'the random part of a key is stored').toBe(false)
    }
  })
})
