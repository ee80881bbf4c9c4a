import type { Clock } from './types.js'

/** The wall clock. */
export const systemClock: Clock = { now: Date.now }

/** A clock that moves only when told to, for tests (`keyward/testing`). */
export interface ManualClock extends Clock {
  /** Sets the time: epoch milliseconds, a Date, or an ISO 8601 string. */
  set(time: number | Date | string): void
  /** Moves the time forward by `ms` milliseconds. */
  advance(ms: number): void
}

function toEpochMs(time: number | Date | string): number {
  const ms = typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : time.getTime()
  if (!Number.isFinite(ms)) throw new TypeError(`keyward: not a valid time: ${String(time)}`)
  return ms
}

/**
 * A clock for tests. Starts at `start` (default 2026-01-15T12:00:00.000Z, a fixed instant so
 * tests are repeatable).
 *
 * @example
 * import { createManualClock } from 'keyward/testing'
 * const clock = createManualClock('2026-01-31T23:59:59Z')
 * clock.advance(1000) // 2026-02-01T00:00:00Z
 */
export function createManualClock(start: number | Date | string = '2026-01-15T12:00:00.000Z'): ManualClock {
  let current = toEpochMs(start)
  return {
    now: () => current,
    set(time) {
      current = toEpochMs(time)
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new TypeError('keyward: clock.advance() takes a non-negative number of milliseconds')
      current += ms
    },
  }
}
