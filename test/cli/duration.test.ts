/** Durations on the command line: `30s`, `15m`, `1h`, `7d`, `4w` and nothing else. */
import { describe, expect, it } from 'vitest'
import { formatDuration, MAX_DURATION_MS, parseDuration } from '../../src/cli/duration.js'

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['7d', 604_800_000],
    ['4w', 2_419_200_000],
    ['90s', 90_000],
    ['5218w', MAX_DURATION_MS],
  ])('%s is %i ms', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, ms })
  })

  it.each([
    '',
    '0s',
    '00h',
    '1',
    'h',
    '1.5h',
    '1,5h',
    '-1h',
    '+1h',
    '1h30m',
    '1 h',
    ' 1h',
    '1h ',
    '1H',
    '1D',
    '1y',
    '1mo',
    '1ms',
    'P1D',
    '1e3s',
    '5219w',
    '99999999999w',
  ])('%j is not a duration', (text) => {
    const result = parseDuration(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(/duration/)
  })

  it('the reason for a malformed duration lists the units and examples', () => {
    expect(parseDuration('1y')).toEqual({
      ok: false,
      reason: 'a duration is a positive whole number and one unit: s, m, h, d or w (e.g. 30s, 15m, 1h, 7d, 4w)',
    })
  })
})

describe('formatDuration', () => {
  it.each([
    [3_600_000, '1 hour'],
    [7_200_000, '2 hours'],
    [90_000, '90 seconds'],
    [1_209_600_000, '2 weeks'],
    [86_400_000, '1 day'],
    [1500, '1500 ms'],
  ])('%i ms is "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
