/**
 * The behaviour every UsageLog must have (E5, L4a, O8). Run it from a `*.test.ts` file:
 *
 *   runUsageLogContract('memory', () => ({ log: createMemoryUsageLog() }))
 *
 * Logs that buffer appends (`flush`) are flushed before every query, as the dashboard would see
 * them after `flush()`. Queries across all keys are checked on the test's own random key ids, and
 * owners are random too, so a shared database is fine as long as other writers add fewer than ~900
 * entries meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UsageEntry, UsageLog, UsageQuery } from '../../src/core/types.js'
import { T0, randomKeyId, type Fixture, type FixtureFactory } from './fixtures.js'

let requestCounter = 0

/** A fresh owner id (O1: `[A-Za-z0-9._:@-]`). */
function randomOwnerId(): string {
  return `org-${randomKeyId().slice(4)}`
}

/** A complete usage entry of a key without owner; `overrides` replace fields. */
function makeEntry(keyId: string, overrides: Partial<UsageEntry> = {}): UsageEntry {
  requestCounter++
  return {
    keyId,
    ownerId: null,
    requestId: `req_${randomKeyId().slice(4)}${requestCounter}`,
    timestamp: new Date(T0 + requestCounter).toISOString(),
    method: 'GET',
    path: '/api/v1/ip/lookup',
    status: 200,
    ip: '203.0.113.7',
    country: null,
    ...overrides,
  }
}

/** Declares the UsageLog suite for the log that `makeLog` builds (called once per test). */
export function runUsageLogContract(name: string, makeLog: FixtureFactory<{ log: UsageLog }>): void {
  describe(`UsageLog contract: ${name}`, () => {
    let fixture: Fixture<{ log: UsageLog }>
    let log: UsageLog

    beforeEach(async () => {
      fixture = await makeLog()
      log = fixture.log
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    async function query(q: UsageQuery): Promise<UsageEntry[]> {
      await log.flush?.()
      return await log.query(q)
    }

    async function appendAll(entries: UsageEntry[]): Promise<void> {
      for (const entry of entries) await log.append(entry)
    }

    it('E5: a key’s entries come back newest first, every field as appended', async () => {
      const keyId = randomKeyId()
      const entries = [
        makeEntry(keyId, { method: 'POST', path: '/api/v1/email/validate', status: 400 }),
        makeEntry(keyId, { ip: null, country: 'DE' }),
        makeEntry(keyId, { ip: '2001:db8::1', path: '/api/v1/ünïcode/路径' }),
      ]
      await appendAll(entries)
      expect(await query({ keyId, limit: 100 })).toEqual([...entries].reverse())
    })

    it('E5/O1: an entry’s owner comes back as appended, in the key’s, the owner’s and the global query', async () => {
      const ownerId = randomOwnerId()
      const owned = makeEntry(randomKeyId(), { ownerId })
      const unowned = makeEntry(randomKeyId())
      await appendAll([owned, unowned])
      expect(await query({ keyId: owned.keyId, limit: 10 })).toEqual([owned])
      expect(await query({ keyId: unowned.keyId, limit: 10 })).toEqual([unowned])
      expect(await query({ ownerId, limit: 10 })).toEqual([owned])
      const ours = new Set([owned.keyId, unowned.keyId])
      expect((await query({ limit: 1000 })).filter((entry) => ours.has(entry.keyId))).toEqual([unowned, owned])
    })

    it('E5: at most `limit` entries are returned, the newest ones', async () => {
      const keyId = randomKeyId()
      const entries = Array.from({ length: 12 }, () => makeEntry(keyId))
      await appendAll(entries)
      expect(await query({ keyId, limit: 5 })).toEqual(entries.slice(7).reverse())
      expect(await query({ keyId, limit: 1 })).toEqual([entries[11]])
    })

    it('E5: a limit above the number held returns everything held', async () => {
      const keyId = randomKeyId()
      const entries = [makeEntry(keyId), makeEntry(keyId)]
      await appendAll(entries)
      expect(await query({ keyId, limit: 1000 })).toEqual([...entries].reverse())
    })

    it('E5: a key’s query holds only that key’s entries', async () => {
      const mine = randomKeyId()
      const other = randomKeyId()
      const entries = [makeEntry(mine), makeEntry(other), makeEntry(mine), makeEntry(other)]
      await appendAll(entries)
      expect(await query({ keyId: mine, limit: 10 })).toEqual([entries[2], entries[0]])
      expect(await query({ keyId: other, limit: 10 })).toEqual([entries[3], entries[1]])
    })

    it('E5: without keyId, entries of every key come back interleaved, newest first', async () => {
      const keyIds = [randomKeyId(), randomKeyId(), randomKeyId()]
      const entries = Array.from({ length: 9 }, (_, i) => makeEntry(keyIds[i % 3]!))
      await appendAll(entries)
      const ours = new Set(keyIds)
      const all = (await query({ limit: 1000 })).filter((entry) => ours.has(entry.keyId))
      expect(all).toEqual([...entries].reverse())
    })

    it('E5: without keyId, `limit` caps the total', async () => {
      const entries = Array.from({ length: 6 }, () => makeEntry(randomKeyId()))
      await appendAll(entries)
      const newest = await query({ limit: 2 })
      expect(newest).toHaveLength(2)
    })

    it('E5: an unknown key has no entries', async () => {
      await appendAll([makeEntry(randomKeyId())])
      expect(await query({ keyId: randomKeyId(), limit: 100 })).toEqual([])
    })

    it('L4a: entries appended concurrently are all recorded', async () => {
      const keyId = randomKeyId()
      const entries = Array.from({ length: 40 }, () => makeEntry(keyId))
      await Promise.all(entries.map((entry) => log.append(entry)))
      const held = await query({ keyId, limit: 1000 })
      expect(held).toHaveLength(40)
      expect(new Set(held.map((entry) => entry.requestId))).toEqual(new Set(entries.map((entry) => entry.requestId)))
    })

    it('O8: an owner’s query holds the entries of all its keys and only them, newest first', async () => {
      const owner = randomOwnerId()
      const other = randomOwnerId()
      const [first, second, foreign, service] = [randomKeyId(), randomKeyId(), randomKeyId(), randomKeyId()]
      const entries = [
        makeEntry(first, { ownerId: owner }),
        makeEntry(foreign, { ownerId: other }),
        makeEntry(second, { ownerId: owner, method: 'POST', status: 201 }),
        makeEntry(service),
        makeEntry(first, { ownerId: owner, path: '/api/v1/email/validate' }),
        makeEntry(foreign, { ownerId: other }),
      ]
      await appendAll(entries)
      expect(await query({ ownerId: owner, limit: 100 })).toEqual([entries[4], entries[2], entries[0]])
      expect(await query({ ownerId: other, limit: 100 })).toEqual([entries[5], entries[1]])
    })

    it('O8: `limit` caps an owner’s query, keeping the newest', async () => {
      const owner = randomOwnerId()
      const keyIds = [randomKeyId(), randomKeyId()]
      const entries = Array.from({ length: 9 }, (_, i) => makeEntry(keyIds[i % 2]!, { ownerId: owner }))
      await appendAll(entries)
      expect(await query({ ownerId: owner, limit: 4 })).toEqual(entries.slice(5).reverse())
      expect(await query({ ownerId: owner, limit: 1 })).toEqual([entries[8]])
      expect(await query({ ownerId: owner, limit: 1000 })).toEqual([...entries].reverse())
    })

    it('O8: with keyId and ownerId, only entries matching both: the key’s own when the owner holds it, none otherwise', async () => {
      const owner = randomOwnerId()
      const other = randomOwnerId()
      const mine = randomKeyId()
      const sibling = randomKeyId()
      const service = randomKeyId()
      const entries = [
        makeEntry(mine, { ownerId: owner }),
        makeEntry(sibling, { ownerId: owner }),
        makeEntry(mine, { ownerId: owner }),
        makeEntry(service),
      ]
      await appendAll(entries)
      expect(await query({ keyId: mine, ownerId: owner, limit: 100 })).toEqual([entries[2], entries[0]])
      expect(await query({ keyId: mine, ownerId: owner, limit: 1 })).toEqual([entries[2]])
      expect(await query({ keyId: mine, ownerId: other, limit: 100 })).toEqual([])
      expect(await query({ keyId: service, ownerId: owner, limit: 100 })).toEqual([])
    })

    it('O8: entries of keys without an owner are never returned for an owner’s query, whatever its id', async () => {
      const keyId = randomKeyId()
      const entries = Array.from({ length: 3 }, () => makeEntry(keyId))
      await appendAll(entries)
      for (const ownerId of [randomOwnerId(), 'null', 'undefined', '']) {
        const found = await query({ ownerId, limit: 1000 })
        expect(found.filter((entry) => entry.keyId === keyId)).toEqual([])
      }
      expect(await query({ keyId, ownerId: 'null', limit: 100 })).toEqual([])
    })

    it('O8: an owner with no entries has none', async () => {
      await appendAll([makeEntry(randomKeyId(), { ownerId: randomOwnerId() })])
      expect(await query({ ownerId: randomOwnerId(), limit: 100 })).toEqual([])
    })
  })
}
