/**
 * Coalescing of the Redis RateLimiter (P1, S4): on a single node the consume, peek and consumeAll
 * calls of one event-loop turn go out as one limit-batch script call. Each must be decided exactly
 * as it would be sent alone, in order (L2, L4, O7), a Redis error must fail only its own call (R5),
 * and the whole call is bounded by `timeoutMs` (R5).
 */
import fc from 'fast-check'
import type { Redis } from 'ioredis'
import { describe, expect, inject, it } from 'vitest'
import { StoreTimeoutError } from '../../src/core/errors.js'
import { MAX_LIMIT_BATCH } from '../../src/stores/redis/limiter-batch.js'
import { type RedisRateLimiter, createRedisRateLimiter } from '../../src/stores/redis/index.js'
import type { LimitDecision, LimitPolicy } from '../../src/core/types.js'
import { randomKeyId } from '../contracts/fixtures.js'
import { runRateLimiterContract } from '../contracts/rate-limiter.contract.js'
import {
  commandCalls,
  ioredisClient,
  nodeRedisClient,
  privateServersAvailable,
  sharedRedisUrl,
  uniquePrefix,
} from '../helpers/redis.js'
import { withIoredisClient, withPrivateRedis } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('limiter-batch')

const POLICIES: LimitPolicy[] = [
  { perMinute: 2, perMonth: null },
  { perMinute: 3, perMonth: 4 },
  { perMinute: 1000, perMonth: 3 },
]

/** One limiter call: a consume or peek of one id, or a consumeAll of distinct ids. */
type Operation =
  | { kind: 'consume' | 'peek'; id: number; policy: LimitPolicy; dt: number }
  | { kind: 'all'; ids: number[]; policies: LimitPolicy[]; dt: number }

/** What a call answered: its decisions, or the start of its error's message. */
type Answer = LimitDecision | LimitDecision[] | string

function call(limiter: RedisRateLimiter, ids: readonly string[], op: Operation, now: number): Promise<Answer> {
  const answer =
    op.kind === 'all'
      ? limiter.consumeAll(
          op.ids.map((i, j) => ({ id: ids[i]!, policy: op.policies[j]! })),
          now,
        )
      : op.kind === 'consume'
        ? limiter.consume(ids[op.id]!, op.policy, now)
        : limiter.peek(ids[op.id]!, op.policy, now)
  return answer.catch((error: Error) => `error ${error.message.slice(0, 9)}`)
}

const policy = fc.constantFrom(...POLICIES)
// Calls at the same instant (dt 0) on the same id and limits are common, so that the batch script's
// repeated peeks and chained consumes are decided as often as calls that differ.
const dt = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: -500, max: 500 }) },
)
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('consume' as const), id: fc.integer({ min: 0, max: 3 }), policy, dt }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('peek' as const), id: fc.integer({ min: 0, max: 3 }), policy, dt }),
  },
  {
    weight: 2,
    arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }).chain((ids) =>
      fc.record({
        kind: fc.constant('all' as const),
        ids: fc.constant(ids),
        policies: fc.array(policy, { minLength: ids.length, maxLength: ids.length }),
        dt,
      }),
    ),
  },
)
/** A turn: its calls go out together; then the clock moves (sometimes past the window, sometimes back). */
const turn = fc.record({
  operations: fc.array(operation, { minLength: 1, maxLength: 12 }),
  advance: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 0, max: 4_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 50_000, max: 70_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: -30_000, max: -1 }) },
  ),
})

/**
 * The calls of a turn that name no id an earlier call of the turn named. At keys: 'redis' a call
 * first reads its id's index, so concurrent calls reach Redis in the order those reads answer,
 * coalesced or not: only calls on different ids have an order that cannot matter.
 */
function disjoint(operations: readonly Operation[]): Operation[] {
  const seen = new Set<number>()
  return operations.filter((op) => {
    const ids = op.kind === 'all' ? op.ids : [op.id]
    if (ids.some((id) => seen.has(id))) return false
    for (const id of ids) seen.add(id)
    return true
  })
}

describe.skipIf(url === null)('Redis RateLimiter coalescing', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  for (const keys of ['elsewhere', 'redis'] as const) {
    it(`P1/L2/L4/O7 (keys: '${keys}'): the calls of a turn, coalesced, are decided as the same calls sent one by one with coalesce: false`, async () => {
      const batched = createRedisRateLimiter({ client, prefix: `${prefix}-${keys}-a`, time: 'caller', keys })
      const single = createRedisRateLimiter({
        client,
        prefix: `${prefix}-${keys}-b`,
        time: 'caller',
        keys,
        coalesce: false,
      })
      await fc.assert(
        fc.asyncProperty(fc.array(turn, { minLength: 1, maxLength: 6 }), async (turns) => {
          const ids = Array.from({ length: 4 }, () => randomKeyId())
          let now = Date.UTC(2026, 2, 31, 23, 59, 40)
          for (const turn of turns) {
            const { advance } = turn
            const operations = keys === 'redis' ? disjoint(turn.operations) : turn.operations
            const together = await Promise.all(operations.map((op) => call(batched, ids, op, now + op.dt)))
            const alone: Answer[] = []
            for (const op of operations) alone.push(await call(single, ids, op, now + op.dt))
            expect(together, JSON.stringify(operations)).toEqual(alone)
            now += advance
          }
        }),
        { numRuns: keys === 'elsewhere' ? 60 : 20 },
      )
    })
  }

  for (const [name, clientFor] of [
    ['ioredis', () => ioredisClient(url!)],
    ['node-redis', () => nodeRedisClient(url!)],
  ] as const) {
    it(`R5 (${name}): a Redis error in one call of a turn fails that call only; the others are decided`, async () => {
      const opened = await clientFor()
      const p = `${prefix}-error-${name}`
      const limiter = createRedisRateLimiter({ client: opened as never, prefix: p, time: 'caller', keys: 'elsewhere' })
      const [good, broken, other] = [randomKeyId(), randomKeyId(), randomKeyId()]
      // A string where the script expects a hash: WRONGTYPE for every call that reads it.
      await client.set(`${p}:{id:${broken}}:rl`, 'not a hash')
      const limit = { perMinute: 5, perMonth: null }
      const now = Date.UTC(2026, 2, 10, 12)
      const answers = await Promise.allSettled([
        limiter.consume(good, limit, now),
        limiter.consume(broken, limit, now),
        limiter.consumeAll(
          [
            { id: other, policy: limit },
            { id: broken, policy: limit },
          ],
          now,
        ),
        limiter.peek(broken, limit, now),
        limiter.consumeAll(
          [
            { id: good, policy: limit },
            { id: other, policy: limit },
          ],
          now,
        ),
        limiter.peek(good, limit, now),
      ])
      const seen = answers.map((a) =>
        a.status === 'rejected' ? `rejected ${String((a.reason as Error).message).slice(0, 9)}` : a.value,
      )
      const allowed = (remaining: number) => ({
        allowed: true,
        minute: { limit: 5, remaining, reset: now / 1000 + 61 },
        month: null,
        retryAfter: 0,
        binding: null,
      })
      expect(seen).toEqual([
        allowed(4),
        'rejected WRONGTYPE',
        'rejected WRONGTYPE',
        'rejected WRONGTYPE',
        [allowed(3), allowed(4)],
        allowed(3),
      ])
      // The failed consumeAll counted nothing for `other` before it failed: it peeks first.
      expect(await limiter.peek(other, limit, now)).toEqual(allowed(4))
      await (opened as { quit(): Promise<unknown> }).quit()
    })
  }

  it(`more calls in one turn than MAX_LIMIT_BATCH (${MAX_LIMIT_BATCH}) go out as several batch calls, every one counted once, in order`, async () => {
    const limiter = createRedisRateLimiter({ client, prefix: `${prefix}-many`, time: 'caller', keys: 'elsewhere' })
    const id = randomKeyId()
    const n = 2 * MAX_LIMIT_BATCH + 7
    const now = Date.UTC(2026, 2, 10, 12)
    const decisions = await Promise.all(
      Array.from({ length: n }, () => limiter.consume(id, { perMinute: 1000, perMonth: null }, now)),
    )
    expect(decisions.map((d) => d.minute.remaining)).toEqual(Array.from({ length: n }, (_, i) => 999 - i))
  })

  it('option "coalesce" must be a boolean', () => {
    expect(() => createRedisRateLimiter({ client, coalesce: 'yes' as never })).toThrow(
      new TypeError('keyward/redis: option "coalesce" must be true or false (got "yes")'),
    )
  })
})

describe.skipIf(url === null)("RateLimiter contract with keys: 'elsewhere', coalesced", () => {
  let client: Redis
  withIoredisClient(url!, `${prefix}-contract`, (opened) => {
    client = opened
  })
  runRateLimiterContract(
    'redis, keys elsewhere, coalesced',
    () => ({
      limiter: createRedisRateLimiter({ client, prefix: `${prefix}-contract`, time: 'caller', keys: 'elsewhere' }),
    }),
    {
      propertyRuns: 40,
    },
  )
})

describe.skipIf(url === null || !privateServersAvailable())('Redis RateLimiter coalescing on a private server', () => {
  let redis: Redis
  let serverUrl: string
  withPrivateRedis((server, opened) => {
    redis = opened
    serverUrl = server.url
  })

  /** N concurrent calls over several ids, after a warm-up that loads both scripts and runs the eviction check. */
  async function evalshaOf(limiter: RedisRateLimiter): Promise<number | undefined> {
    const ids = Array.from({ length: 5 }, () => randomKeyId())
    const limit = { perMinute: 100, perMonth: 1000 }
    const now = Date.now()
    const turn = () =>
      Promise.all([
        ...ids.map((id) => limiter.peek(id, limit, now)),
        ...ids.map((id) => limiter.consume(id, limit, now)),
        limiter.consumeAll(
          [
            { id: ids[0]!, policy: limit },
            { id: randomKeyId(), policy: limit },
          ],
          now,
        ),
      ])
    await turn()
    await redis.config('RESETSTAT')
    const decisions = await turn()
    expect(decisions.flat().every((d) => d.allowed)).toBe(true)
    const calls = await commandCalls(redis)
    expect(calls.get('eval')).toBeUndefined()
    return calls.get('evalsha')
  }

  it('P1/S4: eleven concurrent peeks, consumes and a consumeAll over five ids cost one EVALSHA; with coalesce: false, eleven', async () => {
    const client = await ioredisClient(serverUrl)
    expect(await evalshaOf(createRedisRateLimiter({ client, keys: 'elsewhere' }))).toBe(1)
    expect(await evalshaOf(createRedisRateLimiter({ client, keys: 'elsewhere', coalesce: false }))).toBe(11)
    client.disconnect()
  })

  it('P1: in one batch, a repeated peek and a run of consumes of one id are answered from the first (two reads, two writes for a full batch), each decision as if sent alone', async () => {
    const client = await ioredisClient(serverUrl)
    const limiter = createRedisRateLimiter({ client, keys: 'elsewhere', time: 'caller' })
    await limiter.ready()
    const [hot, guard] = [randomKeyId(), randomKeyId()]
    const pairs = MAX_LIMIT_BATCH / 2
    const limit = { perMinute: pairs + 5, perMonth: 100 }
    const now = Date.UTC(2026, 2, 10, 12)
    await redis.config('RESETSTAT')
    const turn = await Promise.all(
      Array.from({ length: pairs }, () => [limiter.peek(guard, limit, now), limiter.consume(hot, limit, now)]).flat(),
    )
    const calls = await commandCalls(redis)
    expect([calls.get('evalsha'), calls.get('hmget'), calls.get('hset')]).toEqual([1, 2, 2])
    const consumed = turn.filter((_, i) => i % 2 === 1)
    expect(consumed.map((d) => [d.minute.remaining, d.month!.remaining])).toEqual(
      Array.from({ length: pairs }, (_, i) => [pairs + 4 - i, 99 - i]),
    )
    expect(new Set(turn.filter((_, i) => i % 2 === 0).map((d) => JSON.stringify(d))).size).toBe(1)
    // What the run counted was written: the next call, alone, sees every one, and the minute's limit holds.
    expect((await limiter.peek(hot, limit, now)).minute.remaining).toBe(5)
    const more = await Promise.all(Array.from({ length: 6 }, () => limiter.consume(hot, limit, now)))
    expect(more.map((d) => [d.allowed, d.minute.remaining, d.month!.remaining])).toEqual([
      ...Array.from({ length: 5 }, (_, i) => [true, 4 - i, 99 - pairs - i]),
      [false, 0, 95 - pairs],
    ])
    client.disconnect()
  })

  it('R5: a batch that Redis does not answer rejects every call in it within timeoutMs', async () => {
    const client = await ioredisClient(serverUrl)
    const limiter = createRedisRateLimiter({ client, keys: 'elsewhere', timeoutMs: 200 })
    await limiter.ready()
    await redis.call('CLIENT', 'PAUSE', '800', 'ALL')
    const started = performance.now()
    const answers = await Promise.allSettled(
      Array.from({ length: 4 }, () => limiter.consume(randomKeyId(), { perMinute: 5, perMonth: null }, Date.now())),
    )
    const elapsed = performance.now() - started
    expect(answers.map((a) => a.status === 'rejected' && a.reason instanceof StoreTimeoutError)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(elapsed).toBeLessThan(600)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect((await limiter.consume(randomKeyId(), { perMinute: 5, perMonth: null }, Date.now())).allowed).toBe(true)
    client.disconnect()
  })
})
