/**
 * The maxmemory-policy check on a real Redis Cluster (three masters started by the test): every
 * master the client knows is read, so one evicting master is enough to refuse (R5: fail closed),
 * and the error names that node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, Redis } from 'ioredis'
import type { createCluster } from 'redis'
import { type RedisClientLike, RedisEvictionPolicyError, createRedisStores } from '../../src/stores/redis/index.js'
import { type ClusterWithClients, type RedisCluster, startClusterWithClients } from '../helpers/redis-cluster.js'
import { privateServersAvailable } from '../helpers/redis.js'

const available = privateServersAvailable()

describe.skipIf(!available)('maxmemory-policy on Redis Cluster (R5: fail closed)', () => {
  let cluster: RedisCluster
  let ioCluster: Cluster
  let nodeCluster: ReturnType<typeof createCluster>

  async function setPolicy(port: number, policy: string): Promise<void> {
    const node = new Redis({ port, host: '127.0.0.1' })
    try {
      await node.config('SET', 'maxmemory-policy', policy)
    } finally {
      node.disconnect()
    }
  }

  let running: ClusterWithClients | undefined
  beforeAll(async () => {
    running = await startClusterWithClients()
    ;({ cluster, ioCluster, nodeCluster } = running)
  }, 60_000)
  afterAll(async () => {
    await running?.stop()
  })

  for (const kind of ['ioredis', 'node-redis'] as const) {
    it(`R5 (${kind}): whichever master alone has allkeys-lru, ready() rejects naming that node, and calls are refused`, async () => {
      const client: RedisClientLike = kind === 'ioredis' ? ioCluster : nodeCluster
      for (const { port } of cluster.nodes) {
        await setPolicy(port, 'allkeys-lru')
        try {
          const stores = createRedisStores({ client, prefix: `kw-cluster-${kind}` })
          const error = await stores.ready().then(
            () => null,
            (e: unknown) => e,
          )
          expect(error).toBeInstanceOf(RedisEvictionPolicyError)
          expect(error).toMatchObject({ policy: 'allkeys-lru', node: `127.0.0.1:${port}` })
          expect((error as Error).message).toContain(
            `Redis maxmemory-policy is "allkeys-lru" on 127.0.0.1:${port}, which can evict`,
          )
          await expect(stores.keys.list({ limit: 100, now: Date.now() })).rejects.toBe(error)
        } finally {
          await setPolicy(port, 'noeviction')
        }
      }
      // Every master noeviction: the same client runs.
      const stores = createRedisStores({ client, prefix: `kw-cluster-${kind}` })
      await stores.ready()
      expect(await stores.keys.list({ limit: 100, now: Date.now() })).toEqual({ keys: [], more: false })
    })
  }
})
