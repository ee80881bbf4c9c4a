/**
 * O7: the Redis fused script decides owner limits exactly as `composeAuthorize` over the memory
 * stores does. Random sequences of requests from several keys of two owners (both key types, a key
 * with its own limits, a key of the service itself), peeks and forbidden routes among them, some
 * sent together in one turn (one batch call), with a controlled clock that mostly moves forward,
 * sometimes jumps past the window or the end of the month and sometimes steps back, and requests of
 * costs 0 to 4 (M2) among them: every outcome (admitted or not, remaining, resets, retry-after,
 * binding) is the same on both.
 */
import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { UNLIMITED_PER_MINUTE } from '../../src/core/limits-math.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import type {
  AuthorizeInput,
  AuthorizeOutcome,
  KeyType,
  LimitPolicy,
  OwnerLimitsCheck,
  StoredKey,
} from '../../src/core/types.js'
import { makeStoredKey, randomKeyId } from '../contracts/fixtures.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('owner-equivalence')

const DEFAULTS: AuthorizeInput['defaults'] = {
  live: { perMinute: 6, perMonth: null },
  test: { perMinute: 4, perMonth: 9 },
}

/** Mid-month, and a minute before the end of March (the month turns within a sequence). */
const STARTS = [Date.UTC(2026, 2, 10, 12), Date.UTC(2026, 2, 31, 23, 59, 10)]

/** Owner A: live 4 a minute and 7 a month, test 3 a minute; owner B: test 5 a month only. */
function ownerLimitsOf(a: string, b: string): OwnerLimitsCheck {
  const windows: Record<string, Partial<Record<KeyType, LimitPolicy>>> = {
    [a]: { live: { perMinute: 4, perMonth: 7 }, test: { perMinute: 3, perMonth: null } },
    [b]: { test: { perMinute: UNLIMITED_PER_MINUTE, perMonth: 5 } },
  }
  return { policyOf: (ownerId, keyType) => windows[ownerId]?.[keyType] ?? null }
}

/** The keys of one sequence: three of owner A, two of owner B, one of nobody. */
function keysOf(a: string, b: string): StoredKey[] {
  return [
    makeStoredKey({ ownerId: a, keyType: 'live', scopes: ['ip'] }),
    makeStoredKey({ ownerId: a, keyType: 'live', limits: { perMinute: 2 } }),
    makeStoredKey({ ownerId: a, keyType: 'test' }),
    makeStoredKey({ ownerId: b, keyType: 'test', scopes: ['ip'] }),
    makeStoredKey({ ownerId: b, keyType: 'test', limits: { perMonth: 3 } }),
    makeStoredKey({ ownerId: null, keyType: 'test' }),
  ]
}

const request = fc.record({
  key: fc.integer({ min: 0, max: 5 }),
  consume: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  // A route needing a scope some keys lack (L6): a forbidden outcome peeks both windows.
  scoped: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  // M2: mostly the usual cost of 1, so runs of one key still meet the batch's hot key.
  cost: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.integer({ min: 0, max: 4 }) }),
})

/** One turn: its requests go out together; then the clock moves. */
const turn = fc.record({
  requests: fc.array(request, { minLength: 1, maxLength: 4 }),
  dt: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 4_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 4_000, max: 90_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: -20_000, max: -1 }) },
  ),
})

/**
 * A key refused by its own quota while its owner admits, then the clock stepped back a
 * millisecond: a consume that trimmed the key's window keeps it trimmed on both stores.
 */
const STEPPED_BACK: [number, (typeof turn extends fc.Arbitrary<infer T> ? T : never)[]] = [
  STARTS[0]!,
  [
    { requests: [req(4), req(4), req(0, 0)], dt: 0 },
    { requests: [{ key: 0, consume: false, scoped: true, cost: 1 }], dt: 14_764 },
    { requests: [req(0)], dt: 2_552 },
    { requests: [req(4), req(0, 0)], dt: 43_684 },
    { requests: [req(4)], dt: -1 },
    { requests: [req(4), req(0)], dt: -1 },
  ],
]

function req(key: number, cost = 1) {
  return { key, consume: true, scoped: false, cost }
}

/** What a client sees of an outcome: everything but the record. */
function seen(outcome: AuthorizeOutcome) {
  if (outcome.result === 'ok') return { result: 'ok', consumed: outcome.consumed, limits: outcome.limits }
  if (outcome.result === 'forbidden') return { result: 'forbidden', reason: outcome.reason, limits: outcome.limits }
  return { result: outcome.result }
}

describe.skipIf(url === null)('owner limits: Redis decides as memory (O7)', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  for (const coalesce of [true, false]) {
    it(`O7/L2/L4: every outcome of the fused script equals composeAuthorize’s on the memory stores (coalesce ${coalesce})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...STARTS),
          fc.array(turn, { minLength: 1, maxLength: 25 }),
          async (start, turns) => {
            const [a, b] = [`a-${randomKeyId().slice(4)}`, `b-${randomKeyId().slice(4)}`]
            const ownerLimits = ownerLimitsOf(a, b)
            const memory = createMemoryStores()
            const authorizeInMemory = composeAuthorize(memory)
            const redis = createRedisStores({ client, prefix, time: 'caller', coalesce })
            const keys = keysOf(a, b)
            for (const key of keys) {
              memory.keys.insert(key)
              await redis.keys.insert(key)
            }
            const inputOf = (
              key: number,
              now: number,
              consume: boolean,
              scoped: boolean,
              cost = 1,
            ): AuthorizeInput => ({
              hashes: [keys[key]!.hash],
              now,
              requiredScopes: scoped ? ['ip'] : null,
              liveOnly: false,
              consume,
              defaults: DEFAULTS,
              ownerLimits,
              cost,
            })
            // Each instance learns its keys' owners first (a peek changes nothing), so a turn's
            // requests go out in the order given.
            for (let i = 0; i < keys.length; i++) await redis.authorize(inputOf(i, start, false, false))
            let now = start
            for (const { requests, dt } of turns) {
              const inputs = requests.map(({ key, consume, scoped, cost }) => inputOf(key, now, consume, scoped, cost))
              const expected = inputs.map((input) => seen(authorizeInMemory(input) as AuthorizeOutcome))
              const actual = (await Promise.all(inputs.map((input) => redis.authorize(input)))).map(seen)
              expect(actual, `at ${new Date(now).toISOString()}: ${JSON.stringify(requests)}`).toEqual(expected)
              now += dt
            }
            await redis.close()
          },
        ),
        { numRuns: 40, examples: [STEPPED_BACK] },
      )
    })
  }
})
