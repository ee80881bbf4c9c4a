/**
 * An owner's named limits on the memory stores (M1, O7): the option and its mistakes here; what a
 * key holder sees in the shared suite, run on Redis by test/redis/owner-named-limits.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { ownerNamedLimitsSuite } from '../contracts/owner-named-limits.suite.js'

ownerNamedLimitsSuite('the memory stores', () => createMemoryStores())

describe('option "ownerLimits" with named limits (M1)', () => {
  it.each([
    [{ live: [] }, 'option "ownerLimits.live" must be a list of 1 to 10 { name, limit, window }'],
    [
      { live: [{ name: 'Burst', limit: 5, window: '10s' }] },
      'option "ownerLimits.live[0].name" must be a lowercase letter then up to 31 of a-z, 0-9, "_" and "-"',
    ],
    [
      { test: [{ name: 'burst', limit: 5, window: '10 s' }] },
      'option "ownerLimits.test[0].window" must be 1 second to 31 days',
    ],
    [
      { owners: { org_a: { live: [{ name: 'a', limit: 0, window: 'month' }] } } },
      'option "ownerLimits.owners.org_a.live[0].limit" must be a positive integer',
    ],
    [
      {
        live: [
          { name: 'a', limit: 1, window: '1s' },
          { name: 'a', limit: 2, window: '2s' },
        ],
      },
      'option "ownerLimits.live" names the limit "a" twice',
    ],
  ])('%j is refused at setup: %s', (ownerLimits, message) => {
    expect(() => createKeyward({ ownerLimits: ownerLimits as never })).toThrow(
      new RegExp(`^keyward: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    )
  })
})
