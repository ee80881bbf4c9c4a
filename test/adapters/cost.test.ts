/**
 * Route costs and `charge(n)` on every framework alike (M2, M4, M8): a cost-3 route lowers the
 * headers by 3 and is refused while a cost-1 route still passes, cost 0 checks without counting, a
 * cost function prices the request from its query or headers, a function's bad answer is a 500
 * told to onError, and a charge after admission refuses the next requests.
 */
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { keywardKoa } from '../../adapters/koa.js'
import { createManualClock } from '../../src/core/clock.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { check } from './support/check.js'
import { CUSTOM_APPS, type CustomApp, startCustomApp } from './support/custom-apps.js'
import { rawRequest } from './support/raw-http.js'

describe.each(CUSTOM_APPS)('$name', ({ build }) => {
  let keyward: Keyward
  let app: CustomApp
  const errors: unknown[] = []
  const send = (request: Parameters<typeof rawRequest>[1]) => rawRequest(app.port, request)
  const bearer = (key: string) => [['Authorization', `Bearer ${key}`]] as const
  /** A fresh test key: 10 units a minute, 1,000 a month. */
  const testKey = async () => (await keyward.keys.create({ name: 'metered', keyType: 'test' })).key
  const get = (path: string, key: string, headers: ReadonlyArray<readonly [string, string]> = []) =>
    send({ path, headers: [...bearer(key), ...headers] })

  beforeAll(async () => {
    keyward = createKeyward({ stores: createMemoryStores(), clock: createManualClock(), failedAuthLimit: 0 })
    app = await startCustomApp(build, keyward, (error) => errors.push(error))
  })
  afterAll(() => app?.close())

  it('M2 M8: a cost-3 route lowers X-RateLimit-Remaining by 3 and is refused with fewer than 3 units left, while a cost-1 route still passes', async () => {
    const key = await testKey()
    for (const remaining of [7, 4, 1]) {
      check(await get('/api/v1/cost3', key), {
        status: 200,
        limits: { limit: 10, remaining },
        quota: { limit: 1000, remaining: 1000 - (10 - remaining) },
        applicationBody: true,
      })
    }
    const refused = check(await get('/api/v1/cost3', key), {
      status: 429,
      code: 'rate_limited',
      limits: { limit: 10, remaining: 1 },
      quota: { remaining: 991 },
      retryAfter: 61,
    })
    expect(refused.error.message).toMatch(/^Rate limit exceeded/)
    check(await get('/api/v1/live-only', key), { status: 403, code: 'forbidden', limits: { remaining: 1 } })
    check(await get('/api/v1/priced', key), {
      status: 200,
      limits: { limit: 10, remaining: 0 },
      quota: { remaining: 990 },
      applicationBody: true,
    })
  })

  it('M2: a cost-0 route admits at the limit edge without counting, and is refused once nothing is left', async () => {
    const key = await testKey()
    for (let i = 0; i < 3; i++) await get('/api/v1/cost3', key)
    for (let i = 0; i < 2; i++) {
      check(await get('/api/v1/cost0', key), {
        status: 200,
        limits: { limit: 10, remaining: 1 },
        quota: { remaining: 991 },
        applicationBody: true,
      })
    }
    check(await get('/api/v1/priced', key), { status: 200, limits: { remaining: 0 }, applicationBody: true })
    check(await get('/api/v1/cost0', key), {
      status: 429,
      code: 'rate_limited',
      limits: { remaining: 0 },
      retryAfter: 61,
    })
  })

  it('M2: a cost function prices the request from its query or its headers', async () => {
    const key = await testKey()
    check(await get('/api/v1/priced?units=4', key), { status: 200, limits: { remaining: 6 }, applicationBody: true })
    check(await get('/api/v1/priced', key, [['X-Units', '2']]), {
      status: 200,
      limits: { remaining: 4 },
      applicationBody: true,
    })
    check(await get('/api/v1/priced', key), { status: 200, limits: { remaining: 3 }, applicationBody: true })
    check(await get('/api/v1/priced?units=5', key), {
      status: 429,
      code: 'rate_limited',
      limits: { remaining: 3 },
      retryAfter: 61,
    })
  })

  it('M2 R5: a cost function that answers no cost → 500 INTERNAL_ERROR told to onError, nothing counted, the handler never runs', async () => {
    const key = await testKey()
    errors.length = 0
    for (const units of ['abc', '-1', '1.5', '1000001']) {
      const response = await get(`/api/v1/priced?units=${units}`, key)
      const body = check(response, { status: 500, code: 'INTERNAL_ERROR', limits: null, quota: null })
      expect(body.error.message).toContain(response.header('x-request-id'))
    }
    expect(errors).toHaveLength(4)
    expect(String(errors[0])).toContain("a route's cost function must return an integer from 0 to 1,000,000")
    check(await get('/api/v1/priced?units=0', key), { status: 200, limits: { remaining: 10 }, applicationBody: true })
  })

  it('M2: charge(n) after admission never refuses that request; the windows it pushes over refuse the next ones', async () => {
    const key = await testKey()
    const charged = check(await send({ method: 'POST', path: '/api/v1/charge?units=5', headers: bearer(key) }), {
      status: 200,
      limits: { limit: 10, remaining: 9 },
      applicationBody: true,
    })
    expect(charged).toEqual({ data: { charged: 5 } })
    check(await get('/api/v1/priced', key), {
      status: 200,
      limits: { remaining: 3 },
      quota: { remaining: 993 },
      applicationBody: true,
    })
    check(await send({ method: 'POST', path: '/api/v1/charge?units=20', headers: bearer(key) }), {
      status: 200,
      limits: { remaining: 2 },
      applicationBody: true,
    })
    check(await get('/api/v1/priced', key), {
      status: 429,
      code: 'rate_limited',
      limits: { limit: 10, remaining: 0 },
      quota: { remaining: 972 },
      retryAfter: 61,
    })
  })
})

describe('M2: a bad route cost is a TypeError at setup naming the option (and on Fastify the route)', () => {
  const keyward = createKeyward({ stores: createMemoryStores() })
  const bad = [-1, 1.5, 1_000_001, '3', null] as const

  it.each(bad)('express: protect({ cost: %j })', (cost) => {
    const api = keywardExpress(keyward)
    expect(() => api.protect({ cost: cost as never })).toThrow(
      /^keyward\/express: protect\(\) option "cost" must be an integer from 0 to 1,000,000, or a function/,
    )
  })

  it.each(bad)('hono: protect({ cost: %j }) and guard()', (cost) => {
    const api = keywardHono(keyward)
    expect(() => api.protect({ cost: cost as never })).toThrow(/^keyward\/hono: protect\(\) option "cost" must be/)
    expect(() => api.guard({ cost: cost as never }, (c) => c.text(''))).toThrow(
      /^keyward\/hono: guard\(\) option "cost" must be/,
    )
  })

  it.each(bad)('koa: protect({ cost: %j })', (cost) => {
    const api = keywardKoa(keyward)
    expect(() => api.protect({ cost: cost as never })).toThrow(/^keyward\/koa: protect\(\) option "cost" must be/)
  })

  it.each(bad)('fastify: config.keyward.cost %j names the route', async (cost) => {
    const app = Fastify()
    await app.register(keywardFastify, { keyward })
    expect(() => app.get('/api/v1/llm', { config: { keyward: { cost: cost as never } } }, async () => ({}))).toThrow(
      /^keyward\/fastify: route GET \/api\/v1\/llm config\.keyward "cost" must be an integer from 0 to 1,000,000/,
    )
    await app.close()
  })
})
