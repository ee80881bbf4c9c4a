/**
 * M1–M5, O7: random sequences through a whole keyward — requests with costs (alone and several at
 * once), charges after admission, top-ups, suspends and resumes, clock moves across minute ends,
 * month ends, billing days and refills — over a key with named limits, its owner's limits and
 * credits, compared step by step with the plain models of meter-model.ts and credits-model.ts.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MeterGroup } from '../../src/core/meter-types.js'
import type { KeywardStores } from '../../src/core/types.js'
import { monthLimit, rollingLimit } from '../../src/core/windows.js'
import { type AuthDecision, type AuthSuccess, createKeyward } from '../../src/index.js'
import { CreditsModel, type ModelRefill } from './credits-model.js'
import type { Fixture, FixtureFactory } from './fixtures.js'
import { MeterModel } from './meter-model.js'

/** 31 January 2026, 23:58 UTC: a minute end, a day end, a month end and billing days are close. */
const START = Date.UTC(2026, 0, 31, 23, 58)

type Step =
  | { kind: 'request'; cost: number; together: number; advance: number }
  | { kind: 'charge'; units: number; advance: number }
  | { kind: 'add'; units: number; advance: number }
  | { kind: 'enable'; enabled: boolean; advance: number }

interface Setup {
  burst: number
  burstMs: number
  month: number
  billingDay: number
  ownerMinute: number
  ownerMonth: number | null
  credits: number
  refill: ModelRefill | undefined
}

// Often none, else within a bucket, across a few seconds, a minute, or up to two days.
const advanceArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  fc.integer({ min: 1, max: 999 }),
  fc.integer({ min: 1000, max: 15_000 }),
  fc.integer({ min: 15_000, max: 90_000 }),
  fc.integer({ min: 90_000, max: 2 * 86_400_000 }),
)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      cost: fc.integer({ min: 0, max: 3 }),
      together: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 5 })),
      advance: advanceArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      units: fc.integer({ min: 1, max: 4 }),
      advance: advanceArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      units: fc.integer({ min: 1, max: 6 }),
      advance: advanceArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('enable' as const), enabled: fc.boolean(), advance: advanceArb }),
  },
)
const setupArb: fc.Arbitrary<Setup> = fc.record({
  burst: fc.integer({ min: 2, max: 8 }),
  burstMs: fc.constantFrom(1500, 10_000),
  month: fc.integer({ min: 5, max: 30 }),
  billingDay: fc.integer({ min: 1, max: 28 }),
  ownerMinute: fc.integer({ min: 3, max: 12 }),
  ownerMonth: fc.option(fc.integer({ min: 10, max: 40 }), { nil: null }),
  credits: fc.integer({ min: 0, max: 25 }),
  refill: fc.option(
    fc.record({
      amount: fc.integer({ min: 1, max: 20 }),
      every: fc.constantFrom('day' as const, 'month' as const),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    { nil: undefined },
  ),
})

/** The model of one key, its owner and its credits, deciding as the contract's words say. */
class Model {
  private readonly meter = new MeterModel()
  private readonly groups: MeterGroup[]
  private readonly credits: CreditsModel
  enabled = true

  constructor(setup: Setup, now: number) {
    this.groups = [
      {
        id: 'key',
        scope: 'key',
        limits: [rollingLimit('burst', setup.burst, setup.burstMs), monthLimit('month', setup.month, setup.billingDay)],
      },
      {
        id: 'owner',
        scope: 'owner',
        limits: [
          rollingLimit('minute', setup.ownerMinute, 60_000),
          ...(setup.ownerMonth === null ? [] : [monthLimit('month', setup.ownerMonth)]),
        ],
      },
    ]
    this.credits = new CreditsModel(setup.credits, setup.refill, now)
  }

  /** 200 with the credits left, or the status of the refusal; a refusal counts nothing. */
  request(cost: number, now: number): { status: number; credits?: number } {
    if (!this.enabled) return { status: 401 }
    const limits = this.meter.run(this.groups, cost, now, 'peek')
    if (!limits.allowed || cost > this.credits.read(now)) return { status: 429 }
    this.meter.run(this.groups, cost, now, 'meter')
    return { status: 200, credits: this.credits.request(cost, now).left }
  }

  charge(units: number, now: number): void {
    this.meter.run(this.groups, units, now, 'charge')
    this.credits.take(units, now)
  }

  add(units: number, now: number): void {
    this.credits.add(units, now)
  }
}

function ownerWindows(setup: Setup): { perMinute: number; perMonth?: number } {
  if (setup.ownerMonth === null) return { perMinute: setup.ownerMinute }
  return { perMinute: setup.ownerMinute, perMonth: setup.ownerMonth }
}

function creditsOf(setup: Setup) {
  const refill = setup.refill
  if (refill === undefined) return { remaining: setup.credits }
  if (refill.every === 'day')
    return { remaining: setup.credits, refill: { amount: refill.amount, every: 'day' as const } }
  return { remaining: setup.credits, refill }
}

/**
 * Four requests at once where the owner's minute admits three: with a limiter other processes share,
 * the fourth must count in none of the key's limits (its month fills up otherwise).
 */
const RACED_OWNER: [Setup, Step[]] = [
  { burst: 4, burstMs: 1500, month: 8, billingDay: 2, ownerMinute: 3, ownerMonth: null, credits: 4, refill: undefined },
  [
    { kind: 'request', cost: 1, together: 4, advance: 0 },
    { kind: 'charge', units: 2, advance: 90_000 },
    { kind: 'charge', units: 2, advance: 0 },
    { kind: 'request', cost: 0, together: 2, advance: 24_911 },
    { kind: 'request', cost: 0, together: 1, advance: 36_089 },
  ],
]

function seen(decision: AuthDecision): { status: number; credits?: number } {
  if (!decision.ok) return { status: decision.response.status }
  return { status: 200, credits: Number(decision.headers['X-Credits-Remaining']) }
}

/**
 * Declares the suite for the stores `make` builds (called once per test; each run of the property
 * uses fresh keys and owners in them).
 */
export function runMeteringPropertyContract(
  name: string,
  make: FixtureFactory<{ stores: KeywardStores }>,
  options: { runs?: number } = {},
): void {
  describe(`metering model: ${name}`, () => {
    let fixture: Fixture<{ stores: KeywardStores }>
    beforeEach(async () => {
      fixture = await make()
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    it('M1–M5 O7: named limits, owner limits and credits decide every request, charge, top-up and suspend as the model', async () => {
      let run = 0
      await fc.assert(
        fc.asyncProperty(setupArb, fc.array(stepArb, { maxLength: 30 }), async (setup, steps) => {
          const clock = { t: START, now: () => clock.t }
          const ownerId = `acct_model_${process.pid}_${run++}_${Date.now()}`
          const keyward = createKeyward({
            stores: fixture.stores,
            clock,
            failedAuthLimit: 0,
            ownerLimits: { live: { perMinute: 1_000_000 }, owners: { [ownerId]: { live: ownerWindows(setup) } } },
          })
          const { key, record } = await keyward.keys.create({
            name: 'modelled',
            ownerId,
            limits: [
              { name: 'burst', limit: setup.burst, window: setup.burstMs },
              { name: 'month', limit: setup.month, window: { month: { day: setup.billingDay } } },
            ],
            credits: creditsOf(setup),
          })
          const model = new Model(setup, clock.t)
          let last: AuthSuccess | undefined
          for (const step of steps) {
            clock.t += step.advance
            const at = JSON.stringify({ step, t: new Date(clock.t).toISOString() })
            if (step.kind === 'request') {
              const decisions = await Promise.all(
                Array.from({ length: step.together }, () =>
                  keyward.authenticate({ authorization: `Bearer ${key}` }, { cost: step.cost }),
                ),
              )
              // Requests of one cost at once: which of them is admitted may differ, how many may not.
              const expected = decisions.map(() => model.request(step.cost, clock.t))
              const sort = (list: { status: number; credits?: number }[]) =>
                [...list].sort((a, b) => a.status - b.status || (b.credits ?? 0) - (a.credits ?? 0))
              expect(sort(decisions.map(seen)), at).toEqual(sort(expected))
              last = decisions.find((d): d is AuthSuccess => d.ok) ?? last
            } else if (step.kind === 'charge') {
              if (last === undefined) continue
              await last.apiKey.charge(step.units)
              model.charge(step.units, clock.t)
            } else if (step.kind === 'add') {
              await keyward.keys.update(record.id, { credits: { add: step.units } })
              model.add(step.units, clock.t)
            } else {
              await keyward.keys.update(record.id, { enabled: step.enabled })
              model.enabled = step.enabled
            }
          }
        }),
        { numRuns: options.runs ?? 60, examples: [RACED_OWNER] },
      )
    }, 300_000)
  })
}
