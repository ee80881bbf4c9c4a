/**
 * The behaviour every store family's outcome counters must have (N1, N2, N5), through
 * `createKeyward()` as a host uses it. Run it from a `*.test.ts` file:
 *
 *   runAnalyticsContract('memory', () => ({ stores: createMemoryStores() }))
 *
 * Owners are random, so a shared Redis database or Postgres schema is fine; the service-wide
 * series is only checked as at least this test's counts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import type { AnalyticsPoint, AnalyticsSeriesQuery } from '../../src/core/analytics.js'
import type { AnalyticsGranularity, AnalyticsStore } from '../../src/core/analytics-types.js'
import type { AuthDecision, KeywardStores, RouteRequirements } from '../../src/core/types.js'
import { createManualClock, type ManualClock } from '../../src/core/clock.js'
import { generateKey } from '../../src/core/key-format.js'
import { randomKeyId, type Fixture, type FixtureFactory } from './fixtures.js'

/** 10 March 2026, 12:00:00 UTC: the mix starts on a whole hour. */
const T0 = Date.UTC(2026, 2, 10, 12, 0, 0)
const HOUR = 3_600_000
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

export interface AnalyticsContractOptions {
  /** The store deletes buckets past retention in `deleteExpired` (Redis lets each expire on its own instead). */
  deletesOnPass?: boolean
}

function ownerOf(): string {
  return `org_${randomKeyId().slice(4, 16)}`
}

/** Sums the points of each bucket of `granularity` into that bucket, to compare roll-ups. */
function rolledUp(points: readonly AnalyticsPoint[], granularity: AnalyticsGranularity): string[] {
  const size = { minute: 60_000, hour: HOUR, day: DAY }[granularity]
  const sums = new Map<string, { requests: number; units: number }>()
  for (const p of points) {
    const start = Date.parse(p.time)
    const name = `${iso(start - (start % size))} ${p.outcome}`
    const held = sums.get(name) ?? { requests: 0, units: 0 }
    held.requests += p.requests
    held.units += p.units
    sums.set(name, held)
  }
  return [...sums].map(([name, s]) => `${name} ${s.requests} ${s.units}`).sort()
}

export function runAnalyticsContract(
  name: string,
  makeStores: FixtureFactory<{ stores: KeywardStores }>,
  options: AnalyticsContractOptions = {},
): void {
  describe(`analytics contract: ${name}`, () => {
    let fixture: Fixture<{ stores: KeywardStores }>
    let keyward: Keyward
    let clock: ManualClock

    beforeEach(async () => {
      fixture = await makeStores()
      clock = createManualClock(T0)
      keyward = createKeyward({ stores: fixture.stores, clock, failedAuthLimit: 0 })
    })
    afterEach(async () => {
      await keyward.close()
      await fixture.cleanup?.()
    })

    const call = (key: string, route?: RouteRequirements): Promise<AuthDecision> =>
      Promise.resolve(keyward.authenticate({ authorization: `Bearer ${key}` }, route))

    const series = (query: Omit<AnalyticsSeriesQuery, 'from' | 'to'> & { from?: number; to?: number }) =>
      keyward.analytics.series({
        ...query,
        from: iso(query.from ?? T0 - 12 * HOUR),
        to: iso(query.to ?? T0 + 12 * HOUR),
      })

    const rows = (points: readonly AnalyticsPoint[]) =>
      points.map((p) => `${p.time} ${p.outcome} ${p.requests} ${p.units}`)

    /**
     * The mix: owner A's key a1 (3 a minute) sent 5 (3 ok, 2 refused 429) and one more an hour
     * later; a2 two requests of cost 5 and charge(4); owner B's b1 one ok, one 403, and a revoked
     * key one 401; an unknown key and a malformed one for the service.
     */
    async function sendMix() {
      const ownerA = ownerOf()
      const ownerB = ownerOf()
      const a1 = await keyward.keys.create({ name: 'a1', ownerId: ownerA, limits: { perMinute: 3 } })
      const a2 = await keyward.keys.create({ name: 'a2', ownerId: ownerA, limits: { perMonth: 100 } })
      const b1 = await keyward.keys.create({ name: 'b1', ownerId: ownerB, scopes: ['ip'] })
      const gone = await keyward.keys.create({ name: 'gone', ownerId: ownerB })
      await keyward.keys.revoke(gone.record.id)
      clock.set(T0 + 1000)
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push(statusOf(await call(a1.key)))
      const first = await call(a2.key, { cost: 5 })
      statuses.push(statusOf(first), statusOf(await call(a2.key, { cost: 5 })))
      if (first.ok) await first.apiKey.charge(4)
      statuses.push(
        statusOf(await call(b1.key, { scopes: ['ip'] })),
        statusOf(await call(b1.key, { scopes: ['email'] })),
      )
      statuses.push(statusOf(await call(gone.key)))
      statuses.push(statusOf(await call(generateKey('live'))), statusOf(await call(`svc_live_${'x'.repeat(38)}`)))
      clock.set(T0 + HOUR + 5000)
      statuses.push(statusOf(await call(a1.key)))
      expect(statuses, 'the mix itself').toEqual([200, 200, 200, 429, 429, 200, 200, 200, 403, 401, 401, 401, 200])
      return { ownerA, ownerB, a1: a1.record.id, a2, b1: b1.record.id }
    }

    it('N1, N2: a known mix over several keys and owners gives exact series for a key, an owner and the service', async () => {
      const { ownerA, ownerB, a1 } = await sendMix()
      expect(rows(await series({ keyId: a1, granularity: 'minute' }))).toEqual([
        `${iso(T0)} ok 3 3`,
        `${iso(T0)} rate_limited 2 0`,
        `${iso(T0 + HOUR)} ok 1 1`,
      ])
      expect(rows(await series({ ownerId: ownerA, granularity: 'hour' }))).toEqual([
        `${iso(T0)} ok 5 17`,
        `${iso(T0)} rate_limited 2 0`,
        `${iso(T0 + HOUR)} ok 1 1`,
      ])
      expect(rows(await series({ ownerId: ownerB, granularity: 'day' }))).toEqual([
        `${iso(T0 - 12 * HOUR)} API_KEY_REVOKED 1 0`,
        `${iso(T0 - 12 * HOUR)} forbidden 1 0`,
        `${iso(T0 - 12 * HOUR)} ok 1 1`,
      ])
      const service = await series({ granularity: 'day' })
      const count = (outcome: string) => service.find((p) => p.outcome === outcome)?.requests ?? 0
      expect(count('ok')).toBeGreaterThanOrEqual(7)
      expect(count('INVALID_API_KEY')).toBeGreaterThanOrEqual(1)
      expect(count('INVALID_API_KEY_FORMAT')).toBeGreaterThanOrEqual(1)
      expect(count('rate_limited')).toBeGreaterThanOrEqual(2)
    })

    it('N2: grouped by class, outcomes add up to admitted, rate limited and refused', async () => {
      const { ownerA, ownerB } = await sendMix()
      expect(rows(await series({ ownerId: ownerB, granularity: 'day', groupBy: 'class' }))).toEqual([
        `${iso(T0 - 12 * HOUR)} admitted 1 1`,
        `${iso(T0 - 12 * HOUR)} refused 2 0`,
      ])
      expect(rows(await series({ ownerId: ownerA, granularity: 'day', groupBy: 'class' }))).toEqual([
        `${iso(T0 - 12 * HOUR)} admitted 6 18`,
        `${iso(T0 - 12 * HOUR)} rate_limited 2 0`,
      ])
    })

    it('N1: minute, hour and day roll-ups agree with each other', async () => {
      const { ownerA, a1 } = await sendMix()
      for (const query of [{ keyId: a1 }, { ownerId: ownerA }]) {
        const minutes = await series({ ...query, granularity: 'minute' })
        const hours = await series({ ...query, granularity: 'hour' })
        const days = await series({ ...query, granularity: 'day' })
        expect(rolledUp(minutes, 'hour')).toEqual(rolledUp(hours, 'hour'))
        expect(rolledUp(hours, 'day')).toEqual(rolledUp(days, 'day'))
      }
    })

    it("N1: a key's ok units equal what its limits consumed, charge(n) included", async () => {
      const { a2 } = await sendMix()
      // Its monthly quota counted 5 + 5 + 4; one more request reads the quota's own count.
      const next = await call(a2.key)
      expect(next.ok).toBe(true)
      const remaining = Number(next.ok ? next.headers['X-Quota-Remaining'] : Number.NaN)
      const ok = (await series({ keyId: a2.record.id, granularity: 'day' })).find((p) => p.outcome === 'ok')
      expect(ok?.units).toBe(100 - remaining)
      expect(ok).toMatchObject({ requests: 3, units: 15 })
    })

    it('N2: a bucket is returned when its start lies in [from, to)', async () => {
      const { a1 } = await sendMix()
      const from = T0 + 30_000
      expect(rows(await series({ keyId: a1, granularity: 'minute', from, to: T0 + HOUR + 60_000 }))).toEqual([
        `${iso(T0 + HOUR)} ok 1 1`,
      ])
      expect(rows(await series({ keyId: a1, granularity: 'minute', from: T0, to: T0 + HOUR }))).toEqual([
        `${iso(T0)} ok 3 3`,
        `${iso(T0)} rate_limited 2 0`,
      ])
    })

    it('N1: retention leaves out and deletes what is older, and nothing newer', async () => {
      const store = fixture.stores.analytics as AnalyticsStore
      const owner = ownerOf()
      const now = T0
      // Buckets start on whole days: the day that holds the cutoff, and one either side of it.
      const dayBefore = now - 730 * DAY - ((now - 730 * DAY) % DAY)
      const at = (granularity: AnalyticsGranularity, time: number) => ({
        scope: 'owner' as const,
        id: owner,
        granularity,
        time,
        outcome: 'ok',
        requests: 1,
        units: 1,
      })
      // Just past and just within 48 hours, 90 days and 2 years.
      await store.add(
        [
          at('minute', now - 48 * HOUR - 60_000),
          at('minute', now - 48 * HOUR + 60_000),
          at('hour', now - 90 * DAY - HOUR),
          at('hour', now - 90 * DAY + HOUR),
          at('day', dayBefore - DAY),
          at('day', dayBefore + DAY),
        ],
        now,
      )
      await store.deleteExpired(now)
      // Two buckets either side of each cutoff.
      const visible = async (granularity: AnalyticsGranularity, cutoff: number, size: number) =>
        rows(await series({ ownerId: owner, granularity, from: cutoff - 2 * size, to: cutoff + 2 * size }))
      expect(await visible('minute', now - 48 * HOUR, 60_000)).toEqual([`${iso(now - 48 * HOUR + 60_000)} ok 1 1`])
      expect(await visible('hour', now - 90 * DAY, HOUR)).toEqual([`${iso(now - 90 * DAY + HOUR)} ok 1 1`])
      expect(await visible('day', now - 730 * DAY, DAY)).toEqual([`${iso(dayBefore + DAY)} ok 1 1`])
      if (options.deletesOnPass) {
        const stored = await store.series({ scope: 'owner', id: owner, granularity: 'hour', from: 0, to: now })
        expect(stored.map((p) => p.time)).toEqual([now - 90 * DAY + HOUR])
      }
    })

    it('N1: a request never waits for counting, even when the store never answers', async () => {
      const stores = fixture.stores
      const stalled: KeywardStores = {
        ...stores,
        analytics: { ...stores.analytics!, add: () => new Promise<void>(() => {}) },
      }
      const other = createKeyward({ stores: stalled, clock, failedAuthLimit: 0 })
      const { key } = await other.keys.create({ name: 'stalled' })
      await other.authenticate({ authorization: `Bearer ${key}` })
      // A flush under way that never gets an answer (until the store timeout gives it up).
      const hanging = other.analytics.flush()
      const started = performance.now()
      for (let i = 0; i < 20; i++) {
        const decision = await other.authenticate({ authorization: `Bearer ${key}` })
        expect(decision.ok).toBe(true)
      }
      expect(performance.now() - started).toBeLessThan(300)
      await expect(hanging).rejects.toThrow(/within/)
    }, 20_000)
  })
}

function statusOf(decision: AuthDecision): number {
  return decision.ok ? 200 : decision.response.status
}
