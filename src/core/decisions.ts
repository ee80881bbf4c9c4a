/**
 * The decisions `authenticate()` returns, built from what the pipeline found: each failure with
 * its code, message, challenge (H11) and headers, and the success with its key context (L3); and
 * the usage entry an admitted request leaves once its status is known (L4a, E5), and the one a
 * refusal of a known key leaves as it is answered. A failing usage log never fails the request;
 * the host hears of it through `onError`.
 */
import { METHODS } from 'node:http'
import { canonicalPath } from './canonical-path.js'
import { refusalMessage } from './key-limits.js'
import type { Charge } from './charge.js'
import type { CredentialFailure } from './credentials.js'
import { type KeyFormatProblem, maskKeysInPath, METHOD_MAX, storedText } from './key-format.js'
import type { KeywardSettings } from './keyward-options.js'
import { type ErrorCode, MESSAGES, type MessageNames } from './messages.js'
import { firstUncovered } from './permissions.js'
import { keyHolds, type RoleTable } from './roles.js'
import type { KeyGrants } from './route-checks.js'
import { errorResponse, type HeaderOptions, isoTimestamp, limitHeaders } from './responses.js'
import { isPromise, type ReportFault } from './store-calls.js'
import type {
  ApiKeyContext,
  AuthDecision,
  AuthFailure,
  AuthorizeOutcome,
  ForbiddenReason,
  KeyMeta,
  KeyType,
  LimitDecision,
  RequestView,
  StoredKey,
  UsageEntry,
} from './types.js'

/** What the pipeline knows of a request whose key the stores decided on. */
export interface KeyFacts {
  requestId: string
  now: number
  keyType: KeyType
  /** The key came in the legacy `x-api-key` header (H8). */
  viaApiKey: boolean
  /** H8: the Authorization header's own error, the answer when the x-api-key value is not an active key. */
  fallback: CredentialFailure | null
  consume: boolean
  /** The units the request costs (M2): the headers count in requests of this cost. */
  cost?: number | undefined
  requiredScopes: readonly string[] | undefined
  /** The route's permission query as written (M7), for the 403's message. */
  requiredPermissions?: string | undefined
  /** The host's roles (M7), to name the scope a key misses. */
  roles?: RoleTable | undefined
}

export interface Decisions {
  failure(code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>): AuthFailure
  /** H2–H8: the request holds no key to evaluate. */
  credentialFailure(failure: CredentialFailure, requestId: string): AuthFailure
  /** K1, K2: the token is not a key (or H8: the Authorization header's error, when given). */
  formatFailure(
    problem: KeyFormatProblem,
    token: string,
    fallback: CredentialFailure | null,
    requestId: string,
  ): AuthFailure
  /** E7: no key is looked at, so the answer tells an attacker nothing about their guesses. */
  blocked(retryAfter: number, requestId: string): AuthFailure
  /** R5: a store fault; the message asks for one retry and quotes the request id. */
  internal(requestId: string): AuthFailure
  /** The decision for what the stores said of the key (H9, L3–L6). */
  fromOutcome(outcome: AuthorizeOutcome, facts: KeyFacts): AuthDecision
}

/** The names, challenges and header settings every decision of one instance is written with. */
interface Wording {
  names: MessageNames
  headerOptions: HeaderOptions
  deprecationHeaders: Readonly<Record<string, string>>
  /** H11: one challenge per class of failure, built once. */
  challenge: { missing: Record<string, string>; request: Record<string, string>; token: Record<string, string> }
  /** M2: what an admitted key's `charge(n)` calls. */
  charge: Charge
}

export function createDecisions(
  names: MessageNames,
  headerOptions: HeaderOptions,
  deprecationHeaders: Readonly<Record<string, string>>,
  charge: Charge,
): Decisions {
  const realm = `Bearer realm="${names.serviceName}"`
  const w: Wording = {
    names,
    headerOptions,
    deprecationHeaders,
    charge,
    challenge: {
      missing: { 'WWW-Authenticate': realm },
      request: { 'WWW-Authenticate': `${realm}, error="invalid_request"` },
      token: { 'WWW-Authenticate': `${realm}, error="invalid_token"` },
    },
  }
  return {
    failure,
    credentialFailure: (f, requestId) => credentialFailure(w, f, requestId),
    formatFailure(problem, token, fallback, requestId) {
      if (fallback) return credentialFailure(w, fallback, requestId)
      const detail = token.includes('****') ? 'masked' : problem
      return failure('INVALID_API_KEY_FORMAT', MESSAGES.invalidFormat(names, detail), requestId, w.challenge.token)
    },
    blocked: (retryAfter, requestId) => blocked(names, retryAfter, requestId),
    internal: (requestId) => failure('INTERNAL_ERROR', MESSAGES.internal(names, requestId), requestId),
    fromOutcome(outcome, facts) {
      const decision = fromOutcome(w, outcome, facts)
      if (!decision.ok && 'key' in outcome) refusedKeys.set(decision, outcome.key)
      return decision
    },
  }
}

// The key a refusal was about, noted as it is decided: the refusal's usage entry and its
// analytics count are made once the answer is final, from the answer alone.
const refusedKeys = new WeakMap<AuthFailure, StoredKey>()

/** The key a refusal was about; undefined when no key was known (unknown, malformed, blocked). */
export function refusedKeyOf(decision: AuthFailure): StoredKey | undefined {
  return refusedKeys.get(decision)
}

/** The decision for what the stores said of the key. */
function fromOutcome(w: Wording, outcome: AuthorizeOutcome, facts: KeyFacts): AuthDecision {
  const names = w.names
  switch (outcome.result) {
    case 'unknown':
      return keyFailure(w, 'INVALID_API_KEY', MESSAGES.unknownKey(names, facts.keyType), facts)
    case 'revoked':
      return keyFailure(w, 'API_KEY_REVOKED', MESSAGES.revoked(names), facts)
    case 'expired':
      return keyFailure(w, 'API_KEY_EXPIRED', MESSAGES.expired(names), facts)
    case 'disabled':
      return keyFailure(w, 'API_KEY_DISABLED', MESSAGES.disabled(names), facts)
    case 'blocked':
      return blocked(names, outcome.retryAfter, facts.requestId)
    case 'forbidden': {
      const message = forbiddenMessage(names, outcome.reason, outcome.key, facts)
      return failure('forbidden', message, facts.requestId, successHeaders(w, outcome.limits, facts))
    }
    case 'ok':
      return admitted(w, outcome, facts)
  }
}

function failure(code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>): AuthFailure {
  return { ok: false, requestId, error: { code, message }, response: errorResponse(code, message, requestId, headers) }
}

function blocked(names: MessageNames, retryAfter: number, requestId: string): AuthFailure {
  return failure('rate_limited', MESSAGES.failedAuthentications(names, retryAfter), requestId, {
    'Retry-After': String(retryAfter),
  })
}

function credentialFailure(w: Wording, f: CredentialFailure, requestId: string): AuthFailure {
  const { names, challenge } = w
  switch (f.reason) {
    case 'missing': {
      const message = f.queryKey ? MESSAGES.missingAuthorizationQueryKey(names) : MESSAGES.missingAuthorization(names)
      return failure('UNAUTHORIZED', message, requestId, challenge.missing)
    }
    case 'empty':
      return failure('UNAUTHORIZED', MESSAGES.emptyAuthorization(names), requestId, challenge.request)
    case 'raw-key':
      return failure('UNAUTHORIZED', MESSAGES.rawKey(names), requestId, challenge.request)
    case 'other-scheme':
      return failure('UNAUTHORIZED', MESSAGES.otherScheme(names, f.scheme), requestId, challenge.request)
    case 'malformed':
      return failure('UNAUTHORIZED', MESSAGES.malformed(names, f.detail), requestId, challenge.request)
    case 'apikey-format':
      return failure('INVALID_API_KEY_FORMAT', MESSAGES.invalidFormat(names, f.detail), requestId, challenge.token)
  }
}

/** A key that is not (or no longer) usable, unless H8 makes the Authorization header's error the answer. */
function keyFailure(w: Wording, code: ErrorCode, message: string, facts: KeyFacts): AuthFailure {
  if (facts.fallback) return credentialFailure(w, facts.fallback, facts.requestId)
  return failure(code, message, facts.requestId, w.challenge.token)
}

function successHeaders(w: Wording, limits: LimitDecision, facts: KeyFacts): Record<string, string> {
  const headers = limitHeaders(limits, w.headerOptions, Math.ceil(facts.now / 1000), facts.requestId, facts.cost)
  if (facts.viaApiKey) Object.assign(headers, w.deprecationHeaders)
  return headers
}

/** L4: over a limit → 429 with the headers; else the key context the request proceeds with. */
function admitted(w: Wording, outcome: Extract<AuthorizeOutcome, { result: 'ok' }>, facts: KeyFacts): AuthDecision {
  const { key, limits } = outcome
  const { requestId } = facts
  const headers = successHeaders(w, limits, facts)
  if (facts.consume && !limits.allowed) {
    if (limits.credits !== undefined && !limits.credits.allowed) return noCredits(w, limits, facts, headers)
    headers['Retry-After'] = String(limits.retryAfter)
    const message =
      limits.named !== undefined
        ? refusalMessage(w.names, limits.named, limits.retryAfter)
        : limits.binding === 'month'
          ? MESSAGES.monthQuota(w.names, limits.month!.limit, limits.retryAfter)
          : MESSAGES.minuteLimit(w.names, limits.minute.limit, limits.retryAfter)
    return failure('rate_limited', message, requestId, headers)
  }
  const charge = w.charge
  const apiKey: ApiKeyContext = {
    id: key.id,
    name: key.name,
    keyType: key.keyType,
    ownerId: key.ownerId,
    // Stores hand out meta frozen all the way down, or a fresh object per lookup (Postgres), so
    // handlers share it without a copy per request.
    meta: key.meta as KeyMeta | null,
    scopes: key.scopes,
    roles: key.roles,
    expiresAt: key.expiresAt,
    source: facts.viaApiKey ? ('x-api-key' as const) : ('authorization' as const),
    requestId,
    consumed: outcome.consumed,
    limits,
    authenticatedAt: facts.now,
    charge: (units) => charge(key, units, requestId),
  }
  if (outcome.consumed && facts.cost !== undefined && facts.cost !== 1) unitsOtherThanOne.set(apiKey, facts.cost)
  return { ok: true, requestId, headers, apiKey }
}

/** M3: 429 for want of credits; Retry-After only when they refill (L4's is for windows). */
function noCredits(w: Wording, limits: LimitDecision, facts: KeyFacts, headers: Record<string, string>): AuthFailure {
  if (limits.retryAfter > 0) headers['Retry-After'] = String(limits.retryAfter)
  const message = MESSAGES.noCredits(w.names, limits.credits!.remaining, limits.retryAfter)
  return failure('rate_limited', message, facts.requestId, headers)
}

function forbiddenMessage(names: MessageNames, reason: ForbiddenReason, key: StoredKey, facts: KeyFacts): string {
  return refusalText(names, reason, key, facts.requiredScopes, facts.requiredPermissions, facts.roles)
}

/** The 403's message for `reason`: what the key lacks, named (L6, M6, M7). */
export function refusalText(
  names: MessageNames,
  reason: ForbiddenReason,
  key: KeyGrants,
  requiredScopes: readonly string[] | null | undefined,
  permissions: string | undefined,
  roles: RoleTable | undefined,
): string {
  if (reason === 'live-only') return MESSAGES.liveOnly(names)
  if (reason === 'address') return MESSAGES.addressNotAllowed(names)
  if (reason === 'permission') return MESSAGES.missingPermission(names, permissions ?? '')
  const holds = (name: string) => keyHolds(key.scopes, key.roles, roles, name)
  return MESSAGES.missingScope(names, firstUncovered(holds, requiredScopes) ?? '')
}

// The units an admission counted where a priced route made them other than 1: a route reached
// after it (behind the router's own admission) reads them to count only what is still owed.
const unitsOtherThanOne = new WeakMap<ApiKeyContext, number>()

/** The units `apiKey`'s admission counted in its limits: 0 when it did not consume. */
export function unitsCounted(apiKey: ApiKeyContext): number {
  return apiKey.consumed ? (unitsOtherThanOne.get(apiKey) ?? 1) : 0
}

/** Notes that `apiKey`'s admission counted `units` more than before (a route's cost settled later). */
export function noteUnitsCounted(apiKey: ApiKeyContext, units: number): void {
  if (units !== 1) unitsOtherThanOne.set(apiKey, units)
  else unitsOtherThanOne.delete(apiKey)
}

/** The methods Node's parser knows: short, and no key fits in them, so they are stored as they are. */
const STANDARD_METHODS: ReadonlySet<string> = new Set(METHODS)

/** How a finished request is described to `recordUsage`. */
export interface UsageOutcome {
  method: string
  path: string
  status: number
  ip?: string | null
}

// A route reached after the admission that refused the key (it lacks what the route asks): the
// request's entry, recorded once its response is over, carries the refusal's code.
const routeRefusals = new WeakMap<ApiKeyContext, ErrorCode>()

/** Notes that a route refused `apiKey` after its admission, with `code`. */
export function noteRouteRefusal(apiKey: ApiKeyContext, code: ErrorCode): void {
  routeRefusals.set(apiKey, code)
}

/**
 * The path a usage entry records: the route the framework matched, else the path as a router
 * reads it, never the client's spelling.
 */
export function recordedPath(request: RequestView): string {
  return request.route ?? canonicalPath(request.path ?? '/')
}

/** Writes usage entries: an admitted request's once its status is known, a refused one's as it is answered. */
export interface UsageRecorder {
  /** The entry of a request that consumed; nothing for one that did not. */
  admitted(apiKey: ApiKeyContext, outcome: UsageOutcome): void
  /** The entry of a refusal of a known key, with its status and code; nothing when no key was known. */
  refused(decision: AuthFailure, request: RequestView, now: number): void
}

/** Whose request an entry records: an admitted request's key context, or a refused key's own. */
type RecordedKey = Pick<ApiKeyContext, 'id' | 'ownerId' | 'requestId' | 'authenticatedAt' | 'consumed'>

export function createUsageRecorder(settings: KeywardSettings, report: ReportFault): UsageRecorder {
  const { stores, keyPrefix, resolveCountry } = settings
  /** The entry of a request that consumed or was refused, its texts masked and cut; `code` a refusal's. */
  function recordUsage(apiKey: RecordedKey, outcome: UsageOutcome, code?: string): void {
    if (!apiKey.consumed) return
    const { requestId } = apiKey
    const { method, ip = null } = outcome
    const entry: UsageEntry = {
      keyId: apiKey.id,
      ownerId: apiKey.ownerId,
      requestId,
      timestamp: isoTimestamp(apiKey.authenticatedAt),
      method: STANDARD_METHODS.has(method) ? method : storedText(method, keyPrefix, METHOD_MAX),
      path: maskKeysInPath(outcome.path, keyPrefix),
      status: outcome.status,
      code: code ?? routeRefusals.get(apiKey as ApiKeyContext) ?? null,
      ip,
      country: ip !== null && resolveCountry ? safeCountry(resolveCountry, ip) : null,
    }
    try {
      const appended = stores.usage.append(entry)
      if (isPromise(appended)) appended.catch((error: unknown) => report(error, requestId, 'usage'))
    } catch (error) {
      report(error, requestId, 'usage')
    }
  }
  return {
    admitted: recordUsage,
    refused(decision, request, now) {
      const key = refusedKeyOf(decision)
      if (key === undefined) return
      const { requestId, response } = decision
      const refusal = { id: key.id, ownerId: key.ownerId, requestId, authenticatedAt: now, consumed: true }
      const outcome = {
        method: request.method ?? '',
        path: recordedPath(request),
        status: response.status,
        ip: request.ip ?? null,
      }
      recordUsage(refusal, outcome, decision.error.code)
    },
  }
}

function safeCountry(resolve: (ip: string) => string | null, ip: string): string | null {
  try {
    return resolve(ip)
  } catch {
    return null
  }
}
