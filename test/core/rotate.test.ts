/**
 * rotate() (K6): a revoked key is never rotated, and a rotation that fails after its replacement
 * was made leaves no replacement active that the caller never received.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError, KeyNotFoundError, KeyRevokedError } from '../../src/core/errors.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createTestKeyward } from '../../src/testing.js'
import type { KeyStore } from '../../src/core/types.js'

/** Test stores whose key store's `method` is replaced by `replacement` (the others stay as they are). */
function storesWith<M extends keyof KeyStore>(method: M, replacement: (original: KeyStore) => KeyStore[M]) {
  const stores = createMemoryStores()
  const original = { ...stores.keys }
  return { stores: { ...stores, keys: { ...stores.keys, [method]: replacement(original) } }, keys: original }
}

describe('rotate() of a revoked key (K6)', () => {
  it('K6: throws KeyRevokedError (code conflict), and creates no key', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ name: 'deploy' })
    await t.keyward.keys.revoke(old.record.id)
    const error = await t.keyward.keys.rotate(old.record.id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeyRevokedError)
    expect((error as KeyRevokedError).code).toBe('conflict')
    expect((error as Error).message).toBe(
      `API key ${old.record.id} is revoked and cannot be rotated; create a new key instead`,
    )
    expect((await t.keyward.keys.list()).keys.map((r) => r.id)).toEqual([old.record.id])
  })

  it('K6: with a grace period as well', async () => {
    const t = createTestKeyward()
    const old = await t.issueTestKey()
    await t.keyward.keys.revoke(old.record.id)
    await expect(t.keyward.keys.rotate(old.record.id, { gracePeriodMs: 60_000 })).rejects.toBeInstanceOf(
      KeyRevokedError,
    )
    expect((await t.keyward.keys.list()).keys).toHaveLength(1)
  })

  it('B2: an expired key is not rotated (its lifetime is over): refused naming expiresAt, and no key is made', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ expiresAt: t.clock.now() + 1000 })
    t.clock.advance(2000)
    const error = await t.keyward.keys.rotate(old.record.id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeyInputError)
    expect((error as KeyInputError).field).toBe('expiresAt')
    expect((error as Error).message).toContain('create a new key')
    expect((await t.keyward.keys.list()).keys.map((r) => r.id)).toEqual([old.record.id])
  })

  it('K6: a key revoked by someone else while the replacement was made: refused, and the replacement revoked', async () => {
    let revokeFirst: (() => Promise<unknown>) | undefined
    const { stores } = storesWith('insert', (keys) => (key) => {
      keys.insert(key)
      return revokeFirst?.().then(() => undefined)
    })
    for (const gracePeriodMs of [0, 60_000]) {
      const t = createTestKeyward({ stores })
      const old = await t.issueLiveKey()
      revokeFirst = async () => {
        await t.keyward.keys.revoke(old.record.id)
        t.clock.advance(5)
      }
      await expect(t.keyward.keys.rotate(old.record.id, { gracePeriodMs })).rejects.toBeInstanceOf(KeyRevokedError)
      revokeFirst = undefined
      const active = (await t.keyward.keys.list()).keys.filter((r) => r.status === 'active')
      expect(active).toEqual([])
    }
  })
})

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

describe('rotate() never extends the lifetime (K6, B2)', () => {
  it('B2: an administrator’s 2-day key rotated after a day gives a replacement that expires when the old one would have', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ expiresAt: t.clock.now() + 2 * DAY })
    t.clock.advance(DAY)
    const rotated = await t.keyward.keys.rotate(old.record.id, { gracePeriodMs: 60_000 })
    expect(rotated.record.expiresAt).toBe(old.record.expiresAt)
    expect((await t.keyward.keys.get(rotated.record.id))?.expiresAt).toBe(old.record.expiresAt)
    t.clock.advance(DAY)
    const late = await t.authenticateKey(rotated.key)
    expect(late.ok ? 'ok' : late.error.code).toBe('API_KEY_EXPIRED')
  })

  it('B2: a later expiresAt, or null, for a key with an expiry is refused naming expiresAt; nothing is made or changed', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ expiresAt: t.clock.now() + 2 * DAY })
    for (const expiresAt of [Date.UTC(2035, 0, 1), null, t.clock.now() + 2 * DAY + 1]) {
      const error = await t.keyward.keys
        .rotate(old.record.id, { expiresAt, gracePeriodMs: DAY })
        .catch((e: unknown) => e)
      expect(error, String(expiresAt)).toBeInstanceOf(KeyInputError)
      expect((error as KeyInputError).field).toBe('expiresAt')
      expect((error as Error).message).toContain(old.record.expiresAt!)
    }
    expect(await t.keyward.keys.list()).toMatchObject({ keys: [{ id: old.record.id, status: 'active' }] })
    expect((await t.keyward.keys.get(old.record.id))?.expiresAt).toBe(old.record.expiresAt)
  })

  it('B2: an earlier expiresAt is taken, the old one itself too', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ expiresAt: t.clock.now() + 30 * DAY })
    const earlier = t.clock.now() + 7 * DAY
    const set = await t.keyward.keys.rotate(old.record.id, { expiresAt: earlier, gracePeriodMs: DAY })
    expect(set.record.expiresAt).toBe(iso(earlier))
    const same = await t.keyward.keys.rotate(set.record.id, { expiresAt: earlier })
    expect(same.record.expiresAt).toBe(iso(earlier))
  })

  it('K6: a key with no expiry gives a replacement with none, or the expiry asked', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey()
    const rotated = await t.keyward.keys.rotate(old.record.id)
    expect(rotated.record.expiresAt).toBeNull()
    const later = t.clock.now() + 90 * DAY
    expect((await t.keyward.keys.rotate(rotated.record.id, { expiresAt: later })).record.expiresAt).toBe(iso(later))
  })

  it('K6: the grace period never outlives the old key: its expiry is the earlier of now + grace and its own', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ expiresAt: t.clock.now() + 30 * DAY })
    t.clock.advance(29 * DAY)
    const rotated = await t.keyward.keys.rotate(old.record.id, { gracePeriodMs: 7 * DAY })
    expect(rotated.previous.expiresAt).toBe(old.record.expiresAt)
    expect(rotated.record.expiresAt).toBe(old.record.expiresAt)
    const shorter = await t.issueLiveKey({ expiresAt: t.clock.now() + 30 * DAY })
    const graced = await t.keyward.keys.rotate(shorter.record.id, { gracePeriodMs: DAY })
    expect(graced.previous.expiresAt).toBe(iso(t.clock.now() + DAY))
    t.clock.advance(DAY + 1)
    const after = await t.authenticateKey(shorter.key)
    expect(after.ok ? 'ok' : after.error.code).toBe('API_KEY_EXPIRED')
  })
})

describe('rotate() that fails after the replacement was made', () => {
  it.each([
    ['revoke', 0],
    ['shortenExpiry', 60_000],
  ] as const)(
    'when %s of the old key fails: the replacement is revoked and the error reaches the caller',
    async (method, gracePeriodMs) => {
      const fault = new Error('store write failed')
      const { stores } = storesWith(method, (keys) => (id: string, at: number) => {
        // Only the old key's write fails; revoking the replacement still works.
        if (id === oldId) throw fault
        return keys[method](id, at)
      })
      let oldId = ''
      const t = createTestKeyward({ stores })
      const old = await t.issueLiveKey({ name: 'deploy' })
      oldId = old.record.id
      await expect(t.keyward.keys.rotate(old.record.id, { gracePeriodMs })).rejects.toBe(fault)
      const records = (await t.keyward.keys.list()).keys
      expect(records).toHaveLength(2)
      expect(records.find((r) => r.id === old.record.id)?.status).toBe('active')
      expect(records.find((r) => r.id !== old.record.id)?.status).toBe('revoked')
    },
  )

  it('when the old key disappeared: KeyNotFoundError, and the replacement is revoked', async () => {
    const { stores } = storesWith(
      'revoke',
      (keys) => (id: string, at: number) => (id === oldId ? undefined : keys.revoke(id, at)),
    )
    let oldId = ''
    const t = createTestKeyward({ stores })
    oldId = (await t.issueLiveKey()).record.id
    await expect(t.keyward.keys.rotate(oldId)).rejects.toBeInstanceOf(KeyNotFoundError)
    expect((await t.keyward.keys.list()).keys.filter((r) => r.status === 'active').map((r) => r.id)).toEqual([oldId])
  })

  it('when the replacement cannot be revoked either: the first error reaches the caller, onError names the replacement', async () => {
    const fault = new Error('store down')
    const { stores } = storesWith('revoke', () => () => {
      throw fault
    })
    const reported: unknown[] = []
    const t = createTestKeyward({ stores, onError: (error, info) => reported.push({ error, info }) })
    const old = await t.issueLiveKey()
    await expect(t.keyward.keys.rotate(old.record.id)).rejects.toBe(fault)
    const replacement = (await t.keyward.keys.list()).keys.find((r) => r.id !== old.record.id)!
    expect(reported).toHaveLength(1)
    const { error, info } = reported[0] as { error: Error; info: { phase: string } }
    expect(info.phase).toBe('manage')
    expect(error.message).toContain(replacement.id)
    expect(error.cause).toBe(fault)
  })

  it('a bad gracePeriodMs is a TypeError before anything is read or made', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey()
    for (const gracePeriodMs of [-1, Number.NaN, '60s']) {
      await expect(t.keyward.keys.rotate(old.record.id, { gracePeriodMs } as never)).rejects.toThrow(TypeError)
    }
    expect((await t.keyward.keys.list()).keys).toHaveLength(1)
  })
})
