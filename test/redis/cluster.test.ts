/**
 * The Redis stores on a real local Redis Cluster (three masters started by the test): every
 * script's keys share one hash tag, so the store contracts pass unchanged on an ioredis Cluster
 * and a node-redis cluster, and the hot path works with keys spread over every master.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, Redis } from 'ioredis'
import type { createCluster } from 'redis'
import { createKeyward } from '../../src/index.js'
import { type RedisClientLike, createRedisStores } from '../../src/stores/redis/index.js'
import { runAnalyticsContract } from '../contracts/analytics.contract.js'
import { runAuthorizeContract } from '../contracts/authorize.contract.js'
import { runCreditsContract } from '../contracts/credits.contract.js'
import { runCreditsPropertyContract } from '../contracts/credits-property.contract.js'
import { runRotationCreditsContract } from '../contracts/rotation-credits.contract.js'
import { runKeyStoreContract } from '../contracts/key-store.contract.js'
import { runLimiterCostContract } from '../contracts/limiter-cost.contract.js'
import { runMeterContract } from '../contracts/meter.contract.js'
import { runMeteringPropertyContract } from '../contracts/metering-property.contract.js'
import { runRateLimiterContract } from '../contracts/rate-limiter.contract.js'
import { runUsageLogContract } from '../contracts/usage-log.contract.js'
import { runOutboxContract } from '../contracts/outbox.contract.js'
import { type ClusterWithClients, type RedisCluster, startClusterWithClients } from '../helpers/redis-cluster.js'
import { privateServersAvailable, uniquePrefix } from '../helpers/redis.js'

const available = privateServersAvailable()
const prefix = uniquePrefix('cluster')

let cluster: RedisCluster
let ioCluster: Cluster
let nodeCluster: ReturnType<typeof createCluster>

describe.skipIf(!available)('Redis Cluster with three masters', () => {
  let running: ClusterWithClients | undefined
  beforeAll(async () => {
    running = await startClusterWithClients()
    ;({ cluster, ioCluster, nodeCluster } = running)
  }, 60_000)
  afterAll(async () => {
    await running?.stop()
  })

  for (const kind of ['ioredis', 'node-redis'] as const) {
    describe(`${kind} cluster client`, () => {
      const client = (): RedisClientLike => (kind === 'ioredis' ? ioCluster : nodeCluster)
      const storesOf = () => createRedisStores({ client: client(), prefix, time: 'caller' })

      runKeyStoreContract(`redis cluster (${kind})`, () => ({ store: storesOf().keys }))
      // W1: every outbox key shares one hash tag, so each script call touches one slot.
      runOutboxContract(`redis cluster (${kind})`, () => ({ outbox: storesOf().outbox }))
      runRateLimiterContract(`redis cluster (${kind})`, () => ({ limiter: storesOf().limiter }), { propertyRuns: 20 })
      runLimiterCostContract(`redis cluster (${kind})`, () => ({ limiter: storesOf().limiter }))
      runMeterContract(`redis cluster (${kind})`, () => ({ limiter: storesOf().limiter }), { propertyRuns: 15 })
      runUsageLogContract(`redis cluster (${kind})`, () => {
        const stores = storesOf()
        return { log: stores.usage, cleanup: () => stores.close() }
      })
      runCreditsContract(`redis cluster fused script (${kind})`, () => {
        const stores = storesOf()
        return { keys: stores.keys, limiter: stores.limiter, authorize: stores.authorize }
      })
      runRotationCreditsContract(`redis cluster (${kind})`, () => ({ stores: storesOf() }))
      // C1: each subject's counts and its last-batch marker share one hash tag: one slot per script call.
      runAnalyticsContract(`redis cluster (${kind})`, () => {
        const stores = storesOf()
        return { stores, cleanup: () => stores.close() }
      })
      runCreditsPropertyContract(
        `redis cluster fused script (${kind})`,
        () => {
          const stores = storesOf()
          return { keys: stores.keys, limiter: stores.limiter, authorize: stores.authorize }
        },
        { runs: 20 },
      )
      runMeteringPropertyContract(`redis cluster fused script (${kind})`, () => ({ stores: storesOf() }), { runs: 15 })
      runAuthorizeContract(`redis cluster fused script (${kind})`, () => {
        const stores = storesOf()
        return {
          keys: stores.keys,
          limiter: stores.limiter,
          authorize: stores.authorize,
          cleanup: () => stores.close(),
        }
      })

      it('P1/K7/L2: with keys on every master, each authorizes, revocation is seen at once, and a test key admits exactly 10 of 50', async () => {
        const stores = createRedisStores({ client: client(), prefix: `${prefix}-hot-${kind}` })
        const keyward = createKeyward({ stores })
        const created = await Promise.all(
          Array.from({ length: 24 }, (_, i) => keyward.keys.create({ name: `spread ${i}` })),
        )
        // The keys' slots cover all three masters, so this is not one node in disguise.
        const perMaster = await Promise.all(
          cluster.nodes.map(async ({ host, port }) => {
            const node = new Redis({ port, host })
            try {
              return await node.dbsize()
            } finally {
              node.disconnect()
            }
          }),
        )
        for (const size of perMaster) expect(size).toBeGreaterThan(0)
        for (const { key } of created)
          expect((await keyward.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)

        await keyward.keys.revoke(created[0]!.record.id)
        const revoked = await keyward.authenticate({ authorization: `Bearer ${created[0]!.key}` })
        expect(revoked.ok ? 'ok' : revoked.error.code).toBe('API_KEY_REVOKED')

        const sandbox = await keyward.keys.create({ name: 'sandbox', keyType: 'test' })
        const burst = await Promise.all(
          Array.from({ length: 50 }, () => keyward.authenticate({ authorization: `Bearer ${sandbox.key}` })),
        )
        expect(burst.filter((d) => d.ok)).toHaveLength(10)

        const listed = (await keyward.keys.list()).keys.map((r) => r.id)
        expect(listed.sort()).toEqual([...created.map((c) => c.record.id), sandbox.record.id].sort())
        await keyward.close()
      })

      it('E7: an address blocked by failures on one instance is blocked on another that saw none (its counter is in another slot than the key: peeked first)', async () => {
        const storesFor = () => createRedisStores({ client: client(), prefix: `${prefix}-guard-${kind}` })
        const a = createKeyward({ stores: storesFor(), failedAuthLimit: 3 })
        const b = createKeyward({ stores: storesFor(), failedAuthLimit: 3 })
        const { key } = await a.keys.create({ name: 'valid, E7' })
        for (let i = 0; i < 3; i++) {
          const failed = await b.authenticate({
            authorization: `Bearer ${key.slice(0, -6)}000000`,
            ip: '2001:db8:c::1',
          })
          expect(failed.ok ? 200 : failed.response.status).toBe(401)
        }
        const blocked = await a.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8:c::2' })
        expect(
          blocked.ok
            ? 200
            : [blocked.response.status, blocked.error.code, Number(blocked.response.headers['Retry-After']) > 0],
        ).toEqual([429, 'rate_limited', true])
        expect((await a.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8:d::2' })).ok).toBe(true)
        await a.close()
        await b.close()
      })

      it('K3: with pepper rotation the previous pepper’s hash (another slot) is tried second and found', async () => {
        const stores = createRedisStores({ client: client(), prefix: `${prefix}-pepper-${kind}` })
        const before = createKeyward({ stores, pepper: 'old-pepper' })
        const { key } = await before.keys.create({ name: 'made under the old pepper' })
        const after = createKeyward({ stores, pepper: { current: 'new-pepper', previous: ['old-pepper'] } })
        const decision = await after.authenticate({ authorization: `Bearer ${key}` })
        expect(decision.ok).toBe(true)
        const { key: fresh } = await after.keys.create({ name: 'made under the new pepper' })
        expect((await after.authenticate({ authorization: `Bearer ${fresh}` })).ok).toBe(true)
        expect((await before.authenticate({ authorization: `Bearer ${fresh}` })).ok).toBe(false)
        await after.close()
      })
    })
  }
})
