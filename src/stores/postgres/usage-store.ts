/**
 * Where `createPostgresStores()` keeps the usage log. Without the Redis cache: Postgres, one row
 * per request, written in batches. With it: Redis by default, in the Redis store's capped lists,
 * so a request costs Postgres no write at all; `usage: 'postgres'` keeps the durable log in
 * Postgres (one row per request, its CPU and disk with it). Keys, owner limits, the audit trail
 * and the analytics stay in Postgres either way.
 */
import type { RedisUsageLog, RedisUsageOptions } from '../redis/usage-log.js'
import type { PgConnection } from './connection.js'
import type { RecordCache } from './redis-cache.js'
import { type PostgresUsageLog, type PostgresUsageOptions, usageLogOn } from './usage-log.js'

/** Where the usage log lives: `'redis'` only with the Redis cache. */
export type PostgresUsageStore = 'postgres' | 'redis'

/** The `usage` option of `createPostgresStores()`: where the log lives and how it is written and kept. */
export interface PostgresStoresUsageOptions
  extends PostgresUsageOptions,
    Pick<RedisUsageOptions, 'perKeyLimit' | 'perOwnerLimit' | 'globalLimit'> {
  /**
   * `'redis'` (the default with the Redis cache): the Redis store's usage log, capped per key (1,000),
   * per owner (1,000) and overall (100,000), no Postgres write per request. `'postgres'` (the
   * default, and the only choice, without the cache): one row per request, kept `retentionDays`.
   */
  store?: PostgresUsageStore
}

/** Options that only one of the two logs reads: given for the other, they are a mistake. */
const ONLY_POSTGRES = ['retentionDays', 'retentionIntervalMs', 'deleteBatch'] as const
const ONLY_REDIS = ['perKeyLimit', 'perOwnerLimit', 'globalLimit'] as const

/** The usage log the options choose, on Postgres or on the cache's Redis. */
export function usageStoreOn(
  option: PostgresUsageStore | PostgresStoresUsageOptions | undefined,
  cache: RecordCache | null,
  connection: PgConnection,
  schema: string,
  report: (error: unknown) => void,
): PostgresUsageLog | RedisUsageLog {
  const settings = typeof option === 'string' ? { store: option } : (option ?? {})
  if (typeof settings !== 'object' || settings === null)
    throw new TypeError(
      `keyward/postgres: option "usage" must be 'postgres', 'redis' or an object (got ${String(option)})`,
    )
  const { store = cache === null ? 'postgres' : 'redis', ...rest } = settings
  if (store !== 'postgres' && store !== 'redis')
    throw new TypeError(`keyward/postgres: option "usage.store" must be 'postgres' or 'redis' (got ${String(store)})`)
  const misplaced = (store === 'redis' ? ONLY_POSTGRES : ONLY_REDIS).find((name) => rest[name] !== undefined)
  if (misplaced !== undefined)
    throw new TypeError(
      `keyward/postgres: option "usage.${misplaced}" applies only to the usage log in ${store === 'redis' ? 'Postgres' : 'Redis'}, and this one is in ${store === 'redis' ? 'Redis' : 'Postgres'} (set "usage.store")`,
    )
  const onError = rest.onError ?? report
  if (store === 'postgres') return usageLogOn(connection, schema, { ...rest, onError })
  if (cache === null)
    throw new TypeError(
      'keyward/postgres: option "usage" is \'redis\', which needs the Redis cache (option "redis"); without it the usage log is in Postgres',
    )
  return cache.usage({ ...rest, onError })
}
