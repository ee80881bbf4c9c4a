/**
 * The batch script's hot key for metered keys (M1, M2, M3, M4, O7, P1): within one batch call, a
 * request of a key with named limits, credits or owner limits, after an admitted request of the
 * same key and route, is decided from the state that one left and what such requests count is
 * written once. Every decision a key holder sees and every stored count must equal what the same
 * requests sent one at a time get.
 */
import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { createManualClock } from '../../src/core/clock.js'
import { hashKey } from '../../src/core/key-format.js'
import { createKeyward, type AuthDecision } from '../../src/keyward.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import type { RouteRequirements } from '../../src/core/types.js'
import { ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { decideTurn, type TurnRequest } from '../helpers/turns.js'
import { withIoredisClient } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
/** 14 March 2026, 23:59:50 UTC: the sequences cross a day, and billing day 15's month. */
const START = Date.UTC(2026, 2, 14, 23, 59, 50)

/** What a key holder sees of a decision: status, code, and every limit and credits header. */
function seen(decision: AuthDecision): string {
  const headers = decision.ok ? decision.headers : decision.response.headers
  const limits = Object.entries(headers)
    .filter(([name]) => /^(X-RateLimit|X-Quota|X-Credits|Retry-After|RateLimit)/i.test(name))
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')
  const status = decision.ok ? 200 : decision.response.status
  const what = decision.ok ? `consumed=${decision.apiKey.consumed}` : `${decision.error.code} ${decision.error.message}`
  return `${status} ${what} ${limits}`
}

/** Plain, scoped, costs of 2 and 0 (M2), and a peek (L5). */
const ROUTES: RouteRequirements[] = [{}, { scopes: ['ip'] }, { cost: 2 }, { cost: 0 }, { consume: false }]

const OWN = [
  { name: 'burst', limit: 4, window: '10s' },
  { name: 'minute', limit: 7, window: '1m' },
  { name: 'month', limit: 15, window: 'month' },
]

/** Each kind of metered key: its own named limits, credits (with a refill or not), an owner of each kind. */
const KEYS = [
  { name: 'listed, owner windows, credits', ownerId: 'org_a', limits: OWN, credits: { remaining: 25 } },
  { name: 'listed, owner windows', ownerId: 'org_a', limits: OWN },
  {
    name: 'defaults, owner windows, refilled credits',
    ownerId: 'org_b',
    credits: { remaining: 9, refill: { amount: 9, every: 'day' as const } },
  },
  {
    name: 'listed, owner named limits, credits',
    ownerId: 'org_c',
    keyType: 'test' as const,
    limits: OWN,
    credits: { remaining: 20 },
  },
  {
    name: 'listed, no owner, few credits',
    limits: [
      { name: 'burst', limit: 8, window: '10s' },
      { name: 'month', limit: 30, window: 'month' },
    ],
    credits: { remaining: 3 },
  },
  { name: 'defaults, owner named limits', ownerId: 'org_c', keyType: 'test' as const },
]

// Each turn mostly asks for one key, so runs of one key and route are common, as under load, and
// reach every limit and the credits within a batch.
const turn = fc.integer({ min: 0, max: KEYS.length - 1 }).chain((hot) =>
  fc.array(
    fc.record({
      key: fc.oneof(
        { weight: 5, arbitrary: fc.constant(hot) },
        { weight: 2, arbitrary: fc.integer({ min: 0, max: KEYS.length - 1 }) },
      ),
      route: fc.oneof(
        { weight: 5, arbitrary: fc.constant(0) },
        { weight: 2, arbitrary: fc.integer({ min: 0, max: ROUTES.length - 1 }) },
      ),
    }),
    { minLength: 1, maxLength: 16 },
  ),
)
const sequence = fc.array(
  fc.record({
    turn,
    // The same second, the next ones, past the 10 s and minute windows, past the day and the month.
    dt: fc.constantFrom(0, 400, 1000, 11_000, 61_000, 86_400_000, 31 * 86_400_000),
    topUp: fc.option(fc.integer({ min: 0, max: KEYS.length - 1 }), { freq: 6 }),
  }),
  { minLength: 1, maxLength: 6 },
)

describe.skipIf(url === null)('Redis batch script: requests of a hot metered key', () => {
  const prefix = uniquePrefix('metered-hot-key')
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  let worlds = 0
  async function world(coalesce: boolean, clock: ReturnType<typeof createManualClock>) {
    const p = `${prefix}-${worlds++}`
    const keyward = createKeyward({
      stores: createRedisStores({ client: (await ioredisClient(url!)) as never, prefix: p, time: 'caller', coalesce }),
      clock,
      failedAuthLimit: 0,
      ietfRateLimitHeaders: 'draft-8',
      limits: { live: { perMinute: 6, perMonth: 30 }, test: { perMinute: 5, perMonth: 20 } },
      ownerLimits: {
        live: { perMinute: 10, perMonth: 40 },
        test: [
          { name: 'burst', limit: 6, window: '10s' },
          { name: 'monthly', limit: 25, window: { month: { day: 15 } } },
        ],
      },
    })
    const keys = []
    for (const options of KEYS) keys.push(await keyward.keys.create(options))
    // A peek of each key first, so the instance holds every record and its owner: a request of a
    // key whose owner it does not know yet goes again after the rest of its batch (O7), an order
    // that requests sent one at a time cannot have.
    for (const { key } of keys) await keyward.authenticate(bearer(key), { consume: false })
    return { keyward, prefix: p, keys }
  }

  /** Every limit and credits hash of a world, named without its prefix and key hashes, and lastUsedAt. */
  async function stored(p: string, keys: readonly { key: string }[]) {
    const names = await client.keys(`${p}:*`)
    const state: Record<string, unknown> = {}
    for (const name of names.sort()) {
      let general = name.slice(p.length)
      keys.forEach(({ key }, i) => {
        general = general.replace(`{${hashKey(key)}}`, `{key ${i}}`)
      })
      if (/:(rl|cr)(:|$)/.test(general)) {
        state[general] = { fields: await client.hgetall(name), expires: (await client.pttl(name)) >= 0 }
      } else if (general.endsWith(':key')) {
        state[general] = await client.hget(name, 'lastUsedAt')
      }
    }
    return state
  }

  it('M1/M3/M4/O7/P1: every decision and every stored count equal those of requests sent one at a time', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        const clock = createManualClock(START)
        const batched = await world(true, clock)
        const alone = await world(false, clock)
        const run = (world: Parameters<typeof decideTurn>[0], requests: readonly TurnRequest[], together: boolean) =>
          decideTurn(world, requests, ROUTES, together, seen)
        for (const step of steps) {
          if (step.topUp !== null && KEYS[step.topUp]!.credits !== undefined) {
            await batched.keyward.keys.update(batched.keys[step.topUp]!.record.id, { credits: { add: 3 } })
            await alone.keyward.keys.update(alone.keys[step.topUp]!.record.id, { credits: { add: 3 } })
          }
          const together = await run(batched, step.turn, true)
          const oneByOne = await run(alone, step.turn, false)
          expect(together).toEqual(oneByOne)
          clock.set(clock.now() + step.dt)
        }
        expect(await stored(batched.prefix, batched.keys)).toEqual(await stored(alone.prefix, alone.keys))
        await Promise.all([batched.keyward.close(), alone.keyward.close()])
      }),
      { numRuns: 40 },
    )
  }, 180_000)
})
