/** The reference server on Express (5 by default; tests also pass Express 4). */
import { createServer } from 'node:http'
import express from 'express'
import { clientErrorHandler, keywardExpress } from '../adapters/express.js'
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
 * The reference app on Express; `factory` is `express` (5) unless a test passes Express 4's.
 *
 * @example
 * const { server } = await buildExpressApp(config)
 * server.listen(3000)
 */
export async function buildExpressApp(config: AppConfig, factory: () => express.Express = express): Promise<BuiltApp> {
  const { keyward } = config
  const api = keywardExpress(keyward, {
    dashboard: config.dashboard,
    webPage: true,
    trustProxy: config.trustProxy,
    onError: config.onError,
    secretScanning: config.secretScanning,
    notFound: '/api',
  })
  const send = (res: express.Response, response: KeywardResponse) =>
    res.status(response.status).set(response.headers).end(response.body)
  const app = factory()
  app.disable('x-powered-by')
  api.get(IP_LOOKUP.path, api.protect({ scopes: [...IP_LOOKUP.scopes] }), (req, res) => {
    send(res, ipLookup(keyward, req.apiKey!.requestId, queryOf(req.originalUrl)))
  })
  api.get(EMAIL_VALIDATE.path, api.protect({ scopes: [...EMAIL_VALIDATE.scopes] }), (req, res) => {
    send(res, emailValidate(keyward, req.apiKey!.requestId, queryOf(req.originalUrl)))
  })
  api.get(REPORTS.path, api.protect({ permissions: REPORTS.permissions }), (req, res) => {
    send(res, reports(keyward, req.apiKey!.requestId))
  })
  api.get(METER.path, api.protect({ scopes: [...METER.scopes], cost: meterCost }), (req, res) => {
    send(res, meter(keyward, req.apiKey!.requestId, queryOf(req.originalUrl)))
  })
  api.post(METER.chargePath, api.protect({ scopes: [...METER.scopes], cost: meterChargeCost }), (req, res, next) => {
    meterCharge(keyward, req.apiKey!, queryOf(req.originalUrl)).then((response) => send(res, response), next)
  })
  api.get(WHOAMI.path, api.protect({ consume: WHOAMI.consume }), (req, res) => {
    send(res, whoami(keyward, req.apiKey!))
  })
  const openapi = JSON.stringify(referenceDocument(keyward, config.secretScanning))
  api.get(OPENAPI_PATH, api.public(), (_req, res) => {
    res.type('application/json; charset=utf-8').end(openapi)
  })
  app.use(api)
  app.use(api.errorHandler)
  const server = createServer(app)
  // H1: see every header line (Node drops those past its cap by default); the 16 KiB head limit still bounds them.
  server.maxHeadersCount = 0
  server.on('clientError', clientErrorHandler(keyward))
  return { server, close: () => closeServer(server) }
}
