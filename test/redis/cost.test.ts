/**
 * Route costs and `charge(n)` on Redis (M2, M4, M8, P1, O7): a request of any cost is decided by
 * one authorize script call (one EVALSHA alone, or its share of a batch), two instances on one
 * Redis admit exactly what a limit holds, and a charge counts in the same windows the requests do.
 */
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { namedLimitsOf } from '../../src/core/key-limits.js'
import type { RouteRequirements } from '../../src/core/types.js'
import { type AuthDecision, type AuthSuccess, type Keyward, createKeyward } from '../../src/index.js'
import { type RedisStores, createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const status = (d: AuthDecision) => (d.ok ? 200 : d.response.status)
const remaining = (d: AuthDecision) => (d.ok ? d.headers : d.response.headers)['X-RateLimit-Remaining']

/** An ioredis client that counts the EVAL and EVALSHA commands it sends: the script round trips. */
async function countingClient(): Promise<{ client: Redis; evals: { count: number } }> {
  const client = await ioredisClient(url!)
  const evals = { count: 0 }
  const send = client.sendCommand.bind(client)
  client.sendCommand = ((command: { name: string }, stream?: unknown) => {
    if (command.name.toLowerCase().startsWith('eval')) evals.count++
    return send(command as never, stream as never)
  }) as typeof client.sendCommand
  return { client, evals }
}

describe.skipIf(url === null)('route costs on Redis: one script call a request (P1, M2)', () => {
  const prefix = uniquePrefix('cost-calls')
  let client: Redis
  let evals: { count: number }
  afterAll(async () => {
    client?.disconnect()
    await deletePrefix(url!, prefix)
  })
  beforeAll(async () => {
    ;({ client, evals } = await countingClient())
  })

  const named = [
    { name: 'burst', limit: 100_000, window: '10s' },
    { name: 'daily', limit: 1_000_000, window: '1d' },
    { name: 'month', limit: 1_000_000, window: { month: { day: 15 } } },
  ]

  it.each([
    ['per-minute limits', false, null],
    ['per-minute limits, batched', true, null],
    ['three named limits and owner limits', false, named],
    ['three named limits and owner limits, batched', true, named],
  ] as const)(
    'P1 M2: requests of cost 3, 0 and 7 on a key with %s cost one EVALSHA each (or their batch’s)',
    async (_, coalesce, limits) => {
      const keyward = createKeyward({
        stores: createRedisStores({ client, prefix: `${prefix}-${String(coalesce)}-${limits === null}`, coalesce }),
        ownerLimits: { live: { perMinute: 1_000_000, perMonth: 1_000_000 } },
        failedAuthLimit: 0,
      })
      const { key } = await keyward.keys.create({
        name: 'priced',
        ownerId: 'acct-cost',
        limits: limits ?? { perMinute: 1_000_000 },
      })
      // Warm up: the script is loaded and the key's owner learnt (one call more, once).
      await Promise.all([keyward.authenticate(bearer(key)), keyward.authenticate(bearer(key))])
      const costs = [3, 0, 7, 3, 1, 3]
      evals.count = 0
      if (coalesce) {
        const decisions = await Promise.all(costs.map((cost) => keyward.authenticate(bearer(key), { cost })))
        expect(decisions.map(status)).toEqual(costs.map(() => 200))
        expect(evals.count).toBe(1)
      } else {
        for (const cost of costs) expect(status(await keyward.authenticate(bearer(key), { cost }))).toBe(200)
        expect(evals.count).toBe(costs.length)
      }
      // Every unit was counted, in the key's limits and its owner's: 2 warm-up requests and 17 units.
      const decision = await keyward.authenticate(bearer(key), { cost: 0 })
      const used = limits === null ? 1_000_000 - 19 : 100_000 - 19
      expect(remaining(decision)).toBe(String(used))
      await keyward.close()
    },
  )

  it('M2 M8: within one batch, a request of cost 3 after admitted requests of cost 1 of the same key and route counts 3', async () => {
    const keyward = createKeyward({ stores: createRedisStores({ client, prefix }), failedAuthLimit: 0 })
    const { key } = await keyward.keys.create({ name: 'hot' })
    const routes: RouteRequirements[] = [{}, {}, { cost: 3 }, {}, { cost: 0 }, {}]
    const decisions = await Promise.all(routes.map((route) => keyward.authenticate(bearer(key), route)))
    expect(decisions.map(remaining)).toEqual(['999', '998', '995', '994', '994', '993'])
    await keyward.close()
  })
})

describe.skipIf(url === null)('route costs on two instances sharing one Redis (M2, M4)', () => {
  const prefix = uniquePrefix('cost-instances')
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  let storesA: RedisStores
  let a: Keyward
  let b: Keyward

  beforeAll(async () => {
    io = await ioredisClient(url!)
    nodeRedis = await nodeRedisClient(url!)
    storesA = createRedisStores({ client: io, prefix })
    const ownerLimits = { live: { perMonth: 60 } }
    a = createKeyward({ stores: storesA, ownerLimits, failedAuthLimit: 0 })
    b = createKeyward({ stores: createRedisStores({ client: nodeRedis, prefix }), ownerLimits, failedAuthLimit: 0 })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    io?.disconnect()
    await nodeRedis?.quit()
    await deletePrefix(url!, prefix)
  })

  it('M2 M4: 200 concurrent requests of cost 3 admit exactly what each limit holds in units; nothing refused is counted', async () => {
    const ownerId = `acct-${Date.now()}`
    const plain = await a.keys.create({ name: 'plain', limits: { perMinute: 31 } })
    const metered = await a.keys.create({
      name: 'metered',
      ownerId,
      limits: [
        { name: 'burst', limit: 25, window: '10s' },
        { name: 'daily', limit: 100, window: '1d' },
      ],
    })
    const decisions = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? a : b).authenticate(bearer((i % 4 < 2 ? plain : metered).key), { cost: 3 }),
      ),
    )
    const admitted = [0, 1].map((k) => decisions.filter((d, i) => (i % 4 < 2 ? 0 : 1) === k && d.ok).length)
    expect(admitted).toEqual([10, 8])
    expect(new Set(decisions.filter((d) => !d.ok).map(status))).toEqual(new Set([429]))
    const limiter = storesA.limiter
    const held = await limiter.peek(plain.record.id, { perMinute: 31, perMonth: null }, Date.now())
    expect(held.minute.remaining).toBe(1)
    const group = { id: metered.record.id, scope: 'key' as const, limits: namedLimitsOf(metered.record.limits)! }
    const meter = await limiter.peekMeter([group], 1, Date.now())
    expect(meter.limits.map((limit) => limit.limit - limit.remaining)).toEqual([24, 24])
  })

  it('M2: charge(n) on one instance counts in the windows the other decides by, key, named limits and owner', async () => {
    const ownerId = `acct-charge-${Date.now()}`
    const plain = await a.keys.create({ name: 'plain', limits: { perMinute: 20 } })
    const metered = await a.keys.create({
      name: 'metered',
      ownerId,
      limits: [{ name: 'burst', limit: 20, window: '10s' }],
    })
    const sibling = await a.keys.create({ name: 'sibling', ownerId })
    for (const created of [plain, metered]) {
      const first = (await a.authenticate(bearer(created.key))) as AuthSuccess
      expect(first.ok).toBe(true)
      await first.apiKey.charge(19)
      const next = await b.authenticate(bearer(created.key))
      expect([status(next), remaining(next)]).toEqual([429, '0'])
    }
    // The owner's quota of 60 holds 1 + 19 of the metered key: the sibling may spend 40 more units.
    expect(status(await b.authenticate(bearer(sibling.key), { cost: 40 }))).toBe(200)
    expect(status(await b.authenticate(bearer(sibling.key), { cost: 0 }))).toBe(429)
  })

  it('M2 M3: charge(n) on one instance takes from the credits the other spends from, never below none', async () => {
    const created = await a.keys.create({ name: 'credited', limits: { perMinute: 1000 }, credits: { remaining: 30 } })
    const first = (await a.authenticate(bearer(created.key))) as AuthSuccess
    await first.apiKey.charge(20)
    const second = await b.authenticate(bearer(created.key))
    expect([status(second), second.ok && second.headers['X-Credits-Remaining']]).toEqual([200, '8'])
    await (second as AuthSuccess).apiKey.charge(100)
    const third = await b.authenticate(bearer(created.key))
    expect(status(third)).toBe(429)
    expect(!third.ok && third.error.message).toMatch(/^This API key has no credits left/)
    expect(!third.ok && third.response.headers['X-Credits-Remaining']).toBe('0')
  })
})
