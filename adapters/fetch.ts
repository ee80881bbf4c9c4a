/**
 * `keyward/fetch`: keyward for any server built on the Web `Request` and `Response`: Next.js
 * route handlers, Bun.serve, Deno.serve, SvelteKit, Remix, or Node through a fetch bridge.
 * `wrap()` guards one handler; `handle()` answers keyward's own endpoints.
 */
import type { Keyward } from '../src/core/instance.js'
import type { ApiKeyContext, RequestView } from '../src/core/types.js'
import type { AdapterKit, AdapterOptions, AnsweredKind, RouteOptions, Step } from '../src/http/kit.js'
import { CLIENT_CLOSED_REQUEST, createAdapterKit, fillHeaders, statusOfThrown, toResponse } from '../src/http/kit.js'
import { describe } from '../src/http/options.js'

export { clientErrorHandler } from '../src/http/parser-error.js'
export type { AdapterOptions, RouteOptions, WebPageOptions } from '../src/http/kit.js'

/**
 * The client address of a request, from what the server passes beside it; `null` when unknown.
 * A Web `Request` carries no socket, so without this option only `X-Forwarded-For` (with
 * `trustProxy`) says where a request came from.
 *
 * @example
 * // Bun.serve: fetch(request, server)
 * const clientAddress = (request: Request, server: Server) => server.requestIP(request)?.address
 * // Deno.serve: handler(request, info)
 * const clientAddress = (_request: Request, info: Deno.ServeHandlerInfo) => info.remoteAddr.hostname
 */
// biome-ignore lint/suspicious/noExplicitAny: whatever the server passes beside the request
export type ClientAddress = (request: Request, ...rest: any[]) => string | null | undefined

/** The options of `keywardFetch()`: the adapters' options and where the client address comes from. */
export interface FetchOptions extends AdapterOptions {
  /** The client address of a request (see `ClientAddress`). Default: none. */
  clientAddress?: ClientAddress | undefined
}

/** What a wrapped handler is given beside the request: the key that was admitted. */
export interface FetchContext<Key = ApiKeyContext> {
  apiKey: Key
}

/** A handler `wrap()` takes: the request, keyward's context, and whatever else the server passes. */
// biome-ignore lint/suspicious/noExplicitAny: the server's own arguments, passed on as they are
export type FetchHandler<Rest extends any[] = any[], Key = ApiKeyContext> = (
  request: Request,
  context: FetchContext<Key>,
  ...rest: Rest
) => Response | Promise<Response>

/** What `wrap()` returns: the server's handler, called with the request and whatever the server passes beside it. */
// biome-ignore lint/suspicious/noExplicitAny: the server's own arguments, passed on as they are
export type WrappedHandler = (request: Request, ...rest: any[]) => Promise<Response>

/**
 * What `keywardFetch()` returns.
 *
 * @example
 * import { keywardFetch, type KeywardFetch } from 'keyward/fetch'
 * const guard: KeywardFetch = keywardFetch(keyward)
 */
export interface KeywardFetch {
  /** The handler behind keyward: it runs only for an admitted request and is given its key. */
  // biome-ignore lint/suspicious/noExplicitAny: the server's own arguments, passed on as they are
  wrap<Rest extends any[]>(
    handler: FetchHandler<Rest>,
    options?: RouteOptions & { public?: false | undefined },
  ): WrappedHandler
  /** A handler that needs no key (`{ public: true }`): it gets a request id and no key. */
  // biome-ignore lint/suspicious/noExplicitAny: the server's own arguments, passed on as they are
  wrap<Rest extends any[]>(
    handler: FetchHandler<Rest, undefined>,
    options: RouteOptions & { public: true },
  ): WrappedHandler
  /** keyward's answer for ping, the auth test, the dashboard and the web page; `undefined` for any other request. */
  handle(request: Request, ...rest: unknown[]): Promise<Response> | undefined
  /**
   * For the server's last resort, when no route takes a request: with the `notFound` option,
   * keyward's 404 on its paths (after the key is checked under the protected paths); else `undefined`.
   */
  notFound(request: Request, ...rest: unknown[]): Promise<Response> | undefined
}

/**
 * Creates the guard for Web `Request`/`Response` servers.
 *
 * @example
 * import { createKeyward } from 'keyward'
 * import { keywardFetch } from 'keyward/fetch'
 *
 * const keyward = createKeyward()
 * const guard = keywardFetch(keyward)
 * const reports = guard.wrap((request, { apiKey }) => Response.json({ data: { owner: apiKey.ownerId } }), {
 *   scopes: ['reports:read'],
 * })
 * Bun.serve({ fetch: (request, server) => guard.handle(request, server) ?? reports(request, server) })
 */
export function keywardFetch(keyward: Keyward, options?: FetchOptions): KeywardFetch {
  const given = typeof options === 'object' && options !== null ? options : undefined
  const { clientAddress, ...shared } = given ?? {}
  if (clientAddress !== undefined && typeof clientAddress !== 'function')
    throw new TypeError(
      `keyward/fetch: option "clientAddress" must be a function (request, ...rest) => address (got ${describe(clientAddress)})`,
    )
  const kit = createAdapterKit(keyward, given === undefined ? options : shared, 'keyward/fetch')
  const addressOf = (request: Request, rest: unknown[]) => clientAddress?.(request, ...rest) ?? null
  /** keyward's own answer, or a rejection of it as the error envelope. */
  const answer = (kind: AnsweredKind, request: Request, rest: unknown[]) => {
    const requestId = kit.requestId(request)
    return Promise.resolve()
      .then(() => kit.answerFetch(kind, request, undefined, requestId, addressOf(request, rest)))
      .catch((error) => toResponse(kit.errorResponse(error, requestId, request.method)))
  }
  return {
    wrap(handler: FetchHandler, routeOptions?: RouteOptions) {
      if (typeof handler !== 'function')
        throw new TypeError(`keyward/fetch: wrap() takes a handler function first (got ${describe(handler)})`)
      const requirements = kit.routeRequirements(routeOptions, 'wrap() option')
      return async function keywardWrapped(request: Request, ...rest: unknown[]) {
        const requestId = kit.requestId(request)
        if (requirements === null) return run(kit, handler, request, rest, requestId)
        let view: RequestView
        try {
          view = kit.viewFromFetch(request, undefined, requestId, undefined, addressOf(request, rest))
        } catch (error) {
          return toResponse(kit.errorResponse(error, requestId, request.method)) // a failing clientAddress: fail closed
        }
        const step = await new Promise<Step>((resolve) =>
          kit.decide(view, requirements, undefined, false, resolve, request),
        )
        return run(kit, handler, request, rest, requestId, step)
      }
    },
    handle(request, ...rest) {
      const kind = kit.classify(request.url)
      return kind === 'outside' || kind === 'protected' ? undefined : answer(kind, request, rest)
    },
    notFound(request, ...rest) {
      const kind = kit.classify(request.url, undefined, false, false)
      return kind === 'outside' || kind === 'protected' ? undefined : answer(kind, request, rest)
    },
  } as KeywardFetch
}

/**
 * Runs the handler of a public request (no `step`) or of a decided one, and completes its response:
 * the request id, the limit headers and the usage entry (L4a).
 */
async function run(kit: AdapterKit, handler: FetchHandler, request: Request, rest: unknown[], id: string, step?: Step) {
  // Only a decision given the Node response is null (its client left); none is given here, but fail closed.
  if (step === null) return new Response(null, { status: CLIENT_CLOSED_REQUEST })
  if (step !== undefined && 'answer' in step) return toResponse(step.answer)
  const headers: Record<string, string> = { ...step?.proceed.headers, 'X-Request-ID': id }
  let response: Response
  let status: number | undefined
  try {
    response = await handler(request, { apiKey: step?.proceed.apiKey as ApiKeyContext }, ...rest)
    // Duck-typed: a Response from another fetch implementation (undici's own, a polyfill) is one too.
    if (typeof response?.headers?.has !== 'function')
      throw new TypeError('keyward/fetch: a wrapped handler must return a Response')
  } catch (error) {
    status = statusOfThrown(error)
    response = toResponse(kit.errorResponse(error, id, request.method))
  }
  // A fetched `Response` has immutable headers: a copy of it takes them.
  if (fillHeaders(response, headers).length > 0) {
    response = new Response(response.body, response)
    fillHeaders(response, headers)
  }
  if (step !== undefined) kit.finish(step, status ?? response.status)
  return response
}
