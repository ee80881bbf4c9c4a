/**
 * The behaviour every KeyStore must have (src/types.ts, K3, K5, K6). Run it on an implementation
 * from a `*.test.ts` file:
 *
 *   runKeyStoreContract('memory', () => ({ store: createMemoryKeyStore() }))
 *
 * Stores may answer synchronously or with promises; every result is awaited. Every key is random
 * and `list()` is only checked on the test's own keys, so a shared database is fine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { KeyStore, StoredKey } from '../../src/types.js'
import { T0, attempt, makeStoredKey, randomHash, randomKeyId, type Fixture, type FixtureFactory } from './fixtures.js'

/** Declares the KeyStore suite for the store that `makeStore` builds (called once per test). */
export function runKeyStoreContract(name: string, makeStore: FixtureFactory<{ store: KeyStore }>): void {
  describe(`KeyStore contract: ${name}`, () => {
    let fixture: Fixture<{ store: KeyStore }>
    let store: KeyStore

    beforeEach(async () => {
      fixture = await makeStore()
      store = fixture.store
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    async function inserted(overrides: Partial<StoredKey> = {}): Promise<StoredKey> {
      const key = makeStoredKey(overrides)
      await store.insert(key)
      return key
    }

    describe('insert and lookup', () => {
      it('K3: a key is found by its hash and by its id with every field as inserted', async () => {
        const key = await inserted({
          name: 'Billing — production ✓',
          keyType: 'test',
          expiresAt: T0 + 86_400_000,
          scopes: ['ip', 'email'],
          limits: { perMinute: 5, perMonth: 50 },
        })
        expect(await store.findByHash(key.hash)).toEqual(key)
        expect(await store.get(key.id)).toEqual(key)
      })

      it('K5: null scopes, null limits and null timestamps round-trip as null', async () => {
        const key = await inserted()
        const found = await store.get(key.id)
        expect(found?.scopes).toBeNull()
        expect(found?.limits).toBeNull()
        expect(found?.expiresAt).toBeNull()
        expect(found?.revokedAt).toBeNull()
        expect(found?.lastUsedAt).toBeNull()
      })

      it('K5: an empty scope list stays empty and does not become null (it reaches no scoped route)', async () => {
        const key = await inserted({ scopes: [] })
        expect((await store.get(key.id))?.scopes).toEqual([])
      })

      it('K5: partial limits keep only the fields that were set', async () => {
        const key = await inserted({ limits: { perMonth: 20 } })
        const limits = (await store.get(key.id))?.limits
        expect(limits?.perMonth).toBe(20)
        expect(limits?.perMinute).toBeUndefined()
      })

      it('K6: a revoked or expired key is still found by its hash (the caller decides its status)', async () => {
        const revoked = await inserted({ revokedAt: T0 + 1 })
        const expired = await inserted({ expiresAt: T0 - 1 })
        expect((await store.findByHash(revoked.hash))?.id).toBe(revoked.id)
        expect((await store.findByHash(expired.hash))?.id).toBe(expired.id)
      })

      it('an unknown hash or id finds nothing', async () => {
        await inserted()
        expect(await store.findByHash(randomHash())).toBeUndefined()
        expect(await store.get(randomKeyId())).toBeUndefined()
      })

      it('a second key with the same id is rejected and the first stays as it was', async () => {
        const first = await inserted()
        const clash = makeStoredKey({ id: first.id, name: 'Clash' })
        await expect(attempt(() => store.insert(clash))).rejects.toThrow()
        expect(await store.get(first.id)).toEqual(first)
        expect(await store.findByHash(clash.hash)).toBeUndefined()
      })

      it('a second key with the same hash is rejected and leaves no record under its id', async () => {
        const first = await inserted()
        const clash = makeStoredKey({ hash: first.hash, name: 'Clash' })
        await expect(attempt(() => store.insert(clash))).rejects.toThrow()
        expect(await store.findByHash(first.hash)).toEqual(first)
        expect(await store.get(clash.id)).toBeUndefined()
      })

      it('concurrent inserts of one hash under different ids: exactly one succeeds', async () => {
        const hash = randomHash()
        const attempts = Array.from({ length: 8 }, () => makeStoredKey({ hash }))
        const settled = await Promise.allSettled(attempts.map((key) => attempt(() => store.insert(key))))
        const winners = attempts.filter((_, i) => settled[i]!.status === 'fulfilled')
        expect(winners).toHaveLength(1)
        expect((await store.findByHash(hash))?.id).toBe(winners[0]!.id)
        for (const loser of attempts.filter((key) => key !== winners[0])) {
          expect(await store.get(loser.id)).toBeUndefined()
        }
      })

      it('keys inserted concurrently are all found', async () => {
        const keys = Array.from({ length: 50 }, (_, i) => makeStoredKey({ createdAt: T0 + i }))
        await Promise.all(keys.map((key) => store.insert(key)))
        const found = await Promise.all(keys.map((key) => store.findByHash(key.hash)))
        expect(found.map((key) => key?.id)).toEqual(keys.map((key) => key.id))
      })
    })

    describe('list', () => {
      it('K5/E5: list() returns every key, newest createdAt first', async () => {
        const keys = [
          await inserted({ createdAt: T0 + 2_000 }),
          await inserted({ createdAt: T0 }),
          await inserted({ createdAt: T0 + 5_000 }),
          await inserted({ createdAt: T0 + 1_000 }),
        ]
        const ours = new Set(keys.map((key) => key.id))
        const listed = (await store.list()).filter((key) => ours.has(key.id))
        expect(listed.map((key) => key.createdAt)).toEqual([T0 + 5_000, T0 + 2_000, T0 + 1_000, T0])
        expect(listed[0]).toEqual(keys[2])
      })

      it('K5/E5: keys created in the same millisecond are listed larger id first', async () => {
        const ids = ['key_' + 'A'.repeat(24), 'key_' + 'b'.repeat(24), 'key_' + '9'.repeat(24)].map(
          (prefix) => prefix.slice(0, 8) + randomKeyId().slice(8),
        )
        for (const id of ids) await inserted({ id, createdAt: T0 })
        const listed = (await store.list()).filter((key) => ids.includes(key.id)).map((key) => key.id)
        expect(listed).toEqual([...ids].sort().reverse())
      })

      it('E5: list() includes revoked and expired keys', async () => {
        const revoked = await inserted({ revokedAt: T0 })
        const expired = await inserted({ expiresAt: T0 - 1 })
        const ids = (await store.list()).map((key) => key.id)
        expect(ids).toContain(revoked.id)
        expect(ids).toContain(expired.id)
      })
    })

    describe('revoke', () => {
      it('K6: revoke sets revokedAt and returns the key as stored afterwards', async () => {
        const key = await inserted()
        const revoked = await store.revoke(key.id, T0 + 10_000)
        expect(revoked).toEqual({ ...key, revokedAt: T0 + 10_000 })
        expect(await store.get(key.id)).toEqual(revoked)
        expect((await store.findByHash(key.hash))?.revokedAt).toBe(T0 + 10_000)
      })

      it('K6: revoking again is idempotent and keeps the first revokedAt', async () => {
        const key = await inserted()
        await store.revoke(key.id, T0 + 10_000)
        const again = await store.revoke(key.id, T0 + 20_000)
        expect(again?.revokedAt).toBe(T0 + 10_000)
        const earlier = await store.revoke(key.id, T0 + 5_000)
        expect(earlier?.revokedAt).toBe(T0 + 10_000)
        expect((await store.get(key.id))?.revokedAt).toBe(T0 + 10_000)
      })

      it('K6: an expired key can be revoked', async () => {
        const key = await inserted({ expiresAt: T0 - 60_000 })
        expect((await store.revoke(key.id, T0))?.revokedAt).toBe(T0)
      })

      it('K6: concurrent revokes agree on one revokedAt', async () => {
        const key = await inserted()
        const results = await Promise.all([1, 2, 3, 4].map((n) => store.revoke(key.id, T0 + n * 1_000)))
        const stored = (await store.get(key.id))?.revokedAt
        expect([T0 + 1_000, T0 + 2_000, T0 + 3_000, T0 + 4_000]).toContain(stored)
        for (const result of results) expect(result?.revokedAt).toBe(stored)
      })

      it('K6: revoke changes no other field', async () => {
        const key = await inserted({ lastUsedAt: T0 - 5, expiresAt: T0 + 99_000, scopes: ['ip'] })
        await store.revoke(key.id, T0)
        expect(await store.get(key.id)).toEqual({ ...key, revokedAt: T0 })
      })

      it('revoking an unknown id returns undefined and creates nothing', async () => {
        const id = randomKeyId()
        expect(await store.revoke(id, T0)).toBeUndefined()
        expect(await store.get(id)).toBeUndefined()
      })
    })

    describe('shortenExpiry', () => {
      it('K6: shortenExpiry sets an expiry on a key that had none', async () => {
        const key = await inserted()
        const shortened = await store.shortenExpiry(key.id, T0 + 3_600_000)
        expect(shortened).toEqual({ ...key, expiresAt: T0 + 3_600_000 })
        expect((await store.get(key.id))?.expiresAt).toBe(T0 + 3_600_000)
      })

      it('K6: shortenExpiry moves an expiry earlier', async () => {
        const key = await inserted({ expiresAt: T0 + 3_600_000 })
        expect((await store.shortenExpiry(key.id, T0 + 60_000))?.expiresAt).toBe(T0 + 60_000)
        expect((await store.findByHash(key.hash))?.expiresAt).toBe(T0 + 60_000)
      })

      it('K6: shortenExpiry never moves an expiry later', async () => {
        const key = await inserted({ expiresAt: T0 + 60_000 })
        expect((await store.shortenExpiry(key.id, T0 + 3_600_000))?.expiresAt).toBe(T0 + 60_000)
        expect((await store.get(key.id))?.expiresAt).toBe(T0 + 60_000)
      })

      it('K6: shortenExpiry leaves revokedAt as it is (a revoked key stays revoked)', async () => {
        const key = await inserted({ revokedAt: T0 - 1_000 })
        expect((await store.shortenExpiry(key.id, T0 + 60_000))?.revokedAt).toBe(T0 - 1_000)
      })

      it('shortenExpiry on an unknown id returns undefined and creates nothing', async () => {
        const id = randomKeyId()
        expect(await store.shortenExpiry(id, T0)).toBeUndefined()
        expect(await store.get(id)).toBeUndefined()
      })
    })

    describe('touch', () => {
      it('L4a: touch records lastUsedAt', async () => {
        const key = await inserted()
        await store.touch(key.id, T0 + 1_234)
        expect((await store.get(key.id))?.lastUsedAt).toBe(T0 + 1_234)
        expect((await store.findByHash(key.hash))?.lastUsedAt).toBe(T0 + 1_234)
      })

      it('L4a: touch moves lastUsedAt forward', async () => {
        const key = await inserted({ lastUsedAt: T0 })
        await store.touch(key.id, T0 + 5_000)
        expect((await store.get(key.id))?.lastUsedAt).toBe(T0 + 5_000)
      })

      it('L4a: touch never moves lastUsedAt backwards (requests finishing out of order)', async () => {
        const key = await inserted()
        await store.touch(key.id, T0 + 5_000)
        await store.touch(key.id, T0 + 4_000)
        expect((await store.get(key.id))?.lastUsedAt).toBe(T0 + 5_000)
      })

      it('L4a: concurrent touches leave the latest time', async () => {
        const key = await inserted()
        const times = [7, 3, 9, 1, 5].map((n) => T0 + n * 1_000)
        await Promise.all(times.map((at) => store.touch(key.id, at)))
        expect((await store.get(key.id))?.lastUsedAt).toBe(T0 + 9_000)
      })

      it('touch changes no other field', async () => {
        const key = await inserted({ expiresAt: T0 + 99_000, limits: { perMinute: 3 } })
        await store.touch(key.id, T0 + 1)
        expect(await store.get(key.id)).toEqual({ ...key, lastUsedAt: T0 + 1 })
      })

      it('touch on an unknown id is ignored and creates nothing', async () => {
        const id = randomKeyId()
        await expect(attempt(() => store.touch(id, T0))).resolves.toBeUndefined()
        expect(await store.get(id)).toBeUndefined()
      })
    })
  })
}
