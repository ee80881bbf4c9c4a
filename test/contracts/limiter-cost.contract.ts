/**
 * A cost on the per-minute and monthly windows of a RateLimiter (M2, M4, M8): `consume`, `peek` and
 * `consumeAll` take the units a request counts. Run for the memory and Redis limiters, which must
 * decide alike (M4).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Awaitable, LimitDecision, LimitPolicy, LimitRequest } from '../../src/core/types.js'
import { type Fixture, type FixtureFactory, T0, attempt, randomKeyId } from './fixtures.js'

/** A limiter whose decisions take a cost. */
export interface CostLimiter {
  consume(keyId: string, policy: LimitPolicy, now: number, cost?: number): Awaitable<LimitDecision>
  peek(keyId: string, policy: LimitPolicy, now: number, cost?: number): Awaitable<LimitDecision>
  consumeAll(requests: readonly LimitRequest[], now: number, cost?: number): Awaitable<LimitDecision[]>
}

const policy: LimitPolicy = { perMinute: 10, perMonth: 20 }
const s0 = T0 / 1000

export function runLimiterCostContract(name: string, makeLimiter: FixtureFactory<{ limiter: CostLimiter }>): void {
  describe(`RateLimiter cost contract: ${name}`, () => {
    let fixture: Fixture<{ limiter: CostLimiter }>
    let limiter: CostLimiter
    let id: string

    beforeEach(async () => {
      fixture = await makeLimiter()
      limiter = fixture.limiter
      id = randomKeyId()
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    it('M8: a request of cost 3 lowers both windows by 3 units', async () => {
      const decision = await limiter.consume(id, policy, T0, 3)
      expect(decision).toMatchObject({ allowed: true, minute: { remaining: 7 }, month: { remaining: 17 } })
      expect(await limiter.peek(id, policy, T0 + 1000)).toMatchObject({
        minute: { remaining: 7, reset: s0 + 61 },
        month: { remaining: 17 },
      })
    })

    it('M4: a cost larger than what the minute has left is refused and counts nothing', async () => {
      await limiter.consume(id, policy, T0, 3)
      await limiter.consume(id, policy, T0 + 10_000, 4)
      // 5 units fit once the 3 counted at T0 leave the window (their bucket expires at s0 + 61).
      expect(await limiter.consume(id, policy, T0 + 20_000, 5)).toMatchObject({
        allowed: false,
        binding: 'minute',
        retryAfter: 41,
        minute: { remaining: 3 },
      })
      expect(await limiter.consume(id, policy, T0 + 20_000, 8)).toMatchObject({ allowed: false, retryAfter: 51 })
      expect(await limiter.peek(id, policy, T0 + 20_000)).toMatchObject({
        minute: { remaining: 3 },
        month: { remaining: 13 },
      })
      expect(await limiter.peek(id, policy, T0 + 20_000, 4)).toMatchObject({ allowed: false, retryAfter: 41 })
      expect(await limiter.consume(id, policy, T0 + 20_000, 3)).toMatchObject({
        allowed: true,
        minute: { remaining: 0 },
      })
    })

    it('M4: a cost larger than what the month has left is refused on the quota and counts nothing', async () => {
      const quota: LimitPolicy = { perMinute: 1000, perMonth: 5 }
      await limiter.consume(id, quota, T0, 4)
      const refused = await limiter.consume(id, quota, T0, 2)
      expect(refused).toMatchObject({ allowed: false, binding: 'month', month: { remaining: 1 } })
      expect(refused.retryAfter).toBeGreaterThan(60)
      expect(await limiter.peek(id, quota, T0)).toMatchObject({ minute: { remaining: 996 }, month: { remaining: 1 } })
      expect(await limiter.consume(id, quota, T0, 1)).toMatchObject({ allowed: true, month: { remaining: 0 } })
    })

    it('M2: a cost above the limit itself is never admitted and counts nothing', async () => {
      expect((await limiter.consume(id, policy, T0, 11)).allowed).toBe(false)
      expect(await limiter.peek(id, policy, T0)).toMatchObject({ minute: { remaining: 10 }, month: { remaining: 20 } })
    })

    it('M2: a cost of 0 is admitted while a unit is left, counts nothing, and is refused once none is', async () => {
      expect(await limiter.consume(id, policy, T0, 0)).toMatchObject({ allowed: true, minute: { remaining: 10 } })
      expect(await limiter.peek(id, policy, T0)).toMatchObject({ minute: { remaining: 10 }, month: { remaining: 20 } })
      await limiter.consume(id, policy, T0, 10)
      expect(await limiter.consume(id, policy, T0 + 1000, 0)).toMatchObject({
        allowed: false,
        binding: 'minute',
        retryAfter: 60,
      })
      expect(await limiter.consume(id, policy, T0 + 61_000, 0)).toMatchObject({
        allowed: true,
        minute: { remaining: 10 },
        month: { remaining: 10 },
      })
    })

    it('O7, M4: consumeAll counts the cost in every limit, or in none when one lacks it', async () => {
      const owner: LimitPolicy = { perMinute: 6, perMonth: null }
      const ownerId = `owner:live:${id}`
      const requests = [
        { id, policy },
        { id: ownerId, policy: owner },
      ]
      const both = await limiter.consumeAll(requests, T0, 4)
      expect(both.map((d) => d.minute.remaining)).toEqual([6, 2])
      const refused = await limiter.consumeAll(requests, T0 + 1000, 3)
      expect(refused.map((d) => d.allowed)).toEqual([true, false])
      expect(refused[1]).toMatchObject({ binding: 'minute', retryAfter: 60, minute: { reset: s0 + 61 } })
      expect((await limiter.peek(id, policy, T0 + 1000)).minute.remaining).toBe(6)
      expect((await limiter.peek(ownerId, owner, T0 + 1000)).minute.remaining).toBe(2)
      const free = await limiter.consumeAll(requests, T0 + 1000, 0)
      expect(free.map((d) => d.allowed)).toEqual([true, true])
      expect((await limiter.peek(ownerId, owner, T0 + 1000)).minute.remaining).toBe(2)
    })

    it('M2: a cost that is not an integer from 0 to 1,000,000 is a TypeError, and nothing is counted', async () => {
      for (const bad of [-1, 1.5, 1_000_001, Number.NaN]) {
        await expect(attempt(() => limiter.consume(id, policy, T0, bad))).rejects.toThrow(TypeError)
        await expect(attempt(() => limiter.consumeAll([{ id, policy }], T0, bad))).rejects.toThrow(/cost/)
      }
      expect((await limiter.peek(id, policy, T0)).minute.remaining).toBe(10)
    })
  })
}
