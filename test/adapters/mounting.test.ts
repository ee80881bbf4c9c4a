/**
 * A1: keyward guards what the host gives it — where it is mounted (an Express path, a Fastify
 * scope, a Hono path pattern), with no other option — and nothing else.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import { createKeyward } from '../../src/keyward.js'

const keyward = createKeyward({ failedAuthLimit: 0 })
let key = ''
beforeAll(async () => {
  key = (await keyward.keys.create({ name: 'mounting' })).key
})

type Fetch = (path: string, withKey: boolean) => Promise<{ status: number; body: unknown; requestId: string | null }>

async function answer(response: Response) {
  return { status: response.status, body: await response.json(), requestId: response.headers.get('x-request-id') }
}

const headersFor = (withKey: boolean): Record<string, string> => (withKey ? { authorization: `Bearer ${key}` } : {})

async function expressApp(): Promise<{ fetch: Fetch; close(): void }> {
  const app = express()
  app.use('/v2', keywardExpress(keyward))
  app.get('/v2/things', (req, res) => res.json({ data: req.apiKey?.name ?? null }))
  app.get('/other', (_req, res) => res.json({ data: 'public' }))
  const server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    fetch: async (path, withKey) => answer(await fetch(base + path, { headers: headersFor(withKey) })),
    close: () => server.close(),
  }
}

async function fastifyApp(): Promise<{ fetch: Fetch; close(): void }> {
  const app = Fastify()
  await app.register(
    async (scope) => {
      await scope.register(keywardFastify, { keyward })
      scope.get('/things', async (request) => ({ data: request.apiKey?.name ?? null }))
    },
    { prefix: '/v2' },
  )
  app.get('/other', async () => ({ data: 'public' }))
  await app.ready()
  return {
    fetch: async (path, withKey) => {
      const response = await app.inject({ url: path, headers: headersFor(withKey) })
      return {
        status: response.statusCode,
        body: response.json(),
        requestId: (response.headers['x-request-id'] as string | undefined) ?? null,
      }
    },
    close: () => void app.close(),
  }
}

async function honoApp(): Promise<{ fetch: Fetch; close(): void }> {
  const app = new Hono()
  app.use('/v2/*', keywardHono(keyward))
  app.get('/v2/things', (c) => c.json({ data: c.get('apiKey')?.name ?? null }))
  app.get('/other', (c) => c.json({ data: 'public' }))
  return {
    fetch: async (path, withKey) => answer(await app.request(path, { headers: headersFor(withKey) })),
    close: () => undefined,
  }
}

describe.each([
  ['express', expressApp],
  ['fastify', fastifyApp],
  ['hono', honoApp],
] as const)('A1: keyward/%s mounted on /v2 guards /v2 and nothing else', (_name, build) => {
  let app: Awaited<ReturnType<typeof build>>
  beforeAll(async () => {
    app = await build()
  })
  afterAll(() => app.close())

  it('A1 A2: a route under the mount needs a key: 401 without, 200 with, each with a request id', async () => {
    const refused = await app.fetch('/v2/things', false)
    expect([refused.status, (refused.body as { error: { code: string } }).error.code]).toEqual([401, 'UNAUTHORIZED'])
    expect(refused.requestId).toMatch(/^req_/)
    const admitted = await app.fetch('/v2/things', true)
    expect([admitted.status, admitted.body]).toEqual([200, { data: 'mounting' }])
  })

  it('A1: a route outside the mount is untouched: no key needed, no X-Request-ID added', async () => {
    const other = await app.fetch('/other', false)
    expect([other.status, other.body, other.requestId]).toEqual([200, { data: 'public' }, null])
  })
})
