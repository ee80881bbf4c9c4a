/**
 * Two keyward instances, each with its own client (one ioredis, one node-redis) and its own Redis
 * stores, sharing one Redis: limits and quotas are exact across both (L2, L1), a revocation on
 * one is seen at once by the other (K7), and usage written by either is visible from both (E5).
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { Redis } from 'ioredis'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { type RedisStores, createRedisStores } from '../../src/stores/redis/index.js'
import { hashKey, generateKey } from '../../src/core/key-format.js'
import { makeStoredKey } from '../contracts/fixtures.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('multi-instance')

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const codes = (decisions: AuthDecision[]) => {
  const counted: Record<string, number> = {}
  for (const d of decisions) {
    const code = d.ok ? 'ok' : d.error.code
    counted[code] = (counted[code] ?? 0) + 1
  }
  return counted
}

describe.skipIf(url === null)('two keyward instances sharing one Redis', () => {
  let io: Redis
  let nodeRedis: Awaited<ReturnType<typeof nodeRedisClient>>
  let storesA: RedisStores
  let storesB: RedisStores
  let a: Keyward
  let b: Keyward

  beforeAll(async () => {
    io = await ioredisClient(url!)
    nodeRedis = await nodeRedisClient(url!)
    // Default time: 'server' — both instances read Redis TIME.
    storesA = createRedisStores({ client: io, prefix })
    storesB = createRedisStores({ client: nodeRedis, prefix })
    a = createKeyward({ stores: storesA })
    b = createKeyward({ stores: storesB })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await io?.quit()
    await nodeRedis?.quit()
    await deletePrefix(url!, prefix)
  })

  /** `count` concurrent requests, alternating between the two instances. */
  function spread(key: string, count: number): Promise<AuthDecision[]> {
    return Promise.all(Array.from({ length: count }, (_, i) => (i % 2 === 0 ? a : b).authenticate(bearer(key))))
  }

  it('L2: 200 concurrent requests for one test key (10 per minute) over both instances admit exactly 10', async () => {
    const { key } = await a.keys.create({ name: 'shared minute', keyType: 'test' })
    const decisions = await spread(key, 200)
    expect(codes(decisions)).toEqual({ ok: 10, rate_limited: 190 })
    const rejected = decisions.find((d) => !d.ok)
    if (rejected === undefined || rejected.ok) throw new Error('expected a rejection')
    expect(rejected.response.status).toBe(429)
    expect(rejected.response.headers['Retry-After']).toMatch(/^[1-9]\d*$/)
    // Both instances now see the window full.
    for (const instance of [a, b]) {
      const next = await instance.authenticate(bearer(key))
      expect(next.ok ? 'ok' : next.error.code).toBe('rate_limited')
    }
  })

  it('L1/L4: a monthly quota of 25 is exact under 200 concurrent requests over both instances', async () => {
    const { key } = await b.keys.create({
      name: 'shared quota',
      keyType: 'live',
      limits: { perMinute: 1000, perMonth: 25 },
    })
    const decisions = await spread(key, 200)
    expect(codes(decisions)).toEqual({ ok: 25, rate_limited: 175 })
    const last = decisions.find((d) => !d.ok)!
    if (last.ok) throw new Error('expected a rejection')
    expect(last.response.headers['X-Quota-Remaining']).toBe('0')
  })

  it('K7: a key revoked through instance A is rejected by the very next request on instance B', async () => {
    for (let round = 0; round < 10; round++) {
      const { key, record } = await a.keys.create({ name: `revoked ${round}` })
      const before = await b.authenticate(bearer(key))
      expect(before.ok).toBe(true)
      await a.keys.revoke(record.id)
      const after = await b.authenticate(bearer(key))
      expect(after.ok ? 'ok' : after.error.code).toBe('API_KEY_REVOKED')
      expect((await b.keys.get(record.id))?.status).toBe('revoked')
    }
  })

  it('K7: requests in flight on B while A revokes: every request that starts after revoke() returned is rejected', async () => {
    const { key, record } = await a.keys.create({ name: 'revoked under load' })
    let revoked = false
    const load = (async () => {
      while (!revoked) await b.authenticate(bearer(key))
    })()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await a.keys.revoke(record.id)
    revoked = true
    await load
    const after = await Promise.all(Array.from({ length: 50 }, () => b.authenticate(bearer(key))))
    expect(codes(after)).toEqual({ API_KEY_REVOKED: 50 })
  })

  it('E5: usage recorded on either instance is visible from both, newest first', async () => {
    const { key, record } = await a.keys.create({ name: 'usage' })
    const onA = await a.authenticate({ ...bearer(key), requestId: 'req_fromAAAAAAAAAAAAAAAAAAAAAA' })
    const onB = await b.authenticate({ ...bearer(key), requestId: 'req_fromBBBBBBBBBBBBBBBBBBBBBB' })
    if (!onA.ok || !onB.ok) throw new Error('both requests should be admitted')
    a.recordUsage(onA.apiKey, { method: 'GET', path: '/api/v1/ip/lookup', status: 200, ip: '203.0.113.1' })
    b.recordUsage(onB.apiKey, { method: 'POST', path: '/api/v1/email/validate', status: 400, ip: null })
    // No explicit flush: each instance writes its buffer within its flush interval.
    for (const instance of [a, b]) {
      await vi.waitFor(
        async () => {
          const entries = await instance.queryUsage({ keyId: record.id, limit: 10 })
          expect(entries.map((e) => e.requestId)).toEqual([
            'req_fromBBBBBBBBBBBBBBBBBBBBBB',
            'req_fromAAAAAAAAAAAAAAAAAAAAAA',
          ])
        },
        { timeout: 2000, interval: 20 },
      )
    }
    const [latest] = await a.queryUsage({ keyId: record.id, limit: 1 })
    expect(latest).toMatchObject({
      keyId: record.id,
      method: 'POST',
      path: '/api/v1/email/validate',
      status: 400,
      ip: null,
    })
  })

  it('K5/L4a: keys created on one instance are listed on the other, with lastUsedAt written by the other’s requests', async () => {
    const { key, record } = await b.keys.create({ name: 'listed' })
    expect((await a.keys.list()).keys.map((r) => r.id)).toContain(record.id)
    expect((await a.keys.get(record.id))?.lastUsedAt).toBeNull()
    expect((await b.authenticate(bearer(key))).ok).toBe(true)
    const seen = await a.keys.get(record.id)
    expect(seen?.lastUsedAt).not.toBeNull()
    expect(Math.abs(Date.parse(seen!.lastUsedAt!) - Date.now())).toBeLessThan(5_000)
  })

  it('L2: an instance whose clock runs 2 minutes ahead shares the window (time comes from Redis TIME)', async () => {
    const ahead = createKeyward({
      stores: createRedisStores({ client: io, prefix }),
      clock: { now: () => Date.now() + 120_000 },
    })
    const { key } = await a.keys.create({ name: 'skewed clock', keyType: 'test' })
    expect(codes(await Promise.all(Array.from({ length: 10 }, () => a.authenticate(bearer(key)))))).toEqual({ ok: 10 })
    // With the caller's clock, a window 2 minutes later would be empty and admit 10 more.
    expect(codes(await Promise.all(Array.from({ length: 10 }, () => ahead.authenticate(bearer(key)))))).toEqual({
      rate_limited: 10,
    })
  })

  it('K6: expiry is decided by Redis TIME, so an instance whose clock runs an hour behind still sees an expired key', async () => {
    const behind = createRedisStores({ client: nodeRedis, prefix })
    const token = generateKey('live')
    const stored = makeStoredKey({
      hash: hashKey(token),
      createdAt: Date.now() - 60_000,
      expiresAt: Date.now() - 1_000,
    })
    await behind.keys.insert(stored)
    const outcome = await behind.authorize({
      hashes: [stored.hash],
      now: Date.now() - 3_600_000,
      requiredScopes: null,
      liveOnly: false,
      consume: true,
      defaults: { live: { perMinute: 1000, perMonth: null }, test: { perMinute: 10, perMonth: 1000 } },
    })
    expect(outcome.result).toBe('expired')
  })

  describe('E7: the failed-authentication guard, shared', () => {
    const LIMIT = 3
    const guarded = (
      client: typeof io | typeof nodeRedis,
      options: { coalesce?: boolean; pepper?: string | { current: string; previous: string[] } } = {},
    ) =>
      createKeyward({
        stores: createRedisStores({
          client,
          prefix,
          ...(options.coalesce === undefined ? {} : { coalesce: options.coalesce }),
        }),
        failedAuthLimit: LIMIT,
        ...(options.pepper === undefined ? {} : { pepper: options.pepper }),
      })
    const from = (ip: string, key: string) => ({ ...bearer(key), ip })
    const status = (d: AuthDecision) => (d.ok ? 200 : d.response.status)
    let nextNetwork = 1
    /** An IPv6 /64 no other test of this file uses (a fresh Redis prefix is not made per test). */
    const freshNetwork = () => `2001:db8:${(process.pid % 0xffff).toString(16)}:${(nextNetwork++).toString(16)}`

    function expectBlocked(d: AuthDecision): number {
      if (d.ok) throw new Error('a request from a blocked address was admitted')
      expect([d.response.status, d.error.code], d.response.body).toEqual([429, 'rate_limited'])
      expect(d.error.message).toMatch(/^Too many failed authentication attempts/)
      const retryAfter = Number(d.response.headers['Retry-After'])
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 61, String(retryAfter)).toBe(true)
      expect(d.response.headers['X-RateLimit-Limit']).toBeUndefined()
      return retryAfter
    }

    async function blockOn(instance: Keyward, ip: string): Promise<void> {
      for (let i = 0; i < LIMIT; i++)
        expect(status(await instance.authenticate(from(ip, generateKey('live'))))).toBe(401)
    }

    it('E7: failures on instance B up to the limit, then a valid key from the same address on instance A (which saw no failure) gets 429 rate_limited with Retry-After', async () => {
      const onA = guarded(io)
      const onB = guarded(nodeRedis)
      const { key } = await onA.keys.create({ name: 'valid, E7' })
      const network = freshNetwork()
      await blockOn(onB, `${network}::1`)
      expectBlocked(await onA.authenticate(from(`${network}::1`, key)))
      // Another spelling, another address of the /64: blocked too; another /64 is not.
      expectBlocked(await onA.authenticate(from(`${network.toUpperCase()}:0:0:0:2%eth0`, key)))
      expect(status(await onA.authenticate(from(`${freshNetwork()}::1`, key)))).toBe(200)
      // Nothing of the key was counted by the blocked requests (one admitted request so far).
      const admitted = await onA.authenticate(from('192.0.2.200', key))
      if (!admitted.ok) throw new Error(admitted.response.body)
      expect(admitted.headers['X-RateLimit-Remaining']).toBe('998')
      await onA.close()
      await onB.close()
    })

    it('E7: in one batch of concurrent requests for one key, those from the blocked address get 429 and the others are admitted, each counted once (the hot-key path)', async () => {
      const onA = guarded(io)
      const onB = guarded(nodeRedis)
      const { key } = await onA.keys.create({ name: 'batched, E7', keyType: 'test' })
      const blocked = `${freshNetwork()}::1`
      const clean = `${freshNetwork()}::1`
      await blockOn(onB, blocked)
      const order = [clean, clean, blocked, blocked, clean, blocked, clean, clean]
      const decisions = await Promise.all(order.map((ip) => onA.authenticate(from(ip, key))))
      expect(decisions.map(status)).toEqual(order.map((ip) => (ip === blocked ? 429 : 200)))
      for (const d of decisions.filter((d) => !d.ok)) expectBlocked(d)
      // The admitted ones counted one after another, the refused ones between them counting nothing.
      expect(decisions.flatMap((d) => (d.ok ? [d.apiKey.limits.minute.remaining] : []))).toEqual([9, 8, 7, 6, 5])
      // Five admitted of the test key's 10 a minute: the blocked ones counted nothing.
      const next = await onA.authenticate(from(clean, key))
      if (!next.ok) throw new Error(next.response.body)
      expect(next.headers['X-RateLimit-Remaining']).toBe('4')
      await onA.close()
      await onB.close()
    })

    it('E7: without coalescing, and with a previous pepper tried second, the instance that saw no failure blocks the address too', async () => {
      const onB = guarded(nodeRedis)
      const single = guarded(io, { coalesce: false })
      const rotated = guarded(io, { pepper: { current: 'pepper-new', previous: ['pepper-old'] } })
      const old = guarded(io, { pepper: 'pepper-old' })
      const { key } = await single.keys.create({ name: 'single, E7' })
      const { key: underOld } = await old.keys.create({ name: 'old pepper, E7' })
      const ip = `${freshNetwork()}::1`
      await blockOn(onB, ip)
      expectBlocked(await single.authenticate(from(ip, key)))
      expectBlocked(await rotated.authenticate(from(ip, underOld)))
      expect(status(await rotated.authenticate(from(`${freshNetwork()}::1`, underOld)))).toBe(200)
      for (const instance of [onB, single, rotated, old]) await instance.close()
    })

    it('E7/R5: a failure counter Redis cannot read fails the requests from that address alone (500), in a batch too', async () => {
      const onA = guarded(io)
      const { key } = await onA.keys.create({ name: 'unreadable counter, E7' })
      const network = freshNetwork()
      await io.set(`${prefix}:{id:failed-auth:${network}::/64}:rl`, 'not a hash')
      const order = [`${freshNetwork()}::1`, `${network}::1`, `${network}::2`, `${freshNetwork()}::1`]
      const decisions = await Promise.all(order.map((ip) => onA.authenticate(from(ip, key))))
      expect(decisions.map((d) => (d.ok ? 200 : `${d.response.status} ${d.error.code}`))).toEqual([
        200,
        '500 INTERNAL_ERROR',
        '500 INTERNAL_ERROR',
        200,
      ])
      await onA.close()
    })

    it('E7: the instance learns the block: further requests from the address are answered without a store call until it lifts', async () => {
      const onA = guarded(io)
      const onB = guarded(nodeRedis)
      const { key } = await onA.keys.create({ name: 'learnt, E7' })
      const ip = `${freshNetwork()}::1`
      await blockOn(onB, ip)
      expectBlocked(await onA.authenticate(from(ip, key)))
      const again = onA.authenticate(from(ip, key))
      expect(again).not.toBeInstanceOf(Promise)
      expectBlocked(again as AuthDecision)
      await onA.close()
      await onB.close()
    })
  })
})
