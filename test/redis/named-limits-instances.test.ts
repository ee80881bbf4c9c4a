/**
 * Two keyward instances (one ioredis, one node-redis) on one Redis, with owner limits: keys with
 * their own named limits and a key on per-minute limits of the same owner, under 400 concurrent
 * requests. Every limit holds exactly, and what was refused counted nowhere (M1, M4, O7).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { namedLimitsOf } from '../../src/core/key-limits.js'
import { ownerCounterId } from '../../src/core/limits-math.js'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { type RedisStores, createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('named-instances')

describe.skipIf(url === null)('named limits on two instances sharing one Redis', () => {
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  let storesA: RedisStores
  let a: Keyward
  let b: Keyward

  beforeAll(async () => {
    io = await ioredisClient(url!)
    nodeRedis = await nodeRedisClient(url!)
    storesA = createRedisStores({ client: io, prefix })
    const ownerLimits = { live: { perMonth: 30 } }
    a = createKeyward({ stores: storesA, ownerLimits, failedAuthLimit: 0 })
    b = createKeyward({ stores: createRedisStores({ client: nodeRedis, prefix }), ownerLimits, failedAuthLimit: 0 })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await io?.quit()
    await nodeRedis?.quit()
    await deletePrefix(url!, prefix)
  })

  it('M4/O7: 400 concurrent requests over three named limits and an owner quota admit exactly what every limit allows; nothing refused is counted', async () => {
    const ownerId = `acct-${Date.now()}`
    const limits = [
      { name: 'burst', limit: 12, window: '10s' },
      { name: 'hourly', limit: 40, window: '1h' },
      { name: 'month', limit: 100, window: { month: { day: 15 } } },
    ]
    const first = await a.keys.create({ name: 'first', ownerId, limits })
    const second = await b.keys.create({ name: 'second', ownerId, limits })
    const plain = await a.keys.create({ name: 'plain', ownerId })
    const keys = [first, second, plain]
    const decisions = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        (i % 2 === 0 ? a : b).authenticate({ authorization: `Bearer ${keys[i % 3]!.key}` }),
      ),
    )
    const admitted = keys.map((_, k) => decisions.filter((d, i) => i % 3 === k && d.ok).length)
    expect(admitted.reduce((sum, n) => sum + n, 0)).toBe(30)
    expect(admitted[0]).toBeLessThanOrEqual(12)
    expect(admitted[1]).toBeLessThanOrEqual(12)
    const refused = decisions.filter((d): d is Extract<AuthDecision, { ok: false }> => !d.ok)
    expect(new Set(refused.map((d) => d.response.status))).toEqual(new Set([429]))

    // What the limits hold is exactly what was admitted.
    const limiter = storesA.limiter
    for (const [k, created] of [first, second].entries()) {
      const group = { id: created.record.id, scope: 'key' as const, limits: namedLimitsOf(created.record.limits)! }
      const held = await limiter.peekMeter([group], 1, Date.now())
      expect(held.limits.map((l) => l.limit - l.remaining)).toEqual([admitted[k], admitted[k], admitted[k]])
    }
    const owner = await limiter.peek(
      ownerCounterId(ownerId, 'live'),
      { perMinute: Number.MAX_SAFE_INTEGER, perMonth: 30 },
      Date.now(),
    )
    expect(owner.month).toMatchObject({ limit: 30, remaining: 0 })
    const next = await b.authenticate({ authorization: `Bearer ${plain.key}` })
    expect(next.ok ? 200 : next.response.status).toBe(429)
  })
})
