/**
 * S1: the schema comes from versioned migrations in the package; `migrate()` is idempotent and
 * safe when several instances run it at once; stores refuse to run on a schema not migrated far
 * enough, saying what to do. S4/O4: the statements the stores run use the indexes the
 * migrations create.
 */
import { afterAll, describe, expect, it } from 'vitest'
import {
  createPostgresStores,
  createPostgresKeyStore,
  migrate,
  MIGRATIONS,
  SCHEMA_VERSION,
} from '../../src/stores/postgres/index.js'
import { makeStoredKey } from '../contracts/fixtures.js'
import {
  type TestDatabase,
  databaseAvailable,
  privateClustersAvailable,
  startPostgresCluster,
  testPool,
  uniqueSchema,
  withDatabase,
} from '../helpers/postgres.js'

describe.skipIf(!databaseAvailable())('Postgres migrations (S1)', () => {
  let db: TestDatabase
  withDatabase('migrations', (database) => (db = database))
  const fresh: string[] = []
  const freshSchema = () => {
    const schema = uniqueSchema('fresh')
    fresh.push(schema)
    return schema
  }
  afterAll(async () => {
    for (const schema of fresh) await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  })

  it('S1: migrate creates the schema and applies every migration once; run again it applies nothing', async () => {
    const schema = freshSchema()
    expect(await migrate(db.pool, { schema })).toEqual({
      applied: MIGRATIONS.map((m) => m.version),
      version: SCHEMA_VERSION,
    })
    expect(await migrate(db.pool, { schema })).toEqual({ applied: [], version: SCHEMA_VERSION })
    const { rows } = await db.pool.query(`SELECT version, name FROM "${schema}".migrations ORDER BY version`)
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
  })

  it('S1: eight instances migrating one fresh schema at once: exactly one applies it, none fails', async () => {
    const schema = freshSchema()
    const pools = Array.from({ length: 8 }, () => testPool(db.url, { max: 1 }))
    try {
      const results = await Promise.all(pools.map((pool) => migrate(pool, { schema })))
      expect(results.filter((r) => r.applied.length > 0)).toHaveLength(1)
      for (const result of results) expect(result.version).toBe(SCHEMA_VERSION)
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM "${schema}".migrations`)
      expect(rows[0].n).toBe(MIGRATIONS.length)
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })

  it('C2: migrating a usage table that holds duplicates keeps the first row of each request id, and no request id can be stored twice afterwards', async () => {
    const schema = freshSchema()
    const s = `"${schema}"`
    // The schema as keyward wrote it before request ids were unique, duplicates included.
    await db.pool.query(`CREATE SCHEMA ${s}`)
    await db.pool.query(
      `CREATE TABLE ${s}.migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    const older = MIGRATIONS.filter((m) => m.name !== 'usage entries stored once')
    expect(older).toHaveLength(MIGRATIONS.length - 1)
    for (const migration of older) {
      await db.pool.query(migration.sql(s))
      await db.pool.query(`INSERT INTO ${s}.migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ])
    }
    const row = (requestId: string, status: number) =>
      db.pool.query(
        `INSERT INTO ${s}.usage (key_id, request_id, created_at, method, path, status) VALUES ('key_a', $1, now(), 'GET', '/x', $2)`,
        [requestId, status],
      )
    await row('req_one', 200)
    await row('req_one', 500)
    await row('req_two', 200)
    await row('req_one', 501)
    await migrate(db.pool, { schema })
    const { rows } = await db.pool.query(`SELECT request_id, status FROM ${s}.usage ORDER BY seq`)
    expect(rows).toEqual([
      { request_id: 'req_one', status: 200 },
      { request_id: 'req_two', status: 200 },
    ])
    await expect(row('req_two', 200)).rejects.toThrow(/unique/)
  })

  it('S1: stores on a schema never migrated refuse to start, naming migrate; after migrate they are ready', async () => {
    const schema = freshSchema()
    const stores = createPostgresStores({ pool: db.pool, schema })
    await expect(stores.ready()).rejects.toThrow(
      /schema "kwtest_fresh_[0-9a-f]+" is at version 0.*run migrate\(pool, \{ schema: /,
    )
    await migrate(db.pool, { schema })
    await expect(stores.ready()).resolves.toBeUndefined()
    await stores.close()
  })

  it('S1: a schema name that is not plain lowercase is refused at once, naming the option', () => {
    expect(() => createPostgresKeyStore({ pool: db.pool, schema: 'Keys; DROP' })).toThrow(TypeError)
    expect(() => createPostgresKeyStore({ pool: db.pool, schema: 'Keys; DROP' })).toThrow(/option "schema"/)
    return expect(migrate(db.pool, { schema: 'a"b' })).rejects.toThrow(/option "schema"/)
  })

  it('S4/O4: a batch of lookups by hash reads the hash index (as prepared: the generic plan too), and an owner page reads the owner index, among 5,000 keys', async () => {
    const keys = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
    const many = Array.from({ length: 5000 }, (_, i) =>
      makeStoredKey({ ownerId: `owner-${i % 500}`, createdAt: 1_700_000_000_000 + i }),
    )
    await db.pool.query(
      `INSERT INTO "${db.schema}".keys (id, hash, name, key_type, last4, owner_id, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])`,
      [
        many.map((k) => k.id),
        many.map((k) => k.hash),
        many.map((k) => k.name),
        many.map((k) => k.keyType),
        many.map((k) => k.last4),
        many.map((k) => k.ownerId),
        many.map((k) => new Date(k.createdAt).toISOString()),
      ],
    )
    await db.pool.query(`ANALYZE "${db.schema}".keys`)
    const plan = async (sql: string, values: unknown[]) =>
      (await db.pool.query(`EXPLAIN ${sql}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n')
    expect(
      await plan(`SELECT * FROM "${db.schema}".keys WHERE hash = ANY($1::text[])`, [[many[10]!.hash, many[11]!.hash]]),
    ).toMatch(/Index Scan (using|on) keys_hash_unique/)
    // The plan a prepared statement settles on after a few runs, for any batch.
    const client = await db.pool.connect()
    try {
      await client.query('SET plan_cache_mode = force_generic_plan')
      await client.query(`PREPARE kwtest_lookup(text[]) AS SELECT * FROM "${db.schema}".keys WHERE hash = ANY($1)`)
      const generic = (await client.query(`EXPLAIN EXECUTE kwtest_lookup('{}')`)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n')
      expect(generic).toMatch(/Index Scan (using|on) keys_hash_unique/)
      expect(generic).not.toMatch(/Seq Scan/)
    } finally {
      await client.query('DEALLOCATE ALL; RESET plan_cache_mode').catch(() => {})
      client.release()
    }
    const ownerPlan = await plan(
      `SELECT * FROM "${db.schema}".keys WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT 51`,
      ['owner-7'],
    )
    expect(ownerPlan).toMatch(/Index Scan (using|on) keys_by_owner/)
    expect(ownerPlan).not.toMatch(/Seq Scan/)
    const page = await keys.list({ ownerId: 'owner-7', limit: 5, now: Date.now() })
    expect(page.keys.map((k) => k.createdAt)).toEqual([4507, 4007, 3507, 3007, 2507].map((i) => 1_700_000_000_000 + i))
    expect(page.more).toBe(true)
    await keys.close()
  })
})

describe.skipIf(!privateClustersAvailable())('migrate on a Postgres that does not answer (S1, S5)', () => {
  it('S5: migrate gives up at its bound while Postgres is frozen, and succeeds once it answers again', async () => {
    const cluster = await startPostgresCluster()
    const pool = testPool(cluster.url, { connectionTimeoutMillis: 0 })
    try {
      cluster.freeze()
      const started = performance.now()
      await expect(migrate(pool, { timeoutMs: 300 })).rejects.toThrow(/within 300 ms/)
      expect(performance.now() - started).toBeLessThan(1000)
      cluster.thaw()
      expect((await migrate(pool, { timeoutMs: 5000 })).version).toBe(SCHEMA_VERSION)
    } finally {
      cluster.thaw()
      await pool.end()
      await cluster.stop()
    }
  })
})
