/**
 * A8: a Fastify route declared before `app.register(keywardFastify)` (or in the same tick as a
 * register that was not awaited) is never seen by the plugin's `onRoute` hook. It keeps its
 * `config.keyward` all the same: guarded with its own options, never with weaker ones, and a bad
 * option refuses the request and is reported naming the route.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywardFastify } from '../../adapters/fastify.js'
import { createKeyward } from '../../src/keyward.js'

const keyward = createKeyward({ failedAuthLimit: 0 })
const keys = { testWithScope: '', liveWithout: '', liveWith: '' }
beforeAll(async () => {
  keys.testWithScope = (await keyward.keys.create({ name: 'test x', keyType: 'test', scopes: ['x'] })).key
  keys.liveWithout = (await keyward.keys.create({ name: 'live y', keyType: 'live', scopes: ['y'] })).key
  keys.liveWith = (await keyward.keys.create({ name: 'live x', keyType: 'live', scopes: ['x'] })).key
})
afterAll(() => keyward.close())

type Order = 'declared before an awaited register' | 'declared right after a register that was not awaited'

async function build(order: Order, errors: unknown[], hits: string[]): Promise<FastifyInstance> {
  const app = Fastify()
  const declare = () => {
    const handler = (name: string) => async () => {
      hits.push(name)
      return { data: name }
    }
    app.get('/api/v1/reports', { config: { keyward: { liveOnly: true, scopes: ['x'] } } }, handler('reports'))
    // Outside the protected paths: its config.keyward alone makes it keyward's.
    app.get('/internal/reports', { config: { keyward: { scopes: ['x'] } } }, handler('internal'))
    app.get('/api/v1/status', { config: { keyward: { public: true } } }, handler('status'))
    app.get('/api/v1/bad', { config: { keyward: { liveOnly: 'yes' as never } } }, handler('bad'))
  }
  const options = { keyward, onError: (error: unknown) => errors.push(error) }
  if (order === 'declared before an awaited register') {
    declare()
    await app.register(keywardFastify, options)
  } else {
    void app.register(keywardFastify, options)
    declare()
  }
  await app.ready()
  return app
}

describe.each<Order>(['declared before an awaited register', 'declared right after a register that was not awaited'])(
  'keyward/fastify, routes %s',
  (order) => {
    let app: FastifyInstance
    const errors: unknown[] = []
    const hits: string[] = []
    beforeAll(async () => {
      app = await build(order, errors, hits)
    })
    afterAll(() => app.close())

    const get = async (url: string, key?: string) => {
      const response = await app.inject({ url, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } })
      const body = response.json() as { error?: { code: string } }
      return { status: response.statusCode, code: body.error?.code, body }
    }

    it('A8 L6: { liveOnly: true, scopes: [x] } holds — no key 401, a test key with x 403, a live key without x 403, a live key with x 200', async () => {
      hits.length = 0
      expect(await get('/api/v1/reports')).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
      expect(await get('/api/v1/reports', keys.testWithScope)).toMatchObject({ status: 403, code: 'forbidden' })
      expect(await get('/api/v1/reports', keys.liveWithout)).toMatchObject({ status: 403, code: 'forbidden' })
      expect(hits).toEqual([])
      expect(await get('/api/v1/reports', keys.liveWith)).toMatchObject({ status: 200, body: { data: 'reports' } })
      expect(hits).toEqual(['reports'])
    })

    it('A8 A1: a route outside the protected paths that names config.keyward needs a key with its scope', async () => {
      hits.length = 0
      expect(await get('/internal/reports')).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
      expect(await get('/internal/reports', keys.liveWithout)).toMatchObject({ status: 403, code: 'forbidden' })
      expect(hits).toEqual([])
      expect(await get('/internal/reports', keys.liveWith)).toMatchObject({ status: 200, body: { data: 'internal' } })
    })

    it('A2: a route marked public there stays public', async () => {
      expect(await get('/api/v1/status')).toMatchObject({ status: 200, body: { data: 'status' } })
    })

    it('A8: a bad config.keyward there refuses the request (500, the handler never runs) and onError is told, naming the route and the option', async () => {
      hits.length = 0
      errors.length = 0
      expect(await get('/api/v1/bad', keys.liveWith)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' })
      expect(await get('/api/v1/bad')).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' })
      expect(hits).toEqual([])
      expect(errors).toHaveLength(2)
      expect(errors[0]).toBeInstanceOf(TypeError)
      const message = (errors[0] as Error).message
      expect(message).toMatch(
        /^keyward\/fastify: route GET \/api\/v1\/bad .*config\.keyward "liveOnly" must be a boolean/,
      )
    })
  },
)
