/** The audit trail on PostgreSQL passes the shared AuditLog contract (N4, N5). */
import { describe, expect, it } from 'vitest'
import { createKeyward } from '../../src/keyward.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import type { AuditLogOptions } from '../../src/core/audit.js'
import { runAuditLogContract } from '../contracts/audit-log.contract.js'
import { type TestDatabase, databaseAvailable, withDatabase } from '../helpers/postgres.js'

describe.skipIf(!databaseAvailable())('Postgres audit trail', () => {
  let db: TestDatabase
  withDatabase('audit', (database) => (db = database))

  runAuditLogContract('postgres', (options?: AuditLogOptions) => {
    const stores = createPostgresStores({ pool: db.pool, schema: db.schema, audit: options })
    return { log: stores.audit, cleanup: () => stores.close() }
  })

  it('keeps the audit table behind migration v5, with an index per listing (N4)', async () => {
    const { rows } = await db.pool.query(
      `SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'audit' ORDER BY indexname`,
      [db.schema],
    )
    expect(rows.map((r) => r.indexname)).toEqual(['audit_by_key', 'audit_by_owner', 'audit_by_time', 'audit_pkey'])
  })

  it('keyward on Postgres records a change with its actor, read back by audit.list (N4, N5)', async () => {
    const stores = createPostgresStores({ pool: db.pool, schema: db.schema })
    const keyward = createKeyward({ stores })
    try {
      const ownerId = `org-pg-${Date.now()}`
      const { record } = await keyward.keys.create({ name: 'pg', ownerId }, { actor: 'user_pg' })
      await keyward.keys.revoke(record.id, { actor: 'user_pg' })
      const page = await keyward.audit.list({ ownerId })
      expect(page.entries.map((e) => [e.action, e.actor, e.keyId])).toEqual([
        ['revoked', 'host:user_pg', record.id],
        ['created', 'host:user_pg', record.id],
      ])
      const { rows } = await db.pool.query(
        `SELECT fields FROM "${db.schema}".audit WHERE key_id = $1 ORDER BY created_at`,
        [record.id],
      )
      // Field names only, never the values (the key's name is 'pg').
      expect(rows.map((row) => row.fields)).toEqual([['name', 'ownerId'], ['revokedAt']])
    } finally {
      await keyward.close()
    }
  })

  it('refuses an action outside the list at the database too', async () => {
    await expect(
      db.pool.query(
        `INSERT INTO "${db.schema}".audit (id, created_at, action, fields) VALUES ('aud_bad', now(), 'deleted', '{}')`,
      ),
    ).rejects.toThrow(/check constraint/)
  })
})
