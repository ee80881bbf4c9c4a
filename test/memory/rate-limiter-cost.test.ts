import { describe, expect, it } from 'vitest'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { runLimiterCostContract } from '../contracts/limiter-cost.contract.js'
import { T0 } from '../contracts/fixtures.js'

runLimiterCostContract('memory', () => ({ limiter: createMemoryRateLimiter() }))
runLimiterCostContract('memory, sweeping as often as allowed', () => ({
  limiter: createMemoryRateLimiter({ sweepEvery: 1 }),
}))

describe('memory limiter: costs hold no state for what they do not count', () => {
  it('M2, M4: a refused cost, a cost of 0 and a bad cost leave no state behind', () => {
    const limiter = createMemoryRateLimiter()
    const policy = { perMinute: 10, perMonth: 20 }
    limiter.consume('key_a', policy, T0, 11)
    limiter.consume('key_a', policy, T0, 0)
    expect(() => limiter.consume('key_a', policy, T0, 2.5)).toThrow(TypeError)
    expect(limiter.size).toBe(0)
  })
})
