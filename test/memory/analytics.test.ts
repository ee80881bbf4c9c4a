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

describe('counting across writes (N1)', () => {
  it("N1: a key's requests before a write, during a refused one and after it are each counted once", async () => {
    const clock = createManualClock('2026-03-10T12:00:00Z')
    const memory = createMemoryStores()
    let refuseNext = false
    const analytics = {
      ...memory.analytics,
      add(...args: Parameters<typeof memory.analytics.add>) {
        if (!refuseNext) return memory.analytics.add(...args)
        refuseNext = false
        throw new Error('analytics store unavailable (test fault)')
      },
    }
    const errors: unknown[] = []
    const keyward = createKeyward({ stores: { ...memory, analytics }, clock, onError: (error) => errors.push(error) })
    const { key, record } = await keyward.keys.create({ name: 'hot' })
    const requests = async (count: number) => {
      for (let i = 0; i < count; i++) await keyward.authenticate({ authorization: `Bearer ${key}` })
    }
    await requests(2)
    await keyward.analytics.flush()
    await requests(3)
    refuseNext = true
    await expect(keyward.analytics.flush()).rejects.toThrow(/test fault/)
    await requests(4)
    await keyward.analytics.flush()
    const series = await keyward.analytics.series({
      keyId: record.id,
      from: '2026-03-10T12:00:00Z',
      to: '2026-03-10T12:01:00Z',
      granularity: 'minute',
    })
    expect(series).toEqual([{ time: '2026-03-10T12:00:00.000Z', outcome: 'ok', requests: 9, units: 9 }])
  })
})
