/**
 * The same small application on each framework, written the way a user would write it, to test
 * what the reference server does not exercise: per-route options (live-only, skip, consume), a
 * throwing handler, the framework's own body errors, and paths outside the prefix.
 *
 * Routes: GET /api/v1/live-only (liveOnly), GET /api/v1/free (no key), GET /api/v1/peek
 * (consume: false), GET /api/v1/boom (throws), POST /api/v1/echo (JSON body, 1 KiB limit),
 * GET /outside (not keyward's); and costs (M2): GET /api/v1/cost3 (cost 3), GET /api/v1/cost0
 * (cost 0), GET /api/v1/priced (a cost function: `?units=`, else the `X-Units` header, else 1),
 * POST /api/v1/charge?units= (cost 1, then `charge(units)`; answers `{ data: { charged } }`).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import express from 'express'
import express4 from 'express4'
import Fastify from 'fastify'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { validator } from 'hono/validator'
import Router from '@koa/router'
import Koa from 'koa'
import bodyParser from 'koa-bodyparser'
import { keywardExpress } from '../../../adapters/express.js'
import { keywardFastify } from '../../../adapters/fastify.js'
import { type KeywardEnv, keywardHono } from '../../../adapters/hono.js'
import { keywardKoa } from '../../../adapters/koa.js'
import type { CostRequest } from '../../../src/core/types.js'
import type { Keyward } from '../../../src/keyward.js'

export interface CustomApp {
  port: number
  close(): Promise<void>
}

/** A dashboard without a guard: these apps test body reading, not access. */
const OPEN_DASHBOARD = { authorize: () => true }

/** GET /api/v1/priced: the units of `?units=`, else of the `X-Units` header, else 1 (anything else is the host's bug). */
const priced: CostFunction = (request) => Number(request.query.get('units') ?? request.header('X-Units') ?? 1)
type CostFunction = (request: CostRequest) => number

/** POST /api/v1/charge: the units `?units=` asks to charge after admission. */
const unitsOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('units') ?? 0)

type Build = (keyward: Keyward, onError: (error: unknown) => void) => Promise<Server>

function expressBuilder(factory: () => express.Express): Build {
  return async (keyward, onError) => {
    const api = keywardExpress(keyward, { onError, dashboard: OPEN_DASHBOARD, notFound: '/api' })
    const app = factory()
    const ok = (req: express.Request, res: express.Response) =>
      res.json({ data: { keyType: req.apiKey?.keyType ?? null } })
    api.get('/api/v1/live-only', api.protect({ liveOnly: true }), ok)
    api.get('/api/v1/free', api.public(), ok)
    api.get('/api/v1/peek', api.protect({ consume: false }), ok)
    api.get('/api/v1/boom', () => {
      throw new Error('handler failed')
    })
    api.post('/api/v1/echo', express.json({ limit: '1kb' }), (req, res) => res.json({ data: req.body }))
    api.get('/api/v1/cost3', api.protect({ cost: 3 }), ok)
    api.get('/api/v1/cost0', api.protect({ cost: 0 }), ok)
    api.get('/api/v1/priced', api.protect({ cost: priced }), ok)
    api.post('/api/v1/charge', async (req, res) => {
      const charged = unitsOf(req.originalUrl)
      await req.apiKey!.charge(charged)
      res.json({ data: { charged } })
    })
    app.use(api)
    app.get('/outside', (_req, res) => res.json({ outside: true }))
    app.use(api.errorHandler)
    return createServer(app)
  }
}

const fastifyBuilder: Build = async (keyward, onError) => {
  let server: Server | undefined
  const app = Fastify({ serverFactory: (handler) => (server = createServer(handler)) })
  await app.register(keywardFastify, { keyward, onError, dashboard: OPEN_DASHBOARD, notFound: '/api' })
  const ok = async (request: { apiKey: { keyType: string } | null }) => ({
    data: { keyType: request.apiKey?.keyType ?? null },
  })
  app.get('/api/v1/live-only', { config: { keyward: { liveOnly: true } } }, ok)
  app.get('/api/v1/free', { config: { keyward: { public: true } } }, ok)
  app.get('/api/v1/peek', { config: { keyward: { consume: false } } }, ok)
  app.get('/api/v1/boom', async () => {
    throw new Error('handler failed')
  })
  app.post('/api/v1/echo', { bodyLimit: 1024 }, async (request) => ({ data: request.body }))
  app.get('/api/v1/cost3', { config: { keyward: { cost: 3 } } }, ok)
  app.get('/api/v1/cost0', { config: { keyward: { cost: 0 } } }, ok)
  app.get('/api/v1/priced', { config: { keyward: { cost: priced } } }, ok)
  app.post('/api/v1/charge', async (request) => {
    const charged = unitsOf(request.url)
    await request.apiKey!.charge(charged)
    return { data: { charged } }
  })
  app.get('/outside', async () => ({ outside: true }))
  await app.ready()
  return server!
}

const honoBuilder: Build = async (keyward, onError) => {
  const api = keywardHono(keyward, { onError, dashboard: OPEN_DASHBOARD, notFound: '/api' })
  const app = new Hono()
  app.use(api)
  app.get('/api/v1/live-only', api.protect({ liveOnly: true }), (c) =>
    c.json({ data: { keyType: c.var.apiKey.keyType } }),
  )
  app.get('/api/v1/free', api.public(), (c) => c.json({ data: { keyType: null } }))
  app.get('/api/v1/peek', api.protect({ consume: false }), (c) => c.json({ data: { keyType: c.var.apiKey.keyType } }))
  app.get('/api/v1/boom', api.protect(), () => {
    throw new Error('handler failed')
  })
  app.post(
    '/api/v1/echo',
    api.protect(),
    bodyLimit({ maxSize: 1024 }),
    validator('json', (value) => value),
    (c) => c.json({ data: c.req.valid('json') }),
  )
  const keyType = (c: Context<KeywardEnv>) => c.json({ data: { keyType: c.var.apiKey.keyType } })
  app.get('/api/v1/cost3', api.protect({ cost: 3 }), keyType)
  app.get('/api/v1/cost0', api.protect({ cost: 0 }), keyType)
  app.get('/api/v1/priced', api.protect({ cost: priced }), keyType)
  app.post('/api/v1/charge', api.protect(), async (c) => {
    const charged = unitsOf(c.req.url)
    await c.var.apiKey.charge(charged)
    return c.json({ data: { charged } })
  })
  // A handler's own Response: keyward's headers are added to it (also when they are immutable).
  app.get('/api/v1/raw', api.protect(), () => new Response('plain', { headers: { 'Content-Type': 'text/plain' } }))
  app.get('/api/v1/redirect', api.protect(), () => Response.redirect('http://example.com/', 302))
  app.get('/outside', (c) => c.json({ outside: true }))
  app.notFound(api.notFound)
  app.onError(api.onError)
  return createAdaptorServer({ fetch: app.fetch }) as Server
}

const koaBuilder: Build = async (keyward, onError) => {
  const api = keywardKoa(keyward, { onError, dashboard: OPEN_DASHBOARD, notFound: '/api' })
  const router = new Router()
  const ok = (ctx: Koa.Context) => {
    ctx.body = { data: { keyType: ctx.state.apiKey?.keyType ?? null } }
  }
  router.get('/api/v1/live-only', api.protect({ liveOnly: true }), ok)
  router.get('/api/v1/free', api.public(), ok)
  router.get('/api/v1/peek', api.protect({ consume: false }), ok)
  router.get('/api/v1/boom', () => {
    throw new Error('handler failed')
  })
  router.post('/api/v1/echo', (ctx) => {
    ctx.body = { data: ctx.request.body }
  })
  router.get('/api/v1/cost3', api.protect({ cost: 3 }), ok)
  router.get('/api/v1/cost0', api.protect({ cost: 0 }), ok)
  router.get('/api/v1/priced', api.protect({ cost: priced }), ok)
  router.post('/api/v1/charge', async (ctx) => {
    const charged = unitsOf(ctx.originalUrl)
    await ctx.state.apiKey!.charge(charged)
    ctx.body = { data: { charged } }
  })
  router.get('/outside', (ctx) => {
    ctx.body = { outside: true }
  })
  const app = new Koa()
  app.silent = true
  app.use(api)
  // After keyward: the key is checked before any body is read.
  app.use(bodyParser({ jsonLimit: '1kb' }))
  app.use(router.routes())
  return createServer(app.callback())
}

export const CUSTOM_APPS: ReadonlyArray<{ name: string; build: Build }> = [
  { name: 'express 5', build: expressBuilder(express) },
  { name: 'express 4', build: expressBuilder(express4 as never) },
  { name: 'fastify 5', build: fastifyBuilder },
  { name: 'hono 4 (node-server)', build: honoBuilder },
  { name: 'koa 3', build: koaBuilder },
]

export async function startCustomApp(
  build: Build,
  keyward: Keyward,
  onError: (error: unknown) => void,
): Promise<CustomApp> {
  const server = await build(keyward, onError)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
