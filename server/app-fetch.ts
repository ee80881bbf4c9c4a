/**
 * The reference server on keyward/fetch: one fetch handler (`Request` in, `Response` out) that runs
 * as it is on Bun.serve and Deno.serve, and on Node through @hono/node-server's bridge.
 */
import { createServer } from 'node:http'
import { type ClientAddress, clientErrorHandler, keywardFetch } from '../adapters/fetch.js'
import type { KeywardResponse } from '../src/index.js'
import {
  type AppConfig,
  type BuiltApp,
  closeServer,
  EMAIL_VALIDATE,
  emailValidate,
  IP_LOOKUP,
  ipLookup,
  queryOf,
  REPORTS,
  reports,
  WHOAMI,
  whoami,
} from './app.js'
import { METER, meter, meterCharge, meterChargeCost, meterCost } from './meter.js'
import { OPENAPI_PATH, referenceDocument } from './openapi.js'

/** A fetch handler with whatever the server passes beside the request. */
export type FetchApp = (request: Request, ...rest: unknown[]) => Promise<Response>

const send = (response: KeywardResponse) =>
  new Response(response.body === '' ? null : response.body, { status: response.status, headers: response.headers })

/**
 * The reference app as a fetch handler. `clientAddress` reads the client address from what the
 * server passes beside the request (Bun's server, Deno's info, the Node bridge's request).
 *
 * @example
 * const app = createFetchApp(config, (request, server) => server.requestIP(request)?.address)
 * Bun.serve({ port: 3000, fetch: app })
 */
export function createFetchApp(config: AppConfig, clientAddress?: ClientAddress): FetchApp {
  const { keyward } = config
  const guard = keywardFetch(keyward, {
    dashboard: config.dashboard,
    webPage: true,
    trustProxy: config.trustProxy,
    onError: config.onError,
    secretScanning: config.secretScanning,
    notFound: '/api',
    clientAddress,
  })
  const openapi = JSON.stringify(referenceDocument(keyward, config.secretScanning))
  const routes = new Map<string, (request: Request, ...rest: unknown[]) => Promise<Response>>([
    [
      IP_LOOKUP.path,
      guard.wrap((request, { apiKey }) => send(ipLookup(keyward, apiKey.requestId, queryOf(request.url))), {
        scopes: [...IP_LOOKUP.scopes],
      }),
    ],
    [
      EMAIL_VALIDATE.path,
      guard.wrap((request, { apiKey }) => send(emailValidate(keyward, apiKey.requestId, queryOf(request.url))), {
        scopes: [...EMAIL_VALIDATE.scopes],
      }),
    ],
    [
      REPORTS.path,
      guard.wrap((_request, { apiKey }) => send(reports(keyward, apiKey.requestId)), {
        permissions: REPORTS.permissions,
      }),
    ],
    [
      METER.path,
      guard.wrap((request, { apiKey }) => send(meter(keyward, apiKey.requestId, queryOf(request.url))), {
        scopes: [...METER.scopes],
        cost: meterCost,
      }),
    ],
    [WHOAMI.path, guard.wrap((_request, { apiKey }) => send(whoami(keyward, apiKey)), { consume: WHOAMI.consume })],
    [
      OPENAPI_PATH,
      guard.wrap(() => new Response(openapi, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }), {
        public: true,
      }),
    ],
  ])
  const posts = new Map<string, (request: Request, ...rest: unknown[]) => Promise<Response>>([
    [
      METER.chargePath,
      guard.wrap(async (request, { apiKey }) => send(await meterCharge(keyward, apiKey, queryOf(request.url))), {
        scopes: [...METER.scopes],
        cost: meterChargeCost,
      }),
    ],
  ])
  return function referenceFetchApp(request, ...rest) {
    const own = guard.handle(request, ...rest)
    if (own !== undefined) return own
    // GET routes answer HEAD as well (as the other frameworks' routers do).
    const path = new URL(request.url).pathname
    const method = request.method
    const route =
      method === 'GET' || method === 'HEAD' ? routes.get(path) : method === 'POST' ? posts.get(path) : undefined
    if (route !== undefined) return route(request, ...rest)
    return guard.notFound(request, ...rest) ?? Promise.resolve(new Response('404 Not Found', { status: 404 }))
  }
}

/**
 * The reference app on Node: the fetch handler behind @hono/node-server's bridge, on a Node server
 * it does not listen on yet.
 *
 * @example
 * const { server } = await buildFetchApp(config)
 * server.listen(3000)
 */
export async function buildFetchApp(config: AppConfig): Promise<BuiltApp> {
  // Loaded here, so Bun and Deno, which serve `createFetchApp` themselves, never load the bridge;
  // keyward/hono's handler knows the bridge's errors.
  const { getRequestListener } = await import('@hono/node-server')
  const { requestErrorHandler } = await import('../adapters/hono.js')
  const app = createFetchApp(config, (_request, env) => (env as NodeBindings).incoming.socket.remoteAddress)
  // Requests the bridge cannot turn into a fetch Request get keyward's envelope too (R2).
  const listener = getRequestListener(app, { errorHandler: requestErrorHandler(config.keyward) })
  const server = createServer(listener)
  // H1: see every header line (Node drops those past its cap by default); the 16 KiB head limit still bounds them.
  server.maxHeadersCount = 0
  server.on('clientError', clientErrorHandler(config.keyward))
  return { server, close: () => closeServer(server) }
}

/** What @hono/node-server passes beside the request. */
interface NodeBindings {
  incoming: { socket: { remoteAddress?: string } }
}
