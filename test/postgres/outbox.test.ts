/** The outbox contract on PostgreSQL (W1): the v5 migration's tables, leased with SKIP LOCKED. */
import { describe } from 'vitest'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { runOutboxContract } from '../contracts/outbox.contract.js'
import { type TestDatabase, databaseAvailable, withDatabase } from '../helpers/postgres.js'

describe.skipIf(!databaseAvailable())('Postgres outbox', () => {
  let db: TestDatabase
  withDatabase('outbox', (database) => (db = database))

  runOutboxContract('postgres', () => {
    const stores = createPostgresStores({ pool: db.pool, schema: db.schema })
    return { outbox: stores.outbox, cleanup: () => stores.close() }
  })
})
