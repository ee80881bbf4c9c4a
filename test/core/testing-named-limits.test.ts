/**
 * `keyward/testing` with keys that carry their own named limits (M1): issued through the test
 * helpers, metered on the manual clock (a rolling window frees as the clock moves, a billing month
 * starts afresh on its day), and `apiKeyFor` hands a handler the key's limits without counting.
 */
import { describe, expect, it } from 'vitest'
import { createTestKeyward } from '../../src/testing.js'

const LIST = [
  { name: 'burst', limit: 2, window: '10s' },
  { name: 'billing', limit: 3, window: { month: { day: 15 } } },
]

describe('keyward/testing with named limits (M1)', () => {
  it('M1: issueTestKey takes a list; the manual clock frees the rolling window; the billing month refuses until the 15th', async () => {
    // 2027-03-10T12:00:00Z: the billing month runs from 15 February to 15 March.
    const t = createTestKeyward()
    t.clock.set(Date.UTC(2027, 2, 10, 12))
    const { key, record } = await t.issueTestKey({ limits: LIST })
    expect(record.limits).toEqual([
      { name: 'burst', limit: 2, window: 10_000 },
      { name: 'billing', limit: 3, window: { month: { day: 15 } } },
    ])
    expect((await t.authenticateKey(key)).ok).toBe(true)
    expect((await t.authenticateKey(key)).ok).toBe(true)
    const burst = await t.authenticateKey(key)
    expect(!burst.ok && burst.error.message).toMatch(/\(limit "burst"\)/)
    t.clock.advance(11_000)
    expect((await t.authenticateKey(key)).ok).toBe(true)
    t.clock.advance(11_000)
    const billing = await t.authenticateKey(key)
    expect(!billing.ok && billing.error.message).toMatch(/\(limit "billing"\)/)
    t.clock.set(Date.UTC(2027, 2, 15, 0, 0, 1))
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })

  it("M1: apiKeyFor gives the handler every limit's state and counts nothing", async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey({ limits: LIST })
    const apiKey = await t.apiKeyFor(key)
    expect(apiKey.consumed).toBe(false)
    expect(
      apiKey.limits.named?.decision.limits.map(({ name, limit, remaining }) => ({ name, limit, remaining })),
    ).toEqual([
      { name: 'burst', limit: 2, remaining: 2 },
      { name: 'billing', limit: 3, remaining: 3 },
    ])
    await t.apiKeyFor(key)
    await t.apiKeyFor(key)
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })
})
