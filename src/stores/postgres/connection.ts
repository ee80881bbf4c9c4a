/**
 * How the Postgres stores talk to a `pg` Pool: typed as the few methods they use (never the
 * vendor's class, so `pg` stays an optional peer), every query a named prepared statement, every
 * column read as the text Postgres sent (whatever type parsers the host installed), and every
 * call, waiting for a pooled connection included, bounded in time (R5, S5).
 */
import { createHash } from 'node:crypto'
import { StoreTimeoutError } from '../../core/errors.js'

/** What a query is given: `pg`'s query config, as far as keyward uses it. */
export interface PgQueryConfig {
  /** A prepared statement's name: parsed once per connection, then only bound and run. */
  name?: string
  text: string
  values?: unknown[]
  /** Parsers for this query alone; keyward reads every column as text. */
  types?: { getTypeParser: (...args: never[]) => unknown }
  /** Rejects the query after this many milliseconds (node-postgres `query_timeout`). */
  query_timeout?: number
}

export interface PgQueryResult {
  rows: Record<string, unknown>[]
  rowCount: number | null
}

/** A connection checked out of the pool (`pg`'s `PoolClient`). */
export interface PgPoolClientLike {
  query(config: PgQueryConfig): Promise<PgQueryResult>
  /** Returns the connection; with an error, the pool closes it instead of reusing it. */
  release(error?: Error | boolean): void
  on(event: 'error', listener: (error: Error) => void): unknown
  removeListener(event: 'error', listener: (error: Error) => void): unknown
}

/**
 * A `pg` Pool. Create it with `connectionTimeoutMillis` (a second or two), so connections that a
 * frozen or unreachable server never completes are given up; keyward bounds its own waits either way.
 *
 * @example
 * import pg from 'pg'
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 2000 })
 */
export interface PgPoolLike {
  connect(): Promise<PgPoolClientLike>
  on(event: 'error', listener: (error: Error, client: unknown) => void): unknown
}

/** Every column as the text Postgres sent: the stores parse what they read themselves. */
const AS_TEXT = { getTypeParser: () => (value: string) => value } as unknown as NonNullable<PgQueryConfig['types']>

/** One SQL statement, prepared once per connection under a name derived from its text. */
export interface Statement {
  readonly name: string
  readonly text: string
}

/** A statement named after its text, so two stores on one pool with different schemas never share a name. */
export function statement(text: string): Statement {
  const digest = createHash('sha256').update(text).digest('base64url').slice(0, 20)
  return { name: `keyward_${digest}`, text }
}

export type Row = Record<string, string | null>

/** Runs statements on a pool, each call settled within `timeoutMs` (R5). */
export interface PgConnection {
  /**
   * The rows of one statement, every column as text (null for SQL NULL). With `startedAt` (a
   * `performance.now()` time), the bound counts from then instead of from the call.
   */
  rows(statement: Statement, values: unknown[], startedAt?: number): Promise<Row[]>
  /** How many rows one statement changed. */
  count(statement: Statement, values: unknown[]): Promise<number>
}

/** Whether `timeoutMs` is a usable bound; a TypeError names the option otherwise. */
export function checkTimeout(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw new TypeError(
      `keyward/postgres: option "${option}" must be a positive number of milliseconds (got ${String(value)})`,
    )
  }
  return value
}

/** Checks that `pool` looks like a `pg` Pool; a TypeError names the option otherwise. */
export function checkPool(pool: unknown): PgPoolLike {
  const candidate = pool as Partial<PgPoolLike> | null | undefined
  if (typeof candidate?.connect !== 'function' || typeof candidate.on !== 'function') {
    throw new TypeError('keyward/postgres: option "pool" must be a pg Pool (new pg.Pool({ connectionString }))')
  }
  return candidate as PgPoolLike
}

export function createPgConnection(pool: PgPoolLike, timeoutMs: number): PgConnection {
  return {
    rows: async (statement, values, startedAt) =>
      (await bounded(pool, timeoutMs, statement, values, startedAt)).rows as Row[],
    count: async (statement, values) => (await bounded(pool, timeoutMs, statement, values)).rowCount ?? 0,
  }
}

/**
 * One statement on a pooled connection, settled within `timeoutMs` from `started` (the call, or
 * the first lookup of a batch): the wait for a connection counts, so a full pool or a server that
 * does not answer rejects at the bound instead of queueing requests past it. A connection handed
 * over after the bound goes straight back; one whose query timed out or failed at the connection
 * is closed, not reused.
 */
function bounded(
  pool: PgPoolLike,
  timeoutMs: number,
  statement: Statement,
  values: unknown[],
  started = performance.now(),
): Promise<PgQueryResult> {
  const left = timeoutMs - (performance.now() - started)
  // A batch whose turn outlasted the bound is not sent at all: its callers have waited long enough.
  if (left <= 0) return Promise.reject(new StoreTimeoutError(timeoutMs))
  return new Promise<PgQueryResult>((resolve, reject) => {
    let settled = false
    const settle = (error: unknown, result?: PgQueryResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (error === undefined) resolve(result!)
      else reject(error)
    }
    const timer = setTimeout(() => settle(new StoreTimeoutError(timeoutMs)), left)
    timer.unref?.()
    pool.connect().then(
      (client) => {
        if (settled) return client.release()
        runOn(client, statement, values, Math.max(1, Math.ceil(timeoutMs - (performance.now() - started)))).then(
          (result) => settle(undefined, result),
          (error: unknown) => settle(error),
        )
      },
      (error: unknown) => settle(error ?? new Error('keyward/postgres: the pool gave no connection')),
    )
  })
}

/** A pooled connection within `timeoutMs`; one handed over later goes straight back to the pool. */
export function connectWithin(pool: PgPoolLike, timeoutMs: number): Promise<PgPoolClientLike> {
  return new Promise((resolve, reject) => {
    let late = false
    const timer = setTimeout(() => {
      late = true
      reject(new StoreTimeoutError(timeoutMs))
    }, timeoutMs)
    timer.unref?.()
    pool.connect().then(
      (client) => {
        clearTimeout(timer)
        if (late) client.release()
        else resolve(client)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** Runs one statement on a checked-out client and releases it, closing it after a connection fault. */
function runOn(
  client: PgPoolClientLike,
  statement: Statement,
  values: unknown[],
  timeoutMs: number,
): Promise<PgQueryResult> {
  return new Promise<PgQueryResult>((resolve, reject) => {
    let released = false
    const release = (error?: Error) => {
      if (released) return
      released = true
      client.removeListener('error', onError)
      client.release(error)
    }
    // A connection that dies while checked out emits 'error': without a listener the process would crash.
    const onError = (error: Error) => {
      release(error)
      reject(error)
    }
    client.on('error', onError)
    client.query({ name: statement.name, text: statement.text, values, types: AS_TEXT, query_timeout: timeoutMs }).then(
      (result) => {
        release()
        resolve(result)
      },
      (error: unknown) => {
        // An SQL error leaves the connection usable; a timeout, a broken connection or a
        // terminated backend does not.
        release(leavesConnectionUsable(error) ? undefined : (error as Error))
        reject(error)
      },
    )
  })
}

/** An error Postgres answered with (a severity and a SQLSTATE), as opposed to a fault of the connection. */
export function isSqlError(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown }
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/**
 * An SQL error after which the connection still works: not FATAL or PANIC, and not of the classes
 * a backend ends its session with (08 connection, 57 operator intervention, XX internal), which
 * also catch a FATAL whose severity the server wrote in another language.
 */
function leavesConnectionUsable(error: unknown): boolean {
  if (!isSqlError(error)) return false
  const { code, severity } = error as { code: string; severity: string }
  return severity !== 'FATAL' && severity !== 'PANIC' && !/^(08|57|XX)/.test(code)
}

/** A schema name keyward accepts: plain lowercase, so it never needs quoting rules explained. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

export const DEFAULT_SCHEMA = 'keyward'

/** The schema option, checked, quoted for SQL. */
export function quotedSchema(schema: unknown): string {
  const name = schema ?? DEFAULT_SCHEMA
  if (typeof name !== 'string' || !SCHEMA_NAME.test(name)) {
    throw new TypeError(
      `keyward/postgres: option "schema" must be 1-63 lowercase letters, digits and _ starting with a letter or _ (got ${JSON.stringify(String(name).slice(0, 70))})`,
    )
  }
  return `"${name}"`
}
