/**
 * The options every adapter takes, and each route's options, checked at setup: a bad option throws
 * a TypeError naming it.
 */
import { SCOPE_PATTERN } from '../core/permissions.js'
import { UNITS_RULE } from '../core/metering.js'
import { isRouteCost } from '../core/route-cost.js'
import { PermissionQueryError, parsePermissionQuery } from '../core/permission-query.js'
import type { Keyward } from '../core/instance.js'
import type { RouteRequirements } from '../core/types.js'
import { createSecretScanning, type SecretScanning, type SecretScanningOptions } from '../core/secret-scanning/index.js'
import { createDashboard, type Dashboard, type DashboardOptions } from '../dashboard/index.js'
import { createWebPage, type WebPage, type WebPageOptions } from '../web-page/index.js'

export type { WebPageOptions }

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
  /**
   * GitHub secret scanning: the endpoint GitHub posts leaked keys to, which revokes them (or only
   * tells `onLeaked`). `true` for the defaults at `/secret-scanning/github`. Default: none.
   */
  secretScanning?: SecretScanningOptions | true | undefined
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
 * app.get('/api/v1/search', { config: { keyward: { cost: (request) => (request.query.has('deep') ? 5 : 1) } } }, handler)
 */
export interface RouteOptions extends RouteRequirements {
  /** The route needs no key at all. Default false. */
  public?: boolean | undefined
}

const OPTION_NAMES = [
  'paths',
  'ping',
  'authTest',
  'dashboard',
  'dashboardPath',
  'webPage',
  'notFound',
  'trustProxy',
  'secretScanning',
  'onError',
]
const WEB_PAGE_OPTION_NAMES = ['path', 'signIn']
const ROUTE_OPTION_NAMES = new Set(['scopes', 'permissions', 'liveOnly', 'consume', 'cost', 'public'])
/** A path keyward answers at, or a prefix: segments of unreserved characters. */
const PATH_PATTERN = /^(?:\/[A-Za-z0-9._~-]+)+$/

/** A value as an option error shows it. */
export function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

function logToConsole(error: unknown, info: { requestId: string }): void {
  console.error(`keyward: internal error (request id ${info.requestId})`, error)
}

/** The adapter options, checked: one TypeError shape for every mistake. */
export interface ResolvedOptions {
  paths: readonly string[]
  ping: string | null
  authTest: string | null
  dashboard: Dashboard | null
  dashboardPath: string
  webPage: WebPage | null
  notFound: string | null
  hops: number
  secretScanning: SecretScanning | null
  onError: (error: unknown, info: { requestId: string }) => void
}

/** The adapter options, checked, with their defaults. */
export function resolveOptions(
  keyward: Keyward,
  options: AdapterOptions | undefined,
  adapter: string,
): ResolvedOptions {
  const fail = (option: string, rule: string, value: unknown): never => {
    throw new TypeError(`${adapter}: option "${option}" ${rule} (got ${describe(value)})`)
  }
  const given = options ?? {}
  if (typeof given !== 'object' || given === null) fail('options', 'must be an object', given)
  for (const name of Object.keys(given)) {
    if (!OPTION_NAMES.includes(name))
      fail(name, `is not an option; the options are ${OPTION_NAMES.join(', ')}`, given[name as never])
  }
  const path = (option: string, value: unknown, fallback: string | false): string | null => {
    if (value === undefined) return fallback === false ? null : fallback
    if (value === false) return null
    if (typeof value !== 'string' || !PATH_PATTERN.test(value))
      fail(option, 'must be a path like "/api/v1/ping" (segments of letters, digits and ._~-), or false', value)
    return value as string
  }
  const paths = given.paths ?? ['/api/v1/']
  const isPrefix = (p: unknown) =>
    p === '/' || (typeof p === 'string' && PATH_PATTERN.test(p.endsWith('/') ? p.slice(0, -1) : p))
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every(isPrefix))
    fail('paths', 'must be a non-empty array of path prefixes like "/api/v1/"', paths)
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
    secretScanning: resolveSecretScanning(keyward, given.secretScanning, onError),
    onError,
  }
}

/** W3: the secret scanning endpoint, or null when the host did not ask for it. */
function resolveSecretScanning(
  keyward: Keyward,
  given: AdapterOptions['secretScanning'],
  onError: ResolvedOptions['onError'],
): SecretScanning | null {
  if (given === undefined || (given as unknown) === false) return null
  return createSecretScanning(keyward, given, (path) => PATH_PATTERN.test(path), onError)
}

type Fail = (option: string, rule: string, value: unknown) => never

/** U1: the `webPage` option, checked; null when the page is off. */
function resolveWebPage(
  keyward: Keyward,
  given: unknown,
  app: { dashboard: boolean; dashboardPath: string; authTest: string | null },
  fail: Fail,
): WebPage | null {
  if (given === undefined || given === false) return null
  const options = (given === true ? {} : given) as Record<string, unknown>
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    fail('webPage', 'must be true, false or { path?, signIn? }', given)
  for (const name of Object.keys(options)) {
    if (!WEB_PAGE_OPTION_NAMES.includes(name))
      fail(
        `webPage.${name}`,
        `is not an option of the web page; they are ${WEB_PAGE_OPTION_NAMES.join(', ')}`,
        options[name],
      )
  }
  const { path = '/dashboard/', signIn = 'token' } = options as WebPageOptions
  if (typeof path !== 'string' || !PATH_PATTERN.test(path.endsWith('/') ? path.slice(0, -1) : path)) {
    fail('webPage.path', 'must be a path like "/dashboard/" (segments of letters, digits and ._~-)', path)
  }
  if (signIn !== 'token' && signIn !== 'session') fail('webPage.signIn', 'must be "token" or "session"', signIn)
  if (!app.dashboard)
    fail('webPage', 'needs option "dashboard": the page manages keys through the dashboard routes', given)
  const pagePath = path.endsWith('/') ? path : `${path}/`
  if (pagePath.startsWith(`${app.dashboardPath}/`))
    fail('webPage.path', `must lie outside the dashboard routes (${app.dashboardPath}/)`, path)
  const { serviceName, keyPrefix } = keyward
  return createWebPage({
    path: pagePath,
    signIn,
    dashboardPath: app.dashboardPath,
    authTestPath: app.authTest,
    serviceName,
    keyPrefix,
    roles: keyward.roleNames,
  })
}

/** A route's options, checked (a TypeError names the field); null for a public route. */
export function checkRouteOptions(
  adapter: string,
  route: RouteOptions | undefined,
  where: string,
): RouteRequirements | null {
  if (route === undefined) return {}
  const bad = (field: string, rule: string, value: unknown): never => {
    throw new TypeError(`${adapter}: ${where} "${field}" ${rule} (got ${describe(value)})`)
  }
  if (typeof route !== 'object' || route === null)
    bad('options', 'must be an object { scopes?, permissions?, liveOnly?, consume?, cost?, public? }', route)
  for (const name of Object.keys(route)) {
    if (!ROUTE_OPTION_NAMES.has(name))
      bad(name, `is not a route option; they are ${[...ROUTE_OPTION_NAMES].join(', ')}`, route[name as never])
  }
  const { scopes, liveOnly, consume } = route
  for (const [field, value] of [
    ['public', route.public],
    ['liveOnly', liveOnly],
    ['consume', consume],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean') bad(field, 'must be a boolean', value)
  }
  if (
    scopes !== undefined &&
    (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string' && SCOPE_PATTERN.test(s)))
  ) {
    bad('scopes', `must be an array of scope names matching ${SCOPE_PATTERN.source}`, scopes)
  }
  const permissions = route.permissions === undefined ? undefined : checkedQuery(route.permissions, bad)
  const cost = route.cost
  if (cost !== undefined && !isRouteCost(cost))
    bad('cost', `must be ${UNITS_RULE}, or a function of the request returning one`, cost)
  if (route.public === true) return null
  const requirements: RouteRequirements = {}
  if (scopes !== undefined && scopes.length > 0) requirements.scopes = Object.freeze([...scopes])
  if (permissions !== undefined) requirements.permissions = permissions
  if (liveOnly === true) requirements.liveOnly = true
  if (consume === false) requirements.consume = false
  if (cost !== undefined && cost !== 1) requirements.cost = cost
  return Object.freeze(requirements)
}

/** M7: the query, parsed when the route is declared so a mistake is a TypeError at start. */
function checkedQuery(value: unknown, bad: (field: string, rule: string, value: unknown) => never): string {
  try {
    return parsePermissionQuery(value).source
  } catch (error) {
    if (error instanceof PermissionQueryError)
      return bad('permissions', `is not a permission query: ${error.message}`, value)
    throw error
  }
}

/**
 * Both routes' requirements at once: every scope and query, live keys only if either asks,
 * consuming if either does, and the cost of the later marker that names one (the route's own).
 */
export function mergeRequirements(a: RouteRequirements, b: RouteRequirements): RouteRequirements {
  const cost = b.cost ?? a.cost
  const scopes = [...new Set([...(a.scopes ?? []), ...(b.scopes ?? [])])]
  const queries = [a.permissions, b.permissions].filter((query) => query !== undefined)
  const permissions = queries.length === 2 ? `(${queries[0]}) AND (${queries[1]})` : queries[0]
  return {
    ...(scopes.length > 0 ? { scopes } : {}),
    ...(permissions !== undefined ? { permissions } : {}),
    ...(a.liveOnly || b.liveOnly ? { liveOnly: true } : {}),
    ...(a.consume === false && b.consume === false ? { consume: false } : {}),
    ...(cost !== undefined ? { cost } : {}),
  }
}
