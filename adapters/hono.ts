/**
 * `keyward/hono`: keyward for Hono 4, on `@hono/node-server` and on plain fetch `Request`s. The
 * middleware guards every route under the protected paths (default deny); a route's own options
 * come from `api.protect()` or `api.public()` among its handlers, or from `api.guard()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context, ErrorHandler, Handler, MiddlewareHandler, Next, NotFoundHandler } from 'hono'
import type { Keyward } from '../src/core/instance.js'
import { kRequirements, type Marked, marker } from './hono-marker.js'
import type { ApiKeyContext, RouteRequirements } from '../src/core/types.js'
import type { AdapterKit, AdapterOptions, AnsweredKind, RouteOptions, Step } from '../src/http/kit.js'
import { createAdapterKit, fillHeaders, statusOfThrown, toResponse, withMarker } from '../src/http/kit.js'
import { unreadableRequestHandler } from '../src/http/kit.js'

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

/** A route handler that sees the key as present. */
type Guarded<P extends string> = Handler<KeywardEnv, P>

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
  /** What a route asks of the key (scopes, live keys only, consume, cost); among its handlers. */
  protect(options?: RouteOptions): MiddlewareHandler<KeywardEnv>
  /** Marks a route as needing no key. */
  public(): MiddlewareHandler
  /** A route handler that needs a key, with or without the middleware mounted. */
  // biome-ignore lint/suspicious/noExplicitAny: hono's own Handler default, so the route's path params are inferred
  guard<P extends string = any>(handler: Guarded<P>): Guarded<P>
  // biome-ignore lint/suspicious/noExplicitAny: hono's own Handler default, so the route's path params are inferred
  guard<P extends string = any>(options: RouteOptions | undefined, handler: Guarded<P>): Guarded<P>
  /** For `app.notFound()`: keyward's 404 on its paths when the `notFound` option is set. */
  notFound: NotFoundHandler
  /** For `app.onError()`: errors on keyward's paths become its error envelope with the request id. */
  onError: ErrorHandler
}

/** Set once a request is admitted, so a route's own marker does not authenticate it again. */
const kAdmitted = Symbol('keyward.admitted')

/** The Node request beneath (`@hono/node-server`), whose raw header lines a fetch request lacks. */
function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming !== undefined && Array.isArray(incoming.rawHeaders) ? incoming : undefined
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
  // @hono/node-server's own error for a request it cannot read.
  return unreadableRequestHandler(keyward, (error) => error instanceof Error && error.name === 'RequestError')
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
    // The matched route's markers: public only when every marker says so; none known, no route takes it.
    let requirements: RouteRequirements | null | undefined
    let known = false
    for (const route of c.req.matchedRoutes) {
      const marked = (route.handler as Marked)[kRequirements] // read inline: once per matched route
      known ||= route.method !== 'ALL' || marked !== undefined
      if (marked !== undefined) requirements = withMarker(requirements, marked)
    }
    // Mounted on a path (`app.use('/v2/*', api)`), keyward guards all it is given (A1).
    const guarded = c.req.routePath !== '/*' && c.req.routePath !== '*'
    const kind = kit.classify(incomingOf(c)?.url ?? c.req.url, c.req.path, guarded, known)
    if (kind === 'outside') return next()
    requestIdOf(kit, c)
    if (kind !== 'protected') return answer(kit, c, kind)
    return requirements === null ? next() : admit(kit, c, requirements ?? {}, next)
  }
  /** A marker that runs `run` once the route's gate lets the request through, authenticating it if need be (L6). */
  const gatedBy = (requirements: RouteRequirements | null, run: Handler) =>
    marker(requirements, async function keywardProtect(c: Context, next: Next) {
      requestIdOf(kit, c)
      const gate = kit.gate(requirements, c.get(kAdmitted as never) ? c.get('apiKey') : undefined, c.req.raw)
      if (gate === 'next') return run(c, next)
      if (gate !== 'authenticate') return toResponse(gate)
      return admit(kit, c, requirements!, () => run(c, next), c.req.routePath)
    })
  return Object.assign(middleware, {
    protect: (routeOptions?: RouteOptions) =>
      gatedBy(kit.routeRequirements(routeOptions, 'protect() option'), (_c, next) => next()),
    public: () => marker(null, (_c: Context, next: Next) => next()),
    guard(first: RouteOptions | undefined | Handler, second?: Handler) {
      const handler = typeof first === 'function' ? first : second
      if (typeof handler !== 'function')
        throw new TypeError('keyward/hono: guard() takes a route handler: guard(handler) or guard(options, handler)')
      return gatedBy(kit.routeRequirements(typeof first === 'function' ? undefined : first, 'guard() option'), handler)
    },
    notFound: function keywardNotFound(c) {
      const kind = kit.classify(incomingOf(c)?.url ?? c.req.url, c.req.path, false, false)
      if (kind === 'outside' || kind === 'protected') return c.text('404 Not Found', 404)
      return answer(kit, c, kind)
    } as NotFoundHandler,
    onError: function keywardOnError(error, c) {
      if (c.get('requestId') === undefined && kit.classify(incomingOf(c)?.url ?? c.req.url, c.req.path) === 'outside') {
        // Hono's own default for paths keyward does not own.
        if ('getResponse' in error && typeof error.getResponse === 'function') return error.getResponse() as Response
        console.error(error)
        return c.text('Internal Server Error', 500)
      }
      return toResponse(kit.errorResponse(error, requestIdOf(kit, c), c.req.method))
    } as ErrorHandler,
  }) as KeywardHono
}

/** The request id, made once per request and sent as X-Request-ID. */
function requestIdOf(kit: AdapterKit, c: Context): string {
  const made = c.get('requestId')
  if (made !== undefined) return made
  const id = kit.requestId(incomingOf(c) ?? c.req.raw)
  c.set('requestId', id)
  c.header('X-Request-ID', id)
  return id
}

function answer(kit: AdapterKit, c: Context, kind: AnsweredKind): Promise<Response> {
  return kit.answerFetch(kind, c.req.raw, incomingOf(c), requestIdOf(kit, c))
}

/** Authenticates the request with `need`, then runs `rest` and completes its response (headers, usage). */
async function admit(kit: AdapterKit, c: Context, need: RouteRequirements, rest: () => unknown, route?: string) {
  const incoming = incomingOf(c)
  const view = kit.viewFromFetch(c.req.raw, incoming, requestIdOf(kit, c), route)
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
  const source = incoming ?? c.req.raw
  const step = await new Promise<Step>((resolve) => kit.decide(view, need, outgoing, false, resolve, source))
  if (step === null) return new Response(null, { status: 499 }) // nobody is left to read it
  if ('answer' in step) return toResponse(step.answer)
  const headers = step.proceed.headers
  for (const name in headers) c.header(name, headers[name])
  c.set('apiKey', step.proceed.apiKey)
  c.set(kAdmitted as never, true as never)
  try {
    const result = await rest()
    if (result instanceof Response) c.res = result
  } catch (error) {
    kit.finish(step, statusOfThrown(error))
    throw error
  }
  // Headers set before a handler reach only `c.json()` and the like: its own `Response` gets them here;
  // immutable headers (a fetched Response) through `c.header()`, which copies it.
  for (const name of fillHeaders(c.res, headers)) c.header(name, headers[name])
  kit.finish(step, c.res.status)
  return c.res
}
