import { describe, expect, it } from 'vitest'
import { isWellFormedKey } from '../../src/core/key-format.js'
import { AUTH, expectError, expectSuccess, setup, show } from './support.js'

const RECORD_FIELDS = [
  'allowedIps',
  'roles',
  'credits',
  'createdAt',
  'enabled',
  'expiresAt',
  'id',
  'keyType',
  'lastUsedAt',
  'limits',
  'maskedKey',
  'meta',
  'name',
  'ownerId',
  'revokedAt',
  'scopes',
  'status',
].sort()

describe('POST /api-keys: creating a key (E5, K1, K3, K5)', () => {
  it('E5/K5: 201 with the full record and the full key, Cache-Control: no-store', async () => {
    const t = setup()
    const result = await t.create({ name: '  CI deploy  ' })
    const data = expectSuccess(result, 201)
    expect(Object.keys(data).sort()).toEqual([...RECORD_FIELDS, 'key'].sort())
    expect(result.response.headers['Cache-Control']).toBe('no-store')
    expect(data).toMatchObject({
      name: 'CI deploy',
      keyType: 'live',
      status: 'active',
      createdAt: '2026-01-15T12:00:00.000Z',
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      scopes: [],
      limits: null,
      ownerId: null,
      meta: null,
      enabled: true,
      allowedIps: null,
      roles: null,
      credits: null,
    })
    expect(data.id).toMatch(/^key_[0-9A-Za-z]{24}$/)
    expect(data.key.startsWith('svc_live_')).toBe(true)
    expect(isWellFormedKey(data.key)).toBe(true)
    expect(data.maskedKey).toBe(`svc_live_****${data.key.slice(-4)}`)
  })

  it('E5/K1: the created key authenticates at once', async () => {
    const t = setup()
    const data = expectSuccess(await t.create({ name: 'works' }), 201)
    const decision = await t.authenticateKey(data.key)
    expect(decision.ok && decision.apiKey.id).toBe(data.id)
  })

  it('E5: sandbox true makes a test key (svc_test_), sandbox false a live key', async () => {
    const t = setup()
    const test = expectSuccess(await t.create({ name: 'sandbox', sandbox: true }), 201)
    expect(test.keyType).toBe('test')
    expect(test.key.startsWith('svc_test_')).toBe(true)
    const live = expectSuccess(await t.create({ name: 'live', sandbox: false }), 201)
    expect(live.keyType).toBe('live')
  })

  it('E5: expiresAt (any zone), scopes and limits are stored as given; null means none', async () => {
    const t = setup()
    const data = expectSuccess(
      await t.create({
        name: 'full',
        expiresAt: '2026-02-01T01:00:00+01:00',
        scopes: ['ip', 'email', 'billing:read'],
        limits: { perMinute: 5, perMonth: 100 },
      }),
      201,
    )
    expect(data).toMatchObject({
      expiresAt: '2026-02-01T00:00:00.000Z',
      scopes: ['ip', 'email', 'billing:read'],
      limits: { perMinute: 5, perMonth: 100 },
    })
    const nulls = expectSuccess(await t.create({ name: 'nulls', expiresAt: null, limits: null }), 201)
    expect(nulls).toMatchObject({ expiresAt: null, scopes: [], limits: null })
    const empty = expectSuccess(await t.create({ name: 'no scopes', scopes: [] }), 201)
    expect(empty.scopes).toEqual([])
  })

  it('E5: name of exactly 100 code points (astral characters count once) is accepted', async () => {
    const t = setup()
    const name = '😀'.repeat(100)
    expect(expectSuccess(await t.create({ name }), 201).name).toBe(name)
  })

  it('E5: Content-Type application/json is matched case-insensitively, with a utf-8 charset', async () => {
    const t = setup()
    for (const type of ['application/json', 'Application/JSON; charset=UTF-8', 'application/json;charset="utf-8"']) {
      expectSuccess(await t.create({ name: type }, { 'content-type': type }), 201)
    }
  })
})

describe('POST /api-keys: 400 invalid_request naming the field (E5, R3)', () => {
  const cases: [string, unknown, string][] = [
    ['no name', {}, 'name'],
    ['name not a string', { name: 42 }, 'name'],
    ['name null', { name: null }, 'name'],
    ['name only spaces', { name: '   ' }, 'name'],
    ['name of 101 code points', { name: 'a'.repeat(101) }, 'name'],
    ['sandbox a string', { name: 'x', sandbox: 'true' }, 'sandbox'],
    ['sandbox a number', { name: 'x', sandbox: 1 }, 'sandbox'],
    ['expiresAt a number (epoch ms)', { name: 'x', expiresAt: 1_900_000_000_000 }, 'expiresAt'],
    ['expiresAt an object', { name: 'x', expiresAt: { at: 1 } }, 'expiresAt'],
    ['expiresAt a boolean', { name: 'x', expiresAt: true }, 'expiresAt'],
    ['expiresAt in the past', { name: 'x', expiresAt: '2026-01-15T11:59:59Z' }, 'expiresAt'],
    ['expiresAt exactly now', { name: 'x', expiresAt: '2026-01-15T12:00:00.000Z' }, 'expiresAt'],
    ['expiresAt without a zone', { name: 'x', expiresAt: '2027-01-01T00:00:00' }, 'expiresAt'],
    ['expiresAt a date only', { name: 'x', expiresAt: '2027-01-01' }, 'expiresAt'],
    ['expiresAt not a date', { name: 'x', expiresAt: 'tomorrow' }, 'expiresAt'],
    ['scopes a string', { name: 'x', scopes: 'ip' }, 'scopes'],
    ['scopes an object', { name: 'x', scopes: { ip: true } }, 'scopes'],
    ['scopes with 51 entries', { name: 'x', scopes: Array.from({ length: 51 }, (_, i) => `s${i}`) }, 'scopes'],
    ['scopes with a duplicate', { name: 'x', scopes: ['ip', 'ip'] }, 'scopes'],
    ['scopes with an upper-case scope', { name: 'x', scopes: ['IP'] }, 'scopes'],
    ['scopes with a scope starting with a digit', { name: 'x', scopes: ['1ip'] }, 'scopes'],
    ['scopes with a 65-character scope', { name: 'x', scopes: ['a'.repeat(65)] }, 'scopes'],
    ['scopes with a number', { name: 'x', scopes: [1] }, 'scopes'],
    ['limits an array', { name: 'x', limits: [1] }, 'limits'],
    ['limits a number', { name: 'x', limits: 10 }, 'limits'],
    ['limits.perMinute zero', { name: 'x', limits: { perMinute: 0 } }, 'limits.perMinute'],
    ['limits.perMinute negative', { name: 'x', limits: { perMinute: -5 } }, 'limits.perMinute'],
    ['limits.perMinute fractional', { name: 'x', limits: { perMinute: 1.5 } }, 'limits.perMinute'],
    ['limits.perMinute a string', { name: 'x', limits: { perMinute: '10' } }, 'limits.perMinute'],
    ['limits.perMonth null', { name: 'x', limits: { perMonth: null } }, 'limits.perMonth'],
    ['limits.perMonth zero', { name: 'x', limits: { perMonth: 0 } }, 'limits.perMonth'],
    ['unknown top-level field', { name: 'x', color: 'red' }, 'color'],
    ['keyType (not part of the HTTP body)', { name: 'x', keyType: 'test' }, 'keyType'],
    ['a client-chosen key', { name: 'x', key: 'svc_live_x' }, 'key'],
    ['a client-chosen id', { name: 'x', id: 'key_x' }, 'id'],
    ['unknown field inside limits', { name: 'x', limits: { perHour: 5 } }, 'limits.perHour'],
  ]
  for (const [what, body, field] of cases) {
    it(`E5: ${what} → 400 naming ${field}`, async () => {
      const t = setup()
      const message = expectError(await t.create(body), 400, 'invalid_request')
      expect(message, message).toContain(field)
      expectSuccess<unknown[]>(await t.handle()).forEach(() => {
        expect.unreachable('no key may be created')
      })
    })
  }

  const bodies: [string, string | null, string][] = [
    ['malformed JSON', '{"name": "x",', 'JSON'],
    ['single-quoted JSON', "{'name': 'x'}", 'JSON'],
    ['a JSON array', '[{"name":"x"}]', 'object'],
    ['a JSON string', '"x"', 'object'],
    ['JSON null', 'null', 'object'],
    ['a JSON number', '42', 'object'],
    ['an empty body', '', 'body'],
    ['a whitespace body', '  \n', 'body'],
    ['no body', null, 'body'],
  ]
  for (const [what, body, mention] of bodies) {
    it(`E5: ${what} → 400 invalid_request`, async () => {
      const t = setup()
      const result = await t.handle({
        method: 'POST',
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        body,
      })
      expect(expectError(result, 400, 'invalid_request')).toContain(mention)
    })
  }

  const types: [string, string | string[] | undefined][] = [
    ['no Content-Type', undefined],
    ['text/plain', 'text/plain'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['application/jsonp', 'application/jsonp'],
    ['a non-UTF-8 charset', 'application/json; charset=latin1'],
    ['two Content-Type values', ['application/json', 'text/plain']],
  ]
  for (const [what, type] of types) {
    it(`E5: ${what} → 400 naming Content-Type`, async () => {
      const t = setup()
      const result = await t.create({ name: 'x' }, { 'content-type': type })
      expect(expectError(result, 400, 'invalid_request')).toContain('Content-Type')
    })
  }

  it('E5: a field name that is not a short identifier (a pasted key) is refused without being echoed (K3)', async () => {
    const t = setup()
    const created = expectSuccess(await t.create({ name: 'source' }), 201)
    const message = expectError(await t.create({ name: 'x', [created.key]: true }), 400, 'invalid_request')
    expect(message).not.toContain(created.key)
    const nested = expectError(await t.create({ name: 'x', limits: { [created.key]: 1 } }), 400, 'invalid_request')
    expect(nested).not.toContain(created.key)
    const dotted = expectError(await t.create({ name: 'x', [`${created.key}.a`]: 1 }), 400, 'invalid_request')
    expect(dotted).not.toContain(created.key)
    expect(dotted).toContain('not allowed')
  })

  it('E5: a malformed JSON message never quotes the body (K3)', async () => {
    const t = setup()
    const created = expectSuccess(await t.create({ name: 'source' }), 201)
    const message = expectError(await t.create(`{"name": ${created.key}}`), 400, 'invalid_request')
    expect(message).not.toContain(created.key)
  })
})

describe('POST /api-keys: prototype pollution (E5)', () => {
  const attempts: [string, string, string][] = [
    ['__proto__ at the top level', '{"name":"x","__proto__":{"polluted":true}}', '__proto__'],
    ['__proto__ inside limits', '{"name":"x","limits":{"__proto__":{"polluted":true}}}', 'limits.__proto__'],
    ['constructor.prototype', '{"name":"x","constructor":{"prototype":{"polluted":true}}}', 'constructor'],
    ['__proto__ carrying a field', '{"__proto__":{"name":"x","sandbox":true}}', '__proto__'],
  ]
  for (const [what, body, field] of attempts) {
    it(`E5: ${what} → 400 naming ${field}, nothing polluted, no key created`, async () => {
      const t = setup()
      const message = expectError(await t.create(body), 400, 'invalid_request')
      expect(message).toContain(field)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.prototype).not.toHaveProperty('polluted')
      expect(expectSuccess<unknown[]>(await t.handle())).toEqual([])
    })
  }
})

describe('POST /api-keys: body size (E5, R3)', () => {
  it('E5: bodyTooLarge from the adapter → 413 payload_too_large', async () => {
    const t = setup()
    const result = await t.handle({
      method: 'POST',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: '{"name":"x"',
      bodyTooLarge: true,
    })
    expect(expectError(result, 413, 'payload_too_large')).toContain('16384')
  })

  it('E5: a body of 16,384 bytes is accepted; 16,385 bytes → 413', async () => {
    const t = setup()
    const json = '{"name":"x"}'
    const exact = json + ' '.repeat(16 * 1024 - json.length)
    expect(Buffer.byteLength(exact)).toBe(16_384)
    expectSuccess(await t.create(exact), 201)
    expectError(await t.create(`${exact} `), 413, 'payload_too_large')
  })

  it('E5: the limit counts UTF-8 bytes, not characters', async () => {
    const t = setup()
    const body = JSON.stringify({ name: 'x', pad: '€'.repeat(6000) }) // 6,000 characters, 18,000 bytes
    expect(body.length).toBeLessThan(16_384)
    expectError(await t.create(body), 413, 'payload_too_large')
  })

  it('E5: the dashboard tells adapters the largest body to read (16 KiB)', () => {
    expect(setup().dashboard.maxBodyBytes).toBe(16_384)
  })
})

describe('the full key is shown once (E5, K3)', () => {
  it('K3: list, get, revoke and usage bodies never hold the full key; only the 201 does', async () => {
    const t = setup()
    const created = await t.create({ name: 'secret' })
    const { key, id } = expectSuccess(created, 201)
    expect(created.response.body).toContain(key)
    const decision = await t.authenticateKey(key)
    if (!decision.ok) throw new Error(show(decision.response))
    t.keyward.recordUsage(decision.apiKey, { method: 'GET', path: '/api/v1/ip/lookup', status: 200, ip: '203.0.113.9' })
    const bodies = await Promise.all([
      t.handle({ path: '/api-keys' }),
      t.handle({ path: `/api-keys/${id}` }),
      t.handle({ path: '/api-keys/usage' }),
      t.handle({ path: '/api-keys/usage', query: `keyId=${id}` }),
      t.handle({ method: 'POST', path: `/api-keys/${id}/revoke` }),
    ])
    for (const { response } of bodies) {
      expect(response.status, show(response)).toBe(200)
      expect(response.body).not.toContain(key)
      expect(response.body).not.toContain(key.slice(9, 41)) // not even the random part
      expect(response.body).not.toContain('"key"')
    }
  })
})
