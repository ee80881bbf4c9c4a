import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildDecision,
  minuteRetryAfter,
  nextUtcMonthStartSeconds,
  resolvePolicy,
  utcMonthIndex,
  utcMonthLabel,
  utcMonthStartSeconds,
} from '../../src/core/limits-math.js'
import type { LimitPolicy } from '../../src/core/types.js'

const defaults = {
  live: { perMinute: 1000, perMonth: null },
  test: { perMinute: 10, perMonth: 1000 },
} satisfies Record<'live' | 'test', LimitPolicy>

describe('limits math', () => {
  describe('UTC months (L1, L3)', () => {
    it('L1: the month of an instant is its UTC calendar month, whatever the local zone', () => {
      expect(utcMonthLabel(Date.UTC(2026, 0, 31, 23, 59, 59, 999))).toBe('2026-01')
      expect(utcMonthLabel(Date.UTC(2026, 1, 1))).toBe('2026-02')
      expect(utcMonthLabel(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12')
      expect(utcMonthIndex(Date.UTC(2027, 0, 1)) - utcMonthIndex(Date.UTC(2026, 11, 31))).toBe(1)
    })

    it('L3: X-Quota-Reset is 00:00:00 UTC on the 1st of the next month (31 Jan → 1 Feb, 31 Dec → 1 Jan, 29 Feb → 1 Mar)', () => {
      expect(nextUtcMonthStartSeconds(Date.UTC(2026, 0, 31, 12))).toBe(Date.UTC(2026, 1, 1) / 1000)
      expect(nextUtcMonthStartSeconds(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe(Date.UTC(2027, 0, 1) / 1000)
      expect(nextUtcMonthStartSeconds(Date.UTC(2028, 1, 29))).toBe(Date.UTC(2028, 2, 1) / 1000)
      expect(nextUtcMonthStartSeconds(Date.UTC(2026, 2, 1))).toBe(Date.UTC(2026, 3, 1) / 1000)
    })

    it('month indexes step across years', () => {
      expect(utcMonthStartSeconds(utcMonthIndex(Date.UTC(2026, 11, 5)) + 1)).toBe(Date.UTC(2027, 0, 1) / 1000)
      expect(utcMonthStartSeconds(utcMonthIndex(Date.UTC(2026, 6, 15)))).toBe(Date.UTC(2026, 6, 1) / 1000)
    })

    it('L1: any sequence of instants, each month answered from the last one asked, matches the calendar', () => {
      // Instants from 1970 to 2100, and a millisecond either side of month boundaries.
      const edge = fc
        .tuple(fc.integer({ min: 1970, max: 2099 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: -1, max: 0 }))
        .map(([year, month, delta]) => Date.UTC(year, month, 1) + delta)
      const instant = fc.oneof(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), edge)
      fc.assert(
        fc.property(fc.array(instant, { minLength: 1, maxLength: 30 }), (instants) => {
          for (const now of instants) {
            const date = new Date(now)
            const index = utcMonthIndex(now)
            expect(index).toBe(date.getUTCFullYear() * 12 + date.getUTCMonth())
            expect(utcMonthStartSeconds(index)).toBe(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000)
          }
        }),
        { numRuns: 300 },
      )
    })
  })

  describe('resolvePolicy (L1)', () => {
    it('L1: a key without overrides gets its type’s defaults (the same object: nothing allocated)', () => {
      expect(resolvePolicy({ keyType: 'test', limits: null }, defaults)).toBe(defaults.test)
      expect(resolvePolicy({ keyType: 'live', limits: null }, defaults)).toBe(defaults.live)
      expect(resolvePolicy({ keyType: 'live', limits: {} }, defaults)).toBe(defaults.live)
    })

    it('L1: per-key limits override the defaults field by field', () => {
      expect(resolvePolicy({ keyType: 'test', limits: { perMinute: 50 } }, defaults)).toEqual({
        perMinute: 50,
        perMonth: 1000,
      })
      expect(resolvePolicy({ keyType: 'test', limits: { perMonth: 5 } }, defaults)).toEqual({
        perMinute: 10,
        perMonth: 5,
      })
    })

    it('L1: a per-key perMonth gives a live key a quota', () => {
      expect(resolvePolicy({ keyType: 'live', limits: { perMonth: 100 } }, defaults)).toEqual({
        perMinute: 1000,
        perMonth: 100,
      })
    })
  })

  describe('minuteRetryAfter (L4)', () => {
    it('L4: waits for the bucket whose expiry takes the count below the limit', () => {
      // Buckets 10:4, 20:3, 30:3 at s = 40.
      const buckets = [10, 4, 20, 3, 30, 3]
      expect(minuteRetryAfter(buckets, 10, 10, 40)).toBe(31)
      expect(minuteRetryAfter(buckets, 10, 5, 40)).toBe(41)
      expect(minuteRetryAfter(buckets, 10, 1, 40)).toBe(51)
    })

    it('L4: skips buckets before `from` and never answers less than 1', () => {
      expect(minuteRetryAfter([0, 99, 50, 2], 2, 2, 110, 2)).toBe(1)
      expect(minuteRetryAfter([], 0, 0, 110)).toBe(1)
    })
  })

  describe('buildDecision (L3, L4, L4b)', () => {
    const now = Date.UTC(2026, 2, 10, 12, 0, 0, 250)
    const s = Math.floor(now / 1000)
    const monthReset = Date.UTC(2026, 3, 1) / 1000

    it('L4b: an empty window resets at now rounded up to a second', () => {
      const decision = buildDecision({
        policy: defaults.live,
        now,
        allowed: true,
        minuteCount: 0,
        oldestSecond: null,
        monthCount: 0,
        monthReset,
        minuteRetryAfter: 0,
      })
      expect(decision).toEqual({
        allowed: true,
        minute: { limit: 1000, remaining: 1000, reset: s + 1 },
        month: null,
        retryAfter: 0,
        binding: null,
      })
    })

    it('L4: both exhausted → binding month and the later wait', () => {
      const decision = buildDecision({
        policy: { perMinute: 2, perMonth: 2 },
        now,
        allowed: false,
        minuteCount: 2,
        oldestSecond: s,
        monthCount: 2,
        monthReset,
        minuteRetryAfter: 61,
      })
      expect(decision).toMatchObject({ binding: 'month', retryAfter: monthReset - s })
    })

    it('L3: remaining is floored at 0 when the count exceeds a lowered limit', () => {
      const decision = buildDecision({
        policy: { perMinute: 2, perMonth: 3 },
        now,
        allowed: false,
        minuteCount: 7,
        oldestSecond: s - 5,
        monthCount: 9,
        monthReset,
        minuteRetryAfter: 56,
      })
      expect(decision.minute).toEqual({ limit: 2, remaining: 0, reset: s + 56 })
      expect(decision.month).toEqual({ limit: 3, remaining: 0, reset: monthReset })
    })
  })
})
