/**
 * What `keyward/nestjs` does beneath Nest, on the Node request and response of either platform:
 * the request id, writing keyward's own responses, deciding a request, and keyward's own endpoints
 * ahead of Nest's body parser and routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpException } from '@nestjs/common'
import type { HttpAdapterHost } from '@nestjs/core'
import type { KeywardResponse, RequestView, RouteRequirements } from '../src/core/types.js'
import { type AdapterKit, type Step, writeNode } from '../src/http/kit.js'

export const kRequestId = Symbol('keyward.requestId')
/** Set once a handler was routed, so a 404 without it is Nest's own for a path no handler takes. */
export const kRouted = Symbol('keyward.routed')
export type NodeRequest = IncomingMessage & { [kRequestId]?: string; [kRouted]?: boolean; originalUrl?: string }
/** Express's request and response, or Fastify's with the Node ones as `raw`. */
export type Platform<T> = T | { raw: T; hijack?: () => void }

export const rawOf = <T>(value: Platform<T>): T => ((value as { raw?: T }).raw ?? value) as T
export const urlOf = (req: NodeRequest) => req.originalUrl ?? req.url ?? '/'

/** The request id, made once per request and sent as X-Request-ID. */
export function requestIdOf(kit: AdapterKit, req: NodeRequest, res: ServerResponse): string {
  let id = req[kRequestId]
  if (id === undefined) {
    id = req[kRequestId] = kit.requestId(req)
    res.setHeader('X-Request-ID', id)
  }
  return id
}

/** Writes keyward's response itself; Fastify is told the reply is taken. */
export function write(response: Platform<ServerResponse>, answer: KeywardResponse): void {
  ;(response as { hijack?: () => void }).hijack?.()
  writeNode(rawOf(response), answer)
}

/** A refusal of the guard: keyward's answer, and its status and envelope for any filter of the host's that takes it first. */
export class KeywardRefusal extends HttpException {
  constructor(readonly answer: KeywardResponse | null) {
    super(answer === null || answer.body === '' ? {} : JSON.parse(answer.body), answer?.status ?? 499)
  }
}

/** Decides a request with `need`: the key on `request.apiKey`, or a `KeywardRefusal`. */
export function decide(
  kit: AdapterKit,
  view: RequestView,
  need: RouteRequirements,
  request: object,
  res: ServerResponse,
) {
  // Express's request is Node's; Fastify's holds it as `raw`: a route's cost function reads its headers.
  const source = ((request as { raw?: IncomingMessage }).raw ?? request) as IncomingMessage
  return new Promise<true>((resolve, reject) =>
    kit.decide(
      view,
      need,
      res,
      true,
      (step: Step) => {
        if (step === null || 'answer' in step) {
          // Sent by a filter of the host's too, should one take the refusal before keyward's.
          for (const name in step?.answer.headers) res.setHeader(name, step.answer.headers[name]!)
          return reject(new KeywardRefusal(step?.answer ?? null))
        }
        for (const name in step.proceed.headers) res.setHeader(name, step.proceed.headers[name]!)
        Object.assign(request, { apiKey: step.proceed.apiKey })
        resolve(true)
      },
      source,
    ),
  )
}

/**
 * keyward's own endpoints (ping, the auth test, the dashboard, the web page) ahead of Nest: on
 * Express before its body parser, on Fastify in `onRequest`, so the dashboard reads its own body.
 */
export function installOwnEndpoints(kit: AdapterKit, host: HttpAdapterHost): void {
  const front = (req: NodeRequest, res: ServerResponse, next: () => void, take?: () => void) => {
    const kind = kit.classify(urlOf(req))
    if (kind === 'outside' || kind === 'protected') {
      if (kind === 'protected') requestIdOf(kit, req, res)
      next()
      return
    }
    const view = kit.viewFromNode(req, urlOf(req), requestIdOf(kit, req, res))
    take?.()
    const fail = (error: unknown) => writeNode(res, kit.errorResponse(error, view.requestId!, req.method))
    kit.answerNode(kind, view, req, (answer) => writeNode(res, answer), fail)
  }
  const instance = host.httpAdapter?.getInstance()
  if (typeof instance?.addHook === 'function')
    instance.addHook('onRequest', (request: { raw: NodeRequest }, reply: Platform<ServerResponse>, done: () => void) =>
      front(request.raw, rawOf(reply), done, () => (reply as { hijack(): void }).hijack()),
    )
  // Three parameters: Express takes a four-parameter function for an error handler.
  else instance?.use((req: NodeRequest, res: ServerResponse, next: () => void) => front(req, res, next))
}
