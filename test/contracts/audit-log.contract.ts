/**
 * The behaviour every AuditLog must have (N4, N5). Run it from a `*.test.ts` file:
 *
 *   runAuditLogContract('memory', (options) => ({ log: createMemoryAuditLog(options) }))
 *
 * Owners and key ids are random, so a store shared by other tests in the file is fine. Queries
 * across every key use entries timed far after anything else the suite writes, so they are the
 * newest whatever else the store holds.
 */
import { afterEach, describe, expect, it } from 'vitest'
import {
  type AuditAction,
  type AuditEntry,
  type AuditLog,
  type AuditLogOptions,
  generateAuditId,
  positionOf,
} from '../../src/core/audit.js'
import { T0, randomKeyId, type Fixture } from './fixtures.js'

type Factory = (options?: AuditLogOptions) => Fixture<{ log: AuditLog }> | Promise<Fixture<{ log: AuditLog }>>

const DAY = 86_400_000

function randomOwnerId(): string {
  return `org-${randomKeyId().slice(4)}`
}

function entry(overrides: Partial<AuditEntry> & { at?: number } = {}): AuditEntry {
  const { at = T0, ...rest } = overrides
  return {
    id: generateAuditId(),
    time: new Date(at).toISOString(),
    action: 'created' as AuditAction,
    actor: 'admin',
    keyId: randomKeyId(),
    ownerId: null,
    fields: ['name'],
    ...rest,
  }
}

export function runAuditLogContract(name: string, make: Factory): void {
  describe(`AuditLog contract: ${name}`, () => {
    const cleanups: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup()
    })
    async function open(options?: AuditLogOptions): Promise<AuditLog> {
      const fixture = await make(options)
      if (fixture.cleanup) cleanups.push(fixture.cleanup)
      return fixture.log
    }

    it('gives back each entry as appended, every field equal (N4)', async () => {
      const log = await open()
      const ownerId = randomOwnerId()
      const written = entry({
        ownerId,
        actor: 'user_42',
        action: 'updated',
        fields: ['name', 'scopes'],
        at: T0 + 7,
      })
      await log.append(written)
      expect(await log.list({ ownerId, limit: 10 })).toEqual([written])
    })

    it('keeps an entry without key (revoked_all) or actor', async () => {
      const log = await open()
      const ownerId = randomOwnerId()
      const written = entry({ ownerId, keyId: null, actor: null, action: 'revoked_all', fields: [] })
      await log.append(written)
      expect(await log.list({ ownerId, limit: 10 })).toEqual([written])
    })

    it('lists newest first, equal times by the larger id first, whatever the append order (N4)', async () => {
      const log = await open()
      const ownerId = randomOwnerId()
      const entries = [0, 3, 1, 1, 2, 1].map((step) => entry({ ownerId, at: T0 + step * 1000 }))
      for (const e of entries) await log.append(e)
      const expected = [...entries].sort((a, b) => {
        const [pa, pb] = [positionOf(a), positionOf(b)]
        return pa.time !== pb.time ? pb.time - pa.time : pa.id < pb.id ? 1 : -1
      })
      expect((await log.list({ ownerId, limit: 10 })).map((e) => e.id)).toEqual(expected.map((e) => e.id))
    })

    it("filters by owner and by key, and an owner's listing holds no other owner's entry (N4, O8)", async () => {
      const log = await open()
      const [a, b] = [randomOwnerId(), randomOwnerId()]
      const keyA = randomKeyId()
      const ofA = [entry({ ownerId: a, keyId: keyA, at: T0 + 1 }), entry({ ownerId: a, at: T0 + 2 })]
      const ofB = [entry({ ownerId: b, at: T0 + 3 }), entry({ ownerId: b, at: T0 + 4 })]
      for (const e of [...ofA, ...ofB]) await log.append(e)
      expect((await log.list({ ownerId: a, limit: 10 })).map((e) => e.id)).toEqual([ofA[1]!.id, ofA[0]!.id])
      expect((await log.list({ ownerId: b, limit: 10 })).map((e) => e.id)).toEqual([ofB[1]!.id, ofB[0]!.id])
      expect((await log.list({ keyId: keyA, limit: 10 })).map((e) => e.id)).toEqual([ofA[0]!.id])
      expect((await log.list({ keyId: keyA, ownerId: a, limit: 10 })).map((e) => e.id)).toEqual([ofA[0]!.id])
      expect(await log.list({ keyId: keyA, ownerId: b, limit: 10 })).toEqual([])
    })

    it('pages after a position: every entry once, in order, none repeated (N4)', async () => {
      const log = await open()
      const ownerId = randomOwnerId()
      const entries = Array.from({ length: 7 }, (_, i) => entry({ ownerId, at: T0 + Math.floor(i / 2) }))
      for (const e of entries) await log.append(e)
      const all = await log.list({ ownerId, limit: 100 })
      expect(all).toHaveLength(7)
      const seen: string[] = []
      let after: ReturnType<typeof positionOf> | undefined
      for (let page = 0; page < 10; page++) {
        const got = await log.list({ ownerId, limit: 3, after })
        seen.push(...got.map((e) => e.id))
        if (got.length < 3) break
        after = positionOf(got[got.length - 1]!)
      }
      expect(seen).toEqual(all.map((e) => e.id))
    })

    it('lists across every key, newest first, at most limit', async () => {
      const log = await open()
      const late = T0 + 3650 * DAY + Math.floor(Math.random() * 1000) * 10
      const entries = [1, 2, 3].map((i) => entry({ ownerId: randomOwnerId(), at: late + i }))
      for (const e of entries) await log.append(e)
      expect((await log.list({ limit: 2 })).map((e) => e.id)).toEqual([entries[2]!.id, entries[1]!.id])
    })

    it('deletes entries past the retention period, in batches, and nothing newer (N4)', async () => {
      const log = await open({ retentionDays: 10, deleteBatch: 2 })
      const ownerId = randomOwnerId()
      const now = T0 + 100 * DAY
      const old = [1, 2, 3, 4, 5].map((i) => entry({ ownerId, at: now - 11 * DAY - i }))
      const kept = [entry({ ownerId, at: now - 9 * DAY }), entry({ ownerId, at: now - 1 })]
      // The kept ones first: a log may prune as of each appended entry's time.
      for (const e of [...kept, ...old]) await log.append(e)
      const deleted = await log.deleteExpired(now)
      expect(deleted).toBeGreaterThanOrEqual(old.length)
      expect((await log.list({ ownerId, limit: 10 })).map((e) => e.id)).toEqual([kept[1]!.id, kept[0]!.id])
      expect(await log.list({ keyId: old[0]!.keyId!, limit: 10 })).toEqual([])
    })

    it('keeps a year by default', async () => {
      const log = await open()
      const ownerId = randomOwnerId()
      const now = T0 + 1000 * DAY
      const inside = entry({ ownerId, at: now - 364 * DAY })
      const outside = entry({ ownerId, at: now - 366 * DAY })
      await log.append(outside)
      await log.append(inside)
      await log.deleteExpired(now)
      expect((await log.list({ ownerId, limit: 10 })).map((e) => e.id)).toEqual([inside.id])
    })
  })
}
