/**
 * The audit trail in PostgreSQL (table `audit`, migration v5). An entry is inserted with one
 * statement; listings read one index newest first; entries older than the retention period are
 * deleted in bounded batches, so no statement holds locks or runs for long.
 */
import {
  type AuditEntry,
  MAX_AUDIT_DELETE_BATCHES,
  type TimedAuditLog,
  type TimedAuditLogOptions,
  auditRetention,
  startAuditRetention,
} from '../../core/audit.js'
import { safeReporter } from '../../core/background-warning.js'
import { type PgConnection, type Row, type Statement, statement } from './connection.js'

/** The audit log on Postgres. */
export type PostgresAuditLog = TimedAuditLog

const COLUMNS = `id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time,
  action, actor, key_id, owner_id, array_to_json(fields) AS fields`

/** One statement per filter and paging shape, so each reads its own index. */
function listStatements(s: string): Map<string, Statement> {
  const shapes = new Map<string, Statement>()
  for (const key of [false, true]) {
    for (const owner of [false, true]) {
      for (const after of [false, true]) {
        const where: string[] = []
        if (key) where.push('key_id = $2')
        if (owner) where.push('owner_id = $3')
        if (after) where.push('(created_at, id) < ($4::timestamptz, $5::text)')
        // Unused parameters still need a type: they are compared to themselves.
        const unused = [key ? '' : '$2::text IS NULL', owner ? '' : '$3::text IS NULL']
        if (!after) unused.push('$4::timestamptz IS NULL', '$5::text IS NULL')
        const conditions = [...where, ...unused.filter(Boolean)].join(' AND ')
        shapes.set(
          `${key}${owner}${after}`,
          statement(`SELECT ${COLUMNS} FROM ${s}.audit WHERE ${conditions} ORDER BY created_at DESC, id DESC LIMIT $1`),
        )
      }
    }
  }
  return shapes
}

function decode(row: Row): AuditEntry {
  return {
    id: row.id!,
    time: row.time!,
    action: row.action as AuditEntry['action'],
    actor: row.actor ?? null,
    keyId: row.key_id ?? null,
    ownerId: row.owner_id ?? null,
    fields: JSON.parse(row.fields ?? '[]') as string[],
  }
}

export function auditLogOn(
  connection: PgConnection,
  schema: string,
  options: TimedAuditLogOptions | undefined,
  /** The stores' own reporter, told of failed retention passes unless `options.onError` is given. */
  fallbackReport: (error: unknown) => void,
): PostgresAuditLog {
  const { retentionMs, deleteBatch } = auditRetention(options, 'keyward/postgres')
  const insert = statement(
    `INSERT INTO ${schema}.audit (id, created_at, action, actor, key_id, owner_id, fields)
     VALUES ($1, $2, $3, $4, $5, $6, $7::text[]) ON CONFLICT (id) DO NOTHING`,
  )
  // Oldest first, rows another instance is deleting skipped, so passes on several instances never wait on each other.
  const deleteOld = statement(
    `DELETE FROM ${schema}.audit WHERE id IN (
       SELECT id FROM ${schema}.audit WHERE created_at < $1::timestamptz
       ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  )
  const lists = listStatements(schema)

  async function deleteExpired(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - retentionMs).toISOString()
    let deleted = 0
    for (let batch = 0; batch < MAX_AUDIT_DELETE_BATCHES; batch++) {
      const count = await connection.count(deleteOld, [cutoff, deleteBatch])
      deleted += count
      if (count < deleteBatch) break
    }
    return deleted
  }
  const report = safeReporter(options?.onError ?? fallbackReport)
  const retention = startAuditRetention(options, () => deleteExpired(), report, 'keyward/postgres')

  return {
    async append(entry) {
      await connection.count(insert, [
        entry.id,
        entry.time,
        entry.action,
        entry.actor,
        entry.keyId,
        entry.ownerId,
        entry.fields,
      ])
    },
    async list({ ownerId, keyId, limit, after }) {
      const shape = `${keyId !== undefined}${ownerId !== undefined}${after !== undefined}`
      const values = [
        limit,
        keyId ?? null,
        ownerId ?? null,
        after === undefined ? null : new Date(after.time).toISOString(),
        after?.id ?? null,
      ]
      return (await connection.rows(lists.get(shape)!, values)).map(decode)
    },
    deleteExpired,
    close: () => retention.stop(),
  }
}
