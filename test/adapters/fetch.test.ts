/**
 * keyward/fetch's own surface (X3), in process with Web `Request`s: option checks at setup, what
 * `handle()` and `notFound()` leave to the host, what a wrapped handler is given and what its
 * response gets, and the client address from `clientAddress` or `X-Forwarded-For` (M6, A5, L4a).
 * The parity table runs the same adapter over HTTP on every case (parity.test.ts).
 */
import { describe, expect, it, vi } from 'vitest'
import { type ClientAddress, type FetchOptions, keywardFetch } from '../../adapters/fetch.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import type { ApiKeyContext, UsageEntry } from '../../src/index.js'

const URL_BASE = 'http://localhost'
const IP_ROUTE = `${URL_BASE}/api/v1/things`
const ok = () => Response.json({ data: 'handled' })

function setup(options: FetchOptions = {}) {
  const errors: unknown[] = []
  const keyward = createKeyward({ onError: (error) => errors.push(error) })
  const guard = keywardFetch(keyward, { onError: (error) => errors.push(error), ...options })
  return { keyward, guard, errors }
}

async function issue(keyward: Keyward, input: Record<string, unknown> = {}): Promise<{ key: string; id: string }> {
  const created = await keyward.keys.create({ name: 'fetch test', ...input })
  return { key: created.key, id: created.record.id }
}

const bearer = (key: string, extra: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${key}`, ...extra },
})

async function usageOf(keyward: Keyward, keyId: string): Promise<UsageEntry[]> {
  // Usage entries are written once the response is complete, off the request's path.
  await new Promise((resolve) => setImmediate(resolve))
  return keyward.queryUsage({ keyId, limit: 10 })
}

describe('keyward/fetch setup: a bad option throws a TypeError naming it', () => {
  const keyward = createKeyward()
  it.each([
    [{ clientAddress: '127.0.0.1' }, 'option "clientAddress"'],
    [{ trustProxy: -1 }, 'option "trustProxy"'],
    [{ paths: [] }, 'option "paths"'],
    [{ notfound: '/api' }, 'option "notfound"'],
  ])('keywardFetch(keyward, %j) names %s', (options, named) => {
    expect(() => keywardFetch(keyward, options as never)).toThrow(TypeError)
    expect(() => keywardFetch(keyward, options as never)).toThrow(`keyward/fetch: ${named}`)
  })

  it('refuses something that is not a keyward instance', () => {
    expect(() => keywardFetch({} as never)).toThrow('keyward/fetch: the first argument must be a keyward instance')
  })

  it.each([
    [{ scopes: 'ip' }, 'scopes'],
    [{ liveOnly: 'yes' }, 'liveOnly'],
    [{ permissions: 'a OR (b' }, 'permissions'],
    [{ skip: true }, 'skip'],
  ])('wrap(handler, %j) names the route option %s', (options, field) => {
    const guard = keywardFetch(keyward)
    expect(() => guard.wrap(ok, options as never)).toThrow(`keyward/fetch: wrap() option "${field}"`)
  })

  it('wrap() takes a handler function first', () => {
    expect(() => keywardFetch(keyward).wrap({ scopes: ['ip'] } as never)).toThrow(
      'keyward/fetch: wrap() takes a handler function first',
    )
  })
})

describe('handle() and notFound() answer only what is keyward’s', () => {
  it('handle() leaves outside and protected paths to the host, synchronously (A1)', () => {
    const { guard } = setup()
    expect(guard.handle(new Request(`${URL_BASE}/health`))).toBeUndefined()
    expect(guard.handle(new Request(IP_ROUTE))).toBeUndefined()
  })

  it('handle() answers ping and the auth test with the request id (E1, E2, R2)', async () => {
    const { keyward, guard } = setup()
    const ping = await guard.handle(new Request(`${URL_BASE}/api/v1/ping`))!
    expect(ping.status).toBe(200)
    expect(ping.headers.get('x-request-id')).toMatch(/^req_/)
    const { key } = await issue(keyward)
    const verdict = await guard.handle(new Request(`${URL_BASE}/api/v1/auth/test`, bearer(key)))!
    expect([verdict.status, await verdict.json()]).toMatchObject([200, { data: { valid: true, keyType: 'live' } }])
    expect(verdict.headers.get('x-ratelimit-remaining')).toBe('1000')
  })

  it('notFound() answers nothing without the notFound option, and keyward’s 404 after the key with it (R4)', async () => {
    expect(setup().guard.notFound(new Request(`${URL_BASE}/api/v1/nothing`))).toBeUndefined()
    const { keyward, guard } = setup({ notFound: '/api' })
    expect(guard.notFound(new Request(`${URL_BASE}/elsewhere`))).toBeUndefined()
    const refused = await guard.notFound(new Request(`${URL_BASE}/api/v1/nothing`))!
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="Svc"'])
    const { key } = await issue(keyward)
    const missing = await guard.notFound(new Request(`${URL_BASE}/api/v1/nothing`, bearer(key)))!
    expect([missing.status, (await missing.json()).error.code]).toEqual([404, 'not_found'])
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('1000')
    expect((await guard.notFound(new Request(`${URL_BASE}/api/v2/ping`))!).status).toBe(404)
  })
})

describe('wrap(): the handler runs only for an admitted key (A2, L4a)', () => {
  it('without a key: 401 with the challenge and a request id; the handler never runs (H2, H11, R2)', async () => {
    const { guard } = setup()
    const handler = vi.fn(ok)
    const response = await guard.wrap(handler)(new Request(IP_ROUTE))
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="Svc"')
    expect(response.headers.get('x-request-id')).toMatch(/^req_/)
    expect(handler).not.toHaveBeenCalled()
  })

  it('with a key: the handler gets the key and the server’s own arguments; the response gets the limit headers', async () => {
    const { keyward, guard } = setup()
    const { key, id } = await issue(keyward, { ownerId: 'org_acme' })
    let seen: [ApiKeyContext, unknown] | undefined
    const wrapped = guard.wrap((_request, { apiKey }, server: { name: string }) => {
      seen = [apiKey, server]
      return ok()
    })
    const response = await wrapped(new Request(IP_ROUTE, bearer(key)), { name: 'the server' })
    expect(response.status).toBe(200)
    expect(seen?.[0]).toMatchObject({ id, ownerId: 'org_acme', keyType: 'live' })
    expect(seen?.[1]).toEqual({ name: 'the server' })
    expect(response.headers.get('x-ratelimit-remaining')).toBe('999')
    expect(response.headers.get('x-request-id')).toBe(seen?.[0].requestId)
    expect((await usageOf(keyward, id)).map((entry) => [entry.path, entry.status])).toEqual([['/api/v1/things', 200]])
  })

  it('a fetched Response, whose headers cannot change, is answered as a copy with the headers (L3, R2)', async () => {
    const { keyward, guard } = setup()
    const { key } = await issue(keyward)
    const response = await guard.wrap(() => Response.redirect(`${URL_BASE}/elsewhere`, 302))(
      new Request(IP_ROUTE, bearer(key)),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${URL_BASE}/elsewhere`)
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000')
    expect(response.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('a handler that throws gets the 500 envelope quoting the request id, told to onError and recorded (R5, L4a)', async () => {
    const { keyward, guard, errors } = setup()
    const { key, id } = await issue(keyward)
    const response = await guard.wrap(() => {
      throw new Error('handler broke')
    })(new Request(IP_ROUTE, bearer(key)))
    const body = await response.json()
    expect([response.status, body.error.code]).toEqual([500, 'INTERNAL_ERROR'])
    expect(body.error.message).toContain(response.headers.get('x-request-id'))
    expect(errors).toEqual([expect.objectContaining({ message: 'handler broke' })])
    expect((await usageOf(keyward, id)).map((entry) => entry.status)).toEqual([500])
  })

  it('a handler that returns no Response gets the 500 envelope; a clientAddress that throws runs no handler (R5)', async () => {
    const { keyward, guard, errors } = setup({
      clientAddress: () => {
        throw new Error('no address')
      },
    })
    const { key } = await issue(keyward)
    const handler = vi.fn(ok)
    const failing = await guard.wrap(handler)(new Request(IP_ROUTE, bearer(key)))
    expect([failing.status, (await failing.json()).error.code]).toEqual([500, 'INTERNAL_ERROR'])
    expect(handler).not.toHaveBeenCalled()
    const notResponse = await setup().guard.wrap(() => 'text' as never, { public: true })(new Request(IP_ROUTE))
    expect(notResponse.status).toBe(500)
    expect(errors).toEqual([expect.objectContaining({ message: 'no address' })])
  })

  it('a public handler runs without a key, gets none, and consumes nothing (A2)', async () => {
    const { guard } = setup()
    let given: unknown = 'not called'
    const response = await guard.wrap(
      (_request, { apiKey }) => {
        given = apiKey
        return ok()
      },
      { public: true },
    )(new Request(IP_ROUTE))
    expect([response.status, given]).toEqual([200, undefined])
    expect(response.headers.get('x-request-id')).toMatch(/^req_/)
    expect(response.headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('route options apply: a key without the scope gets 403 and the handler never runs (L6)', async () => {
    const { keyward, guard } = setup()
    const { key } = await issue(keyward, { scopes: ['email'] })
    const handler = vi.fn(ok)
    const response = await guard.wrap(handler, { scopes: ['ip'] })(new Request(IP_ROUTE, bearer(key)))
    expect([response.status, (await response.json()).error.code]).toEqual([403, 'forbidden'])
    expect(handler).not.toHaveBeenCalled()
  })

  it('two Authorization lines, joined by the Headers object, are refused as malformed (H1)', async () => {
    const { keyward, guard } = setup()
    const { key } = await issue(keyward)
    const headers = new Headers([
      ['authorization', `Bearer ${key}`],
      ['authorization', `Bearer ${key}`],
    ])
    const response = await guard.wrap(ok)(new Request(IP_ROUTE, { headers }))
    expect(response.status).toBe(401)
    expect((await response.json()).error.message).toMatch(/^Malformed Authorization header/)
  })
})

describe('the client address (M6, A5, E7)', () => {
  const fromServer: ClientAddress = (_request, info: { remoteAddr: { hostname: string } }) => info.remoteAddr.hostname
  const info = (hostname: string) => ({ remoteAddr: { hostname } })

  it('comes from clientAddress, given the server’s arguments: allowedIps admits its own range only', async () => {
    const { keyward, guard } = setup({ clientAddress: fromServer })
    const { key, id } = await issue(keyward, { allowedIps: ['203.0.113.0/24'] })
    const wrapped = guard.wrap(ok)
    const outside = await wrapped(new Request(IP_ROUTE, bearer(key)), info('198.51.100.7'))
    expect([outside.status, (await outside.json()).error.message]).toEqual([
      403,
      expect.stringMatching(/^This API key is not allowed from this address/),
    ])
    expect((await wrapped(new Request(IP_ROUTE, bearer(key)), info('203.0.113.9'))).status).toBe(200)
    // The refusal is recorded too, from the address it refused (B8), newest first.
    expect((await usageOf(keyward, id)).map((entry) => [entry.ip, entry.status, entry.code])).toEqual([
      ['203.0.113.9', 200, null],
      ['198.51.100.7', 403, 'forbidden'],
    ])
  })

  it('is the X-Forwarded-For entry trustProxy vouches for, left of the server’s address', async () => {
    const { keyward, guard } = setup({ clientAddress: fromServer, trustProxy: 1 })
    const { key, id } = await issue(keyward)
    const request = new Request(IP_ROUTE, bearer(key, { 'x-forwarded-for': '192.0.2.1, 203.0.113.9' }))
    expect((await guard.wrap(ok)(request, info('10.0.0.2'))).status).toBe(200)
    expect((await usageOf(keyward, id)).map((entry) => entry.ip)).toEqual(['203.0.113.9'])
  })

  it('is unknown (null) with neither: X-Forwarded-For is not trusted by default', async () => {
    const { keyward, guard } = setup()
    const { key, id } = await issue(keyward)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const request = new Request(IP_ROUTE, bearer(key, { 'x-forwarded-for': '203.0.113.9' }))
      expect((await guard.wrap(ok)(request)).status).toBe(200)
    } finally {
      warn.mockRestore()
    }
    expect((await usageOf(keyward, id)).map((entry) => entry.ip)).toEqual([null])
  })
})

describe('keyward/fetch prices requests (M2, M8)', () => {
  it('M2: a cost function reads the request’s query and headers; the headers count units; charge(n) refuses the next request', async () => {
    const keyward = createKeyward({ limits: { live: { perMinute: 10 } } })
    const guard = keywardFetch(keyward)
    const priced = guard.wrap(ok, {
      cost: (request) => Number(request.query.get('units') ?? request.header('X-Units') ?? 1),
    })
    const charge = guard.wrap(async (_request, { apiKey }) => {
      await apiKey.charge(5)
      return ok()
    })
    const { key } = await issue(keyward)
    const byQuery = await priced(new Request(`${IP_ROUTE}?units=3`, bearer(key)))
    expect(byQuery.status).toBe(200)
    expect(byQuery.headers.get('X-RateLimit-Remaining')).toBe('7')
    const byHeader = await priced(new Request(IP_ROUTE, bearer(key, { 'X-Units': '2' })))
    expect(byHeader.headers.get('X-RateLimit-Remaining')).toBe('5')
    expect((await charge(new Request(IP_ROUTE, bearer(key)))).headers.get('X-RateLimit-Remaining')).toBe('4')
    // 4 left, 5 charged after that answer: nothing is left for the next request.
    const refused = await priced(new Request(IP_ROUTE, bearer(key)))
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.code).toBe('rate_limited')
  })

  it('M2 R5: a cost function that answers no cost → 500, onError told, the handler never runs', async () => {
    const { keyward, guard, errors } = setup()
    const handler = vi.fn(ok)
    const wrapped = guard.wrap(handler, { cost: () => -1 })
    const { key } = await issue(keyward)
    const response = await wrapped(new Request(IP_ROUTE, bearer(key)))
    expect(response.status).toBe(500)
    expect((await response.json()).error.code).toBe('INTERNAL_ERROR')
    expect(handler).not.toHaveBeenCalled()
    expect(String(errors[0])).toContain("a route's cost function must return an integer from 0 to 1,000,000")
  })
})
