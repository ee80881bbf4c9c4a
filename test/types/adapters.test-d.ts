/**
 * The types the adapters add to each framework: `req.apiKey` (Express), `request.apiKey` and the
 * route `config.keyward` (Fastify), `c.get('apiKey')` / `c.var.requestId` (Hono), and the option
 * types. The `@ts-expect-error` lines are canaries: if type checking silently stopped, they would
 * no longer be errors and the run would fail.
 */
import type { Request as ExpressRequest, RequestHandler } from 'express'
import Fastify, { type FastifyContextConfig, type FastifyRequest } from 'fastify'
import { type Context, Hono } from 'hono'
import { describe, expectTypeOf, test } from 'vitest'
import { type AdapterOptions, type KeywardExpress, keywardExpress, type RouteOptions } from '../../adapters/express.js'
import { type KeywardFastifyOptions, keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { type KeywardKoa, keywardKoa } from '../../adapters/koa.js'
import Router from '@koa/router'
import type { Context as KoaContext, Middleware as KoaMiddleware } from 'koa'
import { type ApiKeyContext, createKeyward, type Keyward } from '../../src/keyward.js'

const keyward = createKeyward()

describe('keyward/express', () => {
  test('req.apiKey is the key context, undefined on routes without protect()', () => {
    expectTypeOf<ExpressRequest['apiKey']>().toEqualTypeOf<ApiKeyContext | undefined>()
    const handler: RequestHandler = (req, res) => {
      expectTypeOf(req.apiKey?.keyType).toEqualTypeOf<'live' | 'test' | undefined>()
      res.end()
    }
    expectTypeOf(handler).toBeFunction()
  })

  test('keywardExpress takes a keyward instance and the adapter options', () => {
    expectTypeOf(keywardExpress).parameters.toEqualTypeOf<[keyward: Keyward, options?: AdapterOptions]>()
    expectTypeOf(keywardExpress).returns.toEqualTypeOf<KeywardExpress>()
    expectTypeOf<KeywardExpress['protect']>().parameter(0).toEqualTypeOf<RouteOptions | undefined>()
    expectTypeOf<AdapterOptions['trustProxy']>().toEqualTypeOf<boolean | number | undefined>()
  })

  test('canary: a bad option is a type error', () => {
    // @ts-expect-error trustProxy is a boolean or a number of hops
    keywardExpress(keyward, { trustProxy: 'yes' })
    // @ts-expect-error scopes is a list of scope names
    keywardExpress(keyward).protect({ scopes: 'ip' })
    // @ts-expect-error req.apiKey is not a string
    const key: string = ({} as ExpressRequest).apiKey
    expectTypeOf(key).toBeString()
  })
})

describe('keyward/fastify', () => {
  test('request.apiKey is the key context or null', () => {
    expectTypeOf<FastifyRequest['apiKey']>().toEqualTypeOf<ApiKeyContext | null>()
  })

  test('route config.keyward takes the route options', () => {
    expectTypeOf<FastifyContextConfig['keyward']>().toEqualTypeOf<RouteOptions | undefined>()
    const app = Fastify()
    app.get(
      '/api/v1/x',
      { config: { keyward: { scopes: ['ip'], liveOnly: true, consume: false } } },
      async (request) => {
        expectTypeOf(request.apiKey).toEqualTypeOf<ApiKeyContext | null>()
        return {}
      },
    )
    // @ts-expect-error liveOnly is a boolean
    app.get('/api/v1/y', { config: { keyward: { liveOnly: 'yes' } } }, async () => ({}))
  })

  test('the plugin needs a keyward instance', () => {
    expectTypeOf<KeywardFastifyOptions['keyward']>().toEqualTypeOf<Keyward>()
    const app = Fastify()
    void app.register(keywardFastify, { keyward, trustProxy: 1 })
    // @ts-expect-error the keyward option is required
    void app.register(keywardFastify, { trustProxy: 1 })
  })
})

describe('keyward/hono', () => {
  test("c.get('apiKey') and c.var.requestId are typed through ContextVariableMap, the key as possibly undefined", () => {
    const read = (c: Context) => c.get('apiKey')
    expectTypeOf(read).returns.toEqualTypeOf<ApiKeyContext | undefined>()
    const requestId = (c: Context) => c.var.requestId
    expectTypeOf(requestId).returns.toEqualTypeOf<string>()
  })

  test('handlers after protect() see the key context', () => {
    const api = keywardHono(keyward, { paths: ['/api/v1/'] })
    const app = new Hono()
    app.get('/api/v1/x', api.protect({ scopes: ['ip'] }), (c) => {
      expectTypeOf(c.var.apiKey).toEqualTypeOf<ApiKeyContext>()
      return c.json({ keyType: c.var.apiKey.keyType })
    })
    // @ts-expect-error public is a boolean
    api.protect({ public: 1 })
  })

  test('a guard() handler sees the key context and its path parameters, and the route accepts it', () => {
    const api = keywardHono(keyward, { paths: ['/api/v1/'] })
    const app = new Hono()
    app.get(
      '/api/v1/things/:id',
      api.guard({ scopes: ['ip'] }, (c) => {
        expectTypeOf(c.var.apiKey).toEqualTypeOf<ApiKeyContext>()
        expectTypeOf(c.var.requestId).toEqualTypeOf<string>()
        return c.json({ id: c.req.param('id'), keyType: c.var.apiKey.keyType })
      }),
    )
    app.get(
      '/api/v1/open',
      api.guard((c) => c.text(c.var.requestId)),
    )
    // @ts-expect-error liveOnly is a boolean
    api.guard({ liveOnly: 'yes' }, (c) => c.text(''))
  })
})

describe('keyward/koa', () => {
  test('ctx.state.apiKey is the key context, possibly undefined; ctx.state.requestId a string', () => {
    const read = (ctx: KoaContext) => ctx.state.apiKey
    expectTypeOf(read).returns.toEqualTypeOf<ApiKeyContext | undefined>()
    const requestId = (ctx: KoaContext) => ctx.state.requestId
    expectTypeOf(requestId).returns.toEqualTypeOf<string | undefined>()
  })

  test('keywardKoa takes a keyward instance and the adapter options; its markers are route middleware', () => {
    expectTypeOf(keywardKoa).parameters.toEqualTypeOf<[keyward: Keyward, options?: AdapterOptions]>()
    expectTypeOf(keywardKoa).returns.toEqualTypeOf<KeywardKoa>()
    expectTypeOf<KeywardKoa>().toMatchTypeOf<KoaMiddleware>()
    expectTypeOf<KeywardKoa['protect']>().parameter(0).toEqualTypeOf<RouteOptions | undefined>()
    const api = keywardKoa(keyward)
    const router = new Router()
    router.get('/api/v1/x', api.protect({ scopes: ['ip'] }), (ctx) => {
      expectTypeOf(ctx.state.apiKey?.keyType).toEqualTypeOf<'live' | 'test' | undefined>()
    })
    router.use(api.public())
  })

  test('canary: a bad option is a type error', () => {
    // @ts-expect-error trustProxy is a boolean or a number of hops
    keywardKoa(keyward, { trustProxy: 'yes' })
    // @ts-expect-error consume is a boolean
    keywardKoa(keyward).protect({ consume: 'no' })
  })
})
