/**
 * Durations on the command line: a positive integer and one unit, `30s`, `15m`, `1h`, `7d`, `4w`.
 * Nothing else (no decimals, no combined `1h30m`, no months: their length varies), so a typo
 * cannot silently mean something else.
 */

const UNIT_MS = {
  s: 1000,
  m: 60 * 1000,
  h: 60 * 60 * 1000,
  d: 24 * 60 * 60 * 1000,
  w: 7 * 24 * 60 * 60 * 1000,
} as const

type Unit = keyof typeof UNIT_MS

const UNIT_NAMES: Record<Unit, string> = { s: 'second', m: 'minute', h: 'hour', d: 'day', w: 'week' }

const DURATION_PATTERN = /^([0-9]{1,16})([smhdw])$/

/** The longest duration accepted: 100 years, far beyond any key's useful life, and safe for `Date`. */
export const MAX_DURATION_MS = 5218 * UNIT_MS.w

export type DurationResult = { ok: true; ms: number } | { ok: false; reason: string }

/** Parses `30s`, `15m`, `1h`, `7d` or `4w` into milliseconds. */
export function parseDuration(text: string): DurationResult {
  const match = DURATION_PATTERN.exec(text)
  if (match === null) {
    return {
      ok: false,
      reason: 'a duration is a positive whole number and one unit: s, m, h, d or w (e.g. 30s, 15m, 1h, 7d, 4w)',
    }
  }
  const count = Number(match[1])
  const ms = count * UNIT_MS[match[2] as Unit]
  if (count < 1) return { ok: false, reason: 'a duration must be greater than zero' }
  if (ms > MAX_DURATION_MS) return { ok: false, reason: 'a duration may be at most 100 years (5218w)' }
  return { ok: true, ms }
}

/** `3600000` → `1 hour`, `90000` → `90 seconds`: the largest unit that divides it exactly. */
export function formatDuration(ms: number): string {
  for (const unit of ['w', 'd', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit]
    if (ms >= size && ms % size === 0) {
      const count = ms / size
      return `${count} ${UNIT_NAMES[unit]}${count === 1 ? '' : 's'}`
    }
  }
  return `${ms} ms`
}
