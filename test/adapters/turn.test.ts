/**
 * keyward/fastify, keyward/express and keyward/hono's middleware on stores that answer
 * synchronously (memory): the requests admitted in one event-loop turn go on together once the
 * turn has read them all, each by itself. Usage (L4a), errors (R2, R5) and responses are as they
 * would be one request at a time. Requests are injected (Fastify's inject, light-my-request for
 * Express, `app.fetch` for Hono), several in one turn as a poll of the sockets delivers them.
 * keyward/hono's guard() has the same test in hono.test.ts.
 */
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import inject, { type InjectOptions, type Response } from 'light-my-request'
import { describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { keywardHono } from '../../adapters/hono.js'
import type { Keyward } from '../../src/keyward.js'
import { recordingKeyward } from './support/recording-keyward.js'

type Handle = (options: InjectOptions) => Promise<Response>

/** keyward/hono's app for APPS, with or without `app.use(api)`; requests go in through `app.fetch`. */
async function honoApp(keyward: Keyward, events: string[], mountMiddleware: boolean): Promise<Handle> {
  const api = keywardHono(keyward, { onError: () => undefined })
  const app = new Hono()
  if (mountMiddleware) app.use(api)
  app.get('/api/v1/echo', api.protect(), (c) => {
    events.push('handler')
    if (c.req.header('x-fail') === '1') throw new Error('handler failed')
    return c.json({ data: { keyType: c.var.apiKey.keyType } })
  })
  app.notFound(api.notFound)
  app.onError(api.onError)
  // app.fetch starts each request at once, as a socket's data would; the answer in inject's shape.
  return async (options) => {
    const response = await app.fetch(
      new Request(`http://localhost${options.url}`, {
        method: options.method,
        headers: options.headers as Record<string, string>,
      }),
    )
    const body = await response.text()
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      headers[name] = value
    })
    return { statusCode: response.status, headers, json: () => JSON.parse(body) } as unknown as Response
  }
}

/** An app with one protected route, GET /api/v1/echo, whose handler records itself and throws on `x-fail: 1`. */
const APPS: { name: string; build: (keyward: Keyward, events: string[]) => Promise<Handle> }[] = [
  {
    name: 'keyward/fastify',
    async build(keyward, events) {
      const server = Fastify({ logger: false })
      await server.register(keywardFastify, { keyward, onError: () => undefined })
      server.get('/api/v1/echo', async (request) => {
        events.push('handler')
        if (request.headers['x-fail'] === '1') throw new Error('handler failed')
        return { data: { keyType: request.apiKey!.keyType } }
      })
      await server.ready()
      return (options) => server.inject(options) as Promise<Response>
    },
  },
  {
    name: 'keyward/express',
    async build(keyward, events) {
      const api = keywardExpress(keyward, { onError: () => undefined })
      const app = express()
      api.get('/api/v1/echo', (req, res) => {
        events.push('handler')
        if (req.headers['x-fail'] === '1') throw new Error('handler failed')
        res.json({ data: { keyType: req.apiKey!.keyType } })
      })
      app.use(api, api.errorHandler)
      return (options) => inject(app, options)
    },
  },
  { name: 'keyward/hono, app.use(api) + protect()', build: (keyward, events) => honoApp(keyward, events, true) },
  // protect() without the global middleware: it keeps the request id itself (c.var, onError, usage).
  { name: 'keyward/hono, protect() alone', build: (keyward, events) => honoApp(keyward, events, false) },
]

const echo = (key: string | null, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'GET',
  url: '/api/v1/echo',
  headers: key ? { authorization: `Bearer ${key}`, ...headers } : headers,
})

describe.each(APPS)('$name: requests admitted in one event-loop turn', ({ build }) => {
  async function app() {
    const { keyward, key, events } = await recordingKeyward()
    return { send: await build(keyward, events), keyward, key, events }
  }

  it('go on together after the turn: every request of the turn is authenticated before any handler runs', async () => {
    const { send, key, events } = await app()
    const answers = await Promise.all([1, 2, 3].map(() => send(echo(key))))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect(events).toEqual(['authenticate', 'authenticate', 'authenticate', 'handler', 'handler', 'handler'])
    // L3: each answer has its own request id and its own count.
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(3)
    expect(answers.map((a) => a.headers['x-ratelimit-remaining']).sort()).toEqual(['997', '998', '999'])
  })

  it('R2/R5/L4a: a handler that throws fails only its own request; every admitted request is recorded with its status', async () => {
    const { send, keyward, key } = await app()
    const [failed, ok] = await Promise.all([send(echo(key, { 'x-fail': '1' })), send(echo(key))])
    expect(failed!.statusCode).toBe(500)
    expect(failed!.json().error.code).toBe('INTERNAL_ERROR')
    expect(failed!.headers['x-request-id']).toMatch(/^req_/)
    expect(ok!.statusCode).toBe(200)
    expect(ok!.json()).toEqual({ data: { keyType: 'live' } })
    const usage = await keyward.queryUsage({ limit: 10 })
    expect(usage.map((entry) => entry.status).sort()).toEqual([200, 500])
    expect(usage.map((entry) => entry.requestId).sort()).toEqual(
      [failed!.headers['x-request-id'], ok!.headers['x-request-id']].sort(),
    )
  })

  it('H2: a refused request is answered at once and never reaches the handler', async () => {
    const { send, key, events } = await app()
    const [refused, admitted] = await Promise.all([send(echo(null)), send(echo(key))])
    expect(refused!.statusCode).toBe(401)
    expect(refused!.json().error.code).toBe('UNAUTHORIZED')
    expect(admitted!.statusCode).toBe(200)
    expect(events).toEqual(['authenticate', 'handler'])
  })
})
