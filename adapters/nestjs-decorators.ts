/**
 * The decorators of `keyward/nestjs`: what a controller or a handler asks of the key, checked when
 * the decorator runs (a bad option is a TypeError naming the handler), and kept on the class or the
 * handler for the guard to read.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common'
import type { ApiKeyContext, RouteCost, RouteRequirements } from '../src/core/types.js'
import { checkRouteOptions, type RouteOptions } from '../src/http/options.js'

const kRoute = Symbol('keyward.route')
type Marked = { [kRoute]?: RouteOptions }

/**
 * `over`'s options on top of `base`'s: scopes and permission queries add up, any other option of
 * `over` wins, and `over` asking anything of the key makes the route need one unless it says public.
 */
function mergeOptions(base: RouteOptions, over: RouteOptions): RouteOptions {
  const asks = Object.keys(over).some((name) => name !== 'public')
  const merged: RouteOptions = { ...base, ...over, public: over.public ?? (asks ? undefined : base.public) }
  if (base.scopes !== undefined && over.scopes !== undefined) merged.scopes = [...base.scopes, ...over.scopes]
  if (base.permissions !== undefined && over.permissions !== undefined)
    merged.permissions = `(${base.permissions}) AND (${over.permissions})`
  return merged
}

/**
 * What a controller (every handler of it) or a handler asks of the key: the route options of every
 * adapter. Several on one target ask all of them at once. `@Public()`, `@Scopes()` and
 * `@Permissions()` are its shorthands; a decorator for any other route option is one more.
 *
 * @example
 * import { KeywardRoute } from 'keyward/nestjs'
 * class Reports {
 *   @Get('reports/export')
 *   @KeywardRoute({ liveOnly: true, consume: false })
 *   export() {}
 * }
 */
export function KeywardRoute(options: RouteOptions, decorator = '@KeywardRoute()'): ClassDecorator & MethodDecorator {
  return function keywardRoute(target: object, key?: string | symbol, descriptor?: PropertyDescriptor) {
    const marked = (descriptor?.value ?? target) as Marked
    const where = key === undefined ? (target as { name: string }).name : `${target.constructor.name}.${String(key)}`
    checkRouteOptions('keyward/nestjs', options, `${decorator} on ${where}`)
    const given = marked[kRoute]
    marked[kRoute] = given === undefined ? options : mergeOptions(given, options)
  }
}

/**
 * The handler (or every handler of the controller) needs no key, even under the protected paths.
 *
 * @example
 * import { Public } from 'keyward/nestjs'
 * class Status {
 *   @Get('status')
 *   @Public()
 *   status() { return { data: { status: 'ok' } } }
 * }
 */
export const Public = (): ClassDecorator & MethodDecorator => KeywardRoute({ public: true }, '@Public()')

/**
 * The key must hold every one of these scopes (403 otherwise).
 *
 * @example
 * import { Scopes } from 'keyward/nestjs'
 * class Lookup {
 *   @Get('ip/lookup')
 *   @Scopes('ip')
 *   lookup() {}
 * }
 */
export const Scopes = (...scopes: string[]): ClassDecorator & MethodDecorator => KeywardRoute({ scopes }, '@Scopes()')

/**
 * The key's permissions must satisfy this query (`AND`, `OR`, `NOT`, parentheses), parsed when the
 * decorator runs.
 *
 * @example
 * import { Permissions } from 'keyward/nestjs'
 * class Reports {
 *   @Get('reports')
 *   @Permissions('reports.read AND (billing.read OR billing.admin)')
 *   list() {}
 * }
 */
export const Permissions = (query: string): ClassDecorator & MethodDecorator =>
  KeywardRoute({ permissions: query }, '@Permissions()')

/**
 * What a request of the handler costs in every limit of its key and its owner: units from 0 to
 * 1,000,000, or a function of the request returning them.
 *
 * @example
 * import { Cost } from 'keyward/nestjs'
 * class Search {
 *   @Get('search')
 *   @Cost((request) => (request.query.has('deep') ? 5 : 1))
 *   search() {}
 * }
 */
export const Cost = (cost: RouteCost): ClassDecorator & MethodDecorator => KeywardRoute({ cost }, '@Cost()')

/** Each handler's requirements, worked out on its first request. */
const routes = new WeakMap<object, { controller: object; requirements: RouteRequirements | null | undefined }>()

/**
 * What the handler asks of the key, its options on top of its controller's (`@Public()` on the
 * handler makes it public); undefined when neither names any.
 */
export function routeOf(controller: object, handler: object): RouteRequirements | null | undefined {
  const known = routes.get(handler)
  if (known?.controller === controller) return known.requirements
  const shared = (controller as Marked)[kRoute]
  const own = (handler as Marked)[kRoute]
  const options = shared === undefined || own === undefined ? (own ?? shared) : mergeOptions(shared, own)
  const where = `the decorators of ${(controller as { name?: string }).name}`
  const requirements = options === undefined ? undefined : checkRouteOptions('keyward/nestjs', options, where)
  routes.set(handler, { controller, requirements })
  return requirements
}

/**
 * The key that authenticated the request, as a handler parameter; undefined on public routes.
 *
 * @example
 * import { ApiKey, type ApiKeyContext } from 'keyward/nestjs'
 * class Me {
 *   @Get('me')
 *   me(@ApiKey() key: ApiKeyContext) { return { data: { keyType: key.keyType } } }
 * }
 */
export const ApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyContext | undefined =>
    context.switchToHttp().getRequest<{ apiKey?: ApiKeyContext }>().apiKey,
)
