/**
 * The dashboard routes of E5 and O9 as framework-neutral handlers: the adapters read the request
 * into a `DashboardRequest`, call `handle()` and write the `KeywardResponse` it returns. Every
 * decision (guard and principal, routing, 404/405/413, body validation, owner isolation, store
 * faults) is made here, once. The parts live in `src/dashboard/`.
 */
import { crossSiteRefusal, readTrustedOrigins, type TrustedOrigins } from './cross-site.js'
import { createPrincipalReader } from './principal.js'
import { ANALYTICS_ALLOW, matchAnalyticsRoute, serveAnalytics } from './analytics-routes.js'
import { type GrantsOf, readOwnerGrants } from './owner-grants.js'
import { createKeyRoutes, matchRoute, type Route } from './key-routes.js'
import { createRefusalLimit } from './refusal-limit.js'
import {
  type Dashboard,
  type DashboardErrorCode,
  type DashboardOptions,
  type DashboardRequest,
  NO_STORE,
  type Principal,
  type Report,
} from './types.js'
import type { Keyward } from '../core/instance.js'
import { DASHBOARD_MESSAGES, MESSAGES } from '../core/messages.js'
import { errorResponse, withoutBody } from '../core/responses.js'
import type { KeywardResponse } from '../core/types.js'

export { bearerTokenGuard } from './bearer-token-guard.js'
export { findDuplicateJsonField, type DuplicateJsonField } from './json-body.js'
export type {
  Dashboard,
  DashboardGuardResult,
  DashboardOptions,
  DashboardOwnerOptions,
  DashboardPrincipal,
  DashboardRequest,
} from './types.js'

/** E5: bodies over 16 KiB get 413. */
export const DASHBOARD_MAX_BODY_BYTES = 16 * 1024

/** Refused dashboard requests per address per minute: a person mistyping a token never gets near it. */
export const DASHBOARD_FAILED_AUTH_LIMIT = 10

/** R1: the error envelope for a dashboard code, with the no-store header on every answer. */
function dashboardError(
  code: DashboardErrorCode,
  message: string,
  requestId: string,
  headers?: Record<string, string>,
): KeywardResponse {
  return errorResponse(code, message, requestId, { ...NO_STORE, ...headers })
}

/**
 * The key-management routes: create (the full key in that one response), list (paged, masked),
 * get, update, revoke, rotate, revoke every key of an owner, and the usage audit, behind a guard
 * the host supplies. The guard says who is asking: an administrator sees every key; an owner only
 * its own, and another owner's key id answers exactly as an unknown one.
 *
 * @example
 * import { createKeyward } from 'keyward'
 * import { bearerTokenGuard, createDashboard } from 'keyward'
 * const keyward = createKeyward()
 * const dashboard = createDashboard(keyward, { authorize: bearerTokenGuard(process.env.DASHBOARD_TOKEN!) })
 * const response = await dashboard.handle({
 *   method: 'GET', path: '/api-keys', query: '', headers: { authorization: `Bearer ${process.env.DASHBOARD_TOKEN}` },
 *   body: null, bodyTooLarge: false, requestId: keyward.requestId(), ip: '127.0.0.1',
 * })
 * response.status // 200
 */
export function createDashboard(keyward: Keyward, options: DashboardOptions): Dashboard {
  const { failedAuthLimit, trustedOrigins, grantsOf } = checkDashboardOptions(keyward, options)
  const n = keyward.names
  const challenge = { 'WWW-Authenticate': `Bearer realm="${keyward.serviceName}"` }
  const report: Report = (error, requestId, phase) => {
    try {
      options.onError?.(error, { requestId, phase })
    } catch {
      // A failing logger must not turn a 500 into a crash.
    }
  }
  const failure = dashboardError
  const limit = failedAuthLimit > 0 ? createRefusalLimit(keyward, failedAuthLimit, report, failure) : null
  const serve = createKeyRoutes(keyward, report, failure, grantsOf)
  const principalOf = createPrincipalReader()

  async function respond(request: DashboardRequest, requestId: string): Promise<KeywardResponse> {
    const ip = limit !== null && typeof request.ip === 'string' && request.ip !== '' ? request.ip : null
    // Before the host's guard runs: a blocked address learns nothing, not even that a token is right.
    const blocked = ip === null ? null : limit!.blockedHere(ip, requestId)
    if (blocked !== null) return blocked
    const refusal = crossSiteRefusal(request, trustedOrigins)
    if (refusal !== null) {
      const message = refusal === 'other-site' ? DASHBOARD_MESSAGES.otherSite() : DASHBOARD_MESSAGES.crossSite()
      return failure('forbidden', message, requestId)
    }
    // A10: the attempt is counted before the guard runs, and given back when the guard admits.
    const attempt = ip === null ? null : await limit!.reserve(ip, requestId)
    if (attempt !== null && 'answer' in attempt) return attempt.answer
    let principal: Principal | null
    try {
      principal = principalOf(await options.authorize(request))
    } catch (error) {
      report(error, requestId, 'guard')
      return failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.guardFailed(n, requestId), requestId)
    }
    if (principal === null) {
      await attempt?.refused()
      return failure('UNAUTHORIZED', DASHBOARD_MESSAGES.unauthorized(n), requestId, challenge)
    }
    await attempt?.admitted()
    const analytics = matchAnalyticsRoute(request.path)
    const route = analytics === null ? matchRoute(request.path) : { allow: ANALYTICS_ALLOW }
    if (!route) return failure('not_found', MESSAGES.notFound(n), requestId)
    if (!route.allow.includes(request.method)) {
      const allow = route.allow.join(', ')
      return failure(
        'method_not_allowed',
        MESSAGES.methodNotAllowed(n, String(request.method).slice(0, 32), allow),
        requestId,
        {
          Allow: allow,
        },
      )
    }
    // A10: the body is read only now, the guard having admitted the request.
    const read = request.readBody === undefined ? request : await bodyOf(request.readBody)
    if (read.bodyTooLarge || (read.body !== null && Buffer.byteLength(read.body, 'utf8') > DASHBOARD_MAX_BODY_BYTES)) {
      return failure('payload_too_large', DASHBOARD_MESSAGES.payloadTooLarge(n, DASHBOARD_MAX_BODY_BYTES), requestId)
    }
    if (analytics !== null) return serveAnalytics(keyward, analytics, principal, request, requestId, failure, report)
    return serve(principal, route as Route, read === request ? request : { ...request, ...read }, requestId)
  }

  return {
    maxBodyBytes: DASHBOARD_MAX_BODY_BYTES,
    async handle(request) {
      const requestId =
        typeof request.requestId === 'string' && request.requestId !== '' ? request.requestId : keyward.requestId()
      const response = await respond(request, requestId)
      // HEAD: the headers GET would send, no body.
      return request.method === 'HEAD' ? withoutBody(response) : response
    },
  }
}

type BodyRead = Pick<DashboardRequest, 'body' | 'bodyTooLarge'>

async function bodyOf(readBody: NonNullable<DashboardRequest['readBody']>): Promise<BodyRead> {
  const { body, tooLarge } = await readBody()
  return { body, bodyTooLarge: tooLarge }
}

/** The options, checked: a TypeError names the one that is wrong. */
interface CheckedOptions {
  failedAuthLimit: number
  trustedOrigins: TrustedOrigins
  grantsOf: GrantsOf
}

function checkDashboardOptions(keyward: Keyward, options: DashboardOptions): CheckedOptions {
  if (typeof keyward !== 'object' || keyward === null || typeof keyward.keys?.create !== 'function') {
    throw new TypeError('keyward: createDashboard() needs a keyward instance from createKeyward()')
  }
  if (typeof options !== 'object' || options === null || typeof options.authorize !== 'function') {
    throw new TypeError(
      'keyward: createDashboard() option "authorize" must be a function (request) => true | { role: \'admin\' } | { ownerId } | false',
    )
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new TypeError('keyward: createDashboard() option "onError" must be a function')
  }
  // Only an absent option means the default: a null from a missing setting must not pass unnoticed.
  const failedAuthLimit = options.failedAuthLimit === undefined ? DASHBOARD_FAILED_AUTH_LIMIT : options.failedAuthLimit
  if (!Number.isSafeInteger(failedAuthLimit) || failedAuthLimit < 0) {
    const got =
      typeof failedAuthLimit === 'number' || failedAuthLimit === null ? String(failedAuthLimit) : typeof failedAuthLimit
    throw new TypeError(
      `keyward: createDashboard() option "failedAuthLimit" must be a whole number of refused requests per minute, 0 to turn the limit off (got ${got})`,
    )
  }
  if (failedAuthLimit > 0 && typeof keyward.stores.limiter.reserve !== 'function') {
    throw new TypeError(
      'keyward: createDashboard() option "failedAuthLimit" needs a stores.limiter with reserve(), to count an attempt ' +
        'before the guard runs (the memory and Redis limiters have it); set it to 0 to turn the limit off',
    )
  }
  return {
    failedAuthLimit,
    trustedOrigins: readTrustedOrigins(options.trustedOrigins),
    grantsOf: readOwnerGrants(keyward, options.owners),
  }
}
