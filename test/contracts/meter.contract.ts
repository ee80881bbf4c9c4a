/**
 * The behaviour every RateLimiter with named limits and costs must have (M1, M2, M4, M8): the
 * explicit cases below, and a model-based property that drives random sequences (costs,
 * charges, peeks, clock moves across month ends and billing days) and compares every decision
 * with the plain reference model of meter-model.ts. Run it from a `*.test.ts` file:
 *
 *   runMeterContract('memory', () => ({ limiter: createMemoryRateLimiter() }))
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MeterDecision, MeterGroup, ResolvedLimit } from '../../src/core/meter-types.js'
import type { RateLimiter } from '../../src/core/types.js'
import { monthLimit, rollingLimit } from '../../src/core/windows.js'
import { type Fixture, type FixtureFactory, T0, randomKeyId } from './fixtures.js'
import { MeterModel } from './meter-model.js'

/** Options of `runMeterContract`. */
export interface MeterContractOptions {
  /** Runs of the model-based property; lower it for slow backends. Default 100. */
  propertyRuns?: number
  /**
   * Whether the property also steps the clock back. Default true; false for a limiter that
   * forgets idle state as soon as it may (the model never forgets, and a clock stepped back past
   * a forgotten window would tell them apart without either admitting beyond a limit).
   */
  clockSteppedBack?: boolean
}

type Metering = Required<Pick<RateLimiter, 'meter' | 'peekMeter' | 'charge'>>

const WINDOWS: readonly ((limit: number) => ResolvedLimit)[] = [
  (limit) => rollingLimit('second', limit, 1000),
  (limit) => rollingLimit('burst', limit, 1500),
  (limit) => rollingLimit('ten', limit, 10_000),
  (limit) => rollingLimit('minute', limit, 60_000),
  (limit) => rollingLimit('hour', limit, 3_600_000),
  (limit) => rollingLimit('long', limit, 31 * 86_400_000),
  (limit) => monthLimit('month', limit),
  (limit) => monthLimit('billing', limit, 15),
  (limit) => monthLimit('late', limit, 28),
]

/** Declares the metering suite for the limiter `makeLimiter` builds (called once per test). */
export function runMeterContract(
  name: string,
  makeLimiter: FixtureFactory<{ limiter: RateLimiter }>,
  options: MeterContractOptions = {},
): void {
  const propertyRuns = options.propertyRuns ?? 100
  const back = options.clockSteppedBack === false ? 0 : -3000

  describe(`RateLimiter metering contract: ${name}`, () => {
    let fixture: Fixture<{ limiter: RateLimiter }>
    let limiter: Metering

    beforeEach(async () => {
      fixture = await makeLimiter()
      const { meter, peekMeter, charge } = fixture.limiter
      if (!meter || !peekMeter || !charge) throw new Error('the limiter has no meter(), peekMeter() or charge()')
      limiter = {
        meter: meter.bind(fixture.limiter),
        peekMeter: peekMeter.bind(fixture.limiter),
        charge: charge.bind(fixture.limiter),
      }
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    const keyGroup = (limits: ResolvedLimit[], id = randomKeyId()): MeterGroup => ({ id, scope: 'key', limits })

    it('M1: a 60 s named limit admits exactly its limit in a minute and frees at its oldest bucket + 61 s', async () => {
      const group = keyGroup([rollingLimit('minute', 3, 60_000)])
      for (let i = 0; i < 3; i++) expect((await limiter.meter([group], 1, T0 + i * 1000)).allowed).toBe(true)
      const refused = await limiter.meter([group], 1, T0 + 5000)
      expect(refused).toMatchObject({ allowed: false, retryAfter: 56, refusedBy: 0 })
      expect(refused.limits[0]).toEqual({ name: 'minute', limit: 3, scope: 'key', remaining: 0, reset: T0 / 1000 + 61 })
      expect((await limiter.meter([group], 1, T0 + 60_999)).allowed).toBe(false)
      expect((await limiter.meter([group], 1, T0 + 61_000)).allowed).toBe(true)
    })

    it('M1: an hour window has 60 s buckets; no rolling hour holds more than the limit', async () => {
      const group = keyGroup([rollingLimit('hour', 2, 3_600_000)])
      expect((await limiter.meter([group], 2, T0 + 59_000)).allowed).toBe(true)
      // Bucket T0 counts until the start of bucket T0 + 61 minutes.
      expect((await limiter.meter([group], 1, T0 + 3_659_999)).allowed).toBe(false)
      expect((await limiter.meter([group], 1, T0 + 3_660_000)).allowed).toBe(true)
    })

    it('M2: a cost is counted in units in every limit; a cost above what is left is refused and counts nothing', async () => {
      const group = keyGroup([rollingLimit('minute', 10, 60_000), monthLimit('month', 100)])
      const first = await limiter.meter([group], 7, T0)
      expect(first.allowed).toBe(true)
      expect(first.limits.map((l) => l.remaining)).toEqual([3, 93])
      const refused = await limiter.meter([group], 4, T0 + 1000)
      expect(refused).toMatchObject({ allowed: false, refusedBy: 0, retryAfter: 60 })
      expect(refused.limits.map((l) => l.remaining)).toEqual([3, 93])
      expect((await limiter.meter([group], 3, T0 + 1000)).allowed).toBe(true)
    })

    it('M2: a cost of 0 checks without counting; it is refused once a limit is full', async () => {
      const group = keyGroup([rollingLimit('minute', 1, 60_000)])
      const check = await limiter.meter([group], 0, T0)
      expect(check.allowed).toBe(true)
      expect(check.limits[0]!.remaining).toBe(1)
      expect((await limiter.meter([group], 1, T0)).allowed).toBe(true)
      expect((await limiter.meter([group], 0, T0)).allowed).toBe(false)
    })

    it('M2: charge(n) always counts, may push a window over its limit, and the next requests wait for it to free', async () => {
      const group = keyGroup([rollingLimit('minute', 5, 60_000), monthLimit('month', 50)])
      expect((await limiter.meter([group], 1, T0)).allowed).toBe(true)
      const charged = await limiter.charge([group], 20, T0 + 2000)
      expect(charged.allowed).toBe(true)
      expect(charged.limits.map((l) => l.remaining)).toEqual([0, 29])
      const refused = await limiter.meter([group], 1, T0 + 3000)
      // Both buckets must leave: the one of T0 + 2 s stops counting at T0 + 63 s.
      expect(refused).toMatchObject({ allowed: false, retryAfter: 60 })
      expect((await limiter.meter([group], 1, T0 + 63_000)).allowed).toBe(true)
    })

    it("M4: a key's and its owner's limits are decided together; a refusal by either counts in neither", async () => {
      const key = keyGroup([rollingLimit('minute', 10, 60_000)])
      const owner: MeterGroup = { id: `owner:test:${randomKeyId()}`, scope: 'owner', limits: [monthLimit('month', 3)] }
      expect((await limiter.meter([key, owner], 2, T0)).allowed).toBe(true)
      const refused = await limiter.meter([key, owner], 2, T0)
      expect(refused).toMatchObject({ allowed: false, refusedBy: 1 })
      expect(refused.limits.map((l) => [l.scope, l.remaining])).toEqual([
        ['key', 8],
        ['owner', 1],
      ])
      const peeked = await limiter.peekMeter([key], 1, T0)
      expect(peeked.limits[0]!.remaining).toBe(8)
    })

    it('M8: the binding limit has the fewest requests of this cost left, the earliest reset on a tie', async () => {
      const group = keyGroup([rollingLimit('minute', 10, 60_000), rollingLimit('hour', 12, 3_600_000)])
      const first = await limiter.meter([group], 4, T0)
      // minute: 6 left = 1 request of 4; hour: 8 left = 2 requests.
      expect(first.binding).toBe(0)
      const tie = await limiter.peekMeter([group], 9, T0)
      // Neither has a request of 9 left: the minute resets first.
      expect(tie.binding).toBe(0)
      expect(tie.limits[0]!.reset).toBeLessThan(tie.limits[1]!.reset)
    })

    it('M1: a billing-day month runs from 00:00 UTC on its day to the same day of the next month', async () => {
      const group = keyGroup([monthLimit('billing', 1, 15)])
      const before = Date.UTC(2026, 2, 14, 23, 59, 59)
      const decided = await limiter.meter([group], 1, before)
      expect(decided.limits[0]!.reset).toBe(Date.UTC(2026, 2, 15) / 1000)
      const refused = await limiter.meter([group], 1, before)
      expect(refused.retryAfter).toBe(1)
      const after = await limiter.meter([group], 1, Date.UTC(2026, 2, 15))
      expect(after.allowed).toBe(true)
      expect(after.limits[0]!.reset).toBe(Date.UTC(2026, 3, 15) / 1000)
    })

    it('M1, M2, M4: random sequences of costs, charges, peeks and clock moves decide exactly as the reference model', async () => {
      const step = fc.record({
        op: fc.constantFrom('meter', 'meter', 'meter', 'peek', 'charge'),
        cost: fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 6 })),
        group: fc.constantFrom(0, 1, 2),
        move: fc.oneof(
          fc.integer({ min: 0, max: 2500 }),
          fc.integer({ min: 0, max: 120_000 }),
          fc.integer({ min: 0, max: 40 * 86_400_000 }),
          fc.integer({ min: back, max: 0 }),
        ),
      })
      const limitsOf = fc.uniqueArray(fc.integer({ min: 0, max: WINDOWS.length - 1 }), { minLength: 0, maxLength: 3 })
      await fc.assert(
        fc.asyncProperty(
          limitsOf,
          limitsOf,
          fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 3 }),
          fc.integer({ min: 0, max: 365 * 86_400_000 }),
          fc.array(step, { minLength: 1, maxLength: 40 }),
          async (keyWindows, ownerWindows, sizes, start, steps) => {
            const key = keyGroup(keyWindows.map((w, i) => WINDOWS[w]!(sizes[i]!)))
            const owner: MeterGroup = {
              id: `owner:live:${randomKeyId()}`,
              scope: 'owner',
              limits: ownerWindows.map((w, i) => WINDOWS[w]!(sizes[2 - i]!)),
            }
            const model = new MeterModel()
            // Just before a month's end, so that moves cross months and billing days.
            let now = Date.UTC(2026, 0, 31, 23, 59, 50) + start
            for (const { op, cost, group, move } of steps) {
              now += move
              const groups = group === 0 ? [key] : group === 1 ? [owner] : [key, owner]
              const got: MeterDecision =
                op === 'meter'
                  ? await limiter.meter(groups, cost, now)
                  : op === 'peek'
                    ? await limiter.peekMeter(groups, cost, now)
                    : await limiter.charge(groups, cost, now)
              expect(got, `${op} of ${cost} at ${new Date(now).toISOString()}`).toEqual(
                model.run(groups, cost, now, op),
              )
            }
          },
        ),
        { numRuns: propertyRuns },
      )
    })
  })
}
