/**
 * O10: `GET /api/v1/whoami` on every framework of the reference server, over real HTTP: who the
 * key is (never its meta), authenticated like any route, and consuming nothing (L5): the limits,
 * the usage log and lastUsedAt stay as they were.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type Harness, startHarness, TARGETS } from '../adapters/support/harness.js'
import type { RawResponse } from '../adapters/support/raw-http.js'

const WHOAMI = '/api/v1/whoami'
const REQUEST_ID = /^req_[A-Za-z0-9_-]{24,}$/

function show(r: RawResponse): string {
  return `${r.status} ${JSON.stringify(r.headers)} ${r.body}`
}

for (const target of TARGETS) {
  describe(`GET /api/v1/whoami — ${target.name}`, () => {
    let h: Harness
    afterEach(async () => {
      await h?.close()
      await h?.keyward.close()
    })
    const get = (path: string, key?: string) =>
      h.send({ path, headers: key === undefined ? [] : [['Authorization', `Bearer ${key}`]] })

    it('O10: 200 { data: { keyId, name, keyType, ownerId, scopes, expiresAt } } — never meta — with the rate-limit headers of an authenticated answer', async () => {
      h = await startHarness(target)
      const { key, record } = await h.keyward.keys.create({
        name: 'acme reporting',
        keyType: 'test',
        ownerId: 'acme',
        meta: { plan: 'pro', internalNote: 'do-not-show-the-holder' },
        scopes: ['ip', 'email'],
        expiresAt: '2027-03-01T00:00:00Z',
      })
      const r = await get(WHOAMI, key)
      expect(r.status, show(r)).toBe(200)
      expect(r.header('content-type')).toBe('application/json; charset=utf-8')
      expect(r.header('x-request-id')).toMatch(REQUEST_ID)
      expect(r.header('x-ratelimit-limit'), show(r)).toBe('10')
      expect(r.header('x-quota-limit'), show(r)).toBe('1000')
      const body = r.json()
      expect(Object.keys(body).sort()).toEqual(['data', 'meta'])
      expect(body.data).toEqual({
        keyId: record.id,
        name: 'acme reporting',
        keyType: 'test',
        ownerId: 'acme',
        scopes: ['ip', 'email'],
        expiresAt: '2027-03-01T00:00:00.000Z',
      })
      expect(r.body).not.toContain('do-not-show-the-holder')
    })

    it('O10, B1: a key of the service itself (no owner, the default scopes, no expiry) → ownerId and expiresAt null, scopes the defaults', async () => {
      h = await startHarness(target)
      const { key, record } = await h.keyward.keys.create({ name: 'service' })
      const r = await get(WHOAMI, key)
      expect(r.status, show(r)).toBe(200)
      expect(r.json().data).toEqual({
        keyId: record.id,
        name: 'service',
        keyType: 'live',
        ownerId: null,
        scopes: ['ip', 'email'],
        expiresAt: null,
      })
    })

    it('O10/L5: whoami consumes nothing — X-RateLimit-Remaining stays put over 12 calls of a 10-a-minute key, no usage entry, no lastUsedAt — and still answers 200 once the key is over its limit', async () => {
      h = await startHarness(target)
      const { key, record } = await h.keyward.keys.create({ name: 'sandbox', keyType: 'test' })
      for (let i = 0; i < 12; i++) {
        const r = await get(WHOAMI, key)
        expect(r.status, show(r)).toBe(200)
        expect([r.header('x-ratelimit-remaining'), r.header('x-quota-remaining')], show(r)).toEqual(['10', '1000'])
      }
      expect(await h.keyward.queryUsage({ keyId: record.id, limit: 100 })).toEqual([])
      expect((await h.keyward.keys.get(record.id))!.lastUsedAt).toBeNull()
      // A consuming route counts; whoami after it shows the count and adds nothing.
      const lookup = await get('/api/v1/ip/lookup?ip=192.0.2.1', key)
      expect(lookup.header('x-ratelimit-remaining'), show(lookup)).toBe('9')
      expect((await get(WHOAMI, key)).header('x-ratelimit-remaining')).toBe('9')
      for (let i = 0; i < 9; i++) expect((await get('/api/v1/ip/lookup?ip=192.0.2.1', key)).status).toBe(200)
      expect((await get('/api/v1/ip/lookup?ip=192.0.2.1', key)).status).toBe(429)
      const over = await get(WHOAMI, key)
      expect(over.status, show(over)).toBe(200)
      expect(over.header('x-ratelimit-remaining')).toBe('0')
      // The ten admitted lookups and the refused one (B8); no whoami call.
      const entries = await h.keyward.queryUsage({ keyId: record.id, limit: 100 })
      expect(entries.map((e) => [e.path, e.status, e.code])).toEqual([
        ['/api/v1/ip/lookup', 429, 'rate_limited'],
        ...Array.from({ length: 10 }, () => ['/api/v1/ip/lookup', 200, null]),
      ])
    })

    it('O10: authenticated like any route — no key → 401 UNAUTHORIZED, a revoked key → 401 API_KEY_REVOKED', async () => {
      h = await startHarness(target)
      const missing = await get(WHOAMI)
      expect([missing.status, missing.json().error.code], show(missing)).toEqual([401, 'UNAUTHORIZED'])
      const { key, record } = await h.keyward.keys.create({ name: 'gone', ownerId: 'acme' })
      await h.keyward.keys.revoke(record.id)
      const revoked = await get(WHOAMI, key)
      expect([revoked.status, revoked.json().error.code], show(revoked)).toEqual([401, 'API_KEY_REVOKED'])
    })
  })
}
