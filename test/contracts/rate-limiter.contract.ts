/**
 * The behaviour every RateLimiter must have (L1, L2, L3, L4, L4b, L5), with the exact arithmetic
 * of src/core/limits-math.ts: 61 one-second buckets, a request admitted iff the window holds fewer than
 * `perMinute` and the UTC month fewer than `perMonth`. Run it from a `*.test.ts` file:
 *
 *   runRateLimiterContract('memory', () => ({ limiter: createMemoryRateLimiter() }))
 *
 * Time is always the explicit `now` argument, so no fake timers are needed; every key id is
 * random, so a shared database is fine.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest'
import type { LimitDecision, LimitPolicy, LimitRequest, RateLimiter } from '../../src/core/types.js'
import { T0, attempt, randomKeyId, type Fixture, type FixtureFactory } from './fixtures.js'

/** Options of `runRateLimiterContract`. */
export interface RateLimiterContractOptions {
  /** Runs of each fast-check property; lower it for slow backends. Default 150. */
  propertyRuns?: number
}

const T0_SECONDS = T0 / 1000
/** `t` seconds after T0, in epoch ms. */
const at = (seconds: number): number => T0 + Math.round(seconds * 1000)
const utcSeconds = (...args: [number, number, number?, number?, number?, number?]): number => Date.UTC(...args) / 1000

/** Declares the RateLimiter suite for the limiter that `makeLimiter` builds (called once per test). */
export function runRateLimiterContract(
  name: string,
  makeLimiter: FixtureFactory<{ limiter: RateLimiter }>,
  options: RateLimiterContractOptions = {},
): void {
  const propertyRuns = options.propertyRuns ?? 150

  describe(`RateLimiter contract: ${name}`, () => {
    let fixture: Fixture<{ limiter: RateLimiter }>
    let limiter: RateLimiter

    beforeEach(async () => {
      fixture = await makeLimiter()
      limiter = fixture.limiter
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    const tenPerMinute: LimitPolicy = { perMinute: 10, perMonth: null }

    /** `count` consumes at `now`, one after another; the decisions in order. */
    async function consumeMany(
      keyId: string,
      policy: LimitPolicy,
      now: number,
      count: number,
    ): Promise<LimitDecision[]> {
      const decisions: LimitDecision[] = []
      for (let i = 0; i < count; i++) decisions.push(await limiter.consume(keyId, policy, now))
      return decisions
    }
    const admitted = (decisions: LimitDecision[]): number => decisions.filter((d) => d.allowed).length

    describe('per-minute window (L2)', () => {
      it('L2/L3: the first request is admitted, leaves perMinute - 1 and resets when its bucket expires (61 s)', async () => {
        const decision = await limiter.consume(randomKeyId(), tenPerMinute, at(0.25))
        expect(decision).toEqual({
          allowed: true,
          minute: { limit: 10, remaining: 9, reset: T0_SECONDS + 61 },
          month: null,
          retryAfter: 0,
          binding: null,
        })
      })

      it('L2/L4: admits exactly perMinute requests in one second, then rejects with binding minute', async () => {
        const keyId = randomKeyId()
        const decisions = await consumeMany(keyId, tenPerMinute, at(0), 10)
        expect(decisions.map((d) => d.minute.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
        expect(decisions.every((d) => d.allowed)).toBe(true)
        expect(await limiter.consume(keyId, tenPerMinute, at(0.5))).toEqual({
          allowed: false,
          minute: { limit: 10, remaining: 0, reset: T0_SECONDS + 61 },
          month: null,
          retryAfter: 61,
          binding: 'minute',
        })
      })

      it('L2: 10 at t=59s then 10 at t=61s admits none of the second ten', async () => {
        const keyId = randomKeyId()
        expect(admitted(await consumeMany(keyId, tenPerMinute, at(59), 10))).toBe(10)
        const second = await consumeMany(keyId, tenPerMinute, at(61), 10)
        expect(admitted(second)).toBe(0)
        for (const decision of second) {
          expect(decision).toMatchObject({
            binding: 'minute',
            retryAfter: 59,
            minute: { remaining: 0, reset: T0_SECONDS + 120 },
          })
        }
      })

      it('L2: after 10 at t=59s the next admission is at t=120s (bucket 59 expires at 59 + 61)', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(59), 10)
        const justBefore = await limiter.consume(keyId, tenPerMinute, at(119.999))
        expect(justBefore).toMatchObject({ allowed: false, retryAfter: 1 })
        const next = await consumeMany(keyId, tenPerMinute, at(120), 11)
        expect(next.slice(0, 10).every((d) => d.allowed)).toBe(true)
        expect(next[0]!.minute).toEqual({ limit: 10, remaining: 9, reset: T0_SECONDS + 181 })
        expect(next[10]).toMatchObject({ allowed: false, retryAfter: 61, binding: 'minute' })
      })

      it('L2: the 61st bucket counts whole: a full second at t=0 still blocks at t=60.999s', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(0.999), 10)
        expect(await limiter.consume(keyId, tenPerMinute, at(60.999))).toMatchObject({ allowed: false, retryAfter: 1 })
        expect(await limiter.consume(keyId, tenPerMinute, at(61))).toMatchObject({
          allowed: true,
          minute: { remaining: 9 },
        })
      })

      it('L2: requests spread over the window free their slots bucket by bucket', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(10), 4)
        await consumeMany(keyId, tenPerMinute, at(20), 3)
        await consumeMany(keyId, tenPerMinute, at(30), 3)
        expect(await limiter.consume(keyId, tenPerMinute, at(40))).toMatchObject({ allowed: false, retryAfter: 31 })
        expect(admitted(await consumeMany(keyId, tenPerMinute, at(70.5), 2))).toBe(0)
        // Bucket 10 expires at 71: exactly its 4 slots come back.
        const freed = await consumeMany(keyId, tenPerMinute, at(71), 5)
        expect(freed.map((d) => d.allowed)).toEqual([true, true, true, true, false])
        // The oldest bucket is now 20, expiring at 81.
        expect(freed[4]).toMatchObject({ retryAfter: 10, minute: { remaining: 0, reset: T0_SECONDS + 81 } })
      })

      it('L4: a rejected request consumes nothing', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(0), 10)
        expect(admitted(await consumeMany(keyId, tenPerMinute, at(30), 25))).toBe(0)
        // Had the 25 rejections at t=30 counted, nothing would be admitted at t=61.
        expect(admitted(await consumeMany(keyId, tenPerMinute, at(61), 12))).toBe(10)
      })

      it('L4: when the policy is lowered below the count, Retry-After waits for enough buckets to expire', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(10), 4)
        await consumeMany(keyId, tenPerMinute, at(20), 3)
        await consumeMany(keyId, tenPerMinute, at(30), 3)
        // 10 held, limit 5: bucket 10 leaves 6, bucket 20 leaves 3 < 5, and it expires at 81.
        const lowered = await limiter.peek(keyId, { perMinute: 5, perMonth: null }, at(40))
        expect(lowered).toEqual({
          allowed: false,
          minute: { limit: 5, remaining: 0, reset: T0_SECONDS + 71 },
          month: null,
          retryAfter: 41,
          binding: 'minute',
        })
      })

      it('L1: the policy passed with each call applies (per-key overrides)', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(0), 10)
        const raised = await limiter.consume(keyId, { perMinute: 12, perMonth: null }, at(1))
        expect(raised).toMatchObject({ allowed: true, minute: { limit: 12, remaining: 1 } })
      })

      it('L2: keys are limited independently', async () => {
        const first = randomKeyId()
        const second = randomKeyId()
        await consumeMany(first, tenPerMinute, at(0), 10)
        expect(await limiter.consume(second, tenPerMinute, at(0))).toMatchObject({
          allowed: true,
          minute: { remaining: 9 },
        })
        expect(await limiter.consume(first, tenPerMinute, at(0))).toMatchObject({ allowed: false })
      })

      it('L2: concurrent consumes never admit more than perMinute', async () => {
        const keyId = randomKeyId()
        const decisions = await Promise.all(
          Array.from({ length: 30 }, () => limiter.consume(keyId, tenPerMinute, at(5))),
        )
        expect(admitted(decisions)).toBe(10)
        expect((await limiter.peek(keyId, tenPerMinute, at(5))).minute.remaining).toBe(0)
      })
    })

    describe('peek (L3, L4b, L5)', () => {
      it('L5: peek consumes nothing however often it is called', async () => {
        const keyId = randomKeyId()
        for (let i = 0; i < 25; i++) await limiter.peek(keyId, tenPerMinute, at(0))
        expect(await limiter.consume(keyId, tenPerMinute, at(0))).toMatchObject({
          allowed: true,
          minute: { remaining: 9 },
        })
      })

      it('L3: peek reports the remaining count without taking one', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(3), 3)
        expect(await limiter.peek(keyId, tenPerMinute, at(4))).toEqual({
          allowed: true,
          minute: { limit: 10, remaining: 7, reset: T0_SECONDS + 64 },
          month: null,
          retryAfter: 0,
          binding: null,
        })
        expect((await limiter.consume(keyId, tenPerMinute, at(4))).minute.remaining).toBe(6)
      })

      it('L3/L4: peek on an exhausted key reports allowed=false with Retry-After', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(0), 10)
        expect(await limiter.peek(keyId, tenPerMinute, at(15))).toMatchObject({
          allowed: false,
          retryAfter: 46,
          binding: 'minute',
          minute: { remaining: 0 },
        })
      })

      it('L4b: with nothing in the window, minute.reset is the current time rounded up to a second', async () => {
        const keyId = randomKeyId()
        expect((await limiter.peek(keyId, tenPerMinute, at(1.5))).minute).toEqual({
          limit: 10,
          remaining: 10,
          reset: T0_SECONDS + 2,
        })
        expect((await limiter.peek(keyId, tenPerMinute, at(7))).minute.reset).toBe(T0_SECONDS + 7)
      })

      it('L4b: once every bucket has expired, the window is empty again', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(0), 10)
        expect((await limiter.peek(keyId, tenPerMinute, at(61.2))).minute).toEqual({
          limit: 10,
          remaining: 10,
          reset: T0_SECONDS + 62,
        })
      })

      it('L3: minute.reset is when the oldest bucket in the window expires', async () => {
        const keyId = randomKeyId()
        await limiter.consume(keyId, tenPerMinute, at(5))
        expect((await limiter.consume(keyId, tenPerMinute, at(20))).minute.reset).toBe(T0_SECONDS + 66)
        expect((await limiter.peek(keyId, tenPerMinute, at(66))).minute).toEqual({
          limit: 10,
          remaining: 9,
          reset: T0_SECONDS + 81,
        })
      })

      it('L5: a peek at a later time does not drop buckets that an earlier-stamped request still counts', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, tenPerMinute, at(0), 10)
        await limiter.peek(keyId, tenPerMinute, at(500))
        expect(await limiter.consume(keyId, tenPerMinute, at(30))).toMatchObject({ allowed: false })
      })
    })

    describe('monthly quota (L1, L4)', () => {
      const quotaOfThree: LimitPolicy = { perMinute: 1000, perMonth: 3 }

      it('L1/L3: a quota admits perMonth requests per UTC month, then rejects with binding month', async () => {
        const keyId = randomKeyId()
        const decisions = await consumeMany(keyId, quotaOfThree, at(0), 3)
        const april = utcSeconds(2026, 3, 1)
        expect(decisions.map((d) => d.month)).toEqual([
          { limit: 3, remaining: 2, reset: april },
          { limit: 3, remaining: 1, reset: april },
          { limit: 3, remaining: 0, reset: april },
        ])
        const rejected = await limiter.consume(keyId, quotaOfThree, at(0.4))
        expect(rejected).toEqual({
          allowed: false,
          minute: { limit: 1000, remaining: 997, reset: T0_SECONDS + 61 },
          month: { limit: 3, remaining: 0, reset: april },
          retryAfter: april - T0_SECONDS,
          binding: 'month',
        })
      })

      it('L4: a request rejected by the quota does not count against the minute either', async () => {
        const keyId = randomKeyId()
        await consumeMany(keyId, quotaOfThree, at(0), 3)
        await consumeMany(keyId, quotaOfThree, at(1), 5)
        expect((await limiter.peek(keyId, quotaOfThree, at(1))).minute.remaining).toBe(997)
      })

      it('L4: a request rejected by the minute limit does not count against the quota', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 2, perMonth: 100 }
        await consumeMany(keyId, policy, at(0), 2)
        const rejected = await consumeMany(keyId, policy, at(1), 5)
        expect(admitted(rejected)).toBe(0)
        expect(rejected[4]).toMatchObject({ binding: 'minute', retryAfter: 60, month: { remaining: 98 } })
        expect((await limiter.peek(keyId, policy, at(90))).month?.remaining).toBe(98)
      })

      it('L1: the quota resets at 00:00 UTC on the 1st (31 Jan → 1 Feb)', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 1000, perMonth: 2 }
        const february = utcSeconds(2026, 1, 1)
        await consumeMany(keyId, policy, Date.UTC(2026, 0, 31, 23, 59, 58, 500), 2)
        expect(await limiter.consume(keyId, policy, Date.UTC(2026, 0, 31, 23, 59, 59, 999))).toMatchObject({
          allowed: false,
          binding: 'month',
          retryAfter: 1,
          month: { limit: 2, remaining: 0, reset: february },
        })
        expect(await limiter.consume(keyId, policy, february * 1000)).toMatchObject({
          allowed: true,
          month: { limit: 2, remaining: 1, reset: utcSeconds(2026, 2, 1) },
        })
      })

      it('L1: the quota resets at 00:00 UTC on 1 January (31 Dec → 1 Jan of the next year)', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 1000, perMonth: 1 }
        const newYear = utcSeconds(2027, 0, 1)
        const first = await limiter.consume(keyId, policy, Date.UTC(2026, 11, 31, 12, 0, 0))
        expect(first.month).toEqual({ limit: 1, remaining: 0, reset: newYear })
        expect(await limiter.consume(keyId, policy, Date.UTC(2026, 11, 31, 23, 59, 59, 1))).toMatchObject({
          allowed: false,
          retryAfter: 1,
          binding: 'month',
        })
        expect(await limiter.consume(keyId, policy, newYear * 1000)).toMatchObject({
          allowed: true,
          month: { remaining: 0, reset: utcSeconds(2027, 1, 1) },
        })
      })

      it('L1: a leap-year February ends on the 29th (quota resets 1 March)', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 1000, perMonth: 1 }
        const first = await limiter.consume(keyId, policy, Date.UTC(2028, 1, 29, 23, 0, 0))
        expect(first.month?.reset).toBe(utcSeconds(2028, 2, 1))
        expect(await limiter.consume(keyId, policy, Date.UTC(2028, 1, 29, 23, 59, 59))).toMatchObject({
          allowed: false,
        })
        expect(await limiter.consume(keyId, policy, Date.UTC(2028, 2, 1))).toMatchObject({ allowed: true })
      })

      it('L1: the month counter survives days of idleness within the month', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 1000, perMonth: 5 }
        await consumeMany(keyId, policy, Date.UTC(2026, 2, 2, 8), 3)
        expect(await limiter.consume(keyId, policy, Date.UTC(2026, 2, 28, 18))).toMatchObject({
          allowed: true,
          month: { remaining: 1 },
        })
      })

      it('L4: both exhausted, the minute later: binding month, Retry-After the later (minute) wait', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 2, perMonth: 2 }
        const tenSecondsToMarch = Date.UTC(2026, 1, 28, 23, 59, 50)
        await consumeMany(keyId, policy, tenSecondsToMarch, 2)
        expect(await limiter.consume(keyId, policy, tenSecondsToMarch)).toMatchObject({
          allowed: false,
          binding: 'month',
          retryAfter: 61,
          minute: { remaining: 0 },
          month: { remaining: 0, reset: utcSeconds(2026, 2, 1) },
        })
      })

      it('L4: both exhausted, the month later: binding month, Retry-After the month wait', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 2, perMonth: 2 }
        await consumeMany(keyId, policy, at(0), 2)
        expect(await limiter.consume(keyId, policy, at(0.5))).toMatchObject({
          allowed: false,
          binding: 'month',
          retryAfter: utcSeconds(2026, 3, 1) - T0_SECONDS,
        })
      })

      it('L4: Retry-After for the quota rounds a partial second up', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 1000, perMonth: 1 }
        await limiter.consume(keyId, policy, Date.UTC(2026, 2, 31, 23, 59, 57))
        expect(await limiter.consume(keyId, policy, Date.UTC(2026, 2, 31, 23, 59, 57, 250))).toMatchObject({
          allowed: false,
          retryAfter: 3,
        })
      })

      it('L1: without a quota, month is null and never binds', async () => {
        const keyId = randomKeyId()
        const decisions = await consumeMany(keyId, { perMinute: 3, perMonth: null }, at(0), 4)
        expect(decisions.map((d) => d.month)).toEqual([null, null, null, null])
        expect(decisions[3]).toMatchObject({ allowed: false, binding: 'minute' })
      })

      it('L1: concurrent consumes never exceed the quota', async () => {
        const keyId = randomKeyId()
        const policy: LimitPolicy = { perMinute: 1000, perMonth: 7 }
        const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.consume(keyId, policy, at(3))))
        expect(admitted(decisions)).toBe(7)
      })
    })

    describe('consumeAll: several limits at once (O7, L4)', () => {
      /** consumeAll is optional in the contract; a limiter that has it must pass these. */
      function consumeAll(context: TestContext, requests: LimitRequest[], now: number): Promise<LimitDecision[]> {
        if (typeof limiter.consumeAll !== 'function') context.skip()
        return attempt(() => limiter.consumeAll!(requests, now))
      }
      const quota: LimitPolicy = { perMinute: 3, perMonth: 5 }

      it('O7: when every limit admits, each is counted once and reports its state afterwards', async (context) => {
        const [a, b] = [randomKeyId(), randomKeyId()]
        await limiter.consume(b, quota, at(0))
        expect(
          await consumeAll(
            context,
            [
              { id: a, policy: tenPerMinute },
              { id: b, policy: quota },
            ],
            at(1.5),
          ),
        ).toEqual([
          {
            allowed: true,
            minute: { limit: 10, remaining: 9, reset: T0_SECONDS + 62 },
            month: null,
            retryAfter: 0,
            binding: null,
          },
          {
            allowed: true,
            minute: { limit: 3, remaining: 1, reset: T0_SECONDS + 61 },
            month: { limit: 5, remaining: 3, reset: utcSeconds(2026, 3, 1) },
            retryAfter: 0,
            binding: null,
          },
        ])
        expect((await limiter.peek(a, tenPerMinute, at(2))).minute.remaining).toBe(9)
        expect((await limiter.peek(b, quota, at(2))).minute.remaining).toBe(1)
      })

      it('O7/L4: refused by a later limit, none is counted: the earlier ones report what a peek would', async (context) => {
        const [a, b] = [randomKeyId(), randomKeyId()]
        await consumeMany(a, tenPerMinute, at(0), 2)
        await consumeMany(b, quota, at(0), 3)
        const decisions = await consumeAll(
          context,
          [
            { id: a, policy: tenPerMinute },
            { id: b, policy: quota },
          ],
          at(10),
        )
        expect(decisions).toEqual([await limiter.peek(a, tenPerMinute, at(10)), await limiter.peek(b, quota, at(10))])
        expect(decisions[0]).toMatchObject({ allowed: true, minute: { remaining: 8, reset: T0_SECONDS + 61 } })
        expect(decisions[1]).toMatchObject({
          allowed: false,
          retryAfter: 51,
          binding: 'minute',
          minute: { remaining: 0 },
        })
        // What was given back left the window as it was: two in bucket 0, the next admission at t = 10 s.
        expect(await limiter.consume(a, tenPerMinute, at(10))).toMatchObject({
          minute: { remaining: 7, reset: T0_SECONDS + 61 },
        })
        const fresh = randomKeyId()
        await consumeMany(b, quota, at(61), 3)
        await consumeAll(
          context,
          [
            { id: fresh, policy: tenPerMinute },
            { id: b, policy: quota },
          ],
          at(62),
        )
        expect(await limiter.peek(fresh, tenPerMinute, at(62))).toEqual({
          allowed: true,
          minute: { limit: 10, remaining: 10, reset: T0_SECONDS + 62 },
          month: null,
          retryAfter: 0,
          binding: null,
        })
        expect((await limiter.consume(fresh, tenPerMinute, at(63))).minute).toEqual({
          limit: 10,
          remaining: 9,
          reset: T0_SECONDS + 124,
        })
      })

      it('O7/L4: refused by the first limit, none is counted; a quota refusal binds month', async (context) => {
        const [a, b] = [randomKeyId(), randomKeyId()]
        const monthly: LimitPolicy = { perMinute: 100, perMonth: 1 }
        await limiter.consume(a, monthly, at(0))
        const decisions = await consumeAll(
          context,
          [
            { id: a, policy: monthly },
            { id: b, policy: quota },
          ],
          at(5),
        )
        expect(decisions[0]).toMatchObject({ allowed: false, binding: 'month', month: { limit: 1, remaining: 0 } })
        expect(decisions[1]).toEqual(await limiter.peek(b, quota, at(5)))
        expect(decisions[1]).toMatchObject({ allowed: true, minute: { remaining: 3 }, month: { remaining: 5 } })
      })

      it('O7: one limit alone decides as consume does', async (context) => {
        const a = randomKeyId()
        const [decision] = await consumeAll(context, [{ id: a, policy: quota }], at(0))
        expect(decision).toEqual({
          allowed: true,
          minute: { limit: 3, remaining: 2, reset: T0_SECONDS + 61 },
          month: { limit: 5, remaining: 4, reset: utcSeconds(2026, 3, 1) },
          retryAfter: 0,
          binding: null,
        })
      })

      it('O7: the same id twice is refused (it would be checked once and counted twice)', async (context) => {
        const a = randomKeyId()
        await expect(
          consumeAll(
            context,
            [
              { id: a, policy: quota },
              { id: a, policy: quota },
            ],
            at(0),
          ),
        ).rejects.toThrow(TypeError)
        expect((await limiter.peek(a, quota, at(0))).minute.remaining).toBe(3)
      })

      it('O7/L2: concurrent calls sharing one limit admit exactly that limit, and count nothing for the refused', async (context) => {
        const shared = randomKeyId()
        const own = [randomKeyId(), randomKeyId()]
        const decisions = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            consumeAll(
              context,
              [
                { id: own[i % 2]!, policy: tenPerMinute },
                { id: shared, policy: tenPerMinute },
              ],
              at(1),
            ),
          ),
        )
        expect(decisions.filter((pair) => pair.every((d) => d.allowed))).toHaveLength(10)
        expect(decisions.every((pair) => pair[0]!.allowed === pair[1]!.allowed || !pair[1]!.allowed)).toBe(true)
        const used = async (id: string) => 10 - (await limiter.peek(id, tenPerMinute, at(1))).minute.remaining
        expect(await used(shared)).toBe(10)
        expect((await used(own[0]!)) + (await used(own[1]!))).toBe(10)
      })
    })

    describe('reserve: a count given back (A10)', () => {
      /** reserve is optional in the contract; a limiter that has it must pass these. */
      function reserve(context: TestContext, keyId: string, policy: LimitPolicy, now: number) {
        if (typeof limiter.reserve !== 'function') context.skip()
        return attempt(() => limiter.reserve!(keyId, policy, now))
      }
      const quota: LimitPolicy = { perMinute: 3, perMonth: 5 }

      it('A10: a reservation counts as consume does; given back, the window and the quota are as before it', async (context) => {
        const a = randomKeyId()
        await limiter.consume(a, quota, at(0))
        const before = await limiter.peek(a, quota, at(1.5))
        const reserved = await reserve(context, a, quota, at(1.5))
        expect(reserved.decision).toMatchObject({
          allowed: true,
          minute: { remaining: 1, reset: T0_SECONDS + 61 },
          month: { remaining: 3 },
        })
        await reserved.giveBack()
        expect(await limiter.peek(a, quota, at(1.5))).toEqual(before)
        // Given back twice, nothing more is taken.
        await reserved.giveBack()
        expect(await limiter.peek(a, quota, at(1.5))).toEqual(before)
        expect(await limiter.consume(a, quota, at(2))).toMatchObject({
          minute: { remaining: 1, reset: T0_SECONDS + 61 },
        })
      })

      it('A10: given back after its second has passed, the count leaves its own bucket: the window resets when the older bucket expires', async (context) => {
        const a = randomKeyId()
        await limiter.consume(a, tenPerMinute, at(0))
        const reserved = await reserve(context, a, tenPerMinute, at(30))
        await limiter.consume(a, tenPerMinute, at(45))
        await reserved.giveBack()
        const after = await limiter.peek(a, tenPerMinute, at(50))
        expect(after.minute).toEqual({ limit: 10, remaining: 8, reset: T0_SECONDS + 61 })
        expect((await limiter.peek(a, tenPerMinute, at(61))).minute).toEqual({
          limit: 10,
          remaining: 9,
          reset: T0_SECONDS + 106,
        })
      })

      it('A10: a refused reservation counts nothing and its giveBack takes nothing away', async (context) => {
        const a = randomKeyId()
        await consumeMany(a, quota, at(0), 3)
        const refused = await reserve(context, a, quota, at(1))
        expect(refused.decision).toMatchObject({ allowed: false, binding: 'minute', retryAfter: 60 })
        await refused.giveBack()
        expect(await limiter.peek(a, quota, at(1))).toEqual(refused.decision)
      })

      it('A10: concurrent reservations admit exactly the limit; giving back the admitted ones frees them all', async (context) => {
        const a = randomKeyId()
        const reservations = await Promise.all(
          Array.from({ length: 25 }, () => reserve(context, a, tenPerMinute, at(1))),
        )
        const admitted = reservations.filter((r) => r.decision.allowed)
        expect(admitted).toHaveLength(10)
        await Promise.all(reservations.map((r) => r.giveBack()))
        expect((await limiter.peek(a, tenPerMinute, at(1))).minute.remaining).toBe(10)
      })
    })

    describe('properties', () => {
      it('L2/L4: decisions match the 61-bucket model exactly, no rolling 60 s span exceeds the limit, and Retry-After is exact', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 8 }),
            fc.array(fc.integer({ min: 0, max: 240_000 }), { minLength: 1, maxLength: 60 }),
            async (perMinute, offsets) => {
              const keyId = randomKeyId()
              const policy: LimitPolicy = { perMinute, perMonth: null }
              const model = new Map<number, number>()
              const admittedTimes: number[] = []
              for (const offset of [...offsets].sort((a, b) => a - b)) {
                const now = T0 + offset
                const s = Math.floor(now / 1000)
                let held = 0
                for (const [second, count] of model) if (second >= s - 60) held += count
                const decision = await limiter.consume(keyId, policy, now)
                expect(decision.allowed).toBe(held < perMinute)
                if (decision.allowed) {
                  model.set(s, (model.get(s) ?? 0) + 1)
                  admittedTimes.push(now)
                  expect(decision.minute.remaining).toBe(perMinute - held - 1)
                } else {
                  // Admission comes exactly at s + retryAfter, not a millisecond sooner.
                  const admission = (s + decision.retryAfter) * 1000
                  expect(decision.retryAfter).toBeGreaterThanOrEqual(1)
                  expect((await limiter.peek(keyId, policy, admission - 1)).allowed).toBe(false)
                  expect((await limiter.peek(keyId, policy, admission)).allowed).toBe(true)
                }
              }
              for (let i = 0; i < admittedTimes.length; i++) {
                const start = admittedTimes[i]!
                const inSpan = admittedTimes.filter((t) => t >= start && t < start + 60_000).length
                expect(inSpan).toBeLessThanOrEqual(perMinute)
              }
            },
          ),
          { numRuns: propertyRuns },
        )
      })

      it('L1: across a month boundary each UTC month admits exactly its first perMonth requests', async () => {
        const midnight = Date.UTC(2026, 4, 1)
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 6 }),
            fc.array(fc.integer({ min: -7_200_000, max: 7_200_000 }), { minLength: 1, maxLength: 40 }),
            async (perMonth, offsets) => {
              const keyId = randomKeyId()
              const policy: LimitPolicy = { perMinute: 1000, perMonth }
              const perMonthSeen = new Map<boolean, number>()
              for (const offset of [...offsets].sort((a, b) => a - b)) {
                const now = midnight + offset
                const may = now >= midnight
                const before = perMonthSeen.get(may) ?? 0
                perMonthSeen.set(may, before + 1)
                const decision = await limiter.consume(keyId, policy, now)
                expect(decision.allowed).toBe(before < perMonth)
                expect(decision.month?.reset).toBe((may ? Date.UTC(2026, 5, 1) : midnight) / 1000)
              }
            },
          ),
          { numRuns: propertyRuns },
        )
      })
    })
  })
}
