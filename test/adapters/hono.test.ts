/**
 * keyward/hono on plain fetch `Request`s (`app.request()`, `app.fetch`), where no raw header lines
 * exist: a joined Authorization value counts as a duplicate (H1). Also what only Hono allows:
 * handlers that return their own `Response`.
 */
import { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { keywardHono } from '../../adapters/hono.js'
import { createHonoApp } from '../../server/app-hono.js'
import { createManualClock } from '../../src/core/clock.js'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import type { CreateKeyInput } from '../../src/core/key-input.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { REQUEST_ID } from './support/check.js'
import { recordingKeyward } from './support/recording-keyward.js'
import { SEED_SCOPES } from '../../server/env.js'

const TOKEN = 'hono-dashboard-token-0123456789'

describe('keyward/hono on fetch requests', () => {
  let keyward: Keyward
  let key: string
  let keyId: string
  const app = (trustProxy: boolean | number = false) =>
    createHonoApp({ keyward, dashboard: { authorize: bearerTokenGuard(TOKEN) }, trustProxy, onError: () => undefined })

  beforeEach(async () => {
    keyward = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: createMemoryStores(),
      clock: createManualClock(),
      failedAuthLimit: 0,
    })
    const created = await keyward.keys.create({ name: 'fetch' })
    key = created.key
    keyId = created.record.id
  })

  it('E2: authenticates a fetch Request and answers with the request id and the limit headers', async () => {
    const response = await app().request('/api/v1/auth/test', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000')
    expect((await response.json()).data).toEqual({ valid: true, authenticated: true, keyType: 'live' })
  })

  it('H1: a joined Authorization value (two lines folded by Headers) is a duplicate → malformed', async () => {
    const headers = new Headers()
    headers.append('Authorization', `Bearer ${key}`)
    headers.append('Authorization', `Bearer ${key}`)
    const response = await app().request('/api/v1/ip/lookup?ip=192.0.2.1', { headers })
    expect(response.status).toBe(401)
    const body = await response.json()
    expect(body.error.code).toBe('UNAUTHORIZED')
    expect(body.error.message).toMatch(/^Malformed Authorization header.*more than once/)
  })

  it('E1: ping answers on app.fetch without any credentials', async () => {
    const response = await app().fetch(new Request('http://localhost/api/v1/ping'))
    expect(response.status).toBe(200)
    expect((await response.json()).data).toEqual({ status: 'ok' })
  })

  it('E5: usage entries have no address without a socket, and the X-Forwarded-For client with trustProxy', async () => {
    await app().request('/api/v1/ip/lookup?ip=192.0.2.1', {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': '203.0.113.5' },
    })
    await app(true).request('/api/v1/ip/lookup?ip=192.0.2.1', {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': '203.0.113.5, 10.0.0.1' },
    })
    const usage = await keyward.queryUsage({ keyId, limit: 10 })
    expect(usage.map((entry) => entry.ip)).toEqual(['203.0.113.5', null])
  })

  it('E5: the dashboard reads a fetch body, and refuses one over 16 KiB with 413', async () => {
    const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
    const created = await app().request('/api/dashboard/api-keys', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'from fetch' }),
    })
    expect(created.status).toBe(201)
    expect((await created.json()).data.name).toBe('from fetch')
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const tooLarge = await app().request('/api/dashboard/api-keys', {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error.code).toBe('payload_too_large')
  })
})

/** A Hono app on memory stores holding one live key `options` creates; `app.use(api)` when `mount`. */
async function appWithKey(options: CreateKeyInput, mount: boolean) {
  const keyward = createKeyward({ defaultScopes: SEED_SCOPES, stores: createMemoryStores(), failedAuthLimit: 0 })
  const { key } = await keyward.keys.create(options)
  const api = keywardHono(keyward)
  const hono = new Hono()
  if (mount) hono.use(api)
  return { key, api, hono }
}

describe("keyward/hono and a handler's own Response", () => {
  it("adds keyward's headers to it, also when its headers are immutable, and sets c.var.requestId", async () => {
    const { key, api, hono } = await appWithKey({ name: 'raw' }, true)
    hono.get(
      '/api/v1/raw',
      api.protect(),
      (c) => new Response(c.var.requestId, { headers: { 'Content-Type': 'text/plain' } }),
    )
    hono.get('/api/v1/redirect', api.protect(), () => Response.redirect('http://example.com/', 302))
    const raw = await hono.request('/api/v1/raw', { headers: { Authorization: `Bearer ${key}` } })
    expect(await raw.text()).toBe(raw.headers.get('x-request-id'))
    expect(raw.headers.get('x-ratelimit-remaining')).toBe('999')
    const redirect = await hono.request('/api/v1/redirect', { headers: { Authorization: `Bearer ${key}` } })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect(redirect.headers.get('x-ratelimit-remaining')).toBe('998')
  })

  it("L3/R2: under app.use(api) + protect(), one that copies only some of keyward's headers gets the rest", async () => {
    const { key, api, hono } = await appWithKey({ name: 'partial', limits: { perMonth: 50 } }, true)
    // The request id alone, or with the last header keyward sets (X-Quota-Reset) but a value of its
    // own: neither is the response the context built with keyward's headers.
    hono.get(
      '/api/v1/id-only',
      api.protect(),
      (c) => new Response('x', { headers: { 'X-Request-ID': c.var.requestId } }),
    )
    hono.get(
      '/api/v1/id-and-reset',
      api.protect(),
      (c) =>
        new Response('x', {
          headers: { 'X-Request-ID': c.var.requestId, 'X-Quota-Reset': '0' },
        }),
    )
    hono.get('/api/v1/context', api.protect(), (c) => c.json({ data: null }))
    for (const path of ['/api/v1/id-only', '/api/v1/id-and-reset', '/api/v1/context']) {
      const response = await hono.request(path, { headers: { Authorization: `Bearer ${key}` } })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
      expect(response.headers.get('x-ratelimit-limit')).toBe('1000')
      expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
      expect(response.headers.get('x-quota-limit')).toBe('50')
      expect(response.headers.get('x-quota-remaining')).toMatch(/^\d+$/)
      // The handler's own value stays: keyward only adds what is missing.
      expect(response.headers.get('x-quota-reset')).toMatch(path === '/api/v1/id-and-reset' ? /^0$/ : /^\d{10}$/)
    }
  })
})

describe('keyward/hono protect() without app.use(api)', () => {
  it('R2: sets c.var.requestId to the X-Request-ID it answers with, also on a route that skips authentication', async () => {
    const { key, api, hono } = await appWithKey({ name: 'alone' }, false)
    hono.get('/api/v1/id', api.protect(), (c) => c.json({ data: c.var.requestId }))
    hono.get('/api/v1/open', api.protect({ public: true }), (c) => c.json({ data: c.var.requestId }))
    for (const [path, headers] of [
      ['/api/v1/id', { Authorization: `Bearer ${key}` }],
      ['/api/v1/open', {}],
    ] as const) {
      const response = await hono.request(path, { headers })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
      expect((await response.json()).data).toBe(response.headers.get('x-request-id'))
    }
    const refused = await hono.request('/api/v1/id')
    expect(refused.status).toBe(401)
    expect(refused.headers.get('x-request-id')).toMatch(REQUEST_ID)
  })
})

describe('keyward/hono guard(): the route handler form', () => {
  let keyward: Keyward
  let key: string
  let keyId: string
  beforeEach(async () => {
    keyward = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: createMemoryStores(),
      clock: createManualClock(),
      failedAuthLimit: 0,
    })
    const created = await keyward.keys.create({ name: 'guard' })
    key = created.key
    keyId = created.record.id
  })
  const auth = () => ({ headers: { Authorization: `Bearer ${key}` } })

  it('on memory stores, the requests admitted in one turn reach their handlers together after it; a refusal is answered at once', async () => {
    const { keyward: own, key: ownKey, events } = await recordingKeyward()
    const api = keywardHono(own)
    const hono = new Hono()
    hono.get(
      '/api/v1/things',
      api.guard({ scopes: [] }, (c) => {
        events.push('handler')
        return c.json({ data: { keyType: c.var.apiKey.keyType } })
      }),
    )
    const request = () =>
      new Request('http://localhost/api/v1/things', { headers: { Authorization: `Bearer ${ownKey}` } })
    const answers = await Promise.all([hono.fetch(request()), hono.fetch(request())])
    expect(events).toEqual(['authenticate', 'authenticate', 'handler', 'handler'])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining')).sort()).toEqual(['998', '999'])
    expect(answers[0]!.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect(await answers[0]!.json()).toEqual({ data: { keyType: 'live' } })
    // A refusal needs no handler and waits for no turn.
    const refused = await hono.fetch(new Request('http://localhost/api/v1/things'))
    expect(refused.status).toBe(401)
    expect(events).toHaveLength(4)
  })

  it('H2/H11: refuses a request without a key before the handler runs, with the envelope and the request id', async () => {
    const api = keywardHono(keyward)
    const hono = new Hono()
    let ran = 0
    hono.get(
      '/api/v1/things',
      api.guard((c) => {
        ran++
        return c.json({})
      }),
    )
    const response = await hono.request('/api/v1/things')
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="Svc"')
    const body = await response.json()
    expect(body.error.message).toMatch(/^Missing Authorization header/)
    expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect(ran).toBe(0)
  })

  it("L3/R2/L4a: adds keyward's headers to the handler's own Response (immutable ones too) and records its status", async () => {
    const api = keywardHono(keyward)
    const hono = new Hono()
    hono.get(
      '/api/v1/raw',
      api.guard((c) => new Response(c.var.requestId, { status: 202, headers: { 'Content-Type': 'text/plain' } })),
    )
    hono.get(
      '/api/v1/redirect',
      api.guard(async () => Response.redirect('http://example.com/', 302)),
    )
    const raw = await hono.request('/api/v1/raw', auth())
    expect(raw.status).toBe(202)
    expect(await raw.text()).toBe(raw.headers.get('x-request-id'))
    expect(raw.headers.get('x-ratelimit-remaining')).toBe('999')
    const redirect = await hono.request('/api/v1/redirect', auth())
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect(redirect.headers.get('x-ratelimit-remaining')).toBe('998')
    const usage = await keyward.queryUsage({ keyId, limit: 10 })
    expect(usage.map((entry) => [entry.path, entry.status])).toEqual([
      ['/api/v1/redirect', 302],
      ['/api/v1/raw', 202],
    ])
    expect(usage[1]!.requestId).toBe(raw.headers.get('x-request-id'))
  })

  it("L3/R2: a handler's own Response that copies only some of the headers gets the rest", async () => {
    const api = keywardHono(keyward)
    const hono = new Hono()
    // The request id alone, or with X-RateLimit-Limit: not a response the context built (that one
    // has the request id and the last header keyward set, with their values).
    hono.get(
      '/api/v1/id-only',
      api.guard((c) => new Response('x', { headers: { 'X-Request-ID': c.var.requestId } })),
    )
    hono.get(
      '/api/v1/id-and-limit',
      api.guard(
        (c) =>
          new Response('x', {
            headers: { 'X-Request-ID': c.var.requestId, 'X-RateLimit-Limit': '1000' },
          }),
      ),
    )
    for (const path of ['/api/v1/id-only', '/api/v1/id-and-limit']) {
      const response = await hono.request(path, auth())
      expect(response.status).toBe(200)
      expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
      expect(response.headers.get('x-ratelimit-limit')).toBe('1000')
      expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
      expect(response.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/)
    }
  })

  it("L4a: a handler that throws is recorded with the status onError answers (500, or an HTTPException's own)", async () => {
    const api = keywardHono(keyward, { onError: () => undefined })
    const hono = new Hono()
    hono.get(
      '/api/v1/sync-throw',
      api.guard(() => {
        throw new Error('boom')
      }),
    )
    hono.get(
      '/api/v1/async-throw',
      api.guard(async () => {
        throw Object.assign(new Error('teapot'), { status: 418 })
      }),
    )
    hono.onError(api.onError)
    const sync = await hono.request('/api/v1/sync-throw', auth())
    expect(sync.status).toBe(500)
    expect(sync.headers.get('x-request-id')).toMatch(REQUEST_ID)
    await hono.request('/api/v1/async-throw', auth())
    const usage = await keyward.queryUsage({ keyId, limit: 10 })
    expect(usage.map((entry) => [entry.path, entry.status])).toEqual([
      ['/api/v1/async-throw', 418],
      ['/api/v1/sync-throw', 500],
    ])
    // The error envelope carries the request id the request was authenticated under (R2).
    expect(usage[1]!.requestId).toBe(sync.headers.get('x-request-id'))
  })

  it('L5: a skip route runs the handler without a key and still answers with X-Request-ID (R2)', async () => {
    const api = keywardHono(keyward)
    const hono = new Hono()
    hono.get(
      '/api/v1/open',
      api.guard({ public: true }, (c) => c.json({ data: { id: c.var.requestId } })),
    )
    const response = await hono.request('/api/v1/open')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect((await response.json()).data.id).toBe(response.headers.get('x-request-id'))
  })

  it('under app.use(api) too, a guarded request is authenticated and recorded once', async () => {
    const api = keywardHono(keyward)
    const hono = new Hono()
    hono.use(api)
    hono.get(
      '/api/v1/things',
      api.guard((c) => c.json({ data: {} })),
    )
    const response = await hono.request('/api/v1/things', auth())
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-remaining')).toBe('999')
    expect(await keyward.queryUsage({ keyId, limit: 10 })).toHaveLength(1)
  })

  it('throws a TypeError for a missing handler or a bad option, when the route is declared', () => {
    const api = keywardHono(keyward)
    expect(() => (api.guard as (options: unknown) => unknown)({ scopes: ['ip'] })).toThrow(
      new TypeError('keyward/hono: guard() takes a route handler: guard(handler) or guard(options, handler)'),
    )
    expect(() => api.guard({ scopes: ['Not A Scope'] } as never, (c) => c.json({}))).toThrow(
      /^keyward\/hono: guard\(\) option "scopes/,
    )
  })
})
