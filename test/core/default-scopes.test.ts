/**
 * A key holds only what it was given: created without scopes it holds the host's default scopes
 * (none unless set), `['*']` is the one way to give every scope, and null is refused everywhere.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { createKeyward } from '../../src/keyward.js'
import { createTestKeyward } from '../../src/testing.js'
import { AUTH, expectError, expectSuccess, setup } from '../dashboard/support.js'

describe('scopes a key holds when none are given (B1)', () => {
  it('B1: a key created without scopes holds none, and a scoped route refuses it with 403', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey()
    expect(record.scopes).toEqual([])
    const scoped = await t.authenticateKey(key, { scopes: ['reports.read'] })
    expect(scoped.ok).toBe(false)
    if (!scoped.ok) {
      expect(scoped.response.status).toBe(403)
      expect(JSON.parse(scoped.response.body)).toMatchObject({ error: { code: 'forbidden' } })
    }
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })

  it('B1: defaultScopes is what a key created without scopes holds, and nothing more', async () => {
    const t = createTestKeyward({ defaultScopes: ['reports.read'] })
    const { key, record } = await t.issueLiveKey()
    expect(record.scopes).toEqual(['reports.read'])
    expect((await t.authenticateKey(key, { scopes: ['reports.read'] })).ok).toBe(true)
    expect((await t.authenticateKey(key, { scopes: ['billing.admin'] })).ok).toBe(false)
    const given = await t.issueLiveKey({ scopes: ['billing.read'] })
    expect(given.record.scopes).toEqual(['billing.read'])
    expect(t.keyward.defaultScopes).toEqual(['reports.read'])
  })

  it("B1: ['*'] is how every scope is given", async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey({ scopes: ['*'] })
    expect((await t.authenticateKey(key, { scopes: ['billing.admin', 'reports.read'] })).ok).toBe(true)
  })

  it('B1: scopes null is refused on create and update, naming the field and [*]; nothing changes', async () => {
    const t = createTestKeyward()
    const create = t.keyward.keys.create({ name: 'x', scopes: null as never })
    await expect(create).rejects.toBeInstanceOf(KeyInputError)
    await expect(create).rejects.toMatchObject({ field: 'scopes', message: expect.stringContaining("['*']") })
    expect((await t.keyward.keys.list()).keys).toEqual([])
    const { record } = await t.issueLiveKey({ scopes: ['ip'] })
    const update = t.keyward.keys.update(record.id, { scopes: null as never })
    await expect(update).rejects.toMatchObject({ field: 'scopes', message: expect.stringContaining("['*']") })
    expect((await t.keyward.keys.get(record.id))?.scopes).toEqual(['ip'])
  })

  it('B1: a bad defaultScopes throws a TypeError naming the option at setup', () => {
    for (const bad of [null, 'ip', ['IP'], ['ip', 'ip'], [1]]) {
      expect(() => createKeyward({ defaultScopes: bad as never }), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ name: 'TypeError', message: expect.stringContaining('"defaultScopes"') }),
      )
    }
  })
})

describe('the dashboard refuses scopes null (B1)', () => {
  it('B1: POST with scopes null → 400 naming scopes and [*]; no key is created', async () => {
    const t = setup()
    const message = expectError(await t.create({ name: 'x', scopes: null }), 400, 'invalid_request')
    expect(message).toContain('scopes')
    expect(message).toContain("['*']")
    expect(expectSuccess<unknown[]>(await t.handle())).toEqual([])
  })

  it('B1: PATCH with scopes null → 400 naming scopes and [*]; the key keeps its scopes', async () => {
    const t = setup()
    const created = expectSuccess<{ id: string }>(await t.create({ name: 'x', scopes: ['ip'] }), 201)
    const result = await t.handle({
      method: 'PATCH',
      path: `/api-keys/${created.id}`,
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: null }),
    })
    expect(expectError(result, 400, 'invalid_request')).toContain("['*']")
    expect((await t.keyward.keys.get(created.id))?.scopes).toEqual(['ip'])
  })

  it('B1: a key created on the dashboard without scopes holds the host’s default scopes', async () => {
    const t = setup({ keyward: { defaultScopes: ['ip'] } })
    const created = expectSuccess<{ scopes: string[] }>(await t.create({ name: 'x' }), 201)
    expect(created.scopes).toEqual(['ip'])
  })
})
