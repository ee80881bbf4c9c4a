/**
 * The decorators of `keyward/nestjs`: what a controller or a handler asks of the key, checked when
 * the decorator runs (a bad option is a TypeError naming the handler), and kept on the class or the
 * handler for the guard to read.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common'
import type { ApiKeyContext, RouteRequirements } from '../src/core/types.js'
import { withMarker } from '../src/http/kit.js'
import { checkRouteOptions, type RouteOptions } from '../src/http/options.js'

const kRoute = Symbol('keyward.route')
type Marked = { [kRoute]?: RouteRequirements | null }

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
    const requirements = checkRouteOptions('keyward/nestjs', options, `${decorator} on ${where}`)
    marked[kRoute] = kRoute in marked ? withMarker(marked[kRoute], requirements) : requirements
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
 * What the handler and its controller ask of the key: the handler's own options with the
 * controller's, public when the handler says so or when the controller does and the handler asks
 * nothing; undefined when neither names any.
 */
export function routeOf(controller: object, handler: object): RouteRequirements | null | undefined {
  const own = (handler as Marked)[kRoute]
  const shared = (controller as Marked)[kRoute]
  if (own === null) return null
  if (own === undefined || shared === undefined) return own ?? shared
  return shared === null ? own : withMarker(own, shared)
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
