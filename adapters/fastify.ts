/**
 * `keyward/fastify`: keyward as a Fastify 5 plugin. It authenticates in `onRequest`, before any
 * body is parsed, for the routes of the scope it is registered in: those under the protected
 * paths, and any route whose `config.keyward` names what it asks of the key.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type AdapterOptions, createAdapterKit, type RequestProblem, type RouteOptions } from '../src/http/kit.js'
import type { Keyward } from '../src/core/instance.js'
import type { ApiKeyContext, KeywardResponse, RequestView, RouteRequirements } from '../src/core/types.js'

export { clientErrorHandler } from '../src/http/parser-error.js'
export { keywardSwagger, type KeywardSwaggerOptions } from './fastify-openapi.js'
export type { AdapterOptions, RouteOptions, WebPageOptions } from '../src/http/kit.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request; null on public routes and outside keyward's paths. */
    apiKey: ApiKeyContext | null
  }
  interface FastifyContextConfig {
    /** What this route asks of the key, or `{ public: true }` for none. */
    keyward?: RouteOptions
  }
}

/**
 * Options of the plugin: the keyward instance and the adapter options.
 *
 * @example
 * import { keywardFastify, type KeywardFastifyOptions } from 'keyward/fastify'
 * const options: KeywardFastifyOptions = { keyward, trustProxy: 1 }
 * await app.register(keywardFastify, options)
 */
export interface KeywardFastifyOptions extends AdapterOptions {
  keyward: Keyward
}

const kView = Symbol('keyward.view')
const kRoute = Symbol('keyward.route')
type KeywardRequest = FastifyRequest & { [kView]?: RequestView | null }
/** A route's options as given, and once checked its requirements, or null when it is public. */
type RouteConfig = { keyward?: RouteOptions; [kRoute]?: RouteRequirements | null }

function send(reply: FastifyReply, response: KeywardResponse): void {
  reply.code(response.status).headers(response.headers).send(response.body)
}

async function keywardFastifyPlugin(fastify: FastifyInstance, options: KeywardFastifyOptions): Promise<void> {
  const { keyward, ...adapterOptions } = options ?? ({} as KeywardFastifyOptions)
  // Registered in a prefixed scope, keyward's paths default to the scope's, so unknown paths there need a key too (A1).
  if (adapterOptions.paths === undefined && fastify.prefix !== '') adapterOptions.paths = [`${fastify.prefix}/`]
  adapterOptions.onError ??= (error, info) =>
    fastify.log.error({ err: error, requestId: info.requestId }, 'keyward: internal error')
  const kit = createAdapterKit(keyward, adapterOptions, 'keyward/fastify', 'option "keyward"')
  const fallbackErrorHandler = fastify.errorHandler

  fastify.decorateRequest('apiKey', null)
  fastify.decorateRequest(kView, null)

  // Route options are checked once, when the route is declared: a mistake throws there.
  fastify.addHook('onRoute', function keywardRouteOptions(route) {
    const given = route.config?.keyward
    if (given === undefined) return
    const requirements = kit.routeRequirements(given, `route ${String(route.method)} ${route.url} config.keyward`)
    route.config = { ...route.config, [kRoute]: requirements } as typeof route.config
  })

  /**
   * The requirements of a route onRoute did not see (declared before the plugin): its options are
   * checked on its first request, and kept for the next.
   */
  function firstRequirementsOf(config: RouteConfig, request: FastifyRequest): RouteRequirements | null {
    const { method, url } = request.routeOptions
    const where = `route ${method} ${url} (declared before keyward/fastify) config.keyward`
    const requirements = kit.routeRequirements(config.keyward, where)
    config[kRoute] = requirements
    return requirements
  }

  // Registered in a scope with a prefix, keyward guards every route of that scope, its '/' included
  // (A8), as it guards any route whose config names its options (A1).
  const guardsScope = fastify.prefix !== ''

  fastify.addHook('onRequest', function keywardOnRequest(request: KeywardRequest, reply, next) {
    const routed = request.is404 ? undefined : request.routeOptions.url
    const config = request.is404 ? undefined : (request.routeOptions.config as RouteConfig)
    const guarded = config !== undefined && (guardsScope || config.keyward !== undefined)
    const kind = kit.classify(request.url, routed, guarded, !request.is404)
    if (kind === 'outside') return next()
    const requestId = kit.requestId(request.raw)
    reply.header('x-request-id', requestId)
    const view = kit.viewFromNode(request.raw, request.url, requestId, routed)
    request[kView] = view
    if (kind !== 'protected') return kit.answerNode(kind, view, request.raw, (response) => send(reply, response), next)
    let requirements: RouteRequirements | null = {}
    try {
      // The matched route's requirements: {} when it names none, null when it is public.
      if (config?.keyward !== undefined)
        requirements = kRoute in config ? config[kRoute]! : firstRequirementsOf(config, request)
    } catch (error) {
      // A bad option on a route declared before the plugin: refused, and told to onError (fail closed).
      return send(reply, kit.errorResponse(error, requestId, request.method))
    }
    if (requirements === null) return next()
    kit.decide(
      view,
      requirements,
      reply.raw,
      true,
      (step) => {
        if (step === null) return void reply.hijack()
        if ('answer' in step) return void send(reply, step.answer)
        reply.headers(step.proceed.headers)
        request.apiKey = step.proceed.apiKey
        next()
      },
      request.raw,
    )
  })

  fastify.setErrorHandler(function keywardErrorHandler(
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    // Errors before onRequest (a URL Fastify cannot read) have no view yet: the path decides.
    const view = (request as KeywardRequest)[kView]
    if (view == null && kit.classify(request.url) === 'outside')
      return fallbackErrorHandler.call(this, error, request, reply)
    send(reply, kit.errorResponse(error, view?.requestId ?? kit.requestId(), request.method, problemOf(error)))
  })
}

const INVALID_JSON: RequestProblem = { kind: 'invalid-json' }

/**
 * Fastify's errors in the kit's words: the content-type parser's JSON failures, and schema
 * validation, whose text comes from the schema, never from the request.
 */
function problemOf(error: unknown): RequestProblem | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, validation, message } = error as { code?: unknown; validation?: unknown; message?: unknown }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return INVALID_JSON
  const shown = Array.isArray(validation) && typeof message === 'string' && message.length > 0 && message.length <= 200
  return shown ? { kind: 'validation', detail: message } : undefined
}

/**
 * The Fastify plugin. Register it before the routes, at the root or in the scope it should guard:
 * every route under the protected paths (default `/api/v1/`, or the scope's prefix), every route of
 * a scope with a prefix, and every route with `config.keyward` then needs a key unless its
 * `config.keyward.public` is true; ping, the auth test and the dashboard answer at their paths,
 * and errors on keyward's paths answer with its envelope and `X-Request-ID`.
 *
 * @example
 * import Fastify from 'fastify'
 * import { createKeyward } from 'keyward'
 * import { keywardFastify } from 'keyward/fastify'
 *
 * const keyward = createKeyward()
 * const app = Fastify()
 * await app.register(keywardFastify, { keyward })
 * app.get('/api/v1/reports', { config: { keyward: { scopes: ['reports:read'] } } }, async (request) => {
 *   return { data: { keyType: request.apiKey!.keyType } }
 * })
 */
export const keywardFastify = fp(keywardFastifyPlugin, { fastify: '5.x', name: 'keyward' })
