import { describe, expect, it } from 'vitest'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import type { LimitPolicy } from '../../src/core/types.js'
import { runRateLimiterContract } from '../contracts/rate-limiter.contract.js'
import { T0, randomKeyId } from '../contracts/fixtures.js'
import { liveHeapBytes } from './heap.js'

runRateLimiterContract('memory', () => ({ limiter: createMemoryRateLimiter() }), { propertyRuns: 300 })
// A sweep after nearly every operation must not change a single decision.
runRateLimiterContract('memory, sweeping as often as allowed', () => ({
  limiter: createMemoryRateLimiter({ sweepEvery: 1 }),
}))

const perMinuteOnly: LimitPolicy = { perMinute: 10, perMonth: null }
const withQuota: LimitPolicy = { perMinute: 1000, perMonth: 5 }

describe('createMemoryRateLimiter', () => {
  it('answers consume and peek synchronously (no promise on the hot path)', () => {
    const limiter = createMemoryRateLimiter()
    expect(limiter.consume('key_a', perMinuteOnly, T0)).not.toBeInstanceOf(Promise)
    expect(limiter.peek('key_a', perMinuteOnly, T0)).not.toBeInstanceOf(Promise)
  })

  it('L5: peek on a key never seen holds no state for it', () => {
    const limiter = createMemoryRateLimiter()
    limiter.peek('key_a', withQuota, T0)
    expect(limiter.size).toBe(0)
  })

  it('L4: a rejected first request holds no state (nothing was consumed)', () => {
    const limiter = createMemoryRateLimiter()
    expect(limiter.consume('key_a', { perMinute: 5, perMonth: 0 }, T0).allowed).toBe(false)
    expect(limiter.size).toBe(0)
  })

  it('rejects a sweepEvery that is not a positive integer, naming the option', () => {
    expect(() => createMemoryRateLimiter({ sweepEvery: 0 })).toThrow(/"sweepEvery"/)
    expect(() => createMemoryRateLimiter({ sweepEvery: 1.5 })).toThrow(TypeError)
  })

  describe('idle reclamation', () => {
    it('drops a key without quota once its last bucket has left the window (t + 61 s)', () => {
      const limiter = createMemoryRateLimiter()
      for (let i = 0; i < 100; i++) limiter.consume(`key_${i}`, perMinuteOnly, T0 + 999)
      limiter.sweep(T0 + 60_999)
      expect(limiter.size).toBe(100)
      limiter.sweep(T0 + 61_000)
      expect(limiter.size).toBe(0)
    })

    it('L1: keeps a quota counter for the whole month however long the key is idle', () => {
      const limiter = createMemoryRateLimiter()
      for (let i = 0; i < 3; i++) limiter.consume('key_q', withQuota, Date.UTC(2026, 2, 1, 0, 0, 0))
      limiter.sweep(Date.UTC(2026, 2, 31, 23, 59, 59, 999))
      expect(limiter.size).toBe(1)
      expect(limiter.peek('key_q', withQuota, Date.UTC(2026, 2, 31, 23, 59, 59, 999)).month?.remaining).toBe(2)
      limiter.sweep(Date.UTC(2026, 3, 1))
      expect(limiter.size).toBe(0)
      expect(limiter.peek('key_q', withQuota, Date.UTC(2026, 3, 1)).month?.remaining).toBe(5)
    })

    it('sweeps by itself, amortized over operations, with no timer', () => {
      const limiter = createMemoryRateLimiter({ sweepEvery: 100 })
      for (let i = 0; i < 500; i++) limiter.consume(`key_${i}`, perMinuteOnly, T0)
      expect(limiter.size).toBe(500)
      const later = T0 + 120_000
      for (let i = 0; i < 600; i++) limiter.consume('key_hot', { perMinute: 10_000, perMonth: null }, later)
      expect(limiter.size).toBe(1)
    })

    it('L1: an automatic sweep keeps the quota counters of idle keys', () => {
      const limiter = createMemoryRateLimiter({ sweepEvery: 1 })
      for (let i = 0; i < 4; i++) limiter.consume('key_q', withQuota, Date.UTC(2026, 2, 2))
      for (let i = 0; i < 50; i++) limiter.consume(`key_${i}`, perMinuteOnly, Date.UTC(2026, 2, 20))
      for (let i = 0; i < 200; i++)
        limiter.consume('key_hot', { perMinute: 1000, perMonth: null }, Date.UTC(2026, 2, 21))
      // The sweep ran: the 50 idle keys are gone, the idle key with March usage is not.
      expect(limiter.size).toBe(2)
      expect(limiter.consume('key_q', withQuota, Date.UTC(2026, 2, 25))).toMatchObject({
        allowed: true,
        month: { remaining: 0 },
      })
      expect(limiter.consume('key_q', withQuota, Date.UTC(2026, 2, 25))).toMatchObject({
        allowed: false,
        binding: 'month',
      })
    })
  })

  describe('memory bound', () => {
    it('L2: a key busy every second for 10 minutes holds at most 61 buckets (2,000 keys, under 2 KiB each)', () => {
      const limiter = createMemoryRateLimiter({ sweepEvery: 1_000_000 })
      const keys = Array.from({ length: 2_000 }, () => randomKeyId())
      const policy: LimitPolicy = { perMinute: 100_000, perMonth: 1_000_000 }
      const before = liveHeapBytes()
      for (let second = 0; second < 600; second++) {
        for (const keyId of keys) limiter.consume(keyId, policy, T0 + second * 1000)
      }
      const perKey = (liveHeapBytes() - before) / keys.length
      // 600 buckets would need 600 × 2 numbers × 8 bytes ≈ 9.6 KB per key; 61 take about 1.3 KB.
      expect(perKey).toBeLessThan(2048)
      console.info(`memory rate limiter: ${perKey.toFixed(0)} bytes of heap per busy key`)
      expect(limiter.peek(keys[0]!, policy, T0 + 599_000).minute.remaining).toBe(100_000 - 61)
    })
  })

  describe('clock stepped back', () => {
    it('L2: a request stamped before the newest bucket still counts the newer buckets (conservative)', () => {
      const limiter = createMemoryRateLimiter()
      for (let i = 0; i < 10; i++) limiter.consume('key_c', perMinuteOnly, T0 + 100_000)
      expect(limiter.consume('key_c', perMinuteOnly, T0 + 80_000)).toMatchObject({ allowed: false, binding: 'minute' })
    })

    it('L2: a request stamped more than a minute before the newest bucket counts in the oldest bucket of the window', () => {
      const limiter = createMemoryRateLimiter()
      limiter.consume('key_c', perMinuteOnly, T0 + 300_000)
      const stepped = limiter.consume('key_c', perMinuteOnly, T0)
      // Bucket 240 (300 − 60) holds it, so it expires when the clock reaches 301 again.
      expect(stepped).toMatchObject({ allowed: true, minute: { remaining: 8, reset: T0 / 1000 + 301 } })
      expect(limiter.peek('key_c', perMinuteOnly, T0 + 300_500).minute.remaining).toBe(8)
      expect(limiter.peek('key_c', perMinuteOnly, T0 + 301_000).minute.remaining).toBe(9)
    })

    it('L1: a quota counter of a later month keeps counting when the clock steps back across the 1st', () => {
      const limiter = createMemoryRateLimiter()
      const policy: LimitPolicy = { perMinute: 1000, perMonth: 2 }
      limiter.consume('key_m', policy, Date.UTC(2026, 3, 1, 0, 0, 1))
      limiter.consume('key_m', policy, Date.UTC(2026, 2, 31, 23, 59, 59))
      expect(limiter.consume('key_m', policy, Date.UTC(2026, 3, 1, 0, 0, 2))).toMatchObject({
        allowed: false,
        binding: 'month',
      })
    })
  })
})
