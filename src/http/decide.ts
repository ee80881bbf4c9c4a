/**
 * Deciding a protected request: a refusal at once, an admission with the other requests of its
 * event-loop turn, the 403 of a route's requirements (L6), and the usage entry once the response
 * is finished (L4a).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Keyward } from '../core/instance.js'
import { recordedPath } from '../core/decisions.js'
import { costOf } from '../core/route-cost.js'
import { isPromise } from '../core/store-calls.js'
import type {
  ApiKeyContext,
  AuthSuccess,
  KeywardResponse,
  RequestView,
  RouteCost,
  RouteRequirements,
} from '../core/types.js'

import type { ThrownErrorResponse } from './error-envelope.js'
import { pathOf, queryOf } from './classify.js'

/**
 * What to do with a protected request:
 * - `answer`: send this response; no handler runs.
 * - `proceed`: add `success.headers` to whatever the handler sends, give it `success.apiKey`, and
 *   call the kit's `finish(step, status)` once the response is over (decided with `finishOnClose`,
 *   the kit does that itself).
 * - `null`: the client left while the store decided; send nothing, run nothing.
 */
export type Step = { answer: KeywardResponse } | Admitted | null

/** An admitted request: its decision, and its view for the usage entry. */
export type Admitted = { proceed: AuthSuccess; view: RequestView }

/**
 * Decides a protected request and calls `then` with the step to take: a refusal at once; an
 * admission with the other requests of its event-loop turn, or when the store answers. `response`,
 * the Node response when there is one, tells whether the client has left meanwhile; with
 * `finishOnClose`, an admitted request's usage entry follows that response's close (L4a). A throw
 * from `then` becomes a 500 answer. `source`, the request itself, gives a route's cost function
 * its headers (M2); a cost function that throws or answers no cost is a 500 answer, told to
 * `onError`, and the request is not decided.
 */
export type Decide = (
  view: RequestView,
  requirements: RouteRequirements,
  response: ServerResponse | undefined,
  finishOnClose: boolean,
  then: (step: Step) => void,
  source?: IncomingMessage | Request,
) => void

/** Deciding protected requests, and their usage entries once their responses are over. */
export interface Decider {
  decide: Decide
  /** Records the usage entry of an admitted request once its response is over, with its status (L4a). */
  finish(step: Admitted, status: number): void
}

/** L6: the 403 for an admitted key that lacks what a route asks; null when it has it. */

/**
 * True when nothing written to `response` can reach its client any more: the connection closed,
 * or the client shut its side (Node then ends the socket before `destroyed` turns true).
 *
 * @example
 * if (clientGone(res)) return // nobody is left to read it
 */
export function clientGone(response: ServerResponse): boolean {
  if (response.destroyed) return true
  const socket = response.socket
  return socket !== null && !socket.writable
}

/** The status a request's usage entry gets when its client left before the decision (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499

/**
 * Adds to a fetch `Response` the headers it lacks; returns the names its headers refused
 * (immutable, as a fetched `Response`'s are), for the caller to set on a copy.
 */
export function fillHeaders(response: Response, headers: Record<string, string>): string[] {
  const refused: string[] = []
  for (const name in headers) {
    if (response.headers.has(name)) continue
    try {
      response.headers.set(name, headers[name]!)
    } catch {
      refused.push(name)
    }
  }
  return refused
}

/**
 * What a route's own marker does with a request, given the key already admitted for it (if any):
 * `'next'` runs the route (public, or its key meets the route), `'authenticate'` decides the request
 * with the route's requirements, and a response refuses it (L6: the admitted key lacks what it asks).
 */
export type RouteGate = (
  requirements: RouteRequirements | null,
  admitted: ApiKeyContext | undefined,
  source?: GateSource,
) => 'next' | 'authenticate' | KeywardResponse

/** The request a gate prices a cost function by: Node's (Express's keeps its `originalUrl`) or a fetch one. */
export type GateSource = (IncomingMessage & { originalUrl?: string }) | Request

/**
 * The gate of a route's marker: public goes on, not yet admitted authenticates (A2), and a key
 * admitted earlier must meet the route and pays its cost (L6, M2, M7). `source` prices the
 * route's cost when it is a function (read only then).
 */
export function createRouteGate(keyward: Keyward, thrownErrorResponse: ThrownErrorResponse): RouteGate {
  return function routeGate(requirements, admitted, source) {
    if (requirements === null) return 'next'
    if (admitted === undefined) return 'authenticate'
    const cost = requirements.cost
    let units = 1
    try {
      units = cost === undefined ? 1 : typeof cost === 'number' ? cost : priceOf(cost, source)
    } catch (error) {
      // M2: as on the authorize path, a cost function that fails is a 500 and counts nothing more.
      return thrownErrorResponse(error, admitted.requestId)
    }
    return keyward.admittedRouteCheck(admitted, requirements, units) ?? 'next'
  }
}

/** A route's cost function priced for `source`, as the authorize path prices it (M2). */
function priceOf(cost: Exclude<RouteCost, number>, source: GateSource | undefined): number {
  if (source === undefined) return costOf(cost, {})
  const url = 'rawHeaders' in source ? (source.originalUrl ?? source.url ?? '/') : source.url
  return costOf(cost, { method: source.method, path: pathOf(url), query: queryOf(url) }, headerReader(source))
}

/** Deciding a protected request, and the usage entry once its response is finished (L4a). */
export function createDecider(keyward: Keyward, thrownErrorResponse: ThrownErrorResponse): Decider {
  /** Records the usage entry of an admitted request whose response is over (L4a); nothing unless it consumed. */
  function finish(step: Admitted, status: number): void {
    const { apiKey } = step.proceed
    if (!apiKey.consumed) return
    const view = step.view
    keyward.recordUsage(apiKey, {
      method: view.method!,
      path: recordedPath(view),
      status,
      ip: view.ip ?? null,
    })
  }

  /** `then(step)`, a throw becoming a 500 answer; with `closing`, the usage entry follows its close (L4a). */
  function deliver(then: (step: Step) => void, step: Step, view: RequestView, closing?: ServerResponse): void {
    // 'close' follows 'finish', and comes alone when the connection breaks first. Listened to
    // first, so a unit taken stays recorded whatever `then` does.
    if (closing !== undefined && step !== null && 'proceed' in step && step.proceed.apiKey.consumed)
      closing.on('close', () => finish(step, closing.statusCode))
    try {
      then(step)
    } catch (error) {
      then({ answer: thrownErrorResponse(error, view.requestId!, view.method) })
    }
  }

  // Requests admitted synchronously in one event-loop turn go on together, once the turn has read
  // them all, as a Redis batch's do: handling them back to back costs the process less per request.
  let admitted: Admitted[] = []
  let thens: ((step: Step) => void)[] = []
  let closings: (ServerResponse | undefined)[] = []
  function runTurn(): void {
    const steps = admitted
    const calls = thens
    const responses = closings
    admitted = []
    thens = []
    closings = []
    for (let i = 0; i < steps.length; i++) deliver(calls[i]!, steps[i]!, steps[i]!.view, responses[i])
  }

  return {
    decide(view, requirements, response, finishOnClose, then, source) {
      const closing = finishOnClose ? response : undefined
      let route = requirements
      if (typeof requirements.cost === 'function') {
        try {
          route = { ...requirements, cost: costOf(requirements.cost, view, headerReader(source)) }
        } catch (error) {
          return then({ answer: thrownErrorResponse(error, view.requestId!, view.method) })
        }
      }
      const decision = keyward.authenticate(view, route)
      if (isPromise(decision)) {
        decision.then((d) => {
          if (response === undefined || !clientGone(response))
            return deliver(then, d.ok ? { proceed: d, view } : { answer: d.response }, view, closing)
          // The client left: nothing to answer, no handler to run; a unit taken stays recorded (L4a).
          if (d.ok) finish({ proceed: d, view }, CLIENT_CLOSED_REQUEST)
          then(null)
        })
      } else if (!decision.ok) {
        then({ answer: decision.response })
      } else {
        if (admitted.push({ proceed: decision, view }) === 1) setImmediate(runTurn)
        thens.push(then)
        closings.push(closing)
      }
    },
    finish,
  }
}

/** A request's header values, for a route's cost function: the first line of each, any case. */
function headerReader(source: IncomingMessage | Request | undefined): (name: string) => string | undefined {
  if (source === undefined) return () => undefined
  if ('rawHeaders' in source) {
    const headers = source.headers
    return (name) => {
      const value = headers[name.toLowerCase()]
      return Array.isArray(value) ? value[0] : value
    }
  }
  return (name) => source.headers.get(name) ?? undefined
}
