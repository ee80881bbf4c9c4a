/**
 * `keyward/fastify`: keyward as a Fastify 5 plugin. It authenticates in `onRequest`, before any
 * body is parsed; per-route options come from the route's `config.keyward`. Every decision lives
 * in `keyward` and `src/http.ts`; the plugin reads the request and writes what they return.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import fp from 'fastify-plugin'
import { type AdapterOptions, clientGone, createAdapterCore, isPromise, type RouteOptions } from '../src/http.js'
import type { ApiKeyContext, AuthDecision, Keyward } from '../src/keyward.js'
import type { KeywardResponse, RequestView } from '../src/types.js'

export { clientErrorHandler, type AdapterOptions, type RouteOptions } from '../src/http.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request; null on public routes and outside the prefix. */
    apiKey: ApiKeyContext | null
  }
  interface FastifyContextConfig {
    /** keyward's options for this route (only routes under `<prefix>/v1/`). */
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
type KeywardRequest = FastifyRequest & { [kView]?: RequestView | null }
const SKIP = Object.freeze({ skip: true })

/**
 * keyward's header names as Fastify stores them (it lowercases every name it is given), made
 * once: lowercasing a mixed-case name per header and request builds a new string each time,
 * which Fastify then looks up in V8's string table as a property name.
 */
const FASTIFY_NAMES: ReadonlyMap<string, string> = new Map(
  [
    'Content-Type', 'Deprecation', 'Link', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'WWW-Authenticate',
    'X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset', 'X-RateLimit-Limit', 'X-RateLimit-Remaining',
    'X-RateLimit-Reset', 'X-Request-ID',
  ].map((name) => [name, name.toLowerCase()]),
)

/** Sets each header of `headers`; X-Request-ID too unless `skip` names it (set when the request came in). */
function setHeaders(reply: FastifyReply, headers: Readonly<Record<string, string>>, skip: string | null): void {
  for (const name in headers) {
    if (name !== skip) reply.header(FASTIFY_NAMES.get(name) ?? name, headers[name])
  }
}

function send(reply: FastifyReply, response: KeywardResponse): void {
  setHeaders(reply, response.headers, null)
  reply.code(response.status).send(response.body)
}

async function keywardFastifyPlugin(fastify: FastifyInstance, options: KeywardFastifyOptions): Promise<void> {
  const { keyward, ...adapterOptions } = options ?? ({} as KeywardFastifyOptions)
  adapterOptions.onError ??= (error, info) => fastify.log.error({ err: error, requestId: info.requestId }, 'keyward: internal error')
  const core = createAdapterCore(keyward, adapterOptions, 'keyward/fastify', 'option "keyward"')
  const v1 = `${core.prefix}/v1/`
  const fallbackErrorHandler = fastify.errorHandler

  fastify.decorateRequest('apiKey', null)
  fastify.decorateRequest(kView, null)

  // Route options are checked once, when the route is declared; a mistake throws there.
  fastify.addHook('onRoute', function keywardRouteOptions(route) {
    const config = route.config?.keyward
    if (config === undefined) return
    const where = `route ${String(route.method)} ${route.url} config.keyward`
    if (!route.url.startsWith(v1)) throw new TypeError(`keyward/fastify: ${where} applies only to routes under ${v1}`)
    const requirements = core.routeRequirements(config, where)
    route.config = { ...route.config, keyward: requirements ?? SKIP }
  })

  /**
   * Applies a decision: a failure is answered at once (false); an admitted request gets its headers,
   * `request.apiKey` and its usage record (true), and the caller lets it go on.
   */
  function admit(request: KeywardRequest, reply: FastifyReply, decision: AuthDecision): boolean {
    if (!decision.ok) {
      send(reply, decision.response)
      return false
    }
    // X-Request-ID is set already, with this value (keywardOnRequest): each header is set once.
    setHeaders(reply, decision.headers, 'X-Request-ID')
    const apiKey = (request.apiKey = decision.apiKey)
    // L4a: a consuming request is recorded once its status is known, whatever the handler answered:
    // when the response is over ('close' follows 'finish', and comes alone when the connection
    // breaks first), with one listener and without an onResponse hook, which would make Fastify
    // track the end of every response.
    if (apiKey.consumed) {
      reply.raw.on('close', () => {
        core.recordUsage(apiKey, request[kView]!, reply.statusCode)
      })
    }
    return true
  }

  /** A request admitted synchronously goes on with the others of its turn (core.later). */
  function proceedLater(reply: FastifyReply, next: HookHandlerDoneFunction): void {
    core.later(() => {
      try {
        next()
      } catch (error) {
        if (!reply.sent) reply.send(error as Error)
      }
    })
  }

  fastify.addHook('onRequest', function keywardOnRequest(request: KeywardRequest, reply, next) {
    const url = request.url
    // The matched route counts as well as the URL (A3): Fastify decodes the path before it routes.
    const routed = request.is404 ? undefined : request.routeOptions.url
    const kind = core.classify(url, routed)
    if (kind === 'outside') return next()
    const requestId = core.requestId(core.readsIncomingRequestId ? request.headers['x-request-id'] : undefined)
    reply.header('x-request-id', requestId)
    // A route of the application under <prefix>/v1/ (Fastify's own 404 route is not one).
    const appRoute = kind === 'api-v1' && !request.is404
    const route = appRoute ? request.routeOptions.config.keyward : undefined
    if (route?.skip) return next()
    const view = (request[kView] = core.viewFromNode(request.raw, url, requestId, routed))
    if (appRoute) {
      const decision = keyward.authenticate(view, route)
      if (isPromise(decision)) {
        decision.then((d) => {
          // The client left while the store decided: nothing to answer, no handler to run.
          if (clientGone(reply.raw)) {
            reply.hijack()
            core.abandon(d, view)
          } else if (admit(request, reply, d)) {
            next()
          }
        }, next)
      } else if (admit(request, reply, decision)) {
        proceedLater(reply, next)
      }
      return
    }
    const result = core.answerNode(kind, request.raw, view)
    if (isPromise(result)) result.then((response) => send(reply, response), next)
    else send(reply, result)
  })

  fastify.setErrorHandler(function keywardErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (core.classify(request.url, request.is404 ? undefined : request.routeOptions?.url) === 'outside') return fallbackErrorHandler.call(this, error, request, reply)
    const requestId = (request as KeywardRequest)[kView]?.requestId ?? core.requestId(undefined)
    send(reply, core.errorResponse(error, requestId, request.method))
  })
}

/**
 * The Fastify plugin. Register it before the routes: every route under `<prefix>/v1/` is then
 * authenticated unless its `config.keyward.skip` is true; ping (E1), the auth test (E2), the
 * dashboard (E5), R4's 404s and errors under the prefix answer with keyward's envelope and
 * `X-Request-ID` (R2).
 *
 * @example
 * import Fastify from 'fastify'
 * import { createKeyward } from 'keyward'
 * import { keywardFastify } from 'keyward/fastify'
 *
 * const keyward = createKeyward()
 * const app = Fastify()
 * await app.register(keywardFastify, { keyward })
 * app.get('/api/v1/ip/lookup', { config: { keyward: { scopes: ['ip'] } } }, async (request) => {
 *   return { data: { keyType: request.apiKey!.keyType } }
 * })
 */
export const keywardFastify = fp(keywardFastifyPlugin, { fastify: '5.x', name: 'keyward' })
