/**
 * T1, T2 on the Redis stores (the fused one-script authorize step, and a key manager whose calls
 * answer with promises): the same decision events and spans as on memory, the store's time for
 * each decision and each key manager call, and a Redis that cannot be reached as a store fault.
 */
import type { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { createKeyward } from '../../src/keyward.js'
import { createRedisStores, type RedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { collectEvents, delivered, expectNoSecret } from './support/events.js'
import { exportedSpans, registerSdk, unregisterSdk } from './support/sdk.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('telemetry')
const bearer = (key: string) => ({ authorization: `Bearer ${key}`, method: 'GET', path: '/v1/x' })

describe.skipIf(url === null)('T1, T2 on the Redis stores', () => {
  let client: Redis
  let redis: RedisStores

  beforeAll(async () => {
    client = await ioredisClient(url!)
    redis = createRedisStores({ client, prefix })
  })
  afterEach(unregisterSdk)
  afterAll(async () => {
    await redis.close()
    client.disconnect()
    await deletePrefix(url!, prefix)
  })

  it('T1, T2: decision events, spans and counts for ok, 401, 403 and 429; the store time of decisions and key manager calls', async () => {
    const sdk = registerSdk()
    const events = collectEvents()
    const keyward = createKeyward({ stores: redis, failedAuthLimit: 0, telemetry: events.hooks })
    const { key, record } = await keyward.keys.create({
      name: 'r',
      ownerId: 'org_redis',
      scopes: ['read'],
      limits: { perMinute: 1 },
    })
    const revoked = await keyward.keys.create({ name: 'gone' })
    await keyward.keys.revoke(revoked.record.id)
    await keyward.authenticate(bearer(key))
    await keyward.authenticate(bearer(key), { scopes: ['write'] })
    await keyward.authenticate(bearer(key))
    await keyward.authenticate(bearer(revoked.key))
    await delivered()

    const outcomes = ['ok', 'forbidden', 'rate_limited', 'API_KEY_REVOKED']
    expect(events.decisions.map((e) => [e.outcome, e.keyId])).toEqual([
      ...outcomes.slice(0, 3).map((o) => [o, record.id]),
      ['API_KEY_REVOKED', revoked.record.id],
    ])
    expect(events.decisions[0]).toMatchObject({ ownerId: 'org_redis', keyType: 'live', storeMs: expect.any(Number) })
    expect(sdk.decisionSpans().map((s) => s.attributes['keyward.outcome'])).toEqual(outcomes)
    const metrics = await sdk.collect()
    expect(metrics.countsBy('keyward.decisions', 'keyward.outcome')).toEqual({
      ok: 1,
      forbidden: 1,
      rate_limited: 1,
      API_KEY_REVOKED: 1,
    })
    const operations = metrics
      .histograms('keyward.store.duration')
      .map((h) => [h.attributes['keyward.store.operation'], h.value.count])
    // Each key change also appends its audit entry (N4): two creations and a revocation.
    expect(Object.fromEntries(operations)).toEqual({
      'keys.insert': 2,
      'keys.revoke': 1,
      'audit.append': 3,
      authorize: 4,
    })
    expect(events.lifecycle.map((e) => e.type)).toEqual(['created', 'created', 'revoked'])
    expectNoSecret([events.all(), exportedSpans(sdk.spans()), metrics.exported], [key, revoked.key])
  })

  it('T1: a Redis that cannot be reached: 500 decisions and store faults from decisions and the key manager', async () => {
    const events = collectEvents()
    const offline = await ioredisClient(url!)
    const stores = createRedisStores({ client: offline, prefix })
    const keyward = createKeyward({ stores, failedAuthLimit: 0, telemetry: events.hooks, onError: () => undefined })
    const { key } = await keyward.keys.create({ name: 'r' })
    offline.disconnect()
    const decision = await keyward.authenticate({ ...bearer(key), requestId: 'req_redisRedisRedisRedisRedis' })
    expect(decision.ok ? 200 : decision.response.status).toBe(500)
    await expect(keyward.keys.create({ name: 'later' })).rejects.toThrow()
    await delivered()
    expect(events.decisions).toMatchObject([{ outcome: 'INTERNAL_ERROR', status: 500 }])
    expect(events.faults).toMatchObject([
      { phase: 'authenticate', operation: 'authorize', requestId: 'req_redisRedisRedisRedisRedis' },
      { phase: 'manage', operation: 'keys.insert', requestId: null },
    ])
    expectNoSecret(events.all(), [key])
    await stores.close()
  })
})
