/**
 * `keyward/express`: keyward for Express 5 and Express 4.18+. `keywardExpress()` returns a router:
 * routes declared on it need a key (with the options of `protect()`, or none with `public()`), and
 * requests under the protected paths that no route of it takes need a key too (default deny).
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express'
import { Router, type Router as ExpressRouter } from 'express'
import type { Keyward } from '../src/core/instance.js'
import type { ApiKeyContext, RouteRequirements } from '../src/core/types.js'
import type { AdapterKit, AdapterOptions, AnsweredKind, RouteOptions } from '../src/http/kit.js'
import { createAdapterKit, writeNode } from '../src/http/kit.js'

export { clientErrorHandler } from '../src/http/parser-error.js'
export type { AdapterOptions, RouteOptions, WebPageOptions } from '../src/http/kit.js'

declare global {
  // Express's own extension point for `req` (@types/express-serve-static-core).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The key that authenticated this request; undefined on public routes and outside keyward's paths. */
      apiKey?: ApiKeyContext
    }
  }
}

/**
 * The router `keywardExpress()` returns: mount it with `app.use()`, declare protected routes on it.
 *
 * @example
 * import { keywardExpress, type KeywardExpress } from 'keyward/express'
 * const api: KeywardExpress = keywardExpress(keyward)
 * api.get('/api/v1/things', (req, res) => res.json({ data: [] }))
 * app.use(api)
 */
export interface KeywardExpress extends RequestHandler, Record<(typeof ROUTE_METHODS)[number], RouteDeclaration> {
  /** What a route asks of the key (scopes, live keys only, consume, cost); first among its handlers. */
  protect(options?: RouteOptions): RequestHandler
  /** Marks a route as needing no key; first among its handlers. */
  public(): RequestHandler
  /** Mount last: errors under keyward's paths become its error envelope with the request id. */
  errorHandler: ErrorRequestHandler
}

/** Declares a route on the router, as `app.get()` does on the app. */
export type RouteDeclaration = (path: string | RegExp, ...handlers: RequestHandler[]) => KeywardExpress

const kRequirements = Symbol('keyward.requirements')
const kRequestId = Symbol('keyward.requestId')
type Marker = RequestHandler & { [kRequirements]: RouteRequirements | null }
type Locals = Record<symbol, string | undefined>
const ROUTE_METHODS = ['all', 'get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const

/**
 * Creates the router. Mount it before the routes of the app and before body parsers (the dashboard
 * reads its own body); `app.use(api.errorHandler)` last.
 *
 * @example
 * import express from 'express'
 * import { createKeyward } from 'keyward'
 * import { keywardExpress } from 'keyward/express'
 *
 * const keyward = createKeyward()
 * const api = keywardExpress(keyward)
 * api.get('/api/v1/reports', api.protect({ scopes: ['reports:read'] }), (req, res) => res.json({ data: [] }))
 * const app = express()
 * app.use(api)
 * app.use(api.errorHandler)
 */
export function keywardExpress(keyward: Keyward, options?: AdapterOptions): KeywardExpress {
  const kit = createAdapterKit(keyward, options, 'keyward/express')
  const router = Router()
  // Without an OPTIONS route, the router would answer OPTIONS itself (200 and Allow) before any key.
  const declared = { options: false }
  const api = function keywardExpressMiddleware(req: Request, res: Response, next: NextFunction) {
    // Mounted under a path (`app.use('/v2', api)`), keyward guards all it is given (A1).
    const kind = kit.classify(req.originalUrl, undefined, req.baseUrl !== '')
    if (kind === 'outside') return next()
    requestIdOf(kit, req, res)
    if (kind !== 'protected') return answer(kit, kind, req, res, next)
    if (req.method === 'OPTIONS' && !declared.options) return fallThrough(kit, req, res, next)
    router(req, res, (error?: unknown) => (error === undefined ? fallThrough(kit, req, res, next) : next(error)))
  } as KeywardExpress
  for (const method of ROUTE_METHODS) {
    api[method] = (path, ...handlers) => {
      declared.options ||= method === 'options' || method === 'all'
      declareRoute(kit, router, method, path, handlers)
      return api
    }
  }
  api.protect = (routeOptions) => marker(kit, kit.routeRequirements(routeOptions, 'protect() option'))
  api.public = () => marker(kit, null)
  api.errorHandler = function keywardErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction) {
    if (res.headersSent || kit.classify(req.originalUrl) === 'outside') return next(error)
    // body-parser's JSON failure, in the kit's words.
    const invalidJson = (error as { type?: unknown } | null)?.type === 'entity.parse.failed'
    const problem = invalidJson ? ({ kind: 'invalid-json' } as const) : undefined
    writeNode(res, kit.errorResponse(error, requestIdOf(kit, req, res), req.method, problem))
  }
  return api
}

/** The request id, made once per request and sent as X-Request-ID. */
function requestIdOf(kit: AdapterKit, req: Request, res: Response): string {
  const locals = res.locals as Locals
  let id = locals[kRequestId]
  if (id === undefined) {
    id = locals[kRequestId] = kit.requestId(req)
    res.setHeader('X-Request-ID', id)
  }
  return id
}

/** A handler that authenticates with `need`; `route`, the path it was declared with, names it in usage entries. */
function authenticator(kit: AdapterKit, need: RouteRequirements, route?: string): RequestHandler {
  return function keywardAuthenticate(req, res, next) {
    const requestId = (res.locals as Locals)[kRequestId] ?? requestIdOf(kit, req, res)
    const view = kit.viewFromNode(req, req.originalUrl, requestId, route === undefined ? route : req.baseUrl + route)
    kit.decide(
      view,
      need,
      res,
      true,
      (step) => {
        if (step === null) return
        if ('answer' in step) return writeNode(res, step.answer)
        for (const name in step.proceed.headers) res.setHeader(name, step.proceed.headers[name]!)
        req.apiKey = step.proceed.apiKey
        next()
      },
      req,
    )
  }
}

function marker(kit: AdapterKit, requirements: RouteRequirements | null): Marker {
  // Used alone on an app route, it authenticates; a key already admitted must meet it (L6).
  const authenticate = authenticator(kit, requirements ?? {})
  const handler = function keywardProtect(req: Request, res: Response, next: NextFunction) {
    const gate = kit.gate(requirements, req.apiKey, req)
    if (gate === 'next') next()
    else if (gate === 'authenticate') authenticate(req, res, next)
    else writeNode(res, gate)
  } as Marker
  handler[kRequirements] = requirements
  return handler
}

/** No route of the router took a protected request: it needs a key all the same (A2), or gets keyward's 404. */
function fallThrough(kit: AdapterKit, req: Request, res: Response, next: NextFunction) {
  if (req.apiKey !== undefined) return next()
  const kind = kit.classify(req.originalUrl, undefined, req.baseUrl !== '', false)
  if (kind === 'protected-not-found') answer(kit, kind, req, res, next)
  else authenticator(kit, {})(req, res, next)
}

/** keyward's own answer: ping, the auth test, the dashboard, the web page and its 404s. */
function answer(kit: AdapterKit, kind: AnsweredKind, req: Request, res: Response, next: NextFunction) {
  const view = kit.viewFromNode(req, req.originalUrl, requestIdOf(kit, req, res))
  kit.answerNode(kind, view, req, (response) => writeNode(res, response), next)
}

/** Declares a route on the router that authenticates first, with its marker's requirements. */
function declareRoute(
  kit: AdapterKit,
  router: ExpressRouter,
  method: (typeof ROUTE_METHODS)[number],
  path: string | RegExp,
  handlers: RequestHandler[],
): void {
  const first = handlers[0] as Partial<Marker> | undefined
  const marked = first !== undefined && kRequirements in first
  const requirements = marked ? first[kRequirements]! : {}
  const rest = marked ? handlers.slice(1) : handlers
  const declare = router[method] as (path: string | RegExp, ...handlers: RequestHandler[]) => unknown
  if (requirements === null) return void declare.call(router, path, ...rest)
  declare.call(router, path, authenticator(kit, requirements, typeof path === 'string' ? path : undefined), ...rest)
}
