/**
 * The stores of the `postgres`, `postgres-redis` and `postgres-cache` variants (S4, S9): keys and
 * usage in Postgres, in a schema of this process's own (migrated at start, dropped at exit),
 * through a pool wrapped to count the statements it runs; limits in memory, or in Redis with
 * `createRedisRateLimiter({ keys: 'elsewhere' })`, or key records cached in Redis with the limits
 * counted there (`redis: { client }`). Loaded only by those variants.
 */
import type { Redis } from 'ioredis'
import pg from 'pg'
import type { KeywardStores } from '../../src/index.js'
import type { PgPoolClientLike, PgPoolLike, PgQueryConfig } from '../../src/stores/postgres/index.js'
import { keywardRedis, loadPostgres } from './keyward.js'
import type { PostgresVariant } from './shared.js'

/** Statements the stores ran, by verb and table (`select keys`, `insert usage`, …). */
const statements: Record<string, number> = {}

/** What the parent reads with the server's other counters. */
export function postgresStatements(): Record<string, number> {
  return { ...statements }
}

function kindOf(text: string): string {
  const match = /^\s*(\w+)[\s\S]*?"[a-z0-9_]+"\.(\w+)/.exec(text)
  return match ? `${match[1]!.toLowerCase()} ${match[2]}` : (text.trim().split(/\s/)[0] ?? '').toLowerCase()
}

/** The pool as the stores see it, every statement counted (each is one round trip). */
function countingPool(pool: pg.Pool): PgPoolLike {
  const wrapped = new WeakMap<pg.PoolClient, PgPoolClientLike>()
  const wrap = (client: pg.PoolClient): PgPoolClientLike => {
    let counted = wrapped.get(client)
    if (counted === undefined) {
      counted = {
        query(config: PgQueryConfig) {
          const kind = kindOf(config.text)
          statements[kind] = (statements[kind] ?? 0) + 1
          return client.query(config as pg.QueryConfig) as unknown as ReturnType<PgPoolClientLike['query']>
        },
        release: (error) => client.release(error),
        on: (event, listener) => client.on(event, listener),
        removeListener: (event, listener) => client.removeListener(event, listener),
      }
      wrapped.set(client, counted)
    }
    return counted
  }
  return { connect: async () => wrap(await pool.connect()), on: (event, listener) => pool.on(event, listener) }
}

/** The Postgres stores of `variant`, and how to let go of them once keyward has closed. */
export async function postgresStores(
  variant: PostgresVariant,
  redis: { connect: () => Promise<Redis>; prefix: string },
): Promise<{ stores: KeywardStores; release: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url)
    throw new Error(
      'bench server: the postgres variants need DATABASE_URL (npm run bench and bench/postgres.ts start a Postgres and set it)',
    )
  const { createPostgresStores, migrate } = await loadPostgres()
  // As the docs advise: a bounded connect, idle errors heard. 10 connections, pg's default.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2000 })
  pool.on('error', () => undefined)
  const schema = `kwbench_${process.pid}`
  await migrate(pool, { schema })
  const client = variant === 'postgres' ? undefined : await redis.connect()
  const limiter =
    client && variant === 'postgres-redis'
      ? keywardRedis.createRedisRateLimiter({ client, prefix: redis.prefix, keys: 'elsewhere' })
      : undefined
  const cache = client && variant === 'postgres-cache' ? { client, prefix: redis.prefix } : undefined
  const stores = createPostgresStores({
    pool: countingPool(pool),
    schema,
    ...(limiter ? { limiter } : {}),
    ...(cache ? { redis: cache } : {}),
  })
  return {
    stores,
    async release() {
      client?.disconnect()
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined)
      await pool.end()
    },
  }
}
