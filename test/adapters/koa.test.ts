/**
 * What is Koa's own in keyward/koa: route markers read from the routers mounted on the app (in a
 * route's middleware or a router's `use()`), a marker alone on a route, the key in
 * `ctx.state.apiKey`, default deny for plain middleware, and a body parser before or after keyward.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Router from '@koa/router'
import Koa from 'koa'
import bodyParser from 'koa-bodyparser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type KeywardKoa, keywardKoa } from '../../adapters/koa.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { check } from './support/check.js'
import { type RawRequest, rawRequest } from './support/raw-http.js'

let keyward: Keyward
let live: string
let test: string
let reader: string
const servers: Server[] = []
const bearer = (key: string) => [['Authorization', `Bearer ${key}`]] as const

beforeAll(async () => {
  keyward = createKeyward({ failedAuthLimit: 0 })
  live = (await keyward.keys.create({ name: 'live', keyType: 'live', scopes: ['ip'] })).key
  test = (await keyward.keys.create({ name: 'test', keyType: 'test' })).key
  reader = (await keyward.keys.create({ name: 'reader', keyType: 'live', scopes: ['reports.read'] })).key
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})
afterAll(() => keyward.close())

/** Serves `app` on port 0 and returns a sender for it. */
async function serve(app: Koa): Promise<(request: RawRequest) => ReturnType<typeof rawRequest>> {
  const server = createServer(app.callback())
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return (request) => rawRequest(port, request)
}

const keyTypeOf = (ctx: Koa.Context) => {
  ctx.body = { data: { keyType: ctx.state.apiKey?.keyType ?? null, requestId: ctx.state.requestId } }
}

describe('keyward/koa route markers', () => {
  it('L6 A2: router.use(api.protect()) applies to every route of that router; a route of another router keeps its own', async () => {
    const api = keywardKoa(keyward)
    const scoped = new Router({ prefix: '/api/v1/ip' })
    scoped.use(api.protect({ scopes: ['ip'] }))
    scoped.get('/lookup', keyTypeOf)
    const open = new Router()
    open.get('/api/v1/status', api.public(), keyTypeOf)
    const app = new Koa()
    app.use(api)
    app.use(scoped.routes())
    app.use(open.routes())
    const send = await serve(app)
    const refused = check(await send({ path: '/api/v1/ip/lookup', headers: bearer(reader) }), {
      status: 403,
      code: 'forbidden',
      limits: { limit: 1000, remaining: 1000 },
      quota: null,
    })
    expect(refused.error.message).toContain('ip')
    const admitted = check(await send({ path: '/api/v1/ip/lookup', headers: bearer(live) }), {
      status: 200,
      limits: { limit: 1000, remaining: 999 },
      quota: null,
      applicationBody: true,
    })
    expect(admitted.data.keyType).toBe('live')
    const status = check(await send({ path: '/api/v1/status' }), {
      status: 200,
      limits: null,
      quota: null,
      applicationBody: true,
    })
    // R2: ctx.state.requestId is the id the response carries.
    expect(status.data).toEqual({ keyType: null, requestId: expect.stringMatching(/^req_/) })
  })

  it('M7: a permission query on a route: met → 200 with the key in ctx.state.apiKey; unmet → 403 naming the query', async () => {
    const api = keywardKoa(keyward)
    const router = new Router()
    router.get('/api/v1/reports', api.protect({ permissions: 'reports.read OR reports.admin' }), keyTypeOf)
    const app = new Koa()
    app.use(api)
    app.use(router.routes())
    const send = await serve(app)
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

  it('A2: a marker alone on a route authenticates without the app middleware, with the route as declared', async () => {
    const api = keywardKoa(keyward)
    const router = new Router()
    router.get('/api/v1/live/:id', api.protect({ liveOnly: true }), keyTypeOf)
    const app = new Koa()
    app.use(router.routes())
    const send = await serve(app)
    check(await send({ path: '/api/v1/live/1' }), {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Missing Authorization header',
      www: 'Bearer realm="Svc"',
    })
    check(await send({ path: '/api/v1/live/1', headers: bearer(test) }), {
      status: 403,
      code: 'forbidden',
      limits: { limit: 10 },
      quota: { limit: 1000 },
    })
    const ok = check(await send({ path: '/api/v1/live/1', headers: bearer(live) }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    expect(ok.data.keyType).toBe('live')
  })

  it('A2: plain middleware after keyward under the protected paths needs a key too; outside them keyward stays out', async () => {
    const api = keywardKoa(keyward)
    let ran = 0
    const app = new Koa()
    app.use(api)
    app.use((ctx) => {
      ran++
      ctx.body = { data: { path: ctx.path, keyType: ctx.state.apiKey?.keyType ?? null } }
    })
    const send = await serve(app)
    check(await send({ path: '/api/v1/anything' }), {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Missing Authorization header',
      www: 'Bearer realm="Svc"',
    })
    expect(ran).toBe(0)
    const ok = check(await send({ path: '/api/v1/anything', headers: bearer(live) }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    expect(ok.data).toEqual({ path: '/api/v1/anything', keyType: 'live' })
    const outside = await send({ path: '/public/page' })
    expect([outside.status, outside.headers['x-request-id']]).toEqual([200, undefined])
  })
})

describe('keyward/koa and a body parser', () => {
  /** The same app with koa-bodyparser before or after keyward. */
  async function appWithParser(where: 'before' | 'after') {
    const api: KeywardKoa = keywardKoa(keyward, { dashboard: { authorize: () => true } })
    const router = new Router()
    router.post('/api/v1/echo', (ctx) => {
      ctx.body = { data: ctx.request.body }
    })
    const app = new Koa()
    app.silent = true
    if (where === 'before') app.use(bodyParser())
    app.use(api)
    if (where === 'after') app.use(bodyParser())
    app.use(router.routes())
    return serve(app)
  }

  it.each(['before', 'after'] as const)(
    'E5: with koa-bodyparser %s keyward, the dashboard creates a key from its JSON body and a protected route gets its body',
    async (where) => {
      const send = await appWithParser(where)
      const json = [['Content-Type', 'application/json']] as const
      const body = JSON.stringify({ name: `made with a parser ${where}`, sandbox: true })
      const created = check(await send({ method: 'POST', path: '/api/dashboard/api-keys', headers: json, body }), {
        status: 201,
        limits: null,
        quota: null,
      })
      expect(created.data).toMatchObject({ name: `made with a parser ${where}`, keyType: 'test' })
      expect(created.data.key).toMatch(/^svc_test_/)
      const echoed = check(
        await send({
          method: 'POST',
          path: '/api/v1/echo',
          headers: [...json, ...bearer(created.data.key)],
          body: '{"a":1}',
        }),
        { status: 200, limits: { limit: 10, remaining: 9 }, quota: { limit: 1000 }, applicationBody: true },
      )
      expect(echoed.data).toEqual({ a: 1 })
    },
  )

  it('E5: with the parser after keyward, the dashboard answers malformed JSON and an oversized body itself (400, 413)', async () => {
    const send = await appWithParser('after')
    const json = [['Content-Type', 'application/json']] as const
    check(await send({ method: 'POST', path: '/api/dashboard/api-keys', headers: json, body: '{bad' }), {
      status: 400,
      code: 'invalid_request',
      limits: null,
      quota: null,
    })
    const large = JSON.stringify({ name: 'x'.repeat(17 * 1024) })
    check(await send({ method: 'POST', path: '/api/dashboard/api-keys', headers: json, body: large }), {
      status: 413,
      code: 'payload_too_large',
      limits: null,
      quota: null,
    })
  })
})
