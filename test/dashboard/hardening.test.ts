/**
 * Hardening of the dashboard routes (E5), in process through `dashboard.handle()`: the brute-force
 * limit on refused requests (as E7 for API keys), create bodies that repeat a field, and key
 * names that are control characters or keys. The same behaviour over real HTTP on every
 * framework is in test/dashboard/http.test.ts.
 */
import { describe, expect, it, vi } from 'vitest'
import { createDashboard, findDuplicateJsonField } from '../../src/dashboard/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createTestKeyward } from '../../src/testing.js'
import type { KeywardStores, RateLimiter } from '../../src/core/types.js'
import { TOKEN, dashboardRequest, expectError, expectSuccess, setup, show } from './support.js'

const WRONG = { authorization: `Bearer ${TOKEN}-wrong` }
const BLOCKED_PREFIX = 'Too many failed dashboard authorization attempts from this address'

/** E7-style answer: 429 rate_limited, Retry-After in whole seconds, no challenge; returns Retry-After. */
function expectBlocked(result: Awaited<ReturnType<ReturnType<typeof setup>['handle']>>): number {
  const message = expectError(result, 429, 'rate_limited')
  expect(message.startsWith(BLOCKED_PREFIX), message).toBe(true)
  const retryAfter = Number(result.response.headers['Retry-After'])
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 61, show(result.response)).toBe(true)
  expect(message).toContain(`${retryAfter} s`)
  expect(result.response.headers['WWW-Authenticate']).toBeUndefined()
  expect(result.response.headers['Cache-Control']).toBe('no-store')
  return retryAfter
}

describe('dashboard brute-force limit (E5, E7)', () => {
  it('E5/E7: after 10 refused requests from one address in a minute (the default), its next request gets 429 rate_limited with Retry-After — the right token included', async () => {
    const t = setup()
    for (let i = 0; i < 10; i++) expectError(await t.handle({ headers: WRONG }), 401, 'UNAUTHORIZED')
    expectBlocked(await t.handle())
    expectBlocked(await t.create({ name: 'x' }))
    expectBlocked(await t.handle({ path: '/no/such/path' }))
    expectBlocked(await t.handle({ headers: WRONG }))
    expect(await t.keyward.stores.keys.list({ limit: 100, now: Date.now() })).toEqual({ keys: [], more: false })
    // Another address is not affected.
    expectSuccess(await t.handle({ ip: '198.51.100.20' }))
  })

  it('E5/E7: the limit is failedAuthLimit; the refused request beyond it is answered 429, not 401', async () => {
    const t = setup({ dashboard: { failedAuthLimit: 3 } })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await t.handle({ headers: WRONG })).response.status)
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })

  it('E5/E7: HEAD from a blocked address gets the 429 headers (Retry-After, X-Request-ID) and no body', async () => {
    const t = setup({ dashboard: { failedAuthLimit: 2 } })
    for (let i = 0; i < 2; i++) await t.handle({ headers: WRONG })
    const { request, response } = await t.handle({ method: 'HEAD' })
    expect(response.status, show(response)).toBe(429)
    expect(response.headers['Retry-After']).toMatch(/^\d+$/)
    expect(response.headers['X-Request-ID']).toBe(request.requestId)
    expect(response.body).toBe('')
  })

  it('E5/E7: Retry-After is honest — one second before it the address is still blocked, at it the right token gets 200', async () => {
    const t = setup({ dashboard: { failedAuthLimit: 2 } })
    for (let i = 0; i < 2; i++) await t.handle({ headers: WRONG })
    const retryAfter = expectBlocked(await t.handle())
    t.clock.advance((retryAfter - 1) * 1000)
    expectBlocked(await t.handle())
    t.clock.advance(1000)
    expectSuccess(await t.handle())
  })

  it('E5/E7: only refusals from the address count — after 20 admitted requests, 9 refusals and 20 refusals from other addresses it is still admitted; its 10th refusal blocks it', async () => {
    const t = setup()
    for (let i = 0; i < 20; i++) expectSuccess(await t.handle())
    for (let i = 0; i < 9; i++) expectError(await t.handle({ headers: WRONG }), 401, 'UNAUTHORIZED')
    for (let i = 0; i < 20; i++)
      expectError(await t.handle({ headers: WRONG, ip: `198.51.100.${i}` }), 401, 'UNAUTHORIZED')
    expectSuccess(await t.handle())
    expectError(await t.handle({ headers: WRONG }), 401, 'UNAUTHORIZED')
    expectBlocked(await t.handle())
  })

  it('E5/E7: requests with no known address are never counted — 30 refusals with ip null stay 401, while 2 with an address block it', async () => {
    const t = setup({ dashboard: { failedAuthLimit: 2 } })
    for (let i = 0; i < 30; i++) expectError(await t.handle({ headers: WRONG, ip: null }), 401, 'UNAUTHORIZED')
    expectSuccess(await t.handle({ ip: null }))
    for (let i = 0; i < 2; i++) expectError(await t.handle({ headers: WRONG }), 401, 'UNAUTHORIZED')
    expectBlocked(await t.handle())
  })

  it('E5/E7: failedAuthLimit 0 turns the limit off — 300 refusals from one address stay 401 and the right token then gets 200, where the default blocks after 10', async () => {
    const off = setup({ dashboard: { failedAuthLimit: 0 } })
    for (let i = 0; i < 300; i++) expect((await off.handle({ headers: WRONG })).response.status).toBe(401)
    expectSuccess(await off.handle())
    const on = setup()
    for (let i = 0; i < 10; i++) await on.handle({ headers: WRONG })
    expectBlocked(await on.handle())
  })

  it('E5/E7: the dashboard and API-key guards count apart — an address blocked on the dashboard still authenticates with a key, and API-key 401s do not block the dashboard', async () => {
    const t = setup({ keyward: { failedAuthLimit: 3 }, dashboard: { failedAuthLimit: 3 } })
    const { key } = await t.issueLiveKey()
    for (let i = 0; i < 3; i++) await t.handle({ headers: WRONG })
    expectBlocked(await t.handle())
    const decision = await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '203.0.113.7' })
    expect(decision.ok, decision.ok ? '' : show(decision.response)).toBe(true)
    for (let i = 0; i < 3; i++)
      await t.authenticate({ headers: { authorization: `Bearer ${generateKey('live')}` }, ip: '198.51.100.99' })
    const blockedForKeys = await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '198.51.100.99' })
    expect(blockedForKeys.ok ? 200 : blockedForKeys.response.status).toBe(429)
    expectSuccess(await t.handle({ ip: '198.51.100.99' }))
  })

  it("E5/E7: the count lives in the instance's RateLimiter, so two dashboards on one store share it", async () => {
    const t = setup({ dashboard: { failedAuthLimit: 3 } })
    const other = createDashboard(t.keyward, { authorize: () => false, failedAuthLimit: 3 })
    for (let i = 0; i < 3; i++) await other.handle(dashboardRequest({ headers: WRONG }))
    // This dashboard has seen no failure yet: its next one is beyond the shared count.
    expectBlocked(await t.handle({ headers: WRONG }))
    expectBlocked(await t.handle())
  })

  it('E5/R5: a limiter that throws while counting leaves the 401 and is reported to onError (phase guard)', async () => {
    const memory = createMemoryStores()
    const boom = new Error('limiter down')
    // The dashboard counts an attempt with reserve() (A10): both ways of counting fail.
    const limiter: RateLimiter = {
      ...memory.limiter,
      consume: () => {
        throw boom
      },
      reserve: () => {
        throw boom
      },
    }
    const stores: KeywardStores = { ...memory, limiter }
    const onError = vi.fn()
    const t = setup({ keyward: { stores }, dashboard: { failedAuthLimit: 1, onError } })
    for (let i = 0; i < 3; i++) expectError(await t.handle({ headers: WRONG }), 401, 'UNAUTHORIZED')
    expect(onError).toHaveBeenCalledWith(boom, { requestId: '', phase: 'guard' })
    expectSuccess(await t.handle())
  })

  it('E5/R5: a limiter that never answers does not hold the 401 past the store bound', async () => {
    const memory = createMemoryStores()
    const never = () => new Promise<never>(() => undefined)
    const stores: KeywardStores = {
      ...memory,
      timeoutMs: 50,
      limiter: { ...memory.limiter, consume: never, reserve: never },
    }
    const onError = vi.fn()
    const t = setup({ keyward: { stores }, dashboard: { failedAuthLimit: 1, onError } })
    const started = performance.now()
    expectError(await t.handle({ headers: WRONG }), 401, 'UNAUTHORIZED')
    expect(performance.now() - started).toBeLessThan(1000)
    expect(onError.mock.calls[0]?.[1]).toEqual({ requestId: '', phase: 'guard' })
  })

  const badLimits: [string, unknown][] = [
    ['-1', -1],
    ['1.5', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['the string "10"', '10'],
    ['null', null],
  ]
  for (const [what, value] of badLimits) {
    it(`E5: createDashboard() with failedAuthLimit ${what} throws a TypeError naming the option`, () => {
      const { keyward } = createTestKeyward()
      expect(() => createDashboard(keyward, { authorize: () => true, failedAuthLimit: value as number })).toThrow(
        expect.objectContaining({ name: 'TypeError', message: expect.stringContaining('"failedAuthLimit"') }),
      )
    })
  }
})

describe('create bodies that repeat a field → 400 invalid_request (E5)', () => {
  const bodies: [string, string, string | null][] = [
    [
      'scopes given twice (the last, *, would mean every scope)',
      '{"name":"x","scopes":["ip"],"scopes":["*"]}',
      'scopes',
    ],
    ['name given twice', '{"name":"a","name":"b"}', 'name'],
    ['the same name written with an escape', '{"name":"a","\\u006eame":"b"}', 'name'],
    ['a field repeated inside limits', '{"name":"x","limits":{"perMinute":1,"perMinute":100000}}', 'limits.perMinute'],
    ['sandbox given twice', '{"sandbox":true,"name":"x","sandbox":false}', 'sandbox'],
    ['__proto__ given twice', '{"name":"x","__proto__":1,"__proto__":2}', '__proto__'],
  ]
  for (const [what, body, field] of bodies) {
    it(`E5: ${what} → 400 invalid_request naming ${field}; no key is created`, async () => {
      const t = setup()
      const message = expectError(await t.create(body), 400, 'invalid_request')
      expect(message.startsWith(`${field} is given more than once`), message).toBe(true)
      expect(expectSuccess<unknown[]>(await t.handle())).toEqual([])
    })
  }

  it('E5/K3: a repeated field name that is a key is refused without being echoed', async () => {
    const t = setup()
    const key = generateKey('live')
    const message = expectError(await t.create(`{"name":"x","${key}":1,"${key}":2}`), 400, 'invalid_request')
    expect(message).not.toContain(key)
    expect(message.startsWith('body holds a field more than once'), message).toBe(true)
  })

  it('E5: braces, quotes and field names inside string values are not fields — such a body creates its key, and the same body with name repeated does not', async () => {
    const t = setup()
    const name = 'say "name": {"name":1}, [x]\\'
    const body = JSON.stringify({ name, scopes: ['name', 'scopes'] })
    const data = expectSuccess(await t.create(body), 201)
    expect(data.name).toBe(name)
    const repeated = expectError(await t.create(`${body.slice(0, -1)},"name":"again"}`), 400, 'invalid_request')
    expect(repeated.startsWith('name is given more than once'), repeated).toBe(true)
  })

  it('E5: the scanner finds repeats at any depth and only within one object', () => {
    expect(findDuplicateJsonField('{"a":{"b":1,"b":2}}')).toEqual({ field: 'a.b' })
    expect(findDuplicateJsonField('{"a":[{"b":1},{"b":2}]}')).toBeNull()
    expect(findDuplicateJsonField('{"a":[{"b":1,"b":2}]}')).toEqual({ field: null })
    expect(findDuplicateJsonField('{"a":{"a":{"a":1}},"b":[["a","a"]]}')).toBeNull()
    expect(findDuplicateJsonField('{"a":{"x":1},"b":{"x":1},"c":"a"}')).toBeNull()
    expect(findDuplicateJsonField('{"a\\"":1,"a\\u0022":2}')).toEqual({ field: null })
    expect(findDuplicateJsonField(' { "a" : 1 , "b" : { } , "a" : 2 } ')).toEqual({ field: 'a' })
    expect(findDuplicateJsonField('[1,"a",{"k":"v"}]')).toBeNull()
  })
})

describe('key names over the dashboard → 400 invalid_request naming name (E5, K3)', () => {
  const names: [string, string][] = [
    ['a control character (U+0007)', 'bell\u0007'],
    ['an escape sequence (U+001B)', '\u001b[2Jwipe'],
    ['DEL (U+007F)', 'a\u007f'],
    ['a C1 control (U+009B)', 'a\u009b31m'],
    ['a lone surrogate', 'a\ud800b'],
    ['a whole key', generateKey('live')],
    ['a key inside the name', `old ${generateKey('test')} key`],
    ['the start of a key (svc_live_ and a letter)', 'svc_live_deploy'],
  ]
  for (const [what, name] of names) {
    it(`E5/K3: a name with ${what} → 400 invalid_request beginning "name"; no key is created and the name is not echoed`, async () => {
      const t = setup()
      const result = await t.create(JSON.stringify({ name }))
      const message = expectError(result, 400, 'invalid_request')
      expect(message).toMatch(/^name must /)
      expect(result.response.body).not.toContain(JSON.stringify(name).slice(1, -1))
      expect(expectSuccess<unknown[]>(await t.handle())).toEqual([])
    })
  }

  it('E5: a lone surrogate written as a JSON escape (\\ud800) is refused as well', async () => {
    const t = setup()
    const message = expectError(await t.create('{"name":"a\\ud800"}'), 400, 'invalid_request')
    expect(message).toMatch(/^name must be valid Unicode text/)
  })
})
