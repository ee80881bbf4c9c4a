/**
 * Every spelling of a protected path, on all three frameworks (A3): keyward decides on the path the
 * router routes on, so no spelling reaches a handler without a key, none gets a 5xx, and every
 * answer under the API is keyward's envelope with a request id (R1, R2). Usage entries store the
 * route as routed, never the client's spelling, and never a key (A5, K3).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { createAdaptorServer, getRequestListener } from '@hono/node-server'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono, requestErrorHandler } from '../../adapters/hono.js'
import { createKeyward, type Keyward } from '../../src/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { spellings } from './spellings.js'
import {
  envelopeProblem,
  FRAMEWORKS,
  type Framework,
  REFERENCE_FRAMEWORKS,
  type RawResponse,
  rawRequest,
  requestBytes,
  startApp,
} from './support.js'
import { SEED_SCOPES } from '../../server/env.js'

const ROUTES = [
  { path: '/api/v1/ip/lookup', query: '?ip=192.0.2.1' },
  { path: '/api/v1/email/validate', query: '?email=a@example.com' },
] as const

/** Spellings with a raw NUL byte or a space end the request line early: Node's parser refuses them. */
function target(spelling: string, query: string): string {
  return spelling.includes('#') ? spelling.replace('#', `${query}#`) : `${spelling}${query}`
}

async function send(
  port: number,
  method: string,
  path: string,
  headers: [string, string][] = [],
): Promise<RawResponse> {
  return rawRequest(port, requestBytes(method, path, headers))
}

function describeResponse(response: RawResponse): string {
  return `${response.status} ${JSON.stringify(response.headers)} ${response.body.slice(0, 300)}`
}

type StoreKind = 'memory' | 'redis'
const redisUrl = sharedRedisUrl(inject('keywardRedis'))

for (const store of ['memory', 'redis'] as StoreKind[]) {
  describe.skipIf(store === 'redis' && redisUrl === null)(
    `every spelling of a protected path, ${store} store (A3)`,
    () => {
      let client: Redis | undefined
      let prefix = ''

      async function keywardFor(): Promise<Keyward> {
        const options = { failedAuthLimit: 0, limits: { live: { perMinute: 100_000 } }, defaultScopes: SEED_SCOPES }
        if (store === 'memory') return createKeyward(options)
        prefix = uniquePrefix('paths')
        client = await ioredisClient(redisUrl!)
        return createKeyward({ ...options, stores: createRedisStores({ client, prefix }) })
      }

      afterAll(async () => {
        if (client) {
          await deletePrefix(redisUrl!, prefix)
          client.disconnect()
        }
      })

      for (const framework of REFERENCE_FRAMEWORKS) {
        it(`A3 R1 R2 R5: ${framework} — no spelling of a protected route answers 2xx or 5xx without a key, and each answer is an envelope with a request id`, async () => {
          const keyward = await keywardFor()
          const app = await startApp(framework, keyward)
          try {
            let tried = 0
            for (const route of ROUTES) {
              for (const spelling of spellings(route.path)) {
                const response = await send(app.port, 'GET', target(spelling, route.query))
                tried++
                const where = `GET ${spelling} on ${framework}: ${describeResponse(response)}`
                expect(response.status, where).toBeGreaterThanOrEqual(400)
                expect(response.status, where).toBeLessThan(500)
                expect(envelopeProblem(response, false), where).toBeNull()
              }
            }
            expect(tried).toBeGreaterThan(100)
          } finally {
            await app.close()
            await keyward.close()
          }
        }, 60_000)

        it(`A5 K3: ${framework} — requests admitted through any spelling are recorded under the route as routed, and no key is stored`, async () => {
          const keyward = await keywardFor()
          const { key, record } = await keyward.keys.create({ name: 'paths', keyType: 'live' })
          const app = await startApp(framework, keyward)
          try {
            let admitted = 0
            for (const route of ROUTES) {
              const all = [
                route.path,
                ...spellings(route.path),
                `/${key}/..${route.path}`,
                `/x/..${route.path}/${key}/..`,
              ]
              for (const spelling of all) {
                const response = await send(app.port, 'GET', target(spelling, route.query), [
                  ['Authorization', `Bearer ${key}`],
                ])
                expect(response.status, `GET ${spelling} on ${framework}: ${describeResponse(response)}`).toBeLessThan(
                  500,
                )
                if (response.status === 200) admitted++
              }
            }
            await keyward.stores.usage.flush?.()
            const entries = await keyward.queryUsage({ keyId: record.id, limit: 1000 })
            expect(
              admitted,
              'the plain spelling of each route is admitted (the check is not vacuous)',
            ).toBeGreaterThanOrEqual(ROUTES.length)
            expect(entries.length).toBe(admitted)
            const routed = new Set<string>(ROUTES.map((r) => r.path))
            for (const entry of entries) expect(routed.has(entry.path), `stored path ${entry.path}`).toBe(true)
            expect(JSON.stringify(entries)).not.toContain(key.slice(9))
          } finally {
            await app.close()
            await keyward.close()
          }
        }, 60_000)
      }
    },
  )
}

/** The README's quick-start routes on each framework, with a counter of handler runs. */
interface CountingApp {
  port: number
  hits: () => number
  close(): Promise<void>
}

const QUICK_START_ROUTES = [
  ['GET', '/api/v1/hello'],
  ['GET', '/api/v1/reports'],
  ['POST', '/api/v1/admin/delete-everything'],
  ['GET', '/api/v1/forgot'],
] as const

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

async function countingApp(framework: Framework, keyward: Keyward): Promise<CountingApp> {
  let hits = 0
  const hit = () => {
    hits++
    return { data: ['SECRET REPORT'] }
  }
  let server: Server
  let closeApp = async () => {}
  if (framework === 'express') {
    const api = keywardExpress(keyward)
    const app = express()
    api.get('/api/v1/hello', (_req, res) => res.json(hit()))
    api.get('/api/v1/reports', api.protect({ scopes: ['reports:read'], liveOnly: true }), (_req, res) =>
      res.json(hit()),
    )
    api.post('/api/v1/admin/delete-everything', api.protect({ scopes: ['admin'] }), (_req, res) => res.json(hit()))
    app.use(api)
    // A2: a route of the app itself, under the protected paths, needs a key all the same.
    app.get('/api/v1/forgot', (_req, res) => res.json(hit()))
    app.use(api.errorHandler)
    server = createServer(app)
  } else if (framework === 'fastify') {
    // The README's Fastify quick start, as written there.
    const app = Fastify({ serverFactory: (handler) => (server = createServer(handler)) })
    await app.register(keywardFastify, { keyward }) // before the routes
    app.get('/api/v1/hello', async () => hit())
    app.get('/api/v1/reports', { config: { keyward: { scopes: ['reports:read'] } } }, async () => hit())
    app.post('/api/v1/admin/delete-everything', { config: { keyward: { scopes: ['admin'] } } }, async () => hit())
    app.get('/api/v1/forgot', async () => hit())
    await app.ready()
    closeApp = () => app.close()
  } else {
    const api = keywardHono(keyward)
    const app = new Hono()
    app.use(api)
    app.get('/api/v1/hello', api.protect(), (c) => c.json(hit()))
    app.get('/api/v1/reports', api.protect({ scopes: ['reports:read'], liveOnly: true }), (c) => c.json(hit()))
    app.post('/api/v1/admin/delete-everything', api.protect({ scopes: ['admin'] }), (c) => c.json(hit()))
    app.get('/api/v1/forgot', (c) => c.json(hit()))
    app.notFound(api.notFound)
    app.onError(api.onError)
    server = createAdaptorServer({ fetch: app.fetch }) as Server
  }
  const port = await listen(server!)
  return {
    port,
    hits: () => hits,
    async close() {
      await closeApp()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe('the quick-start apps: no spelling runs a handler without a key (A3)', () => {
  const running = new Map<Framework, CountingApp>()
  const keyward = createKeyward({ defaultScopes: SEED_SCOPES, failedAuthLimit: 0 })
  beforeAll(async () => {
    for (const framework of FRAMEWORKS) running.set(framework, await countingApp(framework, keyward))
  })
  afterAll(async () => {
    for (const app of running.values()) await app.close()
  })

  it('A3: the /%61pi/ bypass of the README Fastify quick start is closed — GET /%61pi/v1/reports and POST /%61pi/v1/admin/delete-everything get 401, and no handler runs', async () => {
    const app = running.get('fastify')!
    for (const [method, path] of [
      ['GET', '/%61pi/v1/reports'],
      ['GET', '/ap%69/v1/reports'],
      ['POST', '/%61pi/v1/admin/delete-everything'],
    ] as const) {
      const response = await send(app.port, method, path)
      expect(response.status, `${method} ${path}: ${describeResponse(response)}`).toBe(401)
      expect(JSON.parse(response.body).error.code).toBe('UNAUTHORIZED')
    }
    expect(app.hits()).toBe(0)
    // The app above is the README's: its routes are there as written.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain('await app.register(keywardFastify, { keyward }) // before the routes')
    expect(readme).toContain(
      "app.get('/api/v1/reports', { config: { keyward: { scopes: ['reports:read'] } } }, async () => ({ data: [] }))",
    )
  })

  for (const framework of FRAMEWORKS) {
    it(`A2 A3: ${framework} — every spelling of every quick-start route, and a route no keyward option names, without a key: no handler runs, no 5xx`, async () => {
      const app = running.get(framework)!
      for (const [method, path] of QUICK_START_ROUTES) {
        for (const spelling of [path, ...spellings(path)]) {
          const response = await send(app.port, method, spelling)
          const where = `${method} ${spelling}: ${describeResponse(response)}`
          expect(response.status, where).toBeGreaterThanOrEqual(400)
          expect(response.status, where).toBeLessThan(500)
        }
      }
      expect(app.hits()).toBe(0)
    }, 60_000)
  }

  for (const framework of FRAMEWORKS) {
    it(`H1: ${framework} on a server with Node's default header-line cap (about 1,000 lines) — one valid Authorization among 2,100 lines is refused as header lines dropped, not as sent twice`, async () => {
      const app = running.get(framework)!
      const { key } = await keyward.keys.create({ name: 'lines', keyType: 'live' })
      const filler: [string, string][] = Array.from({ length: 2100 }, () => ['a', 'b'])
      const response = await send(app.port, 'GET', '/api/v1/hello', [['Authorization', `Bearer ${key}`], ...filler])
      expect(response.status, describeResponse(response)).toBe(401)
      const message: string = JSON.parse(response.body).error.message
      expect(message.startsWith('Malformed Authorization header')).toBe(true)
      expect(message).toContain('more header lines than this server reads')
      expect(message).not.toContain('sent more than once')
      expect(app.hits()).toBe(0)
    })
  }
})

describe('R2: requests @hono/node-server cannot parse', () => {
  async function honoServer(withHandler: boolean): Promise<{ port: number; close(): void }> {
    const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
    const api = keywardHono(keyward)
    const app = new Hono()
    app.use(api)
    app.get('/api/v1/x', (c) => c.json({ data: null }))
    const listener = withHandler
      ? getRequestListener(app.fetch, { errorHandler: requestErrorHandler(keyward) })
      : getRequestListener(app.fetch)
    const server = createServer(listener)
    return { port: await listen(server), close: () => server.close() }
  }

  it('R2: with requestErrorHandler, a backslash path and an upper-case absolute-form target get the 400 envelope with a request id; without it, a bare 400', async () => {
    const guarded = await honoServer(true)
    const bare = await honoServer(false)
    try {
      for (const target of ['/api\\v1\\x', 'HTTP://127.0.0.1/api/v1/x']) {
        const response = await send(guarded.port, 'GET', target)
        expect(response.status, describeResponse(response)).toBe(400)
        expect(envelopeProblem(response, false), describeResponse(response)).toBeNull()
        expect(JSON.parse(response.body).error.code).toBe('invalid_request')
        const control = await send(bare.port, 'GET', target)
        expect([control.status, control.headers['x-request-id']]).toEqual([400, undefined])
      }
    } finally {
      guarded.close()
      bare.close()
    }
  })
})

describe('H1: a server that keeps every header line (maxHeadersCount = 0)', () => {
  for (const framework of REFERENCE_FRAMEWORKS) {
    it(`H1: ${framework} — one valid Authorization among 2,100 header lines is admitted`, async () => {
      const keyward = createKeyward({ defaultScopes: SEED_SCOPES, failedAuthLimit: 0 })
      const { key } = await keyward.keys.create({ name: 'lines', keyType: 'live' })
      const app = await startApp(framework, keyward)
      try {
        const filler: [string, string][] = Array.from({ length: 2100 }, () => ['a', 'b'])
        const response = await send(app.port, 'POST', '/api/v1/auth/test', [
          ['Authorization', `Bearer ${key}`],
          ...filler,
        ])
        expect(response.status, describeResponse(response)).toBe(200)
      } finally {
        await app.close()
      }
    })
  }
})
