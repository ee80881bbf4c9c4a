/**
 * `keyward/nestjs`: keyward for NestJS on `@nestjs/platform-express` and `@nestjs/platform-fastify`.
 * `KeywardModule.forRoot()` installs a global guard (every handler under the protected paths needs
 * a key unless it is `@Public()`), a global exception filter (keyward's refusals and errors on its
 * paths in its envelope), and, on the platform beneath, keyward's own endpoints ahead of Nest.
 */
import type { ServerResponse } from 'node:http'
import {
  type ArgumentsHost,
  type CanActivate,
  Catch,
  type DynamicModule,
  type ExecutionContext,
  HttpException,
  NotFoundException,
} from '@nestjs/common'
import { APP_FILTER, APP_GUARD, BaseExceptionFilter, HttpAdapterHost } from '@nestjs/core'
import type { Keyward } from '../src/core/instance.js'
import { type AdapterKit, type AdapterOptions, createAdapterKit } from '../src/http/kit.js'
import { routeOf } from './nestjs-decorators.js'
import {
  decide,
  installOwnEndpoints,
  KeywardRefusal,
  kRequestId,
  kRouted,
  type NodeRequest,
  type Platform,
  rawOf,
  requestIdOf,
  urlOf,
  write,
} from './nestjs-platform.js'

export { clientErrorHandler } from '../src/http/parser-error.js'
export type { ApiKeyContext } from '../src/core/types.js'
export type { AdapterOptions, RouteOptions, WebPageOptions } from '../src/http/kit.js'
export { ApiKey, Cost, KeywardRoute, Permissions, Public, Scopes } from './nestjs-decorators.js'

/** The global guard: a handler under the protected paths, or with keyward's decorators, needs a key unless it is public. */
function createGuard(kit: AdapterKit): CanActivate {
  return {
    canActivate(context: ExecutionContext) {
      if (context.getType() !== 'http') return true
      const request = context.switchToHttp().getRequest<Platform<NodeRequest>>()
      const req = rawOf(request)
      const res = rawOf(context.switchToHttp().getResponse<Platform<ServerResponse>>())
      req[kRouted] = true
      const own = routeOf(context.getClass(), context.getHandler())
      // The route as declared: Express's `req.route.path`, Fastify's `request.routeOptions.url`.
      const { route, routeOptions } = request as { route?: { path?: unknown }; routeOptions?: { url?: string } }
      const declared = route?.path ?? routeOptions?.url
      const routed = typeof declared === 'string' ? declared : undefined
      const kind = kit.classify(urlOf(req), routed, own !== undefined)
      if (kind !== 'protected' || own === null) return true
      const view = kit.viewFromNode(req, urlOf(req), requestIdOf(kit, req, res), routed)
      return decide(kit, view, own ?? {}, request, res)
    },
  }
}

/** The global filter: keyward's refusals, a path no handler takes, and errors on keyward's paths, in its envelope. */
class KeywardFilter extends BaseExceptionFilter {
  constructor(
    private readonly kit: AdapterKit,
    host: HttpAdapterHost,
  ) {
    super(host.httpAdapter)
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Platform<ServerResponse>>()
    const req = rawOf(host.switchToHttp().getRequest<Platform<NodeRequest>>())
    const requestId = host.getType() === 'http' ? req[kRequestId] : undefined
    // The host's own HTTP exceptions stay its own; a body Nest could not parse does not.
    const cause = exception instanceof HttpException ? exception.cause : exception
    if (exception instanceof KeywardRefusal) {
      if (exception.answer !== null) write(response, exception.answer)
    } else if (requestId !== undefined && exception instanceof NotFoundException && req[kRouted] !== true) {
      this.routeMiss(exception, host)
    } else if (requestId === undefined || cause === undefined) {
      super.catch(exception, host)
    } else {
      const code = (cause as { code?: unknown } | null)?.code
      const invalidJson = cause instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY'
      const problem = invalidJson ? ({ kind: 'invalid-json' } as const) : undefined
      write(response, this.kit.errorResponse(cause, requestId, req.method, problem))
    }
  }

  /** No handler takes the path: under the protected paths it needs a key first (A2), then keyward's or Nest's 404. */
  private routeMiss(exception: NotFoundException, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Platform<NodeRequest>>()
    const response = host.switchToHttp().getResponse<Platform<ServerResponse>>()
    const [req, res] = [rawOf(request), rawOf(response)]
    const kind = this.kit.classify(urlOf(req), undefined, false, false)
    const view = this.kit.viewFromNode(req, urlOf(req), requestIdOf(this.kit, req, res))
    const fail = (error: unknown) => write(response, this.kit.errorResponse(error, view.requestId!, req.method))
    if (kind !== 'protected' && kind !== 'outside') {
      this.kit.answerNode(kind, view, req, (answer) => write(response, answer), fail)
      return
    }
    decide(this.kit, view, {}, request, res).then(
      () => super.catch(exception, host),
      (refusal: KeywardRefusal) => refusal.answer && write(response, refusal.answer),
    )
  }
}
Catch()(KeywardFilter)

/**
 * The Nest module of keyward. Import `KeywardModule.forRoot(keyward, options)` once, in the root
 * module: it is global.
 *
 * @example
 * import { Module } from '@nestjs/common'
 * import { createKeyward } from 'keyward'
 * import { KeywardModule } from 'keyward/nestjs'
 *
 * const keyward = createKeyward()
 * @Module({ imports: [KeywardModule.forRoot(keyward, { dashboard: { authorize: () => false } })] })
 * export class AppModule {}
 */
// biome-ignore lint/complexity/noStaticOnlyClass: a Nest dynamic module is a class with a static forRoot()
export class KeywardModule {
  /** The module with keyward's guard, filter and own endpoints; a bad option throws a TypeError naming it. */
  static forRoot(keyward: Keyward, options?: AdapterOptions): DynamicModule {
    const kit = createAdapterKit(keyward, options, 'keyward/nestjs')
    return {
      module: KeywardModule,
      global: true,
      providers: [
        { provide: APP_GUARD, useFactory: () => createGuard(kit) },
        {
          provide: APP_FILTER,
          useFactory: (host: HttpAdapterHost) => new KeywardFilter(kit, host),
          inject: [HttpAdapterHost],
        },
        // Made while Nest builds the app, before it adds its body parser and routes.
        {
          provide: kRouted,
          useFactory: (host: HttpAdapterHost) => installOwnEndpoints(kit, host) ?? true,
          inject: [HttpAdapterHost],
        },
      ],
    }
  }
}
