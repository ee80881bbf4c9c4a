/**
 * The Lua limit script mirrors `src/core/limits-math.ts` and the memory limiter exactly (L2, L4, L4b):
 * random sequences of consumes and peeks, with the clock jumping forward, stepping back and
 * crossing month ends, get the same decision from Redis as from memory, field for field.
 */
import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { nextUtcMonthStartSeconds } from '../../src/core/limits-math.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { createRedisRateLimiter } from '../../src/stores/redis/index.js'
import type { LimitPolicy } from '../../src/core/types.js'
import { randomKeyId } from '../contracts/fixtures.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('limits-equivalence')

const POLICIES: LimitPolicy[] = [
  { perMinute: 1, perMonth: null },
  { perMinute: 3, perMonth: null },
  { perMinute: 3, perMonth: 5 },
  { perMinute: 5, perMonth: 2 },
  { perMinute: 1000, perMonth: 4 },
]

/** Instants around which months turn: mid-month, 31 Dec → 1 Jan, 29 Feb → 1 Mar of a leap year. */
const STARTS = [Date.UTC(2026, 2, 10, 12), Date.UTC(2026, 11, 31, 23, 59, 30), Date.UTC(2028, 1, 29, 23, 59, 45)]

// Mostly forward, sometimes a big jump, sometimes a step back (a wall clock set back).
const clockStep = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 3_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 3_000, max: 90_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: -70_000, max: -1 }) },
)

const step = fc.record({ consume: fc.boolean(), dt: clockStep, policy: fc.constantFrom(...POLICIES) })

describe.skipIf(url === null)('Lua limits = memory limits (L2, L4, L4b)', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  it('L2/L4: every decision of the Redis limiter equals the memory limiter’s for random request sequences', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STARTS),
        fc.array(step, { minLength: 1, maxLength: 50 }),
        async (start, steps) => {
          const memory = createMemoryRateLimiter()
          const keyId = randomKeyId()
          let now = start
          for (const { consume, dt, policy } of steps) {
            now += dt
            const expected = consume ? memory.consume(keyId, policy, now) : memory.peek(keyId, policy, now)
            const actual = consume ? await redis.consume(keyId, policy, now) : await redis.peek(keyId, policy, now)
            expect(
              actual,
              `${consume ? 'consume' : 'peek'} at ${new Date(now).toISOString()} ${JSON.stringify(policy)}`,
            ).toEqual(expected)
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('M2, M4: with random costs (0 to beyond a limit) every decision of the Redis limiter equals the memory limiter’s', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const costly = fc.record({
      consume: fc.boolean(),
      dt: clockStep,
      cost: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }) }, fc.integer({ min: 4, max: 1_200 })),
      policy: fc.constantFrom(...POLICIES),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STARTS),
        fc.array(costly, { minLength: 1, maxLength: 50 }),
        async (start, steps) => {
          const memory = createMemoryRateLimiter()
          const keyId = randomKeyId()
          let now = start
          for (const { consume, dt, cost, policy } of steps) {
            now += dt
            const expected = consume ? memory.consume(keyId, policy, now, cost) : memory.peek(keyId, policy, now, cost)
            const actual = consume
              ? await redis.consume(keyId, policy, now, cost)
              : await redis.peek(keyId, policy, now, cost)
            expect(actual, `${consume ? 'consume' : 'peek'} of ${cost} at ${new Date(now).toISOString()}`).toEqual(
              expected,
            )
          }
        },
      ),
      { numRuns: 100 },
    )
  })

  it('L1: the Lua UTC calendar agrees with JavaScript’s: the quota resets on the 1st of the next month, for any instant 1970–2400', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: Date.UTC(2400, 0, 1) }), async (now) => {
        const decision = await redis.peek(randomKeyId(), { perMinute: 10, perMonth: 10 }, now)
        expect(decision.month?.reset, new Date(now).toISOString()).toBe(nextUtcMonthStartSeconds(now))
      }),
      { numRuns: 500 },
    )
  })

  it('L2: a key’s minute state stays bounded: expired buckets are trimmed on the next admission', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const keyId = randomKeyId()
    const policy = { perMinute: 1_000_000, perMonth: null }
    for (let second = 0; second < 300; second++) await redis.consume(keyId, policy, STARTS[0]! + second * 1000)
    const [minuteKey] = await client.keys(`${prefix}:{id:${keyId}}:rl`)
    // 61 one-second buckets plus the three bookkeeping fields t, n and o (see scripts/limits-library.ts): the
    // state stays bounded however long the key is used.
    expect(await client.hlen(minuteKey!)).toBe(61 + 3)
    expect(await client.pttl(minuteKey!)).toBeGreaterThan(60_000)
  })

  it('L1: a month counter (in the limit state) lives past the end of its month, and keys without a quota keep none', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const withQuota = randomKeyId()
    const withoutQuota = randomKeyId()
    const now = Date.UTC(2026, 2, 10, 12)
    await redis.consume(withQuota, { perMinute: 10, perMonth: 100 }, now)
    await redis.consume(withoutQuota, { perMinute: 10, perMonth: null }, now)
    const state = `${prefix}:{id:${withQuota}}:rl`
    expect(await client.hmget(state, 'm', 'q')).toEqual([String(2026 * 12 + 2), '1'])
    const ttl = await client.pttl(state)
    expect(ttl).toBeGreaterThan(Date.UTC(2026, 3, 1) - now)
    expect(ttl).toBeLessThanOrEqual(Date.UTC(2026, 3, 2) - now)
    expect(await client.keys(`${prefix}:{id:${withQuota}}:*`)).toEqual([state])
    // Without a quota: no counter, and the state lives only as long as its buckets need.
    const bare = `${prefix}:{id:${withoutQuota}}:rl`
    expect(await client.hmget(bare, 'm', 'q')).toEqual([null, null])
    expect(await client.pttl(bare)).toBeLessThanOrEqual(122_000)
    expect(await client.keys(`${prefix}:{id:${withoutQuota}}:*`)).toEqual([bare])
  })

  it('L1/L4: the month counter survives a minute window that empties, whatever the policy of the request that empties it', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const memory = createMemoryRateLimiter()
    const id = randomKeyId()
    const quota = { perMinute: 10, perMonth: 5 }
    const none = { perMinute: 10, perMonth: null }
    const t = Date.UTC(2026, 2, 10, 12)
    // Two counted with the quota; then, after the window has emptied, one without it (which wipes
    // the buckets), one with it after another empty window; then a peek with the quota.
    const steps: [number, typeof quota | typeof none, boolean][] = [
      [t, quota, true],
      [t + 1000, quota, true],
      [t + 70_000, none, true],
      [t + 140_000, quota, true],
      [t + 141_000, quota, false],
    ]
    for (const [at, policy, consume] of steps) {
      const expected = consume ? memory.consume(id, policy, at) : memory.peek(id, policy, at)
      const actual = consume ? await redis.consume(id, policy, at) : await redis.peek(id, policy, at)
      expect(actual, new Date(at).toISOString()).toEqual(expected)
    }
    expect(await client.hmget(`${prefix}:{id:${id}}:rl`, 'm', 'q')).toEqual([String(2026 * 12 + 2), '3'])
    expect(await client.pttl(`${prefix}:{id:${id}}:rl`)).toBeGreaterThan(Date.UTC(2026, 3, 1) - (t + 140_000))
  })
})
