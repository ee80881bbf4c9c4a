/**
 * `keyward/hono`: keyward for Hono 4, on `@hono/node-server` and on plain fetch `Request`s. On
 * node-server the raw header lines of `c.env.incoming` are read (H1); elsewhere only a joined
 * `Headers` value exists, and a joined Authorization value counts as a duplicate.
 */
import type { IncomingMessage } from 'node:http'
import type { Context, ErrorHandler, Handler, MiddlewareHandler, Next, NotFoundHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { type AdapterOptions, createAdapterCore, isPromise, type OwnPathKind, type RouteOptions } from '../src/http.js'
import type { ApiKeyContext, AuthDecision, AuthSuccess, Keyward } from '../src/keyward.js'
import { HTTP_MESSAGES } from '../src/messages.js'
import type { Awaitable, KeywardResponse, RequestView } from '../src/types.js'

export { clientErrorHandler, type AdapterOptions, type RouteOptions } from '../src/http.js'

declare module 'hono' {
  interface ContextVariableMap {
    /** The key that authenticated this request; set by `protect()`. */
    apiKey: ApiKeyContext
    /** The request id (R2) of every request under the prefix. */
    requestId: string
  }
}

/**
 * The middleware `keywardHono()` returns, with the pieces to mount around the routes.
 *
 * @example
 * import { keywardHono, type KeywardHono } from 'keyward/hono'
 * const api: KeywardHono = keywardHono(keyward)
 * app.use(api)
 * app.get('/api/v1/things', api.protect(), (c) => c.json({ data: [] }))
 * app.notFound(api.notFound)
 * app.onError(api.onError)
 */
export interface KeywardHono extends MiddlewareHandler {
  /** Route middleware: authenticates with the route's requirements (L5, L6) and sets `c.var.apiKey`. */
  protect(options?: RouteOptions): MiddlewareHandler<KeywardEnv>
  /**
   * The route's handler, authenticated: one Hono handler that authenticates with the route's
   * requirements (L5, L6), sets `c.var.apiKey` and `c.var.requestId`, runs `handler` and records the
   * usage (L4a). A route of one handler keeps Hono's fast path: on memory stores with a handler that
   * returns a `Response`, nothing waits on a promise. It needs no `app.use(api)`: mount `notFound` and
   * `onError`, and every route under `<prefix>/v1/` must then be a `guard()` (or use `protect()`).
   */
  guard<P extends string = any>(handler: Handler<KeywardEnv, P>): Handler<KeywardEnv, P>
  guard<P extends string = any>(options: RouteOptions | undefined, handler: Handler<KeywardEnv, P>): Handler<KeywardEnv, P>
  /** For `app.notFound()`: unknown paths under `<prefix>/v1/` get the authenticated 404 (R4). */
  notFound: NotFoundHandler
  /** For `app.onError()`: errors under the prefix become the error envelope with the request id. */
  onError: ErrorHandler
}

/** What `protect()` and `guard()` put in `c.var`. */
export type KeywardEnv = { Variables: { apiKey: ApiKeyContext; requestId: string } }

/** The global middleware's `Pending` of a request, in `c.var` (a symbol: no application name clashes). */
const kPending = Symbol('keyward.pending')

/**
 * For `@hono/node-server`'s `errorHandler` option (R2): a request it cannot turn into a fetch
 * `Request` (a backslash in the path, an invalid absolute URL or Host header) gets keyward's 400
 * envelope with a request id instead of a bare 400; any other error it reports, a 500 envelope.
 *
 * @example
 * import { serve } from '@hono/node-server'
 * import { requestErrorHandler } from 'keyward/hono'
 * serve({ fetch: app.fetch, errorHandler: requestErrorHandler(keyward) })
 */
export function requestErrorHandler(keyward: Keyward): (error: unknown) => Response {
  return function keywardRequestError(error) {
    const requestId = keyward.requestId()
    if (error instanceof Error && error.name === 'RequestError') {
      return toResponse(keyward.errorResponse('invalid_request', HTTP_MESSAGES.malformedRequest(keyward.names), requestId))
    }
    console.error(`keyward: internal error (request id ${requestId})`, error)
    return toResponse(keyward.errorResponse('INTERNAL_ERROR', HTTP_MESSAGES.serverError(keyward.names, requestId), requestId))
  }
}

function toResponse(response: KeywardResponse): Response {
  return new Response(response.body === '' ? null : response.body, { status: response.status, headers: response.headers })
}

function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming !== undefined && Array.isArray(incoming.rawHeaders) ? incoming : undefined
}

/**
 * True when `present` holds keyward's `headers` (X-Request-ID first) as set. A response built by
 * the context (c.json(), c.text(), …) holds every header set with c.header() before it: its first
 * and last show it, so the others (each a Headers lookup, about 0.25 µs) are not looked up.
 */
function holdsAll(present: Headers, headers: Record<string, string>): boolean {
  let first: string | undefined
  let last = ''
  for (const name in headers) {
    first ??= name
    last = name
  }
  return first === undefined || (present.get(first) === headers[first] && present.get(last) === headers[last])
}

/** Adds the headers a handler's own `Response` lacks (prepared headers reach only `c.json()` & co.). */
function ensureHeaders(c: Context, headers: Record<string, string>): void {
  const present = c.res.headers
  if (holdsAll(present, headers)) return
  let complete = true
  for (const name in headers) if (!present.has(name)) complete = false
  if (complete) return
  try {
    for (const name in headers) if (!present.has(name)) present.set(name, headers[name]!)
  } catch {
    // Immutable headers (a fetched Response): c.header() copies the response first.
    for (const name in headers) if (!present.has(name)) c.header(name, headers[name])
  }
}

/**
 * Creates the Hono middleware. `app.use()` it first; it answers ping (E1), the auth test (E2), the
 * dashboard (E5) and R4's 404s, and puts `X-Request-ID` on every response under the prefix (R2).
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
 * app.get('/api/v1/ip/lookup', api.protect({ scopes: ['ip'] }), (c) => c.json({ data: { keyType: c.var.apiKey.keyType } }))
 * app.notFound(api.notFound)
 * app.onError(api.onError)
 */
export function keywardHono(keyward: Keyward, options?: AdapterOptions): KeywardHono {
  const core = createAdapterCore(keyward, options, 'keyward/hono')

  /** A new request id (R2); the incoming header is read only when the instance may take it. */
  function newRequestId(c: Context): string {
    return core.requestId(core.readsIncomingRequestId ? c.req.header('x-request-id') : undefined)
  }

  /** The request's view; `route` is the path of the route whose handler is running (A5). */
  function viewOf(c: Context, requestId: string, route?: string) {
    const incoming = incomingOf(c)
    return incoming
      ? core.viewFromNode(incoming, incoming.url ?? c.req.url, requestId, route)
      : core.viewFromFetch(c.req.raw, c.req.url, requestId, undefined, route)
  }

  /**
   * What `task` returns, once it has run with the other requests admitted synchronously in this
   * turn (core.later); a throw rejects. Hono awaits the promise, middleware and handler alike.
   */
  function inTurn<T>(task: () => T): Promise<Awaited<T>> {
    return new Promise((resolve, reject) => {
      core.later(() => {
        try {
          resolve(task() as Awaited<T>)
        } catch (error) {
          reject(error)
        }
      })
    })
  }

  /**
   * The request's id (R2) for protect() and guard(): the global middleware's when it is mounted.
   * Without it, one is set in `c.var` (the handler and `onError` answer with it, and the usage entry
   * records it) and, on a route that skips authentication, sent as `X-Request-ID`; an admitted or
   * refused request sends it with keyward's other headers.
   */
  function requestIdOf(c: Context, shared: Pending | undefined, skipped: boolean): string {
    const requestId = shared?.requestId ?? c.get('requestId') ?? newRequestId(c)
    if (shared === undefined) {
      c.set('requestId', requestId)
      if (skipped) c.header('X-Request-ID', requestId)
    }
    return requestId
  }

  /** Everything under the prefix that is not an application route. */
  async function answer(c: Context, kind: OwnPathKind): Promise<Response> {
    const requestId = c.get('requestId') ?? newRequestId(c)
    const view = viewOf(c, requestId)
    const result = core.answerFetch(kind, c.req.raw, view, incomingOf(c)?.headers)
    return toResponse(isPromise(result) ? await result : result)
  }

  /**
   * What the global middleware shares with `protect()` on one request under `<prefix>/v1/`: when
   * `protect()` admits a request, the global middleware (which awaits the rest of the chain anyway)
   * completes the response's headers and records the usage, so `protect()` itself need not wait.
   */
  interface Pending {
    requestId: string
    decision: AuthSuccess | null
    view: RequestView | null
  }

  /** L4a: a consuming request is recorded once its status is known, whatever the handler answered. */
  function record(decision: AuthSuccess, view: RequestView, status: number): void {
    if (decision.apiKey.consumed) {
      core.recordUsage(decision.apiKey, view, status)
    }
  }

  /** A response that went out with keyward's headers (L3, R2) and, when it consumed, its usage entry (L4a). */
  function finish(c: Context, decision: AuthSuccess, view: RequestView): void {
    ensureHeaders(c, decision.headers)
    record(decision, view, c.res.status)
  }

  const middleware = createMiddleware(async function keywardMiddleware(c, next) {
    const kind = core.classify(incomingOf(c)?.url ?? c.req.url, c.req.path)
    if (kind === 'outside') return next()
    const requestId = newRequestId(c)
    c.set('requestId', requestId)
    if (kind !== 'api-v1') return answer(c, kind)
    c.header('X-Request-ID', requestId)
    const pending: Pending = { requestId, decision: null, view: null }
    c.set(kPending as never, pending as never)
    await next()
    if (pending.decision === null) ensureHeaders(c, { 'X-Request-ID': requestId })
    else finish(c, pending.decision, pending.view!)
  })

  function protect(routeOptions?: RouteOptions) {
    const requirements = core.routeRequirements(routeOptions, 'protect() option')

    /** Without the global middleware's help (not mounted, or a second protect() on the route). */
    async function authenticateAlone(c: Context, next: Next, view: RequestView, pending: Awaitable<AuthDecision>) {
      const decision = isPromise(pending) ? await pending : pending
      if (!decision.ok) return toResponse(decision.response)
      const headers = decision.headers
      for (const name in headers) c.header(name, headers[name])
      c.set('apiKey', decision.apiKey)
      // Admitted synchronously (memory stores): on with the others of its turn, as under the middleware.
      await (isPromise(pending) ? next() : inTurn(next))
      finish(c, decision, view)
    }

    return createMiddleware<KeywardEnv>(function keywardProtect(c, next) {
      const shared = c.get(kPending as never) as Pending | undefined
      const requestId = requestIdOf(c as unknown as Context, shared, requirements === null)
      if (requirements === null) return next()
      const view = viewOf(c, requestId, c.req.routePath)
      const decision = keyward.authenticate(view, requirements)
      if (shared === undefined || shared.decision !== null || isPromise(decision)) {
        return authenticateAlone(c as unknown as Context, next, view, decision)
      }
      // Synchronous decision (memory stores) under the global middleware: no promise of our own.
      if (!decision.ok) return Promise.resolve(toResponse(decision.response))
      const headers = decision.headers
      // X-Request-ID is there already, with this value: the global middleware set it first.
      for (const name in headers) if (name !== 'X-Request-ID') c.header(name, headers[name])
      c.set('apiKey', decision.apiKey)
      shared.decision = decision
      shared.view = view
      // Admitted synchronously: the rest of the chain goes on with the others of its turn.
      return inTurn(next)
    })
  }

  /** The status a thrown error will be answered with: an HTTPException's own, else 500 (as `onError`). */
  function statusOfError(error: unknown): number {
    const status = (error as { status?: unknown } | null)?.status
    return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500
  }

  function guard(first: RouteOptions | undefined | Handler, second?: Handler): Handler {
    const handler = typeof first === 'function' ? first : second
    if (typeof handler !== 'function') {
      throw new TypeError('keyward/hono: guard() takes a route handler: guard(handler) or guard(options, handler)')
    }
    const requirements = core.routeRequirements(typeof first === 'function' ? undefined : first, 'guard() option')

    /** Headers (L3, R2) on a response the handler built itself, which prepared headers do not reach. */
    function completed(c: Context, response: unknown, decision: AuthSuccess, view: RequestView): unknown {
      if (response instanceof Response) {
        let out = response
        const present = response.headers
        const headers = decision.headers
        if (holdsAll(present, headers)) {
          record(decision, view, out.status)
          return out
        }
        for (const name in headers) {
          if (present.has(name)) continue
          try {
            present.set(name, headers[name]!)
          } catch {
            // Immutable headers (a fetched Response): answer with a copy that takes them.
            if (out === response) out = new Response(response.body, response)
            out.headers.set(name, headers[name]!)
          }
        }
        record(decision, view, out.status)
        return out
      }
      // No response (the handler called next() or returned nothing): Hono answers with its 404.
      record(decision, view, c.finalized ? c.res.status : 404)
      return response
    }

    function run(c: Context, next: Next, decision: AuthDecision, view: RequestView, shared: Pending | undefined): unknown {
      if (!decision.ok) return toResponse(decision.response)
      const headers = decision.headers
      for (const name in headers) c.header(name, headers[name])
      c.set('apiKey', decision.apiKey)
      if (shared !== undefined && shared.decision === null) {
        // Under the global middleware, which completes the headers and records the usage.
        shared.decision = decision
        shared.view = view
        return handler!(c, next)
      }
      let result: unknown
      try {
        result = handler!(c, next)
      } catch (error) {
        record(decision, view, statusOfError(error))
        throw error
      }
      if (!isPromise(result)) return completed(c, result, decision, view)
      return result.then(
        (response) => completed(c, response, decision, view),
        (error: unknown) => {
          record(decision, view, statusOfError(error))
          throw error
        },
      )
    }

    return function keywardGuard(c: Context, next: Next) {
      const shared = c.get(kPending as never) as Pending | undefined
      const requestId = requestIdOf(c, shared, requirements === null)
      if (requirements === null) return handler(c, next)
      const view = viewOf(c, requestId, c.req.routePath)
      const decision = keyward.authenticate(view, requirements)
      if (isPromise(decision)) return decision.then((d) => run(c, next, d, view, shared))
      if (!decision.ok) return run(c, next, decision, view, shared)
      // Admitted synchronously: it goes on with the others of its turn.
      return inTurn(() => run(c, next, decision, view, shared))
    } as Handler
  }

  const notFound: NotFoundHandler = function keywardNotFound(c) {
    const kind = core.classify(incomingOf(c)?.url ?? c.req.url, c.req.path)
    return kind === 'outside' ? c.text('404 Not Found', 404) : answer(c, kind)
  }

  const onError: ErrorHandler = function keywardOnError(error, c) {
    if (core.classify(incomingOf(c)?.url ?? c.req.url, c.req.path) === 'outside') {
      // Hono's own default for paths keyward does not own.
      if ('getResponse' in error && typeof error.getResponse === 'function') return error.getResponse() as Response
      console.error(error)
      return c.text('Internal Server Error', 500)
    }
    const requestId = c.get('requestId') ?? core.requestId(undefined)
    return toResponse(core.errorResponse(error, requestId, c.req.method))
  }

  return Object.assign(middleware, { protect, guard, notFound, onError }) as KeywardHono
}
