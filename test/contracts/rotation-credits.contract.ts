/**
 * The keys of one rotation spend one credit balance (B2), through the key manager and the request
 * path on each set of stores: a key's replacements and the old keys still in their grace period
 * together admit no more units than the balance held, one request after another or all at once.
 * Where the limiter's ledger cannot share a balance (a Redis Cluster), a key with credits is
 * rotated only without a grace period, and the replacement carries on with what was left.
 */
import { type TestContext, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import type { KeywardStores } from '../../src/core/types.js'
import { type TestKeyward, createTestKeyward } from '../../src/testing.js'
import { T0, type Fixture, type FixtureFactory, randomHash } from './fixtures.js'

const DAY = 86_400_000

export function runRotationCreditsContract(name: string, make: FixtureFactory<{ stores: KeywardStores }>): void {
  describe(`rotation credits contract: ${name}`, () => {
    let fixture: Fixture<{ stores: KeywardStores }>
    let t: TestKeyward
    beforeEach(async () => {
      fixture = await make()
      t = createTestKeyward({ stores: fixture.stores })
      t.clock.set(T0)
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    const shares = () => fixture.stores.limiter.credits?.sharedBalances !== false

    /** The first key with `remaining` credits, and `count` rotations each with a day's grace. */
    async function rotated(remaining: number, count: number, context: TestContext): Promise<string[]> {
      if (!shares()) context.skip()
      const first = await t.issueLiveKey({ credits: { remaining } })
      const keys = [first.key]
      let id = first.record.id
      for (let i = 0; i < count; i++) {
        const next = await t.keyward.keys.rotate(id, { gracePeriodMs: DAY })
        expect(next.previous.status).toBe('active')
        keys.push(next.key)
        id = next.record.id
      }
      return keys
    }

    it('B2: a 5-credit key rotated three times with a grace period: its four keys together admit 5 units', async (context) => {
      const keys = await rotated(5, 3, context)
      let admitted = 0
      for (let round = 0; round < 5; round++) {
        for (const key of keys) if ((await t.authenticateKey(key)).ok) admitted++
      }
      expect(admitted).toBe(5)
    })

    it('B2: concurrent requests on the old and the new keys admit exactly the balance', async (context) => {
      const keys = await rotated(6, 3, context)
      const decisions = await Promise.all(Array.from({ length: 24 }, (_, i) => t.authenticateKey(keys[i % 4]!)))
      expect(decisions.filter((d) => d.ok)).toHaveLength(6)
    })

    it('B2: a replacement shows the balance live, and spending through one key leaves less for the other', async (context) => {
      if (!shares()) context.skip()
      const first = await t.issueLiveKey({ credits: { remaining: 5 } })
      for (let i = 0; i < 2; i++) expect((await t.authenticateKey(first.key)).ok).toBe(true)
      const next = await t.keyward.keys.rotate(first.record.id, { gracePeriodMs: DAY })
      expect(next.record.credits).toEqual({ remaining: 3 })
      expect((await t.authenticateKey(next.key)).ok).toBe(true)
      expect((await t.keyward.keys.get(first.record.id))?.credits).toEqual({ remaining: 2 })
      await t.keyward.keys.update(next.record.id, { credits: { add: 1 } })
      expect((await t.keyward.keys.get(first.record.id))?.credits).toEqual({ remaining: 3 })
    })

    it('B2: where a balance cannot be shared, a rotation with a grace period is refused and one without carries on what is left', async (context) => {
      if (shares()) context.skip()
      const ownerId = `rotation-${randomHash().slice(0, 12)}`
      const first = await t.issueLiveKey({ credits: { remaining: 5 }, ownerId })
      expect((await t.authenticateKey(first.key)).ok).toBe(true)
      const error = await t.keyward.keys.rotate(first.record.id, { gracePeriodMs: DAY }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KeyInputError)
      expect((error as KeyInputError).field).toBe('gracePeriodMs')
      expect((await t.keyward.keys.list({ ownerId })).keys.map((k) => [k.id, k.status])).toEqual([
        [first.record.id, 'active'],
      ])
      const next = await t.keyward.keys.rotate(first.record.id)
      expect(next.record.credits).toEqual({ remaining: 4 })
      expect((await t.authenticateKey(first.key)).ok).toBe(false)
      let admitted = 0
      for (let i = 0; i < 6; i++) if ((await t.authenticateKey(next.key)).ok) admitted++
      expect(admitted).toBe(4)
    })
  })
}
