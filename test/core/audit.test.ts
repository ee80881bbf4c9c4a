/**
 * N4: every key change the key manager makes is in the audit trail, with its actor and the names
 * of the fields it set, and `keyward.audit.list()` pages it newest first.
 */
import { describe, expect, it } from 'vitest'
import type { AuditEntry, AuditLog } from '../../src/core/audit.js'
import { KeyInputError } from '../../src/core/errors.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createTestKeyward } from '../../src/testing.js'

const AUDIT_ID = /^aud_[0-9A-Za-z]{24}$/

describe('audit trail of the key manager (N4)', () => {
  it('records create, update, suspend, enable, revoke with the actor and the fields, newest first', async () => {
    const t = createTestKeyward()
    const { keys, audit } = t.keyward
    const { record } = await keys.create({ name: 'CI', sandbox: true, ownerId: 'org_a' }, { actor: 'user_1' })
    t.clock.advance(1000)
    await keys.update(record.id, { name: 'CI 2', scopes: ['ip'] }, { actor: 'user_2' })
    t.clock.advance(1000)
    await keys.update(record.id, { enabled: false })
    t.clock.advance(1000)
    await keys.update(record.id, { enabled: true }, { actor: 'ops' })
    t.clock.advance(1000)
    await keys.revoke(record.id, { actor: 'user_1' })
    const page = await audit.list({ keyId: record.id })
    const base = { keyId: record.id, ownerId: 'org_a' }
    expect(page.nextCursor).toBeNull()
    expect(page.entries.map(({ id, time, ...rest }) => rest)).toEqual([
      { ...base, action: 'revoked', actor: 'host:user_1', fields: ['revokedAt'] },
      { ...base, action: 'enabled', actor: 'host:ops', fields: ['enabled'] },
      { ...base, action: 'suspended', actor: null, fields: ['enabled'] },
      { ...base, action: 'updated', actor: 'host:user_2', fields: ['name', 'scopes'] },
      { ...base, action: 'created', actor: 'host:user_1', fields: ['name', 'keyType', 'ownerId'] },
    ])
    expect(page.entries[4]!.time).toBe(record.createdAt)
    for (const entry of page.entries) expect(entry.id).toMatch(AUDIT_ID)
  })

  it('records a revocation once: revoking again changes nothing and adds nothing', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: 'once' })
    await t.keyward.keys.revoke(record.id)
    t.clock.advance(10)
    await t.keyward.keys.revoke(record.id, { actor: 'again' })
    const actions = (await t.keyward.audit.list({ keyId: record.id })).entries.map((e) => e.action)
    expect(actions).toEqual(['revoked', 'created'])
  })

  it('records revokeAll as one revoked_all entry for the owner, and nothing when no key was revoked', async () => {
    const t = createTestKeyward()
    await t.keyward.keys.create({ name: 'a', ownerId: 'org_b' })
    await t.keyward.keys.create({ name: 'b', ownerId: 'org_b' })
    t.clock.advance(10)
    expect(await t.keyward.keys.revokeAll('org_b', { actor: 'admin' })).toBe(2)
    t.clock.advance(10)
    expect(await t.keyward.keys.revokeAll('org_b', { actor: 'admin' })).toBe(0)
    const entries = (await t.keyward.audit.list({ ownerId: 'org_b' })).entries
    expect(entries.map((e) => [e.action, e.keyId, e.actor])).toEqual([
      ['revoked_all', null, 'host:admin'],
      ['created', expect.stringMatching(/^key_/), null],
      ['created', expect.stringMatching(/^key_/), null],
    ])
  })

  it('records a rotation: the replacement created, the old key rotated (revoked, or its expiry shortened)', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: 'rot', ownerId: 'org_c' })
    t.clock.advance(10)
    const now = await t.keyward.keys.rotate(record.id, { actor: 'user_9' })
    t.clock.advance(10)
    const graced = await t.keyward.keys.rotate(now.record.id, { actor: 'user_9', gracePeriodMs: 60_000 })
    const entries = (await t.keyward.audit.list({ ownerId: 'org_c' })).entries
    const seen = entries.map((e) => [e.action, e.keyId, e.fields, e.actor])
    expect(seen).toHaveLength(5)
    expect(seen).toEqual(
      expect.arrayContaining([
        ['rotated', record.id, ['revokedAt'], 'host:user_9'],
        ['created', now.record.id, expect.arrayContaining(['name', 'keyType', 'ownerId']), 'host:user_9'],
        ['rotated', now.record.id, ['expiresAt'], 'host:user_9'],
        ['created', graced.record.id, expect.arrayContaining(['name']), 'host:user_9'],
      ]),
    )
    expect(seen.at(-1)).toEqual(['created', record.id, ['name', 'ownerId'], null])
  })

  it('pages with a cursor: every entry once, newest first', async () => {
    const t = createTestKeyward()
    for (let i = 0; i < 5; i++) {
      await t.keyward.keys.create({ name: `k${i}`, ownerId: 'org_p' })
      t.clock.advance(1)
    }
    const first = await t.keyward.audit.list({ ownerId: 'org_p', limit: 2 })
    const second = await t.keyward.audit.list({ ownerId: 'org_p', limit: 2, cursor: first.nextCursor })
    const third = await t.keyward.audit.list({ ownerId: 'org_p', limit: 2, cursor: second.nextCursor })
    expect(third.nextCursor).toBeNull()
    const names = [...first.entries, ...second.entries, ...third.entries].map((e) => e.time)
    expect(names).toEqual([...names].sort().reverse())
    expect(new Set([...first.entries, ...second.entries, ...third.entries].map((e) => e.id)).size).toBe(5)
  })

  it('refuses a bad actor with a TypeError naming it, before anything is stored', async () => {
    const t = createTestKeyward()
    await expect(t.keyward.keys.create({ name: 'x' }, { actor: '' })).rejects.toThrow(/option "actor"/)
    await expect(t.keyward.keys.create({ name: 'x' }, { actor: 5 as unknown as string })).rejects.toThrow(TypeError)
    expect((await t.keyward.keys.list()).keys).toEqual([])
    expect((await t.keyward.audit.list()).entries).toEqual([])
  })

  it('refuses bad list options with KeyInputError naming the field', async () => {
    const t = createTestKeyward()
    await expect(t.keyward.audit.list({ limit: 0 })).rejects.toMatchObject({ field: 'limit' })
    await expect(t.keyward.audit.list({ limit: 101 })).rejects.toBeInstanceOf(KeyInputError)
    await expect(t.keyward.audit.list({ cursor: 'nope' })).rejects.toMatchObject({ field: 'cursor' })
    await expect(t.keyward.audit.list({ ownerId: 'bad owner' })).rejects.toMatchObject({ field: 'ownerId' })
    await expect(t.keyward.audit.list({ keyId: 'a b' })).rejects.toMatchObject({ field: 'keyId' })
  })

  it('never stores key material: no entry holds the key or its hash', async () => {
    const stores = createMemoryStores()
    const t = createTestKeyward({ stores })
    const { key, record } = await t.keyward.keys.create({ name: 'secret', meta: { plan: 'pro' } })
    const { key: next } = await t.keyward.keys.rotate(record.id)
    const stored = JSON.stringify(stores.audit.list({ limit: 100 }))
    const hash = (await stores.keys.get(record.id))!.hash
    for (const secret of [key, next, hash, key.slice(-4), 'pro']) expect(stored).not.toContain(secret)
  })

  it('keeps the change when the audit entry cannot be stored, and tells onError with the entry', async () => {
    const stores = createMemoryStores()
    const failing: AuditLog = {
      append() {
        throw new Error('audit store down')
      },
      list: () => [],
      deleteExpired: () => 0,
    }
    const told: unknown[] = []
    const t = createTestKeyward({ stores: { ...stores, audit: failing }, onError: (error) => told.push(error) })
    const { key, record } = await t.keyward.keys.create({ name: 'kept' }, { actor: 'user_1' })
    expect(key).toMatch(/^svc_live_/)
    expect((await t.keyward.keys.get(record.id))?.status).toBe('active')
    expect(told).toHaveLength(1)
    const error = told[0] as Error
    expect(error.message).toMatch(/^keyward: the change was made but its audit entry could not be stored: /)
    const entry = JSON.parse(error.message.slice(error.message.indexOf('{'))) as AuditEntry
    expect(entry).toMatchObject({ action: 'created', keyId: record.id, actor: 'host:user_1' })
    expect(error.message).not.toContain(key)
  })

  it('without an audit log in the stores, changes work and the trail is empty', async () => {
    const { audit: _, ...stores } = createMemoryStores()
    const t = createTestKeyward({ stores })
    await t.keyward.keys.create({ name: 'x' })
    expect(await t.keyward.audit.list()).toEqual({ entries: [], nextCursor: null })
  })
})

describe('audit entry ids (N4)', () => {
  it('list changes of one millisecond in the order they were made', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: 'same ms' })
    await t.keyward.keys.update(record.id, { name: 'renamed' })
    await t.keyward.keys.revoke(record.id)
    const { entries } = await t.keyward.audit.list({ keyId: record.id })
    expect(new Set(entries.map((e) => e.time)).size).toBe(1)
    expect(entries.map((e) => e.action)).toEqual(['revoked', 'updated', 'created'])
  })
})
