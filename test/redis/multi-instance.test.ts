/**
 * Two keyward instances, each with its own client (one ioredis, one node-redis) and its own Redis
 * stores, sharing one Redis: limits and quotas are exact across both (L2, L1), a revocation on
 * one is seen at once by the other (K7), and usage written by either is visible from both (E5).
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { Redis } from 'ioredis'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { type RedisStores, createRedisStores } from '../../src/redis/index.js'
import { hashKey, generateKey } from '../../src/key-format.js'
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
    const { key } = await b.keys.create({ name: 'shared quota', keyType: 'live', limits: { perMinute: 1000, perMonth: 25 } })
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
          expect(entries.map((e) => e.requestId)).toEqual(['req_fromBBBBBBBBBBBBBBBBBBBBBB', 'req_fromAAAAAAAAAAAAAAAAAAAAAA'])
        },
        { timeout: 2000, interval: 20 },
      )
    }
    const [latest] = await a.queryUsage({ keyId: record.id, limit: 1 })
    expect(latest).toMatchObject({ keyId: record.id, method: 'POST', path: '/api/v1/email/validate', status: 400, ip: null })
  })

  it('K5/L4a: keys created on one instance are listed on the other, with lastUsedAt written by the other’s requests', async () => {
    const { key, record } = await b.keys.create({ name: 'listed' })
    expect((await a.keys.list()).map((r) => r.id)).toContain(record.id)
    expect((await a.keys.get(record.id))?.lastUsedAt).toBeNull()
    expect((await b.authenticate(bearer(key))).ok).toBe(true)
    const seen = await a.keys.get(record.id)
    expect(seen?.lastUsedAt).not.toBeNull()
    expect(Math.abs(Date.parse(seen!.lastUsedAt!) - Date.now())).toBeLessThan(5_000)
  })

  it('L2: an instance whose clock runs 2 minutes ahead shares the window (time comes from Redis TIME)', async () => {
    const ahead = createKeyward({ stores: createRedisStores({ client: io, prefix }), clock: { now: () => Date.now() + 120_000 } })
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
    const stored = makeStoredKey({ hash: hashKey(token), createdAt: Date.now() - 60_000, expiresAt: Date.now() - 1_000 })
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
})
