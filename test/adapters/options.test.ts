/**
 * Setup mistakes throw a TypeError at once, naming the option, on every adapter; the
 * handlers the adapters return are named functions.
 */
import express from 'express'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { keywardKoa } from '../../adapters/koa.js'
import { createKeyward } from '../../src/keyward.js'

const keyward = createKeyward()
const factories = [
  { name: 'keyward/express', create: (options?: unknown) => keywardExpress(keyward, options as never) },
  { name: 'keyward/hono', create: (options?: unknown) => keywardHono(keyward, options as never) },
  { name: 'keyward/koa', create: (options?: unknown) => keywardKoa(keyward, options as never) },
]

describe.each(factories)('$name options', ({ name, create }) => {
  it.each([
    [{ trustProxy: -1 }, 'trustProxy'],
    [{ trustProxy: 1.5 }, 'trustProxy'],
    [{ trustProxy: 'yes' }, 'trustProxy'],
    [{ paths: '/api/v1/' }, 'paths'],
    [{ paths: [] }, 'paths'],
    [{ paths: ['api/v1'] }, 'paths'],
    [{ ping: 'ping' }, 'ping'],
    [{ authTest: true }, 'authTest'],
    [{ dashboardPath: '/dash/' }, 'dashboardPath'],
    [{ notFound: true }, 'notFound'],
    [{ prefix: '/api' }, 'prefix'],
    [{ dashboard: {} }, 'dashboard'],
    [{ dashboard: { authorize: 'token' } }, 'dashboard'],
    [{ onError: 'log' }, 'onError'],
    [{ dashbord: { authorize: () => true } }, 'dashbord'],
  ])('%j throws a TypeError naming %s', (options, option) => {
    expect(() => create(options)).toThrow(TypeError)
    expect(() => create(options)).toThrow(`${name}: option "${option}"`)
  })

  it('refuses something that is not a keyward instance', () => {
    const adapter = { 'keyward/express': keywardExpress, 'keyward/hono': keywardHono, 'keyward/koa': keywardKoa }[name]!
    expect(() => adapter({} as never)).toThrow(`${name}: the first argument must be a keyward instance`)
  })

  it.each([
    [{ scopes: 'ip' }, 'scopes'],
    [{ scopes: ['IP'] }, 'scopes'],
    [{ liveOnly: 'yes' }, 'liveOnly'],
    [{ consume: 0 }, 'consume'],
    [{ public: 'true' }, 'public'],
    [{ skip: true }, 'skip'],
    [{ liveonly: true }, 'liveonly'],
    [{ permissions: 'reports.read AND' }, 'permissions'],
    [{ permissions: 'a OR (b' }, 'permissions'],
    [{ permissions: ['reports.read'] }, 'permissions'],
  ])('protect(%j) throws a TypeError naming %s', (options, option) => {
    const api = create()
    expect(() => api.protect(options as never)).toThrow(`${name}: protect() option "${option}"`)
  })

  it('accepts good options (a guard function as the dashboard too) and returns named handlers', () => {
    const api = create({
      trustProxy: 2,
      paths: ['/service/api/v1/', '/v2'],
      ping: false,
      dashboard: () => false,
      dashboardPath: '/admin/keys',
      notFound: '/service',
      onError: () => undefined,
    })
    expect(api.name).toMatch(/^keyward(Express)?Middleware$/)
    expect(api.protect({ scopes: ['ip'], liveOnly: true, consume: false }).name).toBe('keywardProtect')
    expect(typeof api.public()).toBe('function')
  })
})

describe('keyward/fastify options', () => {
  it('the plugin is a named function wrapped by fastify-plugin', () => {
    expect(keywardFastify.name).toBe('keywardFastifyPlugin')
    expect((keywardFastify as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')]).toBe(true)
  })

  it('a missing keyward instance fails registration with a TypeError naming the option', async () => {
    const app = Fastify()
    await expect(app.register(keywardFastify, {} as never).ready()).rejects.toThrow(
      'keyward/fastify: option "keyward" must be a keyward instance',
    )
  })

  it('a bad adapter option fails registration with a TypeError naming it', async () => {
    const app = Fastify()
    await expect(app.register(keywardFastify, { keyward, trustProxy: -2 }).ready()).rejects.toThrow(
      'keyward/fastify: option "trustProxy"',
    )
  })

  it('a bad route config.keyward throws when the route is declared, naming the route and the field', async () => {
    const app = Fastify()
    await app.register(keywardFastify, { keyward })
    expect(() => app.get('/api/v1/x', { config: { keyward: { scopes: ['Not A Scope'] } } }, async () => ({}))).toThrow(
      'keyward/fastify: route GET /api/v1/x config.keyward "scopes"',
    )
    await app.close()
  })

  it('M7: a permission query that does not parse throws when the route is declared, naming the route and what is wrong', async () => {
    const app = Fastify()
    await app.register(keywardFastify, { keyward })
    expect(() =>
      app.get('/api/v1/reports', { config: { keyward: { permissions: 'reports.read AND OR x' } } }, async () => ({})),
    ).toThrow(
      'keyward/fastify: route GET /api/v1/reports config.keyward "permissions" is not a permission query: expected a permission name',
    )
    await app.close()
  })
})

describe('keyward/express guarding paths the host chooses (A1)', () => {
  it('serves the endpoints where the host puts them and guards its own prefix, leaving /api alone', async () => {
    const api = keywardExpress(keyward, {
      paths: ['/service/v2/'],
      ping: '/service/ping',
      authTest: '/service/auth/test',
    })
    api.get('/service/v2/things', (_req, res) => res.json({ data: [] }))
    const app = express()
    app.use(api)
    app.get('/api/v1/forgot', (_req, res) => res.json({ data: "not keyward's" }))
    const { createServer } = await import('node:http')
    const server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      expect((await fetch(`http://127.0.0.1:${port}/service/ping`)).status).toBe(200)
      const things = await fetch(`http://127.0.0.1:${port}/service/v2/things`)
      expect([things.status, (await things.json()).error.code]).toEqual([401, 'UNAUTHORIZED'])
      const outside = await fetch(`http://127.0.0.1:${port}/api/v1/forgot`)
      expect([outside.status, outside.headers.get('x-request-id')]).toEqual([200, null])
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/ping`)).status).toBe(404)
    } finally {
      server.close()
    }
  })
})
