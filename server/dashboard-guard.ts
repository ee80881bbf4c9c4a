/**
 * O9: the reference server's dashboard guard. The dashboard token is the administrator; with
 * `X-Keyward-Owner: <ownerId>` the same token acts as that owner, the server's stand-in for a host's
 * own login session (a host's guard reads its session instead).
 */
import { bearerTokenGuard, type DashboardOptions, type DashboardRequest, OWNER_ID_PATTERN } from '../src/index.js'

/** What a dashboard guard answers: the administrator, one owner, or nobody. */
type GuardResult = Awaited<ReturnType<DashboardOptions['authorize']>>

/** The header that makes the dashboard token act as one owner. */
export const OWNER_HEADER = 'x-keyward-owner'

/**
 * The administrator for exactly `Authorization: Bearer <token>`; that owner when `X-Keyward-Owner`
 * also names one. An owner header that is empty, repeated or not a valid owner id is refused (401):
 * a session that asked to act for one owner never falls back to the administrator.
 *
 * @example
 * const dashboard = { authorize: referenceDashboardGuard(process.env.DASHBOARD_TOKEN!) }
 */
export function referenceDashboardGuard(token: string): (request: Pick<DashboardRequest, 'headers'>) => GuardResult {
  const administrator = bearerTokenGuard(token)
  return function referenceGuard(request) {
    if (!administrator(request)) return false
    const owner = request.headers[OWNER_HEADER]
    if (owner === undefined) return { role: 'admin' }
    // Node joins repeated lines with ", " (and a fetch Headers object does too): that never matches.
    const value = Array.isArray(owner) ? (owner.length === 1 ? owner[0] : undefined) : owner
    return typeof value === 'string' && OWNER_ID_PATTERN.test(value) ? { ownerId: value } : false
  }
}
