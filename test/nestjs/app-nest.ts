/**
 * The reference app on NestJS, on `@nestjs/platform-express` or `@nestjs/platform-fastify`, for the
 * parity suite: the routes of server/app.ts as a Nest user writes them (a controller, keyward's
 * decorators), so its answers can be compared with the other frameworks'. Compiled with Nest's
 * decorators (test/nestjs/tsconfig.json).
 */
import 'reflect-metadata'
import type { Server } from 'node:http'
import { Controller, Get, Module, Post, Req, Res, type Type } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { FastifyAdapter } from '@nestjs/platform-fastify'
import {
  ApiKey,
  type ApiKeyContext,
  clientErrorHandler,
  Cost,
  KeywardModule,
  KeywardRoute,
  Permissions,
  Public,
  Scopes,
} from '../../adapters/nestjs.js'
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
} from '../../server/app.js'
import { METER, meter, meterCharge, meterChargeCost, meterCost } from '../../server/meter.js'
import { OPENAPI_PATH, referenceDocument } from '../../server/openapi.js'
import type { KeywardResponse } from '../../src/index.js'

export type NestPlatform = 'express' | 'fastify'

/** Express's response or Fastify's reply: keyward's prepared response through the platform. */
type PlatformResponse =
  | { status(code: number): { set(headers: Record<string, string>): { end(body: string): void } } }
  | { code(code: number): { headers(headers: Record<string, string>): { send(body: string): void } } }

function send(res: PlatformResponse, response: KeywardResponse): void {
  if ('code' in res) res.code(response.status).headers(response.headers).send(response.body)
  else res.status(response.status).set(response.headers).end(response.body)
}

/** The URL of the request as sent, on either platform. */
const urlOf = (req: { originalUrl?: string; url: string }) => req.originalUrl ?? req.url

/** The reference app's controller for one keyward instance. */
function referenceController(config: AppConfig): Type {
  const { keyward } = config
  const openapi = JSON.stringify(referenceDocument(keyward))

  @Controller()
  class ReferenceController {
    @Get(IP_LOOKUP.path)
    @Scopes(...IP_LOOKUP.scopes)
    ip(@ApiKey() key: ApiKeyContext, @Req() req: { url: string }, @Res() res: PlatformResponse) {
      send(res, ipLookup(keyward, key.requestId, queryOf(urlOf(req))))
    }

    @Get(EMAIL_VALIDATE.path)
    @Scopes(...EMAIL_VALIDATE.scopes)
    email(@ApiKey() key: ApiKeyContext, @Req() req: { url: string }, @Res() res: PlatformResponse) {
      send(res, emailValidate(keyward, key.requestId, queryOf(urlOf(req))))
    }

    @Get(REPORTS.path)
    @Permissions(REPORTS.permissions)
    reports(@ApiKey() key: ApiKeyContext, @Res() res: PlatformResponse) {
      send(res, reports(keyward, key.requestId))
    }

    @Get(METER.path)
    @Scopes(...METER.scopes)
    @Cost(meterCost)
    meter(@ApiKey() key: ApiKeyContext, @Req() req: { url: string }, @Res() res: PlatformResponse) {
      send(res, meter(keyward, key.requestId, queryOf(urlOf(req))))
    }

    @Post(METER.chargePath)
    @Scopes(...METER.scopes)
    @Cost(meterChargeCost)
    async charge(@ApiKey() key: ApiKeyContext, @Req() req: { url: string }, @Res() res: PlatformResponse) {
      send(res, await meterCharge(keyward, key, queryOf(urlOf(req))))
    }

    @Get(WHOAMI.path)
    @KeywardRoute({ consume: WHOAMI.consume })
    whoami(@ApiKey() key: ApiKeyContext, @Res() res: PlatformResponse) {
      send(res, whoami(keyward, key))
    }

    @Get(OPENAPI_PATH)
    @Public()
    openapi(@Res() res: PlatformResponse) {
      send(res, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: openapi })
    }
  }
  return ReferenceController
}

/**
 * The reference app on Nest, on a Node server it does not listen on yet.
 *
 * @example
 * const { server } = await buildNestApp(config, 'fastify')
 * server.listen(3000)
 */
export async function buildNestApp(config: AppConfig, platform: NestPlatform): Promise<BuiltApp> {
  const { keyward } = config
  const keywardModule = KeywardModule.forRoot(keyward, {
    dashboard: config.dashboard,
    webPage: true,
    trustProxy: config.trustProxy,
    onError: config.onError,
    secretScanning: config.secretScanning,
    notFound: '/api',
  })
  @Module({ imports: [keywardModule], controllers: [referenceController(config)] })
  class AppModule {}
  const app =
    platform === 'express'
      ? await NestFactory.create(AppModule, { logger: false })
      : await NestFactory.create(AppModule, new FastifyAdapter({ clientErrorHandler: clientErrorHandler(keyward) }), {
          logger: false,
        })
  await app.init()
  if (platform === 'fastify') await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready()
  const server = app.getHttpServer() as Server
  // H1: see every header line (Node drops those past its cap by default); the 16 KiB head limit still bounds them.
  server.maxHeadersCount = 0
  if (platform === 'express') server.on('clientError', clientErrorHandler(keyward))
  return {
    server,
    async close() {
      await Promise.all([closeServer(server), app.close()])
    },
  }
}
