/**
 * The framework-neutral HTTP layer every adapter shares: reading a request into a `RequestView`
 * (from Node's `IncomingMessage` or a fetch `Request`), the client address, what a path under the
 * prefix is, the built-in endpoints (E1, E2, R4), the not-found and error answers (R2–R4), the
 * dashboard's body reading (E5) and the answer to requests Node's parser refuses (R2).
 *
 * Adapters call these and write the `KeywardResponse` they return; no decision lives in an adapter.
 * This module is bundled into `keyward/express`, `keyward/fastify` and `keyward/hono`; each of them
 * re-exports the public parts.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import type { Duplex } from 'node:stream'
import { createDashboard, type Dashboard, type DashboardOptions, type DashboardRequest } from './dashboard.js'
import { SCOPE_PATTERN } from './key-input.js'
import { canonicalPath, pathOf, queryOf, underPrefix } from './request-path.js'
import type { ApiKeyContext, AuthDecision, Keyward } from './keyward.js'
import { type ErrorCode, HTTP_MESSAGES, MESSAGES } from './messages.js'
import { successResponse, withoutBody } from './responses.js'
import type { Awaitable, KeywardResponse, RequestView, RouteRequirements } from './types.js'

/**
 * Options every adapter takes. A bad option throws a TypeError at setup, naming it.
 *
 * @example
 * import { keywardExpress, type AdapterOptions } from 'keyward/express'
 * const options: AdapterOptions = { trustProxy: 1, dashboard: { authorize: bearerTokenGuard(token) } }
 * const api = keywardExpress(keyward, options)
 */
export interface AdapterOptions {
  /**
   * Mounts the dashboard routes (E5) under `<prefix>/dashboard/`, behind this guard. Without it,
   * paths there answer 404 like any other unknown path under the prefix (R4).
   */
  dashboard?: DashboardOptions | undefined
  /**
   * Where the client address of usage entries (E5) comes from. `false` (default): the socket's
   * address. `true`: the leftmost `X-Forwarded-For` entry (every proxy is trusted). A number n:
   * n proxies in front of the server are trusted, so the address is the n-th entry from the right
   * of `X-Forwarded-For` (1: the entry your one proxy appended). Entries that are not IP addresses
   * end the walk. This is independent of the framework's own trust-proxy setting.
   */
  trustProxy?: boolean | number | undefined
  /** Where the API lives: `<prefix>/v1/` and `<prefix>/dashboard/` (R4). Default `/api`. */
  prefix?: string | undefined
  /**
   * Told about errors that become a 500 (a throwing handler, a framework fault). Default: written
   * to `console.error` with the request id. Never given a key.
   */
  onError?: ((error: unknown, info: { requestId: string }) => void) | undefined
}

/**
 * What a path is, relative to the prefix (R4). Internal to the adapters.
 *
 * @example
 * // inside keyward/express, keyward/fastify, keyward/hono
 * core.classify('/api/v2/ping') // 'api-other': 404 whatever the credentials
 */
export type PathKind =
  /** Not under the prefix: the adapter leaves it to the framework. */
  | 'outside'
  /** E1 */
  | 'ping'
  /** E2 */
  | 'auth-test'
  /** E5 */
  | 'dashboard'
  /** Under `<prefix>/v1/`: a route of the application, or an authenticated 404 (R4). */
  | 'api-v1'
  /** Anything else under the prefix: 404 whatever the credentials (R4). */
  | 'api-other'

/** The paths under the prefix whose answer the core gives in full (`answerNode`, `answerFetch`). */
export type OwnPathKind = Exclude<PathKind, 'outside'>

/**
 * Per-route options of the adapters: the route's requirements (L5, L6) and whether it is public.
 *
 * @example
 * import { keywardExpress } from 'keyward/express'
 * app.get('/api/v1/reports', api.protect({ scopes: ['reports:read'], liveOnly: true }), handler)
 * @example
 * import { keywardFastify } from 'keyward/fastify'
 * app.get('/api/v1/status', { config: { keyward: { skip: true } } }, handler)
 */
export interface RouteOptions extends RouteRequirements {
  /** The route needs no key at all (like ping). Default false. */
  skip?: boolean | undefined
}

/**
 * The shared state of one adapter instance, made once at setup. Internal to the adapters.
 *
 * @example
 * // inside keyward/express
 * const core = createAdapterCore(keyward, options, 'keyward/express')
 * const view = core.viewFromNode(req, req.originalUrl, core.requestId(req.headers['x-request-id']))
 */
export interface AdapterCore {
  readonly keyward: Keyward
  readonly prefix: string
  readonly dashboard: Dashboard | null
  /**
   * What a request is, from its target (path and query, or an absolute URL) and, when the framework
   * has matched a route, the route's path: every reading a router may take of it counts (A3).
   */
  classify(target: string, routed?: string): PathKind
  /** A fresh request id (R2); a proxy's id is taken only when the keyward instance trusts it. */
  requestId(incoming: string | string[] | null | undefined): string
  /**
   * Whether `requestId()` may take the incoming `X-Request-ID` (the instance trusts a proxy's id).
   * When false, adapters need not read the header at all (reading Node's `headers` builds them).
   */
  readonly readsIncomingRequestId: boolean
  /** The client address for `trustProxy`. */
  clientIp(socketAddress: string | null | undefined, forwardedFor: string | string[] | null | undefined): string | null
  /**
   * The view of a Node request; `url` is the original URL (path and query), `route` the path of the
   * route the framework matched, when known (usage entries record it, A5).
   */
  viewFromNode(request: IncomingMessage, url: string, requestId: string, route?: string): RequestView
  /** The view of a fetch request, when no raw header lines exist (H1: a joined value is a duplicate). */
  viewFromFetch(request: Request, url: string, requestId: string, socketAddress?: string | null, route?: string): RequestView
  /**
   * The answer for any path under the prefix that is not an application route: ping (E1), the
   * auth test (E2), the dashboard (E5, reading the body from `request`), R4's 404, and for
   * `api-v1` the authenticated 404 of an unknown path (R4, L3).
   */
  answerNode(kind: OwnPathKind, request: IncomingMessage, view: RequestView): Awaitable<KeywardResponse>
  /** The same for a fetch request; `headers` in Node's shape when the adapter has them. */
  answerFetch(kind: OwnPathKind, request: Request, view: RequestView, headers?: IncomingHttpHeaders): Awaitable<KeywardResponse>
  /** A thrown error as the error envelope (R2, R3); 5xx errors are passed to `onError`. */
  errorResponse(error: unknown, requestId: string, method?: string): KeywardResponse
  /** The requirements a route's options ask of the key; validated (a TypeError names the option). */
  routeRequirements(options: RouteOptions | undefined, where: string): RouteRequirements | null
  /**
   * Runs `task` once the event loop has read every request that arrived with this one: the tasks
   * of one turn run together, in order, from one `setImmediate`. The adapters let requests
   * admitted synchronously (the memory stores) go on this way: handling a turn's requests back to
   * back, as the Redis stores' batches do, costs the process markedly less per request than taking
   * each through the framework alone (bench/RESULTS.md). A task handles its own errors, so one
   * that fails fails only its request.
   */
  later(task: () => void): void
  /**
   * A request whose client closed the connection, or shut its side of it, while its decision was on
   * its way (a store that answers asynchronously, such as Redis; `clientGone` tells): nobody is
   * left to answer, so the adapter sends nothing and does not run the route handler. When the
   * decision admitted and consumed, the unit stays taken (the store took it atomically) and the
   * request is recorded with status 499, "client closed request", so usage stays exact (L4a).
   * Writing a response to a closed socket would also put Node's write path on an error branch for
   * nothing.
   */
  abandon(decision: AuthDecision, view: RequestView): void
  /** Records the usage entry of a request that consumed (L4a), with the status it was answered with. */
  recordUsage(apiKey: ApiKeyContext, view: RequestView, status: number): void
}

/** The status a request's usage entry gets when its client left before the decision (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499

/**
 * True when nothing written to `response` can reach its client any more: the connection has
 * closed (`destroyed`), or its socket takes no more writes. The second comes first when the client
 * shuts its side: Node's server then ends the socket at once, and `destroyed` turns true only with
 * the connection's `'close'`, an event-loop turn or more later, and a response written in between
 * is queued for a socket that never sends it. A response queued behind a pipelined one has no
 * socket yet, and is not gone. Internal (the adapters'), like `isPromise`.
 *
 * @example
 * // inside keyward/express, when an asynchronous decision arrives
 * if (clientGone(res)) core.abandon(decision, view)
 */
export function clientGone(response: ServerResponse): boolean {
  if (response.destroyed) return true
  const socket = response.socket
  return socket !== null && !socket.writable
}

const OPTION_NAMES = new Set(['dashboard', 'trustProxy', 'prefix', 'onError'])
const PREFIX_PATTERN = /^(?:\/[A-Za-z0-9._~-]+)+$/
const ROUTE_OPTION_NAMES = new Set(['scopes', 'liveOnly', 'consume', 'skip'])
const PING_ALLOW = 'GET, HEAD'
/**
 * The header lines Node's parser keeps when the server sets no `maxHeadersCount`: 2000 name and
 * value entries, so 1000 lines.
 */
const NODE_DEFAULT_LINE_CAP = 1000

/**
 * H1: whether Node may have dropped header lines of this request: it keeps the first
 * `server.maxHeadersCount` lines (0 keeps all) and drops the rest silently.
 */
function mayHaveDroppedLines(request: IncomingMessage): boolean {
  const lines = request.rawHeaders.length / 2
  const cap = (request.socket as { server?: { maxHeadersCount?: unknown } } | null)?.server?.maxHeadersCount
  const limit = typeof cap === 'number' ? cap : NODE_DEFAULT_LINE_CAP
  return limit > 0 && lines >= limit
}

const AUTH_TEST_ALLOW = 'GET, HEAD, POST'

/**
 * A value that is a Promise (authenticate() is synchronous on memory stores). Internal.
 *
 * @example
 * // inside keyward/express: no promise, no microtask, when the decision is synchronous
 * const decision = keyward.authenticate(view)
 * if (isPromise(decision)) decision.then(admit)
 * else admit(decision)
 */
export function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as Promise<T> | null)?.then === 'function'
}

export { pathOf, queryOf } from './request-path.js'

/** The stricter of two readings of one request: needing a key beats a plain 404, which beats outside. */
function stricter(kind: 'outside' | 'api-other' | 'api-v1', other: 'outside' | 'api-other' | 'api-v1') {
  if (other === 'api-v1' || kind === 'api-v1') return 'api-v1'
  return other === 'api-other' ? other : kind
}

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
 * The client address (`AdapterOptions.trustProxy`): `hops` trusted proxies each vouch for the entry
 * to their left in `X-Forwarded-For`; 0 means the socket address. Internal to the adapters.
 *
 * @example
 * // inside keyward/express with { trustProxy: 1 }
 * resolveClientIp('10.0.0.2', '203.0.113.7', 1) // '203.0.113.7'
 */
export function resolveClientIp(
  socketAddress: string | null | undefined,
  forwardedFor: string | string[] | null | undefined,
  hops: number,
): string | null {
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
 * only the first `Authorization` in `headers`). One line stays a string; more become an array.
 * Returns whether the request carries `X-Forwarded-For`. Internal to the adapters.
 *
 * @example
 * // inside keyward/express
 * readCredentialLines(['Authorization', 'Bearer a', 'authorization', 'Bearer b'], view)
 * view.authorization // ['Bearer a', 'Bearer b']
 */
export function readCredentialLines(rawHeaders: readonly string[], view: RequestView): boolean {
  let forwarded = false
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!
    if (name.length === 13) {
      if (name.toLowerCase() !== 'authorization') continue
      view.authorization = addLine(view.authorization, rawHeaders[i + 1]!)
    } else if (name.length === 9) {
      if (name.toLowerCase() !== 'x-api-key') continue
      view.apiKey = addLine(view.apiKey, rawHeaders[i + 1]!)
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
 * holds ", ", so a joined Authorization value is read as the duplicate it is. Internal.
 *
 * @example
 * // inside keyward/hono, on a plain fetch Request
 * splitJoinedAuthorization('Bearer a, Bearer b') // ['Bearer a', 'Bearer b']
 */
export function splitJoinedAuthorization(value: string): string | readonly string[] {
  return value.includes(', ') ? value.split(', ') : value
}

/**
 * Reads a Node body up to `maxBytes`; past it, stops keeping data and reports `tooLarge`. A client
 * that leaves mid-body yields no body. Internal to the adapters (the dashboard, E5).
 *
 * @example
 * // inside keyward/express
 * const { body, tooLarge } = await readNodeBody(req, 16 * 1024)
 */
export function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<{ body: string | null; tooLarge: boolean }> {
  const declared = Number(request.headers['content-length'])
  if (declared > maxBytes) {
    request.resume()
    return Promise.resolve({ body: null, tooLarge: true })
  }
  if (request.readableEnded) {
    // A body parser mounted before keyward already read the stream; take what it kept.
    const parsed = (request as IncomingMessage & { body?: unknown }).body
    const body = parsed === undefined || parsed === null ? null : typeof parsed === 'string' ? parsed : JSON.stringify(parsed)
    return Promise.resolve({ body, tooLarge: body !== null && Buffer.byteLength(body) > maxBytes })
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        request.off('data', onData).off('end', onEnd)
        request.resume()
        resolve({ body: null, tooLarge: true })
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => resolve({ body: size === 0 ? null : Buffer.concat(chunks).toString('utf8'), tooLarge: false })
    // A client that goes away mid-body is not a server fault: the answer goes nowhere either way.
    const onAbort = () => resolve({ body: null, tooLarge: false })
    request.on('data', onData).once('end', onEnd).once('error', onAbort)
  })
}

/**
 * Reads a fetch body up to `maxBytes`; past it, cancels the stream and reports `tooLarge`.
 * Internal to the adapters (the dashboard, E5).
 *
 * @example
 * // inside keyward/hono
 * const { body, tooLarge } = await readFetchBody(c.req.raw, 16 * 1024)
 */
export async function readFetchBody(request: Request, maxBytes: number): Promise<{ body: string | null; tooLarge: boolean }> {
  if (Number(request.headers.get('content-length')) > maxBytes) return { body: null, tooLarge: true }
  if (request.body === null) return { body: null, tooLarge: false }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch {
      return { body: null, tooLarge: false } // the client went away mid-body
    }
    const { done, value } = chunk
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return { body: null, tooLarge: true }
    }
    chunks.push(value)
  }
  return { body: size === 0 ? null : Buffer.concat(chunks).toString('utf8'), tooLarge: false }
}

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

/** A well-formed id (R2) that an instance trusting incoming ids takes as it is. */
const PROBE_REQUEST_ID = 'req_keywardProbeRequestId000'

/**
 * Whether the instance takes a proxy's `X-Request-ID`: asked once, at setup, with a well-formed
 * id. When unsure (the instance throws), the header is read on every request as before.
 */
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

/**
 * Validates the adapter options and builds what the adapter shares across requests. Internal to
 * the adapters.
 *
 * @example
 * // inside an adapter (keyward/express, keyward/fastify, keyward/hono)
 * const core = createAdapterCore(keyward, { trustProxy: 1 }, 'keyward/express')
 * core.classify('/api/v1/ping') // 'ping'
 */
export function createAdapterCore(
  keyward: Keyward,
  options: AdapterOptions | undefined,
  adapter: string,
  keywardArgument = 'the first argument',
): AdapterCore {
  const fail = (option: string, rule: string, value: unknown): never => {
    throw new TypeError(`${adapter}: option "${option}" ${rule} (got ${describe(value)})`)
  }
  if (typeof keyward !== 'object' || keyward === null || typeof keyward.authenticate !== 'function') {
    throw new TypeError(`${adapter}: ${keywardArgument} must be a keyward instance from createKeyward() (got ${describe(keyward)})`)
  }
  if (options === undefined) options = {}
  if (typeof options !== 'object' || options === null) fail('options', 'must be an object', options)
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.has(name)) fail(name, `is not an option; the options are ${[...OPTION_NAMES].join(', ')}`, options[name as never])
  }
  const prefix = options.prefix ?? '/api'
  if (typeof prefix !== 'string' || !PREFIX_PATTERN.test(prefix)) {
    fail('prefix', 'must be a path like "/api": segments of letters, digits and ._~-, no trailing slash', prefix)
  }
  const trustProxy = options.trustProxy ?? false
  let hops = 0
  if (trustProxy === true) hops = Number.POSITIVE_INFINITY
  else if (typeof trustProxy === 'number' && Number.isSafeInteger(trustProxy) && trustProxy >= 0) hops = trustProxy
  else if (trustProxy !== false) fail('trustProxy', 'must be a boolean or a non-negative integer (hops)', trustProxy)
  if (options.dashboard !== undefined && typeof options.dashboard?.authorize !== 'function') {
    fail('dashboard', 'must be { authorize(request) => boolean }', options.dashboard)
  }
  const onError = options.onError ?? logToConsole
  // Behind an untrusted proxy every client shares the proxy's address: said once, when first seen.
  let proxyNoted = hops !== 0
  const noteUntrustedProxy = () => {
    proxyNoted = true
    console.warn(HTTP_MESSAGES.untrustedProxy(adapter))
  }

  let turn: (() => void)[] = []
  function recordUsage(apiKey: ApiKeyContext, view: RequestView, status: number): void {
    keyward.recordUsage(apiKey, { method: view.method!, path: view.route ?? canonicalPath(view.path!), status, ip: view.ip ?? null })
  }

  function runTurn(): void {
    const tasks = turn
    turn = []
    for (let i = 0; i < tasks.length; i++) tasks[i]!()
  }
  if (typeof onError !== 'function') fail('onError', 'must be a function', onError)
  const dashboard = options.dashboard ? createDashboard(keyward, options.dashboard) : null

  const names = keyward.names
  const readsIncomingRequestId = takesIncomingRequestId(keyward)
  const v1 = `${prefix}/v1/`
  const dashboardPath = `${prefix}/dashboard`
  const pingPath = `${prefix}/v1/ping`
  const authTestPath = `${prefix}/v1/auth/test`
  const onHead = (method: string | undefined, response: KeywardResponse) => (method === 'HEAD' ? withoutBody(response) : response)
  const notFoundResponse = (requestId: string, headers?: Record<string, string>) =>
    keyward.errorResponse('not_found', MESSAGES.notFound(names), requestId, headers)
  const notAllowed = (view: RequestView, allow: string) =>
    keyward.errorResponse(
      'method_not_allowed',
      MESSAGES.methodNotAllowed(names, String(view.method).slice(0, 32), allow),
      view.requestId!,
      { Allow: allow },
    )

  /** What a path is, as keyward's own endpoints are spelled (exactly). */
  function kindOf(path: string): PathKind {
    if (!path.startsWith(prefix)) return 'outside'
    if (path.length === prefix.length) return 'api-other'
    if (path.charCodeAt(prefix.length) !== 47) return 'outside'
    if (path.startsWith(v1)) {
      if (path === pingPath) return 'ping'
      if (path === authTestPath) return 'auth-test'
      return 'api-v1'
    }
    return path.startsWith(dashboardPath) && path.charCodeAt(dashboardPath.length) === 47 ? 'dashboard' : 'api-other'
  }

  /** Whether a router may read `path` as under the API, or under `<prefix>/v1/` (any letter case). */
  function readingOf(path: string): 'outside' | 'api-other' | 'api-v1' {
    if (underPrefix(path, v1)) return 'api-v1'
    if (!underPrefix(path, prefix)) return 'outside'
    return path.length === prefix.length || path.charCodeAt(prefix.length) === 47 ? 'api-other' : 'outside'
  }

  /**
   * What a request is (A3). keyward's own endpoints answer at their exact paths; any other reading a
   * router may take (decoded, normalised, another letter case, the route it matched) can only make
   * a request stricter: under the API, or needing a key.
   */
  function classify(target: string, routed?: string): PathKind {
    const raw = pathOf(target)
    let kind = kindOf(raw)
    if (kind !== 'outside' && kind !== 'api-other') return kind
    kind = stricter(kind, readingOf(raw))
    const canonical = canonicalPath(raw)
    if (canonical !== raw) kind = stricter(kind, readingOf(canonical))
    if (routed !== undefined && routed !== raw) kind = stricter(kind, readingOf(routed))
    return kind
  }

  function clientIp(socketAddress: string | null | undefined, forwardedFor: string | string[] | null | undefined) {
    return resolveClientIp(socketAddress, forwardedFor, hops)
  }

  /** E2: the decision as the auth test's answer. */
  function authTestAnswer(decision: AuthDecision, method: string | undefined) {
    if (!decision.ok) return onHead(method, decision.response)
    const data = { valid: true, authenticated: true, keyType: decision.apiKey.keyType }
    return onHead(method, successResponse(data, decision.requestId, keyward.clock.now(), decision.headers))
  }

  function notFoundAnswer(decision: AuthDecision, method: string | undefined) {
    return onHead(method, decision.ok ? notFoundResponse(decision.requestId, decision.headers) : decision.response)
  }

  const NO_CONSUME: RouteRequirements = Object.freeze({ consume: false })

  function routeRequirements(route: RouteOptions | undefined, where: string): RouteRequirements | null {
    if (route === undefined) return {}
    const bad = (field: string, rule: string, value: unknown): never => {
      throw new TypeError(`${adapter}: ${where} "${field}" ${rule} (got ${describe(value)})`)
    }
    if (typeof route !== 'object' || route === null) bad('options', 'must be an object { scopes?, liveOnly?, consume?, skip? }', route)
    for (const name of Object.keys(route)) {
      if (!ROUTE_OPTION_NAMES.has(name)) bad(name, 'is not a route option; they are scopes, liveOnly, consume, skip', route[name as never])
    }
    const { scopes, liveOnly, consume, skip } = route
    if (skip !== undefined && typeof skip !== 'boolean') bad('skip', 'must be a boolean', skip)
    if (liveOnly !== undefined && typeof liveOnly !== 'boolean') bad('liveOnly', 'must be a boolean', liveOnly)
    if (consume !== undefined && typeof consume !== 'boolean') bad('consume', 'must be a boolean', consume)
    if (scopes !== undefined && (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string' && SCOPE_PATTERN.test(s)))) {
      bad('scopes', `must be an array of scope names matching ${SCOPE_PATTERN.source}`, scopes)
    }
    if (skip === true) return null
    const requirements: RouteRequirements = {}
    if (scopes !== undefined && scopes.length > 0) requirements.scopes = Object.freeze([...scopes])
    if (liveOnly === true) requirements.liveOnly = true
    if (consume === false) requirements.consume = false
    return Object.freeze(requirements)
  }

  /** E1, E2, R4: every answer under the prefix that needs no body. */
  function answerBuiltin(kind: Exclude<OwnPathKind, 'dashboard'>, view: RequestView): Awaitable<KeywardResponse> {
    const { method } = view
    if (kind === 'api-other') return onHead(method, notFoundResponse(view.requestId!))
    if (kind === 'ping') {
      if (method !== 'GET' && method !== 'HEAD') return notAllowed(view, PING_ALLOW)
      return onHead(method, successResponse({ status: 'ok' }, view.requestId!, keyward.clock.now()))
    }
    // E2: the method is decided before authentication.
    if (kind === 'auth-test' && method !== 'GET' && method !== 'HEAD' && method !== 'POST') return notAllowed(view, AUTH_TEST_ALLOW)
    const answer = kind === 'auth-test' ? authTestAnswer : notFoundAnswer
    const decision = keyward.authenticate(view, NO_CONSUME)
    return isPromise(decision) ? decision.then((d) => answer(d, method)) : answer(decision, method)
  }

  async function runDashboard(
    view: RequestView,
    read: Promise<{ body: string | null; tooLarge: boolean }>,
    headers: DashboardRequest['headers'],
  ) {
    if (dashboard === null) return onHead(view.method, notFoundResponse(view.requestId!))
    const { body, tooLarge } = await read
    // H1 for the guard too: Node keeps only the first Authorization line in `headers`.
    if (typeof view.authorization === 'object') headers = { ...headers, authorization: [...view.authorization] }
    const request: DashboardRequest = {
      method: view.method ?? 'GET',
      path: view.path!.slice(dashboardPath.length),
      query: view.query ?? '',
      headers,
      body,
      bodyTooLarge: tooLarge,
      requestId: view.requestId!,
      ip: view.ip ?? null,
    }
    const response = await dashboard.handle(request)
    // The rest of an oversized body is not read: close the connection instead of draining it.
    if (tooLarge) response.headers.Connection = 'close'
    return response
  }

  return {
    keyward,
    prefix,
    dashboard,
    classify,
    clientIp,
    requestId(incoming) {
      return keyward.requestId(typeof incoming === 'string' ? incoming : undefined)
    },
    readsIncomingRequestId,
    viewFromNode(request, url, requestId, route) {
      const view: RequestView = {
        method: request.method,
        path: pathOf(url),
        route,
        query: queryOf(url),
        ip: clientIp(request.socket?.remoteAddress, hops === 0 ? undefined : request.headers['x-forwarded-for']),
        requestId,
      }
      // Lines past the server's cap are gone: neither credential header can be trusted (fail closed).
      if (mayHaveDroppedLines(request)) view.headersTruncated = true
      else if (readCredentialLines(request.rawHeaders, view) && !proxyNoted) noteUntrustedProxy()
      return view
    },
    viewFromFetch(request, url, requestId, socketAddress, route) {
      const headers = request.headers
      const view: RequestView = {
        method: request.method,
        path: pathOf(url),
        route,
        query: queryOf(url),
        ip: clientIp(socketAddress, hops === 0 ? undefined : headers.get('x-forwarded-for')),
        requestId,
      }
      const authorization = headers.get('authorization')
      if (authorization !== null) view.authorization = splitJoinedAuthorization(authorization)
      const apiKey = headers.get('x-api-key')
      if (apiKey !== null) view.apiKey = apiKey
      if (!proxyNoted && headers.has('x-forwarded-for')) noteUntrustedProxy()
      return view
    },
    errorResponse(error, requestId, method) {
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
        message = isJsonError(error)
          ? HTTP_MESSAGES.invalidJson(names)
          : detail
            ? HTTP_MESSAGES.invalidRequestDetail(names, detail)
            : HTTP_MESSAGES.invalidRequest(names)
      } else {
        try {
          onError(error, { requestId })
        } catch {
          // A failing logger must not turn a 500 into a crash.
        }
        message = HTTP_MESSAGES.serverError(names, requestId)
      }
      return onHead(method, keyward.errorResponse(code, message, requestId))
    },
    answerNode(kind, request, view) {
      if (kind !== 'dashboard') return answerBuiltin(kind, view)
      return runDashboard(view, readNodeBody(request, dashboard?.maxBodyBytes ?? 0), request.headers)
    },
    answerFetch(kind, request, view, headers) {
      if (kind !== 'dashboard') return answerBuiltin(kind, view)
      let nodeHeaders: DashboardRequest['headers'] | undefined = headers
      if (nodeHeaders === undefined) {
        const collected: Record<string, string> = {}
        request.headers.forEach((value, name) => {
          collected[name] = value
        })
        nodeHeaders = collected
      }
      return runDashboard(view, readFetchBody(request, dashboard?.maxBodyBytes ?? 0), nodeHeaders)
    },
    routeRequirements,
    later(task) {
      if (turn.push(task) === 1) setImmediate(runTurn)
    },
    abandon(decision, view) {
      if (decision.ok && decision.apiKey.consumed) recordUsage(decision.apiKey, view, CLIENT_CLOSED_REQUEST)
    },
    recordUsage,
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }

/**
 * A `clientError` listener for a Node HTTP server (R2): requests Node's parser refuses (oversized
 * or malformed headers, a head that never completes) get the error envelope with a request id
 * instead of Node's bare status line. Status 431, 408 or 400, code `invalid_request`.
 *
 * @example
 * import { createServer } from 'node:http'
 * import { clientErrorHandler } from 'keyward/express'
 * const server = createServer(app)
 * server.on('clientError', clientErrorHandler(keyward))
 */
export function clientErrorHandler(keyward: Keyward): (error: Error & { code?: string }, socket: Duplex) => void {
  const names = keyward.names
  return function keywardClientError(error, socket) {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
    const message =
      status === 431
        ? HTTP_MESSAGES.headersTooLarge(names)
        : status === 408
          ? HTTP_MESSAGES.requestTimeout(names)
          : HTTP_MESSAGES.malformedRequest(names)
    const response = keyward.errorResponse('invalid_request', message, keyward.requestId())
    let head = `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n`
    for (const [name, value] of Object.entries(response.headers)) head += `${name}: ${value}\r\n`
    head += `Content-Length: ${Buffer.byteLength(response.body)}\r\nConnection: close\r\n\r\n`
    socket.end(head + response.body)
  }
}
