/** The memory stores' outcome counters pass the analytics contract (N1, N2, N5), and take their retention as options. */
import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { runAnalyticsContract } from '../contracts/analytics.contract.js'

runAnalyticsContract('memory', () => ({ stores: createMemoryStores() }), { deletesOnPass: true })

describe('analytics retention options (N1)', () => {
  it('N1: a retention that is not a positive number is a TypeError naming the option', () => {
    expect(() => createMemoryStores({ analytics: { minuteRetentionHours: 0 } })).toThrow(
      /option "analytics.minuteRetentionHours" must be a positive number/,
    )
    expect(() => createMemoryStores({ analytics: { hourRetention: 3 } as never })).toThrow(
      /unknown option "analytics.hourRetention"/,
    )
  })

  it('N1: createKeyward({ analytics: false }) counts nothing, and a series says the counters are off', async () => {
    const clock = createManualClock('2026-03-10T12:00:00Z')
    const stores = createMemoryStores()
    const keyward = createKeyward({ stores, clock, analytics: false })
    const { key, record } = await keyward.keys.create({ name: 'uncounted' })
    expect((await keyward.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
    await keyward.close()
    const span = { from: Date.parse('2026-03-10T00:00:00Z'), to: Date.parse('2026-03-11T00:00:00Z') }
    expect(stores.analytics.series({ scope: 'key', id: record.id, granularity: 'hour', ...span })).toEqual([])
    expect(stores.analytics.series({ scope: 'service', id: '', granularity: 'hour', ...span })).toEqual([])
    await expect(
      keyward.analytics.series({
        keyId: record.id,
        from: '2026-03-10T00:00:00Z',
        to: '2026-03-11T00:00:00Z',
        granularity: 'hour',
      }),
    ).rejects.toThrow(/analytics: false/)
    expect(() => createKeyward({ analytics: 'off' as never })).toThrow(/"analytics" must be true or false/)
  })

  it('N1: minutes kept 1 hour leave out and delete a minute counted 2 hours ago', async () => {
    const clock = createManualClock('2026-03-10T12:00:00Z')
    const stores = createMemoryStores({ analytics: { minuteRetentionHours: 1 } })
    const keyward = createKeyward({ stores, clock })
    const { key, record } = await keyward.keys.create({ name: 'short' })
    await keyward.authenticate({ authorization: `Bearer ${key}` })
    await keyward.analytics.flush()
    clock.advance(2 * 3_600_000)
    const query = {
      keyId: record.id,
      from: '2026-03-10T11:00:00Z',
      to: '2026-03-10T15:00:00Z',
      granularity: 'minute' as const,
    }
    expect(await keyward.analytics.series(query)).toEqual([])
    expect(await keyward.analytics.series({ ...query, granularity: 'hour' })).toEqual([
      { time: '2026-03-10T12:00:00.000Z', outcome: 'ok', requests: 1, units: 1 },
    ])
    expect(stores.analytics.deleteExpired(clock.now())).toBeGreaterThanOrEqual(1)
    expect(
      stores.analytics.series({ scope: 'key', id: record.id, granularity: 'minute', from: 0, to: clock.now() }),
    ).toEqual([])
  })
})
