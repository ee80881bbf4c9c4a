/**
 * The behaviour every KeyStore must have (src/core/types.ts, K3, K5, K6). Run it on an implementation
 * from a `*.test.ts` file:
 *
 *   runKeyStoreContract('memory', () => ({ store: createMemoryKeyStore() }))
 *
 * Stores may answer synchronously or with promises; every result is awaited. Every key is random
 * and `list()` is only checked on the test's own keys, so a shared database is fine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { KeyListQuery, KeyPage, KeyPosition, KeyStore, StoredKey } from '../../src/core/types.js'
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

      it('K5, B1: empty scopes round-trip as [], null limits and null timestamps as null', async () => {
        const key = await inserted()
        const found = await store.get(key.id)
        expect(found?.scopes).toEqual([])
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
        expect((await store.get(key.id))?.limits).toEqual({ perMonth: 20 })
      })

      it('M1: a key’s own list of named limits is stored as given, on insert and on update', async () => {
        const list = [
          { name: 'burst', limit: 5, window: 10_000 },
          { name: 'month', limit: 100, window: 'month' },
          { name: 'billing', limit: 9, window: { month: { day: 15 } } },
        ]
        const key = await inserted({ limits: list })
        expect((await store.get(key.id))?.limits).toEqual(list)
        expect((await store.findByHash(key.hash))?.limits).toEqual(list)
        const other = await inserted({ limits: { perMinute: 3 } })
        await store.update(other.id, { limits: list.slice(1) })
        expect((await store.get(other.id))?.limits).toEqual(list.slice(1))
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

    describe('list (O4)', () => {
      /** A fresh owner per test keeps a shared database's other keys out of the listing. */
      const owner = () => `owner-${randomKeyId().slice(4)}`

      async function page(query: Partial<KeyListQuery> & { ownerId: string }): Promise<KeyPage> {
        return store.list({ limit: 100, now: T0, ...query })
      }

      it("O4: an owner's keys are listed newest createdAt first, and no other owner's", async () => {
        const ownerId = owner()
        const keys = [
          await inserted({ ownerId, createdAt: T0 + 2_000 }),
          await inserted({ ownerId, createdAt: T0 }),
          await inserted({ ownerId, createdAt: T0 + 5_000 }),
          await inserted({ ownerId, createdAt: T0 + 1_000 }),
        ]
        await inserted({ ownerId: owner(), createdAt: T0 + 3_000 })
        await inserted({ createdAt: T0 + 4_000 })
        const listed = await page({ ownerId })
        expect(listed.more).toBe(false)
        expect(listed.keys.map((key) => key.createdAt)).toEqual([T0 + 5_000, T0 + 2_000, T0 + 1_000, T0])
        expect(listed.keys[0]).toEqual(keys[2])
      })

      it('O4: keys created in the same millisecond are listed larger id first', async () => {
        const ownerId = owner()
        const ids = [`key_${'A'.repeat(24)}`, `key_${'b'.repeat(24)}`, `key_${'9'.repeat(24)}`].map(
          (prefix) => prefix.slice(0, 8) + randomKeyId().slice(8),
        )
        for (const id of ids) await inserted({ id, ownerId, createdAt: T0 })
        expect((await page({ ownerId })).keys.map((key) => key.id)).toEqual([...ids].sort().reverse())
      })

      it('O4: a page holds at most `limit` keys, says whether more follow, and the next starts after its last', async () => {
        const ownerId = owner()
        for (let i = 0; i < 7; i++) await inserted({ ownerId, createdAt: T0 + i * 1_000 })
        const first = await page({ ownerId, limit: 3 })
        expect(first.keys.map((k) => k.createdAt)).toEqual([T0 + 6_000, T0 + 5_000, T0 + 4_000])
        expect(first.more).toBe(true)
        const second = await page({ ownerId, limit: 3, after: first.keys[2] })
        expect(second.keys.map((k) => k.createdAt)).toEqual([T0 + 3_000, T0 + 2_000, T0 + 1_000])
        expect(second.more).toBe(true)
        const last = await page({ ownerId, limit: 3, after: second.keys[2] })
        expect(last.keys.map((k) => k.createdAt)).toEqual([T0])
        expect(last.more).toBe(false)
      })

      it('O4: paging while keys are created skips and repeats none of the keys that existed at the first page', async () => {
        const ownerId = owner()
        const before = []
        for (let i = 0; i < 10; i++) before.push(await inserted({ ownerId, createdAt: T0 + (i % 4) * 1_000 }))
        const seen: string[] = []
        let after: KeyPosition | undefined
        for (let round = 0; round < 20; round++) {
          const got = await page({ ownerId, limit: 3, after })
          seen.push(...got.keys.map((k) => k.id))
          await inserted({ ownerId, createdAt: T0 + 10_000 + round })
          if (!got.more) break
          after = got.keys[got.keys.length - 1]
        }
        const existing = new Set(before.map((k) => k.id))
        const listedExisting = seen.filter((id) => existing.has(id))
        expect(new Set(listedExisting).size).toBe(listedExisting.length)
        expect(new Set(listedExisting)).toEqual(existing)
      })

      it('O4: filters by status at `now` (revoked, expired, active) and by key type', async () => {
        const ownerId = owner()
        const revoked = await inserted({ ownerId, revokedAt: T0 - 5, expiresAt: T0 - 1 })
        const expired = await inserted({ ownerId, expiresAt: T0 })
        const active = await inserted({ ownerId, keyType: 'test', expiresAt: T0 + 1 })
        const live = await inserted({ ownerId })
        const ids = async (query: Partial<KeyListQuery>) =>
          (await page({ ownerId, ...query })).keys.map((k) => k.id).sort()
        expect(await ids({ status: 'revoked' })).toEqual([revoked.id])
        expect(await ids({ status: 'expired' })).toEqual([expired.id])
        expect(await ids({ status: 'active' })).toEqual([active.id, live.id].sort())
        expect(await ids({ keyType: 'test' })).toEqual([active.id])
        expect(await ids({ keyType: 'live', status: 'active' })).toEqual([live.id])
      })

      it('O4: a filtered page still holds `limit` matches when non-matching keys lie between them', async () => {
        const ownerId = owner()
        for (let i = 0; i < 6; i++)
          await inserted({ ownerId, createdAt: T0 + i, keyType: i % 3 === 0 ? 'test' : 'live' })
        const got = await page({ ownerId, keyType: 'test', limit: 1 })
        expect(got.keys.map((k) => k.createdAt)).toEqual([T0 + 3])
        expect(got.more).toBe(true)
        const next = await page({ ownerId, keyType: 'test', limit: 1, after: got.keys[0] })
        expect(next.keys.map((k) => k.createdAt)).toEqual([T0])
        expect(next.more).toBe(false)
      })

      it('O4: without an owner every key is listed, ours among them in order', async () => {
        // A time no other test uses, so our keys are the first after it.
        const at = T0 + 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000)
        const keys = [await inserted({ createdAt: at }), await inserted({ ownerId: owner(), createdAt: at - 1 })]
        const got = await store.list({ limit: 2, now: T0, after: { createdAt: at + 1, id: 'key_' } })
        expect(got.keys.map((k) => k.id)).toEqual(keys.map((k) => k.id))
      })

      it('O4: an owner with no keys lists nothing', async () => {
        expect(await page({ ownerId: owner() })).toEqual({ keys: [], more: false })
      })
    })

    describe('owner and meta (O1, O2)', () => {
      it('O1/O2: ownerId and meta round-trip as inserted', async () => {
        const meta = { plan: 'pro', seats: 3, tags: ['a', 'ü'], nested: { on: true, none: null } }
        const key = await inserted({ ownerId: 'acct_42:eu@x.y-z', meta })
        expect(await store.get(key.id)).toEqual(key)
        expect((await store.findByHash(key.hash))?.meta).toEqual(meta)
      })

      it('O2: a reader that changes the meta it was handed, however deep, changes nothing the next reader sees', async () => {
        const meta = { plan: 'pro', tags: ['a'], nested: { tier: 1 } }
        const key = await inserted({ ownerId: 'acct-meta', meta })
        for (const read of [() => store.findByHash(key.hash), () => store.get(key.id)]) {
          const handed = (await read())!.meta as { plan: string; tags: string[]; nested: { tier: number } }
          const tries = [() => (handed.plan = 'free'), () => handed.tags.push('b'), () => (handed.nested.tier = 2)]
          for (const change of tries) {
            try {
              change()
            } catch {
              // A frozen object refuses the change: as good as a copy.
            }
          }
          expect((await store.findByHash(key.hash))!.meta).toEqual(meta)
          expect((await store.get(key.id))!.meta).toEqual(meta)
        }
      })

      it('O5: update replaces only the fields given and returns the key afterwards', async () => {
        const key = await inserted({
          ownerId: 'acct-1',
          meta: { plan: 'free' },
          scopes: ['ip'],
          limits: { perMinute: 5 },
        })
        const updated = await store.update(key.id, { name: 'Renamed', meta: { plan: 'pro' } })
        expect(updated).toEqual({ ...key, name: 'Renamed', meta: { plan: 'pro' } })
        const cleared = await store.update(key.id, { scopes: [], limits: null, meta: null })
        expect(cleared).toEqual({ ...key, name: 'Renamed', meta: null, scopes: [], limits: null })
        expect(await store.findByHash(key.hash)).toEqual(cleared)
      })

      it('O5: a revoked key is left as it is by update, which returns it revoked', async () => {
        const key = await inserted({ revokedAt: T0 })
        const after = await store.update(key.id, { name: 'Too late' })
        expect(after).toEqual(key)
        expect(await store.get(key.id)).toEqual(key)
      })

      it('B2: update sets expiresAt later, earlier or to null, and changes nothing else', async () => {
        const key = await inserted({ expiresAt: T0 + 2 * 86_400_000, scopes: ['ip'] })
        const later = await store.update(key.id, { expiresAt: T0 + 30 * 86_400_000 })
        expect(later).toEqual({ ...key, expiresAt: T0 + 30 * 86_400_000 })
        expect(await store.update(key.id, { expiresAt: T0 + 1000 })).toEqual({ ...key, expiresAt: T0 + 1000 })
        expect(await store.update(key.id, { expiresAt: null })).toEqual({ ...key, expiresAt: null })
        expect(await store.findByHash(key.hash)).toEqual({ ...key, expiresAt: null })
        const revoked = await inserted({ revokedAt: T0, expiresAt: T0 + 1000 })
        expect(await store.update(revoked.id, { expiresAt: null })).toEqual(revoked)
      })

      it('M5: enabled round-trips; update suspends and resumes and changes nothing else', async () => {
        const key = await inserted({ scopes: ['ip'] })
        expect((await store.findByHash(key.hash))?.enabled).toBe(true)
        const suspended = await store.update(key.id, { enabled: false })
        expect(suspended).toEqual({ ...key, enabled: false })
        expect(await store.findByHash(key.hash)).toEqual({ ...key, enabled: false })
        expect(await store.update(key.id, { enabled: true })).toEqual(key)
        const born = await inserted({ enabled: false })
        expect((await store.get(born.id))?.enabled).toBe(false)
      })

      it('M6: allowedIps round-trips; update replaces and clears it', async () => {
        const key = await inserted({ allowedIps: ['10.0.0.0/8', '2001:db8::/32'] })
        expect((await store.findByHash(key.hash))?.allowedIps).toEqual(['10.0.0.0/8', '2001:db8::/32'])
        expect(await store.update(key.id, { allowedIps: ['203.0.113.7'] })).toEqual({
          ...key,
          allowedIps: ['203.0.113.7'],
        })
        expect(await store.update(key.id, { allowedIps: null })).toEqual({ ...key, allowedIps: null })
        expect((await store.get(key.id))?.allowedIps).toBeNull()
      })

      it('M7: roles round-trip; update replaces and clears them', async () => {
        const key = await inserted({ roles: ['analyst', 'auditor'] })
        expect((await store.findByHash(key.hash))?.roles).toEqual(['analyst', 'auditor'])
        expect(await store.update(key.id, { roles: ['admin'] })).toEqual({ ...key, roles: ['admin'] })
        expect(await store.update(key.id, { roles: null })).toEqual({ ...key, roles: null })
      })

      it('M5: a revoked key cannot be enabled: update leaves it suspended and revoked', async () => {
        const key = await inserted({ enabled: false })
        await store.revoke(key.id, T0)
        expect(await store.update(key.id, { enabled: true })).toEqual({ ...key, revokedAt: T0 })
      })

      it('O5: update of an unknown id answers undefined', async () => {
        expect(await store.update(randomKeyId(), { name: 'x' })).toBeUndefined()
      })

      it('O6: revokeAll revokes every active or expired key of the owner, counts them, and keeps earlier revocations', async () => {
        const ownerId = `owner-${randomKeyId().slice(4)}`
        const active = await inserted({ ownerId })
        const expired = await inserted({ ownerId, expiresAt: T0 - 1 })
        const earlier = await inserted({ ownerId, revokedAt: T0 - 100 })
        const other = await inserted({ ownerId: `${ownerId}x` })
        expect(await store.revokeAll(ownerId, T0 + 7)).toBe(2)
        expect((await store.findByHash(active.hash))?.revokedAt).toBe(T0 + 7)
        expect((await store.get(expired.id))?.revokedAt).toBe(T0 + 7)
        expect((await store.get(earlier.id))?.revokedAt).toBe(T0 - 100)
        expect((await store.get(other.id))?.revokedAt).toBeNull()
        expect(await store.revokeAll(ownerId, T0 + 8)).toBe(0)
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
