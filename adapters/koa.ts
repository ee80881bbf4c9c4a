/**
 * `keyward/koa`: keyward for Koa 2 and 3 with `@koa/router`. `app.use(api)` before the routers:
 * every request under the protected paths needs a key (default deny); a route's own options come
 * from `api.protect()` or `api.public()` among its middleware, read from the routers mounted on the
 * app before any of them runs.
 */
import type { Context, Middleware, Next } from 'koa'
import type { Keyward } from '../src/core/instance.js'
import type { ApiKeyContext, KeywardResponse, RouteRequirements } from '../src/core/types.js'
import type { AdapterKit, AdapterOptions, AnsweredKind, RouteOptions, Step } from '../src/http/kit.js'
import { createAdapterKit, writeNode } from '../src/http/kit.js'
import { marked, matchedRoute } from './koa-routes.js'

export { clientErrorHandler } from '../src/http/parser-error.js'
export type { AdapterOptions, RouteOptions, WebPageOptions } from '../src/http/kit.js'

declare module 'koa' {
  interface DefaultState {
    /** The key that authenticated this request; undefined on public routes and outside keyward's paths. */
    apiKey?: ApiKeyContext
    /** The request id of every request on keyward's paths, also sent as X-Request-ID. */
    requestId?: string
  }
}

/**
 * The middleware `keywardKoa()` returns, with the per-route markers.
 *
 * @example
 * import { keywardKoa, type KeywardKoa } from 'keyward/koa'
 * const api: KeywardKoa = keywardKoa(keyward)
 * app.use(api)
 */
export interface KeywardKoa extends Middleware {
  /** What a route asks of the key (scopes, permissions, live keys only, consume); among its middleware or `router.use()`. */
  protect(options?: RouteOptions): Middleware
  /** Marks a route (or, in `router.use()`, a router's routes) as needing no key. */
  public(): Middleware
}

const kAdmitted = Symbol('keyward.admitted')
type KeywardContext = Context & { [kAdmitted]?: boolean }

/**
 * Creates the Koa middleware. `app.use()` it before the routers and before any body parser (one
 * mounted before it works too; its JSON errors are then its own).
 *
 * @example
 * import Koa from 'koa'
 * import Router from '@koa/router'
 * import { createKeyward } from 'keyward'
 * import { keywardKoa } from 'keyward/koa'
 *
 * const keyward = createKeyward()
 * const api = keywardKoa(keyward)
 * const router = new Router()
 * router.get('/api/v1/reports', api.protect({ scopes: ['reports:read'] }), (ctx) => {
 *   ctx.body = { data: { keyType: ctx.state.apiKey!.keyType } }
 * })
 * const app = new Koa()
 * app.use(api)
 * app.use(router.routes())
 */
export function keywardKoa(keyward: Keyward, options?: AdapterOptions): KeywardKoa {
  const kit = createAdapterKit(keyward, options, 'keyward/koa')
  const middleware = async function keywardMiddleware(ctx: KeywardContext, next: Next) {
    const route = matchedRoute(ctx)
    const kind = kit.classify(ctx.originalUrl, route.path, false, route.found)
    if (kind === 'outside') return next()
    requestIdOf(kit, ctx)
    if (kind !== 'protected') return answer(kit, ctx, kind)
    try {
      await (route.requirements === null ? next() : admit(kit, ctx, route.requirements ?? {}, next, route.path))
    } catch (error) {
      if (ctx.res.headersSent) throw error
      write(ctx, kit.errorResponse(error, requestIdOf(kit, ctx), ctx.method, problemOf(error)))
    }
  }
  /** A marker that lets the request through once the route's gate does, authenticating it if need be (L6). */
  const marker = (requirements: RouteRequirements | null): Middleware => {
    const gated = function keywardProtect(ctx: KeywardContext, next: Next) {
      const gate = kit.gate(requirements, ctx[kAdmitted] === true ? ctx.state.apiKey : undefined, ctx.req)
      if (gate === 'next') return next()
      if (gate !== 'authenticate') return write(ctx, gate)
      requestIdOf(kit, ctx)
      return admit(kit, ctx, requirements!, next, (ctx as { _matchedRoute?: string })._matchedRoute)
    }
    return marked(requirements, gated)
  }
  return Object.assign(middleware, {
    protect: (routeOptions?: RouteOptions) => marker(kit.routeRequirements(routeOptions, 'protect() option')),
    public: () => marker(null),
  }) as KeywardKoa
}

/** The request id, made once per request and sent as X-Request-ID. */
function requestIdOf(kit: AdapterKit, ctx: Context): string {
  const made = ctx.state.requestId
  if (made !== undefined) return made
  const id = kit.requestId(ctx.req)
  ctx.state.requestId = id
  ctx.set('X-Request-ID', id)
  return id
}

/** Writes keyward's response to the Node response itself: Koa sends nothing more. */
function write(ctx: Context, response: KeywardResponse): void {
  ctx.respond = false
  writeNode(ctx.res, response)
}

/** keyward's own answer: ping, the auth test, the dashboard, the web page and its 404s. */
function answer(kit: AdapterKit, ctx: Context, kind: AnsweredKind): Promise<void> {
  // A body parser mounted before keyward read the body: the dashboard takes the text it kept.
  const rawBody = (ctx.request as { rawBody?: unknown }).rawBody
  if (ctx.req.readableEnded && typeof rawBody === 'string') (ctx.req as { body?: unknown }).body ??= rawBody
  const view = kit.viewFromNode(ctx.req, ctx.originalUrl, requestIdOf(kit, ctx))
  return new Promise((resolve, reject) =>
    kit.answerNode(kind, view, ctx.req, (response) => resolve(write(ctx, response)), reject),
  )
}

/** Authenticates the request with `need`, then runs the rest of the app with the key in `ctx.state.apiKey`. */
async function admit(kit: AdapterKit, ctx: KeywardContext, need: RouteRequirements, next: Next, route?: string) {
  const view = kit.viewFromNode(ctx.req, ctx.originalUrl, requestIdOf(kit, ctx), route)
  const step = await new Promise<Step>((resolve) => kit.decide(view, need, ctx.res, true, resolve, ctx.req))
  if (step === null) {
    ctx.respond = false // nobody is left to read it
    return
  }
  if ('answer' in step) return write(ctx, step.answer)
  ctx.set(step.proceed.headers)
  ctx.state.apiKey = step.proceed.apiKey
  ctx[kAdmitted] = true
  return next()
}

/** A body parser's JSON failure (co-body's SyntaxError with status 400), in the kit's words. */
function problemOf(error: unknown) {
  const invalidJson = error instanceof SyntaxError && (error as { status?: unknown }).status === 400
  return invalidJson ? ({ kind: 'invalid-json' } as const) : undefined
}
