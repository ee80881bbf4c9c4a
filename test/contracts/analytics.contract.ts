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
import { KeyNotFoundError } from '../../src/core/errors.js'
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

    it("N1: no credentials, unknown and malformed keys and a blocked address count for the service; an address refused by a key's allowlist counts for the key", async () => {
      // Two days on, in a minute of its own: the service's counts there are only this test's.
      const t1 = T0 + 2 * DAY
      clock.set(t1)
      const guarded = createKeyward({ stores: fixture.stores, clock, failedAuthLimit: 3 })
      // Another instance on the same stores, which has not seen the address fail.
      const peer = createKeyward({ stores: fixture.stores, clock, failedAuthLimit: 3 })
      try {
        const owner = ownerOf()
        const valid = await guarded.keys.create({ name: 'valid', ownerId: owner })
        const fenced = await guarded.keys.create({ name: 'fenced', ownerId: owner, allowedIps: ['198.51.100.0/24'] })
        const minute = { granularity: 'minute' as const, from: iso(t1), to: iso(t1 + 60_000) }
        const serviceCounts = async () =>
          Object.fromEntries((await guarded.analytics.series(minute)).map((p) => [p.outcome, p.requests]))
        const before = await serviceCounts()
        // An address of its own: a shared store keeps the guard's counts of earlier runs.
        const hex = () => Math.floor(Math.random() * 0x10000).toString(16)
        const attacker = `2001:db8:${hex()}:${hex()}::9`
        const send = async (authorization: string | undefined, ip: string, route?: RouteRequirements, on = guarded) => {
          const decision = await on.authenticate({ authorization, ip }, route)
          return decision.ok ? 200 : `${decision.response.status} ${decision.error.code}`
        }
        // Not counted: the auth test consumes nothing.
        expect(await send(undefined, '192.0.2.50', { consume: false })).toBe('401 UNAUTHORIZED')
        expect([
          await send(undefined, attacker),
          await send('Basic dXNlcjpwYXNz', attacker),
          await send(`Bearer ${generateKey('live')}`, attacker),
          await send(`Bearer svc_live_${'x'.repeat(38)}`, attacker),
          // The address is blocked now: even a valid key is refused, and nothing says whose it is.
          await send(`Bearer ${valid.key}`, attacker),
          // Its one answer is counted: the 429, never the 401 it would have been.
          await send(`Bearer ${generateKey('test')}`, attacker, undefined, peer),
          await send(`Bearer ${fenced.key}`, '192.0.2.1'),
          await send(`Bearer ${fenced.key}`, '198.51.100.7'),
        ]).toEqual([
          '401 UNAUTHORIZED',
          '401 UNAUTHORIZED',
          '401 INVALID_API_KEY',
          '429 rate_limited',
          '429 rate_limited',
          '429 rate_limited',
          '403 forbidden',
          200,
        ])
        await peer.analytics.flush()
        const after = await serviceCounts()
        const added = Object.fromEntries(
          Object.entries(after)
            .map(([outcome, n]) => [outcome, n - (before[outcome] ?? 0)])
            .filter(([, n]) => n !== 0),
        )
        expect(added).toEqual({ UNAUTHORIZED: 2, INVALID_API_KEY: 1, rate_limited: 3, forbidden: 1, ok: 1 })
        expect(rows(await guarded.analytics.series({ ...minute, keyId: fenced.record.id }))).toEqual([
          `${iso(t1)} forbidden 1 0`,
          `${iso(t1)} ok 1 1`,
        ])
        expect(rows(await guarded.analytics.series({ ...minute, keyId: valid.record.id }))).toEqual([])
        expect(rows(await guarded.analytics.series({ ...minute, ownerId: owner }))).toEqual([
          `${iso(t1)} forbidden 1 0`,
          `${iso(t1)} ok 1 1`,
        ])
      } finally {
        await peer.close()
        await guarded.close()
      }
    })

    it('N3: limitUsage() reads each limit of a key and of its owner as the requests used them, and counts nothing', async () => {
      const t2 = T0 + 3 * DAY
      clock.set(t2)
      const metered = createKeyward({
        stores: fixture.stores,
        clock,
        failedAuthLimit: 0,
        ownerLimits: { live: { perMinute: 40, perMonth: 900 } },
      })
      try {
        const owner = ownerOf()
        const named = await metered.keys.create({
          name: 'named',
          ownerId: owner,
          limits: [
            { name: 'burst', limit: 10, window: '10s' },
            { name: 'billing', limit: 500, window: { month: { day: 5 } } },
          ],
        })
        const plain = await metered.keys.create({ name: 'plain', ownerId: owner, limits: { perMinute: 20 } })
        const send = async (key: string, n: number, cost?: number) => {
          for (let i = 0; i < n; i++) {
            const decision = await metered.authenticate({ authorization: `Bearer ${key}` }, { cost })
            expect(decision.ok).toBe(true)
          }
        }
        await send(named.key, 3, 2)
        await send(plain.key, 5)
        const rows = async (subject: { keyId: string } | { ownerId: string }) =>
          (await metered.limitUsage(subject)).map((r) => `${r.scope} ${r.name} ${r.used}/${r.limit}`)
        expect(await rows({ keyId: named.record.id })).toEqual([
          'key burst 6/10',
          'key billing 6/500',
          'owner minute 11/40',
          'owner month 11/900',
        ])
        expect(await rows({ keyId: plain.record.id })).toEqual([
          'key minute 5/20',
          'owner minute 11/40',
          'owner month 11/900',
        ])
        // Reading twice counted nothing.
        expect(await rows({ ownerId: owner })).toEqual(['owner minute 11/40', 'owner month 11/900'])
        clock.advance(61_000)
        expect(await rows({ keyId: named.record.id })).toEqual([
          'key burst 0/10',
          'key billing 6/500',
          'owner minute 0/40',
          'owner month 11/900',
        ])
        await expect(metered.limitUsage({ keyId: 'key_000000000000000000000000' })).rejects.toBeInstanceOf(
          KeyNotFoundError,
        )
      } finally {
        await metered.close()
      }
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
        { source: randomKeyId(), sequence: 1 },
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

    it("C1: the same batch applied twice counts once; a later batch of its sender, or another sender's, counts", async () => {
      const store = fixture.stores.analytics as AnalyticsStore
      const owner = ownerOf()
      // More counts than one Postgres statement writes, so a batch of several parts is checked too.
      const counts = Array.from({ length: 1500 }, (_, i) => ({
        scope: 'owner' as const,
        id: owner,
        granularity: 'minute' as const,
        time: T0 - (i % 1200) * 60_000,
        outcome: i < 1200 ? 'ok' : 'forbidden',
        requests: 1,
        units: 2,
      }))
      const total = async () => {
        const points = await store.series({
          scope: 'owner',
          id: owner,
          granularity: 'minute',
          from: T0 - 21 * HOUR,
          to: T0 + HOUR,
        })
        return points.reduce((sum, p) => sum + p.requests, 0)
      }
      const sender = randomKeyId()
      await store.add(counts, T0, { source: sender, sequence: 1 })
      await store.add(counts, T0 + 1000, { source: sender, sequence: 1 })
      expect(await total(), 'the batch sent twice').toBe(1500)
      await store.add(counts.slice(0, 1), T0 + 2000, { source: sender, sequence: 2 })
      expect(await total(), "the sender's next batch").toBe(1501)
      await store.add(counts.slice(0, 1), T0 + 3000, { source: randomKeyId(), sequence: 1 })
      expect(await total(), "another sender's first batch").toBe(1502)
      // A copy of the first batch still on its way, arriving after the sender's next one.
      await store.add(counts, T0 + 4000, { source: sender, sequence: 1 })
      expect(await total(), 'the first batch again, late').toBe(1502)
    })

    it('C1: a flush that timed out while the store still applied it is counted once when it is sent again', async () => {
      const stores = fixture.stores
      const inner = stores.analytics!
      let lose = true
      // The write lands in the store, but its answer never comes back: a stall past the timeout.
      const stalled: KeywardStores = {
        ...stores,
        analytics: {
          ...inner,
          retention: inner.retention,
          series: (query) => inner.series(query),
          deleteExpired: (now) => inner.deleteExpired(now),
          async add(counts, now, batch) {
            await inner.add(counts, now, batch)
            if (lose) await new Promise<void>(() => {})
          },
        },
      }
      const other = createKeyward({ stores: stalled, clock, failedAuthLimit: 0, storeTimeoutMs: 300 })
      try {
        const { key, record } = await other.keys.create({ name: 'stalled', ownerId: ownerOf() })
        for (let i = 0; i < 3; i++) expect((await other.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
        await expect(other.analytics.flush()).rejects.toThrow(/within/)
        await expect(other.analytics.flush(), 'sent again, still unanswered').rejects.toThrow(/within/)
        lose = false
        for (let i = 0; i < 2; i++) expect((await other.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
        await other.analytics.flush()
        const points = await other.analytics.series({
          keyId: record.id,
          granularity: 'minute',
          from: iso(T0 - HOUR),
          to: iso(T0 + HOUR),
        })
        expect(rows(points)).toEqual([`${iso(T0)} ok 5 5`])
      } finally {
        await other.close()
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
