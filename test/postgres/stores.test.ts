/**
 * The Postgres stores beyond the shared contracts: one statement per authenticated request and
 * nothing else on its path (S4), `lastUsedAt` batched and written at most once per key per
 * interval (S4), usage inserted in batches and deleted after the retention period in bounded
 * batches (S4), no record cache (S3), and a full pool refused at the bound (S5).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKeyward } from '../../src/index.js'
import { generateKey, hashKey } from '../../src/core/key-format.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { createPgConnection, quotedSchema } from '../../src/stores/postgres/connection.js'
import {
  createPostgresKeyStore,
  createPostgresStores,
  createPostgresUsageLog,
} from '../../src/stores/postgres/index.js'
import { keyStoreOn } from '../../src/stores/postgres/key-store.js'
import { LAST_USED_INTERVAL_MS } from '../../src/stores/postgres/last-used.js'
import type { UsageEntry } from '../../src/core/types.js'
import { makeStoredKey, randomKeyId } from '../contracts/fixtures.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import { type CountingPool, countingPool } from './support.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const TOUCH = /^UPDATE "[a-z0-9_]+"\.keys AS k SET last_used_at/
const FIND_BY_HASH = /^SELECT .* FROM "[a-z0-9_]+"\.keys WHERE hash = ANY\(\$1::text\[\]\)$/
const INSERT_USAGE = /^INSERT INTO "[a-z0-9_]+"\.usage/
const DELETE_USAGE = /^DELETE FROM "[a-z0-9_]+"\.usage/

function entry(keyId: string, timestamp: string, overrides: Partial<UsageEntry> = {}): UsageEntry {
  return {
    keyId,
    ownerId: null,
    requestId: `req_${randomKeyId().slice(4)}`,
    timestamp,
    method: 'GET',
    path: '/api/v1/x',
    status: 200,
    code: null,
    ip: null,
    country: null,
    ...overrides,
  }
}

describe.skipIf(!databaseAvailable())('Postgres stores (S3, S4, S5)', () => {
  let db: TestDatabase
  let counting: CountingPool
  withDatabase('stores', (database) => {
    db = database
    counting = countingPool(db.pool)
  })

  describe('the request path (S4)', () => {
    it('S4: an authenticated request sends at most one statement, the lookup by hash; lastUsedAt follows off its path, once for many requests', async () => {
      const stores = createPostgresStores({ pool: counting, schema: db.schema })
      // Analytics off: its flush, a statement a second off the path, would land among those counted.
      const keyward = createKeyward({ stores, analytics: false })
      const { key, record } = await keyward.keys.create({ name: 'round trips' })
      counting.reset()
      for (let i = 0; i < 20; i++) {
        const decision = await keyward.authenticate(bearer(key))
        expect(decision.ok).toBe(true)
      }
      // One after another, each request is alone in its turn: one lookup each (concurrent ones share, lookup-batch.test.ts).
      expect(counting.statements).toHaveLength(20)
      expect(counting.count(FIND_BY_HASH)).toBe(20)
      const together = await Promise.all(Array.from({ length: 20 }, () => keyward.authenticate(bearer(key))))
      expect(together.every((decision) => decision.ok)).toBe(true)
      expect(counting.statements.slice(20).filter((text) => !TOUCH.test(text))).toHaveLength(1)
      expect(counting.count(FIND_BY_HASH)).toBe(21)
      // Written by the next tick (1 s), in one statement for all 40 requests.
      await vi.waitFor(() => expect(counting.count(TOUCH)).toBe(1), { timeout: 3000, interval: 50 })
      const { rows } = await db.pool.query(`SELECT last_used_at FROM "${db.schema}".keys WHERE id = $1`, [record.id])
      expect(rows[0].last_used_at).not.toBeNull()
      await keyward.close()
    })

    it('S4: a key is written at most once per interval however often it is used, and the last time is written in the end', async () => {
      expect(LAST_USED_INTERVAL_MS).toBe(60_000)
      const connection = createPgConnection(counting, 1000)
      const store = keyStoreOn(connection, quotedSchema(db.schema), { lastUsed: { tickMs: 20, intervalMs: 300 } })
      const key = makeStoredKey()
      await store.insert(key)
      counting.reset()
      const started = Date.now()
      let at = key.createdAt
      while (Date.now() - started < 1000) {
        at += 1000
        store.touch(key.id, at)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const writes = counting.count(TOUCH)
      // One write at the start, then at most one per 300 ms: never one per touch (there were ~150).
      expect(writes).toBeGreaterThanOrEqual(2)
      expect(writes).toBeLessThanOrEqual(5)
      await store.close()
      const { rows } = await db.pool.query(
        `SELECT (extract(epoch FROM last_used_at) * 1000)::int8::text AS at FROM "${db.schema}".keys WHERE id = $1`,
        [key.id],
      )
      expect(Number(rows[0].at)).toBe(at)
    })

    it('S4: the times of many keys go out in one statement, and another instance reads them once written', async () => {
      const connection = createPgConnection(counting, 1000)
      const store = keyStoreOn(connection, quotedSchema(db.schema), { lastUsed: { tickMs: 20, intervalMs: 60_000 } })
      const other = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
      const keys = Array.from({ length: 50 }, () => makeStoredKey())
      for (const key of keys) await store.insert(key)
      counting.reset()
      for (const key of keys) store.touch(key.id, key.createdAt + 5)
      await vi.waitFor(
        async () => {
          for (const key of keys) expect((await other.get(key.id))?.lastUsedAt).toBe(key.createdAt + 5)
        },
        { timeout: 2000, interval: 20 },
      )
      expect(counting.count(TOUCH)).toBe(1)
      await store.close()
      await other.close()
    })

    it('S3: a revocation written by another process is seen by the very next lookup (no record cache)', async () => {
      const store = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
      const key = makeStoredKey()
      await store.insert(key)
      expect((await store.findByHash(key.hash))?.revokedAt).toBeNull()
      await db.pool.query(`UPDATE "${db.schema}".keys SET revoked_at = now() WHERE id = $1`, [key.id])
      expect((await store.findByHash(key.hash))?.revokedAt).toEqual(expect.any(Number))
      await store.close()
    })
  })

  describe('usage (S4)', () => {
    it('S4: 2000 entries appended at once are inserted in one statement, and every one is recorded', async () => {
      const usage = createPostgresUsageLog({ pool: counting, schema: db.schema })
      const keyId = randomKeyId()
      counting.reset()
      for (let i = 0; i < 2000; i++) usage.append(entry(keyId, new Date(Date.now() + i).toISOString()))
      await usage.flush()
      expect(counting.count(INSERT_USAGE)).toBe(1)
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM "${db.schema}".usage WHERE key_id = $1`, [
        keyId,
      ])
      expect(rows[0].n).toBe(2000)
      await usage.close()
    })

    it('S4: every field of an entry is read back as it was appended, quotes, backslashes, braces and commas included', async () => {
      const usage = createPostgresUsageLog({ pool: db.pool, schema: db.schema })
      const keyId = randomKeyId()
      const odd = entry(keyId, '2026-03-04T05:06:07.089Z', {
        ownerId: 'org_"quoted",\\back{slash}',
        method: 'NULL',
        path: '/api/v1/{a,b}?q="x\\y" é ✓',
        status: 418,
        ip: '2001:db8::1',
        country: '',
      })
      const plain = entry(keyId, '2026-03-04T07:06:07.090+02:00', { ownerId: null, ip: null, country: null })
      usage.append(odd)
      usage.append(plain)
      await usage.flush()
      const read = await usage.query({ keyId, limit: 10 })
      expect(read).toEqual([{ ...plain, timestamp: '2026-03-04T05:06:07.090Z' }, odd])
      await usage.close()
    })

    it('S4: entries older than the retention period are deleted in bounded batches; newer ones stay', async () => {
      const usage = createPostgresUsageLog({
        pool: counting,
        schema: db.schema,
        retentionDays: 30,
        deleteBatch: 10,
        retentionIntervalMs: 0,
      })
      const keyId = randomKeyId()
      const day = 86_400_000
      for (let i = 0; i < 25; i++)
        usage.append(entry(keyId, new Date(Date.now() - 40 * day - i).toISOString(), { status: 500 }))
      for (let i = 0; i < 5; i++)
        usage.append(entry(keyId, new Date(Date.now() - 20 * day - i).toISOString(), { status: 201 }))
      await usage.flush()
      // Other tests' old entries may share the table: count ours only.
      counting.reset()
      const deleted = await usage.deleteExpired()
      expect(deleted).toBeGreaterThanOrEqual(25)
      expect(counting.count(DELETE_USAGE)).toBe(Math.floor(deleted / 10) + 1)
      const left = await usage.query({ keyId, limit: 100 })
      expect(left.map((e) => e.status)).toEqual([201, 201, 201, 201, 201])
      await usage.close()
    })

    it('S4: the retention timer deletes old entries by itself; the default period is 90 days', async () => {
      const usage = createPostgresUsageLog({ pool: db.pool, schema: db.schema, retentionIntervalMs: 50 })
      const keyId = randomKeyId()
      const day = 86_400_000
      usage.append(entry(keyId, new Date(Date.now() - 91 * day).toISOString(), { status: 410 }))
      usage.append(entry(keyId, new Date(Date.now() - 89 * day).toISOString(), { status: 200 }))
      await usage.flush()
      await vi.waitFor(
        async () => expect((await usage.query({ keyId, limit: 10 })).map((e) => e.status)).toEqual([200]),
        { timeout: 3000, interval: 50 },
      )
      await usage.close()
    })

    it('S4: a NUL character in a recorded path is stored replaced, and does not block the batch it is in', async () => {
      const usage = createPostgresUsageLog({ pool: db.pool, schema: db.schema })
      const keyId = randomKeyId()
      usage.append(entry(keyId, new Date().toISOString(), { path: '/api/v1/a\u0000b' }))
      usage.append(entry(keyId, new Date(Date.now() + 1).toISOString(), { path: '/api/v1/next' }))
      await usage.flush()
      expect((await usage.query({ keyId, limit: 10 })).map((e) => e.path)).toEqual(['/api/v1/next', '/api/v1/a\uFFFDb'])
      await usage.close()
    })
  })

  describe('bounded waits (S5)', () => {
    let small: ReturnType<typeof testPool>
    beforeAll(() => {
      small = testPool(db.url, { max: 1, connectionTimeoutMillis: 0 })
    })
    afterAll(async () => {
      await small.end()
    })

    it('S5: with the pool full, a request is answered 500 at the bound instead of queueing, and served once a connection is free', async () => {
      const keyward = createKeyward({
        stores: createPostgresStores({ pool: small, schema: db.schema, timeoutMs: 300 }),
      })
      const { key } = await keyward.keys.create({ name: 'full pool' })
      const held = await small.connect()
      const started = performance.now()
      const decision = await keyward.authenticate(bearer(key))
      const elapsed = performance.now() - started
      expect(decision.ok ? 200 : decision.response.status).toBe(500)
      if (!decision.ok) expect(decision.error.code).toBe('INTERNAL_ERROR')
      expect(elapsed).toBeGreaterThanOrEqual(250)
      expect(elapsed).toBeLessThan(800)
      held.release()
      // The waiter given up at the bound hands its connection straight back: nothing runs late.
      await vi.waitFor(() => expect(small.waitingCount).toBe(0))
      const after = await keyward.authenticate(bearer(key))
      expect(after.ok).toBe(true)
      await keyward.close()
    })

    it('S5: a statement slower than the bound is refused at the bound and its connection closed, not reused', async () => {
      const connection = createPgConnection(small, 300)
      const started = performance.now()
      await expect(connection.rows({ name: 'keyward_test_sleep', text: 'SELECT pg_sleep(2)' }, [])).rejects.toThrow(
        /within 300 ms|timeout/i,
      )
      expect(performance.now() - started).toBeLessThan(800)
      // The next statement gets a fresh connection and answers at once.
      const [row] = await connection.rows({ name: 'keyward_test_one', text: 'SELECT 1 AS one' }, [])
      expect(row).toEqual({ one: '1' })
    })

    it('S5: connections the server closes while idle are reported to onError, and the stores carry on', async () => {
      const errors: unknown[] = []
      const name = `kwtest-idle-${randomKeyId().slice(4, 12)}`
      const pool = testPool(db.url, { max: 2, application_name: name })
      const stores = createPostgresStores({ pool, schema: db.schema, onError: (error) => errors.push(error) })
      const key = makeStoredKey()
      await stores.keys.insert(key)
      await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [name])
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 3000 })
      expect((await stores.keys.findByHash(key.hash))?.id).toBe(key.id)
      await stores.close()
      await pool.end()
    })
  })

  describe('the limiter (S2)', () => {
    it('S2: limits are counted in memory by default, or in the limiter given; the stores vouch for their bound only with their own limiter', () => {
      const own = createPostgresStores({ pool: db.pool, schema: db.schema })
      expect(own.timeoutMs).toBe(1000)
      const limiter = createMemoryRateLimiter()
      const given = createPostgresStores({ pool: db.pool, schema: db.schema, limiter })
      expect(given.limiter).toBe(limiter)
      expect(given.timeoutMs).toBeUndefined()
      expect(given.authorize).toBeUndefined()
      expect(() => createPostgresStores({ pool: db.pool, limiter: {} as never })).toThrow(/option "limiter"/)
    })
  })

  it('K3: a duplicate insert is refused without echoing the hash', async () => {
    const store = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
    const key = makeStoredKey({ hash: hashKey(generateKey('live')) })
    await store.insert(key)
    const error = await store.insert(makeStoredKey({ hash: key.hash })).catch((e: Error) => e)
    expect((error as Error).message).toBe('keyward/postgres: a key with this hash already exists')
    await store.close()
  })
})
