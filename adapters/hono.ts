/**
 * `keyward/hono`: keyward for Hono 4, on `@hono/node-server` and on plain fetch `Request`s. The
 * middleware guards every route under the protected paths (default deny); a route's own options
 * come from `api.protect()` or `api.public()` among its handlers, or from `api.guard()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context, ErrorHandler, Handler, MiddlewareHandler, Next, NotFoundHandler } from 'hono'
import {
  type AdapterKit,
  type AdapterOptions,
  type AnsweredKind,
  clientGone,
  createAdapterKit,
  isPromise,
  nodeHeaders,
  type RouteOptions,
  mergeRequirements,
  type Step,
  statusOfThrown,
  toResponse,
  unreadableRequestResponse,
} from '../src/http/kit.js'
import type { Keyward } from '../src/core/instance.js'
import { marker, markOf } from './hono-marker.js'
import { readFetchBody } from '../src/http/request-body.js'
import type { ApiKeyContext, RouteRequirements } from '../src/core/types.js'

export { clientErrorHandler } from '../src/http/parser-error.js'
export { completeOpenApi } from './hono-openapi.js'
export type { AdapterOptions, RouteOptions, WebPageOptions } from '../src/http/kit.js'

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * The key that authenticated this request; undefined on public routes and outside keyward's
     * paths. Handlers after `api.protect()` or inside `api.guard()` (or typed with `KeywardEnv`)
     * see it as present.
     */
    apiKey: ApiKeyContext | undefined
    /** The request id of every request on keyward's paths. */
    requestId: string
  }
}

/**
 * What keyward puts in `c.var` on a route it guarantees a key to: the key typed as present. Handlers
 * after `api.protect()` and inside `api.guard()` get it; type a handler declared apart with it.
 *
 * @example
 * import type { Context } from 'hono'
 * import type { KeywardEnv } from 'keyward/hono'
 * const reports = (c: Context<KeywardEnv>) => c.json({ data: { owner: c.var.apiKey.ownerId } })
 * app.get('/api/v1/reports', api.protect({ scopes: ['reports:read'] }), reports)
 */
export type KeywardEnv = { Variables: { apiKey: ApiKeyContext; requestId: string } }

/**
 * The middleware `keywardHono()` returns, with the per-route pieces.
 *
 * @example
 * import { keywardHono, type KeywardHono } from 'keyward/hono'
 * const api: KeywardHono = keywardHono(keyward)
 * app.use(api)
 * app.get('/api/v1/things', (c) => c.json({ data: [] }))
 * app.onError(api.onError)
 */
export interface KeywardHono extends MiddlewareHandler {
  /** What a route asks of the key (scopes, live keys only, consume); among its handlers. */
  protect(options?: RouteOptions): MiddlewareHandler<KeywardEnv>
  /** Marks a route as needing no key. */
  public(): MiddlewareHandler
  /** A route handler that needs a key, with or without the middleware mounted. */
  // biome-ignore lint/suspicious/noExplicitAny: hono's own Handler default, so the route's path params are inferred
  guard<P extends string = any>(handler: Handler<KeywardEnv, P>): Handler<KeywardEnv, P>
  // biome-ignore lint/suspicious/noExplicitAny: hono's own Handler default, so the route's path params are inferred
  guard<P extends string = any>(
    options: RouteOptions | undefined,
    handler: Handler<KeywardEnv, P>,
  ): Handler<KeywardEnv, P>
  /** For `app.notFound()`: keyward's 404 on its paths when the `notFound` option is set. */
  notFound: NotFoundHandler
  /** For `app.onError()`: errors on keyward's paths become its error envelope with the request id. */
  onError: ErrorHandler
}

/** Set once a request is admitted, so a route's own marker does not authenticate it again. */
const kAdmitted = Symbol('keyward.admitted')

function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming !== undefined && Array.isArray(incoming.rawHeaders) ? incoming : undefined
}

/** Adds the headers a handler's own `Response` lacks (prepared headers reach only `c.json()` and the like). */
function completeHeaders(c: Context, headers: Record<string, string>): void {
  for (const name in headers) {
    if (c.res.headers.has(name)) continue
    try {
      c.res.headers.set(name, headers[name]!)
    } catch {
      c.header(name, headers[name]) // immutable headers (a fetched Response): Hono copies it
    }
  }
}

/** Runs `rest` for an admitted request and completes its response (headers, usage). */
async function admitted(kit: AdapterKit, c: Context, step: Step, rest: () => unknown): Promise<Response | undefined> {
  if (step === null) return new Response(null, { status: 499 }) // nobody is left to read it
  if ('answer' in step) return toResponse(step.answer)
  const headers = step.proceed.headers
  for (const name in headers) if (name !== 'X-Request-ID') c.header(name, headers[name])
  c.set('apiKey', step.proceed.apiKey)
  c.set(kAdmitted as never, true as never)
  try {
    const result = await rest()
    if (result instanceof Response) c.res = result
  } catch (error) {
    kit.finish(step, statusOfThrown(error))
    throw error
  }
  completeHeaders(c, headers)
  kit.finish(step, c.res.status)
  return c.res
}

/** The requirements the matched route's markers name: public only when every marker says so. */
function routeMarkers(c: Context): { requirements: RouteRequirements | null; known: boolean } {
  let requirements: RouteRequirements | null | undefined
  let known = false
  for (const route of c.req.matchedRoutes) {
    if (route.method !== 'ALL') known = true
    const marked = markOf(route.handler)
    if (marked === undefined) continue
    known = true
    if (marked === null) requirements ??= null
    else requirements = requirements == null ? marked : mergeRequirements(requirements, marked)
  }
  return { requirements: requirements === undefined ? {} : requirements, known }
}

/**
 * For `@hono/node-server`'s `errorHandler` option (`getRequestListener`): a request it cannot turn
 * into a fetch `Request` (a backslash in the path, an invalid absolute URL or Host header) gets
 * keyward's 400 envelope with a request id instead of a bare 400; any other error, a 500 envelope.
 *
 * @example
 * import { getRequestListener } from '@hono/node-server'
 * import { requestErrorHandler } from 'keyward/hono'
 * createServer(getRequestListener(app.fetch, { errorHandler: requestErrorHandler(keyward) }))
 */
export function requestErrorHandler(keyward: Keyward): (error: unknown) => Response {
  return function keywardRequestError(error) {
    // @hono/node-server's own error for a request it cannot read.
    const malformed = error instanceof Error && error.name === 'RequestError'
    return toResponse(unreadableRequestResponse(keyward, error, malformed))
  }
}

/**
 * Creates the Hono middleware. `app.use()` it first; mount `api.onError` (and `api.notFound`
 * with the `notFound` option).
 *
 * @example
 * import { Hono } from 'hono'
 * import { createKeyward } from 'keyward'
 * import { keywardHono } from 'keyward/hono'
 *
 * const keyward = createKeyward()
 * const api = keywardHono(keyward)
 * const app = new Hono()
 * app.use(api)
 * app.get('/api/v1/reports', api.protect({ scopes: ['reports:read'] }), (c) => c.json({ data: [] }))
 * app.onError(api.onError)
 */
export function keywardHono(keyward: Keyward, options?: AdapterOptions): KeywardHono {
  const kit = createAdapterKit(keyward, options, 'keyward/hono')
  const middleware = async function keywardMiddleware(c: Context, next: Next) {
    let kind = kit.classify(incomingOf(c)?.url ?? c.req.url, c.req.path)
    // Mounted on a path (`app.use('/v2/*', api)`), keyward guards all it is given (A1).
    if (kind === 'outside' && c.req.routePath !== '/*' && c.req.routePath !== '*') kind = 'protected'
    if (kind === 'outside') return next()
    requestIdOf(kit, c)
    if (kind !== 'protected') return answer(kit, c, kind)
    const { requirements, known } = routeMarkers(c)
    if (!known && kit.answersNotFound) return answer(kit, c, 'protected-not-found')
    if (requirements === null) return next()
    return admitted(kit, c, await decide(kit, c, requirements), next)
  }
  return Object.assign(middleware, {
    protect: (routeOptions?: RouteOptions) => protect(kit, routeOptions),
    public: () => marker(null, (_c: Context, next: Next) => next()),
    guard: (first: RouteOptions | undefined | Handler, second?: Handler) => guard(kit, first, second),
    notFound: notFoundHandler(kit),
    onError: errorHandler(kit),
  }) as KeywardHono
}

const incomingRequestId = (c: Context) => c.req.header('x-request-id')

/** The request id, made once per request and sent as X-Request-ID. */
function requestIdOf(kit: AdapterKit, c: Context): string {
  let id = c.get('requestId')
  if (id === undefined) {
    id = kit.requestId(c, incomingRequestId)
    c.set('requestId', id)
    c.header('X-Request-ID', id)
  }
  return id
}

async function answer(kit: AdapterKit, c: Context, kind: AnsweredKind): Promise<Response> {
  const view = kit.viewFromFetch(c.req.raw, incomingOf(c), requestIdOf(kit, c))
  const result = kit.answer(
    kind,
    view,
    (max) => readFetchBody(c.req.raw, max),
    incomingOf(c)?.headers ?? nodeHeaders(c.req.raw.headers),
  )
  const response = toResponse(isPromise(result) ? await result : result)
  response.headers.set('X-Request-ID', view.requestId!)
  return response
}

/** The step for a protected request, once decided (at once when refused, else with its turn). */
function decide(kit: AdapterKit, c: Context, requirements: RouteRequirements, route?: string): Promise<Step> {
  const view = kit.viewFromFetch(c.req.raw, incomingOf(c), requestIdOf(kit, c), route)
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
  return new Promise((resolve) =>
    kit.decide(view, requirements, () => outgoing !== undefined && clientGone(outgoing), resolve),
  )
}

function protect(kit: AdapterKit, routeOptions?: RouteOptions): MiddlewareHandler<KeywardEnv> {
  const requirements = kit.routeRequirements(routeOptions, 'protect() option')
  return marker(requirements, function keywardProtect(c: Context, next: Next) {
    return gated(kit, c, requirements, next)
  } as MiddlewareHandler<KeywardEnv>)
}

function guard(kit: AdapterKit, first: RouteOptions | undefined | Handler, second?: Handler): Handler {
  const handler = typeof first === 'function' ? first : second
  if (typeof handler !== 'function')
    throw new TypeError('keyward/hono: guard() takes a route handler: guard(handler) or guard(options, handler)')
  const requirements = kit.routeRequirements(typeof first === 'function' ? undefined : first, 'guard() option')
  return marker(requirements, function keywardGuard(c: Context, next: Next) {
    return gated(kit, c, requirements, () => handler(c, next))
  } as Handler)
}

/** Runs `run` once the route's gate lets the request through, authenticating it if need be. */
async function gated(kit: AdapterKit, c: Context, requirements: RouteRequirements | null, run: () => unknown) {
  requestIdOf(kit, c)
  const gate = kit.gate(requirements, c.get(kAdmitted as never) ? c.get('apiKey') : undefined)
  if (gate === 'next') return run()
  if (gate !== 'authenticate') return toResponse(gate)
  return admitted(kit, c, await decide(kit, c, requirements!, c.req.routePath), run)
}

function notFoundHandler(kit: AdapterKit): NotFoundHandler {
  return function keywardNotFound(c) {
    const kind = kit.classify(incomingOf(c)?.url ?? c.req.url, c.req.path)
    if (kind === 'outside' || (kind === 'protected' && !kit.answersNotFound)) return c.text('404 Not Found', 404)
    return answer(kit, c, kind === 'protected' ? 'protected-not-found' : kind)
  }
}

function errorHandler(kit: AdapterKit): ErrorHandler {
  return function keywardOnError(error, c) {
    if (c.get('requestId') === undefined && kit.classify(incomingOf(c)?.url ?? c.req.url, c.req.path) === 'outside') {
      // Hono's own default for paths keyward does not own.
      if ('getResponse' in error && typeof error.getResponse === 'function') return error.getResponse() as Response
      console.error(error)
      return c.text('Internal Server Error', 500)
    }
    return toResponse(kit.errorResponse(error, requestIdOf(kit, c), c.req.method))
  }
}
