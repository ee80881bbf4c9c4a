/**
 * `client.whoami()` (O10): what it sends and how it reads the answer, against a scripted server;
 * then over real HTTP against an app that mounts the route with keywardExpress and
 * `consume: false`, as a host would, with keys that have owners and meta (O1, O2, O3).
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import {
  createClient,
  KeywardApiError,
  KeywardResponseError,
  type WhoamiData,
  type WhoamiResult,
} from '../../src/client/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { rejectionOf } from './client-contract.suite.js'
import { fail, ok, rateLimitHeaders, REQUEST_ID_PATTERN } from './support/contract-replies.js'
import { startFakeService, type FakeService } from './support/fake-service.js'

const liveKey = generateKey('live')
const WHO = {
  keyId: 'key_0123456789abcdefABCDEF01',
  name: 'billing',
  keyType: 'live',
  ownerId: 'acct_42',
  scopes: ['ip'],
  expiresAt: null,
}

describe('whoami() on the wire (O10)', () => {
  let service: FakeService
  beforeAll(async () => {
    service = await startFakeService(() => ok(WHO, rateLimitHeaders(1000, 1000, 1_900_000_000)))
  })
  afterEach(() => service.reset())
  afterAll(() => service.close())
  const client = (baseUrl = service.baseUrl) => createClient({ apiKey: liveKey, baseUrl })

  it('sends GET /api/v1/whoami with the key in the Authorization header only, and returns the typed data with the headers', async () => {
    const result = await client().whoami()
    expect(service.requests).toHaveLength(1)
    expect(service.requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/whoami', body: '' })
    expect(service.requests[0]!.headers.authorization).toBe(`Bearer ${liveKey}`)
    expect(result).toMatchObject({
      status: 200,
      data: WHO,
      rateLimit: { limit: 1000, remaining: 1000, reset: 1_900_000_000 },
    })
    expect(result.requestId).toMatch(REQUEST_ID_PATTERN)
    expect(result.meta.timestamp).toEqual(expect.any(String))
    expectTypeOf(result).toEqualTypeOf<WhoamiResult>()
    expectTypeOf(result.data.ownerId).toEqualTypeOf<string | null>()
  })

  it('keeps only the fields of its type: a meta the server should not have sent is not passed on (O2)', async () => {
    service.use(() => ok({ ...WHO, meta: { plan: 'pro' }, extra: 1 }))
    const { data } = await client().whoami()
    expect(data).toEqual(WHO)
    expect(Object.keys(data)).not.toContain('meta')
  })

  it('a service key (ownerId null, every scope) and an expiry are read as given', async () => {
    const expiresAt = '2031-01-01T00:00:00.000Z'
    service.use(() => ok({ ...WHO, ownerId: null, scopes: ['*'], expiresAt, keyType: 'test' }))
    expect((await client().whoami()).data).toEqual({ ...WHO, ownerId: null, scopes: ['*'], expiresAt, keyType: 'test' })
  })

  it('option path calls the route where the service mounts it, after the base URL path', async () => {
    await client(`${service.baseUrl}/svc`).whoami({ path: '/v2/me' })
    expect(service.requests[0]!.path).toBe('/svc/v2/me')
  })

  it.each([
    ['no leading slash', 'v2/me'],
    ['another origin', '//evil.example/me'],
    ['whitespace', '/v2/m e'],
  ])('option path with %s is a TypeError naming the option, and nothing is sent', async (_what, path) => {
    const error = await rejectionOf(client().whoami({ path }))
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toMatch(/^keyward: whoami\(\) option "path" must start with a single "\/"/)
    expect(service.requests).toHaveLength(0)
  })

  it.each([
    ['no keyId', { ...WHO, keyId: undefined }],
    ['a keyType that is neither live nor test', { ...WHO, keyType: 'admin' }],
    ['an ownerId that is a number', { ...WHO, ownerId: 42 }],
    ['scopes that are not strings', { ...WHO, scopes: [1] }],
    ['no expiresAt', { ...WHO, expiresAt: undefined }],
    ['data that is a string', 'me'],
  ])('a 200 with %s throws KeywardResponseError INVALID_RESPONSE', async (_what, data) => {
    service.use(() => ok(data))
    const error = await rejectionOf(client().whoami())
    expect(error).toBeInstanceOf(KeywardResponseError)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, method: 'GET', path: '/api/v1/whoami' })
    expect((error as Error).message).toMatch(
      /^keyward: GET \/api\/v1\/whoami to http:\/\/127\.0\.0\.1:\d+ answered 200 without the key's keyId/,
    )
  })

  it('a 200 without the { data, meta } envelope throws KeywardResponseError', async () => {
    service.use(() => ({ status: 200, body: WHO }))
    expect(await rejectionOf(client().whoami())).toBeInstanceOf(KeywardResponseError)
  })

  it('a 401 throws KeywardApiError with the code, message and request id, as every call does', async () => {
    service.use(() =>
      fail(401, 'API_KEY_REVOKED', 'This API key has been revoked', {
        'WWW-Authenticate': 'Bearer realm="Svc", error="invalid_token"',
      }),
    )
    const error = await rejectionOf(client().whoami())
    expect(error).toBeInstanceOf(KeywardApiError)
    expect(error).toMatchObject({ status: 401, code: 'API_KEY_REVOKED', message: 'This API key has been revoked' })
    expect(service.requests).toHaveLength(1)
  })

  it('retries exactly once on 500 INTERNAL_ERROR, as authTest() does (R5)', async () => {
    service.queue(fail(500, 'INTERNAL_ERROR', 'Internal error. Retry once'))
    expect((await client().whoami()).data).toEqual(WHO)
    expect(service.requests).toHaveLength(2)
    service.reset()
    service.queue(fail(500, 'INTERNAL_ERROR', 'first'), fail(500, 'INTERNAL_ERROR', 'second'))
    const error = await rejectionOf(client().whoami())
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', message: 'second' })
    expect(service.requests).toHaveLength(2)
  })

  it('does not retry a 429', async () => {
    service.queue(fail(429, 'rate_limited', 'Too many requests', { 'Retry-After': 3 }))
    expect(await rejectionOf(client().whoami())).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 3 })
    expect(service.requests).toHaveLength(1)
  })
})

/**
 * The route as a host mounts it: authenticated like any route, consuming nothing (`consume:
 * false`), answering from the request context, never its meta.
 */
async function startHostApp(keyward: Keyward): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const api = keywardExpress(keyward)
  api.get('/api/v1/whoami', api.protect({ consume: false }), (req, res) => {
    const { id: keyId, name, keyType, ownerId, scopes, expiresAt } = req.apiKey!
    const data = {
      keyId,
      name,
      keyType,
      ownerId,
      scopes,
      expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    }
    res.status(200).json({ data, meta: { timestamp: new Date().toISOString() } })
  })
  const app = express()
  app.use(api)
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('whoami() against a host app on keywardExpress with consume: false (O3, O10)', () => {
  const keyward = createKeyward()
  let app: Awaited<ReturnType<typeof startHostApp>>
  beforeAll(async () => {
    app = await startHostApp(keyward)
  })
  afterAll(async () => {
    await app.close()
    await keyward.close()
  })
  const clientOf = (apiKey: string) => createClient({ apiKey, baseUrl: app.baseUrl })

  it("returns the key's id, name, type, owner, scopes and expiry, and never its meta (O1, O2, O10)", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString()
    const { key, record } = await keyward.keys.create({
      name: 'acme reporting',
      ownerId: 'org:acme',
      meta: { plan: 'pro', secretRef: 'do-not-leak' },
      scopes: ['reports:read'],
      expiresAt,
    })
    const result = await clientOf(key).whoami()
    expect(result.status).toBe(200)
    expect(result.data).toEqual<WhoamiData>({
      keyId: record.id,
      name: 'acme reporting',
      keyType: 'live',
      ownerId: 'org:acme',
      scopes: ['reports:read'],
      expiresAt,
    })
    expect(JSON.stringify(result)).not.toContain('do-not-leak')
  })

  it('a key of the service itself answers ownerId null, and no scopes when given none (O1, B1)', async () => {
    const { key, record } = await keyward.keys.create({ name: 'service', sandbox: true })
    expect((await clientOf(key).whoami()).data).toEqual({
      keyId: record.id,
      name: 'service',
      keyType: 'test',
      ownerId: null,
      scopes: [],
      expiresAt: null,
    })
  })

  it('consumes nothing: a key limited to 2 requests a minute answers whoami 5 times, then still has both (L5)', async () => {
    const { key } = await keyward.keys.create({ name: 'tight', ownerId: 'org:tight', limits: { perMinute: 2 } })
    const client = clientOf(key)
    for (let i = 0; i < 5; i++) expect((await client.whoami()).rateLimit).toMatchObject({ limit: 2, remaining: 2 })
  })

  it('a revoked key, and an unknown one, throw KeywardApiError 401 with the code of the rejection (H9)', async () => {
    const { key, record } = await keyward.keys.create({ name: 'gone', ownerId: 'org:gone' })
    await keyward.keys.revoke(record.id)
    expect(await rejectionOf(clientOf(key).whoami())).toMatchObject({ status: 401, code: 'API_KEY_REVOKED' })
    expect(await rejectionOf(clientOf(generateKey('live')).whoami())).toMatchObject({
      status: 401,
      code: 'INVALID_API_KEY',
    })
  })
})
