/**
 * keyward's own endpoints: ping, the auth test (E2), the dashboard routes, the web page, GitHub's
 * secret scanning reports (W3) and keyward's 404s.
 */
import type { Keyward } from '../core/instance.js'
import { MESSAGES } from '../core/messages.js'
import { successResponse } from '../core/responses.js'
import { isPromise } from '../core/store-calls.js'
import type { AuthDecision, Awaitable, KeywardResponse, RequestView, RouteRequirements } from '../core/types.js'
import type { DashboardRequest } from '../dashboard/index.js'
import type { AnsweredKind } from './classify.js'
import { onHead } from './error-envelope.js'
import type { ResolvedOptions } from './options.js'
import type { ReadBody } from './request-body.js'

const PING_ALLOW = 'GET, HEAD'
const WEB_PAGE_ALLOW = 'GET, HEAD'
const AUTH_TEST_ALLOW = 'GET, HEAD, POST'
const SECRET_SCANNING_ALLOW = 'POST'
/** The auth test and authenticated 404s check the key and consume nothing (L5, L4a). */
const NO_CONSUME: RouteRequirements = Object.freeze({ consume: false })

/** keyward's own answer for ping, the auth test, the dashboard, the web page and 404s. */
export type Answer = (
  kind: AnsweredKind,
  view: RequestView,
  readBody: ReadBody,
  headers: DashboardRequest['headers'],
) => Awaitable<KeywardResponse>

/** keyward's own answers: ping, the auth test, the dashboard, the web page and 404s. */
export function createOwnAnswers(keyward: Keyward, settings: ResolvedOptions): Answer {
  const { dashboard, dashboardPath, webPage, secretScanning } = settings
  const names = keyward.names
  const notFoundResponse = (requestId: string, headers?: Record<string, string>) =>
    keyward.errorResponse('not_found', MESSAGES.notFound(names), requestId, headers)
  const notAllowed = (view: RequestView, allow: string) =>
    keyward.errorResponse(
      'method_not_allowed',
      MESSAGES.methodNotAllowed(names, String(view.method).slice(0, 32), allow),
      view.requestId!,
      { Allow: allow },
    )

  /** E2: the decision as the auth test's answer. */
  function authTestAnswer(decision: AuthDecision, method: string | undefined) {
    if (!decision.ok) return onHead(method, decision.response)
    const data = { valid: true, authenticated: true, keyType: decision.apiKey.keyType }
    return onHead(method, successResponse(data, decision.requestId, keyward.clock.now(), decision.headers))
  }

  function notFoundAnswer(decision: AuthDecision, method: string | undefined) {
    return onHead(method, decision.ok ? notFoundResponse(decision.requestId, decision.headers) : decision.response)
  }

  async function runDashboard(
    view: RequestView,
    readBody: ReadBody,
    headers: DashboardRequest['headers'],
  ): Promise<KeywardResponse> {
    // A10: the dashboard reads the body only once its guard has admitted the request.
    const read: { body?: Awaited<ReturnType<ReadBody>> } = {}
    // H1 for the guard too: Node keeps only the first Authorization line in `headers`.
    if (typeof view.authorization === 'object') headers = { ...headers, authorization: [...view.authorization] }
    const response = await dashboard!.handle({
      method: view.method ?? 'GET',
      path: view.path!.slice(dashboardPath.length),
      query: view.query ?? '',
      headers,
      body: null,
      bodyTooLarge: false,
      readBody: async () => (read.body ??= await readBody(dashboard!.maxBodyBytes)),
      requestId: view.requestId!,
      ip: view.ip ?? null,
    })
    // The rest of an oversized body, or of one left unread that may be long, is not read: close
    // the connection instead of draining it.
    const unread = read.body === undefined
    if (unread ? mayBeLong(headers, dashboard!.maxBodyBytes) : read.body!.tooLarge)
      response.headers.Connection = 'close'
    return response
  }

  /** Whether a body left unread may be longer than `maxBytes`: declared so, or of a length not declared. */
  function mayBeLong(headers: DashboardRequest['headers'], maxBytes: number): boolean {
    if (headers['transfer-encoding'] !== undefined) return true
    const length = headers['content-length']
    return length !== undefined && !(Number(length) <= maxBytes)
  }

  return function answer(kind, view, readBody, headers) {
    const method = view.method
    if (kind === 'dashboard') return runDashboard(view, readBody, headers)
    if (kind === 'not-found') return onHead(method, notFoundResponse(view.requestId!))
    if (kind === 'secret-scanning') {
      if (method !== 'POST') return notAllowed(view, SECRET_SCANNING_ALLOW)
      return secretScanning!.answer({ headers, readBody, requestId: view.requestId! })
    }
    if (kind === 'web-page') {
      if (method !== 'GET' && method !== 'HEAD') return notAllowed(view, WEB_PAGE_ALLOW)
      return onHead(method, webPage!.answer(view.path!, view.requestId!))
    }
    if (kind === 'ping') {
      if (method !== 'GET' && method !== 'HEAD') return notAllowed(view, PING_ALLOW)
      return onHead(method, successResponse({ status: 'ok' }, view.requestId!, keyward.clock.now()))
    }
    // E2: the method is decided before authentication.
    if (kind === 'auth-test' && method !== 'GET' && method !== 'HEAD' && method !== 'POST')
      return notAllowed(view, AUTH_TEST_ALLOW)
    const respond = kind === 'auth-test' ? authTestAnswer : notFoundAnswer
    const decision = keyward.authenticate(view, NO_CONSUME)
    return isPromise(decision) ? decision.then((d) => respond(d, method)) : respond(decision, method)
  }
}
