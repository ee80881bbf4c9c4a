/**
 * The lookups by hash of one event-loop turn go out as one statement (S4): each caller gets its
 * own row or nothing, duplicates share a row, a batch is capped, a lookup never joins a batch
 * already sent, so a revocation is seen by every lookup that starts after `revoke()` returned
 * (K7, S3), and a fault or a stall rejects every caller of the batch within the bound (R5, S5).
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthDecision, createKeyward } from '../../src/index.js'
import { generateKey, hashKey } from '../../src/core/key-format.js'
import type { PgPoolClientLike, PgPoolLike, PgQueryConfig } from '../../src/stores/postgres/index.js'
import { createPostgresKeyStore, createPostgresStores } from '../../src/stores/postgres/index.js'
import { MAX_BATCH_HASHES } from '../../src/stores/postgres/lookup-batch.js'
import { makeStoredKey, randomHash, randomKeyId } from '../contracts/fixtures.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import { countingPool } from './support.js'

const LOOKUP = /^SELECT .* FROM "[a-z0-9_]+"\.keys WHERE hash = ANY\(\$1::text\[\]\)$/
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const seen = (d: AuthDecision) => (d.ok ? `200 ${d.apiKey.name}` : `${d.response.status} ${d.error.code}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The pool with the reply of its next lookup held back once Postgres has answered it: the
 * batch was read and is still in flight, as on a slow network.
 */
function holdingNextLookup(pool: pg.Pool) {
  let holding = false
  let arrived!: () => void
  let release!: () => void
  const replied = new Promise<void>((resolve) => (arrived = resolve))
  const gate = new Promise<void>((resolve) => (release = resolve))
  const wrap = (client: pg.PoolClient): PgPoolClientLike => ({
    async query(config: PgQueryConfig) {
      const held = holding && LOOKUP.test(config.text.replace(/\s+/g, ' ').trim())
      if (held) holding = false
      const result = await client.query(config as pg.QueryConfig)
      if (held) {
        arrived()
        await gate
      }
      return result as unknown as Awaited<ReturnType<PgPoolClientLike['query']>>
    },
    release: (error) => client.release(error),
    on: (event, listener) => client.on(event, listener),
    removeListener: (event, listener) => client.removeListener(event, listener),
  })
  const wrapped: PgPoolLike = {
    connect: async () => wrap(await pool.connect()),
    on: (event, listener) => pool.on(event, listener),
  }
  const hold = (): void => {
    holding = true
  }
  return { pool: wrapped, hold, replied, release }
}

describe.skipIf(!databaseAvailable())('Postgres lookups batched per event-loop turn (S4, K7, S5)', () => {
  let db: TestDatabase
  withDatabase('lookup_batch', (database) => (db = database))

  it('S4: concurrent lookups of one turn, known, unknown and repeated, go out as one statement and each gets its own row', async () => {
    const counting = countingPool(db.pool)
    const store = createPostgresKeyStore({ pool: counting, schema: db.schema })
    const keys = [
      makeStoredKey({ name: 'plain' }),
      makeStoredKey({
        name: 'owned',
        ownerId: 'acct-batch',
        meta: { plan: 'pro' },
        scopes: ['ip'],
        limits: { perMinute: 7 },
      }),
      makeStoredKey({ name: 'revoked', revokedAt: Date.now() - 1000 }),
      makeStoredKey({ name: 'sandbox', keyType: 'test', expiresAt: Date.now() + 60_000 }),
    ]
    for (const key of keys) await store.insert(key)
    const unknown = [randomHash(), randomHash()]
    const asked = [
      keys[0]!,
      unknown[0]!,
      keys[1]!,
      keys[0]!,
      keys[2]!,
      unknown[1]!,
      keys[3]!,
      unknown[0]!,
      keys[1]!,
      keys[0]!,
    ]
    counting.reset()
    const found = await Promise.all(asked.map((k) => store.findByHash(typeof k === 'string' ? k : k.hash)))
    expect(counting.count(LOOKUP)).toBe(1)
    expect(counting.statements).toHaveLength(1)
    expect(found).toEqual(asked.map((k) => (typeof k === 'string' ? undefined : k)))
    await store.close()
  })

  it('S4: a turn of requests through keyward costs one lookup statement, and each request is decided on its own key (K6, H9, L6)', async () => {
    const counting = countingPool(db.pool)
    const keyward = createKeyward({
      stores: createPostgresStores({ pool: counting, schema: db.schema }),
      failedAuthLimit: 0,
    })
    const live = await keyward.keys.create({ name: 'live', scopes: ['ip'] })
    const sandbox = await keyward.keys.create({ name: 'sandbox', sandbox: true, scopes: ['email'] })
    const revoked = await keyward.keys.create({ name: 'revoked' })
    await keyward.keys.revoke(revoked.record.id)
    const unknown = generateKey('live')
    const sequence = [live.key, sandbox.key, revoked.key, unknown, live.key, sandbox.key, revoked.key, live.key]
    counting.reset()
    const decisions = await Promise.all(sequence.map((key) => keyward.authenticate(bearer(key), { scopes: ['ip'] })))
    expect(counting.count(LOOKUP)).toBe(1)
    expect(decisions.map(seen)).toEqual([
      '200 live',
      '403 forbidden',
      '401 API_KEY_REVOKED',
      '401 INVALID_API_KEY',
      '200 live',
      '403 forbidden',
      '401 API_KEY_REVOKED',
      '200 live',
    ])
    await keyward.close()
  })

  it(`S4: a turn of more than ${MAX_BATCH_HASHES} distinct hashes is split into statements of at most ${MAX_BATCH_HASHES}, every one answered`, async () => {
    const counting = countingPool(db.pool)
    const store = createPostgresKeyStore({ pool: counting, schema: db.schema })
    const stored = Array.from({ length: MAX_BATCH_HASHES + 40 }, (_, i) => makeStoredKey({ name: `bulk ${i}` }))
    for (let i = 0; i < stored.length; i += 20)
      await Promise.all(stored.slice(i, i + 20).map((key) => store.insert(key)))
    const hashes = [...stored.map((key) => key.hash), ...Array.from({ length: MAX_BATCH_HASHES }, () => randomHash())]
    counting.reset()
    const found = await Promise.all(hashes.map((hash) => store.findByHash(hash)))
    expect(counting.count(LOOKUP)).toBe(Math.ceil(hashes.length / MAX_BATCH_HASHES))
    expect(found.map((key) => key?.id)).toEqual([
      ...stored.map((key) => key.id),
      ...Array(MAX_BATCH_HASHES).fill(undefined),
    ])
    await store.close()
  })

  it('S3: lookups of consecutive turns each read Postgres: a change made between them is seen, nothing is kept', async () => {
    const counting = countingPool(db.pool)
    const store = createPostgresKeyStore({ pool: counting, schema: db.schema })
    const key = makeStoredKey()
    await store.insert(key)
    counting.reset()
    expect((await Promise.all([1, 2, 3].map(() => store.findByHash(key.hash)))).map((k) => k?.revokedAt)).toEqual([
      null,
      null,
      null,
    ])
    await db.pool.query(`UPDATE "${db.schema}".keys SET revoked_at = now() WHERE id = $1`, [key.id])
    expect((await store.findByHash(key.hash))?.revokedAt).toEqual(expect.any(Number))
    expect(counting.count(LOOKUP)).toBe(2)
    await store.close()
  })

  describe('two instances (K7)', () => {
    let pools: pg.Pool[]
    beforeAll(() => {
      pools = [testPool(db.url), testPool(db.url)]
    })
    afterAll(async () => {
      for (const pool of pools) await pool.end()
    })

    it('K7: a request that starts after revoke() returned on A never joins B’s batch already in flight: it is refused', async () => {
      const held = holdingNextLookup(pools[1]!)
      const a = createKeyward({ stores: createPostgresStores({ pool: pools[0]!, schema: db.schema }) })
      const b = createKeyward({ stores: createPostgresStores({ pool: held.pool, schema: db.schema, timeoutMs: 5000 }) })
      const { key, record } = await a.keys.create({ name: 'revoked while a batch is in flight' })
      held.hold()
      const before = Promise.all([1, 2, 3].map(() => b.authenticate(bearer(key))))
      // B's batch was read before the revocation; its reply is still on the way.
      await held.replied
      await a.keys.revoke(record.id)
      const after = Promise.all([1, 2, 3].map(() => b.authenticate(bearer(key))))
      await sleep(20)
      held.release()
      // The held batch answers the requests that started before the revocation, as read.
      expect((await before).map(seen)).toEqual([
        '200 revoked while a batch is in flight',
        '200 revoked while a batch is in flight',
        '200 revoked while a batch is in flight',
      ])
      expect((await after).map(seen)).toEqual(['401 API_KEY_REVOKED', '401 API_KEY_REVOKED', '401 API_KEY_REVOKED'])
      await a.close()
      await b.close()
    })

    it('K7: revocations between turns under steady concurrent load on B: no request started after revoke() returned is admitted', async () => {
      const a = createKeyward({ stores: createPostgresStores({ pool: pools[0]!, schema: db.schema }) })
      const b = createKeyward({ stores: createPostgresStores({ pool: pools[1]!, schema: db.schema }) })
      for (let round = 0; round < 5; round++) {
        const { key, record } = await a.keys.create({ name: `round ${round}` })
        let revokedAt = Infinity
        const late: string[] = []
        let stop = false
        const workers = Array.from({ length: 8 }, async () => {
          while (!stop) {
            const started = performance.now()
            const decision = await b.authenticate(bearer(key))
            if (started > revokedAt && decision.ok)
              late.push(`admitted ${(started - revokedAt).toFixed(2)} ms after the revocation`)
          }
        })
        await sleep(30)
        await a.keys.revoke(record.id)
        revokedAt = performance.now()
        await sleep(30)
        stop = true
        await Promise.all(workers)
        expect(late).toEqual([])
      }
      await a.close()
      await b.close()
    })
  })

  describe('faults (R5, S5)', () => {
    const APP = `kwtest-batch-${randomKeyId().slice(4, 12)}`
    let pool: pg.Pool
    beforeAll(() => {
      pool = testPool(db.url, { max: 2, application_name: APP })
    })
    afterAll(async () => {
      await pool.end()
    })

    /** Holds an exclusive lock on the keys table, so every statement reading it waits on the server. */
    async function lockKeys(): Promise<() => Promise<void>> {
      const admin = await db.pool.connect()
      await admin.query('BEGIN')
      await admin.query(`LOCK TABLE "${db.schema}".keys IN ACCESS EXCLUSIVE MODE`)
      return async () => {
        await admin.query('ROLLBACK')
        admin.release()
      }
    }

    it('S5/R5: a batch stalled on the server answers every one of its requests 500 at the bound, in one statement; the next turn is served', async () => {
      const counting = countingPool(pool)
      const keyward = createKeyward({
        stores: createPostgresStores({ pool: counting, schema: db.schema, timeoutMs: 300 }),
        failedAuthLimit: 0,
      })
      const { key } = await keyward.keys.create({ name: 'stalled' })
      const unlock = await lockKeys()
      try {
        counting.reset()
        const started = performance.now()
        const timed = await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const decision = await keyward.authenticate(bearer(i % 3 === 0 ? generateKey('live') : key))
            return { status: seen(decision), ms: performance.now() - started }
          }),
        )
        expect(timed.map((t) => t.status)).toEqual(Array(10).fill('500 INTERNAL_ERROR'))
        for (const { ms } of timed) {
          expect(ms).toBeGreaterThanOrEqual(250)
          expect(ms).toBeLessThan(800)
        }
        expect(counting.count(LOOKUP)).toBe(1)
      } finally {
        await unlock()
      }
      expect(seen(await keyward.authenticate(bearer(key)))).toBe('200 stalled')
      await keyward.close()
    })

    it('S5/R5: a connection lost while its batch runs rejects every lookup of the batch at once, and the store recovers', async () => {
      const store = createPostgresKeyStore({ pool, schema: db.schema, timeoutMs: 5000 })
      const key = makeStoredKey()
      await store.insert(key)
      const unlock = await lockKeys()
      let settled: { outcome: string; ms: number }[]
      try {
        const started = performance.now()
        const lookups = [key.hash, randomHash(), key.hash].map((hash) =>
          store.findByHash(hash).then(
            (found) => ({ outcome: `found ${found?.id}`, ms: performance.now() - started }),
            (error: Error) => ({ outcome: `rejected: ${error.message}`, ms: performance.now() - started }),
          ),
        )
        const pid = await backendWaitingOnLock(APP)
        await db.pool.query('SELECT pg_terminate_backend($1)', [pid])
        settled = await Promise.all(lookups)
      } finally {
        await unlock()
      }
      expect(settled.map((s) => s.outcome)).toEqual(
        Array(3).fill('rejected: terminating connection due to administrator command'),
      )
      for (const { ms } of settled) expect(ms).toBeLessThan(2000)
      expect((await store.findByHash(key.hash))?.id).toBe(key.id)
      await store.close()
    })

    it('S5: a batch waiting for a pooled connection on a full pool rejects every lookup at the bound', async () => {
      const store = createPostgresKeyStore({ pool, schema: db.schema, timeoutMs: 300 })
      const key = makeStoredKey()
      await store.insert(key)
      const heldConnections = [await pool.connect(), await pool.connect()]
      const started = performance.now()
      const settled = await Promise.all(
        [key.hash, key.hash, randomHash()].map((hash) =>
          store.findByHash(hash).then(
            () => ({ outcome: 'answered', ms: performance.now() - started }),
            (error: Error) => ({ outcome: error.name, ms: performance.now() - started }),
          ),
        ),
      )
      for (const client of heldConnections) client.release()
      expect(settled.map((s) => s.outcome)).toEqual(['StoreTimeoutError', 'StoreTimeoutError', 'StoreTimeoutError'])
      for (const { ms } of settled) {
        expect(ms).toBeGreaterThanOrEqual(250)
        expect(ms).toBeLessThan(800)
      }
      expect(await store.findByHash(hashKey(generateKey('live')))).toBeUndefined()
      expect((await store.findByHash(key.hash))?.id).toBe(key.id)
      await store.close()
    })

    /** The pid of the backend of `application` that waits on a lock, once it does. */
    async function backendWaitingOnLock(application: string): Promise<number> {
      for (let i = 0; i < 200; i++) {
        const { rows } = await db.pool.query(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock' AND query LIKE '%= ANY($1::text[])%'`,
          [application],
        )
        if (rows.length > 0) return rows[0].pid as number
        await sleep(10)
      }
      throw new Error('the batch never waited on the lock')
    }
  })
})
