/**
 * B7: every entry point that takes a cost checks it the same way. `authenticate(request, { cost })`
 * and `charge(units)` take an integer from 0 to 1,000,000 or throw a TypeError naming the option and
 * the rule, before anything is spent: the key's credits and its per-minute window stay as they were,
 * on the memory store and on Redis.
 */
import type { Redis } from 'ioredis'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type AuthDecision, type AuthSuccess, createKeyward, type Keyward } from '../../src/index.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const BAD_COSTS: unknown[] = [1.5, -1, Number.NaN, 1_000_001, '2']
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const shown = (cost: unknown) => (typeof cost === 'string' ? JSON.stringify(cost) : String(cost))

/** What a request shows of the key's balance: its status, credits left and requests left this minute. */
function balance(decision: AuthDecision) {
  const headers = decision.ok ? decision.headers : decision.response.headers
  return {
    status: decision.ok ? 200 : decision.response.status,
    credits: headers['X-Credits-Remaining'],
    minute: headers['X-RateLimit-Remaining'],
  }
}

function costCases(keywardOf: () => Promise<Keyward>) {
  async function creditedKey(keyward: Keyward) {
    const { key } = await keyward.keys.create({
      name: 'priced',
      limits: { perMinute: 100 },
      credits: { remaining: 10 },
    })
    return key
  }

  for (const cost of BAD_COSTS) {
    it(`B7: authenticate(request, { cost: ${shown(cost)} }) throws a TypeError naming "cost" and the rule; nothing is spent`, async () => {
      const keyward = await keywardOf()
      const key = await creditedKey(keyward)
      expect(() => keyward.authenticate(bearer(key), { cost: cost as number })).toThrow(
        expect.objectContaining({
          name: 'TypeError',
          message: expect.stringMatching(
            /^keyward: authenticate\(\) option "cost" must be an integer from 0 to 1,000,000 \(got .+\)$/,
          ),
        }),
      )
      // The first request that counts: one credit and one request of the minute gone, no more.
      expect(balance(await keyward.authenticate(bearer(key)))).toEqual({ status: 200, credits: '9', minute: '99' })
    })

    it(`B7: charge(${shown(cost)}) throws a TypeError naming its units and the rule; nothing is spent`, async () => {
      const keyward = await keywardOf()
      const key = await creditedKey(keyward)
      const admitted = (await keyward.authenticate(bearer(key))) as AuthSuccess
      expect(balance(admitted)).toEqual({ status: 200, credits: '9', minute: '99' })
      expect(() => admitted.apiKey.charge(cost as number)).toThrow(
        expect.objectContaining({
          name: 'TypeError',
          message: expect.stringMatching(
            /^keyward: charge\(units\) must be an integer from 0 to 1,000,000 \(got .+\)$/,
          ),
        }),
      )
      expect(balance(await keyward.authenticate(bearer(key)))).toEqual({ status: 200, credits: '8', minute: '98' })
    })
  }

  it('B7: the bounds themselves are costs: 0 and 1,000,000 are taken, and 0 spends nothing', async () => {
    const keyward = await keywardOf()
    const key = await creditedKey(keyward)
    expect(balance(await keyward.authenticate(bearer(key), { cost: 0 }))).toEqual({
      status: 200,
      credits: '10',
      minute: '100',
    })
    // More than the key holds: refused for its limits, counted nowhere, and not a TypeError.
    expect(balance(await keyward.authenticate(bearer(key), { cost: 1_000_000 })).status).toBe(429)
    expect(balance(await keyward.authenticate(bearer(key)))).toEqual({ status: 200, credits: '9', minute: '99' })
  })
}

describe('a cost is checked at every entry point, memory store (B7)', () => {
  costCases(async () => createKeyward({ stores: createMemoryStores(), failedAuthLimit: 0 }))
})

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('a cost is checked at every entry point, Redis store (B7)', () => {
  const clients: Redis[] = []
  const prefixes: string[] = []
  afterAll(async () => {
    for (const client of clients) client.disconnect()
    for (const prefix of prefixes) await deletePrefix(url!, prefix)
  })
  costCases(async () => {
    const client = await ioredisClient(url!)
    clients.push(client)
    const prefix = uniquePrefix('cost-check')
    prefixes.push(prefix)
    return createKeyward({ stores: createRedisStores({ client, prefix }), failedAuthLimit: 0 })
  })
})
