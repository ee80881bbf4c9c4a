/**
 * The shared store contracts (KeyStore, RateLimiter, UsageLog, authorize) on a real Redis, once
 * with ioredis and once with node-redis. The fused authorize script runs through the authorize
 * suite, so it must decide exactly as `composeAuthorize` over the memory stores does.
 */
import { afterAll, describe, inject } from 'vitest'
import { createRedisStores, type RedisClientLike } from '../../src/stores/redis/index.js'
import { runAuthorizeContract } from '../contracts/authorize.contract.js'
import { runCreditsContract } from '../contracts/credits.contract.js'
import { runCreditsPropertyContract } from '../contracts/credits-property.contract.js'
import { runRotationCreditsContract } from '../contracts/rotation-credits.contract.js'
import { runKeyStoreContract } from '../contracts/key-store.contract.js'
import { runLimiterCostContract } from '../contracts/limiter-cost.contract.js'
import { runMeterContract } from '../contracts/meter.contract.js'
import { runMeteringPropertyContract } from '../contracts/metering-property.contract.js'
import { runRateLimiterContract } from '../contracts/rate-limiter.contract.js'
import { runRefusedUsageContract, runUsageLogContract } from '../contracts/usage-log.contract.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('contracts')

type Kind = 'ioredis' | 'node-redis'
const clients = new Map<Kind, Promise<{ client: RedisClientLike; close: () => Promise<unknown> }>>()

/** One client per library for the whole file, connected on first use. */
function clientOf(kind: Kind) {
  let made = clients.get(kind)
  if (made === undefined) {
    made =
      kind === 'ioredis'
        ? ioredisClient(url!).then((client) => ({ client, close: () => client.quit() }))
        : nodeRedisClient(url!).then((client) => ({ client, close: () => client.quit() }))
    clients.set(kind, made)
  }
  return made
}

/** Fresh stores per test; the limits follow the suite's explicit `now` (time: 'caller'). */
async function storesOf(kind: Kind) {
  const { client } = await clientOf(kind)
  return createRedisStores({ client, prefix, time: 'caller' })
}

afterAll(async () => {
  for (const made of clients.values()) await (await made).close()
  if (url) await deletePrefix(url, prefix)
})

describe.skipIf(url === null)('Redis stores pass the store contracts', () => {
  for (const kind of ['ioredis', 'node-redis'] as const) {
    describe(kind, () => {
      runKeyStoreContract(`redis (${kind})`, async () => ({ store: (await storesOf(kind)).keys }))
      runRateLimiterContract(`redis (${kind})`, async () => ({ limiter: (await storesOf(kind)).limiter }), {
        propertyRuns: 60,
      })
      runLimiterCostContract(`redis (${kind})`, async () => ({ limiter: (await storesOf(kind)).limiter }))
      runMeterContract(`redis (${kind})`, async () => ({ limiter: (await storesOf(kind)).limiter }), {
        propertyRuns: 40,
      })
      runUsageLogContract(`redis (${kind})`, async () => {
        const stores = await storesOf(kind)
        return { log: stores.usage, cleanup: () => stores.close() }
      })
      runRefusedUsageContract(`redis (${kind})`, async () => ({ stores: await storesOf(kind) }))
      runAuthorizeContract(`redis fused script (${kind})`, async () => {
        const stores = await storesOf(kind)
        return {
          keys: stores.keys,
          limiter: stores.limiter,
          authorize: stores.authorize,
          cleanup: () => stores.close(),
        }
      })
      runCreditsContract(`redis fused script (${kind})`, async () => {
        const stores = await storesOf(kind)
        return {
          keys: stores.keys,
          limiter: stores.limiter,
          authorize: stores.authorize,
          cleanup: () => stores.close(),
        }
      })
      runRotationCreditsContract(`redis (${kind})`, async () => {
        const stores = await storesOf(kind)
        return { stores, cleanup: () => stores.close() }
      })
      runCreditsPropertyContract(
        `redis fused script (${kind})`,
        async () => {
          const stores = await storesOf(kind)
          return {
            keys: stores.keys,
            limiter: stores.limiter,
            authorize: stores.authorize,
            cleanup: () => stores.close(),
          }
        },
        { runs: 30 },
      )
      runMeteringPropertyContract(
        `redis fused script (${kind})`,
        async () => {
          const stores = await storesOf(kind)
          return { stores, cleanup: () => stores.close() }
        },
        { runs: 30 },
      )
    })
  }
})
