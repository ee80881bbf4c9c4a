/**
 * keyward/hono on plain fetch `Request`s (`app.request()`, `app.fetch`), where no raw header lines
 * exist: a joined Authorization value counts as a duplicate (H1). Also what only Hono allows:
 * handlers that return their own `Response`.
 */
import { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { keywardHono } from '../../adapters/hono.js'
import { createHonoApp } from '../../server/app-hono.js'
import { createManualClock } from '../../src/clock.js'
import { bearerTokenGuard } from '../../src/dashboard.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/memory/index.js'
import { REQUEST_ID } from './support/check.js'

const TOKEN = 'hono-dashboard-token-0123456789'

describe('keyward/hono on fetch requests', () => {
  let keyward: Keyward
  let key: string
  let keyId: string
  const app = (trustProxy: boolean | number = false) =>
    createHonoApp({ keyward, dashboard: { authorize: bearerTokenGuard(TOKEN) }, trustProxy, onError: () => undefined })

  beforeEach(async () => {
    keyward = createKeyward({ stores: createMemoryStores(), clock: createManualClock(), failedAuthLimit: 0 })
    const created = await keyward.keys.create({ name: 'fetch' })
    key = created.key
    keyId = created.record.id
  })

  it('E2: authenticates a fetch Request and answers with the request id and the limit headers', async () => {
    const response = await app().request('/api/v1/auth/test', { method: 'POST', headers: { Authorization: `Bearer ${key}` } })
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
    await app().request('/api/v1/ip/lookup?ip=192.0.2.1', { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': '203.0.113.5' } })
    await app(true).request('/api/v1/ip/lookup?ip=192.0.2.1', { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': '203.0.113.5, 10.0.0.1' } })
    const usage = await keyward.queryUsage({ keyId, limit: 10 })
    expect(usage.map((entry) => entry.ip)).toEqual(['203.0.113.5', null])
  })

  it('E5: the dashboard reads a fetch body, and refuses one over 16 KiB with 413', async () => {
    const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
    const created = await app().request('/api/dashboard/api-keys', { method: 'POST', headers, body: JSON.stringify({ name: 'from fetch' }) })
    expect(created.status).toBe(201)
    expect((await created.json()).data.name).toBe('from fetch')
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const tooLarge = await app().request('/api/dashboard/api-keys', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit)
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error.code).toBe('payload_too_large')
  })
})

describe("keyward/hono and a handler's own Response", () => {
  it("adds keyward's headers to it, also when its headers are immutable, and sets c.var.requestId", async () => {
    const keyward = createKeyward({ stores: createMemoryStores(), failedAuthLimit: 0 })
    const { key } = await keyward.keys.create({ name: 'raw' })
    const api = keywardHono(keyward)
    const hono = new Hono()
    hono.use(api)
    hono.get('/api/v1/raw', api.protect(), (c) => new Response(c.var.requestId, { headers: { 'Content-Type': 'text/plain' } }))
    hono.get('/api/v1/redirect', api.protect(), () => Response.redirect('http://example.com/', 302))
    const raw = await hono.request('/api/v1/raw', { headers: { Authorization: `Bearer ${key}` } })
    expect(await raw.text()).toBe(raw.headers.get('x-request-id'))
    expect(raw.headers.get('x-ratelimit-remaining')).toBe('999')
    const redirect = await hono.request('/api/v1/redirect', { headers: { Authorization: `Bearer ${key}` } })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('x-request-id')).toMatch(REQUEST_ID)
    expect(redirect.headers.get('x-ratelimit-remaining')).toBe('998')
  })
})
