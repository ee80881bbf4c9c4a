/**
 * The shared store contracts on PostgreSQL (S1): the key store and the usage log pass the same
 * suites as the memory and Redis stores, unchanged, and the composed authorize step over the
 * Postgres key store and the memory limiter decides as every other store family does.
 */
import { afterAll, describe, inject } from 'vitest'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import {
  createPostgresKeyStore,
  createPostgresStores,
  createPostgresUsageLog,
} from '../../src/stores/postgres/index.js'
import { createRedisRateLimiter } from '../../src/stores/redis/index.js'
import { runAuthorizeContract } from '../contracts/authorize.contract.js'
import { runCreditsContract } from '../contracts/credits.contract.js'
import { runCreditsPropertyContract } from '../contracts/credits-property.contract.js'
import { runRotationCreditsContract } from '../contracts/rotation-credits.contract.js'
import { runMeteringPropertyContract } from '../contracts/metering-property.contract.js'
import { runKeyStoreContract } from '../contracts/key-store.contract.js'
import { runRefusedUsageContract, runUsageLogContract } from '../contracts/usage-log.contract.js'
import { type TestDatabase, databaseAvailable, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('pg-credits')

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

  runRefusedUsageContract('postgres', () => ({ stores: createPostgresStores({ pool: db.pool, schema: db.schema }) }))

  runAuthorizeContract('postgres keys, memory limiter (composed)', () => {
    const keys = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
    const limiter = createMemoryRateLimiter()
    return { keys, limiter, authorize: composeAuthorize({ keys, limiter }), cleanup: () => keys.close() }
  })

  runCreditsContract('postgres keys, memory limiter (composed)', () => {
    const keys = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
    const limiter = createMemoryRateLimiter()
    return { keys, limiter, authorize: composeAuthorize({ keys, limiter }), cleanup: () => keys.close() }
  })

  runRotationCreditsContract('postgres keys, memory limiter', () => {
    const stores = createPostgresStores({ pool: db.pool, schema: db.schema })
    return { stores, cleanup: () => stores.close() }
  })

  describe.skipIf(redisUrl === null)('with the Redis limiter', () => {
    const client = redisUrl === null ? undefined : ioredisClient(redisUrl)
    afterAll(async () => {
      ;(await client)?.disconnect()
      if (redisUrl !== null) await deletePrefix(redisUrl, prefix)
    })

    const composed = async () => {
      const keys = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
      const limiter = createRedisRateLimiter({ client: (await client)!, prefix, keys: 'elsewhere', time: 'caller' })
      return { keys, limiter, authorize: composeAuthorize({ keys, limiter }), cleanup: () => keys.close() }
    }
    runCreditsContract('postgres keys, Redis limiter (composed, M3 exact across instances)', composed)
    runRotationCreditsContract('postgres keys, Redis limiter', async () => {
      const limiter = createRedisRateLimiter({ client: (await client)!, prefix, keys: 'elsewhere', time: 'caller' })
      const stores = createPostgresStores({ pool: db.pool, schema: db.schema, limiter })
      return { stores, cleanup: () => stores.close() }
    })
    runCreditsPropertyContract('postgres keys, Redis limiter (composed)', composed, { runs: 20 })

    // S9: the key records cached in Redis, decided by the Redis store's script; both client libraries.
    const nodeClient = redisUrl === null ? undefined : nodeRedisClient(redisUrl)
    afterAll(async () => void (await (await nodeClient)?.quit()))
    for (const kind of ['ioredis', 'node-redis'] as const) {
      const cached = async () => {
        const redisClient = kind === 'ioredis' ? await client : await nodeClient
        const stores = createPostgresStores({
          pool: db.pool,
          schema: db.schema,
          redis: { client: redisClient!, prefix, time: 'caller' },
        })
        return { stores, cleanup: () => stores.close() }
      }
      runKeyStoreContract(`postgres keys cached in Redis (${kind})`, async () => {
        const { stores, cleanup } = await cached()
        return { store: stores.keys, cleanup }
      })
      runRefusedUsageContract(`postgres keys cached in Redis (${kind})`, cached)
      runAuthorizeContract(`postgres keys cached in Redis, fused (${kind})`, async () => {
        const { stores, cleanup } = await cached()
        return { keys: stores.keys, limiter: stores.limiter, authorize: stores.authorize!, cleanup }
      })
      runRotationCreditsContract(`postgres keys cached in Redis (${kind})`, cached)
      runCreditsContract(`postgres keys cached in Redis, fused (${kind})`, async () => {
        const { stores, cleanup } = await cached()
        return { keys: stores.keys, limiter: stores.limiter, authorize: stores.authorize!, cleanup }
      })
    }
    runMeteringPropertyContract(
      'postgres keys, Redis limiter',
      async () => {
        const keys = createPostgresKeyStore({ pool: db.pool, schema: db.schema })
        const limiter = createRedisRateLimiter({ client: (await client)!, prefix, keys: 'elsewhere', time: 'caller' })
        const usage = createPostgresUsageLog({ pool: db.pool, schema: db.schema })
        return { stores: { keys, limiter, usage }, cleanup: () => keys.close() }
      },
      { runs: 20 },
    )
  })
})
