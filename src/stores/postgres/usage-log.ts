/**
 * The usage audit log in PostgreSQL. `append` only buffers: entries go out in one
 * INSERT per batch, off the request's path. A batch whose INSERT timed out may have been
 * committed and is written again: its request ids are unique, so the second write adds nothing
 * and every entry is stored once. `close()` writes the buffer; a process killed without it loses
 * what is still buffered. Entries older than the retention period are deleted
 * in bounded batches, so no statement holds locks or runs for long.
 */
import type { UsageEntry, UsageLog, UsageQuery } from '../../core/types.js'
import { createUsageBuffer } from '../redis/usage-buffer.js'
import { type PgConnection, type Row, type Statement, statement } from './connection.js'
import { safeReporter, warnAtMostEvery } from '../../core/background-warning.js'
import { startRetention } from '../../core/retention-timer.js'

export interface PostgresUsageOptions {
  /** Days an entry is kept. Default 90. */
  retentionDays?: number
  /** How often old entries are deleted; 0 leaves it to you (`deleteExpired()`). Default 1 hour. */
  retentionIntervalMs?: number
  /** Rows one DELETE removes at most. Default 1000. */
  deleteBatch?: number
  /** Longest time an entry waits in the buffer. Default 100 ms. */
  flushIntervalMs?: number
  /** Entries that trigger a write at once, and the most one INSERT writes. Default 2000. */
  maxBatch?: number
  /** Entries buffered while Postgres refuses writes before the oldest are dropped. Default 10,000. */
  maxBuffered?: number
  /** Told when a write fails (it is retried) or entries are dropped. Default: a process warning at most every 10 s. */
  onError?: (error: unknown) => void
}

/** The Postgres UsageLog: `append` buffers (it never blocks a request), the rest answer with promises. */
export interface PostgresUsageLog extends UsageLog {
  append(entry: UsageEntry): void
  query(query: UsageQuery): Promise<UsageEntry[]>
  /** Resolves once every entry appended before the call is committed; rejects if Postgres refuses (entries stay queued). */
  flush(): Promise<void>
  /** Deletes entries older than the retention period, a batch at a time; resolves with how many. */
  deleteExpired(): Promise<number>
  /** Writes out what is buffered and stops the timers. */
  close(): Promise<void>
}

/** The most entries one query returns (E5). */
const MAX_QUERY = 1000
/** Batches one retention pass deletes at most before leaving the rest to the next pass. */
const MAX_DELETE_BATCHES = 1000

function positive(name: string, value: unknown, fallback: number, integer = true): number {
  if (value === undefined) return fallback
  const valid =
    typeof value === 'number' && Number.isFinite(value) && value > 0 && (!integer || Number.isSafeInteger(value))
  if (!valid)
    throw new TypeError(
      `keyward/postgres: option "usage.${name}" must be a positive ${integer ? 'integer' : 'number'} (got ${String(value)})`,
    )
  return value
}

/** The options with their defaults, checked (a TypeError names the option). */
function usageSettings(options: PostgresUsageOptions) {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('keyward/postgres: option "usage" must be an object')
  // Few large batches: each INSERT costs Postgres a commit and this process a pooled round trip.
  const flushIntervalMs = options.flushIntervalMs ?? 100
  if (typeof flushIntervalMs !== 'number' || !Number.isFinite(flushIntervalMs) || flushIntervalMs < 0) {
    throw new TypeError(
      `keyward/postgres: option "usage.flushIntervalMs" must be a non-negative number (got ${String(flushIntervalMs)})`,
    )
  }
  const retentionIntervalMs =
    options.retentionIntervalMs === 0
      ? 0
      : positive('retentionIntervalMs', options.retentionIntervalMs, 3_600_000, false)
  const onError =
    options.onError ?? warnAtMostEvery(10_000, 'keyward/postgres: usage entries not written yet, will retry')
  if (typeof onError !== 'function') throw new TypeError('keyward/postgres: option "usage.onError" must be a function')
  return {
    retentionDays: positive('retentionDays', options.retentionDays, 90, false),
    retentionIntervalMs,
    deleteBatch: positive('deleteBatch', options.deleteBatch, 1000),
    flushIntervalMs,
    maxBatch: positive('maxBatch', options.maxBatch, 2000),
    maxBuffered: positive('maxBuffered', options.maxBuffered, 10_000),
    onError: safeReporter(onError),
  }
}

const ENTRY_COLUMNS = `key_id, owner_id, request_id,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp,
  method, path, status, code, ip, country`

function statements(s: string) {
  const select = (where: string) =>
    statement(`SELECT ${ENTRY_COLUMNS} FROM ${s}.usage ${where} ORDER BY created_at DESC, seq DESC LIMIT $1`)
  return {
    // The request times come as epoch milliseconds: converting a number costs Postgres less than parsing text.
    insert: statement(
      `INSERT INTO ${s}.usage (key_id, owner_id, request_id, created_at, method, path, status, code, ip, country)
       SELECT key_id, owner_id, request_id, to_timestamp(at / 1000), method, path, status, code, ip, country
       FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[])
         AS entry(key_id, owner_id, request_id, at, method, path, status, code, ip, country)
       ON CONFLICT (request_id) DO NOTHING`,
    ),
    all: select(''),
    byKey: select('WHERE key_id = $2'),
    byOwner: select('WHERE owner_id = $2'),
    byKeyAndOwner: select('WHERE key_id = $2 AND owner_id = $3'),
    // Oldest first, rows another instance is deleting skipped, so passes on several instances never wait on each other.
    deleteExpired: statement(
      `DELETE FROM ${s}.usage WHERE seq IN (
         SELECT seq FROM ${s}.usage WHERE created_at < now() - $1::float8 * interval '1 day'
         ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    ),
  }
}

/** Characters an array element cannot hold as they are: a quote or a backslash is escaped, NUL replaced. */
const NOT_PLAIN = /["\\\u0000]/
const NUL = /\u0000/g
const ESCAPED = /["\\]/g

/**
 * One element of a `text[]` literal, quoted so Postgres reads the text back unchanged; NUL is
 * replaced, so one odd request cannot block every batch. Built here rather than by `pg`, whose
 * array encoding escapes every element with two replacements.
 */
function element(text: string | null | undefined): string {
  if (text == null) return 'NULL'
  const value = String(text)
  if (!NOT_PLAIN.test(value)) return `"${value}"`
  return `"${value.replace(NUL, '\uFFFD').replace(ESCAPED, '\\$&')}"`
}

/** A batch as ten array literals, one per column: one statement whatever the batch size. */
function columnsOf(batch: readonly UsageEntry[]): string[] {
  const columns: string[][] = [[], [], [], [], [], [], [], [], [], []]
  for (const entry of batch) {
    const at = Date.parse(entry.timestamp)
    columns[0]!.push(element(entry.keyId))
    columns[1]!.push(element(entry.ownerId))
    columns[2]!.push(element(entry.requestId))
    columns[3]!.push(String(Number.isFinite(at) ? at : Date.now()))
    columns[4]!.push(element(entry.method))
    columns[5]!.push(element(entry.path))
    columns[6]!.push(String(Number.isInteger(entry.status) && Math.abs(entry.status) < 2 ** 31 ? entry.status : 0))
    columns[7]!.push(element(entry.code))
    columns[8]!.push(element(entry.ip))
    columns[9]!.push(element(entry.country))
  }
  return columns.map((column) => `{${column.join(',')}}`)
}

function decodeEntry(row: Row): UsageEntry {
  return {
    keyId: row.key_id!,
    ownerId: row.owner_id ?? null,
    requestId: row.request_id!,
    timestamp: row.timestamp!,
    method: row.method!,
    path: row.path!,
    status: Number(row.status),
    code: row.code ?? null,
    ip: row.ip ?? null,
    country: row.country ?? null,
  }
}

/** The buffer's drop notice names the store it runs on. */
function postgresWording(report: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    const message = (error as Error)?.message
    if (typeof message === 'string' && message.startsWith('keyward/redis: dropped')) {
      report(
        new Error(message.replace('keyward/redis', 'keyward/postgres').replace('Redis has not', 'Postgres has not')),
      )
    } else report(error)
  }
}

export function usageLogOn(
  connection: PgConnection,
  schema: string,
  options: PostgresUsageOptions = {},
): PostgresUsageLog {
  const settings = usageSettings(options)
  const sql = statements(schema)
  const buffer = createUsageBuffer<UsageEntry>({
    flushIntervalMs: settings.flushIntervalMs,
    maxBatch: settings.maxBatch,
    maxBuffered: settings.maxBuffered,
    write: async (batch) => void (await connection.count(sql.insert, columnsOf(batch))),
    report: postgresWording(settings.onError),
  })

  async function deleteExpired(): Promise<number> {
    let deleted = 0
    for (let batch = 0; batch < MAX_DELETE_BATCHES; batch++) {
      const count = await connection.count(sql.deleteExpired, [settings.retentionDays, settings.deleteBatch])
      deleted += count
      if (count < settings.deleteBatch) break
    }
    return deleted
  }
  const retention = startRetention(settings.retentionIntervalMs, deleteExpired, settings.onError)

  return {
    append: (entry) => buffer.append(entry),
    async query({ keyId, ownerId, limit }) {
      // Read your own writes: this instance's buffered entries go out first.
      await buffer.flush()
      const count = Math.min(Math.floor(limit), MAX_QUERY)
      if (!(count >= 1)) return []
      const [query, values]: [Statement, unknown[]] =
        keyId !== undefined && ownerId !== undefined
          ? [sql.byKeyAndOwner, [count, keyId, ownerId]]
          : keyId !== undefined
            ? [sql.byKey, [count, keyId]]
            : ownerId !== undefined
              ? [sql.byOwner, [count, ownerId]]
              : [sql.all, [count]]
      return (await connection.rows(query, values)).map(decodeEntry)
    },
    flush: () => buffer.flush(),
    deleteExpired,
    async close() {
      retention.stop()
      await buffer.close()
    },
  }
}
