/**
 * The behaviour every UsageLog must have (E5, L4a, O8). Run it from a `*.test.ts` file:
 *
 *   runUsageLogContract('memory', () => ({ log: createMemoryUsageLog() }))
 *
 * Logs that buffer appends (`flush`) are flushed before every query, as the dashboard would see
 * them after `flush()`. `runRefusedUsageContract` checks, on a whole store family, which requests
 * of a keyward instance leave an entry (B8). Queries across all keys are checked on the test's own random key ids, and
 * owners are random too, so a shared database is fine as long as other writers add fewer than ~900
 * entries meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type AuthDecision, type Keyward } from '../../src/index.js'
import type { KeywardStores, RequestView, UsageEntry, UsageLog, UsageQuery } from '../../src/core/types.js'
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
    code: null,
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

    it('B8: a refused request’s status and code come back as appended, beside an admitted one’s null code, in the key’s, the owner’s and the global query', async () => {
      const ownerId = randomOwnerId()
      const keyId = randomKeyId()
      const entries = [
        makeEntry(keyId, { ownerId }),
        makeEntry(keyId, { ownerId, status: 429, code: 'rate_limited' }),
        makeEntry(keyId, { ownerId, status: 403, code: 'forbidden', ip: '198.51.100.23' }),
        makeEntry(keyId, { ownerId, status: 401, code: 'API_KEY_REVOKED', country: 'NL' }),
      ]
      await appendAll(entries)
      const newestFirst = [...entries].reverse()
      expect(await query({ keyId, limit: 10 })).toEqual(newestFirst)
      expect(await query({ ownerId, limit: 10 })).toEqual(newestFirst)
      expect((await query({ limit: 1000 })).filter((entry) => entry.keyId === keyId)).toEqual(newestFirst)
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

    it('C2: an entry written twice with the same request id is stored once, in the key’s, the owner’s and the global query', async () => {
      const ownerId = randomOwnerId()
      const keyId = randomKeyId()
      const [first, second, refused] = [
        makeEntry(keyId, { ownerId }),
        makeEntry(keyId, { ownerId }),
        makeEntry(keyId, { ownerId, status: 429, code: 'rate_limited' }),
      ]
      // Written again in a later write (a retried batch) and twice within one write.
      await appendAll([first, second])
      await log.flush?.()
      await appendAll([first, refused, refused, second])
      await log.flush?.()
      await appendAll([first])
      const expected = [refused, second, first]
      expect(await query({ keyId, limit: 100 })).toEqual(expected)
      expect(await query({ ownerId, limit: 100 })).toEqual(expected)
      const global = await query({ limit: 1000 })
      expect(global.filter((entry) => entry.keyId === keyId)).toEqual(expected)
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

/**
 * B8, on a whole store family: the requests of a known key that keyward refuses (429, 403, 401
 * revoked) leave a usage entry with the response's status and code, beside the admitted ones;
 * requests with an unknown key or a malformed credential leave none. `makeStores` builds the
 * family's stores (called once per test); the instance built on them is closed after the test.
 */
export function runRefusedUsageContract(name: string, makeStores: FixtureFactory<{ stores: KeywardStores }>): void {
  describe(`usage of refused requests: ${name}`, () => {
    let fixture: Fixture<{ stores: KeywardStores }>
    let keyward: Keyward
    let sequence = 0

    beforeEach(async () => {
      fixture = await makeStores()
      // Two requests a minute, so the third is refused for the limit.
      const window = { perMinute: 2, perMonth: null }
      keyward = createKeyward({ stores: fixture.stores, limits: { live: window, test: window } })
    })
    afterEach(async () => {
      await keyward.close()
      await fixture.cleanup?.()
    })

    /** A request with a request id of its own, so its entry (or its absence) can be told apart. */
    function request(authorization: string, path: string): RequestView {
      sequence++
      return {
        authorization,
        method: 'GET',
        path,
        ip: '198.51.100.23',
        requestId: `req_b8${randomKeyId().slice(4)}${sequence}`,
      }
    }

    async function refused(view: RequestView, scopes?: string[]): Promise<AuthDecision & { ok: false }> {
      const decision = await keyward.authenticate(view, scopes === undefined ? {} : { scopes })
      if (decision.ok) throw new Error(`expected a refusal of ${view.path}, got an admission`)
      return decision
    }

    async function usage(query: UsageQuery): Promise<UsageEntry[]> {
      await fixture.stores.usage.flush?.()
      return await keyward.queryUsage(query)
    }

    it('B8: a 403 (scope), a 429 and a 401 revoked of a known key appear in its usage log with status and code, after its admitted request', async () => {
      const ownerId = randomOwnerId()
      const { key, record } = await keyward.keys.create({ name: 'B8 refusals', ownerId, scopes: ['reports.read'] })
      const bearer = `Bearer ${key}`
      const admittedView = request(bearer, '/api/v1/reports')
      const admitted = await keyward.authenticate(admittedView, { scopes: ['reports.read'] })
      if (!admitted.ok) throw new Error(`expected an admission, got ${JSON.stringify(admitted.response)}`)
      keyward.recordUsage(admitted.apiKey, { method: 'GET', path: '/api/v1/reports', status: 200, ip: '198.51.100.23' })
      const forbidden = await refused(request(bearer, '/api/v1/billing'), ['billing.read'])
      await keyward.authenticate(request(bearer, '/api/v1/reports'))
      const limited = await refused(request(bearer, '/api/v1/reports'))
      await keyward.keys.revoke(record.id)
      const revoked = await refused(request(bearer, '/api/v1/reports'))
      expect([forbidden, limited, revoked].map((d) => [d.response.status, d.error.code])).toEqual([
        [403, 'forbidden'],
        [429, 'rate_limited'],
        [401, 'API_KEY_REVOKED'],
      ])

      const described = (d: { requestId: string }, path: string, status: number, code: string | null) =>
        expect.objectContaining({
          keyId: record.id,
          ownerId,
          requestId: d.requestId,
          method: 'GET',
          path,
          status,
          code,
          ip: '198.51.100.23',
        })
      const entries = await usage({ keyId: record.id, limit: 100 })
      expect(entries).toEqual([
        described(revoked, '/api/v1/reports', 401, 'API_KEY_REVOKED'),
        described(limited, '/api/v1/reports', 429, 'rate_limited'),
        described(forbidden, '/api/v1/billing', 403, 'forbidden'),
        described(admitted, '/api/v1/reports', 200, null),
      ])
      // The owner's view (the dashboard's Usage list for that owner) holds the same entries.
      expect(await usage({ ownerId, limit: 100 })).toEqual(entries)
    })

    it('B8: of refusals, only a known key’s leaves a usage entry: an unknown key’s, a malformed credential’s and a missing one’s leave none', async () => {
      const { key } = await keyward.keys.create({ name: 'B8 known', scopes: ['reports.read'] })
      const known = await refused(request(`Bearer ${key}`, '/api/v1/billing'), ['billing.read'])
      // Well formed, never issued: looked up and not found.
      const unknown = await refused(request(`Bearer ${generateKey('live')}`, '/api/v1/reports'))
      const malformed = await refused(request('Bearer svc_live_short', '/api/v1/reports'))
      const none = await refused(request('', '/api/v1/reports'))
      expect([known, unknown, malformed, none].map((d) => [d.response.status, d.error.code])).toEqual([
        [403, 'forbidden'],
        [401, 'INVALID_API_KEY'],
        [401, 'INVALID_API_KEY_FORMAT'],
        [401, 'UNAUTHORIZED'],
      ])
      const ids = new Set([known, unknown, malformed, none].map((d) => d.requestId))
      const recorded = (await usage({ limit: 1000 })).filter((entry) => ids.has(entry.requestId))
      expect(recorded.map((entry) => [entry.requestId, entry.status, entry.code])).toEqual([
        [known.requestId, 403, 'forbidden'],
      ])
    })
  })
}
