/** The reference server on Hono 4 with @hono/node-server. */
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { clientErrorHandler, type KeywardEnv, keywardHono, requestErrorHandler } from '../adapters/hono.js'
import type { KeywardResponse } from '../src/index.js'
import {
  type AppConfig,
  type BuiltApp,
  closeServer,
  EMAIL_VALIDATE,
  emailValidate,
  IP_LOOKUP,
  REPORTS,
  reports,
  ipLookup,
  queryOf,
  WHOAMI,
  whoami,
} from './app.js'
import { METER, meter, meterCharge, meterChargeCost, meterCost } from './meter.js'
import { OPENAPI_PATH, referenceDocument } from './openapi.js'

/**
 * How the app mounts keyward: `middleware` is `app.use(api)` plus `api.protect()` on each route;
 * `guard` wraps each route's handler in `api.guard()` and mounts no middleware, so every route
 * keeps Hono's one-handler fast path. Both answer every request alike.
 */
export type HonoForm = 'middleware' | 'guard'

/**
 * The Hono app alone, for in-process requests (`app.request()`, `app.fetch`).
 *
 * @example
 * const response = await createHonoApp(config).request('/api/v1/ping')
 */
export function createHonoApp(config: AppConfig, form: HonoForm = 'middleware'): Hono {
  const { keyward } = config
  const api = keywardHono(keyward, {
    dashboard: config.dashboard,
    webPage: true,
    trustProxy: config.trustProxy,
    onError: config.onError,
    secretScanning: config.secretScanning,
    notFound: '/api',
  })
  const app = new Hono()
  // c.newResponse() keeps the headers keyward prepared (rate limits, request id).
  const send = (c: Context, response: KeywardResponse) =>
    c.newResponse(response.body, response.status as 200, response.headers)
  const ip = (c: Context<KeywardEnv>) => send(c, ipLookup(keyward, c.var.apiKey.requestId, queryOf(c.req.url)))
  const email = (c: Context<KeywardEnv>) => send(c, emailValidate(keyward, c.var.apiKey.requestId, queryOf(c.req.url)))
  const self = (c: Context<KeywardEnv>) => send(c, whoami(keyward, c.var.apiKey))
  const openapi = JSON.stringify(referenceDocument(keyward, config.secretScanning))
  const document = (c: Context) => c.body(openapi, 200, { 'Content-Type': 'application/json; charset=utf-8' })
  const report = (c: Context<KeywardEnv>) => send(c, reports(keyward, c.var.apiKey.requestId))
  const metered = (c: Context<KeywardEnv>) => send(c, meter(keyward, c.var.apiKey.requestId, queryOf(c.req.url)))
  const charged = async (c: Context<KeywardEnv>) =>
    send(c, await meterCharge(keyward, c.var.apiKey, queryOf(c.req.url)))
  const meterRoute = { scopes: [...METER.scopes], cost: meterCost }
  const chargeRoute = { scopes: [...METER.scopes], cost: meterChargeCost }
  if (form === 'guard') {
    app.get(IP_LOOKUP.path, api.guard({ scopes: [...IP_LOOKUP.scopes] }, ip))
    app.get(EMAIL_VALIDATE.path, api.guard({ scopes: [...EMAIL_VALIDATE.scopes] }, email))
    app.get(REPORTS.path, api.guard({ permissions: REPORTS.permissions }, report))
    app.get(METER.path, api.guard(meterRoute, metered))
    app.post(METER.chargePath, api.guard(chargeRoute, charged))
    app.get(WHOAMI.path, api.guard({ consume: WHOAMI.consume }, self))
    app.get(OPENAPI_PATH, api.guard({ public: true }, document))
  } else {
    app.use(api)
    app.get(IP_LOOKUP.path, api.protect({ scopes: [...IP_LOOKUP.scopes] }), ip)
    app.get(EMAIL_VALIDATE.path, api.protect({ scopes: [...EMAIL_VALIDATE.scopes] }), email)
    app.get(REPORTS.path, api.protect({ permissions: REPORTS.permissions }), report)
    app.get(METER.path, api.protect(meterRoute), metered)
    app.post(METER.chargePath, api.protect(chargeRoute), charged)
    app.get(WHOAMI.path, api.protect({ consume: WHOAMI.consume }), self)
    app.get(OPENAPI_PATH, api.public(), document)
  }
  app.notFound(api.notFound)
  app.onError(api.onError)
  return app
}

/**
 * The reference app on Hono with @hono/node-server, on a Node server it does not listen on yet.
 *
 * @example
 * const { server } = await buildHonoApp(config)
 * server.listen(3000)
 */
export async function buildHonoApp(config: AppConfig, form: HonoForm = 'middleware'): Promise<BuiltApp> {
  const app = createHonoApp(config, form)
  // Requests node-server cannot turn into a fetch Request get keyward's envelope too (R2).
  const server = createServer(getRequestListener(app.fetch, { errorHandler: requestErrorHandler(config.keyward) }))
  // H1: see every header line (Node drops those past its cap by default); the 16 KiB head limit still bounds them.
  server.maxHeadersCount = 0
  server.on('clientError', clientErrorHandler(config.keyward))
  return { server, close: () => closeServer(server) }
}
