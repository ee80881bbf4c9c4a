/** What the Postgres tests share: a real pool that records the statements sent through it. */
import type pg from 'pg'
import type { PgPoolClientLike, PgPoolLike, PgQueryConfig } from '../../src/stores/postgres/index.js'

/** A pool that passes everything to `pool` and records the text of every statement run. */
export interface CountingPool extends PgPoolLike {
  /** The statements run since the last `reset()`, in order. */
  readonly statements: string[]
  reset(): void
  /** How many of `statements` match. */
  count(pattern: RegExp): number
}

export function countingPool(pool: pg.Pool): CountingPool {
  const statements: string[] = []
  const wrap = (client: pg.PoolClient): PgPoolClientLike => ({
    query(config: PgQueryConfig) {
      statements.push(config.text.replace(/\s+/g, ' ').trim())
      return client.query(config as pg.QueryConfig) as unknown as ReturnType<PgPoolClientLike['query']>
    },
    release: (error) => client.release(error),
    on: (event, listener) => client.on(event, listener),
    removeListener: (event, listener) => client.removeListener(event, listener),
  })
  return {
    statements,
    reset: () => void statements.splice(0),
    count: (pattern) => statements.filter((text) => pattern.test(text)).length,
    connect: async () => wrap(await pool.connect()),
    on: (event, listener) => pool.on(event, listener),
  }
}
