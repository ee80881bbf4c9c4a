/**
 * M3, M4: random sequences of requests with costs, top-ups, new settings and clock moves across
 * day ends, month ends and billing days, decided by `authorize` over a store family and compared,
 * step by step, with the plain model of `credits-model.ts`.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { KeyCredits } from '../../src/core/credits.js'
import type { AuthorizeInput, StoredKey } from '../../src/core/types.js'
import type { AuthorizeFixture } from './authorize.contract.js'
import { CreditsModel, type ModelRefill } from './credits-model.js'
import { type Fixture, type FixtureFactory, makeStoredKey } from './fixtures.js'

const DEFAULTS: AuthorizeInput['defaults'] = {
  live: { perMinute: 1_000_000, perMonth: null },
  test: { perMinute: 1_000_000, perMonth: null },
}
/** 30 January 2026, 22:00 UTC: a day end, a month end and a billing day 1 are close. */
const START = Date.UTC(2026, 0, 30, 22)

type Step =
  | { kind: 'request'; cost: number; advance: number }
  | { kind: 'add'; units: number; advance: number }
  | { kind: 'set'; remaining: number; refill: ModelRefill | undefined; advance: number }

const refillArb = fc.option(
  fc.record({
    amount: fc.integer({ min: 1, max: 20 }),
    every: fc.constantFrom('day' as const, 'month' as const),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  { nil: undefined },
)
// Moves of up to two days, often none: requests within one period and across its ends.
const advanceArb = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 3_600_000 }),
  fc.integer({ min: 1, max: 2 * 86_400_000 }),
)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      cost: fc.integer({ min: 0, max: 4 }),
      advance: advanceArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      units: fc.integer({ min: 1, max: 5 }),
      advance: advanceArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      remaining: fc.integer({ min: 0, max: 10 }),
      refill: refillArb,
      advance: advanceArb,
    }),
  },
)

function stored(remaining: number, refill: ModelRefill | undefined, since: number): KeyCredits & { since: number } {
  if (refill === undefined) return { remaining, since }
  const shaped = refill.every === 'day' ? { amount: refill.amount, every: 'day' as const } : refill
  return { remaining, refill: shaped, since }
}

export function runCreditsPropertyContract(
  name: string,
  make: FixtureFactory<AuthorizeFixture>,
  options: { runs?: number } = {},
): void {
  describe(`credits model: ${name}`, () => {
    let fixture: Fixture<AuthorizeFixture>
    beforeEach(async () => {
      fixture = await make()
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    it('M3/M4: every decision, top-up and balance equals the model across day ends, month ends and billing days', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 10 }),
          refillArb,
          fc.array(stepArb, { maxLength: 25 }),
          async (remaining, refill, steps) => {
            let now = START
            const model = new CreditsModel(remaining, refill, now)
            let key: StoredKey = makeStoredKey({ credits: stored(remaining, refill, now) })
            await fixture.keys.insert(key)
            const ledger = fixture.limiter.credits!
            for (const step of steps) {
              now += step.advance
              if (step.kind === 'request') {
                const input = { hashes: [key.hash], now, requiredScopes: null, liveOnly: false, consume: true }
                const outcome = await fixture.authorize({ ...input, defaults: DEFAULTS, cost: step.cost })
                const expected = model.request(step.cost, now)
                expect(outcome.result === 'ok' && outcome.consumed, JSON.stringify({ step, now })).toBe(
                  expected.admitted,
                )
                if (outcome.result === 'ok') expect(outcome.limits.credits?.remaining).toBe(expected.left)
              } else if (step.kind === 'add') {
                const state = await ledger.add(key.id, key.credits!, step.units, now)
                expect(state.remaining).toBe(model.add(step.units, now))
              } else {
                const since = Math.max(now, key.credits!.since + 1)
                const credits = stored(step.remaining, step.refill, since)
                key = (await fixture.keys.update(key.id, { credits }))!
                model.set(step.remaining, step.refill, since)
              }
            }
            expect((await ledger.spend(key.id, key.credits!, 0, now, false)).remaining).toBe(model.read(now))
          },
        ),
        { numRuns: options.runs ?? 100 },
      )
    }, 120_000)
  })
}
