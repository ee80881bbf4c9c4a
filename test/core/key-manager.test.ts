import { describe, expect, it } from 'vitest'
import { KeyInputError, KeyNotFoundError, KeyRevokedError } from '../../src/core/errors.js'
import { isWellFormedKey } from '../../src/core/key-format.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createTestKeyward } from '../../src/testing.js'

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describe('key manager (K3–K6)', () => {
  it('K5: create returns the full key once and a record with every K5 field', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.keyward.keys.create({
      name: '  Billing service  ',
      sandbox: true,
      scopes: ['ip'],
      limits: { perMinute: 5 },
    })
    expect(isWellFormedKey(key)).toBe(true)
    expect(key.startsWith('svc_test_')).toBe(true)
    expect(record).toEqual({
      id: expect.stringMatching(/^key_[0-9A-Za-z]{24}$/),
      name: 'Billing service',
      keyType: 'test',
      maskedKey: `svc_test_****${key.slice(-4)}`,
      status: 'active',
      createdAt: expect.stringMatching(ISO_MS),
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      scopes: ['ip'],
      limits: { perMinute: 5 },
      ownerId: null,
      meta: null,
      enabled: true,
      allowedIps: null,
      roles: null,
      credits: null,
    })
  })

  it('K3: the store never holds the key; get and list never return it', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({ stores })
    const { key, record } = await t.issueLiveKey()
    const stored = await stores.keys.get(record.id)
    expect(JSON.stringify(stored)).not.toContain(key)
    expect(stored?.last4).toBe(key.slice(-4))
    expect(JSON.stringify(await t.keyward.keys.get(record.id))).not.toContain(key)
    expect(JSON.stringify(await t.keyward.keys.list())).not.toContain(key)
  })

  it('K5: list is newest first and masked', async () => {
    const t = createTestKeyward()
    const a = await t.issueLiveKey({ name: 'a' })
    t.clock.advance(1)
    const b = await t.issueTestKey({ name: 'b' })
    const list = (await t.keyward.keys.list()).keys
    expect(list.map((r) => r.name)).toEqual(['b', 'a'])
    expect(list.map((r) => r.maskedKey)).toEqual([b.record.maskedKey, a.record.maskedKey])
  })

  it('K6: revoke is immediate, idempotent and keeps the first revokedAt; unknown ids throw KeyNotFoundError', async () => {
    const t = createTestKeyward()
    const { record } = await t.issueLiveKey()
    const first = await t.keyward.keys.revoke(record.id)
    t.clock.advance(1000)
    const second = await t.keyward.keys.revoke(record.id)
    expect(first.status).toBe('revoked')
    expect(second).toEqual(first)
    await expect(t.keyward.keys.revoke('key_missing')).rejects.toBeInstanceOf(KeyNotFoundError)
  })

  it('K6: rotate without a grace period revokes the old key at once; the new key works', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ name: 'deploy', scopes: ['ip'], limits: { perMinute: 7 } })
    const rotated = await t.keyward.keys.rotate(old.record.id)
    expect(rotated.previous.status).toBe('revoked')
    expect(rotated.record).toMatchObject({
      name: 'deploy',
      keyType: 'live',
      scopes: ['ip'],
      limits: { perMinute: 7 },
      status: 'active',
    })
    expect((await t.authenticateKey(old.key)).ok).toBe(false)
    expect((await t.authenticateKey(rotated.key)).ok).toBe(true)
  })

  it('K6: rotate with a grace period lets the old key work until then, never past its own expiry', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey()
    const rotated = await t.keyward.keys.rotate(old.record.id, { gracePeriodMs: 3600_000 })
    expect(rotated.previous.status).toBe('active')
    expect(rotated.previous.expiresAt).toBe(new Date(t.clock.now() + 3600_000).toISOString())
    t.clock.advance(3600_000 - 1)
    expect((await t.authenticateKey(old.key)).ok).toBe(true)
    t.clock.advance(1)
    expect((await t.authenticateKey(old.key)).ok).toBe(false)

    const soon = await t.issueLiveKey({ expiresAt: t.clock.now() + 60_000 })
    const again = await t.keyward.keys.rotate(soon.record.id, { gracePeriodMs: 3600_000 })
    expect(again.previous.expiresAt).toBe(new Date(t.clock.now() + 60_000).toISOString())
  })

  it('K6: rotating an unknown id throws KeyNotFoundError and creates nothing', async () => {
    const t = createTestKeyward()
    await expect(t.keyward.keys.rotate('key_nope')).rejects.toBeInstanceOf(KeyNotFoundError)
    expect((await t.keyward.keys.list()).keys).toEqual([])
  })

  it.each([
    [{ name: '' }, 'name'],
    [{ name: ' '.repeat(5) }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'ok', sandbox: 'yes' }, 'sandbox'],
    [{ name: 'ok', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
    [{ name: 'ok', expiresAt: '2030-01-01' }, 'expiresAt'],
    [{ name: 'ok', expiresAt: '2030-02-30T00:00:00Z' }, 'expiresAt'],
    [{ name: 'ok', scopes: ['Bad Scope'] }, 'scopes'],
    [{ name: 'ok', scopes: ['ip', 'ip'] }, 'scopes'],
    [{ name: 'ok', scopes: Array.from({ length: 51 }, (_, i) => `s${i}`) }, 'scopes'],
    [{ name: 'ok', limits: { perMinute: 0 } }, 'limits.perMinute'],
    [{ name: 'ok', limits: { perMonth: 2.5 } }, 'limits.perMonth'],
    [{ name: 'ok', limits: { burst: 3 } }, 'limits.burst'],
  ])('E5: create(%j) throws KeyInputError naming %s', async (input, field) => {
    const t = createTestKeyward()
    const error = await t.keyward.keys.create(input as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeyInputError)
    expect((error as KeyInputError).field).toBe(field)
    expect((error as KeyInputError).code).toBe('invalid_request')
  })

  it('E5: a name of 100 code points (emoji count once) is accepted', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: '🔑'.repeat(100) })
    expect(record.name).toBe('🔑'.repeat(100))
  })
})

describe('suspend and resume (M5)', () => {
  it('M5: update({ enabled: false }) refuses the key at once with API_KEY_DISABLED; enabled: true admits it again', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey()
    expect(record.enabled).toBe(true)
    expect(await t.keyward.keys.update(record.id, { enabled: false })).toMatchObject({
      enabled: false,
      status: 'active',
    })
    const refused = await t.authenticateKey(key)
    if (refused.ok) throw new Error('a suspended key was admitted')
    expect(refused.error.code).toBe('API_KEY_DISABLED')
    expect(refused.error.message).toMatch(/^This API key is disabled/)
    expect(refused.response.status).toBe(401)
    expect(refused.response.headers['WWW-Authenticate']).toBe('Bearer realm="Svc", error="invalid_token"')
    await t.keyward.keys.update(record.id, { enabled: true })
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })

  it('M5: a revoked key cannot be enabled (KeyRevokedError, conflict); enabled must be a boolean', async () => {
    const t = createTestKeyward()
    const { record } = await t.issueLiveKey({ enabled: false })
    expect(record.enabled).toBe(false)
    await expect(t.keyward.keys.update(record.id, { enabled: 'yes' as never })).rejects.toMatchObject({
      field: 'enabled',
      code: 'invalid_request',
    })
    await t.keyward.keys.revoke(record.id)
    await expect(t.keyward.keys.update(record.id, { enabled: true })).rejects.toBeInstanceOf(KeyRevokedError)
    expect((await t.keyward.keys.get(record.id))?.enabled).toBe(false)
  })

  it('M5: a rotated suspended key hands its suspension to the replacement', async () => {
    const t = createTestKeyward()
    const { record } = await t.issueLiveKey({ enabled: false })
    const rotated = await t.keyward.keys.rotate(record.id)
    expect(rotated.record.enabled).toBe(false)
    expect((await t.authenticateKey(rotated.key)).ok).toBe(false)
  })
})

describe('keyward/testing', () => {
  it('issues keys of each type and decides requests without HTTP', async () => {
    const t = createTestKeyward()
    const live = await t.issueLiveKey()
    const test = await t.issueTestKey()
    const a = await t.authenticateKey(live.key)
    const b = await t.authenticate({ headers: { Authorization: `Bearer ${test.key}` } })
    expect(a.ok && a.apiKey.keyType).toBe('live')
    expect(b.ok && b.apiKey.keyType).toBe('test')
  })

  it('the manual clock drives expiry and windows', async () => {
    const t = createTestKeyward()
    t.clock.set('2026-07-01T00:00:00Z')
    expect(new Date(t.clock.now()).toISOString()).toBe('2026-07-01T00:00:00.000Z')
    t.clock.advance(1500)
    expect(t.clock.now()).toBe(Date.UTC(2026, 6, 1) + 1500)
    expect(() => t.clock.advance(-1)).toThrow(TypeError)
    expect(() => t.clock.set('not a date')).toThrow(TypeError)
  })
})

describe('no key in messages (K3)', () => {
  it('K3: revoke or rotate given a key instead of an id does not echo the key', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    for (const call of [() => t.keyward.keys.revoke(key), () => t.keyward.keys.rotate(key)]) {
      const error = await call().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KeyNotFoundError)
      expect(String((error as Error).message)).not.toContain(key)
    }
    const plain = await t.keyward.keys.revoke(`key_${'a'.repeat(24)}`).catch((e: unknown) => e)
    expect((plain as Error).message).toContain(`key_${'a'.repeat(24)}`)
  })

  it('K3: an unknown limits field that holds a key is not echoed', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    const error = await t.keyward.keys.create({ name: 'x', limits: { [key]: 1 } as never }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeyInputError)
    expect((error as KeyInputError).field).toBe('limits')
    expect((error as Error).message).not.toContain(key)
  })
})

describe('isoTimestamp', () => {
  it('K5: formats epoch milliseconds as ISO 8601 UTC with milliseconds, also when called again for the same or another instant', async () => {
    const { isoTimestamp } = await import('../../src/core/responses.js')
    expect(isoTimestamp(Date.UTC(2026, 0, 31, 23, 59, 59, 7))).toBe('2026-01-31T23:59:59.007Z')
    expect(isoTimestamp(Date.UTC(2026, 0, 31, 23, 59, 59, 7))).toBe('2026-01-31T23:59:59.007Z')
    expect(isoTimestamp(0)).toBe('1970-01-01T00:00:00.000Z')
  })
})

describe('expiresAt update (B2)', () => {
  const DAY = 86_400_000
  const iso = (ms: number) => new Date(ms).toISOString()

  it('B2: update sets expiresAt later, earlier or to null (every input form of create); the next request sees it', async () => {
    const lifecycle: unknown[] = []
    const t = createTestKeyward({ telemetry: { onLifecycle: (event) => void lifecycle.push(event) } })
    const { key, record } = await t.issueLiveKey({ expiresAt: t.clock.now() + 2 * DAY })
    const later = t.clock.now() + 365 * DAY
    expect(await t.keyward.keys.update(record.id, { expiresAt: iso(later) })).toMatchObject({ expiresAt: iso(later) })
    expect(await t.keyward.keys.update(record.id, { expiresAt: null })).toMatchObject({ expiresAt: null })
    const soon = t.clock.now() + 60_000
    expect(await t.keyward.keys.update(record.id, { expiresAt: new Date(soon) })).toMatchObject({
      expiresAt: iso(soon),
      status: 'active',
    })
    t.clock.advance(60_000 - 1)
    expect((await t.authenticateKey(key)).ok).toBe(true)
    t.clock.advance(1)
    const refused = await t.authenticateKey(key)
    expect(refused.ok ? 'ok' : refused.error.code).toBe('API_KEY_EXPIRED')
    expect(await t.keyward.keys.update(record.id, { expiresAt: t.clock.now() + DAY })).toMatchObject({
      status: 'active',
    })
    expect((await t.authenticateKey(key)).ok).toBe(true)
    // Hooks are told on a later turn, never inside the change.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const updates = lifecycle.filter((e) => (e as { type: string }).type === 'updated')
    expect(updates).toHaveLength(4)
    expect(updates.every((e) => JSON.stringify((e as { changed: unknown }).changed) === '["expiresAt"]')).toBe(true)
  })

  it('B2: the audit trail records each expiresAt change under its actor', async () => {
    const t = createTestKeyward()
    const { record } = await t.issueLiveKey({ expiresAt: t.clock.now() + 2 * DAY })
    await t.keyward.keys.update(record.id, { expiresAt: t.clock.now() + 30 * DAY }, { actor: 'ops' })
    const page = await t.keyward.audit.list({ keyId: record.id })
    expect(page.entries[0]).toMatchObject({
      action: 'updated',
      actor: expect.stringMatching(/ops$/),
      fields: ['expiresAt'],
    })
  })

  it('B2: a past instant, or a malformed one, is refused naming expiresAt, and nothing changes', async () => {
    const t = createTestKeyward()
    const { record } = await t.issueLiveKey({ expiresAt: t.clock.now() + 2 * DAY })
    const refusals: [unknown, RegExp][] = [
      [t.clock.now(), /in the future/],
      [t.clock.now() - DAY, /in the future/],
      ['2030-02-30T00:00:00Z', /not a real calendar date/],
      ['tomorrow', /ISO 8601 instant/],
    ]
    for (const [expiresAt, rule] of refusals) {
      const error = await t.keyward.keys.update(record.id, { expiresAt } as never).catch((e: unknown) => e)
      expect(error, String(expiresAt)).toBeInstanceOf(KeyInputError)
      expect((error as KeyInputError).field).toBe('expiresAt')
      expect((error as Error).message).toMatch(rule)
    }
    expect((await t.keyward.keys.get(record.id))?.expiresAt).toBe(record.expiresAt)
  })
})
