/** The memory stores' outcome counters pass the analytics contract (N1, N2, N5), and take their retention as options. */
import { describe, expect, it } from 'vitest'
import { createAnalyticsCounter } from '../../src/core/analytics-counter.js'
import { createManualClock } from '../../src/core/clock.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryAnalyticsStore } from '../../src/stores/memory/analytics.js'
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

  it('N1: counts made while a write is under way, or after one failed, are all written, none twice', async () => {
    const clock = createManualClock('2026-03-10T12:00:00Z')
    const stores = createMemoryStores()
    const inner = stores.analytics
    let mode: 'fail' | 'hold' | 'pass' = 'fail'
    let release: () => void = () => {}
    const analytics = {
      ...inner,
      retention: inner.retention,
      series: inner.series.bind(inner),
      deleteExpired: inner.deleteExpired.bind(inner),
      add(...[counts, now, batch]: Parameters<typeof inner.add>) {
        if (mode === 'fail') return Promise.reject(new Error('store down'))
        if (mode === 'pass') return inner.add(counts, now, batch)
        return new Promise<void>((resolve) => {
          release = () => resolve(inner.add(counts, now, batch))
        })
      },
    }
    const keyward = createKeyward({ stores: { ...stores, analytics }, clock, onError: () => {} })
    const { key, record } = await keyward.keys.create({ name: 'busy' })
    const send = async (n: number) => {
      for (let i = 0; i < n; i++) await keyward.authenticate({ authorization: `Bearer ${key}` })
    }
    await send(2)
    await expect(keyward.analytics.flush()).rejects.toThrow('store down')
    await send(3)
    mode = 'hold'
    const writing = keyward.analytics.flush()
    await send(4)
    // The held write is the failed batch sent again; the counts made since follow in a batch of their own.
    mode = 'pass'
    release()
    await writing
    const points = await keyward.analytics.series({
      keyId: record.id,
      from: '2026-03-10T12:00:00Z',
      to: '2026-03-10T12:01:00Z',
      granularity: 'minute',
    })
    expect(points).toEqual([{ time: '2026-03-10T12:00:00.000Z', outcome: 'ok', requests: 9, units: 9 }])
    await keyward.close()
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

describe('a batch under retry (C1)', () => {
  it('C1: while the store refuses writes, the batch under retry is kept whole and the oldest counts waiting behind it are dropped past the bound', async () => {
    const clock = createManualClock('2026-03-10T12:00:00Z')
    const inner = createMemoryAnalyticsStore()
    let refuse = true
    const store = {
      ...inner,
      add(...args: Parameters<typeof inner.add>) {
        if (refuse) throw new Error('analytics store unavailable (test fault)')
        inner.add(...args)
      },
    }
    const reports: string[] = []
    const counter = createAnalyticsCounter({
      store,
      clock,
      bounded: (promise) => promise,
      report: (error) => reports.push(String(error)),
      maxTallies: 3,
    })
    const minute = (n: number) => clock.now() + n * 60_000
    counter.count('key_a', null, 'ok', minute(0), 1, 1)
    counter.count('key_b', null, 'ok', minute(0), 1, 1)
    await expect(counter.flush()).rejects.toThrow(/test fault/)
    for (const n of [1, 2, 3]) counter.count('key_c', null, 'ok', minute(n), 1, 1)
    await expect(counter.flush()).rejects.toThrow(/test fault/)
    expect(reports.filter((text) => /dropped 2 analytics counts/.test(text))).toHaveLength(1)
    refuse = false
    await counter.close()
    const minutes = (id: string) =>
      inner
        .series({ scope: 'key', id, granularity: 'minute', from: minute(-1), to: minute(10) })
        .map((p) => `${(p.time - minute(0)) / 60_000} ${p.requests}`)
    expect(minutes('key_a')).toEqual(['0 1'])
    expect(minutes('key_b')).toEqual(['0 1'])
    expect(minutes('key_c')).toEqual(['3 1'])
  })
})
