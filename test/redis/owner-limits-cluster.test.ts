/**
 * Owner limits on a Redis Cluster (O7): the owner's counter is in another slot than the key, so a
 * request of an owned key takes two script calls (the key's, then the owner's), never more before
 * its answer; a request its owner refuses has its key's count given back by one more call, and
 * then counts against neither. Two instances on the cluster still admit exactly the owner's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cluster } from 'ioredis'
import { type Keyward, createKeyward } from '../../src/keyward.js'
import { type IoRedisLike, createRedisStores } from '../../src/stores/redis/index.js'
import { randomKeyId } from '../contracts/fixtures.js'
import { type ClusterWithClients, startClusterWithClients } from '../helpers/redis-cluster.js'
import { privateServersAvailable, uniquePrefix } from '../helpers/redis.js'

const available = privateServersAvailable()
const prefix = uniquePrefix('owner-cluster')
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const status = (decision: Awaited<ReturnType<Keyward['authenticate']>>) =>
  decision.ok ? 200 : decision.response.status

/**
 * The cluster client, counting the script calls keyward sends through it (EVALSHA: the EVAL after a
 * NOSCRIPT, once per script and node, is the script cache warming up).
 */
function counting(cluster: Cluster): IoRedisLike & { scripts: number } {
  const client = {
    scripts: 0,
    isCluster: true,
    call(command: string, ...args: string[]): Promise<unknown> {
      if (command === 'EVALSHA') client.scripts++
      return cluster.call(command, ...args)
    },
  }
  return client
}

describe.skipIf(!available)('owner limits on a Redis Cluster (O7)', () => {
  let running: ClusterWithClients | undefined
  beforeAll(async () => {
    running = await startClusterWithClients()
  }, 60_000)
  afterAll(async () => {
    await running?.stop()
  })

  it('O7: an owned key’s request takes two script calls before its answer; one its owner refuses, one more to give the key’s count back', async () => {
    const client = counting(running!.ioCluster)
    // failedAuthLimit 0: the address check would add its own call before these (E7).
    const keyward = createKeyward({
      stores: createRedisStores({ client, prefix }),
      ownerLimits: { test: { perMinute: 2 } },
      failedAuthLimit: 0,
    })
    const ownerId = `acct:${randomKeyId().slice(4)}`
    const [a, b] = [
      await keyward.keys.create({ name: 'a', ownerId, keyType: 'test' }),
      await keyward.keys.create({ name: 'b', ownerId, keyType: 'test' }),
    ]
    const { key: plain } = await keyward.keys.create({ name: 'plain', keyType: 'test' })
    await keyward.authenticate(bearer(plain))
    const calls = async (key: string): Promise<[number, number]> => {
      const before = client.scripts
      const decision = await keyward.authenticate(bearer(key))
      return [status(decision), client.scripts - before]
    }
    expect(await calls(plain)).toEqual([200, 1])
    expect(await calls(a.key)).toEqual([200, 2])
    expect(await calls(b.key)).toEqual([200, 2])
    const lastUsedAt = (await keyward.keys.get(a.record.id))!.lastUsedAt
    // Refused by the owner: the give-back is sent before the answer (not waited for), three calls in all.
    expect(await calls(a.key)).toEqual([429, 3])
    // Nothing of the refused request stayed counted: a's own window holds its one admitted request.
    const own = await keyward.stores.limiter.peek(a.record.id, { perMinute: 10, perMonth: 1000 }, Date.now())
    expect([own.minute.remaining, own.month?.remaining]).toEqual([9, 999])
    expect((await keyward.keys.get(a.record.id))!.lastUsedAt).toBe(lastUsedAt)
    await keyward.close()
  })

  it('O7/L2: two instances on the cluster, 100 concurrent requests over two keys of one owner with 20 a minute: exactly 20 admitted, and each key counts only what it was admitted', async () => {
    const ownerLimits = { live: { perMinute: 20 } }
    const [one, two] = [running!.ioCluster, running!.nodeCluster].map((client) =>
      createKeyward({
        stores: createRedisStores({ client, prefix: `${prefix}-two` }),
        ownerLimits,
        failedAuthLimit: 0,
      }),
    )
    const ownerId = `acct:${randomKeyId().slice(4)}`
    const created = [await one!.keys.create({ name: 'a', ownerId }), await one!.keys.create({ name: 'b', ownerId })]
    const decisions = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        [one!, two!][i % 2]!.authenticate(bearer(created[Math.floor(i / 2) % 2]!.key)),
      ),
    )
    expect(decisions.filter((d) => d.ok)).toHaveLength(20)
    expect(decisions.filter((d) => status(d) === 429)).toHaveLength(80)
    // The keys' own windows hold exactly the admitted requests once the give-backs have landed.
    await new Promise((resolve) => setTimeout(resolve, 200))
    let used = 0
    for (const { record } of created) {
      used +=
        1000 -
        (await one!.stores.limiter.peek(record.id, { perMinute: 1000, perMonth: null }, Date.now())).minute.remaining
    }
    expect(used).toBe(20)
    await Promise.all([one!.close(), two!.close()])
  })
})
