/**
 * Setup mistakes throw a TypeError at once, naming the option (STYLE.md), on every adapter; the
 * handlers the adapters return are named functions.
 */
import express from 'express'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { createKeyward } from '../../src/keyward.js'

const keyward = createKeyward()
const factories = [
  { name: 'keyward/express', create: (options?: unknown) => keywardExpress(keyward, options as never) },
  { name: 'keyward/hono', create: (options?: unknown) => keywardHono(keyward, options as never) },
]

describe.each(factories)('$name options', ({ name, create }) => {
  it.each([
    [{ trustProxy: -1 }, 'trustProxy'],
    [{ trustProxy: 1.5 }, 'trustProxy'],
    [{ trustProxy: 'yes' }, 'trustProxy'],
    [{ prefix: 'api' }, 'prefix'],
    [{ prefix: '/api/' }, 'prefix'],
    [{ dashboard: {} }, 'dashboard'],
    [{ dashboard: { authorize: 'token' } }, 'dashboard'],
    [{ onError: 'log' }, 'onError'],
    [{ dashbord: { authorize: () => true } }, 'dashbord'],
  ])('%j throws a TypeError naming %s', (options, option) => {
    expect(() => create(options)).toThrow(TypeError)
    expect(() => create(options)).toThrow(`${name}: option "${option}"`)
  })

  it('refuses something that is not a keyward instance', () => {
    const adapter = name === 'keyward/express' ? keywardExpress : keywardHono
    expect(() => adapter({} as never)).toThrow(`${name}: the first argument must be a keyward instance`)
  })

  it.each([
    [{ scopes: 'ip' }, 'scopes'],
    [{ scopes: ['IP'] }, 'scopes'],
    [{ liveOnly: 'yes' }, 'liveOnly'],
    [{ consume: 0 }, 'consume'],
    [{ skip: 'true' }, 'skip'],
    [{ liveonly: true }, 'liveonly'],
  ])('protect(%j) throws a TypeError naming %s', (options, option) => {
    const api = create()
    expect(() => api.protect(options as never)).toThrow(`${name}: protect() option "${option}"`)
  })

  it('accepts good options and returns named handlers', () => {
    const api = create({ trustProxy: 2, prefix: '/service/api', dashboard: { authorize: () => false }, onError: () => undefined })
    expect(api.name).toBe('keywardMiddleware')
    expect(api.protect({ scopes: ['ip'], liveOnly: true, consume: false }).name).toBe('keywardProtect')
    expect(api.notFound.name).toBe('keywardNotFound')
  })
})

describe('keyward/fastify options', () => {
  it('the plugin is a named function wrapped by fastify-plugin', () => {
    expect(keywardFastify.name).toBe('keywardFastifyPlugin')
    expect((keywardFastify as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')]).toBe(true)
  })

  it('a missing keyward instance fails registration with a TypeError naming the option', async () => {
    const app = Fastify()
    await expect(app.register(keywardFastify, {} as never).ready()).rejects.toThrow('keyward/fastify: option "keyward" must be a keyward instance')
  })

  it('a bad adapter option fails registration with a TypeError naming it', async () => {
    const app = Fastify()
    await expect(app.register(keywardFastify, { keyward, trustProxy: -2 }).ready()).rejects.toThrow('keyward/fastify: option "trustProxy"')
  })

  it('a bad route config.keyward throws when the route is declared, naming the route and the field', async () => {
    const app = Fastify()
    await app.register(keywardFastify, { keyward })
    expect(() => app.get('/api/v1/x', { config: { keyward: { scopes: ['Not A Scope'] } } }, async () => ({}))).toThrow(
      'keyward/fastify: route GET /api/v1/x config.keyward "scopes"',
    )
    expect(() => app.get('/health', { config: { keyward: { scopes: ['ip'] } } }, async () => ({}))).toThrow(
      'config.keyward applies only to routes under /api/v1/',
    )
    await app.close()
  })
})

describe('keyward/express with a prefix', () => {
  it('serves the built-ins under the prefix given', async () => {
    const api = keywardExpress(keyward, { prefix: '/service' })
    const app = express()
    app.use(api)
    const { createServer } = await import('node:http')
    const server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      const ping = await fetch(`http://127.0.0.1:${port}/service/v1/ping`)
      expect(ping.status).toBe(200)
      const other = await fetch(`http://127.0.0.1:${port}/service/v2`)
      expect(other.status).toBe(404)
      expect((await other.json()).error.code).toBe('not_found')
    } finally {
      server.close()
    }
  })
})
