/**
 * The minute state's bookkeeping (scripts/limits-library.ts): beside its 1-second buckets the `:rl` hash holds
 * `t` (the sum of the held buckets), `n` (the newest second held) and `o` (the oldest second
 * held), so that an admitted request reads and writes O(1) fields instead of the whole window.
 *
 * - After every consume the bookkeeping describes the buckets exactly and the hash stays bounded.
 * - Decisions stay those of the memory limiter (L2, L4, L4b) on every path the script can take:
 *   the O(1) path, trimming by a short walk, a gap too long to walk, everything stale, the
 *   retry-after walk of a rejection.
 * - A dense admitted request runs no HGETALL and no per-bucket lookup (counted, not timed, on a
 *   private redis-server so no other suite's commands mix in).
 * - The authorize script's scope check (a substring search where that is exact) answers as the
 *   composed memory authorize does, for scope names of any shape.
 */
import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { createRedisRateLimiter, createRedisStores } from '../../src/stores/redis/index.js'
import { LIMIT_SCRIPT } from '../../src/stores/redis/scripts.js'
import type { AuthorizeInput, LimitPolicy } from '../../src/core/types.js'
import { T0, makeStoredKey, randomKeyId } from '../contracts/fixtures.js'
import { commandCalls, privateServersAvailable, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient, withPrivateRedis } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('window-bookkeeping')
const BOOKKEEPING = ['t', 'n', 'o'] as const
/** The month counter of a key with a quota, kept in the same hash (not buckets). */
const MONTH = ['m', 'q'] as const

/** The buckets of a minute hash (numeric fields) and its bookkeeping fields. */
function parse(hash: Record<string, string>): {
  buckets: Map<number, number>
  book: Partial<Record<'t' | 'n' | 'o', number>>
} {
  const buckets = new Map<number, number>()
  const book: Partial<Record<'t' | 'n' | 'o', number>> = {}
  for (const [field, value] of Object.entries(hash)) {
    if ((BOOKKEEPING as readonly string[]).includes(field)) book[field as 't' | 'n' | 'o'] = Number(value)
    else if (!(MONTH as readonly string[]).includes(field)) buckets.set(Number(field), Number(value))
  }
  return { buckets, book }
}

/** The fields other than the month counter's. */
function minuteFields(hash: Record<string, string>): number {
  return Object.keys(hash).filter((field) => !(MONTH as readonly string[]).includes(field)).length
}

/** The bookkeeping describes the buckets exactly, and the window spans at most 61 seconds. */
function expectConsistent(hash: Record<string, string>, where: string): void {
  if (minuteFields(hash) === 0) return
  const { buckets, book } = parse(hash)
  const seconds = [...buckets.keys()]
  expect(seconds.length, where).toBeGreaterThan(0)
  expect(book, where).toEqual({
    t: [...buckets.values()].reduce((a, b) => a + b, 0),
    n: Math.max(...seconds),
    o: Math.min(...seconds),
  })
  for (const [second, count] of buckets) {
    expect(Number.isSafeInteger(second) && Number.isSafeInteger(count) && count > 0, where).toBe(true)
  }
  expect(book.n! - book.o!, where).toBeLessThanOrEqual(60)
  expect(minuteFields(hash), where).toBeLessThanOrEqual(61 + 3)
}

/** The lookups a trim may spend before the script reads the hash whole (WALK_FIELDS in scripts/limits-library.ts). */
const WALK_FIELDS = Number(/^local WALK_FIELDS = (\d+)$/m.exec(LIMIT_SCRIPT.source)![1])

/** Which way the script reads the window, predicted from the hash before the call (for coverage only). */
function pathOf(hash: Record<string, string>, now: number): string {
  if (minuteFields(hash) === 0) return 'fresh'
  const { buckets, book } = parse(hash)
  const s = Math.floor(now / 1000)
  const floor = Math.max(s, book.n!) - 60
  if (book.n! < floor) return 'all stale'
  if (book.o! >= floor) return 'O(1)'
  if (floor - book.o! >= WALK_FIELDS) return 'gap: read whole'
  for (let second = floor; second <= Math.min(book.n!, book.o! + WALK_FIELDS - 1); second++) {
    if (buckets.has(second)) return 'short walk'
  }
  return 'walk too long: read whole'
}

describe.skipIf(url === null)('minute state bookkeeping (t, n, o)', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })
  const minuteKey = (keyId: string) => `${prefix}:{id:${keyId}}:rl`

  const POLICIES: LimitPolicy[] = [
    { perMinute: 1, perMonth: 1000 },
    { perMinute: 3, perMonth: null },
    { perMinute: 20, perMonth: null },
    { perMinute: 20, perMonth: 25 },
    { perMinute: 1_000_000, perMonth: null },
  ]
  const step = fc.record({
    op: fc.oneof(
      { weight: 8, arbitrary: fc.constant('consume' as const) },
      { weight: 3, arbitrary: fc.constant('peek' as const) },
    ),
    dt: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 400 }) },
      { weight: 6, arbitrary: fc.integer({ min: 400, max: 2_000 }) },
      { weight: 2, arbitrary: fc.integer({ min: 2_000, max: 25_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 25_000, max: 90_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: -70_000, max: -1 }) },
    ),
    policy: fc.constantFrom(...POLICIES),
  })

  // 80 runs of up to 150 requests against a real Redis: seconds alone, far longer beside other test files.
  it('L2/L4: decisions equal the memory limiter’s on every path, and after every consume t/n/o describe the buckets exactly', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const seen = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 150, size: 'max' }), async (steps) => {
        const memory = createMemoryRateLimiter()
        const keyId = randomKeyId()
        let now = T0
        for (const { op, dt, policy } of steps) {
          now += dt
          const before = await client.hgetall(minuteKey(keyId))
          const path = pathOf(before, now)
          const consume = op !== 'peek'
          const expected = consume ? memory.consume(keyId, policy, now) : memory.peek(keyId, policy, now)
          const actual = consume ? await redis.consume(keyId, policy, now) : await redis.peek(keyId, policy, now)
          const where = `${op} at T0 + ${now - T0} ms ${JSON.stringify(policy)} (${path})`
          expect(actual, where).toEqual(expected)
          const after = await client.hgetall(minuteKey(keyId))
          if (consume) expectConsistent(after, where)
          else expect(after, `${where}: a peek writes nothing`).toEqual(before)
          const kind = `${consume ? 'consume' : 'peek'}: ${path}${actual.allowed ? '' : ', rejected'}`
          seen.set(kind, (seen.get(kind) ?? 0) + 1)
        }
      }),
      { numRuns: 80 },
    )
    // The property reached every way of reading the window, on consumes, peeks and rejections.
    const count = (start: string) =>
      [...seen].filter(([kind]) => kind.startsWith(start)).reduce((sum, [, n]) => sum + n, 0)
    for (const path of ['fresh', 'all stale', 'O(1)', 'gap: read whole', 'short walk', 'walk too long: read whole']) {
      expect(count(`consume: ${path}`), `consume: ${path}`).toBeGreaterThan(0)
    }
    for (const path of ['all stale', 'O(1)', 'gap: read whole', 'short walk', 'walk too long: read whole']) {
      expect(count(`peek: ${path}`), `peek: ${path}`).toBeGreaterThan(0)
    }
    for (const path of ['O(1)', 'gap: read whole', 'short walk']) {
      expect(
        count(`consume: ${path}, rejected`) + count(`peek: ${path}, rejected`),
        `${path}, rejected`,
      ).toBeGreaterThan(0)
    }
  }, 90_000)

  it('L2/L4: long busy runs over full windows (limits met, lowered and raised, clock stepping back) decide as the memory limiter', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const busy = fc.record({
      consume: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      dt: fc.oneof(
        { weight: 20, arbitrary: fc.integer({ min: 0, max: 700 }) },
        { weight: 1, arbitrary: fc.integer({ min: -65_000, max: -1 }) },
        { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 15_000 }) },
      ),
      perMinute: fc.oneof(
        { weight: 10, arbitrary: fc.constant(80) },
        { weight: 1, arbitrary: fc.constantFrom(10, 200) },
      ),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(busy, { minLength: 100, maxLength: 400, size: 'max' }), async (steps) => {
        const memory = createMemoryRateLimiter()
        const keyId = randomKeyId()
        let now = T0
        for (const { consume, dt, perMinute } of steps) {
          now += dt
          const policy = { perMinute, perMonth: null }
          const expected = consume ? memory.consume(keyId, policy, now) : memory.peek(keyId, policy, now)
          const actual = consume ? await redis.consume(keyId, policy, now) : await redis.peek(keyId, policy, now)
          expect(actual, `${consume ? 'consume' : 'peek'} at T0 + ${now - T0} ms, ${perMinute}/min`).toEqual(expected)
        }
        expectConsistent(await client.hgetall(minuteKey(keyId)), 'at the end')
      }),
      { numRuns: 12 },
    )
  })

  it('L2: after 2,000 requests over 200 s, t is the sum of the buckets held, n the newest, o the oldest, and the hash holds 61 + 3 fields', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const keyId = randomKeyId()
    const policy = { perMinute: 1_000_000, perMonth: null }
    for (let i = 0; i < 2_000; i++) await redis.consume(keyId, policy, T0 + i * 100)
    const hash = await client.hgetall(minuteKey(keyId))
    expectConsistent(hash, 'after 2,000 requests')
    // Ten requests in each second T0 + 0 s … T0 + 199 s; the window of the last holds 139 … 199.
    const last = T0 / 1000 + 199
    expect(hash).toMatchObject({ t: String(61 * 10), n: String(last), o: String(last - 60) })
    expect(Object.keys(hash)).toHaveLength(61 + 3)
  })

  it('L2: a key idle for longer than its window starts again from one bucket (the stale hash is dropped whole)', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const keyId = randomKeyId()
    const policy = { perMinute: 5, perMonth: null }
    for (let i = 0; i < 30; i++) await redis.consume(keyId, policy, T0 + i * 1000)
    const later = T0 + 600_000
    expect(await redis.peek(keyId, policy, later)).toMatchObject({ minute: { remaining: 5, reset: later / 1000 } })
    expect(await redis.consume(keyId, policy, later)).toMatchObject({
      allowed: true,
      minute: { remaining: 4, reset: later / 1000 + 61 },
    })
    const s = String(later / 1000)
    expect(await client.hgetall(minuteKey(keyId))).toEqual({ [s]: '1', t: '1', n: s, o: s })
  })

  it('L1/L4: a clock stepped back into the month just ended finds that month’s count, after a request of the next month emptied the window', async () => {
    // A request without a quota in January empties the window; December's counter must outlive
    // it, as in the memory limiter, or back in December the quota reads as unused.
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const memory = createMemoryRateLimiter()
    const keyId = randomKeyId()
    const december = Date.UTC(2026, 11, 31, 23, 59, 30)
    const steps: [number, LimitPolicy, boolean][] = [
      [december, { perMinute: 3, perMonth: 5 }, true],
      [december + 61_000, { perMinute: 1, perMonth: null }, true],
      [december + 29_999, { perMinute: 5, perMonth: 2 }, false],
      [december + 29_999, { perMinute: 5, perMonth: 2 }, true],
      [december + 29_999, { perMinute: 5, perMonth: 2 }, true],
    ]
    const months: unknown[] = []
    for (const [now, policy, consume] of steps) {
      const expected = consume ? memory.consume(keyId, policy, now) : memory.peek(keyId, policy, now)
      const actual = consume ? await redis.consume(keyId, policy, now) : await redis.peek(keyId, policy, now)
      expect(actual).toEqual(expected)
      months.push(actual.allowed && actual.month ? actual.month.remaining : actual.allowed)
    }
    // December: 1 of 5 used; back in December with a quota of 2, one left, then none.
    expect(months).toEqual([4, true, 1, 0, false])
  })

  it('L2: a bucket written beside the counter of a month that has ended lives its full minute, however little that counter has left', async () => {
    const redis = createRedisRateLimiter({ client, prefix, time: 'caller' })
    const keyId = randomKeyId()
    const key = minuteKey(keyId)
    const noQuota = { perMinute: 1, perMonth: null }
    // The hash as a key with a quota left it in December, seen near the end of 1 January: the
    // counter's TTL (a day past its month) has 300 ms left, and a request in the window.
    const now = Date.UTC(2027, 0, 1, 23, 59, 59, 600)
    const s = Math.floor(now / 1000) - 30
    await client.hset(
      key,
      String(s),
      '1',
      't',
      '1',
      'n',
      String(s),
      'o',
      String(s),
      'm',
      String(2026 * 12 + 11),
      'q',
      '3',
    )
    await client.pexpire(key, 300)
    expect(await redis.consume(keyId, { perMinute: 5, perMonth: null }, now)).toMatchObject({
      allowed: true,
      minute: { remaining: 3 },
    })
    expect(await client.pttl(key)).toBeGreaterThan(60_000)
    // After the counter's time is up the window still holds both requests.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await redis.consume(keyId, noQuota, now + 100)).toMatchObject({ allowed: false })
    // The same after a window emptied by the gap: the counter kept, the new bucket's TTL whole.
    const other = randomKeyId()
    await redis.consume(other, { perMinute: 5, perMonth: 10 }, Date.UTC(2026, 11, 31, 23, 59))
    expect(await redis.consume(other, noQuota, now)).toMatchObject({ allowed: true })
    expect(await client.pttl(minuteKey(other))).toBeGreaterThan(60_000)
    expect(await client.hmget(minuteKey(other), 'm', 'q')).toEqual([String(2026 * 12 + 11), '1'])
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(await redis.consume(other, noQuota, now + 100)).toMatchObject({ allowed: false })
  })
})

describe.skipIf(url === null || !privateServersAvailable())(
  'minute state: the work of one request inside Redis (counted, not timed)',
  () => {
    let client: Redis
    withPrivateRedis((_server, opened) => {
      client = opened
    })

    /** Calls of each command since the last RESETSTAT, scripts' own commands included. */
    async function calls(): Promise<Record<string, number>> {
      return Object.fromEntries(await commandCalls(client))
    }

    it('P1: over a full 61-bucket window an admitted request reads and writes O(1) fields: no HGETALL, no per-bucket lookup', async () => {
      const limiter = createRedisRateLimiter({ client, prefix: 'kw', time: 'caller' })
      const keyId = randomKeyId()
      const policy = { perMinute: 1_000_000, perMonth: null }
      // Every second of the window holds a bucket.
      for (let second = 0; second < 70; second++) {
        for (let j = 0; j < 5; j++) await limiter.consume(keyId, policy, T0 + second * 1000 + j * 150)
      }
      expect(await client.hlen(`kw:{id:${keyId}}:rl`)).toBe(61 + 3)

      await client.config('RESETSTAT')
      const SECONDS = 30
      const PER_SECOND = 10
      const N = SECONDS * PER_SECOND
      for (let second = 70; second < 70 + SECONDS; second++) {
        for (let j = 0; j < PER_SECOND; j++) {
          expect((await limiter.consume(keyId, policy, T0 + second * 1000 + j * 90)).allowed).toBe(true)
        }
      }
      const counted = await calls()
      expect(counted.evalsha).toBe(N)
      expect(counted.hgetall ?? 0).toBe(0)
      expect(counted.hget ?? 0).toBe(0)
      // Per request one HMGET (t, n, o and the request's bucket) and one HSET (the bucket and t,
      // and n/o when they move); once a second one more HMGET of two fields (the bucket that left
      // the window and the next one) and the HDEL of the bucket that left.
      expect(counted.hmget).toBe(N + SECONDS)
      expect(counted.hset).toBe(N)
      expect(counted.hincrby ?? 0).toBe(0)
      expect(counted.hdel).toBe(SECONDS)
      // The TTL is renewed when a request creates a bucket: once a second.
      expect(counted.pexpire).toBe(SECONDS)
      expect(await client.hlen(`kw:{id:${keyId}}:rl`)).toBe(61 + 3)
    })

    it('P1/L1: with a monthly quota an admitted request still costs one HMGET and one HSET: the counter is in the same hash', async () => {
      const limiter = createRedisRateLimiter({ client, prefix: 'kw', time: 'caller' })
      const keyId = randomKeyId()
      const policy = { perMinute: 1_000_000, perMonth: 1_000_000 }
      await limiter.consume(keyId, policy, T0)
      await client.config('RESETSTAT')
      const N = 200
      // 200 requests within one second: one bucket, no trimming.
      for (let i = 1; i <= N; i++) {
        expect(await limiter.consume(keyId, policy, T0 + i * 4)).toMatchObject({
          allowed: true,
          month: { remaining: 1_000_000 - 1 - i },
        })
      }
      const counted = await calls()
      expect(counted.evalsha).toBe(N)
      expect(counted.hmget).toBe(N)
      expect(counted.hset).toBe(N)
      // This month's counter already has its TTL; the bucket exists: nothing else is written.
      expect(counted.pexpire ?? 0).toBe(0)
      expect(counted.exists ?? 0).toBe(0)
      expect(await client.keys(`kw:{id:${keyId}}:*`)).toEqual([`kw:{id:${keyId}}:rl`])
    })

    it('P1: a rejection over a full window walks buckets oldest first only as far as it must (one lookup when the window is just full)', async () => {
      const limiter = createRedisRateLimiter({ client, prefix: 'kw', time: 'caller' })
      const keyId = randomKeyId()
      // One request a second for 70 s under a limit of 60: the window is full at every second.
      const policy = { perMinute: 60, perMonth: null }
      for (let second = 0; second < 70; second++) await limiter.consume(keyId, policy, T0 + second * 1000)
      await client.config('RESETSTAT')
      const N = 50
      for (let i = 0; i < N; i++) {
        const decision = await limiter.consume(keyId, policy, T0 + 69_000 + 500 + i * 5)
        expect(decision).toMatchObject({ allowed: false, retryAfter: 1, binding: 'minute' })
      }
      const counted = await calls()
      expect(counted.hgetall ?? 0).toBe(0)
      expect(counted.hget).toBe(N)
      expect(counted.hmget).toBe(N)
      // Rejections count nothing.
      expect(counted.hincrby ?? 0).toBe(0)
      expect(counted.hset ?? 0).toBe(0)
    })
  },
)

describe.skipIf(url === null)('authorize: the scope check (L6)', () => {
  let client: Redis
  const scopePrefix = uniquePrefix('scope-check')
  withIoredisClient(url!, scopePrefix, (opened) => {
    client = opened
  })

  const DEFAULTS: AuthorizeInput['defaults'] = {
    live: { perMinute: 1000, perMonth: null },
    test: { perMinute: 10, perMonth: 1000 },
  }
  // Scope names that SCOPE_PATTERN accepts, and pieces of JSON that a substring search would
  // confuse with them: quotes, backslashes, separators, brackets, spaces, non-ASCII.
  const piece = fc.constantFrom(
    'a',
    'b',
    'ip',
    'x:y',
    'r.w',
    'a_b',
    'a-b',
    '"',
    '\\',
    ',',
    '","',
    '[',
    ']',
    ' ',
    'é',
    '/',
    '\\"',
    '\\u0061',
  )
  const name = fc.array(piece, { minLength: 0, maxLength: 4 }).map((parts) => parts.join(''))

  it('L6: for scope names of any shape, the Redis authorize forbids exactly what the composed memory authorize forbids', async () => {
    const redis = createRedisStores({ client, prefix: scopePrefix, time: 'caller' })
    await fc.assert(
      fc.asyncProperty(
        fc.array(name, { maxLength: 5 }),
        fc.array(name, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 2 }),
        async (held, required, picks) => {
          // Often require scopes the key does hold, so both answers occur.
          const wanted = [...required]
          if (held.length > 0) for (const pick of picks) wanted.push(held[pick % held.length]!)
          const memoryStores = createMemoryStores()
          const memory = composeAuthorize(memoryStores)
          const key = makeStoredKey({ scopes: [...new Set(held)] })
          await memoryStores.keys.insert(key)
          await redis.keys.insert(key)
          const input: AuthorizeInput = {
            hashes: [key.hash],
            now: T0,
            requiredScopes: wanted,
            liveOnly: false,
            consume: false,
            defaults: DEFAULTS,
          }
          const expected = await memory(input)
          const actual = await redis.authorize!(input)
          expect(actual.result, JSON.stringify({ held: key.scopes, wanted })).toBe(expected.result)
          expect(actual.result === 'forbidden' && actual.reason, JSON.stringify({ held: key.scopes, wanted })).toBe(
            expected.result === 'forbidden' && expected.reason,
          )
        },
      ),
      { numRuns: 300 },
    )
  })

  it('L6: a required scope that only looks like a piece of the stored JSON is not held', async () => {
    const redis = createRedisStores({ client, prefix: scopePrefix, time: 'caller' })
    const key = makeStoredKey({ scopes: ['ip', 'email', 'x"y'] })
    await redis.keys.insert(key)
    const result = async (...scopes: string[]) =>
      (
        await redis.authorize!({
          hashes: [key.hash],
          now: T0,
          requiredScopes: scopes,
          liveOnly: false,
          consume: false,
          defaults: DEFAULTS,
        })
      ).result
    expect(await result('ip', 'email')).toBe('ok')
    // Only a scope name can be held (M7: as the JavaScript check decides), so a stored 'x"y' grants nothing.
    expect(await result('x"y')).toBe('forbidden')
    for (const fake of [',', '","', 'ip","email', 'y', 'x', 'x\\', 'ip"', '"ip"', 'i', 'mail', '']) {
      expect(await result(fake), JSON.stringify(fake)).toBe('forbidden')
    }
  })
})
