/**
 * What is Nest's own in keyward/nestjs, on @nestjs/platform-express and @nestjs/platform-fastify
 * alike: the decorators on handlers and controllers, guarding decorated controllers outside the
 * paths, handler errors and body errors in keyward's envelope, the host's own HTTP exceptions left
 * to Nest, a refusal a host filter takes first, and option mistakes at setup.
 */
import 'reflect-metadata'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type ArgumentsHost,
  BadRequestException,
  Body,
  Catch,
  Controller,
  type ExceptionFilter,
  Get,
  HttpException,
  type INestApplication,
  Module,
  Post,
  type Type,
} from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { FastifyAdapter } from '@nestjs/platform-fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdapterOptions,
  ApiKey,
  type ApiKeyContext,
  KeywardModule,
  KeywardRoute,
  Permissions,
  Public,
  Scopes,
} from '../../adapters/nestjs.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { check } from '../adapters/support/check.js'
import { type RawRequest, type RawResponse, rawRequest } from '../adapters/support/raw-http.js'

let keyward: Keyward
const errors: unknown[] = []
const bearer = (key: string) => [['Authorization', `Bearer ${key}`]] as const

beforeAll(() => {
  keyward = createKeyward({ failedAuthLimit: 0 })
})
afterAll(() => keyward.close())

const keyTypeOf = (key: ApiKeyContext | undefined) => ({ data: { keyType: key?.keyType ?? null } })

@Controller('api/v1')
@Scopes('ip')
class LookupController {
  @Get('lookup')
  lookup(@ApiKey() key: ApiKeyContext) {
    return keyTypeOf(key)
  }

  @Get('lookup/status')
  @Public()
  status(@ApiKey() key: ApiKeyContext | undefined) {
    return keyTypeOf(key)
  }

  @Get('live-only')
  @KeywardRoute({ liveOnly: true, consume: false })
  liveOnly(@ApiKey() key: ApiKeyContext) {
    return keyTypeOf(key)
  }
}

@Controller('api/v1')
class ReportsController {
  @Get('reports')
  @Permissions('reports.read OR reports.admin')
  reports(@ApiKey() key: ApiKeyContext) {
    return keyTypeOf(key)
  }

  @Get('boom')
  boom(): never {
    throw new Error('handler failed')
  }

  @Get('refused')
  refused(): never {
    throw new BadRequestException('the host says no')
  }

  @Post('echo')
  echo(@Body() body: unknown) {
    return { data: body }
  }
}

@Controller('internal')
@Scopes('admin')
class InternalController {
  @Get('stats')
  stats(@ApiKey() key: ApiKeyContext) {
    return keyTypeOf(key)
  }
}

@Controller('api/v1/open')
@Public()
class OpenController {
  @Get('free')
  free(@ApiKey() key: ApiKeyContext | undefined) {
    return keyTypeOf(key)
  }

  @Get('admin')
  @Scopes('admin')
  @KeywardRoute({ consume: false })
  admin(@ApiKey() key: ApiKeyContext) {
    return keyTypeOf(key)
  }
}

@Controller('api/v1')
class RootController {
  @Get()
  root(@ApiKey() key: ApiKeyContext) {
    return keyTypeOf(key)
  }
}

@Controller('site')
class SiteController {
  @Get('page')
  page() {
    return { page: true }
  }
}

const CONTROLLERS = [
  LookupController,
  ReportsController,
  InternalController,
  OpenController,
  RootController,
  SiteController,
]

/** A catch-all filter of the host's, registered with useGlobalFilters(): it takes keyward's refusals first. */
@Catch(HttpException)
class HostFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse()
    const body = { host: true, status: exception.getStatus(), body: exception.getResponse() }
    if (typeof reply.code === 'function') reply.code(exception.getStatus()).send(body)
    else reply.status(exception.getStatus()).json(body)
  }
}

interface Running {
  app: INestApplication
  send(request: RawRequest): Promise<RawResponse>
}

async function start(
  platform: 'express' | 'fastify',
  options: AdapterOptions = {},
  configure?: (app: INestApplication) => void,
): Promise<Running> {
  @Module({
    imports: [KeywardModule.forRoot(keyward, { onError: (error) => errors.push(error), ...options })],
    controllers: CONTROLLERS,
  })
  class AppModule {}
  const app =
    platform === 'express'
      ? await NestFactory.create(AppModule, { logger: false })
      : await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false })
  configure?.(app)
  await app.listen(0, '127.0.0.1')
  const port = ((app.getHttpServer() as Server).address() as AddressInfo).port
  return { app, send: (request) => rawRequest(port, request) }
}

describe.each(['express', 'fastify'] as const)('keyward/nestjs on %s', (platform) => {
  let running: Running
  let live: string
  let test: string
  let reader: string
  beforeAll(async () => {
    running = await start(platform)
    live = (await keyward.keys.create({ name: 'live', keyType: 'live', scopes: ['ip', 'admin'] })).key
    test = (await keyward.keys.create({ name: 'test', keyType: 'test', scopes: ['ip'] })).key
    reader = (await keyward.keys.create({ name: 'reader', keyType: 'live', scopes: ['reports.read'] })).key
  })
  afterAll(() => running?.app.close())
  afterEach(() => {
    errors.length = 0
  })
  const send = (request: RawRequest) => running.send(request)

  it('L6: @Scopes() on a controller applies to its handlers; the handler sees the key through @ApiKey()', async () => {
    check(await send({ path: '/api/v1/lookup', headers: bearer(reader) }), {
      status: 403,
      code: 'forbidden',
      limits: { limit: 1000, remaining: 1000 },
      quota: null,
    })
    const body = check(await send({ path: '/api/v1/lookup', headers: bearer(live) }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    expect(body.data).toEqual({ keyType: 'live' })
  })

  it("A2 R2: a handler's @Public() beats its controller's @Scopes(): no key needed, X-Request-ID still sent", async () => {
    const body = check(await send({ path: '/api/v1/lookup/status', headers: [['Authorization', 'Basic x']] }), {
      status: 200,
      limits: null,
      quota: null,
      applicationBody: true,
    })
    expect(body.data).toEqual({ keyType: null })
  })

  it('L6 L5: @KeywardRoute({ liveOnly, consume: false }): a test key → 403; a live key → 200, consuming nothing', async () => {
    check(await send({ path: '/api/v1/live-only', headers: bearer(test) }), {
      status: 403,
      code: 'forbidden',
      limits: { limit: 10, remaining: 10 },
      quota: { limit: 1000, remaining: 1000 },
    })
    for (const _ of [1, 2]) {
      check(await send({ path: '/api/v1/live-only', headers: bearer(live) }), {
        status: 200,
        limits: { limit: 1000, remaining: 999 }, // one consumed by the first test of the block, none here
        quota: null,
        applicationBody: true,
      })
    }
  })

  it("A2 L6: a controller's @Public() covers its handlers, but a handler asking for a scope needs a key with it", async () => {
    check(await send({ path: '/api/v1/open/free' }), { status: 200, limits: null, quota: null, applicationBody: true })
    check(await send({ path: '/api/v1/open/admin' }), {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Missing Authorization header',
      www: 'Bearer realm="Svc"',
    })
    check(await send({ path: '/api/v1/open/admin', headers: bearer(reader) }), {
      status: 403,
      code: 'forbidden',
      limits: { limit: 1000 },
      quota: null,
    })
    for (const _ of [1, 2]) {
      // Two decorators on one handler ask both at once: the scope, and consuming nothing.
      const body = check(await send({ path: '/api/v1/open/admin', headers: bearer(live) }), {
        status: 200,
        limits: { limit: 1000, remaining: 999 },
        quota: null,
        applicationBody: true,
      })
      expect(body.data).toEqual({ keyType: 'live' })
    }
  })

  it('A8: the root of the protected prefix needs a key in every spelling; with one, a spelling the platform routes reaches its handler', async () => {
    const reached: string[] = []
    for (const path of ['/api/v1', '/api/v1/', '/API/V1', '//api/v1', '/api/v1//', '/%61pi/v1']) {
      check(await send({ path }), {
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Missing Authorization header',
        www: 'Bearer realm="Svc"',
      })
      const admitted = await send({ path, headers: bearer(live) })
      // Routed nowhere on this platform: Nest's own 404, once the key is checked (A2).
      if (admitted.status === 404) continue
      const body = check(admitted, { status: 200, limits: { limit: 1000 }, quota: null, applicationBody: true })
      expect(body.data, path).toEqual({ keyType: 'live' })
      reached.push(path)
    }
    expect(reached).toContain('/api/v1')
  })

  it('M7: @Permissions(): met → 200; unmet → 403 naming the query', async () => {
    check(await send({ path: '/api/v1/reports', headers: bearer(reader) }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    const refused = check(await send({ path: '/api/v1/reports', headers: bearer(live) }), {
      status: 403,
      code: 'forbidden',
      message: 'This API key lacks the permission',
      limits: { limit: 1000 },
      quota: null,
    })
    expect(refused.error.message).toContain('reports.read OR reports.admin')
  })

  it("A1: a controller with keyward's decorators outside the paths is guarded; one without is left alone", async () => {
    check(await send({ path: '/internal/stats' }), {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Missing Authorization header',
      www: 'Bearer realm="Svc"',
    })
    check(await send({ path: '/internal/stats', headers: bearer(live) }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    const site = await send({ path: '/site/page', headers: bearer(live) })
    expect([site.status, site.headers['x-request-id'], JSON.parse(site.body)]).toEqual([200, undefined, { page: true }])
  })

  it('R5 L4a: a throwing handler → 500 INTERNAL_ERROR quoting the request id, onError told, the request recorded', async () => {
    const { key, record } = await keyward.keys.create({ name: `boom on ${platform}` })
    const response = await send({ path: '/api/v1/boom', headers: bearer(key) })
    const body = check(response, { status: 500, code: 'INTERNAL_ERROR', limits: { limit: 1000 }, quota: null })
    expect(body.error.message).toContain(response.header('x-request-id'))
    expect(errors.map((error) => (error as Error).message)).toEqual(['handler failed'])
    await new Promise((resolve) => setTimeout(resolve, 20))
    const usage = await keyward.queryUsage({ keyId: record.id, limit: 10 })
    expect(usage.map((entry) => [entry.path, entry.status])).toEqual([['/api/v1/boom', 500]])
  })

  it("the host's own HTTP exception keeps Nest's shape, with keyward's headers", async () => {
    const response = await send({ path: '/api/v1/refused', headers: bearer(live) })
    expect(response.status).toBe(400)
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 400, message: 'the host says no' })
    expect(response.headers['x-ratelimit-limit']).toEqual(['1000'])
    expect(response.header('x-request-id')).toMatch(/^req_/)
  })

  it("R3: a body Nest cannot parse (before any guard runs) → keyward's 400 invalid_request; a good one reaches the handler", async () => {
    const json = [...bearer(live), ['Content-Type', 'application/json']] as const
    const bad = check(await send({ method: 'POST', path: '/api/v1/echo', headers: json, body: '{bad' }), {
      status: 400,
      code: 'invalid_request',
      limits: null,
      quota: null,
    })
    expect(bad.error.message).toMatch(/^Invalid request/)
    const good = check(await send({ method: 'POST', path: '/api/v1/echo', headers: json, body: '{"a":1}' }), {
      status: 201,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    expect(good.data).toEqual({ a: 1 })
  })

  it('H11: a catch-all filter of the host that takes the refusal first still sends its status, envelope and challenge', async () => {
    const hosted = await start(platform, {}, (app) => app.useGlobalFilters(new HostFilter()))
    try {
      const response = await hosted.send({ path: '/api/v1/lookup' })
      expect(response.status).toBe(401)
      expect(response.headers['www-authenticate']).toEqual(['Bearer realm="Svc"'])
      expect(JSON.parse(response.body)).toMatchObject({
        host: true,
        status: 401,
        body: { error: { code: 'UNAUTHORIZED' } },
      })
    } finally {
      await hosted.app.close()
    }
  })
})

describe('keyward/nestjs setup mistakes', () => {
  it('M7: a permission query that does not parse throws when the decorator runs, naming the handler', () => {
    const declare = () => {
      class Reports {
        list() {}
      }
      const descriptor = Object.getOwnPropertyDescriptor(Reports.prototype, 'list')!
      Permissions('reports.read AND')(Reports.prototype, 'list', descriptor)
    }
    expect(declare).toThrow(TypeError)
    expect(declare).toThrow('keyward/nestjs: @Permissions() on Reports.list "permissions" is not a permission query')
  })

  it('bad scopes on a controller throw naming the controller', () => {
    expect(() => Scopes('Not A Scope')(class Admin {})).toThrow('keyward/nestjs: @Scopes() on Admin "scopes"')
  })

  it('a bad adapter option throws at forRoot(), naming it', () => {
    expect(() => KeywardModule.forRoot(keyward, { trustProxy: -1 })).toThrow('keyward/nestjs: option "trustProxy"')
    expect(() => KeywardModule.forRoot({} as Type as never)).toThrow(
      'keyward/nestjs: the first argument must be a keyward instance',
    )
  })
})
