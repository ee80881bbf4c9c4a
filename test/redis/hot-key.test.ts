/**
 * The batch script's hot key (P1, L2, L4, K7): within one batch call, a request of the same key,
 * route and held record id as the admitted request before it is decided from the state that one
 * left, with no Redis command, and what such requests count is written once. Every decision and
 * every stored count must equal what requests sent one at a time get; a request over a limit, of
 * another route or another key goes the whole way.
 */
import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { createManualClock } from '../../src/core/clock.js'
import { hashKey } from '../../src/core/key-format.js'
import { createKeyward, type AuthDecision } from '../../src/keyward.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import type { RouteRequirements } from '../../src/core/types.js'
import { commandCalls, ioredisClient, privateServersAvailable, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { decideTurn, type TurnRequest } from '../helpers/turns.js'
import { withIoredisClient, withPrivateRedis } from '../helpers/redis-suite.js'
import { SEED_SCOPES } from '../../server/env.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const START = Date.UTC(2026, 2, 31, 23, 58)

/** What a client sees of a decision: status, code, and every limit header (not the request id). */
function seen(decision: AuthDecision): string {
  const headers = decision.ok ? decision.headers : decision.response.headers
  const limits = Object.entries(headers)
    .filter(([name]) => /^(X-RateLimit|X-Quota|Retry-After)/i.test(name))
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')
  const status = decision.ok ? 200 : decision.response.status
  return `${status} ${decision.ok ? `consumed=${decision.apiKey.consumed}` : decision.error.code} ${limits}`
}

/** The routes of the sequences: plain, scoped (held and not), live-only, a peek (L5), and costs of 3 and 0 (M2). */
const ROUTES: RouteRequirements[] = [
  {},
  { scopes: ['ip'] },
  { scopes: ['email'] },
  { liveOnly: true },
  { consume: false },
  { cost: 3 },
  { cost: 0 },
]

const turn = fc.array(
  fc.record({
    // Mostly key 0 and route 0, so runs of one key and route are common, as under load.
    key: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }) }),
    route: fc.oneof(
      { weight: 5, arbitrary: fc.constant(0) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: ROUTES.length - 1 }) },
    ),
  }),
  { minLength: 1, maxLength: 24 },
)
const sequence = fc.array(
  fc.record({
    turn,
    // 0 ms to a month: the same second, the next ones, a full window, and the next month's quota;
    // and a clock that steps back 3 s (the newest bucket is then ahead of the request's second).
    dt: fc.constantFrom(0, 250, 1000, 7000, 30_000, 61_000, 31 * 86_400_000, -3000),
    revoke: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 8 }),
  }),
  { minLength: 1, maxLength: 6 },
)

describe.skipIf(url === null)('Redis batch script: requests of a hot key', () => {
  const prefix = uniquePrefix('hot-key')
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  let worlds = 0
  /** One instance on its own prefix, with four keys of the same kinds each time. */
  async function world(coalesce: boolean, clock: ReturnType<typeof createManualClock>) {
    const p = `${prefix}-${worlds++}`
    const keyward = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: createRedisStores({ client: (await ioredisClient(url!)) as never, prefix: p, time: 'caller', coalesce }),
      clock,
      failedAuthLimit: 0,
      limits: { live: { perMinute: 5, perMonth: 9 }, test: { perMinute: 3, perMonth: 5 } },
    })
    const keys = [
      await keyward.keys.create({ name: 'small', limits: { perMinute: 4, perMonth: 7 } }),
      await keyward.keys.create({ name: 'scoped', scopes: ['ip'], limits: { perMinute: 6 } }),
      await keyward.keys.create({ name: 'sandbox', keyType: 'test' }),
      await keyward.keys.create({ name: 'defaults' }),
    ]
    return { keyward, prefix: p, keys }
  }

  /** A key's stored state: its limit state hash, lastUsedAt and whether the hash expires. */
  async function stored(p: string, key: string) {
    const tag = `${p}:{${hashKey(key)}}`
    const ttl = await client.pttl(`${tag}:rl`)
    return { rl: await client.hgetall(`${tag}:rl`), lastUsedAt: await client.hget(`${tag}:key`, 'lastUsedAt'), ttl }
  }

  it('P1/L2/L4/K7: every decision and every stored count equal those of requests sent one at a time', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        const clock = createManualClock(START)
        const batched = await world(true, clock)
        const alone = await world(false, clock)
        const run = (world: Parameters<typeof decideTurn>[0], requests: readonly TurnRequest[], together: boolean) =>
          decideTurn(world, requests, ROUTES, together, seen)
        for (const step of steps) {
          if (step.revoke !== null) {
            await batched.keyward.keys.revoke(batched.keys[step.revoke]!.record.id)
            await alone.keyward.keys.revoke(alone.keys[step.revoke]!.record.id)
          }
          const together = await run(batched, step.turn, true)
          const oneByOne = await run(alone, step.turn, false)
          expect(together).toEqual(oneByOne)
          clock.set(clock.now() + step.dt)
        }
        for (let i = 0; i < 4; i++) {
          const a = await stored(batched.prefix, batched.keys[i]!.key)
          const b = await stored(alone.prefix, alone.keys[i]!.key)
          expect(a.rl).toEqual(b.rl)
          expect(a.lastUsedAt).toEqual(b.lastUsedAt)
          // Both expire, or neither; the TTLs were set from the same clock, read moments apart.
          expect(a.ttl < 0).toBe(b.ttl < 0)
          expect(Math.abs(a.ttl - b.ttl)).toBeLessThan(5000)
        }
        await Promise.all([batched.keyward.close(), alone.keyward.close()])
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})

/** An ioredis client that records the arguments of every EVAL and EVALSHA it sends. */
async function evalCapturingClient(): Promise<{ client: Redis; sent: unknown[][] }> {
  const client = await ioredisClient(url!)
  const sent: unknown[][] = []
  const send = client.sendCommand.bind(client)
  client.sendCommand = ((command: { name: string; args: unknown[] }, stream?: unknown) => {
    if (command.name.toLowerCase().startsWith('eval')) sent.push(command.args)
    return send(command as never, stream as never)
  }) as typeof client.sendCommand
  return { client, sent }
}

describe.skipIf(url === null)('Redis batch script: the keys of a batch', () => {
  it('P1: each key hash of a batch sends its two key names once, however many of its requests the batch holds', async () => {
    const { client, sent } = await evalCapturingClient()
    const keyward = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: createRedisStores({ client, prefix: uniquePrefix('hot-key-names') }),
      failedAuthLimit: 0,
    })
    const a = (await keyward.keys.create({ name: 'a' })).key
    const b = (await keyward.keys.create({ name: 'b' })).key
    sent.length = 0
    // Interleaved, so the second and later requests of each key are not next to the first.
    const order = [a, a, b, a, b, b, a, b, a, a]
    const decisions = await Promise.all(order.map((key) => keyward.authenticate(bearer(key))))
    expect(decisions.every((d) => d.ok)).toBe(true)
    expect(decisions.map((d) => (d.ok ? d.apiKey.limits.minute.remaining : -1))).toEqual([
      999, 998, 999, 997, 998, 997, 996, 996, 995, 994,
    ])
    const batch = sent.filter((args) => Number(args[1]) > 3)
    expect(batch).toHaveLength(1)
    // EVALSHA sha numkeys key…: two hashes, two names each.
    expect(Number(batch[0]![1])).toBe(4)
    await keyward.close()
    client.disconnect()
  })
})

describe.skipIf(url === null)('Redis batch script: runs of alike requests', () => {
  it('P1/L5/L6: a run of alike requests goes as one entry; a change of key, scopes or flags starts the next, and each is decided on its own', async () => {
    const { client, sent } = await evalCapturingClient()
    const keyward = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: createRedisStores({ client, prefix: uniquePrefix('hot-key-runs') }),
      failedAuthLimit: 0,
    })
    const scoped = (await keyward.keys.create({ name: 'scoped', scopes: ['ip'] })).key
    const sandbox = (await keyward.keys.create({ name: 'sandbox', keyType: 'test' })).key
    const ip = { scopes: ['ip'] }
    const email = { scopes: ['email'] }
    // Runs: scoped/ip ×3, scoped/email ×2 (same number of scopes, other scope), scoped/ip, then
    // the test key: ip, live-only ×2, plain, then scoped peeks ×2, then scoped/ip again.
    const turn: [string, RouteRequirements][] = [
      [scoped, ip],
      [scoped, ip],
      [scoped, ip],
      [scoped, email],
      [scoped, email],
      [scoped, ip],
      [sandbox, ip],
      [sandbox, { liveOnly: true }],
      [sandbox, { liveOnly: true }],
      [sandbox, {}],
      [scoped, { consume: false, scopes: ['ip'] }],
      [scoped, { consume: false, scopes: ['ip'] }],
      [scoped, ip],
    ]
    // A batch of another key first, so Redis has the batch script (no NOSCRIPT retry is counted).
    const warm = (await keyward.keys.create({ name: 'warm' })).key
    await Promise.all([keyward.authenticate(bearer(warm)), keyward.authenticate(bearer(warm))])
    sent.length = 0
    const decisions = await Promise.all(turn.map(([key, route]) => keyward.authenticate(bearer(key), route)))
    expect(decisions.map((d) => (d.ok ? 200 : d.response.status))).toEqual([
      200, 200, 200, 403, 403, 200, 200, 403, 403, 200, 200, 200, 200,
    ])
    expect(
      decisions.map((d) =>
        d.ok ? `${d.apiKey.keyType} ${d.apiKey.consumed} ${d.apiKey.limits.minute.remaining}` : d.error.code,
      ),
    ).toEqual([
      'live true 999',
      'live true 998',
      'live true 997',
      'forbidden',
      'forbidden',
      'live true 996',
      'test true 9',
      'forbidden',
      'forbidden',
      'test true 8',
      'live false 996',
      'live false 996',
      'live true 995',
    ])
    const batch = sent.filter((args) => Number(args[1]) > 3)
    expect(batch).toHaveLength(1)
    // EVALSHA sha numkeys, 2 × 2 key names, 7 batch arguments, then 8 runs: 6 arguments each
    // (f, key number and run length, held id, client address (M6), address counter: none here,
    // cost (M2)) and their scopes (6 runs have one).
    expect(batch[0]!).toHaveLength(2 + 4 + 7 + 8 * 6 + 6)
    await keyward.close()
    client.disconnect()
  })
})

describe.skipIf(url === null || !privateServersAvailable())(
  'Redis batch script: the hot key on a private server',
  () => {
    let redis: Redis
    let serverUrl: string
    withPrivateRedis((server, opened) => {
      redis = opened
      serverUrl = server.url
    })

    it('P1: twelve requests of one key in one batch cost Redis one read of the record and of the limit state, and one write of each', async () => {
      const clock = createManualClock(START)
      const keyward = createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: createRedisStores({ client: await ioredisClient(serverUrl), time: 'caller' }),
        clock,
        failedAuthLimit: 0,
        analytics: false,
        limits: { live: { perMinute: 100, perMonth: 1000 } },
      })
      const { key } = await keyward.keys.create({ name: 'hot' })
      // A first turn, a second earlier: the instance holds the record, the window holds the month and
      // Redis has the batch script.
      const first = await Promise.all([
        keyward.authenticate(bearer(key), { scopes: ['ip'] }),
        keyward.authenticate(bearer(key), { scopes: ['ip'] }),
      ])
      expect(first.every((d) => d.ok)).toBe(true)
      clock.advance(1000)
      await redis.config('RESETSTAT')
      const decisions = await Promise.all(
        Array.from({ length: 12 }, () => keyward.authenticate(bearer(key), { scopes: ['ip'] })),
      )
      expect(decisions.map((d) => (d.ok ? d.apiKey.limits.minute.remaining : -1))).toEqual(
        Array.from({ length: 12 }, (_, i) => 97 - i),
      )
      expect(decisions.map((d) => (d.ok ? d.apiKey.limits.month!.remaining : -1))).toEqual(
        Array.from({ length: 12 }, (_, i) => 997 - i),
      )
      const calls = await commandCalls(redis)
      expect((calls.get('evalsha') ?? 0) + (calls.get('eval') ?? 0)).toBe(1)
      // The first request reads both hashes and writes the window and lastUsedAt; the other eleven
      // are decided from its state and counted in one more write of the window.
      expect(calls.get('hmget')).toBe(2)
      expect(calls.get('hset')).toBe(3)
      const tag = `keyward:{${hashKey(key)}}`
      expect(await redis.hmget(`${tag}:rl`, 't', 'q', String(Math.floor(START / 1000) + 1))).toEqual(['14', '14', '12'])
      expect(await redis.hget(`${tag}:key`, 'lastUsedAt')).toBe(String(START + 1000))
      await keyward.close()
    })
  },
)
