/**
 * The adapter kit: everything the Express, Fastify and Hono adapters share. An adapter reads the
 * request into a `RequestView`, asks the kit what the request is (`classify`) and what to do with
 * it (`decide`, `answer`), and writes the result. Every decision lives here or in the core, once:
 * adapters hold none.
 *
 * keyward is a guest in the host's app (A1): it answers and changes nothing outside the paths the
 * host gives it, and inside them every route needs a key unless the host marks it public (A2).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { createDashboard, type Dashboard, type DashboardOptions, type DashboardRequest } from './dashboard/index.js'
import { SCOPE_PATTERN } from './core/key-input.js'
import type { Keyward } from './core/instance.js'
import { type ErrorCode, HTTP_MESSAGES, MESSAGES } from './core/messages.js'
import { readFetchBody, readNodeBody, type ReadBody } from './request-body.js'
import { canonicalPath, pathOf, queryOf, underPrefix } from './request-path.js'
import { isPromise } from './core/store-calls.js'
import { successResponse, withoutBody } from './core/responses.js'
import type { ApiKeyContext, AuthDecision, AuthSuccess, Awaitable, KeywardResponse, RequestView, RouteRequirements } from './core/types.js'
import { createWebPage, type WebPage, type WebPageOptions } from './web-page/index.js'

/**
 * Options every adapter takes. A bad option throws a TypeError at setup, naming it.
 *
 * @example
 * import { keywardFastify, type AdapterOptions } from 'keyward/fastify'
 * const options: AdapterOptions = { paths: ['/v2/'], trustProxy: 1 }
 */
export interface AdapterOptions {
  /**
   * Path prefixes whose routes need a key: inside them every route does unless it is marked
   * public; outside them keyward answers and changes nothing. Default `['/api/v1/']`.
   */
  paths?: readonly string[] | undefined
  /** Where the liveness endpoint answers (no key needed), or false for none. Default `/api/v1/ping`. */
  ping?: string | false | undefined
  /** Where the auth test endpoint answers (GET, HEAD, POST), or false for none. Default `/api/v1/auth/test`. */
  authTest?: string | false | undefined
  /**
   * The key-management routes behind a guard that says who is asking: `true` or `{ role: 'admin' }`
   * an administrator, `{ ownerId }` that owner, anything else nobody (a function, or `{ authorize }`).
   */
  dashboard?: DashboardOptions | DashboardOptions['authorize'] | undefined
  /** Where the dashboard routes answer. Default `/api/dashboard`. */
  dashboardPath?: string | undefined
  /**
   * The key-management web page on top of the dashboard routes (which it needs): `true` for the
   * page at `/dashboard/`, or `{ path, signIn }`. Default: none.
   */
  webPage?: boolean | WebPageOptions | undefined
  /**
   * Answer unknown paths with keyward's 404 envelope: under `paths` once the key is checked (so
   * the 404 tells nothing to a caller without one), and anywhere else under this root at once.
   * Default: none, and the framework's own 404 answers.
   */
  notFound?: string | undefined
  /**
   * Where the client address comes from. `false` (default): the socket's address. `true`: the
   * leftmost `X-Forwarded-For` entry. A number n: the entry n trusted proxies vouch for.
   */
  trustProxy?: boolean | number | undefined
  /** Told about errors that become a 500. Default: written to `console.error` with the request id. Never given a key. */
  onError?: ((error: unknown, info: { requestId: string }) => void) | undefined
}

/**
 * Per-route options: what the route asks of the key, or that it needs none.
 *
 * @example
 * import { keywardFastify } from 'keyward/fastify'
 * app.get('/api/v1/reports', { config: { keyward: { scopes: ['reports:read'], liveOnly: true } } }, handler)
 * app.get('/api/v1/status', { config: { keyward: { public: true } } }, handler)
 */
export interface RouteOptions extends RouteRequirements {
  /** The route needs no key at all. Default false. */
  public?: boolean | undefined
}

/** What a request is to keyward. */
export type PathKind =
  /** Not keyward's: the adapter leaves it to the framework untouched. */
  | 'outside'
  | 'ping'
  | 'auth-test'
  | 'dashboard'
  /** The web page and its assets, at their exact paths. */
  | 'web-page'
  /** Under the protected paths: needs a key unless its route is public. */
  | 'protected'
  /** Under the `notFound` root but not protected: keyward's 404, whatever the credentials. */
  | 'not-found'

/** The kinds keyward answers itself, in full. */
export type AnsweredKind = Exclude<PathKind, 'outside' | 'protected'> | 'protected-not-found'

/**
 * What to do with a protected request:
 * - `answer`: send this response; no handler runs.
 * - `proceed`: add `success.headers` to whatever the handler sends, give it `success.apiKey`, and
 *   call `finish(status)` once the response is over.
 * - `null`: the client left while the store decided; send nothing, run nothing.
 */
export type Step = { answer: KeywardResponse } | { proceed: AuthSuccess; finish: (status: number) => void } | null

/** The shared state of one adapter, made once at setup. */
export interface AdapterKit {
  readonly keyward: Keyward
  /** What a request is, from its target and, when the framework matched a route, that route's path (A3). */
  classify(target: string, routed?: string): PathKind
  /**
   * A request id for a new request. `incoming` reads the request's `X-Request-ID`; it is called
   * only when the instance trusts a proxy's id.
   */
  requestId(incoming?: () => string | readonly string[] | null | undefined): string
  /** The view of a Node request; `route` is the path of the route the framework matched, if known. */
  viewFromNode(request: IncomingMessage, url: string, requestId: string, route?: string): RequestView
  /** The view of a fetch request, where no raw header lines exist. */
  viewFromFetch(request: Request, url: string, requestId: string, route?: string): RequestView
  /** A route's options, checked (a TypeError names the field); null for a public route. */
  routeRequirements(options: RouteOptions | undefined, where: string): RouteRequirements | null
  /**
   * Decides a protected request and calls `then` with the step to take: a refusal at once; an
   * admission with the other requests of its event-loop turn, or when the store answers. `gone`
   * tells whether the client has left meanwhile. A throw from `then` becomes a 500 answer.
   */
  decide(view: RequestView, requirements: RouteRequirements, gone: () => boolean, then: (step: Step) => void): void
  /** keyward's own answer for ping, the auth test, the dashboard, the web page and 404s. */
  answer(kind: AnsweredKind, view: RequestView, readBody: ReadBody, headers: DashboardRequest['headers']): Awaitable<KeywardResponse>
  /** A thrown error as the error envelope; 5xx errors are passed to `onError`. */
  errorResponse(error: unknown, requestId: string, method?: string): KeywardResponse
  /** Whether unknown paths under the protected paths get keyward's 404 (the `notFound` option). */
  readonly answersNotFound: boolean
  /** L6: the 403 for an admitted key that lacks what a route asks; null when it has it. */
  unmet(apiKey: ApiKeyContext, requirements: RouteRequirements): KeywardResponse | null
  /** Calls `step.finish` with the response's status once a Node response is over (L4a). */
  finishOnClose(response: ServerResponse, step: { finish: (status: number) => void }): void
}

/**
 * True when nothing written to `response` can reach its client any more: the connection closed,
 * or the client shut its side (Node then ends the socket before `destroyed` turns true).
 *
 * @example
 * kit.decide(view, requirements, () => clientGone(res), write)
 */
export function clientGone(response: ServerResponse): boolean {
  if (response.destroyed) return true
  const socket = response.socket
  return socket !== null && !socket.writable
}

/** The status a request's usage entry gets when its client left before the decision (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499

export { isPromise } from './core/store-calls.js'

const OPTION_NAMES = ['paths', 'ping', 'authTest', 'dashboard', 'dashboardPath', 'webPage', 'notFound', 'trustProxy', 'onError']
const WEB_PAGE_OPTION_NAMES = ['path', 'signIn']
const ROUTE_OPTION_NAMES = new Set(['scopes', 'liveOnly', 'consume', 'public'])
/** A path keyward answers at, or a prefix: segments of unreserved characters. */
const PATH_PATTERN = /^(?:\/[A-Za-z0-9._~-]+)+$/
const PING_ALLOW = 'GET, HEAD'
const WEB_PAGE_ALLOW = 'GET, HEAD'
const AUTH_TEST_ALLOW = 'GET, HEAD, POST'
/** The header lines Node's parser keeps when the server sets no `maxHeadersCount`: 2000 entries. */
const NODE_DEFAULT_LINE_CAP = 1000
/** The auth test and authenticated 404s check the key and consume nothing (L5, L4a). */
const NO_CONSUME: RouteRequirements = Object.freeze({ consume: false })
/** A well-formed request id that an instance trusting incoming ids takes as it is. */
const PROBE_REQUEST_ID = 'req_keywardProbeRequestId000'

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** `::ffff:127.0.0.1` → `127.0.0.1`: usage entries show the address as the client knows it. */
function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}

/**
 * The client address: `hops` trusted proxies each vouch for the entry to their left in
 * `X-Forwarded-For`; 0 means the socket address.
 *
 * @example
 * resolveClientIp('10.0.0.2', '203.0.113.7', 1) // '203.0.113.7'
 */
export function resolveClientIp(socketAddress: string | null | undefined, forwardedFor: string | string[] | null | undefined, hops: number): string | null {
  let ip = socketAddress ? normalizeAddress(socketAddress) : null
  if (hops === 0 || !forwardedFor) return ip
  const entries = (typeof forwardedFor === 'string' ? forwardedFor : forwardedFor.join(',')).split(',')
  for (let i = entries.length - 1, left = hops; i >= 0 && left > 0; i--, left--) {
    const entry = entries[i]!.trim()
    if (isIP(entry) === 0) break
    ip = normalizeAddress(entry)
  }
  return ip
}

/**
 * H1: every `Authorization` and `x-api-key` line of a Node request, from `rawHeaders` (Node keeps
 * only the first `Authorization` in `headers`). Returns whether `X-Forwarded-For` was among them.
 *
 * @example
 * readCredentialLines(['Authorization', 'Bearer a', 'authorization', 'Bearer b'], view)
 * view.authorization // ['Bearer a', 'Bearer b']
 */
export function readCredentialLines(rawHeaders: readonly string[], view: RequestView): boolean {
  let forwarded = false
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!
    if (name.length === 13) {
      if (name.toLowerCase() === 'authorization') view.authorization = addLine(view.authorization, rawHeaders[i + 1]!)
    } else if (name.length === 9) {
      if (name.toLowerCase() === 'x-api-key') view.apiKey = addLine(view.apiKey, rawHeaders[i + 1]!)
    } else if (name.length === 15 && !forwarded) {
      forwarded = name.toLowerCase() === 'x-forwarded-for'
    }
  }
  return forwarded
}

function addLine(previous: string | readonly string[] | undefined, value: string): string | readonly string[] {
  if (previous === undefined) return value
  return typeof previous === 'string' ? [previous, value] : [...previous, value]
}

/**
 * H1 where only a joined value exists (fetch `Headers` joins lines with ", "): a Bearer token never
 * holds ", ", so a joined Authorization value is read as the duplicate it is.
 *
 * @example
 * splitJoinedAuthorization('Bearer a, Bearer b') // ['Bearer a', 'Bearer b']
 */
export function splitJoinedAuthorization(value: string): string | readonly string[] {
  return value.includes(', ') ? value.split(', ') : value
}

/** H1: whether Node may have dropped header lines: it keeps `server.maxHeadersCount` (0: all). */
function mayHaveDroppedLines(request: IncomingMessage): boolean {
  const cap = (request.socket as { server?: { maxHeadersCount?: unknown } } | null)?.server?.maxHeadersCount
  const limit = typeof cap === 'number' ? cap : NODE_DEFAULT_LINE_CAP
  return limit > 0 && request.rawHeaders.length / 2 >= limit
}

/** The status an error carries (a framework's HTTP error), else 500. */
function statusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
  const value = typeof statusCode === 'number' ? statusCode : status
  return typeof value === 'number' && value >= 400 && value <= 599 ? value : 500
}

/** Body parsers' JSON failures: Express's body-parser and Fastify's content-type parser. */
function isJsonError(error: unknown): boolean {
  const { type, code } = error as { type?: unknown; code?: unknown }
  return type === 'entity.parse.failed' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
}

/** Fastify schema validation errors: their text comes from the schema, never from the request. */
function validationDetail(error: unknown): string | null {
  const { validation, message } = error as { validation?: unknown; message?: unknown }
  return Array.isArray(validation) && typeof message === 'string' && message.length <= 200 ? message : null
}

/** Whether the instance takes a proxy's `X-Request-ID`: asked once, at setup. */
function takesIncomingRequestId(keyward: Keyward): boolean {
  try {
    return keyward.requestId(PROBE_REQUEST_ID) === PROBE_REQUEST_ID
  } catch {
    return true
  }
}

function logToConsole(error: unknown, info: { requestId: string }): void {
  console.error(`keyward: internal error (request id ${info.requestId})`, error)
}

/** The adapter options, checked: one TypeError shape for every mistake. */
interface ResolvedOptions {
  paths: readonly string[]
  ping: string | null
  authTest: string | null
  dashboard: Dashboard | null
  dashboardPath: string
  webPage: WebPage | null
  notFound: string | null
  hops: number
  onError: (error: unknown, info: { requestId: string }) => void
}

function resolveOptions(keyward: Keyward, options: AdapterOptions | undefined, adapter: string): ResolvedOptions {
  const fail = (option: string, rule: string, value: unknown): never => {
    throw new TypeError(`${adapter}: option "${option}" ${rule} (got ${describe(value)})`)
  }
  const given = options ?? {}
  if (typeof given !== 'object' || given === null) fail('options', 'must be an object', given)
  for (const name of Object.keys(given)) {
    if (!OPTION_NAMES.includes(name)) fail(name, `is not an option; the options are ${OPTION_NAMES.join(', ')}`, given[name as never])
  }
  const path = (option: string, value: unknown, fallback: string | false): string | null => {
    if (value === undefined) return fallback === false ? null : fallback
    if (value === false) return null
    if (typeof value !== 'string' || !PATH_PATTERN.test(value)) fail(option, 'must be a path like "/api/v1/ping" (segments of letters, digits and ._~-), or false', value)
    return value as string
  }
  const paths = given.paths ?? ['/api/v1/']
  const isPrefix = (p: unknown) => p === '/' || (typeof p === 'string' && PATH_PATTERN.test(p.endsWith('/') ? p.slice(0, -1) : p))
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every(isPrefix)) fail('paths', 'must be a non-empty array of path prefixes like "/api/v1/"', paths)
  const trustProxy = given.trustProxy ?? false
  let hops = 0
  if (trustProxy === true) hops = Number.POSITIVE_INFINITY
  else if (typeof trustProxy === 'number' && Number.isSafeInteger(trustProxy) && trustProxy >= 0) hops = trustProxy
  else if (trustProxy !== false) fail('trustProxy', 'must be a boolean or a non-negative integer (hops)', trustProxy)
  const guard = given.dashboard
  const dashboardOptions = typeof guard === 'function' ? { authorize: guard } : guard
  if (dashboardOptions !== undefined && typeof dashboardOptions?.authorize !== 'function') {
    fail('dashboard', 'must be a guard function, or { authorize(request) => true | { ownerId } | false }', guard)
  }
  const onError = given.onError ?? logToConsole
  if (typeof onError !== 'function') fail('onError', 'must be a function', onError)
  const authTest = path('authTest', given.authTest, '/api/v1/auth/test')
  const dashboardPath = path('dashboardPath', given.dashboardPath, '/api/dashboard')!
  const app = { dashboard: dashboardOptions !== undefined, dashboardPath, authTest }
  return {
    // A prefix always ends with '/', so '/api/v1' does not take in '/api/v10'.
    paths: Object.freeze(paths.map((p) => (p.endsWith('/') ? p : `${p}/`))),
    ping: path('ping', given.ping, '/api/v1/ping'),
    authTest,
    dashboard: dashboardOptions ? createDashboard(keyward, dashboardOptions) : null,
    dashboardPath,
    webPage: resolveWebPage(keyward, given.webPage, app, fail),
    notFound: path('notFound', given.notFound, false),
    hops,
    onError,
  }
}

type Fail = (option: string, rule: string, value: unknown) => never

/** U1: the `webPage` option, checked; null when the page is off. */
function resolveWebPage(keyward: Keyward, given: unknown, app: { dashboard: boolean; dashboardPath: string; authTest: string | null }, fail: Fail): WebPage | null {
  if (given === undefined || given === false) return null
  const options = (given === true ? {} : given) as Record<string, unknown>
  if (typeof options !== 'object' || options === null || Array.isArray(options)) fail('webPage', 'must be true, false or { path?, signIn? }', given)
  for (const name of Object.keys(options)) {
    if (!WEB_PAGE_OPTION_NAMES.includes(name)) fail(`webPage.${name}`, `is not an option of the web page; they are ${WEB_PAGE_OPTION_NAMES.join(', ')}`, options[name])
  }
  const { path = '/dashboard/', signIn = 'token' } = options as WebPageOptions
  if (typeof path !== 'string' || !PATH_PATTERN.test(path.endsWith('/') ? path.slice(0, -1) : path)) {
    fail('webPage.path', 'must be a path like "/dashboard/" (segments of letters, digits and ._~-)', path)
  }
  if (signIn !== 'token' && signIn !== 'session') fail('webPage.signIn', 'must be "token" or "session"', signIn)
  if (!app.dashboard) fail('webPage', 'needs option "dashboard": the page manages keys through the dashboard routes', given)
  const pagePath = path.endsWith('/') ? path : `${path}/`
  if (pagePath.startsWith(`${app.dashboardPath}/`)) fail('webPage.path', `must lie outside the dashboard routes (${app.dashboardPath}/)`, path)
  const { serviceName, keyPrefix } = keyward
  return createWebPage({ path: pagePath, signIn, dashboardPath: app.dashboardPath, authTestPath: app.authTest, serviceName, keyPrefix })
}

/** Whether any reading a router may take of `path` lies under one of `prefixes` (A3). */
function anyUnder(path: string, prefixes: readonly string[]): boolean {
  for (let i = 0; i < prefixes.length; i++) if (underPrefix(path, prefixes[i]!)) return true
  return false
}

/** What a request is (A1, A3), by the adapter's paths. */
function createClassifier(settings: ResolvedOptions): (target: string, routed?: string) => PathKind {
  const { paths, ping, authTest, dashboard, dashboardPath, webPage } = settings
  // As a prefix, the 404 root takes in itself and what lies below it, not `/apix` beside `/api`.
  const notFound = settings.notFound === null ? null : `${settings.notFound}/`

  /** What one reading of the path is: protected, under the 404 root, or outside. */
  function readingOf(path: string): PathKind {
    if (anyUnder(path, paths)) return 'protected'
    return notFound !== null && underPrefix(path, notFound) ? 'not-found' : 'outside'
  }

  /**
   * keyward's own endpoints answer at their exact paths; any other reading a router may take
   * (decoded, normalised, another letter case, the route it matched) only makes a request stricter.
   */
  return function classify(target, routed) {
    const raw = pathOf(target)
    if (raw === ping) return 'ping'
    if (raw === authTest) return 'auth-test'
    if (webPage !== null && webPage.serves(raw)) return 'web-page'
    if (dashboard !== null && raw.startsWith(dashboardPath) && raw.charCodeAt(dashboardPath.length) === 47) return 'dashboard'
    let kind = readingOf(raw)
    if (kind === 'protected') return kind
    const canonical = canonicalPath(raw)
    if (canonical !== raw) kind = stricter(kind, readingOf(canonical))
    if (routed !== undefined && routed !== raw) kind = stricter(kind, readingOf(routed))
    return kind
  }
}

/** A route's options, checked (a TypeError names the field); null for a public route. */
function checkRouteOptions(adapter: string, route: RouteOptions | undefined, where: string): RouteRequirements | null {
  if (route === undefined) return {}
  const bad = (field: string, rule: string, value: unknown): never => {
    throw new TypeError(`${adapter}: ${where} "${field}" ${rule} (got ${describe(value)})`)
  }
  if (typeof route !== 'object' || route === null) bad('options', 'must be an object { scopes?, liveOnly?, consume?, public? }', route)
  for (const name of Object.keys(route)) {
    if (!ROUTE_OPTION_NAMES.has(name)) bad(name, 'is not a route option; they are scopes, liveOnly, consume, public', route[name as never])
  }
  const { scopes, liveOnly, consume } = route
  for (const [field, value] of [['public', route.public], ['liveOnly', liveOnly], ['consume', consume]] as const) {
    if (value !== undefined && typeof value !== 'boolean') bad(field, 'must be a boolean', value)
  }
  if (scopes !== undefined && (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string' && SCOPE_PATTERN.test(s)))) {
    bad('scopes', `must be an array of scope names matching ${SCOPE_PATTERN.source}`, scopes)
  }
  if (route.public === true) return null
  const requirements: RouteRequirements = {}
  if (scopes !== undefined && scopes.length > 0) requirements.scopes = Object.freeze([...scopes])
  if (liveOnly === true) requirements.liveOnly = true
  if (consume === false) requirements.consume = false
  return Object.freeze(requirements)
}

const onHead = (method: string | undefined, response: KeywardResponse) => (method === 'HEAD' ? withoutBody(response) : response)

/** A thrown error (a handler's, a framework's) as the error envelope; 5xx errors are passed to `onError`. */
function createThrownAnswer(keyward: Keyward, onError: ResolvedOptions['onError']) {
  const names = keyward.names
  return function thrownErrorResponse(error: unknown, requestId: string, method?: string): KeywardResponse {
    const status = statusOf(error)
    let code: ErrorCode = 'INTERNAL_ERROR'
    let message: string
    if (status === 413) {
      code = 'payload_too_large'
      message = HTTP_MESSAGES.payloadTooLarge(names)
    } else if (status === 404) {
      code = 'not_found'
      message = MESSAGES.notFound(names)
    } else if (status < 500) {
      code = 'invalid_request'
      const detail = validationDetail(error)
      message = isJsonError(error) ? HTTP_MESSAGES.invalidJson(names) : detail ? HTTP_MESSAGES.invalidRequestDetail(names, detail) : HTTP_MESSAGES.invalidRequest(names)
    } else {
      try {
        onError(error, { requestId })
      } catch {
        // A failing logger must not turn a 500 into a crash.
      }
      message = HTTP_MESSAGES.serverError(names, requestId)
    }
    return onHead(method, keyward.errorResponse(code, message, requestId))
  }
}

/** keyward's own answers: ping, the auth test, the dashboard, the web page and 404s. */
function createOwnAnswers(keyward: Keyward, settings: ResolvedOptions): AdapterKit['answer'] {
  const { dashboard, dashboardPath, webPage } = settings
  const names = keyward.names
  const notFoundResponse = (requestId: string, headers?: Record<string, string>) => keyward.errorResponse('not_found', MESSAGES.notFound(names), requestId, headers)
  const notAllowed = (view: RequestView, allow: string) =>
    keyward.errorResponse('method_not_allowed', MESSAGES.methodNotAllowed(names, String(view.method).slice(0, 32), allow), view.requestId!, { Allow: allow })

  /** E2: the decision as the auth test's answer. */
  function authTestAnswer(decision: AuthDecision, method: string | undefined) {
    if (!decision.ok) return onHead(method, decision.response)
    const data = { valid: true, authenticated: true, keyType: decision.apiKey.keyType }
    return onHead(method, successResponse(data, decision.requestId, keyward.clock.now(), decision.headers))
  }

  function notFoundAnswer(decision: AuthDecision, method: string | undefined) {
    return onHead(method, decision.ok ? notFoundResponse(decision.requestId, decision.headers) : decision.response)
  }

  async function runDashboard(view: RequestView, readBody: ReadBody, headers: DashboardRequest['headers']): Promise<KeywardResponse> {
    // A10: the dashboard reads the body only once its guard has admitted the request.
    const read: { body?: Awaited<ReturnType<ReadBody>> } = {}
    // H1 for the guard too: Node keeps only the first Authorization line in `headers`.
    if (typeof view.authorization === 'object') headers = { ...headers, authorization: [...view.authorization] }
    const response = await dashboard!.handle({
      method: view.method ?? 'GET',
      path: view.path!.slice(dashboardPath.length),
      query: view.query ?? '',
      headers,
      body: null,
      bodyTooLarge: false,
      readBody: async () => (read.body ??= await readBody(dashboard!.maxBodyBytes)),
      requestId: view.requestId!,
      ip: view.ip ?? null,
    })
    // The rest of an oversized body, or of one left unread that may be long, is not read: close
    // the connection instead of draining it.
    const unread = read.body === undefined
    if (unread ? mayBeLong(headers, dashboard!.maxBodyBytes) : read.body!.tooLarge) response.headers.Connection = 'close'
    return response
  }

  /** Whether a body left unread may be longer than `maxBytes`: declared so, or of a length not declared. */
  function mayBeLong(headers: DashboardRequest['headers'], maxBytes: number): boolean {
    if (headers['transfer-encoding'] !== undefined) return true
    const length = headers['content-length']
    return length !== undefined && !(Number(length) <= maxBytes)
  }

  return function answer(kind, view, readBody, headers) {
    const method = view.method
    if (kind === 'dashboard') return runDashboard(view, readBody, headers)
    if (kind === 'not-found') return onHead(method, notFoundResponse(view.requestId!))
    if (kind === 'web-page') {
      if (method !== 'GET' && method !== 'HEAD') return notAllowed(view, WEB_PAGE_ALLOW)
      return onHead(method, webPage!.answer(view.path!, view.requestId!))
    }
    if (kind === 'ping') {
      if (method !== 'GET' && method !== 'HEAD') return notAllowed(view, PING_ALLOW)
      return onHead(method, successResponse({ status: 'ok' }, view.requestId!, keyward.clock.now()))
    }
    // E2: the method is decided before authentication.
    if (kind === 'auth-test' && method !== 'GET' && method !== 'HEAD' && method !== 'POST') return notAllowed(view, AUTH_TEST_ALLOW)
    const respond = kind === 'auth-test' ? authTestAnswer : notFoundAnswer
    const decision = keyward.authenticate(view, NO_CONSUME)
    return isPromise(decision) ? decision.then((d) => respond(d, method)) : respond(decision, method)
  }
}

/** L6: the 403 for an admitted key that lacks what a route asks; null when it has it. */
function createUnmet(keyward: Keyward): AdapterKit['unmet'] {
  const names = keyward.names
  return function unmet(apiKey, requirements) {
    if (requirements.liveOnly === true && apiKey.keyType !== 'live') {
      return keyward.errorResponse('forbidden', MESSAGES.liveOnly(names), apiKey.requestId)
    }
    const missing = requirements.scopes?.find((scope) => apiKey.scopes !== null && !apiKey.scopes.includes(scope))
    return missing === undefined ? null : keyward.errorResponse('forbidden', MESSAGES.missingScope(names, missing), apiKey.requestId)
  }
}

/** Deciding a protected request, and the usage entry once its response is finished (L4a). */
function createDecider(keyward: Keyward, thrownErrorResponse: AdapterKit['errorResponse']): AdapterKit['decide'] {
  function recordFinished(apiKey: ApiKeyContext, view: RequestView, status: number): void {
    keyward.recordUsage(apiKey, { method: view.method!, path: view.route ?? canonicalPath(view.path!), status, ip: view.ip ?? null })
  }

  function stepOf(decision: AuthSuccess, view: RequestView): Step {
    const apiKey = decision.apiKey
    const finish = apiKey.consumed ? (status: number) => recordFinished(apiKey, view, status) : () => {}
    return { proceed: decision, finish }
  }

  // Requests admitted synchronously in one event-loop turn go on together, once the turn has read
  // them all, as a Redis batch's do: handling them back to back costs the process less per request.
  let turn: (() => void)[] = []
  const runTurn = () => {
    const tasks = turn
    turn = []
    for (let i = 0; i < tasks.length; i++) tasks[i]!()
  }
  const later = (task: () => void) => {
    if (turn.push(task) === 1) setImmediate(runTurn)
  }

  function safely(then: (step: Step) => void, step: Step, view: RequestView): void {
    try {
      then(step)
    } catch (error) {
      then({ answer: thrownErrorResponse(error, view.requestId!, view.method) })
    }
  }

  return function decide(view, requirements, gone, then) {
    const decision = keyward.authenticate(view, requirements)
    if (isPromise(decision)) {
      decision.then((d) => {
        if (!gone()) return safely(then, d.ok ? stepOf(d, view) : { answer: d.response }, view)
        // The client left: nothing to answer, no handler to run; a unit taken stays recorded (L4a).
        if (d.ok && d.apiKey.consumed) recordFinished(d.apiKey, view, CLIENT_CLOSED_REQUEST)
        then(null)
      })
    } else if (!decision.ok) {
      then({ answer: decision.response })
    } else {
      later(() => safely(then, stepOf(decision, view), view))
    }
  }
}

/** Views of Node and fetch requests, with the client address `trustProxy` says. */
function createViews(settings: ResolvedOptions, adapter: string): Pick<AdapterKit, 'viewFromNode' | 'viewFromFetch'> {
  const { hops } = settings
  // Behind an untrusted proxy every client shares the proxy's address: said once, when first seen.
  let proxyNoted = hops !== 0
  const noteUntrustedProxy = () => {
    proxyNoted = true
    console.warn(HTTP_MESSAGES.untrustedProxy(adapter))
  }
  const baseView = (method: string | undefined, url: string, requestId: string, route: string | undefined, ip: string | null): RequestView => ({
    method,
    path: pathOf(url),
    route,
    query: queryOf(url),
    ip,
    requestId,
  })
  return {
    viewFromNode(request, url, requestId, route) {
      const forwardedFor = hops === 0 ? undefined : request.headers['x-forwarded-for']
      const view = baseView(request.method, url, requestId, route, resolveClientIp(request.socket?.remoteAddress, forwardedFor, hops))
      // Lines past the server's cap are gone: neither credential header can be trusted (fail closed).
      if (mayHaveDroppedLines(request)) view.headersTruncated = true
      else if (readCredentialLines(request.rawHeaders, view) && !proxyNoted) noteUntrustedProxy()
      return view
    },
    viewFromFetch(request, url, requestId, route) {
      const headers = request.headers
      const view = baseView(request.method, url, requestId, route, resolveClientIp(null, hops === 0 ? undefined : headers.get('x-forwarded-for'), hops))
      const authorization = headers.get('authorization')
      if (authorization !== null) view.authorization = splitJoinedAuthorization(authorization)
      const apiKey = headers.get('x-api-key')
      if (apiKey !== null) view.apiKey = apiKey
      if (!proxyNoted && headers.has('x-forwarded-for')) noteUntrustedProxy()
      return view
    },
  }
}

/**
 * Validates the adapter options and builds what the adapter shares across requests.
 *
 * @example
 * // inside an adapter (keyward/express, keyward/fastify, keyward/hono)
 * const kit = createAdapterKit(keyward, { trustProxy: 1 }, 'keyward/express')
 * kit.classify('/api/v1/ping') // 'ping'
 */
export function createAdapterKit(keyward: Keyward, options: AdapterOptions | undefined, adapter: string, keywardArgument = 'the first argument'): AdapterKit {
  if (typeof keyward !== 'object' || keyward === null || typeof keyward.authenticate !== 'function') {
    throw new TypeError(`${adapter}: ${keywardArgument} must be a keyward instance from createKeyward() (got ${describe(keyward)})`)
  }
  const settings = resolveOptions(keyward, options, adapter)
  const readsIncomingRequestId = takesIncomingRequestId(keyward)
  const errorResponse = createThrownAnswer(keyward, settings.onError)
  return {
    keyward,
    classify: createClassifier(settings),
    requestId(incoming) {
      // Reading headers costs something on every request: only when the value can be taken.
      const value = incoming !== undefined && readsIncomingRequestId ? incoming() : undefined
      return keyward.requestId(typeof value === 'string' ? value : undefined)
    },
    ...createViews(settings, adapter),
    routeRequirements: (route, where) => checkRouteOptions(adapter, route, where),
    answersNotFound: settings.notFound !== null,
    unmet: createUnmet(keyward),
    decide: createDecider(keyward, errorResponse),
    answer: createOwnAnswers(keyward, settings),
    errorResponse,
    finishOnClose(response, step) {
      // 'close' follows 'finish', and comes alone when the connection breaks first.
      response.on('close', () => step.finish(response.statusCode))
    },
  }
}

/** The stricter of two readings of one request: needing a key beats a 404, which beats outside. */
function stricter(kind: PathKind, other: PathKind): PathKind {
  if (other === 'protected' || kind === 'protected') return 'protected'
  return other === 'not-found' ? other : kind
}

/**
 * The headers of a fetch request in Node's shape, for the dashboard's guard.
 *
 * @example
 * nodeHeaders(c.req.raw.headers).authorization
 */
export function nodeHeaders(headers: Headers): IncomingHttpHeaders {
  const collected: IncomingHttpHeaders = {}
  headers.forEach((value, name) => {
    collected[name] = value
  })
  return collected
}

export { readFetchBody, readNodeBody }
