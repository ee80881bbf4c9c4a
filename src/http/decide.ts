/**
 * Deciding a protected request: a refusal at once, an admission with the other requests of its
 * event-loop turn, the 403 of a route's requirements (L6), and the usage entry once the response
 * is finished (L4a).
 */
import type { ServerResponse } from 'node:http'
import type { Keyward } from '../core/instance.js'
import { MESSAGES } from '../core/messages.js'
import { isPromise } from '../core/store-calls.js'
import type { ApiKeyContext, AuthSuccess, KeywardResponse, RequestView, RouteRequirements } from '../core/types.js'
import type { ThrownErrorResponse } from './error-envelope.js'
import { canonicalPath } from './request-path.js'

/**
 * What to do with a protected request:
 * - `answer`: send this response; no handler runs.
 * - `proceed`: add `success.headers` to whatever the handler sends, give it `success.apiKey`, and
 *   call `finish(status)` once the response is over.
 * - `null`: the client left while the store decided; send nothing, run nothing.
 */
export type Step = { answer: KeywardResponse } | { proceed: AuthSuccess; finish: (status: number) => void } | null

/**
 * Decides a protected request and calls `then` with the step to take. `gone` tells whether the
 * client has left meanwhile. A throw from `then` becomes a 500 answer.
 */
export type Decide = (
  view: RequestView,
  requirements: RouteRequirements,
  gone: () => boolean,
  then: (step: Step) => void,
) => void

/** L6: the 403 for an admitted key that lacks what a route asks; null when it has it. */
export type Unmet = (apiKey: ApiKeyContext, requirements: RouteRequirements) => KeywardResponse | null

/**
 * True when nothing written to `response` can reach its client any more: the connection closed,
 * or the client shut its side (Node then ends the socket before `destroyed` turns true).
 *
 * @example
 * kit.decide(view, requirements, () => clientGone(res), write)
 */
export function clientGone(response: ServerResponse): boolean {
  if (response.destroyed) return true
  const socket = response.socket
  return socket !== null && !socket.writable
}

/** The status a request's usage entry gets when its client left before the decision (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499

/** L6: the 403 for an admitted key that lacks what a route asks; null when it has it. */
export function createUnmet(keyward: Keyward): Unmet {
  const names = keyward.names
  return function unmet(apiKey, requirements) {
    if (requirements.liveOnly === true && apiKey.keyType !== 'live') {
      return keyward.errorResponse('forbidden', MESSAGES.liveOnly(names), apiKey.requestId)
    }
    const missing = requirements.scopes?.find((scope) => apiKey.scopes !== null && !apiKey.scopes.includes(scope))
    return missing === undefined
      ? null
      : keyward.errorResponse('forbidden', MESSAGES.missingScope(names, missing), apiKey.requestId)
  }
}

/** Deciding a protected request, and the usage entry once its response is finished (L4a). */
export function createDecider(keyward: Keyward, thrownErrorResponse: ThrownErrorResponse): Decide {
  function recordFinished(apiKey: ApiKeyContext, view: RequestView, status: number): void {
    keyward.recordUsage(apiKey, {
      method: view.method!,
      path: view.route ?? canonicalPath(view.path!),
      status,
      ip: view.ip ?? null,
    })
  }

  function stepOf(decision: AuthSuccess, view: RequestView): Step {
    const apiKey = decision.apiKey
    const finish = apiKey.consumed ? (status: number) => recordFinished(apiKey, view, status) : () => {}
    return { proceed: decision, finish }
  }

  // Requests admitted synchronously in one event-loop turn go on together, once the turn has read
  // them all, as a Redis batch's do: handling them back to back costs the process less per request.
  let turn: (() => void)[] = []
  const runTurn = () => {
    const tasks = turn
    turn = []
    for (let i = 0; i < tasks.length; i++) tasks[i]!()
  }
  const later = (task: () => void) => {
    if (turn.push(task) === 1) setImmediate(runTurn)
  }

  function safely(then: (step: Step) => void, step: Step, view: RequestView): void {
    try {
      then(step)
    } catch (error) {
      then({ answer: thrownErrorResponse(error, view.requestId!, view.method) })
    }
  }

  return function decide(view, requirements, gone, then) {
    const decision = keyward.authenticate(view, requirements)
    if (isPromise(decision)) {
      decision.then((d) => {
        if (!gone()) return safely(then, d.ok ? stepOf(d, view) : { answer: d.response }, view)
        // The client left: nothing to answer, no handler to run; a unit taken stays recorded (L4a).
        if (d.ok && d.apiKey.consumed) recordFinished(d.apiKey, view, CLIENT_CLOSED_REQUEST)
        then(null)
      })
    } else if (!decision.ok) {
      then({ answer: decision.response })
    } else {
      later(() => safely(then, stepOf(decision, view), view))
    }
  }
}
