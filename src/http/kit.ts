/**
 * The adapter kit: everything the Express, Fastify and Hono adapters share. An adapter reads the
 * request into a `RequestView`, asks the kit what the request is (`classify`) and what to do with
 * it (`decide`, `answer`), and writes the result. Every decision lives here or in the core, once:
 * adapters hold none.
 *
 * keyward is a guest in the host's app (A1): it answers and changes nothing outside the paths the
 * host gives it, and inside them every route needs a key unless the host marks it public (A2).
 */
import type { Keyward } from '../core/instance.js'
import type { KeywardResponse, RouteRequirements } from '../core/types.js'
import { type PathKind, createClassifier } from './classify.js'
import { type Decider, type RouteGate, createDecider, createRouteGate } from './decide.js'
import { type ThrownErrorResponse, createThrownAnswer } from './error-envelope.js'
import { type AdapterOptions, type RouteOptions, checkRouteOptions, describe, resolveOptions } from './options.js'
import { type Answer, createOwnAnswers } from './own-endpoints.js'
import { readFetchBody, readNodeBody } from './request-body.js'
import { type RequestViews, createViews } from './request-view.js'

export { type AdapterOptions, mergeRequirements, type RouteOptions, type WebPageOptions } from './options.js'
export type { AnsweredKind, PathKind } from './classify.js'
export { type Admitted, CLIENT_CLOSED_REQUEST, clientGone, type Step } from './decide.js'
export { type RequestProblem, statusOfThrown, unreadableRequestResponse } from './error-envelope.js'
export { nodeHeaders, readCredentialLines, resolveClientIp, splitJoinedAuthorization } from './request-view.js'
export { isPromise } from '../core/store-calls.js'
export { readFetchBody, readNodeBody }

/** The shared state of one adapter, made once at setup. */
export interface AdapterKit extends RequestViews, Decider {
  readonly keyward: Keyward
  /** What a request is, from its target and, when the framework matched a route, that route's path (A3). */
  classify(target: string, routed?: string): PathKind
  /** A route's options, checked (a TypeError names the field); null for a public route. */
  routeRequirements(options: RouteOptions | undefined, where: string): RouteRequirements | null
  /** keyward's own answer for ping, the auth test, the dashboard, the web page and 404s. */
  answer: Answer
  /** A thrown error as the error envelope; 5xx errors are passed to `onError`. */
  errorResponse: ThrownErrorResponse
  /** Whether unknown paths under the protected paths get keyward's 404 (the `notFound` option). */
  readonly answersNotFound: boolean
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
  return {
    keyward,
    classify: createClassifier(settings),
    ...createViews(keyward, settings, adapter),
    routeRequirements: (route, where) => checkRouteOptions(adapter, route, where),
    answersNotFound: settings.notFound !== null,
    gate: createRouteGate(keyward),
    ...createDecider(keyward, errorResponse),
    answer: createOwnAnswers(keyward, settings),
    errorResponse,
  }
}

/** A response of keyward's as a fetch `Response` (an empty body as none). */
export function toResponse(response: KeywardResponse): Response {
  return new Response(response.body === '' ? null : response.body, {
    status: response.status,
    headers: response.headers,
  })
}
