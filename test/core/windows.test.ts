import { describe, expect, it } from 'vitest'
import { parseLimits, periodEndSeconds, periodOf, rollingLimit } from '../../src/core/windows.js'

describe('named limits (M1)', () => {
  it('M1: windows are ms, duration strings, "month" or a billing day', () => {
    const limits = parseLimits(
      [
        { name: 'burst', limit: 5, window: '10s' },
        { name: 'minute', limit: 60, window: 60_000 },
        { name: 'daily', limit: 1000, window: '1d' },
        { name: 'month', limit: 10_000, window: 'month' },
        { name: 'billing', limit: 500, window: { month: { day: 15 } } },
        { name: 'fast', limit: 1, window: '1500ms' },
      ],
      'limits',
    )
    expect(
      limits.map((l) => (l.kind === 'rolling' ? [l.name, l.windowMs, l.bucketMs, l.span] : [l.name, l.day])),
    ).toEqual([
      ['burst', 10_000, 1000, 10],
      ['minute', 60_000, 1000, 60],
      ['daily', 86_400_000, 1_440_000, 60],
      ['month', 1],
      ['billing', 15],
      ['fast', 1500, 1000, 2],
    ])
  })

  it('M1: the 60 s window is the per-minute window of L2: 1 s buckets, 61 of them count', () => {
    expect(rollingLimit('minute', 1, 60_000)).toMatchObject({ bucketMs: 1000, span: 60 })
  })

  it.each([
    [{ name: 'Burst', limit: 1, window: '1s' }, 'limits[0].name'],
    [{ name: 'burst', limit: 0, window: '1s' }, 'limits[0].limit'],
    [{ name: 'burst', limit: 1.5, window: '1s' }, 'limits[0].limit'],
    [{ name: 'burst', limit: 1, window: '999ms' }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: '32d' }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: '1w' }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: '1.5s' }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: 'months' }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: { month: { day: 29 } } }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: { month: { day: 0 } } }, 'limits[0].window'],
    [{ name: 'burst', limit: 1, window: '1s', cost: 2 }, 'limits[0]'],
  ])('M1: a bad limit is a TypeError naming the option: %j', (entry, option) => {
    expect(() => parseLimits([entry], 'limits')).toThrow(new RegExp(`option "${option.replace(/[[\].]/g, '\\$&')}`))
  })

  it('M1: at most 10 limits, names distinct', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `l${i}`, limit: 1, window: '1s' }))
    expect(() => parseLimits(many, 'limits')).toThrow(/at most 10 limits/)
    const twice = [
      { name: 'a', limit: 1, window: '1s' },
      { name: 'a', limit: 2, window: '1m' },
    ]
    expect(() => parseLimits(twice, 'limits')).toThrow(/names the limit "a" twice/)
  })

  it('M1: a billing period starts 00:00 UTC on its day and ends on that day of the next month', () => {
    const day = 28
    const period = periodOf(Date.UTC(2026, 1, 27, 23, 59, 59), day)
    expect(periodEndSeconds(period, day)).toBe(Date.UTC(2026, 1, 28) / 1000)
    const next = periodOf(Date.UTC(2026, 1, 28), day)
    expect(next).toBe(period + 1)
    expect(periodEndSeconds(next, day)).toBe(Date.UTC(2026, 2, 28) / 1000)
    expect(periodEndSeconds(periodOf(Date.UTC(2026, 11, 31), 1), 1)).toBe(Date.UTC(2027, 0, 1) / 1000)
  })
})
