import { describe, expect, it } from 'vitest'
import { monthLimit, rollingLimit } from '../../src/core/windows.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { runMeterContract } from '../contracts/meter.contract.js'
import { T0 } from '../contracts/fixtures.js'

runMeterContract('memory', () => ({ limiter: createMemoryRateLimiter() }), { propertyRuns: 400 })
runMeterContract(
  'memory, sweeping as often as allowed',
  () => ({ limiter: createMemoryRateLimiter({ sweepEvery: 1 }) }),
  {
    propertyRuns: 200,
    clockSteppedBack: false,
  },
)

describe('the memory meter keeps no state it no longer needs', () => {
  it('M1: idle windows are swept once their newest bucket has left them; a running period is kept', () => {
    const limiter = createMemoryRateLimiter()
    const rolling = [rollingLimit('burst', 5, 10_000), rollingLimit('hour', 5, 3_600_000)]
    for (let i = 0; i < 50; i++) limiter.meter([{ id: `key_${i}`, scope: 'key', limits: rolling }], 1, T0)
    limiter.meter([{ id: 'key_month', scope: 'key', limits: [monthLimit('month', 5)] }], 1, T0)
    expect(limiter.size).toBe(101)
    limiter.sweep(T0 + 11_000)
    expect(limiter.size).toBe(51)
    limiter.sweep(T0 + 3_700_000)
    expect(limiter.size).toBe(1)
    limiter.sweep(Date.UTC(2026, 3, 1))
    expect(limiter.size).toBe(0)
  })
})
