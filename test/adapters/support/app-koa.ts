/**
 * The reference app on Koa 3 with @koa/router, for the parity suite: the routes of server/app.ts
 * wired the way a Koa user would, so its answers can be compared with the other frameworks'.
 */
import { createServer } from 'node:http'
import Router from '@koa/router'
import Koa, { type Context } from 'koa'
import { clientErrorHandler, keywardKoa } from '../../../adapters/koa.js'
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
} from '../../../server/app.js'
import { METER, meter, meterCharge, meterChargeCost, meterCost } from '../../../server/meter.js'
import { OPENAPI_PATH, referenceDocument } from '../../../server/openapi.js'
import type { KeywardResponse } from '../../../src/index.js'

/** keyward's prepared response, through Koa (status, headers, body). */
function send(ctx: Context, response: KeywardResponse): void {
  ctx.status = response.status
  ctx.set(response.headers)
  ctx.body = response.body
}

export async function buildKoaApp(config: AppConfig): Promise<BuiltApp> {
  const { keyward } = config
  const api = keywardKoa(keyward, {
    dashboard: config.dashboard,
    webPage: true,
    trustProxy: config.trustProxy,
    onError: config.onError,
    secretScanning: config.secretScanning,
    notFound: '/api',
  })
  const router = new Router()
  router.get(IP_LOOKUP.path, api.protect({ scopes: [...IP_LOOKUP.scopes] }), (ctx) => {
    send(ctx, ipLookup(keyward, ctx.state.apiKey!.requestId, queryOf(ctx.originalUrl)))
  })
  router.get(EMAIL_VALIDATE.path, api.protect({ scopes: [...EMAIL_VALIDATE.scopes] }), (ctx) => {
    send(ctx, emailValidate(keyward, ctx.state.apiKey!.requestId, queryOf(ctx.originalUrl)))
  })
  router.get(REPORTS.path, api.protect({ permissions: REPORTS.permissions }), (ctx) => {
    send(ctx, reports(keyward, ctx.state.apiKey!.requestId))
  })
  router.get(METER.path, api.protect({ scopes: [...METER.scopes], cost: meterCost }), (ctx) => {
    send(ctx, meter(keyward, ctx.state.apiKey!.requestId, queryOf(ctx.originalUrl)))
  })
  router.post(METER.chargePath, api.protect({ scopes: [...METER.scopes], cost: meterChargeCost }), async (ctx) => {
    send(ctx, await meterCharge(keyward, ctx.state.apiKey!, queryOf(ctx.originalUrl)))
  })
  router.get(WHOAMI.path, api.protect({ consume: WHOAMI.consume }), (ctx) => {
    send(ctx, whoami(keyward, ctx.state.apiKey!))
  })
  const openapi = JSON.stringify(referenceDocument(keyward))
  router.get(OPENAPI_PATH, api.public(), (ctx) => {
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = openapi
  })
  const app = new Koa()
  app.silent = true
  app.use(api)
  app.use(router.routes())
  const server = createServer(app.callback())
  // H1: see every header line (Node drops those past its cap by default); the 16 KiB head limit still bounds them.
  server.maxHeadersCount = 0
  server.on('clientError', clientErrorHandler(keyward))
  return { server, close: () => closeServer(server) }
}
