/** The Postgres stores' outcome counters pass the analytics contract (N1, N2, N5). */
import { describe } from 'vitest'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { runAnalyticsContract } from '../contracts/analytics.contract.js'
import { type TestDatabase, databaseAvailable, withDatabase } from '../helpers/postgres.js'

describe.skipIf(!databaseAvailable())('Postgres outcome counters', () => {
  let db: TestDatabase
  withDatabase('analytics', (database) => (db = database))

  runAnalyticsContract(
    'postgres',
    () => {
      const stores = createPostgresStores({ pool: db.pool, schema: db.schema })
      return { stores, cleanup: () => stores.close() }
    },
    { deletesOnPass: true },
  )
})
