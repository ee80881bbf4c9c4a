/**
 * Owners and metadata in the key manager (O1, O2, O4, O5, O6): what a host sees through
 * `keyward.keys` on the memory stores. The store contract suites cover each store's own part.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError, KeyNotFoundError, KeyRevokedError } from '../../src/core/errors.js'
import { createTestKeyward } from '../../src/testing.js'

describe('owners and metadata (O1, O2)', () => {
  it('O1/O2: a key is created with its owner and meta, and records and lookups return them', async () => {
    const t = createTestKeyward()
    const meta = { plan: 'pro', accountRef: 'A-17', seats: 3 }
    const { record } = await t.keyward.keys.create({ name: 'Acme prod', ownerId: 'org_acme', meta })
    expect(record).toMatchObject({ ownerId: 'org_acme', meta })
    expect(await t.keyward.keys.get(record.id)).toMatchObject({ ownerId: 'org_acme', meta })
  })

  it('O2: the record returned is a copy: changing it changes nothing stored', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: 'a', ownerId: 'o1', meta: { plan: 'free' } })
    ;(record.meta as Record<string, unknown>).plan = 'pro'
    expect((await t.keyward.keys.get(record.id))?.meta).toEqual({ plan: 'free' })
  })

  it.each([
    ['', 'empty'],
    ['x'.repeat(129), 'too long'],
    ['acme corp', 'a space'],
    ['acme/eu', 'a slash'],
    [42, 'a number'],
  ] as [unknown, string][])('O1: ownerId %j (%s) is refused naming the field', async (ownerId) => {
    const t = createTestKeyward()
    const created = t.keyward.keys.create({ name: 'a', ownerId: ownerId as string })
    await expect(created).rejects.toBeInstanceOf(KeyInputError)
    await expect(created).rejects.toMatchObject({
      field: 'ownerId',
      message: expect.stringMatching(/^ownerId must be 1 to 128 characters/),
    })
  })

  it('O1: the longest owner id and every allowed character are accepted', async () => {
    const t = createTestKeyward()
    const ownerId = 'aZ09._:@-'.repeat(14).slice(0, 128)
    expect((await t.keyward.keys.create({ name: 'a', ownerId })).record.ownerId).toBe(ownerId)
  })

  it.each([
    [[1, 2], /^meta must be a JSON object/],
    ['plan', /^meta must be a JSON object/],
    [JSON.parse('{"__proto__": {"admin": true}}'), /^meta must not have a top-level "__proto__"/],
    [{ constructor: 'x' }, /^meta must not have a top-level "constructor"/],
    [{ prototype: 1 }, /^meta must not have a top-level "prototype"/],
    [{ big: 'x'.repeat(4096) }, /^meta must be at most 4096 bytes as JSON/],
    [{ when: new Date(0) }, /^meta must hold only JSON values/],
    [{ f: () => 1 }, /^meta must hold only JSON values/],
    [{ n: Number.NaN }, /^meta must hold only finite numbers/],
    [{ leaked: `svc_live_${'A'.repeat(38)}` }, /^meta must not contain an API key/],
  ])('O2: meta %j is refused with a message naming the rule', async (meta, message) => {
    const t = createTestKeyward()
    await expect(t.keyward.keys.create({ name: 'a', meta: meta as Record<string, unknown> })).rejects.toMatchObject({
      field: 'meta',
      message: expect.stringMatching(message),
    })
  })

  it('O2: meta of exactly 4096 bytes of JSON is accepted (multi-byte characters counted as bytes)', async () => {
    const t = createTestKeyward()
    const filler = 4096 - JSON.stringify({ s: '' }).length
    await expect(t.keyward.keys.create({ name: 'a', meta: { s: 'x'.repeat(filler) } })).resolves.toBeTruthy()
    await expect(t.keyward.keys.create({ name: 'a', meta: { s: 'é'.repeat(filler / 2 + 1) } })).rejects.toMatchObject({
      field: 'meta',
    })
  })

  it('rotation keeps the owner and meta on the replacement', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: 'a', ownerId: 'o1', meta: { plan: 'pro' } })
    const rotated = await t.keyward.keys.rotate(record.id)
    expect(rotated.record).toMatchObject({ ownerId: 'o1', meta: { plan: 'pro' } })
  })
})

describe('listing a page at a time (O4)', () => {
  it('O4: pages of `limit` newest first, with a cursor until the last page, for one owner only', async () => {
    const t = createTestKeyward()
    const names: string[] = []
    for (let i = 0; i < 5; i++) {
      names.unshift(`k${i}`)
      await t.keyward.keys.create({ name: `k${i}`, ownerId: 'o1' })
      await t.keyward.keys.create({ name: `other${i}`, ownerId: 'o2' })
      t.clock.advance(1)
    }
    const first = await t.keyward.keys.list({ ownerId: 'o1', limit: 2 })
    expect(first.keys.map((k) => k.name)).toEqual(names.slice(0, 2))
    expect(first.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/))
    const second = await t.keyward.keys.list({ ownerId: 'o1', limit: 2, cursor: first.nextCursor })
    const third = await t.keyward.keys.list({ ownerId: 'o1', limit: 2, cursor: second.nextCursor })
    expect([...second.keys, ...third.keys].map((k) => k.name)).toEqual(names.slice(2))
    expect(third.nextCursor).toBeNull()
  })

  it('O4: the default page is 50 keys', async () => {
    const t = createTestKeyward()
    for (let i = 0; i < 51; i++) await t.keyward.keys.create({ name: `k${i}` })
    const page = await t.keyward.keys.list()
    expect(page.keys).toHaveLength(50)
    expect(page.nextCursor).not.toBeNull()
  })

  it('O4: filters status and keyType', async () => {
    const t = createTestKeyward()
    const a = await t.keyward.keys.create({ name: 'a', ownerId: 'o', sandbox: true })
    const b = await t.keyward.keys.create({ name: 'b', ownerId: 'o' })
    await t.keyward.keys.revoke(b.record.id)
    expect((await t.keyward.keys.list({ ownerId: 'o', status: 'revoked' })).keys.map((k) => k.id)).toEqual([
      b.record.id,
    ])
    expect((await t.keyward.keys.list({ ownerId: 'o', keyType: 'test' })).keys.map((k) => k.id)).toEqual([a.record.id])
  })

  it('listAll() yields every matching key across pages', async () => {
    const t = createTestKeyward()
    for (let i = 0; i < 205; i++) await t.keyward.keys.create({ name: `k${i}`, ownerId: i % 2 === 0 ? 'even' : 'odd' })
    let count = 0
    for await (const key of t.keyward.keys.listAll({ ownerId: 'even' })) {
      expect(key.ownerId).toBe('even')
      count++
    }
    expect(count).toBe(103)
  })

  it.each([
    [{ limit: 0 }, 'limit', /^limit must be an integer from 1 to 100/],
    [{ limit: 101 }, 'limit', /^limit must be an integer from 1 to 100/],
    [{ limit: 2.5 }, 'limit', /^limit must be an integer/],
    [{ status: 'gone' }, 'status', /^status must be "active", "revoked" or "expired"/],
    [{ keyType: 'prod' }, 'keyType', /^keyType must be "live" or "test"/],
    [{ ownerId: 'a b' }, 'ownerId', /^ownerId must be/],
    [{ cursor: 'not-a-cursor' }, 'cursor', /^cursor is not one this listing returned/],
    [{ cursor: Buffer.from('12.key_x; DROP').toString('base64url') }, 'cursor', /^cursor is not one/],
  ])('O4: list(%j) is refused naming %s', async (options, field, message) => {
    const t = createTestKeyward()
    await expect(t.keyward.keys.list(options as never)).rejects.toMatchObject({
      field,
      message: expect.stringMatching(message),
    })
  })
})

describe('update and revoke-all (O5, O6)', () => {
  it('O5: update replaces name, meta, scopes and limits, keeps the rest, and the next request sees them', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.keyward.keys.create({
      name: 'a',
      ownerId: 'o',
      meta: { plan: 'free' },
      scopes: ['read'],
    })
    const updated = await t.keyward.keys.update(record.id, {
      name: 'b',
      meta: { plan: 'pro' },
      scopes: ['read', 'write'],
      limits: { perMinute: 7 },
    })
    expect(updated).toEqual({
      ...record,
      name: 'b',
      meta: { plan: 'pro' },
      scopes: ['read', 'write'],
      limits: { perMinute: 7 },
    })
    const decision = await t.keyward.authenticate({ authorization: `Bearer ${key}` }, { scopes: ['write'] })
    expect(decision.ok && decision.apiKey).toMatchObject({ name: 'b', ownerId: 'o', meta: { plan: 'pro' } })
    expect(decision.ok && decision.headers['X-RateLimit-Limit']).toBe('7')
  })

  it('O5: a revoked key → KeyRevokedError (conflict); an unknown id → KeyNotFoundError; nothing to update → KeyInputError', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: 'a' })
    await expect(t.keyward.keys.update(record.id, {})).rejects.toMatchObject({
      field: 'body',
      message: expect.stringMatching(/^nothing to update/),
    })
    await expect(t.keyward.keys.update(record.id, { ownerId: 'x' } as never)).rejects.toMatchObject({
      field: 'ownerId',
      message: expect.stringMatching(/^ownerId cannot be updated/),
    })
    await expect(t.keyward.keys.update(record.id, { name: '' })).rejects.toMatchObject({ field: 'name' })
    await t.keyward.keys.revoke(record.id)
    const late = t.keyward.keys.update(record.id, { name: 'b' })
    await expect(late).rejects.toBeInstanceOf(KeyRevokedError)
    await expect(late).rejects.toMatchObject({ code: 'conflict' })
    expect((await t.keyward.keys.get(record.id))?.name).toBe('a')
    await expect(t.keyward.keys.update('key_000000000000000000000000', { name: 'b' })).rejects.toBeInstanceOf(
      KeyNotFoundError,
    )
  })

  it('O6: revokeAll revokes the owner’s active and expired keys at once, returns how many, and leaves other owners alone', async () => {
    const t = createTestKeyward()
    const a = await t.keyward.keys.create({ name: 'a', ownerId: 'closing' })
    const b = await t.keyward.keys.create({ name: 'b', ownerId: 'closing', expiresAt: t.clock.now() + 1_000 })
    const c = await t.keyward.keys.create({ name: 'c', ownerId: 'closing' })
    const other = await t.keyward.keys.create({ name: 'd', ownerId: 'staying' })
    await t.keyward.keys.revoke(c.record.id)
    t.clock.advance(2_000)
    expect(await t.keyward.keys.revokeAll('closing')).toBe(2)
    for (const created of [a, b]) {
      const decision = await t.keyward.authenticate({ authorization: `Bearer ${created.key}` })
      expect(decision.ok ? 'ok' : decision.error.code).toBe('API_KEY_REVOKED')
    }
    expect((await t.keyward.authenticate({ authorization: `Bearer ${other.key}` })).ok).toBe(true)
    await expect(t.keyward.keys.revokeAll('')).rejects.toMatchObject({ field: 'ownerId' })
  })
})
