/**
 * E5 + E7: the dashboard's own brute-force limit, counted apart from failed API-key
 * authentications, in the instance's limiter (shared by a fleet on Redis).
 */
import { createFailedAuthGuard, type FailedAuthGuard } from '../failed-auth-guard.js'
import type { Keyward } from '../keyward.js'
import { DASHBOARD_MESSAGES } from '../messages.js'
import { isPromise, withTimeout } from '../store-calls.js'
import type { Awaitable, KeywardResponse } from '../types.js'
import type { Failure, Report } from './types.js'

/** How long a dashboard 401 waits for its failure to be counted when the store sets no bound itself (R5). */
const COUNT_TIMEOUT_MS = 1000

/** `value`, or a StoreTimeoutError once `ms` have passed. */
function withinBound<T>(value: Awaitable<T>, ms: number): Promise<T> {
  return isPromise(value) ? withTimeout(value, ms) : Promise.resolve(value)
}

export interface RefusalLimit {
  /** The 429 for an address blocked here or, with a shared limiter, elsewhere; a count that cannot be read fails closed. */
  blocked(ip: string, requestId: string): Promise<KeywardResponse | null>
  /** Counts a refusal; the 429 when it is beyond the limit. A count that fails leaves the 401: refused either way. */
  refused(ip: string, requestId: string): Promise<KeywardResponse | null>
}

export function createRefusalLimit(keyward: Keyward, limit: number, report: Report, failure: Failure): RefusalLimit {
  const guard: FailedAuthGuard = createFailedAuthGuard(limit, keyward.stores.limiter, (error) => report(error, '', 'guard'), 'failed-dashboard')
  const storeBound = keyward.stores.timeoutMs
  const boundMs = typeof storeBound === 'number' && storeBound > 0 ? storeBound : COUNT_TIMEOUT_MS
  const n = keyward.names
  const tooMany = (retryAfter: number, requestId: string) =>
    failure('rate_limited', DASHBOARD_MESSAGES.failedAuthorizations(n, retryAfter), requestId, { 'Retry-After': String(retryAfter) })
  return {
    async blocked(ip, requestId) {
      try {
        const retryAfter = await withinBound(guard.check(ip, keyward.clock.now()), boundMs)
        return retryAfter > 0 ? tooMany(retryAfter, requestId) : null
      } catch (error) {
        report(error, requestId, 'guard')
        return failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.guardFailed(n, requestId), requestId)
      }
    },
    async refused(ip, requestId) {
      const retryAfter = await withinBound(guard.recordFailure(ip, keyward.clock.now()), boundMs).catch((error: unknown) => {
        report(error, '', 'guard')
        return 0
      })
      return retryAfter > 0 ? tooMany(retryAfter, requestId) : null
    },
  }
}
