/**
 * `keyward/express`: keyward for Express 5 and Express 4.18+. The adapter reads the request, calls
 * the core and writes what the core returns; every decision lives in `keyward` and `src/http.ts`.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express'
import { type AdapterOptions, clientGone, createAdapterCore, isPromise, type OwnPathKind, type RouteOptions } from '../src/http.js'
import type { ApiKeyContext, AuthDecision, Keyward } from '../src/keyward.js'
import type { KeywardResponse, RequestView } from '../src/types.js'

export { clientErrorHandler, type AdapterOptions, type RouteOptions } from '../src/http.js'

declare global {
  // Express's own extension point for `req` (@types/express-serve-static-core).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The key that authenticated this request; set by `protect()`, undefined on routes without it. */
      apiKey?: ApiKeyContext
    }
  }
}

/**
 * The middleware `keywardExpress()` returns, with the pieces to mount around the routes.
 *
 * @example
 * import { keywardExpress, type KeywardExpress } from 'keyward/express'
 * const api: KeywardExpress = keywardExpress(keyward)
 * app.use(api)
 * app.get('/api/v1/things', api.protect(), listThings)
 * app.use(api.notFound, api.errorHandler)
 */
export interface KeywardExpress {
  (req: Request, res: Response, next: NextFunction): void
  /** Route middleware: authenticates with the route's requirements (L5, L6) and sets `req.apiKey`. */
  protect(options?: RouteOptions): RequestHandler
  /** Mount after the routes: unknown paths under `<prefix>/v1/` get the authenticated 404 (R4). */
  notFound: RequestHandler
  /** Mount last: errors under the prefix become the error envelope with the request id (R2, R3). */
  errorHandler: ErrorRequestHandler
}

/**
 * The request id (R2) of a request under the prefix, kept in `res.locals` (a dictionary object
 * Express makes per request) under a symbol, where no template or handler reads it. Not a
 * property of `req` or `res`: Express gives every request and response object its own hidden
 * class (their prototype is swapped per request), so adding a property to them costs a new class
 * each time. `req.apiKey` is the only property keyward adds.
 */
const kRequestId = Symbol('keyward.requestId')
type Locals = Record<symbol, string | undefined>
type KeywardRequest = Request

/** The path of the route Express matched (mount path and route path), when it is a plain string. */
function routeOf(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path
  return typeof path === 'string' ? req.baseUrl + path : undefined
}

function send(res: Response, response: KeywardResponse): void {
  res.statusCode = response.status
  const headers = response.headers
  for (const name in headers) res.setHeader(name, headers[name]!)
  res.end(response.body)
}

/**
 * Creates the Express middleware. `app.use()` it before the routes (and before body parsers, so the
 * dashboard reads its own body); it answers ping (E1), the auth test (E2), the dashboard (E5) and
 * R4's 404s, and puts `X-Request-ID` on every response under the prefix (R2).
 *
 * @example
 * import express from 'express'
 * import { createKeyward } from 'keyward'
 * import { keywardExpress } from 'keyward/express'
 *
 * const keyward = createKeyward()
 * const api = keywardExpress(keyward)
 * const app = express()
 * app.use(api)
 * app.get('/api/v1/ip/lookup', api.protect({ scopes: ['ip'] }), (req, res) => {
 *   res.json({ data: { keyType: req.apiKey!.keyType } })
 * })
 * app.use(api.notFound, api.errorHandler)
 */
export function keywardExpress(keyward: Keyward, options?: AdapterOptions): KeywardExpress {
  const core = createAdapterCore(keyward, options, 'keyward/express')

  function requestIdOf(req: KeywardRequest, res: Response): string {
    const locals = res.locals as Locals | undefined
    let id = typeof locals === 'object' && locals !== null ? locals[kRequestId] : undefined
    if (id === undefined) {
      id = core.requestId(core.readsIncomingRequestId ? req.headers['x-request-id'] : undefined)
      // Without res.locals (replaced by the application), a later middleware makes a new id and
      // sets the header again, so the response and its envelope still agree.
      if (typeof locals === 'object' && locals !== null) locals[kRequestId] = id
      res.setHeader('X-Request-ID', id)
    }
    return id
  }

  /** Everything under the prefix that is not an application route. */
  function answer(req: KeywardRequest, res: Response, next: NextFunction, url: string, kind: OwnPathKind): void {
    const view = core.viewFromNode(req, url, requestIdOf(req, res))
    const result = core.answerNode(kind, req, view)
    // Express 4 does not catch rejections: the adapter hands them to next() itself.
    if (isPromise(result)) result.then((response) => send(res, response), next)
    else send(res, result)
  }

  /**
   * Applies a decision: a failure is answered at once (false); an admitted request gets its headers,
   * `req.apiKey` and its usage record (true), and the caller lets it go on.
   */
  function admit(req: KeywardRequest, res: Response, decision: AuthDecision, view: RequestView): boolean {
    if (!decision.ok) {
      send(res, decision.response)
      return false
    }
    const headers = decision.headers
    // X-Request-ID is set already, with this value (requestIdOf): each header is set once.
    for (const name in headers) if (name !== 'X-Request-ID') res.setHeader(name, headers[name]!)
    const apiKey = (req.apiKey = decision.apiKey)
    // L4a: a consuming request is recorded once its status is known, whatever the handler answered.
    if (apiKey.consumed) {
      res.on('close', () => {
        core.recordUsage(apiKey, view, res.statusCode)
      })
    }
    return true
  }

  /**
   * A request admitted synchronously goes on with the others of its turn (core.later). Express
   * catches what a handler throws; anything else fails this request only.
   */
  function proceedLater(req: KeywardRequest, res: Response, next: NextFunction): void {
    core.later(() => {
      try {
        next()
      } catch (error) {
        if (!res.headersSent) send(res, core.errorResponse(error, requestIdOf(req, res), req.method))
      }
    })
  }

  function protect(routeOptions?: RouteOptions): RequestHandler {
    const requirements = core.routeRequirements(routeOptions, 'protect() option')
    if (requirements === null) return function keywardSkip(_req, _res, next) { next() }
    return function keywardProtect(req: KeywardRequest, res, next) {
      const view = core.viewFromNode(req, req.originalUrl, requestIdOf(req, res), routeOf(req))
      const decision = keyward.authenticate(view, requirements)
      if (isPromise(decision)) {
        decision.then((d) => {
          // The client left while the store decided: nothing to answer, no handler to run.
          if (clientGone(res)) core.abandon(d, view)
          else if (admit(req, res, d, view)) next()
        }).catch(next)
      } else if (admit(req, res, decision, view)) {
        proceedLater(req, res, next)
      }
    }
  }

  function keywardMiddleware(req: KeywardRequest, res: Response, next: NextFunction): void {
    const url = req.originalUrl
    const kind = core.classify(url)
    if (kind === 'outside') return next()
    requestIdOf(req, res)
    if (kind === 'api-v1') return next()
    answer(req, res, next, url, kind)
  }

  function keywardNotFound(req: KeywardRequest, res: Response, next: NextFunction): void {
    const url = req.originalUrl
    const kind = core.classify(url)
    if (kind === 'outside') return next()
    answer(req, res, next, url, kind)
  }

  function keywardErrorHandler(error: unknown, req: KeywardRequest, res: Response, next: NextFunction): void {
    if (res.headersSent || core.classify(req.originalUrl) === 'outside') return next(error)
    send(res, core.errorResponse(error, requestIdOf(req, res), req.method))
  }

  return Object.assign(keywardMiddleware, { protect, notFound: keywardNotFound, errorHandler: keywardErrorHandler })
}
