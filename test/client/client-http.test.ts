/**
 * keyward/client over real HTTP against a scripted server: what it sends (H6, H10),
 * how it reads every answer (R1, R2, L3, L4) into results and errors, the single retry of the
 * auth test on 500 (R5), time limits and network failures.
 */
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  createClient,
  isKeywardClientError,
  KeywardApiError,
  KeywardClientError,
  KeywardKeyTypeError,
  KeywardNetworkError,
  KeywardResponseError,
  type AnyKeywardClientError,
  type ApiErrorCode,
  type ClientOptions,
  type FetchLike,
} from '../../src/client/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { rejectionOf } from './client-contract.suite.js'
import {
  fail,
  newRequestId,
  ok,
  quotaHeaders,
  rateLimitHeaders,
  REQUEST_ID_PATTERN,
} from './support/contract-replies.js'
import { startFakeService, type FakeService, type RecordedRequest } from './support/fake-service.js'

const liveKey = generateKey('live')
const testKey = generateKey('test')
let service: FakeService

beforeAll(async () => {
  service = await startFakeService(() => ok({ valid: true, authenticated: true, keyType: 'live' }))
})
afterEach(() => service.reset())
afterAll(() => service.close())

const client = (options: Partial<ClientOptions> = {}) =>
  createClient({ apiKey: liveKey, baseUrl: service.baseUrl, ...options })

/** How many raw header lines named `name` the request carried (H1 counts lines, not joined values). */
function headerLines(request: RecordedRequest, name: string): string[] {
  const values: string[] = []
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i]!.toLowerCase() === name) values.push(request.rawHeaders[i + 1]!)
  }
  return values
}

describe('what the client sends (H6, H10)', () => {
  it('sends Authorization exactly "Bearer <key>" once, no x-api-key, and no key in the URL', async () => {
    await client().authTest()
    const [request] = service.requests
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/auth/test', url: '/api/v1/auth/test', body: '' })
    expect(headerLines(request!, 'authorization')).toEqual([`Bearer ${liveKey}`])
    expect(headerLines(request!, 'x-api-key')).toEqual([])
    expect(request!.url).not.toContain(liveKey)
    expect(request!.headers.accept).toBe('application/json')
    expect(request!.headers['user-agent']).toBe('keyward-client')
  })

  it('sends the Authorization header on every authenticated call: request with each method, authTest', async () => {
    service.use(() => ok({ anything: true }))
    const c = client()
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) await c.request(method, '/api/v1/things')
    await c.authTest().catch(() => {})
    expect(service.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'POST'])
    for (const request of service.requests) {
      expect(headerLines(request, 'authorization')).toEqual([`Bearer ${liveKey}`])
      expect(request.url).not.toContain(liveKey)
    }
  })

  it('ping() sends no key: the liveness endpoint needs none (E1)', async () => {
    service.use(() => ok({ status: 'ok' }))
    await expect(client().ping()).resolves.toMatchObject({ status: 200, data: { status: 'ok' } })
    expect(service.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/ping' })
    expect(service.requests[0]!.headers.authorization).toBeUndefined()
  })

  it('request() percent-encodes query values, so an IPv6 address or an e-mail with "+" arrives as given (E3, E4)', async () => {
    service.use((request) => ok(Object.fromEntries(request.query)))
    const c = client()
    const ip = await c.request<{ ip: string }>('GET', '/api/v1/ip/lookup', { query: { ip: '2001:db8::1' } })
    expect(ip).toMatchObject({ status: 200, data: { ip: '2001:db8::1' } })
    expectTypeOf(ip.data).toEqualTypeOf<{ ip: string }>()
    const email = await c.request<{ email: string }>('GET', '/api/v1/email/validate', {
      query: { email: 'a+b@example.com' },
    })
    expect(email).toMatchObject({ data: { email: 'a+b@example.com' } })
    expect(service.requests.map((request) => request.path)).toEqual(['/api/v1/ip/lookup', '/api/v1/email/validate'])
    expect(service.requests[1]!.url).toBe('/api/v1/email/validate?email=a%2Bb%40example.com')
  })

  it('request() sends a JSON body with Content-Type and the query; null/undefined are left out, arrays repeat', async () => {
    service.use(() => ok({ id: 1 }, {}, 201))
    const result = await client().request<{ id: number }>('POST', '/api/v1/things', {
      query: { tag: ['a', 'b'], limit: 5, skip: undefined, cursor: null, on: true },
      body: { name: 'x' },
    })
    expect(result).toMatchObject({ status: 201, data: { id: 1 } })
    expectTypeOf(result.data).toEqualTypeOf<{ id: number }>()
    const [request] = service.requests
    expect(request!.url).toBe('/api/v1/things?tag=a&tag=b&limit=5&on=true')
    expect(request!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request!.body)).toEqual({ name: 'x' })
  })

  it('a baseUrl with a path prefix is kept in front of /api/v1', async () => {
    const prefixed = createClient({ apiKey: liveKey, baseUrl: `${service.baseUrl}/svc/` })
    await prefixed.authTest()
    expect(service.requests[0]!.path).toBe('/svc/api/v1/auth/test')
  })

  it('userAgent replaces the User-Agent header', async () => {
    await client({ userAgent: 'billing-worker/2.3' }).authTest()
    expect(service.requests[0]!.headers['user-agent']).toBe('billing-worker/2.3')
  })

  it('a custom fetch is used, with redirect "manual" and an AbortSignal', async () => {
    const calls: Parameters<FetchLike>[] = []
    const fetch: FetchLike = async (url, init) => {
      calls.push([url, init])
      return globalThis.fetch(url, init)
    }
    await client({ fetch }).authTest()
    expect(calls).toHaveLength(1)
    expect(calls[0]![0]).toBe(`${service.baseUrl}/api/v1/auth/test`)
    expect(calls[0]![1]).toMatchObject({
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${liveKey}` },
    })
    expect(calls[0]![1].signal).toBeInstanceOf(AbortSignal)
  })
})

describe('programmer mistakes in a call throw TypeError before anything is sent', () => {
  it.each([
    ['no leading slash', 'api/v1/things'],
    ['protocol-relative', '//evil.example/api/v1/things'],
    ['an absolute URL', 'https://evil.example/api/v1/things'],
    ['whitespace', '/api/v1/a b'],
  ])('a path with %s', async (_name, path) => {
    await expect(client().request('GET', path)).rejects.toThrow(TypeError)
    expect(service.requests).toHaveLength(0)
  })

  it('an unknown method', async () => {
    await expect(client().request('TRACE' as never, '/api/v1/things')).rejects.toThrow(/method must be one of/)
    expect(service.requests).toHaveLength(0)
  })

  it('the key, or any well-formed key, in the query or the path (H10)', async () => {
    const c = client()
    for (const attempt of [
      () => c.request('GET', '/api/v1/things', { query: { api_key: liveKey } }),
      () => c.request('GET', `/api/v1/things?key=${liveKey}`),
      () => c.request('GET', `/api/v1/${liveKey}`),
      () => c.request('GET', '/api/v1/things', { query: { token: testKey } }),
      () => c.request('GET', '/api/v1/ip/lookup', { query: { ip: liveKey } }),
    ]) {
      const error = await rejectionOf(attempt())
      expect(error).toBeInstanceOf(TypeError)
      expect((error as Error).message).toContain('must never go in the URL')
      expect((error as Error).message).not.toContain(liveKey)
    }
    expect(service.requests).toHaveLength(0)
  })

  it("the client has no methods for the reference server's demo routes: request() calls them (A7)", () => {
    const c = client() as unknown as Record<string, unknown>
    expect(c.ipLookup).toBeUndefined()
    expect(c.validateEmail).toBeUndefined()
    expect(typeof c.request).toBe('function')
  })
})

describe('results carry what the headers say (R1, R2, L3, H8)', () => {
  it('rateLimit, quota, requestId, meta and deprecation come from the response', async () => {
    const requestId = newRequestId()
    service.use(() =>
      ok(
        { valid: true, keyType: 'test' },
        {
          'X-Request-ID': requestId,
          ...rateLimitHeaders(10, 7, 1_760_000_060),
          ...quotaHeaders(1000, 993, 1_761_955_200),
          Deprecation: '@1760000000',
        },
      ),
    )
    const result = await createClient({ apiKey: testKey, baseUrl: service.baseUrl }).authTest()
    expect(result).toMatchObject({
      status: 200,
      valid: true,
      keyType: 'test',
      requestId,
      rateLimit: { limit: 10, remaining: 7, reset: 1_760_000_060 },
      quota: { limit: 1000, remaining: 993, reset: 1_761_955_200 },
      deprecation: true,
      meta: { timestamp: expect.any(String) },
    })
  })

  it('rateLimit and quota are null when their headers are missing or not numbers', async () => {
    service.use(() =>
      ok({ status: 'ok' }, { 'X-RateLimit-Limit': 10, 'X-RateLimit-Remaining': 'many', 'X-RateLimit-Reset': 1 }),
    )
    const result = await client().ping()
    expect(result.rateLimit).toBeNull()
    expect(result.quota).toBeNull()
    expect(result.deprecation).toBe(false)
  })

  it('request() returns a JSON body without the envelope whole, with meta null; an empty 204 gives data undefined', async () => {
    service.queue({ status: 200, body: [1, 2, 3] }, { status: 204 })
    await expect(client().request('GET', '/api/v1/list')).resolves.toMatchObject({ data: [1, 2, 3], meta: null })
    await expect(client().request('DELETE', '/api/v1/list/1')).resolves.toMatchObject({
      status: 204,
      data: undefined,
      meta: null,
    })
  })
})

describe('non-2xx answers throw KeywardApiError with the envelope and headers (H9, R1, R2, R3)', () => {
  const catalogue: [number, ApiErrorCode, string][] = [
    [401, 'UNAUTHORIZED', 'Missing Authorization header'],
    [401, 'INVALID_API_KEY_FORMAT', 'API key must start with svc_live_ or svc_test_'],
    [401, 'INVALID_API_KEY', 'Invalid API key — no matching live (svc_live_) key found'],
    [401, 'API_KEY_REVOKED', 'This API key has been revoked'],
    [401, 'API_KEY_EXPIRED', 'This API key has expired'],
    [403, 'forbidden', 'This API key has no access to this route'],
    [404, 'not_found', 'No route GET /api/v1/x'],
    [405, 'method_not_allowed', 'Method PUT is not allowed'],
    [400, 'invalid_request', 'Query parameter "ip" must be an IP address'],
    [413, 'payload_too_large', 'The body is larger than 16 KiB'],
    [409, 'conflict', 'API key key_x is revoked and cannot be updated; create a new key instead'],
    [500, 'INTERNAL_ERROR', 'Internal error; retry once and quote the request id'],
  ]
  it.each(catalogue)('%i %s: status, code, exact server message and request id', async (status, code, message) => {
    const requestId = newRequestId()
    service.use(() => fail(status, code, message, { 'X-Request-ID': requestId }))
    const error = await rejectionOf(client().request('GET', '/api/v1/x'))
    expect(error).toBeInstanceOf(KeywardApiError)
    expect(error).toBeInstanceOf(KeywardClientError)
    expect(error).toMatchObject({
      name: 'KeywardApiError',
      status,
      code,
      serverCode: code,
      message,
      requestId,
      method: 'GET',
      path: '/api/v1/x',
    })
  })

  it('429 rate_limited carries retryAfter in seconds, with the rate-limit and quota headers (L3, L4)', async () => {
    service.use(() =>
      fail(429, 'rate_limited', 'Rate limit exceeded: 10 requests per minute', {
        'Retry-After': 42,
        ...rateLimitHeaders(10, 0, 1_760_000_042),
        ...quotaHeaders(1000, 500, 1_761_955_200),
      }),
    )
    const error = (await rejectionOf(
      client().request('GET', '/api/v1/ip/lookup', { query: { ip: '8.8.8.8' } }),
    )) as KeywardApiError
    expect(error).toBeInstanceOf(KeywardApiError)
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 42,
      rateLimit: { limit: 10, remaining: 0, reset: 1_760_000_042 },
      quota: { limit: 1000, remaining: 500, reset: 1_761_955_200 },
    })
    expect(error.requestId).toMatch(REQUEST_ID_PATTERN)
  })

  it('a Retry-After given as an HTTP-date becomes the seconds until then (RFC 9110 §10.2.3)', async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 30_000).toUTCString()
    service.use(() => fail(429, 'rate_limited', 'Monthly quota exceeded', { 'Retry-After': at }))
    const error = (await rejectionOf(client().request('GET', '/api/v1/x'))) as KeywardApiError
    expect(error.retryAfter).toBeGreaterThanOrEqual(28)
    expect(error.retryAfter).toBeLessThanOrEqual(31)
  })

  it('a code the client does not know becomes UNKNOWN_ERROR and keeps the server code', async () => {
    service.use(() => fail(418, 'teapot', 'I am a teapot'))
    const error = await rejectionOf(client().request('POST', '/api/v1/x'))
    expect(error).toMatchObject({ status: 418, code: 'UNKNOWN_ERROR', serverCode: 'teapot', message: 'I am a teapot' })
  })

  it('a non-JSON error page (a proxy 502) becomes UNKNOWN_ERROR naming the status', async () => {
    service.use(() => ({ status: 502, body: '<html>Bad Gateway</html>', headers: { 'Content-Type': 'text/html' } }))
    const error = await rejectionOf(client().request('GET', '/api/v1/x'))
    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN_ERROR', serverCode: null })
    expect((error as Error).message).toContain('HTTP 502 without a keyward error envelope')
  })

  it('a redirect is not followed, so the key never reaches the Location (H10)', async () => {
    const elsewhere = await startFakeService(() => ok({ valid: true, keyType: 'live' }))
    try {
      service.use(() => ({ status: 307, headers: { Location: `${elsewhere.baseUrl}/api/v1/auth/test` } }))
      const error = await rejectionOf(client().authTest())
      expect(error).toMatchObject({ status: 307, code: 'UNKNOWN_ERROR' })
      expect((error as Error).message).toContain('does not follow')
      expect(service.requests).toHaveLength(1)
      expect(elsewhere.requests).toHaveLength(0)
    } finally {
      await elsewhere.close()
    }
  })
})

describe('2xx answers that are not the service throw KeywardResponseError INVALID_RESPONSE', () => {
  it('a 200 HTML page (baseUrl pointing at a website)', async () => {
    service.use(() => ({
      status: 200,
      body: '<!doctype html><title>Welcome</title>',
      headers: { 'Content-Type': 'text/html' },
    }))
    const error = await rejectionOf(client().request('GET', '/api/v1/x'))
    expect(error).toBeInstanceOf(KeywardResponseError)
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
      requestId: expect.stringMatching(REQUEST_ID_PATTERN),
    })
  })

  it('ping() answered without the R1 envelope', async () => {
    service.use(() => ({ status: 200, body: { status: 'ok' } }))
    await expect(client().ping()).rejects.toBeInstanceOf(KeywardResponseError)
  })

  it('authTest() answered 200 without data.valid and data.keyType (E2)', async () => {
    service.use(() => ok({ authenticated: true }))
    const error = await rejectionOf(client().authTest())
    expect(error).toBeInstanceOf(KeywardResponseError)
    expect((error as Error).message).toContain('data.valid === true')
  })
})

describe('authTest() retries exactly once on 500 INTERNAL_ERROR (R5)', () => {
  const internalError = () => fail(500, 'INTERNAL_ERROR', 'Internal error; retry once and quote the request id')

  it('a 500 INTERNAL_ERROR then a 200 resolves after two requests, both with the key', async () => {
    service.queue(internalError())
    const result = await client().authTest()
    expect(result).toMatchObject({ valid: true, keyType: 'live' })
    expect(service.requests).toHaveLength(2)
    for (const request of service.requests) expect(request.headers.authorization).toBe(`Bearer ${liveKey}`)
  })

  it('two 500 INTERNAL_ERROR answers throw the second one after exactly two requests, not three', async () => {
    const secondId = newRequestId()
    service.queue(
      internalError(),
      { ...internalError(), headers: { 'X-Request-ID': secondId } },
      ok({ valid: true, keyType: 'live' }),
    )
    const error = await rejectionOf(client().authTest())
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', requestId: secondId })
    expect(service.requests).toHaveLength(2)
  })

  it.each([
    ['a 401', () => fail(401, 'INVALID_API_KEY', 'Invalid API key — no matching live (svc_live_) key found')],
    ['a 500 with another code', () => fail(500, 'store_down', 'Store down')],
    ['a 503 without an envelope', () => ({ status: 503, body: 'busy' })],
    ['a 429', () => fail(429, 'rate_limited', 'Too many failed authentications', { 'Retry-After': 10 })],
  ])('%s is not retried', async (_name, reply) => {
    service.queue(reply(), ok({ valid: true, keyType: 'live' }))
    await expect(client().authTest()).rejects.toBeInstanceOf(KeywardApiError)
    expect(service.requests).toHaveLength(1)
  })

  it('request() does not retry a 500 (its route may not be idempotent)', async () => {
    service.queue(internalError())
    await expect(client().request('POST', '/api/v1/auth/test')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' })
    expect(service.requests).toHaveLength(1)
  })
})

describe('assertLive() is a start-up check that the key is live (E2)', () => {
  it('a sandbox key throws KeywardKeyTypeError KEY_NOT_LIVE without sending the key anywhere', async () => {
    const error = await rejectionOf(createClient({ apiKey: testKey, baseUrl: service.baseUrl }).assertLive())
    expect(error).toBeInstanceOf(KeywardKeyTypeError)
    expect(error).toMatchObject({
      code: 'KEY_NOT_LIVE',
      keyType: 'test',
      maskedKey: `svc_test_****${testKey.slice(-4)}`,
      requestId: null,
    })
    expect((error as Error).message).toContain('sandbox (test) key')
    expect((error as Error).message).not.toContain(testKey)
    expect(service.requests).toHaveLength(0)
  })

  it('a live key the server reports as "test" also throws KEY_NOT_LIVE, with the request id', async () => {
    const requestId = newRequestId()
    service.use(() => ok({ valid: true, keyType: 'test' }, { 'X-Request-ID': requestId }))
    await expect(client().assertLive()).rejects.toMatchObject({ code: 'KEY_NOT_LIVE', keyType: 'test', requestId })
  })

  it('a live key the server accepts resolves with the auth test result', async () => {
    await expect(client().assertLive()).resolves.toMatchObject({ valid: true, keyType: 'live' })
  })

  it('a live key the server rejects throws the auth test error (INVALID_API_KEY)', async () => {
    service.use(() => fail(401, 'INVALID_API_KEY', 'Invalid API key — no matching live (svc_live_) key found'))
    await expect(client().assertLive()).rejects.toMatchObject({ status: 401, code: 'INVALID_API_KEY' })
  })
})

describe('no response throws KeywardNetworkError', () => {
  it('a refused connection is NETWORK_ERROR with the cause in the message', async () => {
    const closed = await startFakeService(() => ok({}))
    const baseUrl = closed.baseUrl
    await closed.close()
    const error = await rejectionOf(createClient({ apiKey: liveKey, baseUrl }).authTest())
    expect(error).toBeInstanceOf(KeywardNetworkError)
    expect(error).toMatchObject({
      name: 'KeywardNetworkError',
      code: 'NETWORK_ERROR',
      method: 'POST',
      path: '/api/v1/auth/test',
    })
    expect((error as Error).message).toContain('ECONNREFUSED')
    expect((error as Error).cause).toBeDefined()
  })

  it('a connection closed without an answer is NETWORK_ERROR, and authTest() does not retry it', async () => {
    service.use(() => ({ status: 200, destroy: true }))
    await expect(client().authTest()).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(service.requests).toHaveLength(1)
  })

  it('a server slower than timeoutMs is TIMEOUT, thrown at the time limit', async () => {
    service.use(() => ({ ...ok({ valid: true, keyType: 'live' }), delayMs: 2_000 }))
    const started = Date.now()
    const error = await rejectionOf(client({ timeoutMs: 150 }).authTest())
    expect(error).toBeInstanceOf(KeywardNetworkError)
    expect(error).toMatchObject({ code: 'TIMEOUT' })
    expect((error as Error).message).toContain('timed out after 150 ms')
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  it('a body that stalls after the headers is TIMEOUT too: the limit covers the body', async () => {
    service.use(() => ({ ...ok({ valid: true, keyType: 'live' }), stallBody: true }))
    await expect(client({ timeoutMs: 150 }).authTest()).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it('a fetch that ignores its signal still times out', async () => {
    const fetch: FetchLike = () => new Promise(() => {})
    await expect(client({ fetch, timeoutMs: 50 }).ping()).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it("the caller's signal aborts a call with ABORTED; an already-aborted signal sends nothing", async () => {
    service.use(() => ({ ...ok({ status: 'ok' }), delayMs: 2_000 }))
    const controller = new AbortController()
    const pending = client().ping({ signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ name: 'KeywardNetworkError', code: 'ABORTED' })
    service.reset()
    await expect(client().authTest({ signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' })
    expect(service.requests).toHaveLength(0)
  })
})

describe('error codes narrow with switch (STYLE: jose-style hierarchy)', () => {
  it('isKeywardClientError() is true for every client error class and false for others', async () => {
    service.use(() => fail(429, 'rate_limited', 'slow down', { 'Retry-After': 1 }))
    const apiError = await rejectionOf(client().authTest())
    const keyTypeError = await rejectionOf(createClient({ apiKey: testKey, baseUrl: service.baseUrl }).assertLive())
    const networkError = await rejectionOf(client({ fetch: () => Promise.reject(new Error('down')) }).ping())
    service.use(() => ({ status: 200, body: 'x' }))
    const responseError = await rejectionOf(client().ping())
    const seen: string[] = []
    for (const error of [apiError, keyTypeError, networkError, responseError]) {
      expect(isKeywardClientError(error)).toBe(true)
      if (!isKeywardClientError(error)) continue
      switch (error.code) {
        case 'rate_limited':
          expectTypeOf(error).toEqualTypeOf<KeywardApiError>()
          seen.push(`rate_limited:${error.retryAfter}`)
          break
        case 'KEY_NOT_LIVE':
          expectTypeOf(error).toEqualTypeOf<KeywardKeyTypeError>()
          seen.push(`KEY_NOT_LIVE:${error.keyType}`)
          break
        case 'NETWORK_ERROR':
        case 'TIMEOUT':
        case 'ABORTED':
          expectTypeOf(error).toEqualTypeOf<KeywardNetworkError>()
          seen.push(error.code)
          break
        case 'INVALID_RESPONSE':
          expectTypeOf(error).toEqualTypeOf<KeywardResponseError>()
          seen.push(error.code)
          break
        default:
          expectTypeOf(error).toEqualTypeOf<KeywardApiError>()
      }
    }
    expect(seen).toEqual(['rate_limited:1', 'KEY_NOT_LIVE:test', 'NETWORK_ERROR', 'INVALID_RESPONSE'])
    expect(isKeywardClientError(new Error('x'))).toBe(false)
    expect(isKeywardClientError(new TypeError('x'))).toBe(false)
    expectTypeOf<AnyKeywardClientError['code']>().toEqualTypeOf<
      ApiErrorCode | 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED' | 'INVALID_RESPONSE' | 'KEY_NOT_LIVE'
    >()
  })

  it('the client never writes to the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    )
    try {
      service.queue(fail(500, 'INTERNAL_ERROR', 'x'))
      await client().authTest()
      await rejectionOf(client({ timeoutMs: 50, fetch: () => new Promise(() => {}) }).ping())
      for (const spy of spies) expect(spy).not.toHaveBeenCalled()
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  })
})
