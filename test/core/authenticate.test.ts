import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createKeyward, type AuthDecision, type AuthFailure } from '../../src/keyward.js'
import { generateKey, hashKey, maskKey } from '../../src/core/key-format.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { messagePrefixes } from '../../src/core/messages.js'
import { createTestKeyward } from '../../src/testing.js'
import type { KeywardStores } from '../../src/core/types.js'

const P = messagePrefixes({ keyPrefix: 'svc', serviceName: 'Svc' })
const REQUEST_ID = /^req_[A-Za-z0-9_-]{24,}$/

function failed(decision: AuthDecision): AuthFailure {
  if (decision.ok) throw new Error(`expected a failure, got success for key ${decision.apiKey.id}`)
  return decision
}

function body(decision: AuthFailure): { error: { code: string; message: string } } {
  return JSON.parse(decision.response.body)
}

/** Asserts status, code, message prefix (character for character) and the challenge. */
function expectError(decision: AuthDecision, status: number, code: string, prefix: string, challenge?: string) {
  const f = failed(decision)
  const b = body(f)
  expect({ status: f.response.status, code: b.error.code }).toEqual({ status, code })
  expect(
    b.error.message.startsWith(prefix),
    `message ${JSON.stringify(b.error.message)} should start with ${JSON.stringify(prefix)}`,
  ).toBe(true)
  expect(f.error).toEqual(b.error)
  expect(f.response.headers['Content-Type']).toBe('application/json; charset=utf-8')
  expect(f.response.headers['X-Request-ID']).toMatch(REQUEST_ID)
  if (challenge !== undefined) expect(f.response.headers['WWW-Authenticate']).toBe(challenge)
  return b.error.message
}

const REALM = 'Bearer realm="Svc"'
const INVALID_REQUEST = `${REALM}, error="invalid_request"`
const INVALID_TOKEN = `${REALM}, error="invalid_token"`

describe('authenticate(): credential errors (H2–H12, R1, R2)', () => {
  it('H2/H11: no credentials → 401 UNAUTHORIZED "Missing Authorization header", challenge without error', async () => {
    const t = createTestKeyward()
    expectError(await t.authenticate({}), 401, 'UNAUTHORIZED', P.missingAuthorization, REALM)
  })

  it('H10: a key in the query string never authenticates and the message says why', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    const message = expectError(
      await t.authenticate({ query: `api_key=${key}` }),
      401,
      'UNAUTHORIZED',
      P.missingAuthorization,
      REALM,
    )
    expect(message).toContain('Query-string API keys are not accepted')
    expect(message).not.toContain(key)
  })

  it('H3/H11: an empty Authorization header → "Authorization header is present but empty", invalid_request', async () => {
    const t = createTestKeyward()
    expectError(
      await t.authenticate({ headers: { authorization: '' } }),
      401,
      'UNAUTHORIZED',
      P.emptyAuthorization,
      INVALID_REQUEST,
    )
  })

  it('H4/H11: a raw key without the scheme → "API key detected … without the required prefix"', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    const message = expectError(
      await t.authenticate({ headers: { authorization: key } }),
      401,
      'UNAUTHORIZED',
      P.rawKey,
      INVALID_REQUEST,
    )
    expect(message).not.toContain(key)
  })

  it('H5/H11: another scheme → "Svc requires the Authorization: Bearer <your-key> header"', async () => {
    const t = createTestKeyward()
    const message = expectError(
      await t.authenticate({ headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      401,
      'UNAUTHORIZED',
      P.otherScheme,
      INVALID_REQUEST,
    )
    expect(message).toContain('Basic')
    expect(message).not.toContain('dXNlcjpwYXNz')
  })

  it('H5: the service name in the message is configurable', async () => {
    const t = createTestKeyward({ serviceName: 'Acme API' })
    const f = failed(await t.authenticate({ headers: { authorization: 'JWT abc' } }))
    expect(body(f).error.message.startsWith('Acme API requires the Authorization: Bearer <your-key> header')).toBe(true)
    expect(f.response.headers['WWW-Authenticate']).toBe('Bearer realm="Acme API", error="invalid_request"')
  })

  it('H1/H6: Authorization sent twice → "Malformed Authorization header", even with two valid lines', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    expectError(
      await t.authenticate({ headers: { authorization: [`Bearer ${key}`, `Bearer ${key}`] } }),
      401,
      'UNAUTHORIZED',
      P.malformed,
      INVALID_REQUEST,
    )
  })

  it.each([
    ['two spaces', (k: string) => `Bearer  ${k}`],
    ['a tab', (k: string) => `Bearer\t${k}`],
    ['nothing after Bearer', () => 'Bearer'],
    ['a second token', (k: string) => `Bearer ${k} extra`],
    ['leading whitespace', (k: string) => ` Bearer ${k}`],
    ['trailing whitespace', (k: string) => `Bearer ${k} `],
  ])('H6: %s → 401 "Malformed Authorization header"', async (_name, header) => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    expectError(
      await t.authenticate({ headers: { authorization: header(key) } }),
      401,
      'UNAUTHORIZED',
      P.malformed,
      INVALID_REQUEST,
    )
  })

  it('H7: the scheme name is matched case-insensitively', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    expect((await t.authenticate({ headers: { authorization: `bearer ${key}` } })).ok).toBe(true)
  })
})

describe('authenticate(): key evaluation (H9, K1–K4, K6, H12)', () => {
  it.each([
    ['a wrong prefix', () => `sk_live_${'a'.repeat(38)}`],
    ['a wrong length', () => generateKey('live').slice(0, -2)],
    [
      'a wrong alphabet',
      () => {
        const k = generateKey('live')
        return `${k.slice(0, 12)}+${k.slice(13)}`
      },
    ],
    [
      'a bad checksum',
      () => {
        const k = generateKey('live')
        return k.slice(0, -1) + (k.endsWith('a') ? 'b' : 'a')
      },
    ],
    ['a masked value', () => maskKey('live', 'x9Qa')],
  ])(
    'H9/K1: %s → 401 INVALID_API_KEY_FORMAT "API key must start with svc_live_ or svc_test_", invalid_token',
    async (_name, token) => {
      const t = createTestKeyward()
      const value = token()
      const message = expectError(
        await t.authenticate({ headers: { authorization: `Bearer ${value}` } }),
        401,
        'INVALID_API_KEY_FORMAT',
        P.invalidFormat,
        INVALID_TOKEN,
      )
      expect(message).not.toContain(value.slice(9))
    },
  )

  it('K2: a key with a bad checksum is rejected without any store lookup', async () => {
    let lookups = 0
    const stores = createMemoryStores()
    const counting: KeywardStores = {
      ...stores,
      keys: {
        ...stores.keys,
        findByHash: (hash) => {
          lookups++
          return stores.keys.findByHash(hash)
        },
      },
    }
    const t = createTestKeyward({ stores: counting })
    const { key } = await t.issueLiveKey()
    const bad = key.slice(0, 20) + (key[20] === 'A' ? 'B' : 'A') + key.slice(21)
    expectError(await t.authenticateKey(bad), 401, 'INVALID_API_KEY_FORMAT', P.invalidFormat)
    expect(lookups).toBe(0)
    await t.authenticateKey(key)
    expect(lookups).toBe(1)
  })

  it('H9: a well-formed live key that was never issued → INVALID_API_KEY "Invalid API key — no matching live (svc_live_) key found"', async () => {
    const t = createTestKeyward()
    expectError(await t.authenticateKey(generateKey('live')), 401, 'INVALID_API_KEY', P.unknownLive, INVALID_TOKEN)
    expect(P.unknownLive).toBe('Invalid API key \u2014 no matching live (svc_live_) key found')
  })

  it('H9: an unknown test key names the test environment', async () => {
    const t = createTestKeyward()
    expectError(await t.authenticateKey(generateKey('test')), 401, 'INVALID_API_KEY', P.unknownTest, INVALID_TOKEN)
  })

  it('K6/H9: a revoked key → API_KEY_REVOKED "This API key has been revoked", at once and for good', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey()
    expect((await t.authenticateKey(key)).ok).toBe(true)
    await t.keyward.keys.revoke(record.id)
    expectError(await t.authenticateKey(key), 401, 'API_KEY_REVOKED', P.revoked, INVALID_TOKEN)
    t.clock.advance(365 * 24 * 3600_000)
    expectError(await t.authenticateKey(key), 401, 'API_KEY_REVOKED', P.revoked)
  })

  it('K6/H9: a key expires exactly at its instant → API_KEY_EXPIRED "This API key has expired"', async () => {
    const t = createTestKeyward()
    const expiresAt = t.clock.now() + 60_000
    const { key, record } = await t.issueLiveKey({ expiresAt })
    t.clock.set(expiresAt - 1)
    expect((await t.authenticateKey(key)).ok).toBe(true)
    t.clock.set(expiresAt)
    expectError(await t.authenticateKey(key), 401, 'API_KEY_EXPIRED', P.expired, INVALID_TOKEN)
    expect((await t.keyward.keys.get(record.id))?.status).toBe('expired')
  })

  it('K6: revoking an expired key makes it revoked; nothing makes a revoked key active again', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey({ expiresAt: t.clock.now() + 1000 })
    t.clock.advance(2000)
    const revoked = await t.keyward.keys.revoke(record.id)
    expect(revoked.status).toBe('revoked')
    const again = await t.keyward.keys.revoke(record.id)
    expect(again.revokedAt).toBe(revoked.revokedAt)
    expectError(await t.authenticateKey(key), 401, 'API_KEY_REVOKED', P.revoked)
  })

  it('H12: the auth test route uses the same catalogue (consume: false changes nothing about errors)', async () => {
    const t = createTestKeyward()
    expectError(await t.authenticateKey(generateKey('live'), { consume: false }), 401, 'INVALID_API_KEY', P.unknownLive)
    expectError(
      await t.authenticate({ headers: { authorization: 'Basic x y' } }, { consume: false }),
      401,
      'UNAUTHORIZED',
      P.otherScheme,
    )
  })
})

describe('authenticate(): the x-api-key fallback (H8)', () => {
  it('H8: x-api-key alone authenticates and the response is marked deprecated with a Link', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    const decision = await t.authenticate({ headers: { 'x-api-key': key } })
    if (!decision.ok) throw new Error(decision.response.body)
    expect(decision.apiKey.source).toBe('x-api-key')
    expect(decision.headers.Deprecation).toMatch(/^@\d+$/)
    expect(decision.headers.Link).toMatch(/^<[^>]+>; rel="deprecation"/)
  })

  it('H8: a canonical Bearer request carries no deprecation headers', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    const decision = await t.authenticateKey(key)
    if (!decision.ok) throw new Error(decision.response.body)
    expect(decision.apiKey.source).toBe('authorization')
    expect(decision.headers.Deprecation).toBeUndefined()
  })

  it('H8: a malformed Authorization with a valid x-api-key authenticates with x-api-key', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    for (const authorization of ['', 'Basic abc', key, `Bearer  ${key}`, ['a', 'b']]) {
      const decision = await t.authenticate({ headers: { authorization, 'x-api-key': key } })
      expect(decision.ok, JSON.stringify(authorization)).toBe(true)
    }
  })

  it('H8: with Authorization present but bad, an x-api-key that is not an active key gives the Authorization error', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey()
    await t.keyward.keys.revoke(record.id)
    expectError(
      await t.authenticate({ headers: { authorization: 'Basic abc', 'x-api-key': key } }),
      401,
      'UNAUTHORIZED',
      P.otherScheme,
      INVALID_REQUEST,
    )
    expectError(
      await t.authenticate({ headers: { authorization: '', 'x-api-key': 'nonsense' } }),
      401,
      'UNAUTHORIZED',
      P.emptyAuthorization,
      INVALID_REQUEST,
    )
    expectError(
      await t.authenticate({ headers: { authorization: 'Bearer', 'x-api-key': generateKey('test') } }),
      401,
      'UNAUTHORIZED',
      P.malformed,
      INVALID_REQUEST,
    )
  })

  it("H8: with Authorization absent, x-api-key's own error is returned with invalid_token", async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey({ expiresAt: t.clock.now() + 10 })
    expectError(
      await t.authenticate({ headers: { 'x-api-key': 'nonsense' } }),
      401,
      'INVALID_API_KEY_FORMAT',
      P.invalidFormat,
      INVALID_TOKEN,
    )
    expectError(
      await t.authenticate({ headers: { 'x-api-key': generateKey('live') } }),
      401,
      'INVALID_API_KEY',
      P.unknownLive,
      INVALID_TOKEN,
    )
    t.clock.advance(10)
    expectError(
      await t.authenticate({ headers: { 'x-api-key': key } }),
      401,
      'API_KEY_EXPIRED',
      P.expired,
      INVALID_TOKEN,
    )
    await t.keyward.keys.revoke(record.id)
    expectError(
      await t.authenticate({ headers: { 'x-api-key': key } }),
      401,
      'API_KEY_REVOKED',
      P.revoked,
      INVALID_TOKEN,
    )
  })

  it('H8: x-api-key sent twice, or comma-joined, is INVALID_API_KEY_FORMAT', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    expectError(
      await t.authenticate({ headers: { 'x-api-key': [key, key] } }),
      401,
      'INVALID_API_KEY_FORMAT',
      P.invalidFormat,
      INVALID_TOKEN,
    )
    expectError(
      await t.authenticate({ headers: { 'x-api-key': `${key}, ${key}` } }),
      401,
      'INVALID_API_KEY_FORMAT',
      P.invalidFormat,
      INVALID_TOKEN,
    )
  })

  it('H8: an empty x-api-key counts as absent', async () => {
    const t = createTestKeyward()
    expectError(
      await t.authenticate({ headers: { 'x-api-key': '' } }),
      401,
      'UNAUTHORIZED',
      P.missingAuthorization,
      REALM,
    )
  })

  it('H9: a well-formed Bearer header is evaluated and a valid x-api-key beside it is ignored', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    expectError(
      await t.authenticate({ headers: { authorization: `Bearer ${generateKey('live')}`, 'x-api-key': key } }),
      401,
      'INVALID_API_KEY',
      P.unknownLive,
    )
  })

  it('H8: the fallback can be switched off', async () => {
    const t = createTestKeyward({ legacyApiKeyHeader: false })
    const { key } = await t.issueLiveKey()
    expectError(await t.authenticate({ headers: { 'x-api-key': key } }), 401, 'UNAUTHORIZED', P.missingAuthorization)
  })
})

describe('authenticate(): routes and limits (L1–L6)', () => {
  it('L1: test keys default to 10/min and 1,000/month; live keys to 1,000/min and no quota', async () => {
    const t = createTestKeyward()
    const live = await t.authenticateKey((await t.issueLiveKey()).key)
    const test = await t.authenticateKey((await t.issueTestKey()).key)
    if (!live.ok || !test.ok) throw new Error('expected success')
    expect(live.headers['X-RateLimit-Limit']).toBe('1000')
    expect(live.headers['X-Quota-Limit']).toBeUndefined()
    expect(test.headers['X-RateLimit-Limit']).toBe('10')
    expect(test.headers['X-Quota-Limit']).toBe('1000')
  })

  it('L1: host defaults and per-key limits override the type defaults', async () => {
    const t = createTestKeyward({ limits: { live: { perMinute: 50, perMonth: 5000 } } })
    const host = await t.authenticateKey((await t.issueLiveKey()).key)
    const own = await t.authenticateKey((await t.issueLiveKey({ limits: { perMinute: 3 } })).key)
    if (!host.ok || !own.ok) throw new Error('expected success')
    expect([host.headers['X-RateLimit-Limit'], host.headers['X-Quota-Limit']]).toEqual(['50', '5000'])
    expect([own.headers['X-RateLimit-Limit'], own.headers['X-Quota-Limit']]).toEqual(['3', '5000'])
  })

  it('L3/L4b: headers on success; with nothing in the window Reset is now (rounded up)', async () => {
    const t = createTestKeyward()
    t.clock.set('2026-03-10T10:00:00.250Z')
    const { key } = await t.issueTestKey()
    const peek = await t.authenticateKey(key, { consume: false })
    if (!peek.ok) throw new Error('expected success')
    const nowSeconds = Math.ceil(t.clock.now() / 1000)
    expect(peek.headers['X-RateLimit-Remaining']).toBe('10')
    expect(peek.headers['X-RateLimit-Reset']).toBe(String(nowSeconds))
    expect(peek.headers['X-Quota-Reset']).toBe(String(Date.UTC(2026, 3, 1) / 1000))
    const used = await t.authenticateKey(key)
    if (!used.ok) throw new Error('expected success')
    expect(used.headers['X-RateLimit-Remaining']).toBe('9')
    expect(used.headers['X-Quota-Remaining']).toBe('999')
  })

  it('L3, M8: IETF RateLimit fields are added when switched on (draft-8: one named item a window)', async () => {
    const t = createTestKeyward({ ietfRateLimitHeaders: 'draft-8' })
    const d = await t.authenticateKey((await t.issueTestKey()).key)
    if (!d.ok) throw new Error('expected success')
    expect(d.headers['RateLimit-Policy']).toMatch(/^"minute";q=10;w=60, "month";q=1000;w=\d+$/)
    expect(d.headers.RateLimit).toMatch(/^"minute";r=9;t=\d+, "month";r=999;t=\d+$/)
  })

  it('L4: over the per-minute limit → 429 rate_limited with Retry-After; a rejected request consumes nothing', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueTestKey()
    for (let i = 0; i < 10; i++) expect((await t.authenticateKey(key)).ok).toBe(true)
    const message = expectError(await t.authenticateKey(key), 429, 'rate_limited', 'Rate limit exceeded')
    expect(message).toContain('10 requests per minute')
    const f = failed(await t.authenticateKey(key))
    expect(f.response.headers['Retry-After']).toBe('61')
    expect(f.response.headers['X-RateLimit-Remaining']).toBe('0')
    expect(f.response.headers['X-Quota-Remaining']).toBe('990')
  })

  it('L2 clock test: 10 requests at t=59 s and 10 more at t=61 s admit none of the second ten before their window opens', async () => {
    const t = createTestKeyward()
    const base = Date.UTC(2026, 4, 1, 9, 0, 0)
    const { key } = await t.issueTestKey()
    t.clock.set(base + 59_000)
    for (let i = 0; i < 10; i++) expect((await t.authenticateKey(key)).ok).toBe(true)
    t.clock.set(base + 61_000)
    for (let i = 0; i < 10; i++) expect((await t.authenticateKey(key)).ok).toBe(false)
    t.clock.set(base + 119_999)
    expect((await t.authenticateKey(key)).ok).toBe(false)
    t.clock.set(base + 120_000)
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })

  it('L4: when both limits are exhausted, Retry-After is the later one and the message names the quota', async () => {
    const t = createTestKeyward()
    t.clock.set('2026-06-30T23:59:30.000Z')
    const { key } = await t.issueTestKey({ limits: { perMinute: 2, perMonth: 2 } })
    expect((await t.authenticateKey(key)).ok).toBe(true)
    expect((await t.authenticateKey(key)).ok).toBe(true)
    const f = failed(await t.authenticateKey(key))
    expect(body(f).error.message.startsWith('Monthly quota exceeded')).toBe(true)
    // The minute window frees at +61 s, the quota at 2026-07-01T00:00:00Z (+30 s): the later wins.
    expect(f.response.headers['Retry-After']).toBe('61')
  })

  it('L4/clock test: the quota binds until 00:00 UTC on the 1st, then resets (31 Jan → 1 Feb)', async () => {
    const t = createTestKeyward()
    t.clock.set('2026-01-31T23:58:00.000Z')
    const { key } = await t.issueTestKey({ limits: { perMonth: 3 } })
    for (let i = 0; i < 3; i++) expect((await t.authenticateKey(key)).ok).toBe(true)
    const f = failed(await t.authenticateKey(key))
    expect(body(f).error.message.startsWith('Monthly quota exceeded')).toBe(true)
    expect(f.response.headers['X-Quota-Reset']).toBe(String(Date.UTC(2026, 1, 1) / 1000))
    expect(f.response.headers['Retry-After']).toBe('120')
    t.clock.set('2026-01-31T23:59:59.999Z')
    expect((await t.authenticateKey(key)).ok).toBe(false)
    t.clock.set('2026-02-01T00:00:00.000Z')
    const d = await t.authenticateKey(key)
    if (!d.ok) throw new Error(d.response.body)
    expect(d.headers['X-Quota-Remaining']).toBe('2')
  })

  it('clock test: the quota resets across the year boundary (31 Dec → 1 Jan)', async () => {
    const t = createTestKeyward()
    t.clock.set('2026-12-31T23:59:00.000Z')
    const { key } = await t.issueTestKey({ limits: { perMonth: 1 } })
    expect((await t.authenticateKey(key)).ok).toBe(true)
    const f = failed(await t.authenticateKey(key))
    expect(f.response.headers['X-Quota-Reset']).toBe(String(Date.UTC(2027, 0, 1) / 1000))
    t.clock.set('2027-01-01T00:00:00.000Z')
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })

  it('L5: consume: false (auth test) changes no counter and answers 200 even over the limits', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueTestKey()
    for (let i = 0; i < 10; i++) await t.authenticateKey(key)
    const peek = await t.authenticateKey(key, { consume: false })
    if (!peek.ok) throw new Error(peek.response.body)
    expect(peek.apiKey.consumed).toBe(false)
    expect(peek.headers['X-RateLimit-Remaining']).toBe('0')
    expect(peek.headers['X-Quota-Remaining']).toBe('990')
    const before = (await t.keyward.keys.get(record.id))?.lastUsedAt
    await t.authenticateKey(key, { consume: false })
    expect((await t.keyward.keys.get(record.id))?.lastUsedAt).toBe(before)
  })

  it('L4a: lastUsedAt is written only by requests that consume', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey()
    await t.authenticateKey(key, { consume: false })
    expect((await t.keyward.keys.get(record.id))?.lastUsedAt).toBeNull()
    t.clock.advance(5000)
    await t.authenticateKey(key)
    expect((await t.keyward.keys.get(record.id))?.lastUsedAt).toBe(new Date(t.clock.now()).toISOString())
  })

  it('L6: a key without the required scope → 403 forbidden with rate-limit headers; nothing consumed', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueTestKey({ scopes: ['email'] })
    const f = failed(await t.authenticateKey(key, { scopes: ['ip'] }))
    expect(f.response.status).toBe(403)
    expect(f.error.code).toBe('forbidden')
    expect(f.error.message).toContain('"ip"')
    expect(f.response.headers['X-RateLimit-Remaining']).toBe('10')
    expect(f.response.headers['WWW-Authenticate']).toBeUndefined()
    expect((await t.authenticateKey(key, { scopes: ['email'] })).ok).toBe(true)
  })

  it('L6, B1: scopes [*] reach every scope; an empty array reaches no scoped route', async () => {
    const t = createTestKeyward()
    const all = await t.issueLiveKey({ scopes: ['*'] })
    const none = await t.issueLiveKey({ scopes: [] })
    expect((await t.authenticateKey(all.key, { scopes: ['ip', 'email'] })).ok).toBe(true)
    expect((await t.authenticateKey(none.key, { scopes: ['ip'] })).ok).toBe(false)
    expect((await t.authenticateKey(none.key)).ok).toBe(true)
  })

  it('L6: a test key on a live-only route → 403 forbidden; a live key passes', async () => {
    const t = createTestKeyward()
    const test = await t.issueTestKey()
    const live = await t.issueLiveKey()
    const f = failed(await t.authenticateKey(test.key, { liveOnly: true }))
    expect([f.response.status, f.error.code]).toEqual([403, 'forbidden'])
    expect((await t.authenticateKey(live.key, { liveOnly: true })).ok).toBe(true)
  })
})

describe('authenticate(): faults fail closed (R5)', () => {
  it('R5: a store that throws → 500 INTERNAL_ERROR advising one retry and quoting the request id', async () => {
    const stores = createMemoryStores()
    const errors: unknown[] = []
    const t = createTestKeyward({
      stores: {
        ...stores,
        keys: {
          ...stores.keys,
          findByHash: () => {
            throw new Error('disk on fire')
          },
        },
      },
      onError: (error) => errors.push(error),
    })
    const decision = await t.authenticateKey(generateKey('live'))
    const f = failed(decision)
    expect([f.response.status, f.error.code]).toEqual([500, 'INTERNAL_ERROR'])
    expect(f.error.message).toContain('Retry once')
    expect(f.error.message).toContain(f.requestId)
    expect(errors).toHaveLength(1)
  })

  it('R5: a store that rejects → 500, never a success', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({
      stores: { ...stores, keys: { ...stores.keys, findByHash: () => Promise.reject(new Error('connection reset')) } },
    })
    expectError(await t.authenticateKey(generateKey('live')), 500, 'INTERNAL_ERROR', 'Internal error')
  })

  it('R5: a store that never answers → 500 within the bounded time, the request does not hang', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({
      storeTimeoutMs: 50,
      stores: { ...stores, keys: { ...stores.keys, findByHash: () => new Promise(() => {}) } },
    })
    const started = performance.now()
    expectError(await t.authenticateKey(generateKey('live')), 500, 'INTERNAL_ERROR', 'Internal error')
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('R5: a store that declares a looser bound than storeTimeoutMs is still bounded by the core', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({
      storeTimeoutMs: 50,
      stores: { ...stores, timeoutMs: 60_000, keys: { ...stores.keys, findByHash: () => new Promise(() => {}) } },
    })
    const started = performance.now()
    expectError(await t.authenticateKey(generateKey('live')), 500, 'INTERNAL_ERROR', 'Internal error')
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('R5: a store that bounds its own calls answers with its own timeout error as a 500', async () => {
    const stores = createMemoryStores()
    const errors: unknown[] = []
    const t = createTestKeyward({
      storeTimeoutMs: 1000,
      onError: (e) => errors.push(e),
      stores: {
        ...stores,
        timeoutMs: 30,
        keys: {
          ...stores.keys,
          findByHash: () => new Promise((_, reject) => setTimeout(() => reject(new Error('own timeout')), 30)),
        },
      },
    })
    expectError(await t.authenticateKey(generateKey('live')), 500, 'INTERNAL_ERROR', 'Internal error')
    expect((errors[0] as Error).message).toBe('own timeout')
  })

  it('R5: a throwing onError logger does not break the 500', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({
      stores: {
        ...stores,
        limiter: {
          ...stores.limiter,
          consume: () => {
            throw new Error('boom')
          },
        },
      },
      onError: () => {
        throw new Error('logger down')
      },
    })
    const { key } = await t.issueLiveKey()
    expectError(await t.authenticateKey(key), 500, 'INTERNAL_ERROR', 'Internal error')
  })
})

describe('request ids (R2)', () => {
  it('R2: every decision carries a unique req_ id of 24+ URL-safe characters', async () => {
    const t = createTestKeyward()
    const ids = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const d = await t.authenticate({})
      expect(d.requestId).toMatch(REQUEST_ID)
      ids.add(d.requestId)
    }
    expect(ids.size).toBe(2000)
  })

  it('R2: a client-sent id is ignored unless the host trusts a proxy, and then only when well-formed', () => {
    const plain = createKeyward()
    const trusting = createKeyward({ trustRequestId: true })
    const proxyId = `req_${'a'.repeat(24)}`
    expect(plain.requestId(proxyId)).not.toBe(proxyId)
    expect(trusting.requestId(proxyId)).toBe(proxyId)
    expect(trusting.requestId('req_<script>')).toMatch(REQUEST_ID)
  })

  it('R2: the id given by the adapter is the one used', async () => {
    const t = createTestKeyward()
    const d = await t.keyward.authenticate({ requestId: `req_${'b'.repeat(24)}` })
    expect(d.requestId).toBe(`req_${'b'.repeat(24)}`)
    expect(failed(d).response.headers['X-Request-ID']).toBe(`req_${'b'.repeat(24)}`)
  })
})

describe('pepper (K3)', () => {
  it('K3: with a pepper the store holds HMAC-SHA-256, never the key or its plain sha256', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({ stores, pepper: 'server-side-pepper' })
    const { key, record } = await t.issueLiveKey()
    const stored = await stores.keys.get(record.id)
    expect(stored?.hash).toBe(hashKey(key, 'server-side-pepper'))
    expect(JSON.stringify(stored)).not.toContain(key)
    expect(JSON.stringify(stored)).not.toContain(hashKey(key))
  })

  it('K3: keys hashed with a previous pepper still verify after rotating to a new one', async () => {
    const stores = createMemoryStores()
    const clock = createTestKeyward().clock
    const before = createTestKeyward({ stores, clock, pepper: 'old-pepper' })
    const oldKey = (await before.issueLiveKey()).key
    const after = createTestKeyward({ stores, clock, pepper: { current: 'new-pepper', previous: ['old-pepper'] } })
    const newKey = (await after.issueLiveKey()).key
    expect((await after.authenticateKey(oldKey)).ok).toBe(true)
    expect((await after.authenticateKey(newKey)).ok).toBe(true)
    const stored = (await stores.keys.list({ limit: 100, now: Date.now() })).keys
    expect(stored.map((k) => k.hash)).toContain(hashKey(newKey, 'new-pepper'))
    const dropped = createTestKeyward({ stores, clock, pepper: 'new-pepper' })
    expect((await dropped.authenticateKey(oldKey)).ok).toBe(false)
  })
})

describe('property: nothing but an issued, active key authenticates', () => {
  it('arbitrary header sets never throw and only the issued active keys get through', async () => {
    const t = createTestKeyward()
    const active = (await t.issueLiveKey()).key
    const revoked = await t.issueTestKey()
    await t.keyward.keys.revoke(revoked.record.id)
    const expiring = await t.issueLiveKey({ expiresAt: t.clock.now() + 1 })
    t.clock.advance(5)
    const near = (k: string) =>
      fc.nat(k.length - 1).map((i) => k.slice(0, i) + (k[i] === 'x' ? 'y' : 'x') + k.slice(i + 1))
    const token = fc.oneof(
      fc.constantFrom(active, revoked.key, expiring.key, generateKey('live'), maskKey('live', active.slice(-4))),
      near(active),
      fc.string({ unit: 'binary', maxLength: 60 }),
    )
    const value = fc.oneof(
      token,
      token.map((k) => `Bearer ${k}`),
      token.map((k) => `bearer  ${k}`),
      token.map((k) => `Basic ${k}`),
    )
    const field = fc.option(fc.oneof(value, fc.array(value, { maxLength: 3 })), { nil: undefined })
    await fc.assert(
      fc.asyncProperty(field, field, async (authorization, apiKey) => {
        const decision = await t.keyward.authenticate({ authorization, apiKey }, { consume: false })
        if (decision.ok) {
          const used = [authorization, apiKey]
            .flat()
            .some((v) => v === `Bearer ${active}` || v === `bearer ${active}` || v === active)
          expect(used).toBe(true)
        } else {
          expect(decision.response.status).toBe(401)
        }
      }),
      { numRuns: 3000 },
    )
  })
})

describe('configuration mistakes throw at setup, naming the option', () => {
  it.each([
    [{ keyPrefix: 'Bad_Prefix' }, /keyPrefix/],
    [{ serviceName: 'Say "hi"' }, /serviceName/],
    [{ storeTimeoutMs: 0 }, /storeTimeoutMs/],
    [{ limits: { test: { perMinute: 0 } } }, /limits\.test\.perMinute/],
    [{ limits: { live: { perMonth: 1.5 } } }, /limits\.live\.perMonth/],
    [{ pepper: '' }, /pepper/],
    [{ clock: {} }, /clock/],
    [{ stores: {} }, /stores\.keys/],
    [{ deprecation: { link: 'has space' } }, /deprecation\.link/],
  ])('%j', (options, pattern) => {
    expect(() => createKeyward(options as never)).toThrow(TypeError)
    expect(() => createKeyward(options as never)).toThrow(pattern)
  })
})
