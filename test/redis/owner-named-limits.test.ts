/**
 * An owner's named limits on Redis (M1, O7, M4): the shared suite on one node with both clients,
 * batched and not, and on a Redis Cluster, where the owner's limits live in another slot.
 */
import { afterAll, beforeAll, describe, inject } from 'vitest'
import type { Redis } from 'ioredis'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { ownerNamedLimitsSuite } from '../contracts/owner-named-limits.suite.js'
import { type ClusterWithClients, startClusterWithClients } from '../helpers/redis-cluster.js'
import {
  deletePrefix,
  ioredisClient,
  nodeRedisClient,
  privateServersAvailable,
  sharedRedisUrl,
  uniquePrefix,
} from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('owner-named')
let runs = 0

describe.skipIf(url === null)('on one Redis node', () => {
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  beforeAll(async () => {
    io = await ioredisClient(url!)
    nodeRedis = await nodeRedisClient(url!)
  })
  afterAll(async () => {
    io?.disconnect()
    await nodeRedis?.quit()
    await deletePrefix(url!, prefix)
  })
  const fresh = (client: () => unknown, coalesce: boolean) => () =>
    createRedisStores({ client: client() as Redis, prefix: `${prefix}-${++runs}`, time: 'caller', coalesce })
  ownerNamedLimitsSuite(
    'Redis (ioredis, batched)',
    fresh(() => io, true),
  )
  ownerNamedLimitsSuite(
    'Redis (ioredis, one call a request)',
    fresh(() => io, false),
  )
  ownerNamedLimitsSuite(
    'Redis (node-redis, batched)',
    fresh(() => nodeRedis, true),
  )
})

describe.skipIf(!privateServersAvailable())('on a Redis Cluster', () => {
  let running: ClusterWithClients | undefined
  beforeAll(async () => {
    running = await startClusterWithClients()
  }, 60_000)
  afterAll(async () => {
    await running?.stop()
  })
  ownerNamedLimitsSuite('a Redis Cluster (ioredis)', () =>
    createRedisStores({ client: running!.ioCluster, prefix: `${prefix}-${++runs}`, time: 'caller' }),
  )
  ownerNamedLimitsSuite('a Redis Cluster (node-redis)', () =>
    createRedisStores({ client: running!.nodeCluster, prefix: `${prefix}-${++runs}`, time: 'caller' }),
  )
})
