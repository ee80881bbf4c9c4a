import { describe, expect, it } from 'vitest'
import type { LimitPolicy } from '../../src/core/types.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { T0 } from '../contracts/fixtures.js'

const policy: LimitPolicy = { perMinute: 10, perMonth: 20 }
const s0 = T0 / 1000

describe('memory limiter: a cost on the per-minute and monthly windows (M2, M4, M8)', () => {
  it('M8: a request of cost 3 lowers both windows by 3 units', () => {
    const limiter = createMemoryRateLimiter()
    const decision = limiter.consume('key_a', policy, T0, 3)
    expect(decision).toMatchObject({ allowed: true, minute: { remaining: 7 }, month: { remaining: 17 } })
    expect(limiter.peek('key_a', policy, T0 + 1000)).toMatchObject({
      minute: { remaining: 7 },
      month: { remaining: 17 },
    })
  })

  it('M4: a cost larger than what the minute has left is refused and counts nothing', () => {
    const limiter = createMemoryRateLimiter()
    limiter.consume('key_a', policy, T0, 3)
    limiter.consume('key_a', policy, T0 + 10_000, 4)
    const refused = limiter.consume('key_a', policy, T0 + 20_000, 5)
    // 5 units fit once the 3 counted at T0 leave the window (their bucket expires at s0 + 61).
    expect(refused).toMatchObject({ allowed: false, binding: 'minute', retryAfter: 41, minute: { remaining: 3 } })
    expect(limiter.consume('key_a', policy, T0 + 20_000, 8)).toMatchObject({ allowed: false, retryAfter: 51 })
    expect(limiter.peek('key_a', policy, T0 + 20_000)).toMatchObject({
      minute: { remaining: 3 },
      month: { remaining: 13 },
    })
    expect(limiter.consume('key_a', policy, T0 + 20_000, 3)).toMatchObject({ allowed: true, minute: { remaining: 0 } })
  })

  it('M4: a cost larger than what the month has left is refused on the quota and counts nothing', () => {
    const limiter = createMemoryRateLimiter()
    const quota: LimitPolicy = { perMinute: 1000, perMonth: 5 }
    limiter.consume('key_q', quota, T0, 4)
    const refused = limiter.consume('key_q', quota, T0, 2)
    expect(refused).toMatchObject({ allowed: false, binding: 'month', month: { remaining: 1 } })
    expect(refused.retryAfter).toBeGreaterThan(60)
    expect(limiter.peek('key_q', quota, T0)).toMatchObject({ minute: { remaining: 996 }, month: { remaining: 1 } })
  })

  it('M2: a cost above the limit itself is never admitted and counts nothing', () => {
    const limiter = createMemoryRateLimiter()
    expect(limiter.consume('key_big', policy, T0, 11).allowed).toBe(false)
    expect(limiter.size).toBe(0)
  })

  it('M2: a cost of 0 is admitted while a unit is left, counts nothing, and is refused once none is', () => {
    const limiter = createMemoryRateLimiter()
    expect(limiter.consume('key_z', policy, T0, 0)).toMatchObject({ allowed: true, minute: { remaining: 10 } })
    expect(limiter.size).toBe(0)
    limiter.consume('key_z', policy, T0, 10)
    expect(limiter.consume('key_z', policy, T0 + 1000, 0)).toMatchObject({
      allowed: false,
      binding: 'minute',
      retryAfter: 60,
    })
    expect(limiter.consume('key_z', policy, T0 + 61_000, 0)).toMatchObject({ allowed: true, minute: { remaining: 10 } })
  })

  it('O7, M4: consumeAll counts the cost in every limit, or in none when one lacks it', () => {
    const limiter = createMemoryRateLimiter()
    const owner: LimitPolicy = { perMinute: 6, perMonth: null }
    const requests = [
      { id: 'key_o', policy },
      { id: 'owner:live:acme', policy: owner },
    ]
    const both = limiter.consumeAll(requests, T0, 4)
    expect(both.map((d) => d.minute.remaining)).toEqual([6, 2])
    const refused = limiter.consumeAll(requests, T0 + 1000, 3)
    expect(refused.map((d) => d.allowed)).toEqual([true, false])
    expect(refused[1]).toMatchObject({ binding: 'minute', retryAfter: 60, minute: { reset: s0 + 61 } })
    expect(limiter.peek('key_o', policy, T0 + 1000).minute.remaining).toBe(6)
    expect(limiter.peek('owner:live:acme', owner, T0 + 1000).minute.remaining).toBe(2)
  })

  it('M2: a cost that is not an integer from 0 to 1,000,000 is a TypeError, and nothing is counted', () => {
    const limiter = createMemoryRateLimiter()
    for (const bad of [-1, 1.5, 1_000_001, Number.NaN]) {
      expect(() => limiter.consume('key_bad', policy, T0, bad)).toThrow(TypeError)
      expect(() => limiter.consumeAll([{ id: 'key_bad', policy }], T0, bad)).toThrow(/cost/)
    }
    expect(limiter.size).toBe(0)
  })
})
