/**
 * What the reference server does not exercise, on every framework alike: per-route options
 * (live-only, public routes, consume: false), handlers that throw, the frameworks' own body
 * errors, a client that goes away mid-upload, and paths outside the prefix.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { check } from './support/check.js'
import { CUSTOM_APPS, type CustomApp, startCustomApp } from './support/custom-apps.js'
import { rawRequest } from './support/raw-http.js'

describe.each(CUSTOM_APPS)('$name', ({ build }) => {
  let keyward: Keyward
  let app: CustomApp
  let live: string
  let test: string
  const errors: unknown[] = []
  const send = (request: Parameters<typeof rawRequest>[1]) => rawRequest(app.port, request)
  const bearer = (key: string) => [['Authorization', `Bearer ${key}`]] as const

  beforeAll(async () => {
    keyward = createKeyward({ stores: createMemoryStores(), clock: createManualClock(), failedAuthLimit: 0 })
    app = await startCustomApp(build, keyward, (error) => errors.push(error))
    live = (await keyward.keys.create({ name: 'live', keyType: 'live' })).key
    test = (await keyward.keys.create({ name: 'test', keyType: 'test' })).key
  })
  afterAll(() => app?.close())

  it('L6: a test key on a live-only route → 403 forbidden with limit headers, consuming nothing; a live key passes', async () => {
    const denied = await send({ path: '/api/v1/live-only', headers: bearer(test) })
    const body = check(denied, {
      status: 403,
      code: 'forbidden',
      limits: { limit: 10, remaining: 10 },
      quota: { limit: 1000, remaining: 1000 },
    })
    expect(body.error.message).toContain('svc_live_')
    const allowed = check(await send({ path: '/api/v1/live-only', headers: bearer(live) }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    expect(allowed.data).toEqual({ keyType: 'live' })
  })

  it('a public route (skip) needs no key and still carries X-Request-ID (R2)', async () => {
    const response = await send({ path: '/api/v1/free', headers: [['Authorization', 'Basic nonsense']] })
    const body = check(response, { status: 200, limits: null, quota: null, applicationBody: true })
    expect(body.data).toEqual({ keyType: null })
  })

  it('L5: a consume: false route answers with the limit headers and consumes nothing, recording no usage', async () => {
    const { key, record } = await keyward.keys.create({ name: 'peek', keyType: 'test' })
    for (let i = 0; i < 2; i++) {
      check(await send({ path: '/api/v1/peek', headers: bearer(key) }), {
        status: 200,
        limits: { limit: 10, remaining: 10 },
        quota: { remaining: 1000 },
        applicationBody: true,
      })
    }
    expect(await keyward.queryUsage({ keyId: record.id, limit: 10 })).toEqual([])
  })

  it('R2 R5 L4a: a throwing handler → 500 INTERNAL_ERROR with the request id and limit headers; onError is told; the request is recorded', async () => {
    const { key, record } = await keyward.keys.create({ name: 'boom' })
    errors.length = 0
    const response = await send({ path: '/api/v1/boom', headers: bearer(key) })
    const body = check(response, {
      status: 500,
      code: 'INTERNAL_ERROR',
      limits: { limit: 1000, remaining: 999 },
      quota: null,
    })
    expect(body.error.message).toContain(response.header('x-request-id'))
    expect(body.error.message).not.toContain('handler failed')
    expect(errors).toHaveLength(1)
    expect((errors[0] as Error).message).toBe('handler failed')
    const usage = await keyward.queryUsage({ keyId: record.id, limit: 10 })
    expect(usage.map((entry) => [entry.path, entry.status, entry.requestId])).toEqual([
      ['/api/v1/boom', 500, response.header('x-request-id')],
    ])
  })

  it('authenticates before any body is read: a bad JSON body without a key → 401, not 400', async () => {
    const response = await send({
      method: 'POST',
      path: '/api/v1/echo',
      headers: [['Content-Type', 'application/json']],
      body: '{bad',
    })
    check(response, {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Missing Authorization header',
      www: 'Bearer realm="Svc"',
    })
  })

  it('R3: the framework body errors become the envelope: bad JSON → 400, over the limit → 413; good JSON is echoed', async () => {
    const json = [...bearer(live), ['Content-Type', 'application/json']] as const
    const bad = check(await send({ method: 'POST', path: '/api/v1/echo', headers: json, body: '{bad' }), {
      status: 400,
      code: 'invalid_request',
      limits: { limit: 1000 },
      quota: null,
    })
    expect(bad.error.message).toMatch(/^Invalid request/)
    check(
      await send({
        method: 'POST',
        path: '/api/v1/echo',
        headers: json,
        body: JSON.stringify({ pad: 'x'.repeat(2048) }),
      }),
      {
        status: 413,
        code: 'payload_too_large',
        limits: { limit: 1000 },
        quota: null,
      },
    )
    const good = check(await send({ method: 'POST', path: '/api/v1/echo', headers: json, body: '{"a":1}' }), {
      status: 200,
      limits: { limit: 1000 },
      quota: null,
      applicationBody: true,
    })
    expect(good.data).toEqual({ a: 1 })
  })

  it('a client that leaves mid-upload to the dashboard neither crashes the server nor counts as an internal error', async () => {
    errors.length = 0
    await new Promise<void>((resolve) => {
      const socket = connect(app.port, '127.0.0.1', () => {
        socket.write(
          'POST /api/dashboard/api-keys HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
        )
        setTimeout(() => socket.destroy(), 50)
      })
      socket.on('close', () => resolve())
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    check(await send({ path: '/api/v1/ping' }), { status: 200, limits: null, quota: null })
    expect(errors).toEqual([])
  })

  it('outside the prefix keyward stays out: no X-Request-ID, and the framework keeps its own 404', async () => {
    const outside = await send({ path: '/outside', headers: bearer(live) })
    expect(outside.status).toBe(200)
    expect(outside.headers['x-request-id']).toBeUndefined()
    const missing = await send({ path: '/nowhere' })
    expect(missing.status).toBe(404)
    expect(missing.headers['x-request-id']).toBeUndefined()
  })
})
