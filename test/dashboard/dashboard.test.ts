import { describe, expect, it, vi } from 'vitest'
import { createDashboard, type DashboardRequest } from '../../src/dashboard/index.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createTestKeyward } from '../../src/testing.js'
import type { KeywardStores } from '../../src/core/types.js'
import {
  AUTH,
  TOKEN,
  dashboardRequest,
  expectCommonHeaders,
  expectError,
  expectSuccess,
  setup,
  show,
} from './support.js'

const REALM = 'Bearer realm="Svc"'

describe('dashboard guard (E5, R2, R5)', () => {
  const unauthenticated: [string, Partial<DashboardRequest>][] = [
    ['list', { path: '/api-keys' }],
    [
      'create',
      { method: 'POST', path: '/api-keys', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } },
    ],
    ['an unknown path', { path: '/nope' }],
    ['a wrong method on a known path', { method: 'DELETE', path: '/api-keys' }],
    ['an oversized body', { method: 'POST', path: '/api-keys', bodyTooLarge: true }],
    ['usage with a bad limit', { path: '/api-keys/usage', query: 'limit=0' }],
  ]
  for (const [what, partial] of unauthenticated) {
    it(`E5: the guard runs first: ${what} without the token → 401 UNAUTHORIZED with a Bearer challenge`, async () => {
      const t = setup()
      const result = await t.handle({ headers: {}, ...partial })
      const message = expectError(result, 401, 'UNAUTHORIZED')
      expect(message).toContain('Bearer')
      expect(result.response.headers['WWW-Authenticate']).toBe(REALM)
      expect(result.response.headers.Allow).toBeUndefined()
    })
  }

  it('E5: a wrong token → 401, and nothing is created', async () => {
    const t = setup()
    const result = await t.create({ name: 'x' }, { authorization: `Bearer ${TOKEN}x` })
    expectError(result, 401, 'UNAUTHORIZED')
    expect(await t.keyward.stores.keys.list({ limit: 100, now: Date.now() })).toEqual({ keys: [], more: false })
  })

  it('E5: the realm is the service name', async () => {
    const t = setup({ keyward: { serviceName: 'Acme' } })
    const result = await t.handle({ headers: {} })
    expect(result.response.headers['WWW-Authenticate']).toBe('Bearer realm="Acme"')
  })

  it('E5/O8: the guard gets the request as the adapter built it; a falsy answer is nobody (401), `true` the administrator', async () => {
    const seen: DashboardRequest[] = []
    for (const verdict of [false, undefined, null, 0, '']) {
      const t = setup({
        dashboard: {
          authorize: (r) => {
            seen.push(r)
            return verdict as boolean
          },
        },
      })
      const request = dashboardRequest({ path: '/api-keys' })
      const response = await t.dashboard.handle(request)
      expectError({ request, response }, 401, 'UNAUTHORIZED')
      expect(seen.at(-1)).toBe(request)
    }
    const t = setup({ dashboard: { authorize: async () => true } })
    expectSuccess(await t.handle({ headers: {} }))
  })

  it('E5: a guard written as a method keeps its `this`', async () => {
    class Guard {
      token = 'ok'
      authorize(request: DashboardRequest) {
        return request.headers['x-admin'] === this.token
      }
    }
    const dashboard = createDashboard(createTestKeyward().keyward, new Guard())
    const call = async (headers: DashboardRequest['headers']) => {
      const request = dashboardRequest({ headers })
      return { request, response: await dashboard.handle(request) }
    }
    expectSuccess(await call({ 'x-admin': 'ok' }))
    expectError(await call({ 'x-admin': 'no' }), 401, 'UNAUTHORIZED')
  })

  it('E5/R5: a guard that throws → 500 INTERNAL_ERROR quoting the request id, never fail open', async () => {
    const onError = vi.fn()
    const boom = new Error('guard down')
    const t = setup({
      dashboard: {
        authorize: () => {
          throw boom
        },
        onError,
      },
    })
    const result = await t.create({ name: 'x' })
    const message = expectError(result, 500, 'INTERNAL_ERROR')
    expect(message).toContain(result.request.requestId)
    expect(onError).toHaveBeenCalledWith(boom, { requestId: result.request.requestId, phase: 'guard' })
    expect(await t.keyward.stores.keys.list({ limit: 100, now: Date.now() })).toEqual({ keys: [], more: false })
  })

  it('E5/R5: a guard that rejects → 500 INTERNAL_ERROR; a throwing onError does not make it worse', async () => {
    const t = setup({
      dashboard: {
        authorize: () => Promise.reject(new Error('down')),
        onError: () => {
          throw new Error('logger down')
        },
      },
    })
    expectError(await t.handle({ path: '/nope' }), 500, 'INTERNAL_ERROR')
  })

  it('E5: createDashboard throws a TypeError at setup without an authorize function', () => {
    const { keyward } = createTestKeyward()
    expect(() => createDashboard(keyward, {} as never)).toThrow(TypeError)
    expect(() => createDashboard(keyward, { authorize: true } as never)).toThrow(/authorize/)
    expect(() => createDashboard(keyward, { authorize: () => true, onError: 1 } as never)).toThrow(/onError/)
    expect(() => createDashboard({} as never, { authorize: () => true })).toThrow(TypeError)
  })
})

describe('dashboard routing (E5, R3)', () => {
  for (const path of [
    '',
    '/',
    '/api-keys/',
    '/apikeys',
    '/api-keys/usage/extra',
    '/api-keys/key_x/revoke/now',
    '/API-KEYS',
  ]) {
    it(`R3: unknown path ${JSON.stringify(path)} → 404 not_found`, async () => {
      expectError(await setup().handle({ path }), 404, 'not_found')
    })
  }

  const wrongMethods: [string, string, string][] = [
    ['DELETE', '/api-keys', 'GET, HEAD, POST'],
    ['PUT', '/api-keys', 'GET, HEAD, POST'],
    ['get', '/api-keys', 'GET, HEAD, POST'],
    ['POST', '/api-keys/usage', 'GET, HEAD'],
    ['DELETE', '/api-keys/key_abc', 'GET, HEAD, PATCH'],
    ['PUT', '/api-keys/key_abc', 'GET, HEAD, PATCH'],
    ['GET', '/api-keys/key_abc/rotate', 'POST'],
    ['GET', '/owners/acme/revoke-all', 'POST'],
    ['GET', '/api-keys/key_abc/revoke', 'POST'],
    ['HEAD', '/api-keys/key_abc/revoke', 'POST'],
  ]
  for (const [method, path, allow] of wrongMethods) {
    it(`R3: ${method} ${path} → 405 method_not_allowed with Allow: ${allow}`, async () => {
      const result = await setup().handle({ method, path })
      expect(result.response.status, show(result.response)).toBe(405)
      expect(result.response.headers.Allow).toBe(allow)
      if (method !== 'HEAD') expect(expectError(result, 405, 'method_not_allowed')).toContain(method)
    })
  }

  it('R1/R2: a missing request id is replaced by a generated one', async () => {
    const t = setup()
    const response = await t.dashboard.handle(dashboardRequest({ requestId: '' }))
    expect(response.headers['X-Request-ID']).toMatch(/^req_[A-Za-z0-9_-]{24,}$/)
  })

  it('E5: every dashboard response says Cache-Control: no-store', async () => {
    const t = setup()
    for (const partial of [{}, { path: '/nope' }, { headers: {} }, { method: 'PUT' }]) {
      expect((await t.handle(partial)).response.headers['Cache-Control']).toBe('no-store')
    }
  })
})

describe('GET /api-keys and GET /api-keys/:id (E5, K4, K5)', () => {
  it('E5: an empty store lists []', async () => {
    expect(expectSuccess(await setup().handle())).toEqual([])
  })

  it('E5/K4: records newest first, masked only, with their derived status', async () => {
    const t = setup()
    const first = expectSuccess(await t.create({ name: 'first', expiresAt: '2026-01-15T12:00:30Z' }), 201)
    t.clock.advance(1000)
    const second = expectSuccess(await t.create({ name: 'second', sandbox: true }), 201)
    t.clock.advance(1000)
    const third = expectSuccess(await t.create({ name: 'third' }), 201)
    await t.handle({ method: 'POST', path: `/api-keys/${second.id}/revoke` })
    t.clock.advance(60_000)
    const result = await t.handle()
    const list = expectSuccess<any[]>(result)
    expect(list.map((r) => [r.name, r.status])).toEqual([
      ['third', 'active'],
      ['second', 'revoked'],
      ['first', 'expired'],
    ])
    for (const [record, created] of [
      [list[0], third],
      [list[1], second],
      [list[2], first],
    ]) {
      expect(record).not.toHaveProperty('key')
      expect(record.maskedKey).toBe(created.maskedKey)
      expect(result.response.body).not.toContain(created.key)
    }
  })

  it('E5: GET /api-keys/:id → 200 with the record (no key)', async () => {
    const t = setup()
    const { key, ...record } = expectSuccess(await t.create({ name: 'one', scopes: ['ip'] }), 201)
    const result = await t.handle({ path: `/api-keys/${record.id}` })
    expect(expectSuccess(result)).toEqual(record)
    expect(result.response.body).not.toContain(key)
  })

  for (const id of ['key_000000000000000000000000', 'key%5Fabc', 'a.b', 'x'.repeat(200)]) {
    it(`E5: GET /api-keys/${id.slice(0, 30)} (unknown) → 404 not_found`, async () => {
      expectError(await setup().handle({ path: `/api-keys/${id}` }), 404, 'not_found')
    })
  }

  it('E5: HEAD on a GET route → the same status and headers as GET, empty body', async () => {
    const t = setup()
    const { id } = expectSuccess(await t.create({ name: 'head' }), 201)
    for (const path of ['/api-keys', `/api-keys/${id}`, '/api-keys/usage', '/api-keys/key_unknown']) {
      const get = await t.handle({ path })
      const head = await t.handle({ method: 'HEAD', path })
      expect(head.response.status).toBe(get.response.status)
      expect(head.response.body).toBe('')
      const { 'X-Request-ID': headId, ...headHeaders } = head.response.headers
      const { 'X-Request-ID': _, ...getHeaders } = get.response.headers
      expect(headHeaders).toEqual(getHeaders)
      expect(headId).toBe(head.request.requestId)
    }
  })
})

describe('POST /api-keys/:id/revoke (E5, K6)', () => {
  it('E5/K6: 200 with the revoked record; the key stops authenticating', async () => {
    const t = setup()
    const { id, key } = expectSuccess(await t.create({ name: 'to revoke' }), 201)
    t.clock.advance(5000)
    const result = await t.handle({ method: 'POST', path: `/api-keys/${id}/revoke` })
    const record = expectSuccess(result)
    expect(record).toMatchObject({ id, status: 'revoked', revokedAt: '2026-01-15T12:00:05.000Z' })
    expect(record).not.toHaveProperty('key')
    expect(result.response.body).not.toContain(key)
    const decision = await t.authenticateKey(key)
    expect(decision.ok ? 'ok' : decision.error.code).toBe('API_KEY_REVOKED')
  })

  it('E5/K6: revoking again → 200 with the same record and the same revokedAt (idempotent)', async () => {
    const t = setup()
    const { id } = expectSuccess(await t.create({ name: 'twice' }), 201)
    const first = expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${id}/revoke` }))
    t.clock.advance(60_000)
    const second = expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${id}/revoke` }))
    expect(second).toEqual(first)
    expect(second.revokedAt).toBe('2026-01-15T12:00:00.000Z')
  })

  it('K6: an expired key can be revoked', async () => {
    const t = setup()
    const { id } = expectSuccess(await t.create({ name: 'expiring', expiresAt: '2026-01-15T12:01:00Z' }), 201)
    t.clock.advance(120_000)
    expect(expectSuccess(await t.handle({ path: `/api-keys/${id}` })).status).toBe('expired')
    expect(expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${id}/revoke` })).status).toBe('revoked')
  })

  it('E5: unknown id → 404 not_found', async () => {
    const t = setup()
    expectError(
      await t.handle({ method: 'POST', path: '/api-keys/key_000000000000000000000000/revoke' }),
      404,
      'not_found',
    )
    expectError(await t.handle({ method: 'POST', path: '/api-keys/%2e%2e/revoke' }), 404, 'not_found')
  })

  it('E5: no body is needed, and any body is ignored (no Content-Type check)', async () => {
    const t = setup()
    const { id } = expectSuccess(await t.create({ name: 'body' }), 201)
    expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${id}/revoke`, body: '' }))
    expectSuccess(
      await t.handle({
        method: 'POST',
        path: `/api-keys/${id}/revoke`,
        body: 'not json',
        headers: { authorization: AUTH, 'content-type': 'text/plain' },
      }),
    )
  })

  it('E5: an oversized body is refused on every route → 413', async () => {
    const t = setup()
    const { id } = expectSuccess(await t.create({ name: 'big' }), 201)
    expectError(
      await t.handle({ method: 'POST', path: `/api-keys/${id}/revoke`, bodyTooLarge: true }),
      413,
      'payload_too_large',
    )
    expect(expectSuccess(await t.handle({ path: `/api-keys/${id}` })).status).toBe('active')
  })
})

describe('GET /api-keys/usage (E5, L4a)', () => {
  async function withUsage() {
    const t = setup()
    const a = expectSuccess(await t.create({ name: 'a' }), 201)
    const b = expectSuccess(await t.create({ name: 'b', sandbox: true }), 201)
    const calls: [string, string, string, number][] = [
      [a.key, 'GET', '/api/v1/ip/lookup', 200],
      [b.key, 'GET', '/api/v1/email/validate', 200],
      [a.key, 'POST', '/api/v1/ip/lookup', 400],
    ]
    for (const [key, method, path, status] of calls) {
      t.clock.advance(1000)
      const decision = await t.authenticateKey(key)
      if (!decision.ok) throw new Error(show(decision.response))
      t.keyward.recordUsage(decision.apiKey, { method, path, status, ip: '198.51.100.4' })
    }
    return { t, a, b }
  }

  it("E5/O9/B8: every key's entries, newest first, each { keyId, ownerId, requestId, timestamp, method, path, status, code, ip, country }", async () => {
    const { t, a, b } = await withUsage()
    const entries = expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage' }))
    expect(entries.map((e) => [e.keyId, e.method, e.path, e.status, e.timestamp])).toEqual([
      [a.id, 'POST', '/api/v1/ip/lookup', 400, '2026-01-15T12:00:03.000Z'],
      [b.id, 'GET', '/api/v1/email/validate', 200, '2026-01-15T12:00:02.000Z'],
      [a.id, 'GET', '/api/v1/ip/lookup', 200, '2026-01-15T12:00:01.000Z'],
    ])
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual([
        'code',
        'country',
        'ip',
        'keyId',
        'method',
        'ownerId',
        'path',
        'requestId',
        'status',
        'timestamp',
      ])
      expect(entry).toMatchObject({ ip: '198.51.100.4', country: null, ownerId: null, code: null })
      expect(entry.requestId).toMatch(/^req_/)
    }
  })

  it('B8: a request refused for a known key (here, revoked) is listed with its status and code, newest first', async () => {
    const { t, a } = await withUsage()
    await t.handle({ method: 'POST', path: `/api-keys/${a.id}/revoke` })
    t.clock.advance(1000)
    const refused = await t.authenticate({ headers: { authorization: `Bearer ${a.key}` }, path: '/api/v1/ip/lookup' })
    expect(refused.ok ? 200 : refused.response.status).toBe(401)
    const entries = expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: `keyId=${a.id}` }))
    expect(entries.map((e) => [e.path, e.status, e.code, e.requestId])).toEqual([
      ['/api/v1/ip/lookup', 401, 'API_KEY_REVOKED', refused.requestId],
      ['/api/v1/ip/lookup', 400, null, expect.stringMatching(/^req_/)],
      ['/api/v1/ip/lookup', 200, null, expect.stringMatching(/^req_/)],
    ])
  })

  it('E5: keyId filters to one key; limit caps the count', async () => {
    const { t, a } = await withUsage()
    const mine = expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: `keyId=${a.id}` }))
    expect(mine.map((e) => e.status)).toEqual([400, 200])
    expect(mine.every((e) => e.keyId === a.id)).toBe(true)
    const one = expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: `keyId=${a.id}&limit=1` }))
    expect(one.map((e) => e.status)).toEqual([400])
    expect(expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: 'limit=2' }))).toHaveLength(2)
  })

  it("E5: a known key with no usage → []; a revoked key's usage is still listed", async () => {
    const { t, a } = await withUsage()
    const quiet = expectSuccess(await t.create({ name: 'quiet' }), 201)
    expect(expectSuccess(await t.handle({ path: '/api-keys/usage', query: `keyId=${quiet.id}` }))).toEqual([])
    await t.handle({ method: 'POST', path: `/api-keys/${a.id}/revoke` })
    expect(expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: `keyId=${a.id}` }))).toHaveLength(2)
  })

  it('E5: unknown keyId → 404 not_found', async () => {
    const t = setup()
    expectError(
      await t.handle({ path: '/api-keys/usage', query: 'keyId=key_000000000000000000000000' }),
      404,
      'not_found',
    )
    expectError(await t.handle({ path: '/api-keys/usage', query: 'keyId=%00%2F' }), 404, 'not_found')
  })

  it('E5: limit defaults to 100; an empty keyId or limit counts as absent', async () => {
    const t = setup()
    const { key } = expectSuccess(await t.create({ name: 'busy' }), 201)
    for (let i = 0; i < 105; i++) {
      const decision = await t.authenticateKey(key)
      if (!decision.ok) throw new Error(show(decision.response))
      t.keyward.recordUsage(decision.apiKey, { method: 'GET', path: `/api/v1/n/${i}`, status: 200 })
      t.clock.advance(10)
    }
    expect(expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage' }))).toHaveLength(100)
    expect(expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: 'keyId=&limit=' }))).toHaveLength(100)
    const all = expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: 'limit=1000' }))
    expect(all).toHaveLength(105)
    expect(all[0].path).toBe('/api/v1/n/104')
  })

  for (const limit of ['0', '1001', '-1', '1.5', 'abc', ' 5', '1e2', '99999999999']) {
    it(`E5: limit=${JSON.stringify(limit)} → 400 naming limit`, async () => {
      const query = `limit=${encodeURIComponent(limit)}`
      expect(expectError(await setup().handle({ path: '/api-keys/usage', query }), 400, 'invalid_request')).toContain(
        'limit',
      )
    })
  }

  it('E5: limit or keyId given twice → 400 naming it', async () => {
    const t = setup()
    expect(
      expectError(await t.handle({ path: '/api-keys/usage', query: 'limit=1&limit=2' }), 400, 'invalid_request'),
    ).toContain('limit')
    expect(
      expectError(await t.handle({ path: '/api-keys/usage', query: 'keyId=a&keyId=b' }), 400, 'invalid_request'),
    ).toContain('keyId')
  })
})

describe('store faults (E5, R5)', () => {
  function faulty(patch: (stores: KeywardStores) => void, storeTimeoutMs?: number) {
    const stores = createMemoryStores()
    patch(stores)
    const onError = vi.fn()
    const t = setup({ keyward: { stores, ...(storeTimeoutMs ? { storeTimeoutMs } : {}) }, dashboard: { onError } })
    return { t, onError }
  }
  const fault = new Error('ECONNRESET secret-store-detail')

  const cases: [string, (s: KeywardStores) => void, Partial<DashboardRequest>, 'manage' | 'usage'][] = [
    [
      'list',
      (s) => {
        s.keys.list = () => {
          throw fault
        }
      },
      { path: '/api-keys' },
      'manage',
    ],
    [
      'get',
      (s) => {
        s.keys.get = () => Promise.reject(fault)
      },
      { path: '/api-keys/key_abc' },
      'manage',
    ],
    [
      'revoke',
      (s) => {
        s.keys.revoke = () => {
          throw fault
        }
      },
      { method: 'POST', path: '/api-keys/key_abc/revoke' },
      'manage',
    ],
    [
      'usage',
      (s) => {
        s.usage.query = () => Promise.reject(fault)
      },
      { path: '/api-keys/usage' },
      'usage',
    ],
    [
      'usage keyId lookup',
      (s) => {
        s.keys.get = () => {
          throw fault
        }
      },
      { path: '/api-keys/usage', query: 'keyId=key_abc' },
      'usage',
    ],
  ]
  for (const [what, patch, partial, phase] of cases) {
    it(`R5: a store fault in ${what} → 500 INTERNAL_ERROR quoting the request id, reported to onError`, async () => {
      const { t, onError } = faulty(patch)
      const result = await t.handle(partial)
      const message = expectError(result, 500, 'INTERNAL_ERROR')
      expect(message).toContain(result.request.requestId)
      expect(message).not.toContain('secret-store-detail')
      expect(onError).toHaveBeenCalledWith(fault, { requestId: result.request.requestId, phase })
    })
  }

  it('R5/K3: a store fault while creating → 500, and the key generated for it is in no message', async () => {
    let hash = ''
    const { t, onError } = faulty((s) => {
      s.keys.insert = (stored) => {
        hash = stored.hash
        throw fault
      }
    })
    const result = await t.create({ name: 'lost' })
    const message = expectError(result, 500, 'INTERNAL_ERROR')
    expect(message).toContain(result.request.requestId)
    expect(result.response.body).not.toMatch(/svc_(live|test)_[0-9A-Za-z]{4}/)
    expect(result.response.body).not.toContain(hash)
    expect(onError).toHaveBeenCalledOnce()
  })

  it('R5: a store that never answers → 500 after storeTimeoutMs, never a hang', async () => {
    const { t } = faulty((s) => {
      s.keys.list = () => new Promise(() => {})
    }, 20)
    expectError(await t.handle(), 500, 'INTERNAL_ERROR')
  })
})

describe('every response is an R1 envelope with the request id (R1, R2)', () => {
  it('R1/R2: success and error responses alike carry JSON content type and X-Request-ID', async () => {
    const t = setup()
    const requests: Partial<DashboardRequest>[] = [
      {},
      { headers: {} },
      { path: '/x' },
      { method: 'PUT' },
      { method: 'POST', body: '{', headers: { authorization: AUTH, 'content-type': 'application/json' } },
      { path: '/api-keys/usage', query: 'limit=x' },
    ]
    for (const partial of requests) {
      const { request, response } = await t.handle(partial)
      expectCommonHeaders(request, response)
      const body = JSON.parse(response.body)
      expect('data' in body || 'error' in body, show(response)).toBe(true)
    }
  })
})
