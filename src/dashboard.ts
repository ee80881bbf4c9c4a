/**
 * The dashboard routes of E5 as framework-neutral handlers: the adapters read the request into a
 * `DashboardRequest`, call `handle()` and write the `KeywardResponse` it returns. Every decision
 * (guard, routing, 404/405/413, body validation, store faults) is made here, once.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { KeyInputError, KeyNotFoundError } from './errors.js'
import { createFailedAuthGuard, type FailedAuthGuard } from './failed-auth-guard.js'
import { ECHOABLE_FIELD, type CreateKeyInput } from './key-input.js'
import type { Keyward } from './keyward.js'
import { DASHBOARD_MESSAGES, type ErrorCode, MESSAGES } from './messages.js'
import { successResponse, withoutBody } from './responses.js'
import { isPromise, withTimeout } from './store-calls.js'
import type { Awaitable, KeywardResponse, UsageQuery } from './types.js'

/** A request under `/api/dashboard`, as an adapter hands it over. */
export interface DashboardRequest {
  method: string
  /** The path below `/api/dashboard`, without the query: `/api-keys`, `/api-keys/key_…/revoke`, `/api-keys/usage`. */
  path: string
  /** The raw query string, without the leading `?`. */
  query: string
  /** Header names in lower case, values as Node's `req.headers` holds them. */
  headers: Record<string, string | string[] | undefined>
  /** The raw body text; null when the request has none. */
  body: string | null
  /** The adapter stopped reading because the body is longer than `maxBodyBytes`. */
  bodyTooLarge: boolean
  /** The request id already chosen for this request (R2). */
  requestId: string
  /** The client address; null when unknown (such requests are not counted by `failedAuthLimit`). */
  ip: string | null
}

/** Options of `createDashboard()`. */
export interface DashboardOptions {
  /**
   * Decides whether a request may use the dashboard. Runs before anything else, unknown paths
   * included. Only `true` admits; anything else is 401, and a throw or rejection is 500 (never
   * fail open).
   */
  authorize(request: DashboardRequest): Awaitable<boolean>
  /** Told about guard failures and store faults (never given a key). Default: none. */
  onError?: (error: unknown, info: { requestId: string; phase: 'guard' | 'manage' | 'usage' }) => void
  /**
   * Refused requests (the guard said no: 401) allowed per client address in any rolling minute.
   * Past it, every dashboard request from that address, the right credentials included, gets 429
   * `rate_limited` with `Retry-After` until the minute frees. Counted in the instance's own
   * RateLimiter, so a fleet on Redis shares the count. Requests without a known address are not
   * counted. Default 10; 0 turns the limit off.
   */
  failedAuthLimit?: number
}

/** The dashboard handlers, ready to mount under `/api/dashboard`. */
export interface Dashboard {
  handle(request: DashboardRequest): Promise<KeywardResponse>
  /** The largest body an adapter needs to read (16 KiB); past it, set `bodyTooLarge`. */
  readonly maxBodyBytes: number
}

/** E5: bodies over 16 KiB get 413. */
export const DASHBOARD_MAX_BODY_BYTES = 16 * 1024

/** Refused dashboard requests per address per minute: a person mistyping a token never gets near it. */
export const DASHBOARD_FAILED_AUTH_LIMIT = 10
/** How long a dashboard 401 waits for its failure to be counted when the store sets no bound itself (R5). */
const COUNT_TIMEOUT_MS = 1000

const CREATE_FIELDS = ['name', 'sandbox', 'expiresAt', 'scopes', 'limits'] as const
const LIMIT_FIELDS = ['perMinute', 'perMonth'] as const
/** Ids are `key_` + base62 (K5); anything else cannot exist, so it is not looked up. */
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/
const USAGE_LIMIT_DEFAULT = 100
const USAGE_LIMIT_MAX = 1000
/** Dashboard answers hold keys and audit data: no cache may keep them. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const

type RouteName = 'collection' | 'usage' | 'key' | 'revoke'
interface Route {
  name: RouteName
  allow: readonly string[]
  id?: string
}

const ALLOW: Readonly<Record<RouteName, readonly string[]>> = {
  collection: ['GET', 'HEAD', 'POST'],
  usage: ['GET', 'HEAD'],
  key: ['GET', 'HEAD'],
  revoke: ['POST'],
}

function matchRoute(path: string): Route | null {
  if (path === '/api-keys') return { name: 'collection', allow: ALLOW.collection }
  if (path === '/api-keys/usage') return { name: 'usage', allow: ALLOW.usage }
  const match = /^\/api-keys\/([^/]+)(\/revoke)?$/.exec(path)
  if (!match) return null
  const id = match[1]!
  return match[2] ? { name: 'revoke', allow: ALLOW.revoke, id } : { name: 'key', allow: ALLOW.key, id }
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined
  return value
}

/** `application/json`, with an optional `charset` that must be UTF-8 (RFC 8259 §8.1). */
function isJsonContentType(value: string | string[] | undefined): boolean {
  if (Array.isArray(value) && value.length !== 1) return false
  const header = singleHeader(value)
  if (header === undefined) return false
  const [mediaType = '', ...parameters] = header.split(';')
  if (mediaType.trim().toLowerCase() !== 'application/json') return false
  for (const parameter of parameters) {
    const [name = '', raw = ''] = parameter.split('=', 2)
    if (name.trim().toLowerCase() !== 'charset') continue
    const charset = raw.trim().replace(/^"(.*)"$/, '$1').toLowerCase()
    if (charset !== 'utf-8' && charset !== 'utf8') return false
  }
  return true
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A member name found twice in one JSON object; `field` is its dotted path when safe to show. */
export interface DuplicateJsonField {
  field: string | null
}

interface JsonContainer {
  /** Member names seen so far; null for an array. */
  names: Set<string> | null
  /** Dotted path of this object, or null when it cannot be shown (inside an array, or a name not echoable). */
  path: string | null
  /** The member name whose value is being read. */
  member: string | null
}

/**
 * Finds a member name given twice in one object, at any depth, of `text`, which must be valid
 * JSON (parse it first). JSON.parse keeps the last of two equal names, so `{"scopes":["ip"],
 * "scopes":null}` would silently become "every scope"; E5 refuses such a body instead. Names are
 * compared after their escapes are decoded (`"a"` and `"\u0061"` are the same name).
 */
export function findDuplicateJsonField(text: string): DuplicateJsonField | null {
  const stack: JsonContainer[] = []
  // True where the next string is a member name: after `{` and after `,` inside an object.
  let atName = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      let end = i + 1
      let escaped = false
      for (;;) {
        const d = text.charCodeAt(end)
        if (d === 0x22) break
        if (d === 0x5c /* \ */) {
          escaped = true
          end += 2
        } else end += 1
      }
      const top = stack.at(-1)
      if (atName && top?.names) {
        const name = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end)
        if (top.names.has(name)) return { field: top.path === null || !ECHOABLE_FIELD.test(name) ? null : top.path + name }
        top.names.add(name)
        top.member = name
      }
      atName = false
      i = end
    } else if (c === 0x7b /* { */) {
      const parent = stack.at(-1)
      let path: string | null = ''
      if (parent) path = parent.names && parent.path !== null && ECHOABLE_FIELD.test(parent.member!) ? `${parent.path}${parent.member}.` : null
      stack.push({ names: new Set(), path, member: null })
      atName = true
    } else if (c === 0x5b /* [ */) {
      stack.push({ names: null, path: null, member: null })
      atName = false
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop()
      atName = false
    } else if (c === 0x2c /* , */) {
      atName = stack.at(-1)?.names != null
    }
  }
  return null
}

type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; message: string }

/**
 * E5: the JSON object of a request body, for every route that reads one: present, sent as
 * `application/json` (UTF-8), valid JSON, no member name given twice in one object, an object.
 */
function readJsonObject(request: DashboardRequest, keyward: Keyward): JsonBody {
  const n = keyward.names
  const fail = (message: string): JsonBody => ({ ok: false, message })
  if (request.body === null || request.body.trim() === '') return fail(DASHBOARD_MESSAGES.bodyRequired(n))
  if (!isJsonContentType(request.headers['content-type'])) return fail(DASHBOARD_MESSAGES.contentType(n))
  let value: unknown
  try {
    // JSON.parse defines `__proto__` as an own property (no prototype is set); it is then refused
    // as an unknown field by the route. The parser's own message is not shown: it can quote the body.
    value = JSON.parse(request.body)
  } catch {
    return fail(DASHBOARD_MESSAGES.malformedJson(n))
  }
  const duplicate = findDuplicateJsonField(request.body)
  if (duplicate) return fail(DASHBOARD_MESSAGES.duplicateField(n, duplicate.field))
  if (!isPlainObject(value)) return fail(DASHBOARD_MESSAGES.notAnObject(n))
  return { ok: true, value }
}

type BodyCheck = { ok: true; input: CreateKeyInput } | { ok: false; message: string }

/**
 * E5: the shape of a create body before the field rules of `validateCreateKeyInput` (which the
 * key manager applies): a JSON object (`readJsonObject`), no unknown fields (top level and in
 * `limits`, `__proto__` included), and `expiresAt` a string or null.
 */
function checkCreateBody(request: DashboardRequest, keyward: Keyward): BodyCheck {
  const n = keyward.names
  const fail = (message: string): BodyCheck => ({ ok: false, message })
  const body = readJsonObject(request, keyward)
  if (!body.ok) return body
  const { value } = body
  const unknown = (parent: string, field: string, allowed: readonly string[]) =>
    fail(DASHBOARD_MESSAGES.unknownField(n, ECHOABLE_FIELD.test(field) ? parent + field : null, allowed.join(', ')))
  for (const field of Object.keys(value)) {
    if (!(CREATE_FIELDS as readonly string[]).includes(field)) return unknown('', field, CREATE_FIELDS)
  }
  if (isPlainObject(value.limits)) {
    for (const field of Object.keys(value.limits)) {
      if (!(LIMIT_FIELDS as readonly string[]).includes(field)) return unknown('limits.', field, LIMIT_FIELDS)
    }
  }
  // validateCreateKeyInput also takes epoch numbers and Dates from code; over HTTP E5 says ISO 8601.
  if (Object.hasOwn(value, 'expiresAt') && value.expiresAt !== null && typeof value.expiresAt !== 'string') {
    return fail(DASHBOARD_MESSAGES.expiresAtType(n))
  }
  const input: Record<string, unknown> = Object.create(null)
  for (const field of CREATE_FIELDS) if (Object.hasOwn(value, field)) input[field] = value[field]
  return { ok: true, input: input as unknown as CreateKeyInput }
}

type UsageCheck = { ok: true; keyId: string | null; limit: number } | { ok: false; message: string }

/** E5: `keyId` optional, `limit` an integer 1–1000 (default 100); an empty value counts as absent. */
function checkUsageQuery(query: string, keyward: Keyward): UsageCheck {
  const n = keyward.names
  const params = new URLSearchParams(query)
  const keyIds = params.getAll('keyId')
  const limits = params.getAll('limit')
  if (keyIds.length > 1) return { ok: false, message: DASHBOARD_MESSAGES.usageParameterRepeated(n, 'keyId') }
  if (limits.length > 1) return { ok: false, message: DASHBOARD_MESSAGES.usageParameterRepeated(n, 'limit') }
  const rawLimit = limits[0] ?? ''
  let limit = USAGE_LIMIT_DEFAULT
  if (rawLimit !== '') {
    if (!/^[0-9]{1,4}$/.test(rawLimit)) return { ok: false, message: DASHBOARD_MESSAGES.usageLimit(n) }
    limit = Number(rawLimit)
    if (limit < 1 || limit > USAGE_LIMIT_MAX) return { ok: false, message: DASHBOARD_MESSAGES.usageLimit(n) }
  }
  const keyId = keyIds[0] ?? ''
  return { ok: true, keyId: keyId === '' ? null : keyId, limit }
}

/**
 * The dashboard of E5: create (the full key in that one response), list (masked), get, revoke
 * (idempotent) and the usage audit, behind a guard the host supplies.
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
  const failedAuthLimit = checkDashboardOptions(keyward, options)
  const n = keyward.names
  const challenge = { 'WWW-Authenticate': `Bearer realm="${keyward.serviceName}"` }
  const report = (error: unknown, requestId: string, phase: 'guard' | 'manage' | 'usage'): void => {
    try {
      options.onError?.(error, { requestId, phase })
    } catch {
      // A failing logger must not turn a 500 into a crash.
    }
  }
  const failure = (code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>) =>
    keyward.errorResponse(code, message, requestId, { ...NO_STORE, ...headers })
  const limit = failedAuthLimit > 0 ? createRefusalLimit(keyward, failedAuthLimit, report, failure) : null
  const serve = createKeyRoutes(keyward, report, failure)

  async function respond(request: DashboardRequest, requestId: string): Promise<KeywardResponse> {
    const ip = limit !== null && typeof request.ip === 'string' && request.ip !== '' ? request.ip : null
    // Before the host's guard runs: a blocked address learns nothing, not even that a token is right.
    const blocked = ip === null ? null : await limit!.blocked(ip, requestId)
    if (blocked !== null) return blocked
    let allowed: boolean
    try {
      allowed = (await options.authorize(request)) === true
    } catch (error) {
      report(error, requestId, 'guard')
      return failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.guardFailed(n, requestId), requestId)
    }
    if (!allowed) {
      const limited = ip === null ? null : await limit!.refused(ip, requestId)
      return limited ?? failure('UNAUTHORIZED', DASHBOARD_MESSAGES.unauthorized(n), requestId, challenge)
    }
    const route = matchRoute(request.path)
    if (!route) return failure('not_found', MESSAGES.notFound(n), requestId)
    if (!route.allow.includes(request.method)) {
      const allow = route.allow.join(', ')
      return failure('method_not_allowed', MESSAGES.methodNotAllowed(n, String(request.method).slice(0, 32), allow), requestId, {
        Allow: allow,
      })
    }
    if (request.bodyTooLarge || (request.body !== null && Buffer.byteLength(request.body, 'utf8') > DASHBOARD_MAX_BODY_BYTES)) {
      return failure('payload_too_large', DASHBOARD_MESSAGES.payloadTooLarge(n, DASHBOARD_MAX_BODY_BYTES), requestId)
    }
    return serve(route, request, requestId)
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

type Report = (error: unknown, requestId: string, phase: 'guard' | 'manage' | 'usage') => void
type Failure = (code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>) => KeywardResponse

/** The options, checked: a TypeError names the one that is wrong. Returns the refusal limit. */
function checkDashboardOptions(keyward: Keyward, options: DashboardOptions): number {
  if (typeof keyward !== 'object' || keyward === null || typeof keyward.keys?.create !== 'function') {
    throw new TypeError('keyward: createDashboard() needs a keyward instance from createKeyward()')
  }
  if (typeof options !== 'object' || options === null || typeof options.authorize !== 'function') {
    throw new TypeError('keyward: createDashboard() option "authorize" must be a function (request) => boolean')
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new TypeError('keyward: createDashboard() option "onError" must be a function')
  }
  // Only an absent option means the default: a null from a missing setting must not pass unnoticed.
  const failedAuthLimit = options.failedAuthLimit === undefined ? DASHBOARD_FAILED_AUTH_LIMIT : options.failedAuthLimit
  if (!Number.isSafeInteger(failedAuthLimit) || failedAuthLimit < 0) {
    const got = typeof failedAuthLimit === 'number' || failedAuthLimit === null ? String(failedAuthLimit) : typeof failedAuthLimit
    throw new TypeError(
      `keyward: createDashboard() option "failedAuthLimit" must be a whole number of refused requests per minute, 0 to turn the limit off (got ${got})`,
    )
  }
  return failedAuthLimit
}

/** `value`, or a StoreTimeoutError once `ms` have passed. */
function withinBound<T>(value: Awaitable<T>, ms: number): Promise<T> {
  return isPromise(value) ? withTimeout(value, ms) : Promise.resolve(value)
}

/**
 * E5 + E7: the dashboard's own brute-force limit, counted apart from failed API-key
 * authentications, in the instance's limiter (shared by a fleet on Redis).
 */
function createRefusalLimit(keyward: Keyward, limit: number, report: Report, failure: Failure) {
  const guard: FailedAuthGuard = createFailedAuthGuard(limit, keyward.stores.limiter, (error) => report(error, '', 'guard'), 'failed-dashboard')
  const storeBound = keyward.stores.timeoutMs
  const boundMs = typeof storeBound === 'number' && storeBound > 0 ? storeBound : COUNT_TIMEOUT_MS
  const n = keyward.names
  const tooMany = (retryAfter: number, requestId: string) =>
    failure('rate_limited', DASHBOARD_MESSAGES.failedAuthorizations(n, retryAfter), requestId, { 'Retry-After': String(retryAfter) })
  return {
    /** The 429 for an address blocked here or, with a shared limiter, elsewhere; a count that cannot be read fails closed. */
    async blocked(ip: string, requestId: string): Promise<KeywardResponse | null> {
      try {
        const retryAfter = await withinBound(guard.check(ip, keyward.clock.now()), boundMs)
        return retryAfter > 0 ? tooMany(retryAfter, requestId) : null
      } catch (error) {
        report(error, requestId, 'guard')
        return failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.guardFailed(n, requestId), requestId)
      }
    },
    /** Counts a refusal; the 429 when it is beyond the limit. A count that fails leaves the 401: refused either way. */
    async refused(ip: string, requestId: string): Promise<KeywardResponse | null> {
      const retryAfter = await withinBound(guard.recordFailure(ip, keyward.clock.now()), boundMs).catch((error: unknown) => {
        report(error, '', 'guard')
        return 0
      })
      return retryAfter > 0 ? tooMany(retryAfter, requestId) : null
    },
  }
}

/** The key routes themselves, once the guard has admitted the request. */
function createKeyRoutes(keyward: Keyward, report: Report, failure: Failure) {
  const n = keyward.names
  const success = (data: unknown, requestId: string, status = 200) => successResponse(data, requestId, keyward.clock.now(), { ...NO_STORE }, status)
  const notFound = (requestId: string) => failure('not_found', DASHBOARD_MESSAGES.keyNotFound(n), requestId)

  /** Key manager rejections: bad input is 400, an unknown id 404, anything else a fault (500). */
  function fromError(error: unknown, requestId: string, phase: 'manage' | 'usage'): KeywardResponse {
    if (error instanceof KeyInputError) {
      // E5: the message names the field, even where the core's text speaks of "each scope".
      const message = error.message.startsWith(error.field) ? error.message : `${error.field}: ${error.message}`
      return failure('invalid_request', message, requestId)
    }
    if (error instanceof KeyNotFoundError) return notFound(requestId)
    report(error, requestId, phase)
    return failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.internal(n, requestId), requestId)
  }

  async function createKey(request: DashboardRequest, requestId: string): Promise<KeywardResponse> {
    const checked = checkCreateBody(request, keyward)
    if (!checked.ok) return failure('invalid_request', checked.message, requestId)
    const { key, record } = await keyward.keys.create(checked.input)
    // K3: the one response that ever holds the full key.
    return success({ ...record, key }, requestId, 201)
  }

  async function listUsage(request: DashboardRequest, requestId: string): Promise<KeywardResponse> {
    const checked = checkUsageQuery(request.query ?? '', keyward)
    if (!checked.ok) return failure('invalid_request', checked.message, requestId)
    const query: UsageQuery = { limit: checked.limit }
    if (checked.keyId !== null) {
      if (!KEY_ID_PATTERN.test(checked.keyId) || !(await keyward.keys.get(checked.keyId))) return notFound(requestId)
      query.keyId = checked.keyId
    }
    return success(await keyward.queryUsage(query), requestId)
  }

  async function dispatch(route: Route, request: DashboardRequest, requestId: string): Promise<KeywardResponse> {
    switch (route.name) {
      case 'collection':
        return request.method === 'POST' ? createKey(request, requestId) : success(await keyward.keys.list(), requestId)
      case 'usage':
        return listUsage(request, requestId)
      case 'key': {
        const record = KEY_ID_PATTERN.test(route.id!) ? await keyward.keys.get(route.id!) : undefined
        return record ? success(record, requestId) : notFound(requestId)
      }
      case 'revoke':
        if (!KEY_ID_PATTERN.test(route.id!)) return notFound(requestId)
        return success(await keyward.keys.revoke(route.id!), requestId)
    }
  }

  return async function serve(route: Route, request: DashboardRequest, requestId: string): Promise<KeywardResponse> {
    try {
      return await dispatch(route, request, requestId)
    } catch (error) {
      return fromError(error, requestId, route.name === 'usage' ? 'usage' : 'manage')
    }
  }
}

const MIN_TOKEN_LENGTH = 16
const TOKEN_PATTERN = /^[\x21-\x7e]+$/

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/**
 * A dashboard guard (E5) that admits exactly one `Authorization: Bearer <token>` header line
 * whose token equals `token`. The scheme name is matched case-insensitively (RFC 9110 §11.1, as
 * H7); the token exactly, in constant time over SHA-256 digests so neither content nor length
 * leaks. Throws a TypeError at once for a token shorter than 16 characters or holding whitespace.
 *
 * @example
 * import { bearerTokenGuard, createDashboard } from 'keyward'
 * const dashboard = createDashboard(keyward, { authorize: bearerTokenGuard(process.env.DASHBOARD_TOKEN!) })
 */
export function bearerTokenGuard(token: string): (request: Pick<DashboardRequest, 'headers'>) => boolean {
  if (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH || !TOKEN_PATTERN.test(token)) {
    const got = typeof token === 'string' ? `a ${token.length}-character string` : typeof token
    throw new TypeError(
      `keyward: bearerTokenGuard() token must be at least ${MIN_TOKEN_LENGTH} visible ASCII characters without whitespace (got ${got})`,
    )
  }
  const expected = sha256(token)
  return function dashboardBearerGuard(request) {
    const lines = request.headers?.authorization
    if (Array.isArray(lines) && lines.length !== 1) return false
    const header = singleHeader(lines)
    if (typeof header !== 'string' || header.length <= 7) return false
    if (header.slice(0, 7).toLowerCase() !== 'bearer ') return false
    const candidate = header.slice(7)
    if (!TOKEN_PATTERN.test(candidate)) return false
    return timingSafeEqual(sha256(candidate), expected)
  }
}
