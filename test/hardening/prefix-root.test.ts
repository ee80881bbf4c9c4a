/**
 * A8: a protected prefix guards its own root. For each framework, each way of mounting a root
 * handler and each router option, every spelling of the root (the ones routers route today)
 * is sent without a key: keyward answers 401, or the framework answers its own 404 where it
 * routes that spelling nowhere, and the root handler never runs. A control app, the same routes
 * without keyward, shows which spellings do reach the handler, so the rows are not vacuous.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import express from 'express'
import express4 from 'express4'
import Fastify, { type FastifyInstance } from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import KoaRouter from '@koa/router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { keywardKoa } from '../../adapters/koa.js'
import { createKeyward, type Keyward } from '../../src/index.js'
import { spellings } from './spellings.js'
import { type RawResponse, rawRequest, requestBytes } from './support.js'

/** The root handler of a style: counts its runs. */
type Hit = () => { data: string }

/** One way of putting a handler at the root of a protected prefix; `keyward` null builds the control app. */
interface Style {
  name: string
  /** The root the handler answers at, as its mount spells it. */
  root: string
  /** By router option: spellings the framework routes to the root handler today (checked on a control app). */
  reaches: Record<string, string[]>
  build(keyward: Keyward | null, hit: Hit): Promise<Server>
}

interface Setup {
  framework: string
  option: string
  styles: Style[]
}

const ROOT_HANDLER = { data: 'root' }

const NON_STRICT = 'non-strict routing'
const STRICT = 'strict routing'

function expressSetup(name: string, factory: () => express.Express, strict: boolean): Setup {
  const appOf = () => {
    const app = factory()
    app.set('strict routing', strict)
    return app
  }
  const routerOf = () => express.Router({ strict })
  const styles: Style[] = [
    {
      name: "app.get('/api/v1/', h) beside app.use(api)",
      root: '/api/v1',
      reaches: { [NON_STRICT]: ['/api/v1', '/api/v1/', '/API/V1'], [STRICT]: ['/api/v1/', '/API/V1/'] },
      async build(keyward, hit) {
        const app = appOf()
        if (keyward) app.use(keywardExpress(keyward))
        app.get('/api/v1/', (_req, res) => res.json(hit()))
        return createServer(app)
      },
    },
    {
      name: "api.get('/api/v1/', h) on keyward's router",
      root: '/api/v1',
      reaches: { [NON_STRICT]: ['/api/v1', '/api/v1/', '/API/V1'], [STRICT]: ['/api/v1/', '/API/V1/'] },
      async build(keyward, hit) {
        const app = appOf()
        const api = keyward ? keywardExpress(keyward) : routerOf()
        api.get('/api/v1/', (_req: express.Request, res: express.Response) => res.json(hit()))
        app.use(api)
        return createServer(app)
      },
    },
    {
      name: "a host router with router.get('/') at app.use('/api/v1', router), keyward at the root",
      root: '/api/v1',
      reaches: {
        [NON_STRICT]: ['/api/v1', '/api/v1/', '/api/v1//', '/API/V1'],
        [STRICT]: ['/api/v1', '/api/v1/', '/API/V1'],
      },
      async build(keyward, hit) {
        const app = appOf()
        const router = routerOf()
        router.get('/', (_req, res) => res.json(hit()))
        if (keyward) app.use(keywardExpress(keyward))
        app.use('/api/v1', router)
        return createServer(app)
      },
    },
    {
      name: "keyward mounted at app.use('/v2', api) with api.get('/', h)",
      root: '/v2',
      reaches: { [NON_STRICT]: ['/v2', '/v2/', '/v2//', '/V2'], [STRICT]: ['/v2', '/v2/', '/V2'] },
      async build(keyward, hit) {
        const app = appOf()
        const api = keyward ? keywardExpress(keyward) : routerOf()
        api.get('/', (_req: express.Request, res: express.Response) => res.json(hit()))
        app.use('/v2', api)
        return createServer(app)
      },
    },
  ]
  return { framework: name, option: strict ? STRICT : NON_STRICT, styles }
}

const DEFAULT_ROUTER = 'default router options'
const LENIENT_ROUTER = 'ignoreTrailingSlash, ignoreDuplicateSlashes, useSemicolonDelimiter'
const LENIENT_FASTIFY = { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, useSemicolonDelimiter: true }

const LENIENT_ROOT = ['/api/v1', '/api/v1/', '///api/v1/', '/api/v1;/', '/%61pi/v1']
const SCOPE_ROOT = { [DEFAULT_ROUTER]: ['/v2', '/v2/'], [LENIENT_ROUTER]: ['/v2', '/v2/', '///v2/', '/v2;/', '//v2'] }

function fastifySetup(lenient: boolean): Setup {
  const start = async (register: (app: FastifyInstance) => Promise<void>) => {
    let server: Server | undefined
    const routerOptions = lenient ? { routerOptions: LENIENT_FASTIFY } : {}
    const app = Fastify({ serverFactory: (handler) => (server = createServer(handler)), ...routerOptions })
    await register(app)
    await app.ready()
    return server!
  }
  const scoped =
    (paths?: string[]): Style['build'] =>
    (keyward, hit) =>
      start(async (app) => {
        await app.register(
          async (scope: FastifyInstance) => {
            if (keyward) await scope.register(keywardFastify, { keyward, ...(paths ? { paths } : {}) })
            scope.get('/', async () => hit())
          },
          { prefix: '/v2' },
        )
      })
  const styles: Style[] = [
    {
      name: "app.get('/api/v1/', h) after the plugin",
      root: '/api/v1',
      reaches: { [DEFAULT_ROUTER]: ['/api/v1/'], [LENIENT_ROUTER]: LENIENT_ROOT },
      build: (keyward, hit) =>
        start(async (app) => {
          if (keyward) await app.register(keywardFastify, { keyward })
          app.get('/api/v1/', async () => hit())
        }),
    },
    {
      name: "app.get('/api/v1', h) after the plugin",
      root: '/api/v1',
      reaches: { [DEFAULT_ROUTER]: ['/api/v1', '/%61pi/v1'], [LENIENT_ROUTER]: LENIENT_ROOT },
      build: (keyward, hit) =>
        start(async (app) => {
          if (keyward) await app.register(keywardFastify, { keyward })
          app.get('/api/v1', async () => hit())
        }),
    },
    { name: "a scope with { prefix: '/v2' } and scope.get('/', h)", root: '/v2', reaches: SCOPE_ROOT, build: scoped() },
    {
      name: "a scope with { prefix: '/v2' }, paths ['/v2/reports/'], and scope.get('/', h)",
      root: '/v2',
      reaches: SCOPE_ROOT,
      build: scoped(['/v2/reports/']),
    },
  ]
  return { framework: 'fastify 5', option: lenient ? LENIENT_ROUTER : DEFAULT_ROUTER, styles }
}

const HONO_STRICT = 'strict'
const HONO_LENIENT = 'strict: false'

function honoSetup(strict: boolean): Setup {
  const serve = (app: Hono) => createAdaptorServer({ fetch: app.fetch }) as Server
  const styles: Style[] = [
    {
      name: "app.get('/api/v1/', h) after app.use(api)",
      root: '/api/v1',
      // The WHATWG URL parser of @hono/node-server resolves dot segments; strict: false drops one trailing slash.
      reaches: { [HONO_STRICT]: ['/api/v1/', '/api/./v1/', '/api/v1/x/..'], [HONO_LENIENT]: ['/api/v1//'] },
      async build(keyward, hit) {
        const app = new Hono({ strict })
        if (keyward) app.use(keywardHono(keyward))
        app.get('/api/v1/', (c) => c.json(hit()))
        return serve(app)
      },
    },
    {
      name: "a sub-app's '/' through app.route('/api/v1', sub)",
      root: '/api/v1',
      reaches: {
        [HONO_STRICT]: ['/api/v1', '/%61pi/v1', '/api/./v1'],
        [HONO_LENIENT]: ['/api/v1', '/api/v1/', '/api/./v1/', '/%61pi/v1'],
      },
      async build(keyward, hit) {
        const app = new Hono({ strict })
        const sub = new Hono({ strict })
        sub.get('/', (c) => c.json(hit()))
        if (keyward) app.use(keywardHono(keyward))
        app.route('/api/v1', sub)
        return serve(app)
      },
    },
    {
      name: "keyward on app.use('/v2/*', api) and a sub-app's '/' at app.route('/v2', sub)",
      root: '/v2',
      reaches: { [HONO_STRICT]: ['/v2', '/./v2'], [HONO_LENIENT]: ['/v2', '/v2/', '/./v2/'] },
      async build(keyward, hit) {
        const app = new Hono({ strict })
        const sub = new Hono({ strict })
        sub.get('/', (c) => c.json(hit()))
        if (keyward) app.use('/v2/*', keywardHono(keyward))
        app.route('/v2', sub)
        return serve(app)
      },
    },
  ]
  return { framework: 'hono 4 (node-server)', option: strict ? HONO_STRICT : HONO_LENIENT, styles }
}

const KOA_LENIENT = 'non-strict router'
const KOA_STRICT = 'strict router'

function koaSetup(strict: boolean): Setup {
  const serve = (keyward: Keyward | null, router: KoaRouter) => {
    const app = new Koa()
    if (keyward) app.use(keywardKoa(keyward))
    app.use(router.routes())
    return createServer(app.callback())
  }
  const styles: Style[] = [
    {
      name: "router.get('/api/v1/', h) after app.use(api)",
      root: '/api/v1',
      reaches: { [KOA_LENIENT]: ['/api/v1/', '/api/v1//', '/API/V1/'], [KOA_STRICT]: ['/api/v1/', '/API/V1/'] },
      async build(keyward, hit) {
        const router = new KoaRouter({ strict })
        router.get('/api/v1/', (ctx) => {
          ctx.body = hit()
        })
        return serve(keyward, router)
      },
    },
    {
      name: "a router with { prefix: '/api/v1' } and router.get('/', h)",
      root: '/api/v1',
      reaches: {
        [KOA_LENIENT]: ['/api/v1', '/api/v1/', '/API/V1', 'http://127.0.0.1/api/v1'],
        [KOA_STRICT]: ['/api/v1/', '/API/V1/'],
      },
      async build(keyward, hit) {
        const router = new KoaRouter({ strict, prefix: '/api/v1' })
        router.get('/', (ctx) => {
          ctx.body = hit()
        })
        return serve(keyward, router)
      },
    },
    {
      name: "a nested router's '/' at router.use('/api/v1', nested.routes())",
      root: '/api/v1',
      reaches: {
        [KOA_LENIENT]: ['/api/v1', '/api/v1/', '/API/V1', 'http://127.0.0.1/api/v1'],
        [KOA_STRICT]: ['/api/v1/', '/API/V1/'],
      },
      async build(keyward, hit) {
        const router = new KoaRouter({ strict })
        const nested = new KoaRouter({ strict })
        nested.get('/', (ctx) => {
          ctx.body = hit()
        })
        router.use('/api/v1', nested.routes())
        return serve(keyward, router)
      },
    },
  ]
  return { framework: 'koa 3', option: strict ? KOA_STRICT : KOA_LENIENT, styles }
}

const SETUPS: Setup[] = [
  expressSetup('express 5', express, false),
  expressSetup('express 5', express, true),
  expressSetup('express 4', express4 as never, false),
  expressSetup('express 4', express4 as never, true),
  fastifySetup(false),
  fastifySetup(true),
  honoSetup(true),
  honoSetup(false),
  koaSetup(false),
  koaSetup(true),
]

/** The root, and every spelling of it a router may route there: of the root, and of the root with its slash. */
function rootSpellings(root: string): string[] {
  const last = root.lastIndexOf('/')
  const withSlash = [
    `${root}/`,
    `/${root}/`,
    `//${root}/`,
    `${root}//`,
    `${root};/`,
    `${root}/;x=1`,
    `${root}/.`,
    `${root}/./`,
    `${root}/x/..`,
    `${root}/x/../`,
    `${root}/%2e`,
    `${root}%2F`,
    `${root}%2f`,
    `${root.slice(0, last)}/.${root.slice(last)}/`,
    `${root.toUpperCase()}/`,
  ]
  return [root, ...new Set([...withSlash, ...spellings(root)])]
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

interface Running {
  port: number
  hits: () => number
  server: Server
}

async function run(style: Style, keyward: Keyward | null): Promise<Running> {
  let hits = 0
  const server = await style.build(keyward, () => {
    hits++
    return ROOT_HANDLER
  })
  return { port: await listen(server), hits: () => hits, server }
}

function send(port: number, target: string, headers: [string, string][] = []): Promise<RawResponse> {
  return rawRequest(port, requestBytes('GET', target, headers))
}

const describeResponse = (response: RawResponse) =>
  `${response.status} ${response.headers['www-authenticate'] ?? '-'} ${response.body.slice(0, 200)}`

const keyward = createKeyward({ failedAuthLimit: 0 })
let liveKey = ''
beforeAll(async () => {
  liveKey = (await keyward.keys.create({ name: 'prefix root', keyType: 'live' })).key
})
afterAll(() => keyward.close())

/** keyward's own 401 for a request without a key (H2, H11). */
function expectRefused(response: RawResponse, where: string): void {
  expect(response.status, where).toBe(401)
  expect(JSON.parse(response.body).error.code, where).toBe('UNAUTHORIZED')
  expect(response.headers['www-authenticate'], where).toBe('Bearer realm="Svc"')
}

for (const setup of SETUPS) {
  describe(`A8: ${setup.framework}, ${setup.option}`, () => {
    for (const style of setup.styles) {
      it(`A8 A3: ${style.name} — every spelling of ${style.root} the framework routes to the root handler gets 401 without a key; the others get the framework's own answer or 401; the handler never runs`, async () => {
        const control = await run(style, null)
        const guarded = await run(style, keyward)
        try {
          const reached: string[] = []
          for (const spelling of rootSpellings(style.root)) {
            const before = control.hits()
            const open = await send(control.port, spelling)
            const response = await send(guarded.port, spelling)
            const where = `GET ${spelling}, ${setup.framework} (${setup.option}), ${style.name}: ${describeResponse(response)}`
            if (control.hits() > before) {
              reached.push(spelling)
              expectRefused(response, where)
            } else if (response.status === 401) {
              expectRefused(response, where)
            } else {
              // Routed nowhere: the framework's own answer (404, or 400 for a target it cannot read), not keyward's.
              expect([response.status, response.headers['x-request-id']], where).toEqual([open.status, undefined])
              expect(response.status, where).toBeGreaterThanOrEqual(400)
            }
          }
          expect(guarded.hits(), 'the root handler ran without a key').toBe(0)
          // Not vacuous: the spellings named here do reach the handler when keyward is not there.
          expect(reached).toEqual(expect.arrayContaining(style.reaches[setup.option] ?? []))
          expect(reached.length).toBeGreaterThan(0)
        } finally {
          await close(control.server)
          await close(guarded.server)
        }
      })

      it(`A8: ${style.name} — with a valid key, every spelling that reaches the root handler without keyward reaches it`, async () => {
        const control = await run(style, null)
        const guarded = await run(style, keyward)
        try {
          let reached = 0
          for (const spelling of rootSpellings(style.root)) {
            const before = control.hits()
            await send(control.port, spelling)
            if (control.hits() === before) continue
            reached++
            const response = await send(guarded.port, spelling, [['Authorization', `Bearer ${liveKey}`]])
            expect(response.status, `GET ${spelling}: ${describeResponse(response)}`).toBe(200)
            expect(JSON.parse(response.body)).toEqual(ROOT_HANDLER)
          }
          expect(reached).toBeGreaterThan(0)
          expect(guarded.hits()).toBe(reached)
        } finally {
          await close(control.server)
          await close(guarded.server)
        }
      })
    }
  })
}
