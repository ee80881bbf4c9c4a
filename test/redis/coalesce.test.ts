/**
 * Coalescing (P1): on a single node, the authorize calls of one event-loop turn go out as one
 * batch script call. Each request must be decided exactly as it would be alone (K6, K7, L1–L6), a
 * Redis error must fail only its own request (R5), and the batch must survive a flushed script
 * cache. Runs on ioredis and on node-redis.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { MAX_BATCH } from '../../src/stores/redis/batch/queue.js'
import { AUTHORIZE_BATCH_SCRIPT } from '../../src/stores/redis/scripts.js'
import { createManualClock } from '../../src/core/clock.js'
import { generateKey } from '../../src/core/key-format.js'
import { makeStoredKey } from '../contracts/fixtures.js'
import {
  commandCalls,
  ioredisClient,
  nodeRedisClient,
  privateServersAvailable,
  sharedRedisUrl,
  uniquePrefix,
} from '../helpers/redis.js'
import { withIoredisClient, withPrivateRedis } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

/** What a client sees of a decision: status, code, and the limit it was counted against. */
function seen(decision: Awaited<ReturnType<Keyward['authenticate']>>): string {
  if (!decision.ok) return `${decision.response.status} ${decision.error.code}`
  return `200 ${decision.apiKey.keyType} remaining=${decision.apiKey.limits.minute.remaining} consumed=${decision.apiKey.consumed}`
}

describe.skipIf(url === null)('Redis authorize coalescing', () => {
  const prefix = uniquePrefix('coalesce')
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  /** Two instances on the same data, one coalescing and one not, and keys of every kind. */
  async function world(clientFor: () => Promise<unknown>, tag: string) {
    const clock = createManualClock(Date.UTC(2026, 2, 10, 12))
    const p = `${prefix}-${tag}`
    const batched = createKeyward({
      stores: createRedisStores({ client: (await clientFor()) as never, prefix: p, time: 'caller' }),
      clock,
      failedAuthLimit: 0,
    })
    const single = createKeyward({
      stores: createRedisStores({ client: (await clientFor()) as never, prefix: p, time: 'caller', coalesce: false }),
      clock,
      failedAuthLimit: 0,
    })
    const live = await batched.keys.create({ name: 'live', scopes: ['ip'], limits: { perMinute: 3 } })
    const other = await batched.keys.create({ name: 'other', scopes: ['email'] })
    const test = await batched.keys.create({ name: 'test', keyType: 'test' })
    const revoked = await batched.keys.create({ name: 'revoked' })
    await batched.keys.revoke(revoked.record.id)
    const expiring = await batched.keys.create({
      name: 'expiring',
      expiresAt: new Date(clock.now() + 1000).toISOString(),
    })
    clock.advance(2000)
    // Well-formed (K2 checksum) but held by no record.
    const unknown = generateKey('live')
    return {
      batched,
      single,
      clock,
      keys: { live: live.key, other: other.key, test: test.key, revoked: revoked.key, expired: expiring.key, unknown },
    }
  }

  for (const [name, clientFor] of [
    ['ioredis', () => ioredisClient(url!)],
    ['node-redis', () => nodeRedisClient(url!)],
  ] as const) {
    it(`${name}: one turn of mixed requests is decided as each would be alone, in order (K6, K7, L2, L6)`, async () => {
      const { batched, single, keys } = await world(clientFor, `${name}-mixed`)
      // The same sequence twice, from one turn (one batch) and one request at a time (no batch),
      // each against keys of its own state: the per-minute limit of 3 runs out mid-batch.
      const sequence = [
        [keys.live, { scopes: ['ip'] }],
        [keys.other, { scopes: ['ip'] }],
        [keys.live, { scopes: ['ip'] }],
        [keys.test, { liveOnly: true }],
        [keys.revoked, {}],
        [keys.live, {}],
        [keys.expired, {}],
        [keys.unknown, {}],
        [keys.live, {}],
        [keys.live, { consume: false }],
        [keys.other, {}],
      ] as const
      const together = await Promise.all(sequence.map(([key, route]) => batched.authenticate(bearer(key), route)))
      const expected = [
        '200 live remaining=2 consumed=true',
        '403 forbidden',
        '200 live remaining=1 consumed=true',
        '403 forbidden',
        '401 API_KEY_REVOKED',
        '200 live remaining=0 consumed=true',
        '401 API_KEY_EXPIRED',
        '401 INVALID_API_KEY',
        '429 rate_limited',
        '200 live remaining=0 consumed=false',
        '200 live remaining=999 consumed=true',
      ]
      expect(together.map(seen)).toEqual(expected)
      // The uncoalesced instance, on fresh keys of the same kinds, answers the same.
      const fresh = await world(clientFor, `${name}-alone`)
      const alone = []
      for (const [key, route] of sequence) {
        const mapped = Object.entries(keys).find(([, value]) => value === key)![0] as keyof typeof keys
        alone.push(await fresh.single.authenticate(bearer(fresh.keys[mapped]), route))
      }
      expect(alone.map(seen)).toEqual(expected)
      await Promise.all([batched.close(), single.close(), fresh.batched.close(), fresh.single.close()])
    })
  }

  for (const [name, clientFor] of [
    ['ioredis', () => ioredisClient(url!)],
    ['node-redis', () => nodeRedisClient(url!)],
  ] as const) {
    it(`${name}: a Redis error fails only its own request with 500; the rest of the batch is decided (R5)`, async () => {
      const { batched, single, keys } = await world(clientFor, `error-${name}`)
      // Break one key's minute state: a string where the script expects a hash (WRONGTYPE).
      const record = (await batched.keys.list()).keys.find((r) => r.name === 'other')!
      const all = await client.keys(`${prefix}-error-${name}:{*}:key`)
      let broken = ''
      for (const k of all) if ((await client.hget(k, 'id')) === record.id) broken = k.replace(/:key$/, ':rl')
      await client.set(broken, 'not a hash')
      const decisions = await Promise.all([
        batched.authenticate(bearer(keys.live)),
        batched.authenticate(bearer(keys.other)),
        batched.authenticate(bearer(keys.test)),
      ])
      expect(decisions.map(seen)).toEqual([
        '200 live remaining=2 consumed=true',
        '500 INTERNAL_ERROR',
        '200 test remaining=9 consumed=true',
      ])
      expect(seen(await single.authenticate(bearer(keys.other)))).toBe('500 INTERNAL_ERROR')
      await Promise.all([batched.close(), single.close()])
    })
  }

  it('R5: a batch reply that answers "as the request before" where no admitted request came before fails that request closed', async () => {
    // The batch script answers 7 for a request it decided from the admitted request before it.
    // A reply breaking that rule (here forged by a client that rewrites replies) must never admit.
    const forging = await ioredisClient(url!)
    const call = forging.call.bind(forging) as (...args: unknown[]) => Promise<unknown>
    ;(forging as unknown as { call: typeof call }).call = async (...args: unknown[]) => {
      const reply = await call(...args)
      const command = String(args[0]).toLowerCase()
      if (
        (command === 'evalsha' && args[1] === AUTHORIZE_BATCH_SCRIPT.sha) ||
        (command === 'eval' && args[1] === AUTHORIZE_BATCH_SCRIPT.source)
      ) {
        const replies = [...(reply as unknown[])]
        for (const i of [0, 2, 6, 8]) replies[i] = 7
        return replies
      }
      return reply
    }
    const { batched, keys } = await world(async () => forging, 'forged-hot')
    const decisions = await Promise.all([
      batched.authenticate(bearer(keys.live)),
      batched.authenticate(bearer(keys.other), { scopes: ['ip'] }),
      batched.authenticate(bearer(keys.test)),
      batched.authenticate(bearer(keys.live)),
      batched.authenticate(bearer(keys.live)),
      batched.authenticate(bearer(keys.live)),
      batched.authenticate(bearer(keys.live)),
      batched.authenticate(bearer(keys.test), { consume: false }),
      batched.authenticate(bearer(keys.test)),
    ])
    // Forged: 1 (no request before it), 3 (after a 403), 7 (after a 429) and 9 (after a peek).
    // 4 and 6 are decided as Redis answered them (4 counted after 1, which Redis admitted); 5 is
    // a real "as the request before" and follows 4.
    expect(decisions.map(seen)).toEqual([
      '500 INTERNAL_ERROR',
      '403 forbidden',
      '500 INTERNAL_ERROR',
      '200 live remaining=1 consumed=true',
      '200 live remaining=0 consumed=true',
      '429 rate_limited',
      '500 INTERNAL_ERROR',
      '200 test remaining=9 consumed=false',
      '500 INTERNAL_ERROR',
    ])
    await batched.close()
  })

  it('P1/L1/K6: requests of one turn with different clocks or type defaults are each decided with their own', async () => {
    const stores = createRedisStores({ client, prefix: `${prefix}-shared`, time: 'caller' })
    const T = Date.UTC(2026, 2, 10, 12)
    const key = makeStoredKey({ createdAt: T - 1000, expiresAt: T + 1000 })
    await stores.keys.insert(key)
    const small = { live: { perMinute: 5, perMonth: null }, test: { perMinute: 1, perMonth: null } }
    const large = { live: { perMinute: 50, perMonth: 500 }, test: { perMinute: 1, perMonth: null } }
    const input = { hashes: [key.hash], requiredScopes: null, liveOnly: false, consume: true }
    // One turn: the batch shares one clock and one set of defaults per call, so these four go out
    // in three runs (T small, T large, T + 2 s large) and each is answered by its own.
    const outcomes = await Promise.all([
      stores.authorize({ ...input, now: T, defaults: small }),
      stores.authorize({ ...input, now: T, defaults: small }),
      stores.authorize({ ...input, now: T, defaults: large }),
      stores.authorize({ ...input, now: T + 2000, defaults: large }),
    ])
    expect(
      outcomes.map((o) =>
        o.result === 'ok'
          ? `ok ${o.limits.minute.limit} ${o.limits.minute.remaining} ${o.limits.month?.limit ?? '-'}`
          : o.result,
      ),
    ).toEqual(['ok 5 4 -', 'ok 5 3 -', 'ok 50 47 500', 'expired'])
    await stores.close()
  })

  it(`more requests in one turn than MAX_BATCH (${MAX_BATCH}) go out as several batch calls, every one answered`, async () => {
    const { batched, keys } = await world(() => ioredisClient(url!), 'many')
    const n = 2 * MAX_BATCH + 10
    const decisions = await Promise.all(Array.from({ length: n }, () => batched.authenticate(bearer(keys.other))))
    expect(decisions.every((d) => d.ok)).toBe(true)
    // Every request counted once, in order: remaining runs down from 999 without a gap or repeat.
    const remaining = decisions.map((d) => (d.ok ? d.apiKey.limits.minute.remaining : -1)).sort((a, b) => b - a)
    expect(remaining).toEqual(Array.from({ length: n }, (_, i) => 999 - i))
    await batched.close()
  })
})

describe.skipIf(url === null || !privateServersAvailable())('Redis authorize coalescing on a private server', () => {
  let redis: Redis
  let serverUrl: string
  withPrivateRedis((server, client) => {
    redis = client
    serverUrl = server.url
  })

  it(`one turn of MAX_BATCH (${MAX_BATCH}) requests is one EVALSHA, and a flushed script cache is reloaded with EVAL`, async () => {
    const keyward = createKeyward({
      stores: createRedisStores({ client: await ioredisClient(serverUrl) }),
      failedAuthLimit: 0,
      analytics: false,
    })
    const { key } = await keyward.keys.create({ name: 'batch' })
    await redis.script('FLUSH')
    await redis.config('RESETSTAT')
    const first = await Promise.all(Array.from({ length: MAX_BATCH }, () => keyward.authenticate(bearer(key))))
    expect(first.every((d) => d.ok)).toBe(true)
    let calls = await commandCalls(redis)
    expect([calls.get('evalsha'), calls.get('eval')]).toEqual([1, 1])
    await redis.config('RESETSTAT')
    const second = await Promise.all(Array.from({ length: MAX_BATCH }, () => keyward.authenticate(bearer(key))))
    expect(second.every((d) => d.ok)).toBe(true)
    calls = await commandCalls(redis)
    expect([calls.get('evalsha'), calls.get('eval')]).toEqual([1, undefined])
    await keyward.close()
  })

  it(`one turn of MAX_BATCH (${MAX_BATCH}) different keys is one EVALSHA, each request decided on its own key`, async () => {
    const keyward = createKeyward({
      stores: createRedisStores({ client: await ioredisClient(serverUrl) }),
      failedAuthLimit: 0,
      analytics: false,
    })
    const created = []
    for (let i = 0; i < MAX_BATCH; i++)
      created.push(await keyward.keys.create({ name: `k${i}`, limits: { perMinute: 10 + i } }))
    await redis.config('RESETSTAT')
    const decisions = await Promise.all(created.map(({ key }) => keyward.authenticate(bearer(key))))
    expect(decisions.map((d) => (d.ok ? `${d.apiKey.id} ${d.apiKey.limits.minute.remaining}` : d.error.code))).toEqual(
      created.map(({ record }, i) => `${record.id} ${9 + i}`),
    )
    expect((await commandCalls(redis)).get('evalsha')).toBe(1)
    await keyward.close()
  })

  it(`a call goes out as soon as MAX_BATCH (${MAX_BATCH}) requests wait, before the turn ends; the rest at its end`, async () => {
    const client = await ioredisClient(serverUrl)
    const keyward = createKeyward({ stores: createRedisStores({ client }), failedAuthLimit: 0, analytics: false })
    const { key } = await keyward.keys.create({ name: 'early' })
    expect((await keyward.authenticate(bearer(key))).ok).toBe(true)
    // Whether this turn's end (a setImmediate queued before the requests) had come when each EVALSHA was sent.
    let turnEnded = false
    const sentAfterTurn: boolean[] = []
    const call = client.call.bind(client) as (command: string, ...args: string[]) => Promise<unknown>
    client.call = ((command: string, ...args: string[]) => {
      if (command === 'EVALSHA') sentAfterTurn.push(turnEnded)
      return call(command, ...args)
    }) as typeof client.call
    setImmediate(() => {
      turnEnded = true
    })
    const decisions = await Promise.all(Array.from({ length: MAX_BATCH + 8 }, () => keyward.authenticate(bearer(key))))
    expect(decisions.every((d) => d.ok)).toBe(true)
    expect(sentAfterTurn).toEqual([false, true])
    await keyward.close()
  })

  it('option "coalesce" must be a boolean', () => {
    expect(() => createRedisStores({ client: redis, coalesce: 'yes' as never })).toThrow(
      new TypeError('keyward/redis: option "coalesce" must be true or false (got "yes")'),
    )
  })
})
