/**
 * `complete()`: a host's OpenAPI document with keyward's part added. Operations under the
 * protected paths (and any route given options) get their security, keyward's refusals and its
 * headers; keyward's own endpoints are added; `components` gets keyward's entries. The document
 * given is not changed.
 */
import { buildComponents } from './components.js'
import { DASHBOARD_SCHEME, dashboardPaths, dashboardResponses } from './dashboard.js'
import { authTestPathItem, pingPathItem } from './endpoints.js'
import { completeOperation } from './operation.js'
import { secretScanningPathItem } from './secret-scanning.js'
import type { OpenApiDocument, OpenApiObject, OpenApiOperation, OpenApiRoute, OpenApiSettings } from './types.js'

/**
 * Where keyward guards and answers, as the adapter was told (the same defaults), and what each
 * route asks of the key.
 *
 * @example
 * const options: CompleteOpenApiOptions = { routes: { 'GET /api/v1/reports': { scopes: ['reports:read'] } } }
 */
export interface CompleteOpenApiOptions {
  /** Path prefixes whose operations need a key unless their route is public. Default `['/api/v1/']`. */
  paths?: readonly string[] | undefined
  /** What a route asks of the key, by `'METHOD /path'` (`{id}` or `:id` for parameters); `{ public: true }` for none. */
  routes?: Readonly<Record<string, OpenApiRoute>> | undefined
  /** Where the liveness endpoint answers, or false to leave it out. Default `/api/v1/ping`. */
  ping?: string | false | undefined
  /** Where the auth test answers, or false to leave it out. Default `/api/v1/auth/test`. */
  authTest?: string | false | undefined
  /**
   * Where the key-management routes answer, to describe them too (for an operator's document), or
   * false. Default false: they are not part of the API your customers call.
   */
  dashboard?: string | false | undefined
  /**
   * Where GitHub's secret scanning endpoint answers, when the adapter serves it (its
   * `secretScanning.path`, `/secret-scanning/github` by default), or false. Default false.
   */
  secretScanning?: string | false | undefined
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const ROUTE_KEY = /^([A-Z]+) (\/\S*)$/
const WHERE = 'keyward.openapi().complete()'

/** A route key with Express/Fastify/Hono `:param` segments written as OpenAPI `{param}`. */
function templated(path: string): string {
  return path.replace(/\/:([A-Za-z0-9_]+)/g, '/{$1}')
}

function routesByOperation(options: CompleteOpenApiOptions): Map<string, OpenApiRoute> {
  const byOperation = new Map<string, OpenApiRoute>()
  for (const [key, route] of Object.entries(options.routes ?? {})) {
    const match = ROUTE_KEY.exec(key)
    if (match === null || !METHODS.includes(match[1]!.toLowerCase()))
      throw new TypeError(`${WHERE}: option "routes" key "${key}" must be "METHOD /path", e.g. "GET /api/v1/reports"`)
    byOperation.set(`${match[1]!.toLowerCase()} ${templated(match[2]!)}`, route)
  }
  return byOperation
}

function mergeComponents(document: OpenApiDocument, settings: OpenApiSettings, dashboard: boolean): void {
  document.components ??= {}
  const components = document.components as Record<string, Record<string, OpenApiObject> | undefined>
  const added = buildComponents(settings)
  if (dashboard) {
    added.responses = { ...added.responses, ...dashboardResponses() }
    const description = 'The credentials the key-management guard checks, as "Authorization: Bearer <token>".'
    added.securitySchemes[DASHBOARD_SCHEME] = { type: 'http', scheme: 'bearer', description }
  }
  for (const [section, entries] of Object.entries(added)) {
    components[section] ??= {}
    const existing = components[section]
    for (const [name, entry] of Object.entries(entries)) {
      // Completing twice is harmless; a different entry of the same name is the host's, so keyward's cannot take it.
      if (name in existing && JSON.stringify(existing[name]) !== JSON.stringify(entry))
        throw new TypeError(`${WHERE}: components.${section}.${name} already exists in the document with other content`)
      existing[name] = entry
    }
  }
}

function addOwnEndpoints(
  document: OpenApiDocument,
  options: CompleteOpenApiOptions,
  routes: Map<string, OpenApiRoute>,
) {
  document.paths ??= {}
  const paths = document.paths
  const ping = options.ping ?? '/api/v1/ping'
  const authTest = options.authTest ?? '/api/v1/auth/test'
  if (ping !== false) {
    paths[ping] = { ...pingPathItem(), ...paths[ping] }
    routes.set(`get ${ping}`, { public: true })
  }
  if (authTest !== false) {
    paths[authTest] = { ...authTestPathItem(), ...paths[authTest] }
    for (const method of ['get', 'post']) routes.set(`${method} ${authTest}`, { consume: false })
  }
  const scanning = options.secretScanning ?? false
  if (scanning !== false) {
    paths[scanning] = { ...secretScanningPathItem(), ...paths[scanning] }
    // Signed by GitHub, not by a key: no bearer security even under a protected prefix.
    routes.set(`post ${scanning}`, { public: true })
  }
}

/**
 * The routes of `routes` the document has an operation for: a framework lists every route it
 * knows, the document may leave some out (hidden, or not described yet).
 */
export function describedRoutes(
  document: OpenApiDocument,
  routes: Readonly<Record<string, OpenApiRoute>>,
): Record<string, OpenApiRoute> {
  const described: Record<string, OpenApiRoute> = {}
  for (const [key, route] of Object.entries(routes)) {
    const match = ROUTE_KEY.exec(key)
    if (match === null) continue
    if (document.paths?.[templated(match[2]!)]?.[match[1]!.toLowerCase()] !== undefined) described[key] = route
  }
  return described
}

/**
 * The document with keyward's part: see the file comment.
 *
 * @example
 * const document = keyward.openapi().complete(hostDocument, { routes: { 'GET /api/v1/ip': { scopes: ['ip'] } } })
 */
export function completeOpenApi(
  settings: OpenApiSettings,
  given: OpenApiDocument,
  options: CompleteOpenApiOptions = {},
): OpenApiDocument {
  const document = structuredClone(given)
  const routes = routesByOperation(options)
  const prefixes = options.paths ?? ['/api/v1/']
  addOwnEndpoints(document, options, routes)
  mergeComponents(document, settings, options.dashboard !== undefined && options.dashboard !== false)
  const seen = new Set<string>()
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined
      if (operation === undefined) continue
      const key = `${method} ${path}`
      seen.add(key)
      const route = routes.get(key)
      if (route !== undefined || prefixes.some((prefix) => path.startsWith(prefix)))
        completeOperation(settings, operation, route ?? {})
    }
  }
  for (const [key, route] of Object.entries(options.routes ?? {}))
    if (!seen.has(`${key.split(' ')[0]!.toLowerCase()} ${templated(key.split(' ')[1]!)}`) && route !== undefined)
      throw new TypeError(`${WHERE}: option "routes" names "${key}", which the document has no operation for`)
  // Added last: the guard's own scheme, not the key's, answers for them.
  if (options.dashboard)
    for (const [path, item] of Object.entries(dashboardPaths(options.dashboard))) document.paths![path] ??= item
  return document
}
