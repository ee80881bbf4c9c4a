/**
 * The Redis stores refuse to run where Redis may evict what they keep (R5: fail closed), on
 * private redis-servers this file starts with each maxmemory-policy: a rate-limit counter carries
 * a TTL, so `allkeys-*` and `volatile-*` policies alike can evict it and admit an exhausted key
 * again. Only `noeviction` runs, unless the host passes `allowEviction: true`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import { type AuthDecision, createKeyward } from '../../src/index.js'
import { generateKey } from '../../src/core/key-format.js'
import {
  EVICTION_WARNING_CODE,
  RedisEvictionPolicyError,
  createRedisKeyStore,
  createRedisRateLimiter,
  createRedisStores,
  createRedisUsageLog,
} from '../../src/stores/redis/index.js'
import { randomKeyId } from '../contracts/fixtures.js'
import {
  type RedisProcess,
  commandCalls,
  ioredisClient,
  nodeRedisClient,
  privateServersAvailable,
  startRedisServer,
} from '../helpers/redis.js'

const available = privateServersAvailable()

const TIMEOUT_MS = 300
/** Scheduling slack on a loaded machine; a hang would exceed it by far. */
const MARGIN_MS = 400

const REMEDY =
  'set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf), or pass allowEviction: true to accept inexact limits'
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const code = (d: AuthDecision) => (d.ok ? 'ok' : d.error.code)

/** The process warnings keyward emits about eviction while `action` runs (and one tick after). */
async function evictionWarnings(action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const listener = (warning: Error & { code?: string }) => {
    if (warning.code === EVICTION_WARNING_CODE) seen.push(warning.message)
  }
  process.on('warning', listener)
  try {
    await action()
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.off('warning', listener)
  }
  return seen
}

describe.skipIf(!available)('maxmemory-policy at start (R5: fail closed on an evicting Redis)', () => {
  const servers: RedisProcess[] = []
  const clients: { disconnect(): unknown }[] = []
  async function server(...extraArgs: string[]): Promise<RedisProcess> {
    const started = await startRedisServer({ extraArgs })
    servers.push(started)
    return started
  }
  async function client(url: string, options: Record<string, unknown> = {}): Promise<Redis> {
    const opened = await ioredisClient(url, options)
    clients.push(opened)
    return opened
  }
  afterAll(async () => {
    for (const opened of clients) opened.disconnect()
    await Promise.all(servers.map((s) => s.stop()))
  })

  describe('allkeys-lru', () => {
    let url: string
    beforeAll(async () => {
      url = (await server('--maxmemory-policy', 'allkeys-lru')).url
    })

    it('R5: ready() rejects with a RedisEvictionPolicyError that names the policy and says what to set', async () => {
      const stores = createRedisStores({ client: await client(url), prefix: 'kw-lru' })
      const error = await stores.ready().then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(RedisEvictionPolicyError)
      expect((error as Error).message).toBe(
        `keyward/redis: Redis maxmemory-policy is "allkeys-lru", which can evict rate-limit counters and keys; ${REMEDY}`,
      )
      expect(error).toMatchObject({ code: 'redis_eviction_policy', policy: 'allkeys-lru', node: null })
    })

    it('R5: a request for a key that exists gets 500 INTERNAL_ERROR, never ok, and the host’s onError sees what to set', async () => {
      // The key exists and is valid: written through stores that accept the policy.
      const opener = createKeyward({
        stores: createRedisStores({ client: await client(url), prefix: 'kw-lru-req', allowEviction: true }),
      })
      const { key } = await opener.keys.create({ name: 'sandbox', keyType: 'test' })
      expect(code(await opener.authenticate(bearer(key)))).toBe('ok')

      const faults: unknown[] = []
      const keyward = createKeyward({
        stores: createRedisStores({ client: await client(url), prefix: 'kw-lru-req' }),
        onError: (error) => faults.push(error),
      })
      const decisions = await Promise.all(Array.from({ length: 20 }, () => keyward.authenticate(bearer(key))))
      for (const decision of decisions) {
        if (decision.ok) throw new Error('a request was admitted on an evicting Redis')
        expect(decision.error.code).toBe('INTERNAL_ERROR')
        expect(decision.response.status).toBe(500)
        expect(decision.error.message).toContain(decision.requestId)
      }
      // Later requests too: the refusal holds, it is not a one-off fault.
      expect(code(await keyward.authenticate(bearer(key)))).toBe('INTERNAL_ERROR')
      expect(faults.length).toBeGreaterThan(0)
      for (const fault of faults) expect(String((fault as Error).message)).toContain('maxmemory-policy noeviction')
      await opener.close()
    })

    it('R5: key management and usage on refused stores reject with the same error; nothing is written', async () => {
      const redis = await client(url)
      const stores = createRedisStores({ client: redis, prefix: 'kw-lru-manage' })
      const keyward = createKeyward({ stores })
      await expect(keyward.keys.create({ name: 'refused' })).rejects.toBeInstanceOf(RedisEvictionPolicyError)
      await expect(keyward.keys.list()).rejects.toBeInstanceOf(RedisEvictionPolicyError)
      await expect(stores.usage.query({ limit: 10 })).rejects.toBeInstanceOf(RedisEvictionPolicyError)
      expect(await redis.keys('kw-lru-manage*')).toEqual([])
    })

    it('R5: the stores built one at a time (createRedisKeyStore, createRedisRateLimiter, createRedisUsageLog) refuse as well', async () => {
      const redis = await client(url)
      const policy = { perMinute: 10, perMonth: 1000 }
      await expect(
        createRedisRateLimiter({ client: redis }).consume(randomKeyId(), policy, Date.now()),
      ).rejects.toBeInstanceOf(RedisEvictionPolicyError)
      await expect(createRedisKeyStore({ client: redis }).get(randomKeyId())).rejects.toBeInstanceOf(
        RedisEvictionPolicyError,
      )
      await expect(createRedisUsageLog({ client: redis }).query({ limit: 1 })).rejects.toBeInstanceOf(
        RedisEvictionPolicyError,
      )
    })

    it('a node-redis client is refused alike', async () => {
      const nr = await nodeRedisClient(url)
      try {
        await expect(createRedisStores({ client: nr }).ready()).rejects.toThrow(/maxmemory-policy is "allkeys-lru"/)
      } finally {
        await nr.disconnect()
      }
    })

    it('allowEviction: true runs on it: an exhausted sandbox key gets 429, and one warning says the limits may be inexact', async () => {
      const stores = createRedisStores({ client: await client(url), prefix: 'kw-lru-allowed', allowEviction: true })
      const keyward = createKeyward({ stores })
      const warnings = await evictionWarnings(() => stores.ready())
      expect(warnings).toEqual([
        'keyward/redis: Redis maxmemory-policy is "allkeys-lru", which can evict rate-limit counters and keys; running anyway (allowEviction: true), so limits may be inexact',
      ])
      const { key } = await keyward.keys.create({ name: 'sandbox', keyType: 'test' })
      const decisions = await Promise.all(Array.from({ length: 12 }, () => keyward.authenticate(bearer(key))))
      expect(decisions.map(code).sort()).toEqual([...Array(10).fill('ok'), 'rate_limited', 'rate_limited'])
      // Once: a second ready() neither reads again nor warns again.
      expect(await evictionWarnings(() => stores.ready())).toEqual([])
      await keyward.close()
    })
  })

  describe('volatile-lru', () => {
    it('R5: refused too: rate-limit counters carry TTLs, so a volatile policy evicts them', async () => {
      const { url } = await server('--maxmemory-policy', 'volatile-lru')
      const stores = createRedisStores({ client: await client(url), prefix: 'kw-volatile' })
      await expect(stores.ready()).rejects.toThrow(
        new RedisEvictionPolicyError(
          `keyward/redis: Redis maxmemory-policy is "volatile-lru", which can evict rate-limit counters; ${REMEDY}`,
          'volatile-lru',
          null,
        ),
      )
      const keyward = createKeyward({ stores })
      expect(code(await keyward.authenticate(bearer(generateKey('test'))))).not.toBe('ok')
      const opener = createKeyward({
        stores: createRedisStores({ client: await client(url), prefix: 'kw-volatile', allowEviction: true }),
      })
      const { key } = await opener.keys.create({ name: 'sandbox', keyType: 'test' })
      const decision = await keyward.authenticate(bearer(key))
      expect(code(decision)).toBe('INTERNAL_ERROR')
      expect(decision.ok ? 200 : decision.response.status).toBe(500)
      await opener.close()
    })
  })

  describe('noeviction', () => {
    let url: string
    let measure: Redis
    beforeAll(async () => {
      url = (await server('--maxmemory-policy', 'noeviction')).url
      measure = await client(url)
    })

    it('runs with no warning, and after start a request sends no CONFIG or INFO (no round trip added)', async () => {
      const stores = createRedisStores({ client: await client(url), prefix: 'kw-safe' })
      const keyward = createKeyward({ stores })
      const warnings = await evictionWarnings(async () => {
        await stores.ready()
        const { key } = await keyward.keys.create({ name: 'sandbox', keyType: 'test' })
        await measure.config('RESETSTAT')
        const decisions = await Promise.all(Array.from({ length: 12 }, () => keyward.authenticate(bearer(key))))
        expect(decisions.filter((d) => d.ok)).toHaveLength(10)
        for (let i = 0; i < 5; i++) expect(code(await keyward.authenticate(bearer(key)))).toBe('rate_limited')
      })
      expect(warnings).toEqual([])
      const calls = await commandCalls(measure)
      expect(calls.get('config|get')).toBeUndefined()
      expect(calls.get('info')).toBeUndefined()
      await keyward.close()
    })

    it('the first calls wait for the check, which runs once: 20 concurrent first requests read the policy once', async () => {
      const redis = await client(url)
      // Counted from before the stores exist: creating keyward writes its settings, itself a first call.
      await measure.config('RESETSTAT')
      const stores = createRedisStores({
        client: redis,
        prefix: 'kw-safe-first',
        coalesce: false,
        persistenceWarning: false,
      })
      const keyward = createKeyward({ stores })
      const unknown = generateKey('live')
      const decisions = await Promise.all(Array.from({ length: 20 }, () => keyward.authenticate(bearer(unknown))))
      for (const decision of decisions) expect(code(decision)).toBe('INVALID_API_KEY')
      expect((await commandCalls(measure)).get('config|get')).toBe(1)
      await keyward.close()
    })

    it('option "allowEviction" must be a boolean (a TypeError naming it)', async () => {
      const redis = await client(url)
      expect(() => createRedisStores({ client: redis, allowEviction: 'yes' as never })).toThrow(
        new TypeError('keyward/redis: option "allowEviction" must be true or false (got "yes")'),
      )
      expect(() => createRedisRateLimiter({ client: redis, allowEviction: 1 as never })).toThrow(
        /option "allowEviction"/,
      )
    })
  })

  describe('CONFIG disabled (as on managed Redis)', () => {
    it('falls back to INFO memory: an allkeys-lru Redis without CONFIG is refused (R5), naming the policy', async () => {
      const { url } = await server('--maxmemory-policy', 'allkeys-lru', '--rename-command', 'CONFIG', '')
      const redis = await client(url)
      await expect(redis.call('CONFIG', 'GET', 'maxmemory-policy')).rejects.toThrow(/unknown command/)
      const stores = createRedisStores({ client: redis, prefix: 'kw-noconfig' })
      await expect(stores.ready()).rejects.toThrow(
        `keyward/redis: Redis maxmemory-policy is "allkeys-lru", which can evict rate-limit counters and keys; ${REMEDY}`,
      )
      expect(code(await createKeyward({ stores }).authenticate(bearer(generateKey('live'))))).not.toBe('ok')
    })

    it('falls back to INFO memory: a noeviction Redis without CONFIG runs, with no warning', async () => {
      const { url } = await server('--maxmemory-policy', 'noeviction', '--rename-command', 'CONFIG', '')
      const stores = createRedisStores({ client: await client(url), prefix: 'kw-noconfig-safe' })
      const keyward = createKeyward({ stores })
      const warnings = await evictionWarnings(async () => {
        await stores.ready()
        const { key } = await keyward.keys.create({ name: 'runs' })
        expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
      })
      expect(warnings).toEqual([])
      await keyward.close()
    })

    it('R5: with neither CONFIG nor INFO the policy cannot be read: refused unless allowEviction: true, and the message says so', async () => {
      const { url } = await server('--rename-command', 'CONFIG', '', '--rename-command', 'INFO', '')
      // ioredis's own ready check sends INFO.
      const redis = await client(url, { enableReadyCheck: false })
      const refused = createRedisStores({ client: redis, prefix: 'kw-blind' })
      const error = await refused.ready().then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(RedisEvictionPolicyError)
      expect(error).toMatchObject({ policy: null })
      expect((error as Error).message).toMatch(
        /^keyward\/redis: cannot read the Redis maxmemory-policy \(CONFIG GET: ERR unknown command 'CONFIG'.*; INFO memory: ERR unknown command 'INFO'.*\); keyward runs only on maxmemory-policy noeviction: make sure Redis runs with it and pass allowEviction: true to skip this check$/,
      )
      await expect(refused.keys.list({ limit: 100, now: Date.now() })).rejects.toBe(error)

      const allowed = createRedisStores({ client: redis, prefix: 'kw-blind', allowEviction: true })
      const warnings = await evictionWarnings(() => allowed.ready())
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(
        /^keyward\/redis: cannot read the Redis maxmemory-policy .*running anyway \(allowEviction: true\)/,
      )
      const keyward = createKeyward({ stores: allowed })
      const { key } = await keyward.keys.create({ name: 'runs' })
      expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
      await keyward.close()
    })
  })

  describe('a fault while reading the policy', () => {
    let frozen: RedisProcess
    beforeAll(async () => {
      frozen = await server()
    })
    afterEach(() => frozen.thaw())

    it('R5: the first requests wait at most timeoutMs for the check (500 while Redis does not answer), and the check runs again once it does', async () => {
      const stores = createRedisStores({ client: await client(frozen.url), prefix: 'kw-frozen', timeoutMs: TIMEOUT_MS })
      const keyward = createKeyward({ stores })
      frozen.freeze()
      const started = performance.now()
      const decisions = await Promise.all(
        Array.from({ length: 5 }, () => keyward.authenticate(bearer(generateKey('live')))),
      )
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + MARGIN_MS)
      for (const decision of decisions) expect(code(decision)).toBe('INTERNAL_ERROR')
      await expect(stores.ready()).rejects.not.toBeInstanceOf(RedisEvictionPolicyError)
      frozen.thaw()
      await stores.ready()
      const { key } = await keyward.keys.create({ name: 'after the fault' })
      expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
      await keyward.close()
    })
  })
})
