/**
 * How `keyward/koa` reads what a request's route asks of its key before any middleware of the route
 * runs: the markers `api.protect()` and `api.public()` leave among a route's middleware (or in a
 * router's `use()`), found through the `@koa/router` routers mounted on the app.
 */
import type { Context } from 'koa'
import type { RouteRequirements } from '../src/core/types.js'
import { withMarker } from '../src/http/kit.js'

const kRequirements = Symbol('keyward.requirements')
type Marked = { [kRequirements]?: RouteRequirements | null }

/** The parts of a `@koa/router` router keyward reads (its `routes()` middleware carries it as `.router`). */
interface RouterLike {
  match(path: string, method: string): { route: boolean; pathAndMethod: ReadonlyArray<RouteLayer> }
  matchHost?(host: string): boolean
}
interface RouteLayer {
  methods: readonly string[]
  path: string | RegExp
  stack: ReadonlyArray<Marked>
}

/** The matched route: whether a router takes the request, what its markers ask, and the path it was declared with. */
export interface MatchedRoute {
  found: boolean
  /** Undefined when no router takes it; null when the route is public. */
  requirements: RouteRequirements | null | undefined
  path: string | undefined
}

/** `handler`, marked with what its route asks of the key (null: public). */
export function marked<T extends object>(requirements: RouteRequirements | null, handler: T): T {
  ;(handler as Marked)[kRequirements] = requirements
  return handler
}

/** The routers mounted on an app, found again when its middleware changes. */
const routersOfApp = new WeakMap<object, { count: number; routers: RouterLike[] }>()
function routersOf(app: Context['app']): RouterLike[] {
  const known = routersOfApp.get(app)
  if (known !== undefined && known.count === app.middleware.length) return known.routers
  const routers = app.middleware
    .map((handler) => (handler as { router?: RouterLike }).router)
    .filter((router): router is RouterLike => typeof router?.match === 'function')
  routersOfApp.set(app, { count: app.middleware.length, routers })
  return routers
}

/**
 * What the routes a request matches ask of its key. A router's markers (in `router.use()` or the
 * route's own middleware) apply to its route, a route without one needs a key, and the request is
 * public only when every router that takes it says so.
 */
export function matchedRoute(ctx: Context): MatchedRoute {
  const route: MatchedRoute = { found: false, requirements: undefined, path: undefined }
  for (const router of routersOf(ctx.app)) {
    if (router.matchHost !== undefined && !router.matchHost(ctx.host)) continue
    const match = router.match(ctx.path, ctx.method)
    if (!match.route) continue
    let own: RouteRequirements | null | undefined
    for (const layer of match.pathAndMethod) {
      if (layer.methods.length > 0 && typeof layer.path === 'string') route.path ??= layer.path
      for (const handler of layer.stack) {
        const marker = handler[kRequirements]
        if (marker !== undefined) own = withMarker(own, marker)
      }
    }
    if (own === undefined) own = {}
    route.requirements = route.found ? withMarker(route.requirements, own) : own
    route.found = true
  }
  return route
}
