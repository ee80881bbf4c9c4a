/**
 * The dashboard's own brute-force limit, counted apart from failed API-key authentications, in
 * the instance's limiter (shared by a fleet on Redis).
 *
 * An attempt is counted before the guard runs and given back when the guard admits, so
 * concurrent attempts from one address never run the guard more than the limit allows. Only
 * refusals block an address: an attempt that finds every slot held by attempts still being
 * checked waits for one to be given back, so a burst of admitted requests is never answered 429.
 */
import { createFailedAuthGuard, type FailedAuthGuard, type ReservedAttempt } from '../core/failed-auth-guard.js'
import type { Keyward } from '../core/instance.js'
import { DASHBOARD_MESSAGES } from '../core/messages.js'
import { isPromise, withTimeout } from '../core/store-calls.js'
import type { Awaitable, KeywardResponse } from '../core/types.js'
import type { Failure, Report } from './types.js'

/** How long a dashboard request waits for its attempt to be counted when the store sets no bound itself (R5). */
const COUNT_TIMEOUT_MS = 1000
/** How long an attempt waits for a slot held by attempts still being checked, and its first and longest pause. */
const BUSY_WAIT_MS = 5000
const FIRST_PAUSE_MS = 2
const LONGEST_PAUSE_MS = 100

/** `value`, or a StoreTimeoutError once `ms` have passed. */
function withinBound<T>(value: Awaitable<T>, ms: number): Promise<T> {
  return isPromise(value) ? withTimeout(value, ms) : Promise.resolve(value)
}

/** An attempt counted while the guard runs: settle it with the guard's answer. */
export interface CountedAttempt {
  /** The guard admitted: the count is given back (a failure to do so is reported, and costs only that count). */
  admitted(): Promise<void>
  /** The guard refused: the count stays and the refusal is counted (a failure to count it is reported). */
  refused(): Promise<void>
}

/** A reservation that could not be made on a process-local limiter: the guard decides, uncounted. */
const UNCOUNTED: CountedAttempt = { admitted: () => Promise.resolve(), refused: () => Promise.resolve() }

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export interface RefusalLimit {
  /** The 429 for an address this process has seen blocked; no store call. */
  blockedHere(ip: string, requestId: string): KeywardResponse | null
  /**
   * Counts the attempt before the guard runs: the answer to send instead (429 when refusals fill
   * the limit; 503 when attempts still being checked hold every slot for longer than the wait;
   * 500 when a shared count cannot be made: fail closed), or the attempt to settle.
   */
  reserve(ip: string, requestId: string): Promise<{ answer: KeywardResponse } | CountedAttempt>
}

export function createRefusalLimit(keyward: Keyward, limit: number, report: Report, failure: Failure): RefusalLimit {
  const limiter = keyward.stores.limiter
  const onError = (error: unknown) => report(error, '', 'guard')
  const guard: FailedAuthGuard = createFailedAuthGuard(limit, limiter, onError, 'failed-dashboard')
  const storeBound = keyward.stores.timeoutMs
  const boundMs = typeof storeBound === 'number' && storeBound > 0 ? storeBound : COUNT_TIMEOUT_MS
  const n = keyward.names
  const tooMany = (retryAfter: number, requestId: string) =>
    failure('rate_limited', DASHBOARD_MESSAGES.failedAuthorizations(n, retryAfter), requestId, {
      'Retry-After': String(retryAfter),
    })

  const reported = (error: unknown) => report(error, '', 'guard')

  function counted(attempt: ReservedAttempt): CountedAttempt {
    return {
      admitted: () => withinBound(attempt.admitted(), boundMs).catch(reported),
      refused: () => {
        try {
          return withinBound(attempt.refused(), boundMs).catch(reported)
        } catch (error) {
          reported(error)
          return Promise.resolve()
        }
      },
    }
  }

  /** Reserves an attempt, waiting (bounded) while every slot is held by attempts still being checked. */
  async function reserveWaiting(ip: string): Promise<ReservedAttempt> {
    const giveUpAt = Date.now() + BUSY_WAIT_MS
    for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
      const attempt = await withinBound(guard.reserve(ip, keyward.clock.now()), boundMs)
      if (!attempt.busy || Date.now() + wait > giveUpAt) return attempt
      await pause(wait)
    }
  }

  return {
    blockedHere(ip, requestId) {
      const retryAfter = guard.blockedFor(ip, keyward.clock.now())
      return retryAfter > 0 ? tooMany(retryAfter, requestId) : null
    },
    async reserve(ip, requestId) {
      let attempt: ReservedAttempt
      try {
        attempt = await reserveWaiting(ip)
      } catch (error) {
        // A shared count (another instance may have blocked the address) fails closed, as a check
        // that cannot be read; a process-local one that fails leaves the guard to refuse either way.
        report(error, guard.shared ? requestId : '', 'guard')
        if (!guard.shared) return UNCOUNTED
        return { answer: failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.guardFailed(n, requestId), requestId) }
      }
      if (attempt.retryAfter > 0) return { answer: tooMany(attempt.retryAfter, requestId) }
      // Still busy after the wait: the guard answers too slowly for this many attempts at once.
      if (attempt.busy)
        return {
          answer: failure('service_unavailable', DASHBOARD_MESSAGES.busy(), requestId, { 'Retry-After': '1' }),
        }
      return counted(attempt)
    },
  }
}
