/** The reference server on Fastify 5. */
import { createServer, type Server } from 'node:http'
import Fastify, { type FastifyReply } from 'fastify'
import { clientErrorHandler, keywardFastify } from '../adapters/fastify.js'
import type { KeywardResponse } from '../src/index.js'
import {
  type AppBuilder,
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
 * The reference app on Fastify, on a Node server it does not listen on yet.
 *
 * @example
 * const { server } = await buildFastifyApp(config)
 * server.listen(3000)
 */
export const buildFastifyApp: AppBuilder = async (config) => {
  const { keyward } = config
  let server: Server | undefined
  const app = Fastify({
    clientErrorHandler: clientErrorHandler(keyward),
    serverFactory: (handler) => {
      server = createServer(handler)
      // H1: see every header line (Node drops those past its cap by default); the 16 KiB head limit still bounds them.
      server.maxHeadersCount = 0
      return server
    },
  })
  await app.register(keywardFastify, {
    keyward,
    dashboard: config.dashboard,
    webPage: true,
    trustProxy: config.trustProxy,
    onError: config.onError,
    secretScanning: config.secretScanning,
    notFound: '/api',
  })
  const send = (reply: FastifyReply, response: KeywardResponse) =>
    reply.code(response.status).headers(response.headers).send(response.body)
  app.get(IP_LOOKUP.path, { config: { keyward: { scopes: [...IP_LOOKUP.scopes] } } }, (request, reply) => {
    send(reply, ipLookup(keyward, request.apiKey!.requestId, queryOf(request.url)))
  })
  app.get(EMAIL_VALIDATE.path, { config: { keyward: { scopes: [...EMAIL_VALIDATE.scopes] } } }, (request, reply) => {
    send(reply, emailValidate(keyward, request.apiKey!.requestId, queryOf(request.url)))
  })
  app.get(REPORTS.path, { config: { keyward: { permissions: REPORTS.permissions } } }, (request, reply) => {
    send(reply, reports(keyward, request.apiKey!.requestId))
  })
  app.get(METER.path, { config: { keyward: { scopes: [...METER.scopes], cost: meterCost } } }, (request, reply) => {
    send(reply, meter(keyward, request.apiKey!.requestId, queryOf(request.url)))
  })
  const charging = { config: { keyward: { scopes: [...METER.scopes], cost: meterChargeCost } } }
  app.post(METER.chargePath, charging, async (request, reply) => {
    send(reply, await meterCharge(keyward, request.apiKey!, queryOf(request.url)))
  })
  app.get(WHOAMI.path, { config: { keyward: { consume: WHOAMI.consume } } }, (request, reply) => {
    send(reply, whoami(keyward, request.apiKey!))
  })
  const openapi = JSON.stringify(referenceDocument(keyward, config.secretScanning))
  app.get(OPENAPI_PATH, { config: { keyward: { public: true } } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(openapi)
  })
  await app.ready()
  const listening = server!
  return {
    server: listening,
    async close() {
      await Promise.all([app.close(), closeServer(listening)])
    },
  }
}
