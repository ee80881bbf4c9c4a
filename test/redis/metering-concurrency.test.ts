/**
 * M4 on two instances sharing one Redis: 400 concurrent requests of a key with three named
 * limits, owner limits and credits admit exactly what the tightest of them holds, and nothing a
 * refused request asked for is counted anywhere: not in the key's windows, not in its owner's,
 * not in its credits.
 */
import type { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { ledgerOf } from '../../src/core/credits.js'
import { namedLimitsOf } from '../../src/core/key-limits.js'
import { ownerCounterId } from '../../src/core/limits-math.js'
import type { OwnerLimitsOptions } from '../../src/core/keyward-options.js'
import type { StoredKey } from '../../src/core/types.js'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { type RedisStores, createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const OWNER_WINDOW = { perMinute: 1_000_000, perMonth: 1_000_000 }

/** The caps of one case: which of the five binds first is what the case is about. */
interface Caps {
  burst: number
  hourly: number
  month: number
  ownerMinute: number
  credits: number
}

const CASES: [string, Caps][] = [
  ['the 10 s limit', { burst: 150, hourly: 170, month: 180, ownerMinute: 190, credits: 200 }],
  ['the hourly limit', { burst: 200, hourly: 150, month: 180, ownerMinute: 190, credits: 170 }],
  ['the billing month', { burst: 200, hourly: 190, month: 150, ownerMinute: 180, credits: 170 }],
  ["the owner's per-minute limit", { burst: 200, hourly: 190, month: 180, ownerMinute: 150, credits: 170 }],
  ['the credits', { burst: 200, hourly: 190, month: 180, ownerMinute: 170, credits: 150 }],
]

describe.skipIf(url === null)('metering on two instances sharing one Redis (M4)', () => {
  const prefix = uniquePrefix('metering-400')
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  let instances: Keyward[] = []
  let storesA: RedisStores

  beforeAll(async () => {
    io = await ioredisClient(url!)
    nodeRedis = await nodeRedisClient(url!)
  })
  afterEach(async () => {
    await Promise.all(instances.map((instance) => instance.close()))
    instances = []
  })
  afterAll(async () => {
    io?.disconnect()
    await nodeRedis?.quit()
    await deletePrefix(url!, prefix)
  })

  /** Two instances, each on its own client, whose owner `ownerId` has `ownerMinute` a minute. */
  function twoInstances(ownerId: string, ownerMinute: number): [Keyward, Keyward] {
    const ownerLimits: OwnerLimitsOptions = {
      live: OWNER_WINDOW,
      owners: { [ownerId]: { live: { perMinute: ownerMinute, perMonth: 1_000_000 } } },
    }
    storesA = createRedisStores({ client: io, prefix })
    const a = createKeyward({ stores: storesA, ownerLimits, failedAuthLimit: 0 })
    const b = createKeyward({
      stores: createRedisStores({ client: nodeRedis, prefix }),
      ownerLimits,
      failedAuthLimit: 0,
    })
    instances = [a, b]
    return [a, b]
  }

  async function meteredKey(keyward: Keyward, ownerId: string, caps: Caps) {
    return keyward.keys.create({
      name: 'metered',
      ownerId,
      limits: [
        { name: 'burst', limit: caps.burst, window: '10s' },
        { name: 'hourly', limit: caps.hourly, window: '1h' },
        { name: 'month', limit: caps.month, window: { month: { day: 12 } } },
      ],
      credits: { remaining: caps.credits },
    })
  }

  /** What the key's windows, its owner's minute and its credits hold after the run. */
  async function used(id: string, caps: Caps) {
    const limiter = storesA.limiter
    const record = (await storesA.keys.get(id)) as StoredKey
    const now = Date.now()
    const group = { id: record.id, scope: 'key' as const, limits: namedLimitsOf(record.limits)! }
    const meter = await limiter.peekMeter!([group], 0, now)
    const owner = await limiter.peek(ownerCounterId(record.ownerId!, 'live'), OWNER_WINDOW, now, 0)
    const credits = await ledgerOf(limiter).spend(record.id, record.credits!, 0, now, false)
    return {
      windows: meter.limits.map((limit) => limit.limit - limit.remaining),
      // Peeked against a wider window than the owner's own, so `remaining` is never clamped at 0.
      owner: OWNER_WINDOW.perMinute - owner.minute.remaining,
      credits: caps.credits - credits.remaining,
    }
  }

  it.each(CASES)(
    'M4: 400 concurrent requests of cost 1 bound by %s admit exactly 150; refused ones count nowhere',
    async (_, caps) => {
      const ownerId = `acct-${caps.burst}-${caps.ownerMinute}-${Date.now()}`
      const [a, b] = twoInstances(ownerId, caps.ownerMinute)
      const { key, record } = await meteredKey(a, ownerId, caps)
      const decisions = await Promise.all(
        Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? a : b).authenticate(bearer(key))),
      )
      expect(decisions.filter((d) => d.ok)).toHaveLength(150)
      expect(new Set(decisions.filter((d) => !d.ok).map(statusOf))).toEqual(new Set([429]))
      expect(await used(record.id, caps)).toEqual({ windows: [150, 150, 150], owner: 150, credits: 150 })
    },
  )

  it('M2 M4: 400 concurrent requests of costs 1 to 3 spend no more than the tightest limit holds, to within one request', async () => {
    const caps = { burst: 400, hourly: 380, month: 360, ownerMinute: 340, credits: 300 }
    const ownerId = `acct-mixed-${Date.now()}`
    const [a, b] = twoInstances(ownerId, caps.ownerMinute)
    const { key, record } = await meteredKey(a, ownerId, caps)
    const costs = Array.from({ length: 400 }, (_, i) => 1 + (i % 3))
    const decisions = await Promise.all(
      costs.map((cost, i) => (i % 2 === 0 ? a : b).authenticate(bearer(key), { cost })),
    )
    const spent = costs.reduce((sum, cost, i) => sum + (decisions[i]!.ok ? cost : 0), 0)
    // The credits bind: each refused request asked for more than was left when it was decided.
    expect(spent).toBeLessThanOrEqual(caps.credits)
    expect(caps.credits - spent).toBeLessThan(3)
    expect(await used(record.id, caps)).toEqual({ windows: [spent, spent, spent], owner: spent, credits: spent })
  })
})

function statusOf(decision: AuthDecision): number {
  return decision.ok ? 200 : decision.response.status
}
