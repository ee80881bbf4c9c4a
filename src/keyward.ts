import { isoTimestamp, systemClock } from './clock.js'
import { composeAuthorize } from './compose-authorize.js'
import { type CredentialFailure, extractCredentials } from './credentials.js'
import { KeyNotFoundError, StoreTimeoutError } from './errors.js'
import { createFailedAuthGuard } from './failed-auth-guard.js'
import { type CreateKeyInput, validateCreateKeyInput } from './key-input.js'
import {
  assertKeyPrefix,
  generateKey,
  generateKeyId,
  hashKey,
  maskKey,
  maskKeysIn,
  checkKey,
  type KeyFormatProblem,
} from './key-format.js'
import { createMemoryStores } from './memory/index.js'
import { type ErrorCode, MESSAGES, type MessageNames } from './messages.js'
import { resolveRequestId } from './request-id.js'
import { errorResponse, limitHeaders } from './responses.js'
import type {
  ApiKeyRecord,
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  Clock,
  KeyType,
  KeywardResponse,
  KeywardStores,
  LimitDecision,
  LimitPolicy,
  RequestView,
  RouteRequirements,
  StoredKey,
  UsageEntry,
  UsageQuery,
} from './types.js'

/** A pepper for HMAC-SHA-256 key hashing (K3). */
export type Pepper = string | Uint8Array

/** Options of `createKeyward()`. Every option is checked at once; a bad one throws a TypeError naming it. */
export interface KeywardOptions {
  /** The brand prefix of keys: `svc` in `svc_live_…`. Default `svc`. */
  keyPrefix?: string
  /** The service name in messages and the `WWW-Authenticate` realm. Default `Svc`. */
  serviceName?: string
  /** Where keys, limits and usage live. Default: fresh memory stores. */
  stores?: KeywardStores
  /** The time source. Default: the system clock. */
  clock?: Clock
  /**
   * Server-side secret for HMAC-SHA-256 key hashes (K3). `{ current, previous }` rotates it: keys
   * hashed with a previous pepper still verify, new keys use `current`.
   */
  pepper?: Pepper | { current: Pepper | null; previous?: readonly (Pepper | null)[] } | null
  /** Default limits per key type (L1); a key's own `limits` override them. */
  limits?: { live?: Partial<LimitPolicy>; test?: Partial<LimitPolicy> }
  /** How long a store may take before the request fails with 500 (R5). Default 1000 ms. */
  storeTimeoutMs?: number
  /** Also send the IETF `RateLimit` / `RateLimit-Policy` fields (L3). Default false. */
  ietfRateLimitHeaders?: boolean
  /** Accept the legacy `x-api-key` header (H8). Default true. */
  legacyApiKeyHeader?: boolean
  /** What requests authenticated by `x-api-key` are told (RFC 9745 `Deprecation` and a `Link`). */
  deprecation?: { since?: Date; link?: string }
  /** Take a proxy's `X-Request-ID` when it is a well-formed `req_<id>` (R2). Default false. */
  trustRequestId?: boolean
  /** Country of a client address for usage entries (E5). Default: none (null). */
  resolveCountry?: (ip: string) => string | null
  /**
   * E7: failed authentications (401s) per minute per client address (`RequestView.ip`) before
   * every request from it to a protected route gets 429, valid keys included. 0 turns it off.
   * Default 60. Behind a proxy, give adapters `trustProxy` so addresses are the clients'.
   */
  failedAuthLimit?: number
  /** Told about store faults (never given a key). Default: none. */
  onError?: (error: unknown, info: { requestId: string; phase: 'authenticate' | 'usage' | 'manage' }) => void
}

/** The key that authenticated a request, as handlers see it (`req.apiKey`). */
export interface ApiKeyContext {
  id: string
  name: string
  keyType: KeyType
  scopes: readonly string[] | null
  /** Which header carried the key: the canonical Authorization header or the legacy x-api-key (H8). */
  source: 'authorization' | 'x-api-key'
  requestId: string
  /** Whether this request counted against the limits (and so is recorded as usage, L4a). */
  consumed: boolean
  /** The limits as they stand after this request. */
  limits: LimitDecision
  /** Epoch milliseconds at which the request was authenticated. */
  authenticatedAt: number
}

/** A request that may proceed: the key, and the headers to add to whatever the handler sends. */
export interface AuthSuccess {
  ok: true
  requestId: string
  apiKey: ApiKeyContext
  headers: Record<string, string>
}

/** A request that must not proceed, and the complete response to send. */
export interface AuthFailure {
  ok: false
  requestId: string
  error: { code: ErrorCode; message: string }
  response: KeywardResponse
}

export type AuthDecision = AuthSuccess | AuthFailure

/** A key as `create` and `rotate` return it: the only time the full key is ever available. */
export interface CreatedKey {
  /** The full key. Show it once; it is not stored and cannot be read again (K3). */
  key: string
  record: ApiKeyRecord
}

/** Key lifecycle (K5, K6). */
export interface KeyManager {
  create(input: CreateKeyInput): Promise<CreatedKey>
  get(id: string): Promise<ApiKeyRecord | undefined>
  /** Every key, newest first, masked (K4). */
  list(): Promise<ApiKeyRecord[]>
  /** Revokes at once and for good (K6, K7). Idempotent; throws KeyNotFoundError for an unknown id. */
  revoke(id: string): Promise<ApiKeyRecord>
  /**
   * Creates a replacement with the same name, type, scopes and limits, then revokes the old key
   * at once, or, with `gracePeriodMs`, lets it expire after that period (never later than its
   * own expiry). The replacement gets `expiresAt` when given, else none.
   */
  rotate(
    id: string,
    options?: { gracePeriodMs?: number; expiresAt?: CreateKeyInput['expiresAt']; name?: string },
  ): Promise<CreatedKey & { previous: ApiKeyRecord }>
}

/** A keyward instance: one per application, shared by every adapter and route. */
export interface Keyward {
  readonly keyPrefix: string
  readonly serviceName: string
  readonly clock: Clock
  readonly stores: KeywardStores
  /** What the `x-api-key` deprecation headers say (H8). */
  readonly deprecationHeaders: Readonly<Record<string, string>>
  /**
   * Decides a request: credentials (H1–H10), key format (K1, K2), store lookup and status (H9),
   * route requirements (L6) and limits (L1–L5). Synchronous on memory stores; a Promise on stores
   * that answer asynchronously. Never rejects: store faults become 500 decisions (R5).
   */
  authenticate(request: RequestView, route?: RouteRequirements): Awaitable<AuthDecision>
  /** Records the usage entry of a request that consumed (L4a, E5). Call once the status is known. */
  recordUsage(apiKey: ApiKeyContext, outcome: { method: string; path: string; status: number; ip?: string | null }): void
  /** The usage audit log, newest first (E5). */
  queryUsage(query: UsageQuery): Promise<UsageEntry[]>
  /** The request id for a new request (R2). */
  requestId(incoming?: string): string
  /** The same message names every response uses. */
  readonly names: MessageNames
  /** Builds an error response with this instance's names and headers (404, 405, 400, …). */
  errorResponse(code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>): KeywardResponse
  readonly keys: KeyManager
  /** Writes out buffered usage and releases what the stores own. */
  close(): Promise<void>
}

const SERVICE_NAME_PATTERN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/

function fail(option: string, rule: string, value: unknown): never {
  let shown: string
  try {
    shown = typeof value === 'function' ? 'a function' : JSON.stringify(value) ?? String(value)
  } catch {
    shown = String(value)
  }
  throw new TypeError(`keyward: option "${option}" ${rule} (got ${shown})`)
}

function isPepper(value: unknown): value is Pepper {
  return (typeof value === 'string' && value.length > 0) || value instanceof Uint8Array
}

function resolvePeppers(pepper: KeywardOptions['pepper']): (Pepper | null)[] {
  if (pepper === undefined || pepper === null) return [null]
  if (isPepper(pepper)) return [pepper]
  if (typeof pepper !== 'object') fail('pepper', 'must be a non-empty string, bytes, or { current, previous }', pepper)
  const { current, previous = [] } = pepper
  if (current !== null && !isPepper(current)) fail('pepper.current', 'must be a non-empty string, bytes or null', current)
  if (!Array.isArray(previous)) fail('pepper.previous', 'must be an array', previous)
  for (const p of previous) if (p !== null && !isPepper(p)) fail('pepper.previous', 'must hold strings, bytes or null', p)
  return [current, ...previous]
}

function resolvePolicy(option: string, given: Partial<LimitPolicy> | undefined, fallback: LimitPolicy): LimitPolicy {
  if (given === undefined) return fallback
  if (typeof given !== 'object' || given === null) fail(option, 'must be an object { perMinute?, perMonth? }', given)
  const perMinute = given.perMinute ?? fallback.perMinute
  const perMonth = given.perMonth === undefined ? fallback.perMonth : given.perMonth
  if (!Number.isSafeInteger(perMinute) || perMinute < 1) fail(`${option}.perMinute`, 'must be a positive integer', perMinute)
  if (perMonth !== null && (!Number.isSafeInteger(perMonth) || perMonth < 1)) {
    fail(`${option}.perMonth`, 'must be a positive integer or null (no quota)', perMonth)
  }
  return { perMinute, perMonth }
}

/** L1: the default limits of each key type. */
export const DEFAULT_LIMITS: Readonly<{ live: LimitPolicy; test: LimitPolicy }> = Object.freeze({
  live: Object.freeze({ perMinute: 1000, perMonth: null }),
  test: Object.freeze({ perMinute: 10, perMonth: 1000 }),
})

const FORMAT_DETAIL: Record<KeyFormatProblem, 'prefix' | 'length' | 'alphabet' | 'checksum'> = {
  prefix: 'prefix',
  length: 'length',
  alphabet: 'alphabet',
  checksum: 'checksum',
}

/** Bounds a store call (R5): a store that does not answer in time is a fault. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StoreTimeoutError(ms)), ms)
    timer.unref?.()
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as Promise<T> | null)?.then === 'function'
}

/** K5: a stored key as the public record, with its status derived at `now` (K6). */
export function toRecord(key: StoredKey, now: number, keyPrefix: string): ApiKeyRecord {
  const status =
    key.revokedAt !== null ? 'revoked' : key.expiresAt !== null && key.expiresAt <= now ? 'expired' : 'active'
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    id: key.id,
    name: key.name,
    keyType: key.keyType,
    maskedKey: maskKey(key.keyType, key.last4, keyPrefix),
    status,
    createdAt: new Date(key.createdAt).toISOString(),
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    lastUsedAt: iso(key.lastUsedAt),
    scopes: key.scopes === null ? null : [...key.scopes],
    limits: key.limits === null ? null : { ...key.limits },
  }
}

/**
 * Creates a keyward instance.
 *
 * @example
 * import { createKeyward } from 'keyward'
 * const keyward = createKeyward({ keyPrefix: 'acme', serviceName: 'Acme' })
 * const { key } = await keyward.keys.create({ name: 'CI' })
 * const decision = await keyward.authenticate({ authorization: `Bearer ${key}` })
 * decision.ok // true
 */
export function createKeyward(options: KeywardOptions = {}): Keyward {
  if (typeof options !== 'object' || options === null) fail('options', 'must be an object', options)
  const keyPrefix = options.keyPrefix ?? 'svc'
  assertKeyPrefix(keyPrefix)
  const serviceName = options.serviceName ?? 'Svc'
  if (typeof serviceName !== 'string' || !SERVICE_NAME_PATTERN.test(serviceName)) {
    fail('serviceName', 'must be 1-64 printable ASCII characters without quotes or backslashes', serviceName)
  }
  const clock = options.clock ?? systemClock
  if (typeof clock?.now !== 'function') fail('clock', 'must have a now() method', clock)
  const stores = options.stores ?? createMemoryStores()
  for (const part of ['keys', 'limiter', 'usage'] as const) {
    if (typeof stores?.[part] !== 'object' || stores[part] === null) fail(`stores.${part}`, 'is required', stores?.[part])
  }
  const peppers = resolvePeppers(options.pepper)
  const defaults = {
    live: resolvePolicy('limits.live', options.limits?.live, DEFAULT_LIMITS.live),
    test: resolvePolicy('limits.test', options.limits?.test, DEFAULT_LIMITS.test),
  }
  const storeTimeoutMs = options.storeTimeoutMs ?? 1000
  if (!Number.isFinite(storeTimeoutMs) || storeTimeoutMs <= 0) {
    fail('storeTimeoutMs', 'must be a positive number of milliseconds', storeTimeoutMs)
  }
  // R5: a store that bounds its own calls at least as tightly needs no second timer per request.
  const storesBoundThemselves = typeof stores.timeoutMs === 'number' && stores.timeoutMs > 0 && stores.timeoutMs <= storeTimeoutMs
  const bounded = <T,>(promise: Promise<T>): Promise<T> => (storesBoundThemselves ? promise : withTimeout(promise, storeTimeoutMs))
  const headerOptions = { ietfRateLimitHeaders: options.ietfRateLimitHeaders === true }
  const legacyApiKeyHeader = options.legacyApiKeyHeader ?? true
  const trustRequestId = options.trustRequestId === true
  const since = options.deprecation?.since ?? new Date('2025-01-01T00:00:00Z')
  if (!(since instanceof Date) || Number.isNaN(since.getTime())) fail('deprecation.since', 'must be a valid Date', since)
  const link = options.deprecation?.link ?? '/docs/authentication#bearer'
  if (typeof link !== 'string' || /[<>\s]/.test(link)) fail('deprecation.link', 'must be a URL without spaces or angle brackets', link)
  const deprecationHeaders: Readonly<Record<string, string>> = Object.freeze({
    // RFC 9745: a structured-field date; the Link points at the migration docs.
    Deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    Link: `<${link}>; rel="deprecation"; type="text/html"`,
  })
  const resolveCountry = options.resolveCountry
  if (resolveCountry !== undefined && typeof resolveCountry !== 'function') fail('resolveCountry', 'must be a function', resolveCountry)
  const onError = options.onError
  if (onError !== undefined && typeof onError !== 'function') fail('onError', 'must be a function', onError)

  const failedAuthLimit = options.failedAuthLimit ?? 60
  if (!Number.isSafeInteger(failedAuthLimit) || failedAuthLimit < 0) {
    fail('failedAuthLimit', 'must be a whole number of failures per minute, 0 to turn the guard off', failedAuthLimit)
  }

  const names: MessageNames = { keyPrefix, serviceName }
  const realm = `Bearer realm="${serviceName}"`
  // H11: one challenge per class of failure, built once.
  const challengeMissing = { 'WWW-Authenticate': realm }
  const challengeRequest = { 'WWW-Authenticate': `${realm}, error="invalid_request"` }
  const challengeToken = { 'WWW-Authenticate': `${realm}, error="invalid_token"` }

  const authorize = stores.authorize ? stores.authorize.bind(stores) : composeAuthorize(stores)

  function failure(code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>): AuthFailure {
    return { ok: false, requestId, error: { code, message }, response: errorResponse(code, message, requestId, headers) }
  }

  function credentialFailure(f: CredentialFailure, requestId: string): AuthFailure {
    switch (f.reason) {
      case 'missing':
        return failure(
          'UNAUTHORIZED',
          f.queryKey ? MESSAGES.missingAuthorizationQueryKey(names) : MESSAGES.missingAuthorization(names),
          requestId,
          challengeMissing,
        )
      case 'empty':
        return failure('UNAUTHORIZED', MESSAGES.emptyAuthorization(names), requestId, challengeRequest)
      case 'raw-key':
        return failure('UNAUTHORIZED', MESSAGES.rawKey(names), requestId, challengeRequest)
      case 'other-scheme':
        return failure('UNAUTHORIZED', MESSAGES.otherScheme(names, f.scheme), requestId, challengeRequest)
      case 'malformed':
        return failure('UNAUTHORIZED', MESSAGES.malformed(names, f.detail), requestId, challengeRequest)
      case 'apikey-format':
        return failure('INVALID_API_KEY_FORMAT', MESSAGES.invalidFormat(names, f.detail), requestId, challengeToken)
    }
  }

  function internalFailure(error: unknown, requestId: string): AuthFailure {
    try {
      onError?.(error, { requestId, phase: 'authenticate' })
    } catch {
      // A failing logger must not turn a 500 into a crash.
    }
    return failure('INTERNAL_ERROR', MESSAGES.internal(names, requestId), requestId)
  }

  function successHeaders(requestId: string, limits: LimitDecision, now: number, viaApiKey: boolean): Record<string, string> {
    const headers = limitHeaders(limits, headerOptions, Math.ceil(now / 1000), requestId)
    if (viaApiKey) Object.assign(headers, deprecationHeaders)
    return headers
  }

  function decide(
    outcome: AuthorizeOutcome,
    requestId: string,
    now: number,
    keyType: KeyType,
    viaApiKey: boolean,
    fallback: CredentialFailure | null,
    consume: boolean,
    requiredScopes: readonly string[] | undefined,
  ): AuthDecision {
    switch (outcome.result) {
      case 'unknown':
        return fallback
          ? credentialFailure(fallback, requestId)
          : failure('INVALID_API_KEY', MESSAGES.unknownKey(names, keyType), requestId, challengeToken)
      case 'revoked':
        return fallback
          ? credentialFailure(fallback, requestId)
          : failure('API_KEY_REVOKED', MESSAGES.revoked(names), requestId, challengeToken)
      case 'expired':
        return fallback
          ? credentialFailure(fallback, requestId)
          : failure('API_KEY_EXPIRED', MESSAGES.expired(names), requestId, challengeToken)
      case 'blocked':
        return blockedFailure(outcome.retryAfter, requestId)
      case 'forbidden': {
        const missing = outcome.reason === 'scope' ? firstMissingScope(outcome.key.scopes, requiredScopes) : ''
        const message = outcome.reason === 'live-only' ? MESSAGES.liveOnly(names) : MESSAGES.missingScope(names, missing)
        return failure('forbidden', message, requestId, successHeaders(requestId, outcome.limits, now, viaApiKey))
      }
      case 'ok': {
        const { key, limits } = outcome
        const headers = successHeaders(requestId, limits, now, viaApiKey)
        if (consume && !limits.allowed) {
          headers['Retry-After'] = String(limits.retryAfter)
          const message =
            limits.binding === 'month'
              ? MESSAGES.monthQuota(names, limits.month!.limit, limits.retryAfter)
              : MESSAGES.minuteLimit(names, limits.minute.limit, limits.retryAfter)
          return failure('rate_limited', message, requestId, headers)
        }
        return {
          ok: true,
          requestId,
          headers,
          apiKey: {
            id: key.id,
            name: key.name,
            keyType: key.keyType,
            scopes: key.scopes,
            source: viaApiKey ? 'x-api-key' : 'authorization',
            requestId,
            consumed: outcome.consumed,
            limits,
            authenticatedAt: now,
          },
        }
      }
    }
  }

  const guard =
    failedAuthLimit > 0
      ? createFailedAuthGuard(failedAuthLimit, stores.limiter, (error) => {
          try {
            onError?.(error, { requestId: '', phase: 'authenticate' })
          } catch {
            // A failing logger must not break authentication.
          }
        })
      : null
  // E7: whether the store's authorize step reads the address's failure count before any key. A
  // fused step (Redis) reads it in the same call; a composed one peeks a shared limiter first. A
  // process-local limiter's counts are all this guard's own, so its local check is exact.
  const guardInAuthorize = guard !== null && (stores.authorize !== undefined || guard.shared)

  function authenticate(request: RequestView, routeRequirements: RouteRequirements = {}): Awaitable<AuthDecision> {
    const requestId = request.requestId ?? resolveRequestId(undefined, false)
    const now = clock.now()
    const ip = guard === null ? null : request.ip
    if (!ip) return decideRequest(request, routeRequirements, requestId, now, null)
    const retryAfter = guard!.blockedFor(ip, now)
    if (retryAfter > 0) return blockedFailure(retryAfter, requestId)
    const decision = decideRequest(request, routeRequirements, requestId, now, ip)
    // A decision that waited on a store has been counted already, in the same continuation.
    return isPromise(decision) ? decision : countFailure(decision, ip, now)
  }

  /** E7: no key is looked at, so the answer tells an attacker nothing about their guesses. */
  function blockedFailure(retryAfter: number, requestId: string): AuthFailure {
    return failure('rate_limited', MESSAGES.failedAuthentications(names, retryAfter), requestId, {
      'Retry-After': String(retryAfter),
    })
  }

  /** E7: a 401 is counted against its address; one beyond the limit is answered 429 instead. */
  function countFailure(decision: AuthDecision, ip: string, now: number): Awaitable<AuthDecision> {
    if (decision.ok || decision.response.status !== 401) return decision
    const counted = guard!.recordFailure(ip, now)
    if (isPromise(counted)) {
      return bounded(counted).then(
        (retryAfter) => (retryAfter > 0 ? blockedFailure(retryAfter, decision.requestId) : decision),
        () => decision,
      )
    }
    return counted > 0 ? blockedFailure(counted, decision.requestId) : decision
  }

  /**
   * The decision for a request. A synchronous one is returned as it is (the caller counts it for
   * E7); one that waits on a store is counted against `ip` (when given) in the continuation that
   * decides it, so a request costs no further promise.
   */
  function decideRequest(
    request: RequestView,
    routeRequirements: RouteRequirements,
    requestId: string,
    now: number,
    ip: string | null,
  ): Awaitable<AuthDecision> {
    try {
      const view = legacyApiKeyHeader ? request : { ...request, apiKey: undefined }
      const credentials = extractCredentials(view, keyPrefix)
      if (credentials.kind === 'failure') return credentialFailure(credentials.failure, requestId)
      const { token } = credentials
      const viaApiKey = credentials.kind === 'api-key'
      const fallback = viaApiKey ? credentials.fallbackFailure : null

      const checked = checkKey(token, keyPrefix)
      if (checked !== 'live' && checked !== 'test') {
        if (fallback) return credentialFailure(fallback, requestId)
        const detail = token.includes('****') ? 'masked' : FORMAT_DETAIL[checked]
        return failure('INVALID_API_KEY_FORMAT', MESSAGES.invalidFormat(names, detail), requestId, challengeToken)
      }

      const hashes = peppers.length === 1 ? [hashKey(token, peppers[0])] : peppers.map((p) => hashKey(token, p))
      const consume = routeRequirements.consume !== false
      const input: AuthorizeInput = {
        hashes,
        now,
        requiredScopes: routeRequirements.scopes ?? null,
        liveOnly: routeRequirements.liveOnly === true,
        consume,
        defaults,
        // E7: another instance may have blocked the address; the store answers that first.
        failedAuth: ip !== null && guardInAuthorize ? guard!.counterOf(ip) : undefined,
      }
      const outcome = authorize(input)
      if (isPromise(outcome)) {
        return bounded(outcome).then(
          (settled) => {
            if (settled.result === 'blocked') guard!.learnBlocked(ip!, settled.retryAfter, now)
            const decision = decide(settled, requestId, now, checked, viaApiKey, fallback, consume, routeRequirements.scopes)
            return ip === null ? decision : countFailure(decision, ip, now)
          },
          (error: unknown) => internalFailure(error, requestId),
        )
      }
      if (outcome.result === 'blocked') guard!.learnBlocked(ip!, outcome.retryAfter, now)
      return decide(outcome, requestId, now, checked, viaApiKey, fallback, consume, routeRequirements.scopes)
    } catch (error) {
      // R5: a store that throws synchronously is a fault like any other; never fail open.
      return internalFailure(error, requestId)
    }
  }

  async function call<T>(value: Awaitable<T>): Promise<T> {
    return isPromise(value) ? bounded(value) : value
  }

  const keys: KeyManager = {
    async create(input) {
      const now = clock.now()
      const valid = validateCreateKeyInput(input, now, keyPrefix)
      const key = generateKey(valid.keyType, keyPrefix)
      const stored: StoredKey = {
        id: generateKeyId(),
        hash: hashKey(key, peppers[0]),
        name: valid.name,
        keyType: valid.keyType,
        last4: key.slice(-4),
        createdAt: now,
        expiresAt: valid.expiresAt,
        revokedAt: null,
        lastUsedAt: null,
        scopes: valid.scopes,
        limits: valid.limits,
      }
      await call(stores.keys.insert(stored))
      return { key, record: toRecord(stored, now, keyPrefix) }
    },
    async get(id) {
      const stored = await call(stores.keys.get(id))
      return stored && toRecord(stored, clock.now(), keyPrefix)
    },
    async list() {
      const all = await call(stores.keys.list())
      const now = clock.now()
      return all.map((k) => toRecord(k, now, keyPrefix))
    },
    async revoke(id) {
      const now = clock.now()
      const stored = await call(stores.keys.revoke(id, now))
      if (!stored) throw new KeyNotFoundError(id)
      return toRecord(stored, now, keyPrefix)
    },
    async rotate(id, rotateOptions = {}) {
      const old = await call(stores.keys.get(id))
      if (!old) throw new KeyNotFoundError(id)
      const grace = rotateOptions.gracePeriodMs
      if (grace !== undefined && (!Number.isFinite(grace) || grace < 0)) {
        throw new TypeError('keyward: rotate() option "gracePeriodMs" must be a non-negative number of milliseconds')
      }
      const created = await keys.create({
        name: rotateOptions.name ?? old.name,
        keyType: old.keyType,
        expiresAt: rotateOptions.expiresAt ?? null,
        scopes: old.scopes,
        limits: old.limits,
      })
      const now = clock.now()
      const after =
        grace === undefined || grace === 0
          ? await call(stores.keys.revoke(id, now))
          : await call(stores.keys.shortenExpiry(id, now + grace))
      if (!after) throw new KeyNotFoundError(id)
      return { ...created, previous: toRecord(after, now, keyPrefix) }
    },
  }

  return {
    keyPrefix,
    serviceName,
    clock,
    stores,
    names,
    deprecationHeaders,
    authenticate,
    recordUsage(apiKey, outcome) {
      if (!apiKey.consumed) return
      const ip = outcome.ip ?? null
      const entry: UsageEntry = {
        keyId: apiKey.id,
        requestId: apiKey.requestId,
        timestamp: isoTimestamp(apiKey.authenticatedAt),
        method: storedText(outcome.method, keyPrefix, METHOD_MAX),
        path: storedText(outcome.path, keyPrefix, PATH_MAX),
        status: outcome.status,
        ip,
        country: ip !== null && resolveCountry ? safeCountry(resolveCountry, ip) : null,
      }
      try {
        const appended = stores.usage.append(entry)
        if (isPromise(appended)) {
          appended.catch((error: unknown) => onError?.(error, { requestId: apiKey.requestId, phase: 'usage' }))
        }
      } catch (error) {
        onError?.(error, { requestId: apiKey.requestId, phase: 'usage' })
      }
    },
    async queryUsage(query) {
      return call(stores.usage.query(query))
    },
    requestId(incoming) {
      return resolveRequestId(incoming, trustRequestId)
    },
    errorResponse(code, message, requestId, headers) {
      return errorResponse(code, message, requestId, headers)
    },
    keys,
    async close() {
      await stores.usage.flush?.()
      await stores.close?.()
    },
  }
}

function firstMissingScope(held: readonly string[] | null, required: readonly string[] | undefined): string {
  if (!required) return ''
  for (const scope of required) if (held === null || !held.includes(scope)) return scope
  return ''
}

/** How much of a client-chosen method and path a usage entry keeps. */
const METHOD_MAX = 32
const PATH_MAX = 2048

/** K3: client text as a usage entry stores it: bounded, and with anything key-shaped masked. */
function storedText(text: string, keyPrefix: string, max: number): string {
  return maskKeysIn(text.length > max ? text.slice(0, max) : text, keyPrefix)
}

function safeCountry(resolve: (ip: string) => string | null, ip: string): string | null {
  try {
    return resolve(ip)
  } catch {
    return null
  }
}
