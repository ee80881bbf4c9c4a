/**
 * L6, M2, M7: a route reached by a request keyward admitted earlier — an Express app's own route
 * behind keyward's router (which admits what no route of its own takes), or a second marker on a
 * route — asks what any route asks: wildcard scopes and roles count, a permission query is
 * enforced, and its cost is counted (what the admission did not count is charged).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Router from '@koa/router'
import express from 'express'
import { Hono } from 'hono'
import { getRequestListener } from '@hono/node-server'
import Koa from 'koa'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardHono } from '../../adapters/hono.js'
import { keywardKoa } from '../../adapters/koa.js'
import type { RouteOptions } from '../../src/http/kit.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'

const ROLES = { analyst: ['reports.read'] }
let keyward: Keyward
const keys: Record<'plain' | 'wild' | 'roled' | 'admin', string> = { plain: '', wild: '', roled: '', admin: '' }
const servers: Server[] = []

beforeAll(async () => {
  keyward = createKeyward({ roles: ROLES, failedAuthLimit: 0 })
  const made = (name: string, input: object) => keyward.keys.create({ name, limits: { perMinute: 1000 }, ...input })
  keys.plain = (await made('plain', { scopes: ['ip'] })).key
  keys.wild = (await made('wild', { scopes: ['reports.*'] })).key
  keys.roled = (await made('roled', { scopes: [], roles: ['analyst'] })).key
  keys.admin = (await made('admin', { scopes: ['billing.admin'] })).key
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})
afterAll(() => keyward.close())

/** The routes every app serves, each asking `options` of an admitted key. */
const ROUTES: [string, RouteOptions][] = [
  ['/api/v1/reports', { scopes: ['reports.read'] }],
  ['/api/v1/billing', { permissions: 'billing.admin OR billing.write' }],
  ['/api/v1/costly', { cost: 10 }],
  ['/api/v1/priced', { cost: (request) => Number(request.query.get('units') ?? 1) }],
]

async function serve(listener: Parameters<typeof createServer>[1]) {
  const server = createServer(listener)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return (path: string, key: string) => fetch(base + path, { headers: { authorization: `Bearer ${key}` } })
}

const ok = (name: string) => ({ data: name })

const APPS: Record<string, () => Promise<(path: string, key: string) => Promise<Response>>> = {
  // The app's own routes, behind the router that admitted the request with no requirements.
  'Express app routes': async () => {
    const api = keywardExpress(keyward)
    const app = express()
    app.use(api)
    for (const [path, options] of ROUTES) app.get(path, api.protect(options), (_req, res) => res.json(ok(path)))
    return serve(app)
  },
  // A second marker after the one the router declared the route with.
  'Express second marker': async () => {
    const api = keywardExpress(keyward)
    for (const [path, options] of ROUTES)
      api.get(path, api.protect(), api.protect(options), (_req, res) => res.json(ok(path)))
    const app = express()
    app.use(api)
    return serve(app)
  },
  'Hono second marker': async () => {
    const api = keywardHono(keyward)
    const app = new Hono()
    app.use(api)
    for (const [path, options] of ROUTES) app.get(path, api.protect(), api.protect(options), (c) => c.json(ok(path)))
    return serve(getRequestListener(app.fetch))
  },
  'Koa second marker': async () => {
    const api = keywardKoa(keyward)
    const router = new Router()
    for (const [path, options] of ROUTES)
      router.get(path, api.protect(), api.protect(options), (ctx) => {
        ctx.body = ok(path)
      })
    const app = new Koa()
    app.use(api)
    app.use(router.routes())
    return serve(app.callback())
  },
}

const remaining = (response: Response) => Number(response.headers.get('x-ratelimit-remaining'))

for (const [name, build] of Object.entries(APPS)) {
  describe(`a key admitted earlier on ${name}`, () => {
    it('M7: wildcard scopes and roles meet a required scope; a key without it gets 403 naming it', async () => {
      const send = await build()
      expect((await send('/api/v1/reports', keys.wild)).status).toBe(200)
      expect((await send('/api/v1/reports', keys.roled)).status).toBe(200)
      const refused = await send('/api/v1/reports', keys.plain)
      expect(refused.status).toBe(403)
      expect((await refused.json()).error.message).toMatch(
        /^This API key has no access to this resource: it lacks the "reports\.read" scope/,
      )
    })

    it('M7: the permission query is enforced: a key without it gets 403 and the handler never runs', async () => {
      const send = await build()
      const refused = await send('/api/v1/billing', keys.plain)
      expect(refused.status).toBe(403)
      const body = await refused.json()
      expect(body.error.code).toBe('forbidden')
      expect(body.error.message).toMatch(/^This API key lacks the permission/)
      expect((await send('/api/v1/billing', keys.admin)).status).toBe(200)
    })

    it('B8: the 403 of a route reached after the admission is the key’s one usage entry for the request, with its status and code', async () => {
      const send = await build()
      const refused = await send('/api/v1/billing', keys.plain)
      expect(refused.status).toBe(403)
      const requestId = refused.headers.get('x-request-id')
      // The entry is written once the response is over.
      const entries = async () => (await keyward.queryUsage({ limit: 1000 })).filter((e) => e.requestId === requestId)
      await expect.poll(async () => (await entries()).map((e) => [e.status, e.code])).toEqual([[403, 'forbidden']])
    })

    it('M2: the route counts its cost, static or priced from the request, not the admission’s one unit', async () => {
      const send = await build()
      const before = remaining(await send('/api/v1/reports', keys.wild))
      expect((await send('/api/v1/costly', keys.wild)).status).toBe(200)
      expect((await send('/api/v1/priced?units=7', keys.wild)).status).toBe(200)
      const after = remaining(await send('/api/v1/reports', keys.wild))
      // The costly request counted 10, the priced one 7, the last one 1.
      expect(before - after).toBe(18)
    })
  })
}
