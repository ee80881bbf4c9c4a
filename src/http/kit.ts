/**
 * The adapter kit: everything the Express, Fastify and Hono adapters share. An adapter reads the
 * request into a `RequestView`, asks the kit what the request is (`classify`) and what to do with
 * it (`decide`, `answer`), and writes the result. Every decision lives here or in the core, once:
 * adapters hold none.
 *
 * keyward is a guest in the host's app (A1): it answers and changes nothing outside the paths the
 * host gives it, and inside them every route needs a key unless the host marks it public (A2).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Keyward } from '../core/instance.js'
import { isPromise } from '../core/store-calls.js'
import type { KeywardResponse, RequestView, RouteRequirements } from '../core/types.js'
import { type AnsweredKind, type Classify, createClassifier } from './classify.js'
import { type Decider, type RouteGate, createDecider, createRouteGate } from './decide.js'
import { type ThrownErrorResponse, createThrownAnswer, unreadableRequestResponse } from './error-envelope.js'
import {
  type AdapterOptions,
  type RouteOptions,
  checkRouteOptions,
  describe,
  mergeRequirements,
  resolveOptions,
} from './options.js'
import { type Answer, createOwnAnswers } from './own-endpoints.js'
import { readFetchBody, readNodeBody } from './request-body.js'
import { type RequestViews, createViews, nodeHeaders } from './request-view.js'

export type { AdapterOptions, RouteOptions, WebPageOptions } from './options.js'
export type { AnsweredKind, PathKind, RequestKind } from './classify.js'
export { type Admitted, CLIENT_CLOSED_REQUEST, clientGone, fillHeaders, type Step } from './decide.js'
export { type RequestProblem, statusOfThrown } from './error-envelope.js'
export { nodeHeaders, readCredentialLines, resolveClientIp, splitJoinedAuthorization } from './request-view.js'
export { isPromise, readFetchBody, readNodeBody }

/** The shared state of one adapter, made once at setup. */
export interface AdapterKit extends RequestViews, Decider {
  readonly keyward: Keyward
  /** What a request is (A1, A3): outside, one of keyward's own answers, or protected. */
  classify: Classify
  /** A route's options, checked (a TypeError names the field); null for a public route. */
  routeRequirements(options: RouteOptions | undefined, where: string): RouteRequirements | null
  /** keyward's own answer for ping, the auth test, the dashboard, the web page and 404s. */
  answer: Answer
  /** A thrown error as the error envelope; 5xx errors are passed to `onError`. */
  errorResponse: ThrownErrorResponse
  /**
   * keyward's own answer to a Node request, given to `write`; a rejection goes to `fail`. The
   * body, when the answer needs one (the dashboard), is read from `request`.
   */
  answerNode(
    kind: AnsweredKind,
    view: RequestView,
    request: IncomingMessage,
    write: (response: KeywardResponse) => void,
    fail: (error: Error) => void,
  ): void
  /**
   * keyward's own answer to a fetch request, as a fetch `Response` with X-Request-ID. With the Node
   * request beneath it (`@hono/node-server`), that one is read, as `viewFromFetch` does (and so is
   * `address`).
   */
  answerFetch(
    kind: AnsweredKind,
    request: Request,
    node: IncomingMessage | undefined,
    requestId: string,
    address?: string | null,
  ): Promise<Response>
  /** What a route's own marker does: go on (public, or admitted and meeting it), authenticate, or refuse (L6). */
  gate: RouteGate
}

/**
 * Validates the adapter options and builds what the adapter shares across requests.
 *
 * @example
 * // inside an adapter (keyward/express, keyward/fastify, keyward/hono)
 * const kit = createAdapterKit(keyward, { trustProxy: 1 }, 'keyward/express')
 * kit.classify('/api/v1/ping') // 'ping'
 */
export function createAdapterKit(
  keyward: Keyward,
  options: AdapterOptions | undefined,
  adapter: string,
  keywardArgument = 'the first argument',
): AdapterKit {
  if (typeof keyward !== 'object' || keyward === null || typeof keyward.authenticate !== 'function') {
    throw new TypeError(
      `${adapter}: ${keywardArgument} must be a keyward instance from createKeyward() (got ${describe(keyward)})`,
    )
  }
  const settings = resolveOptions(keyward, options, adapter)
  const errorResponse = createThrownAnswer(keyward, settings.onError)
  const answer = createOwnAnswers(keyward, settings)
  const views = createViews(keyward, settings, adapter)
  return {
    keyward,
    classify: createClassifier(settings),
    ...views,
    routeRequirements: (route, where) => checkRouteOptions(adapter, route, where),
    gate: createRouteGate(keyward, errorResponse),
    ...createDecider(keyward, errorResponse),
    answer,
    answerNode(kind, view, request, write, fail) {
      const result = answer(kind, view, (max) => readNodeBody(request, max), request.headers)
      if (isPromise(result)) result.then(write, fail)
      else write(result)
    },
    async answerFetch(kind, request, node, requestId, address) {
      const view = views.viewFromFetch(request, node, requestId, undefined, address)
      const headers = node?.headers ?? nodeHeaders(request.headers)
      const response = toResponse(await answer(kind, view, (max) => readFetchBody(request, max), headers))
      response.headers.set('X-Request-ID', requestId)
      return response
    },
    errorResponse,
  }
}

/** Writes a response of keyward's to a Node response. */
export function writeNode(res: ServerResponse, response: KeywardResponse): void {
  res.statusCode = response.status
  for (const name in response.headers) res.setHeader(name, response.headers[name]!)
  res.end(response.body)
}

/** A response of keyward's as a fetch `Response` (an empty body as none). */
export function toResponse(response: KeywardResponse): Response {
  return new Response(response.body === '' ? null : response.body, {
    status: response.status,
    headers: response.headers,
  })
}

/**
 * A route's requirements with one more of its markers (`undefined` before the first): public only
 * when every marker says so, else what all its markers ask at once.
 */
export function withMarker(
  requirements: RouteRequirements | null | undefined,
  marker: RouteRequirements | null,
): RouteRequirements | null {
  if (marker === null) return requirements ?? null
  return requirements == null ? marker : mergeRequirements(requirements, marker)
}

/**
 * For a server that turns Node requests into fetch `Request`s: a request it cannot read gets
 * keyward's 400 envelope with a request id when `malformed` says so (a bad path, URL or Host
 * header), else a 500 envelope.
 */
export function unreadableRequestHandler(
  keyward: Keyward,
  malformed: (error: unknown) => boolean,
): (error: unknown) => Response {
  return function keywardRequestError(error) {
    return toResponse(unreadableRequestResponse(keyward, error, malformed(error)))
  }
}
