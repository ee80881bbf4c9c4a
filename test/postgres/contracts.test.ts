/**
 * The shared store contracts on PostgreSQL (S1): the key store and the usage log pass the same
 * suites as the memory and Redis stores, unchanged, and the composed authorize step over the
 * Postgres key store and the memory limiter decides as every other store family does.
 */
import { describe } from 'vitest'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { createPostgresKeyStore, createPostgresUsageLog } from '../../src/stores/postgres/index.js'
import { runAuthorizeContract } from '../contracts/authorize.contract.js'
import { runKeyStoreContract } from '../contracts/key-store.contract.js'
import { runUsageLogContract } from '../contracts/usage-log.contract.js'
import { type TestDatabase, databaseAvailable, withDatabase } from '../helpers/postgres.js'

describe.skipIf(!databaseAvailable())('Postgres stores pass the store contracts (S1)', () => {
  let db: TestDatabase
  withDatabase('contracts', (database) => (db = database))

  runKeyStoreContract('postgres', () => {
    const store = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
    return { store, cleanup: () => store.close() }
  })

  runUsageLogContract('postgres', () => {
    const log = createPostgresUsageLog({ pool: db.pool, schema: db.schema })
    return { log, cleanup: () => log.close() }
  })

  runAuthorizeContract('postgres keys, memory limiter (composed)', () => {
    const keys = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
    const limiter = createMemoryRateLimiter()
    return { keys, limiter, authorize: composeAuthorize({ keys, limiter }), cleanup: () => keys.close() }
  })
})
