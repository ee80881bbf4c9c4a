/**
 * The `keys` commands and `migrate` on a Postgres store: chosen by `--database-url` (or
 * `DATABASE_URL` when `REDIS_URL` is not set too), with `--schema` as the app gives
 * `createPostgresStores({ schema })`, and with `--redis-url` too, through the Redis cache the app
 * gives `createPostgresStores({ redis })` (S9), so a change reaches the cache before it returns. `pg` is loaded only here, so the other commands work where
 * it is not installed; its absence is an exit status of its own. A pool of one or two
 * connections, each wait bounded: an unreachable Postgres is a clean exit 4 within seconds.
 */
import { createKeyward, type Keyward } from '../keyward.js'
import { DEFAULT_SCHEMA, type PgPoolLike } from '../stores/postgres/connection.js'
import { createPostgresStores, type PostgresStores, SCHEMA_VERSION } from '../stores/postgres/index.js'
import type { OptionSpec, OptionValues } from './args.js'
import { stringOption } from './args.js'
import { CliError, EXIT, usageError } from './exit-status.js'
import {
  loadIoRedis,
  openConnection,
  parseRedisUrl,
  recordedOnce,
  redactUrl,
  roleTable,
  runOnStores,
  type StoreSettings,
  type StoreView,
  withoutRecording,
} from './store.js'

/** Bounds connecting and each statement. */
const CALL_TIMEOUT_MS = 3000
/** Bounds one key-manager call (one page of a listing, one revoke-all). */
const OPERATION_TIMEOUT_MS = 60_000

/** The options that choose Postgres, for the keys commands' option table. */
export const POSTGRES_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'database-url': {
    type: 'string',
    value: '<url>',
    description:
      'use the Postgres store at this URL instead of Redis (default:\n$DATABASE_URL when REDIS_URL is not set); with --redis-url too, through\nthe key cache your app gives createPostgresStores({ redis }) in that Redis',
  },
  schema: {
    type: 'string',
    value: '<schema>',
    description: `with --database-url: the schema your app gives createPostgresStores()\n(default ${DEFAULT_SCHEMA})`,
  },
}

export const POSTGRES_ENVIRONMENT: readonly (readonly [string, string])[] = [
  [
    'DATABASE_URL',
    'the Postgres URL when --database-url is not given; used only when\nREDIS_URL is not set as well (pass a flag to choose)',
  ],
]

/** A Postgres URL: postgres:// or postgresql://. */
export function parseDatabaseUrl(text: string, from: string): URL {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw usageError(
      `${from} must be a postgres:// or postgresql:// URL, e.g. postgres://postgres@127.0.0.1:5432/postgres`,
    )
  }
  return url
}

/**
 * The Postgres part of the store settings: none when Redis is meant. A flag chooses; with only
 * environment variables, both `DATABASE_URL` and `REDIS_URL` set is a usage error, since a key
 * written to the wrong store is a key the app never sees.
 */
export function postgresSettings(
  values: OptionValues,
  env: Readonly<Record<string, string | undefined>>,
): Pick<StoreSettings, 'databaseUrl' | 'schema' | 'cacheRedisUrl'> {
  const flag = stringOption(values, 'database-url')
  const schema = stringOption(values, 'schema')
  const cache = stringOption(values, 'redis-url')
  // Both flags: keys in Postgres, cached in that Redis (the app's createPostgresStores({ redis })).
  if (flag !== undefined && cache !== undefined) {
    return { databaseUrl: flag, schema: schema ?? DEFAULT_SCHEMA, cacheRedisUrl: cache }
  }
  const fromEnv = env.DATABASE_URL === '' ? undefined : env.DATABASE_URL
  const chosen = flag ?? (stringOption(values, 'redis-url') === undefined ? fromEnv : undefined)
  if (flag === undefined && chosen !== undefined && env.REDIS_URL) {
    throw usageError(
      'both DATABASE_URL and REDIS_URL are set: pass --redis-url for keys in Redis, --database-url for keys in Postgres, or both for keys in Postgres cached in Redis',
    )
  }
  if (chosen === undefined) {
    if (schema !== undefined)
      throw usageError('--schema names a Postgres schema: pass --database-url too (or set DATABASE_URL)')
    return {}
  }
  return { databaseUrl: chosen, schema: schema ?? DEFAULT_SCHEMA }
}

type PgModule = { default: { Pool: new (config: Record<string, unknown>) => PgPoolLike & { end(): Promise<void> } } }

async function loadPg(): Promise<PgModule['default']> {
  try {
    const loaded = (await import('pg')) as unknown as PgModule
    return loaded.default
  } catch (error) {
    const code = (error as { code?: unknown })?.code
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      String((error as Error).message).includes("'pg'")
    const message = missing
      ? 'the Postgres store is reached through the pg package, which is not installed here: npm install pg'
      : `the pg package is installed but does not load (${(error as Error)?.message ?? String(error)}): reinstall it with npm install pg`
    throw new CliError(EXIT.missingPackage, 'missing_package', message, { package: 'pg' }, { cause: error })
  }
}

/** A pool of at most two connections whose every wait is bounded; errors of idle connections are heard. */
export async function openPool(
  databaseUrl: string,
): Promise<{ pool: PgPoolLike; end(): Promise<void>; where: string }> {
  const url = parseDatabaseUrl(databaseUrl, 'the Postgres URL (--database-url or DATABASE_URL)')
  const { Pool } = await loadPg()
  const pool = new Pool({ connectionString: url.href, max: 2, connectionTimeoutMillis: CALL_TIMEOUT_MS })
  pool.on('error', () => {})
  return { pool, end: () => pool.end().catch(() => {}), where: `Postgres at ${redactUrl(url)}` }
}

/** Reached and migrated: exit 4 otherwise, saying which. */
async function ready(stores: PostgresStores, postgres: string, schema: string): Promise<void> {
  try {
    await stores.ready()
  } catch (error) {
    const message = (error as Error)?.message ?? String(error)
    if (message.includes('is at version')) {
      throw new CliError(
        EXIT.store,
        'store_unavailable',
        `${postgres} has no keyward schema "${schema}" at version ${SCHEMA_VERSION}: run keyward migrate --database-url <url>${schema === DEFAULT_SCHEMA ? '' : ` --schema ${schema}`} first`,
      )
    }
    throw new CliError(EXIT.store, 'store_unavailable', `cannot reach ${postgres}: ${message}`, {}, { cause: error })
  }
}

/**
 * Runs `operation` on a keyward instance backed by Postgres; always ends the pool. As
 * `withStoreKeyward`, whose callers reach this through `settings.databaseUrl`.
 */
export async function withPostgresKeyward<T>(
  settings: StoreSettings,
  operation: (keyward: Keyward, store: StoreView) => Promise<T>,
): Promise<T> {
  const schema = settings.schema ?? DEFAULT_SCHEMA
  const cacheUrl =
    settings.cacheRedisUrl === undefined
      ? undefined
      : parseRedisUrl(settings.cacheRedisUrl, 'the Redis URL (--redis-url)')
  const { pool, end, where: postgres } = await openPool(settings.databaseUrl!)
  const where = `${postgres} (schema ${schema})`
  const cache = cacheUrl === undefined ? undefined : openConnection(await loadIoRedis(), cacheUrl)
  try {
    let stores: PostgresStores
    let keywardFor: (keyPrefix: string) => Keyward
    if (cache) await connectCache(cache.client, cacheUrl!)
    try {
      stores = createPostgresStores({
        pool,
        schema,
        timeoutMs: CALL_TIMEOUT_MS,
        // A command deletes no old usage rows; with the cache the usage log is in Redis, with no retention timer.
        ...(cache
          ? { redis: { client: cache.client, prefix: settings.redisPrefix, timeoutMs: CALL_TIMEOUT_MS } }
          : { usage: { retentionIntervalMs: 0 } }),
      })
      const built = stores
      keywardFor = (keyPrefix) =>
        createKeyward({
          stores: withoutRecording(built),
          keyPrefix,
          pepper: settings.pepper,
          storeTimeoutMs: OPERATION_TIMEOUT_MS,
          ...roleTable(settings),
        })
      keywardFor(settings.keyPrefix)
    } catch (error) {
      if (error instanceof TypeError)
        throw usageError(error.message.replace(/^keyward(\/postgres)?: /, '').replace('option "schema"', '--schema'))
      throw error
    }
    // The schema is named (flag or default) and checked, so no Redis prefix guessing applies.
    const view: StoreView = {
      redis: postgres,
      where,
      scope: `in the schema ${schema}`,
      settings: { ...settings, redisPrefixStated: true },
      keysStored: async () => (await stores.keys.list({ limit: 1, now: Date.now() })).keys.length,
      storedPrefixes: async () => ({ prefixes: new Map(), complete: true }),
      appSettings: recordedOnce(stores),
      recordedPrefixes: async () => [],
    }
    return await runOnStores(stores, keywardFor, view, () => ready(stores, postgres, schema), operation)
  } finally {
    cache?.client.disconnect()
    await end()
  }
}

/** Connects the key cache's Redis (created without connecting), or exits 4 naming it. */
async function connectCache(client: { connect(): Promise<unknown> }, url: URL): Promise<void> {
  try {
    await client.connect()
  } catch (error) {
    throw new CliError(
      EXIT.store,
      'store_unavailable',
      `cannot reach the key cache, Redis at ${redactUrl(url)}: ${(error as Error)?.message ?? String(error)}`,
      {},
      { cause: error },
    )
  }
}
