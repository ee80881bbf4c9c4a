/**
 * `authenticate()`: the pipeline that decides one request, in this order:
 *
 * 1. Credentials (H1–H10): which header holds the token, or why none does.
 * 2. Key format (K1, K2): a token that is not a key is refused without any store call.
 * 3. The stores' authorize step, fused or composed: the key's record, status, route checks and
 *    limits, bounded in time (R5).
 * 4. The decision (`decisions.ts`): the response, or the headers and key context to proceed with.
 *
 * The failed-authentication guard (E7) wraps it: an address known to be blocked is answered before
 * step 1, and every 401 is counted against its address. A store fault at any step is a 500, never
 * a pass (R5). Synchronous while the stores are; a promise as soon as one of them answers with one.
 * The answer a route that consumes gives is then counted for analytics (N1), whatever decided it,
 * and a refusal of a known key leaves its usage entry.
 */
import { permissionQueryOf } from './permission-query.js'
import { extractCredentials } from './credentials.js'
import type { Decisions, KeyFacts } from './decisions.js'
import { createFailedAuthGuard, type FailedAuthGuard } from './failed-auth-guard.js'
import { checkKey, hashKey } from './key-format.js'
import type { KeywardSettings } from './keyward-options.js'
import { generateRequestId } from './responses.js'
import { checkedUnits } from './metering.js'
import { costOf } from './route-cost.js'
import { isPromise, type ReportFault, type StoreCalls } from './store-calls.js'
import type {
  AuthDecision,
  AuthFailure,
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  FailedAuthCheck,
  RequestView,
  RouteRequirements,
} from './types.js'

export type Authenticate = (request: RequestView, route?: RouteRequirements) => Awaitable<AuthDecision>

export interface AuthenticationParts {
  settings: KeywardSettings
  /** The authorize step, and whether it is the stores' own fused one (which reads the E7 count). */
  step: { authorize: (input: AuthorizeInput) => Awaitable<AuthorizeOutcome>; fused: boolean }
  calls: StoreCalls
  decisions: Decisions
  report: ReportFault
  /** E7's guard, one per instance, shared by each `authenticate()` built for it; null when off. */
  guard: FailedAuthGuard | null
  /** N1: counts the answer of a request to a route that consumes; null or absent when nothing counts. */
  count?: ((decision: AuthDecision, now: number) => void) | null
  /** Records the usage entry of a refusal on a route that consumes (nothing when no key was known). */
  recordRefusal?: ((decision: AuthFailure, request: RequestView, now: number) => void) | null
}

const NO_REQUIREMENTS: RouteRequirements = Object.freeze({})

/** E7's guard of an instance, or null when `failedAuthLimit` is 0. */
export function createAuthenticationGuard(settings: KeywardSettings, report: ReportFault): FailedAuthGuard | null {
  const { failedAuthLimit, stores } = settings
  if (failedAuthLimit <= 0) return null
  return createFailedAuthGuard(failedAuthLimit, stores.limiter, (error) => report(error, '', 'authenticate'))
}

export function createAuthenticate(parts: AuthenticationParts): Authenticate {
  const { settings, step, calls, decisions, guard } = parts
  const clock = settings.clock
  const steps = guard === null ? null : guardSteps(guard, step.fused, decisions, calls)
  const tally = answerTally(parts.count ?? null, parts.recordRefusal ?? null)
  const decide = createPipeline(parts, steps, tally)

  return function authenticate(request, route = NO_REQUIREMENTS) {
    // A cost given as a value is the caller's mistake when it is not units: thrown before anything is spent.
    if (route.cost !== undefined && typeof route.cost !== 'function')
      checkedUnits(route.cost, 'authenticate() option "cost"')
    const requestId = request.requestId ?? generateRequestId()
    const now = clock.now()
    const consume = route.consume !== false
    const ip = request.ip
    // A decision that waited on a store has been counted already, in the continuation that made it.
    if (guard === null || !ip) {
      const decision = decide(request, route, requestId, now, null)
      return isPromise(decision) ? decision : tally(decision, request, now, consume)
    }
    // No address blocked here yet (the common case): nothing to look up.
    const retryAfter = guard.blocked.size === 0 ? 0 : guard.blockedFor(ip, now)
    if (retryAfter > 0) return tally(decisions.blocked(retryAfter, requestId), request, now, consume)
    const decision = decide(request, route, requestId, now, ip)
    if (isPromise(decision)) return decision
    return tally(decision.ok ? decision : steps!.count(decision, ip, now), request, now, consume)
  }
}

/**
 * A request's answer once it is final, on a route that consumes: counted (N1) and, when it is a
 * refusal of a known key, recorded in the usage log. Returns it.
 */
type Tally = (
  decision: Awaitable<AuthDecision>,
  request: RequestView,
  now: number,
  consume: boolean,
) => Awaitable<AuthDecision>

function answerTally(
  count: ((decision: AuthDecision, now: number) => void) | null,
  recordRefusal: ((decision: AuthFailure, request: RequestView, now: number) => void) | null,
): Tally {
  if (count === null && recordRefusal === null) return (decision) => decision
  const answered = (decision: AuthDecision, request: RequestView, now: number) => {
    count?.(decision, now)
    if (!decision.ok) recordRefusal?.(decision, request, now)
    return decision
  }
  return (decision, request, now, consume) => {
    if (!consume) return decision
    return isPromise(decision)
      ? decision.then((settled) => answered(settled, request, now))
      : answered(decision, request, now)
  }
}

/** What the pipeline asks of the failed-authentication guard (E7) for a request from `ip`. */
interface GuardSteps {
  /** The address's counter for the authorize step to check before any key; null when it reads none. */
  failedAuth: ((ip: string) => FailedAuthCheck) | null
  /** The store answered that the address is blocked. */
  learn(ip: string, retryAfter: number, now: number): void
  /** Counts a 401 against the address; one beyond the limit is answered 429 instead. */
  count(decision: AuthDecision, ip: string, now: number): Awaitable<AuthDecision>
}

function guardSteps(guard: FailedAuthGuard, fused: boolean, decisions: Decisions, calls: StoreCalls): GuardSteps {
  // Whether the authorize step reads the address's failure count before any key. A fused step
  // reads it in the same call; a composed one peeks a shared limiter first. A process-local
  // limiter's counts are all this guard's own, so its local check is exact.
  const inAuthorize = fused || guard.shared
  return {
    // Another instance may have blocked the address; the store answers that first.
    failedAuth: inAuthorize ? (ip) => guard.counterOf(ip) : null,
    learn: (ip, retryAfter, now) => guard.learnBlocked(ip, retryAfter, now),
    count(decision, ip, now) {
      if (decision.ok || decision.response.status !== 401) return decision
      const counted = guard.recordFailure(ip, now)
      if (isPromise(counted)) {
        return calls.bounded(counted).then(
          (retryAfter) => (retryAfter > 0 ? decisions.blocked(retryAfter, decision.requestId) : decision),
          () => decision,
        )
      }
      return counted > 0 ? decisions.blocked(counted, decision.requestId) : decision
    },
  }
}

/**
 * Steps 1–4 for one request. A synchronous decision is returned uncounted (the caller counts it
 * for E7 and N1); one that waits on a store is counted against `ip` (when given) and for N1 in
 * the continuation that decides it, so a request costs no further promise.
 */
type Pipeline = (
  request: RequestView,
  route: RouteRequirements,
  requestId: string,
  now: number,
  ip: string | null,
) => Awaitable<AuthDecision>

function createPipeline(
  { settings, step, calls, decisions, report }: AuthenticationParts,
  guard: GuardSteps | null,
  tally: Tally,
): Pipeline {
  const { keyPrefix, peppers, defaults, legacyApiKeyHeader, ownerLimits, roles } = settings
  const authorize = step.authorize

  function internalFailure(error: unknown, requestId: string): AuthDecision {
    report(error, requestId, 'authenticate')
    return decisions.internal(requestId)
  }

  /** Step 4 once the store has answered, counted for E7 in the same continuation. */
  function settle(outcome: AuthorizeOutcome, facts: KeyFacts, ip: string | null): Awaitable<AuthDecision> {
    if (ip === null || guard === null) return decisions.fromOutcome(outcome, facts)
    if (outcome.result === 'blocked') guard.learn(ip, outcome.retryAfter, facts.now)
    return guard.count(decisions.fromOutcome(outcome, facts), ip, facts.now)
  }

  return function decideRequest(request, route, requestId, now, ip) {
    try {
      const credentials = extractCredentials(request, keyPrefix, legacyApiKeyHeader)
      if (credentials.kind === 'failure') return decisions.credentialFailure(credentials.failure, requestId)
      const { token } = credentials
      const fallback = credentials.kind === 'api-key' ? credentials.fallbackFailure : null
      const checked = checkKey(token, keyPrefix)
      if (checked !== 'live' && checked !== 'test') return decisions.formatFailure(checked, token, fallback, requestId)
      const facts: KeyFacts = {
        requestId,
        now,
        keyType: checked,
        viaApiKey: credentials.kind === 'api-key',
        fallback,
        consume: route.consume !== false,
        // M2: the adapters price a request with a cost function themselves; a direct caller's is priced here.
        cost: route.cost === undefined ? undefined : costOf(route.cost, request),
        requiredScopes: route.scopes,
        requiredPermissions: route.permissions,
        roles,
      }
      const outcome = authorize({
        hashes: peppers.length === 1 ? [hashKey(token, peppers[0])] : peppers.map((p) => hashKey(token, p)),
        now,
        requiredScopes: route.scopes ?? null,
        requiredPermissions: route.permissions === undefined ? null : permissionQueryOf(route.permissions),
        roles,
        liveOnly: route.liveOnly === true,
        clientAddress: request.ip,
        consume: facts.consume,
        defaults,
        failedAuth: ip !== null && guard?.failedAuth ? guard.failedAuth(ip) : undefined,
        ownerLimits,
        cost: facts.cost,
      })
      if (isPromise(outcome)) {
        return calls.bounded(outcome).then(
          (settled) => tally(settle(settled, facts, ip), request, now, facts.consume),
          (error: unknown) => internalFailure(error, requestId),
        )
      }
      if (outcome.result === 'blocked' && ip !== null) guard?.learn(ip, outcome.retryAfter, now)
      return decisions.fromOutcome(outcome, facts)
    } catch (error) {
      // R5: a store that throws synchronously is a fault like any other; never fail open.
      return internalFailure(error, requestId)
    }
  }
}
