/**
 * P1 measured: `INFO commandstats` of a private redis-server before and after N authenticated
 * requests through the core (authenticate + recordUsage, as an adapter does), usage flushes
 * included. Commands a script runs inside Redis do not count; they are recognised from the
 * scripts' own `redis.call` names, which the JavaScript never sends itself.
 *
 * Analytics counters are written off the path by a timer a second after the first count, so the
 * instances that count commands exactly have them off; the last test bounds what they add.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import { type Keyward, createKeyward } from '../../src/index.js'
import { type RedisStores, createRedisStores } from '../../src/stores/redis/index.js'
import {
  type RedisProcess,
  commandCalls,
  ioredisClient,
  privateServersAvailable,
  startRedisServer,
  commandsInsideScripts,
  MEASUREMENT_COMMANDS,
} from '../helpers/redis.js'
import { SEED_SCOPES } from '../../server/env.js'

const available = privateServersAvailable()

/**
 * Commands the Lua scripts run inside Redis (not top-level). The webhook outbox's script runs only
 * when webhooks are set, never on a request's path, and not in this file: its commands are not
 * discounted, so a GET or SET a request sent would still be counted.
 */
const INSIDE_SCRIPTS = commandsInsideScripts(['outbox'])
const MEASUREMENT = MEASUREMENT_COMMANDS

/** Top-level commands since the last RESETSTAT. */
async function topLevelCommands(client: Redis): Promise<{ total: number; byCommand: Record<string, number> }> {
  const byCommand: Record<string, number> = {}
  let total = 0
  for (const [command, calls] of await commandCalls(client)) {
    if (INSIDE_SCRIPTS.has(command) || MEASUREMENT.has(command)) continue
    byCommand[command] = calls
    total += calls
  }
  return { total, byCommand }
}

describe.skipIf(!available)('commands per authenticated request (P1)', () => {
  let server: RedisProcess
  let client: Redis
  let measure: Redis
  let stores: RedisStores
  let keyward: Keyward
  let key: string

  beforeAll(async () => {
    server = await startRedisServer()
    client = await ioredisClient(server.url)
    measure = await ioredisClient(server.url)
    stores = createRedisStores({ client, prefix: 'kw' })
    keyward = createKeyward({ defaultScopes: SEED_SCOPES, stores, analytics: false })
    ;({ key } = await keyward.keys.create({ name: 'bench', limits: { perMinute: 1_000_000 } }))
    // Warm up: the first call of each script answers NOSCRIPT and is sent again with EVAL (the
    // concurrent pair loads the batch script).
    await request(0)
    await Promise.all([request(0), request(1)])
    await stores.usage.flush()
  })
  afterAll(async () => {
    await keyward?.close()
    client?.disconnect()
    measure?.disconnect()
    await server?.stop()
  })

  async function request(n: number): Promise<void> {
    const decision = await keyward.authenticate({
      authorization: `Bearer ${key}`,
      requestId: `req_count${n}xxxxxxxxxxxxxxxxxxx`,
    })
    if (!decision.ok) throw new Error(`request ${n} failed: ${JSON.stringify(decision.error)}`)
    keyward.recordUsage(decision.apiKey, { method: 'GET', path: '/api/v1/ip/lookup', status: 200, ip: '203.0.113.9' })
  }

  it('the JavaScript never sends a command that the scripts also run inside Redis (so the count below is exact)', () => {
    const files = readdirSync('src/stores/redis', { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    )
    const sources = files.map((file) => readFileSync(join('src/stores/redis', file), 'utf8'))
    const sent = new Set(
      sources.flatMap((text) => [...text.matchAll(/command\(\s*\['([A-Z]+)'/g)].map((m) => m[1]!.toLowerCase())),
    )
    expect([...sent].sort()).toEqual([
      'del',
      'get',
      'hgetall',
      'hmget',
      'hset',
      'lrange',
      'set',
      'zadd',
      'zrangebylex',
      'zrangebyscore',
      'zrem',
      'zrevrange',
      'zrevrangebylex',
    ])
    // Listing keys reads records with HGETALL, which the scripts run too; no request lists keys.
    // HSET and HMGET write and read the app's settings, once at start and by the command line.
    // ZRANGEBYSCORE and ZREVRANGE read the webhook outbox (W1), off every request's path, and
    // ZRANGEBYLEX and ZREM page and prune the audit trail (N4), written only by key changes.
    // LRANGE reads the usage lists for a query (the usage script reads what a trim removes with it).
    const offPath = ['hgetall', 'hset', 'hmget', 'zrangebyscore', 'zrevrange', 'zrangebylex', 'zrem', 'lrange']
    const requestPath = [...sent].filter((command) => !offPath.includes(command))
    for (const command of requestPath) expect(INSIDE_SCRIPTS.has(command), command).toBe(false)
    expect(INSIDE_SCRIPTS.has('evalsha') || INSIDE_SCRIPTS.has('eval')).toBe(false)
  })

  it('P1: 400 concurrent requests (batches of 20) cost at most 2 top-level commands each, usage flushes included', async () => {
    await measure.config('RESETSTAT')
    const N = 400
    for (let i = 0; i < N; i += 20) await Promise.all(Array.from({ length: 20 }, (_, j) => request(i + j)))
    await stores.usage.flush()
    const { total, byCommand } = await topLevelCommands(measure)
    console.info(`P1 (concurrent): ${(total / N).toFixed(3)} commands per request`, byCommand)
    expect(Object.keys(byCommand)).toEqual(['evalsha'])
    // The 20 requests of each turn share one batch script call (coalesce): 20 authorize calls,
    // plus the usage flushes.
    expect(total).toBeGreaterThanOrEqual(N / 20)
    expect(total).toBeLessThanOrEqual(N / 20 + N / 10)
  })

  it('P1: with coalesce: false, 400 concurrent requests cost one authorize call each', async () => {
    const single = createRedisStores({ client, prefix: 'kw', coalesce: false })
    const alone = createKeyward({ defaultScopes: SEED_SCOPES, stores: single, analytics: false })
    await measure.config('RESETSTAT')
    const N = 400
    for (let i = 0; i < N; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const decision = await alone.authenticate({
            authorization: `Bearer ${key}`,
            requestId: `req_single${i + j}xxxxxxxxxxxxxxxxxx`,
          })
          expect(decision.ok).toBe(true)
        }),
      )
    }
    const { total } = await topLevelCommands(measure)
    expect(total).toBe(N)
    await alone.close()
  })

  it('P1/M4: a key with three named limits and owner limits costs one authorize call a request, with coalesce off', async () => {
    const single = createRedisStores({ client, prefix: 'kw', coalesce: false })
    const owned = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: single,
      analytics: false,
      ownerLimits: { live: { perMinute: 1_000_000, perMonth: 1_000_000 } },
    })
    const limits = [
      { name: 'burst', limit: 100_000, window: '10s' },
      { name: 'daily', limit: 1_000_000, window: '1d' },
      { name: 'month', limit: 1_000_000, window: { month: { day: 15 } } },
    ]
    const { key: metered } = await owned.keys.create({ name: 'metered', ownerId: 'acct-p1', limits })
    const once = async (n: number) => {
      const decision = await owned.authenticate({
        authorization: `Bearer ${metered}`,
        requestId: `req_named${n}xxxxxxxxxxxxxxxxxxx`,
      })
      if (!decision.ok) throw new Error(decision.response.body)
    }
    // The first request learns the key's owner (one call more), once.
    await once(0)
    await measure.config('RESETSTAT')
    const N = 100
    for (let i = 0; i < N; i++) await once(i)
    const { total, byCommand } = await topLevelCommands(measure)
    expect(byCommand).toEqual({ evalsha: N })
    expect(total).toBe(N)
    await owned.close()
  })

  it('P1: 200 sequential requests cost at most 2 top-level commands each', async () => {
    await measure.config('RESETSTAT')
    const N = 200
    for (let i = 0; i < N; i++) await request(i)
    await stores.usage.flush()
    const { total, byCommand } = await topLevelCommands(measure)
    console.info(`P1 (sequential): ${(total / N).toFixed(3)} commands per request`, byCommand)
    expect(total).toBeLessThanOrEqual(2 * N)
  })

  it('P1: even when every request’s usage is flushed on its own, a request costs exactly 2 commands in the worst case', async () => {
    await measure.config('RESETSTAT')
    const N = 50
    for (let i = 0; i < N; i++) {
      await request(i)
      await stores.usage.flush()
    }
    const { total } = await topLevelCommands(measure)
    expect(total).toBe(2 * N)
  })

  it('P1/E7: with the failed-authentication guard on, requests that carry a client address (some with failures on record) cost what they cost without it', async () => {
    // A failure on record for one address: its counter exists, and the script reads it.
    const failed = await keyward.authenticate({ authorization: `Bearer ${key.slice(0, -6)}000000`, ip: '2001:db8::9' })
    expect(failed.ok ? 200 : failed.response.status).toBe(401)
    await measure.config('RESETSTAT')
    const N = 400
    const addresses = ['2001:db8::9', '203.0.113.9', '2001:db8:1::9', '198.51.100.9']
    for (let i = 0; i < N; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const decision = await keyward.authenticate({
            authorization: `Bearer ${key}`,
            ip: addresses[j % addresses.length]!,
            requestId: `req_guard${i + j}xxxxxxxxxxxxxxxxxxx`,
          })
          if (!decision.ok) throw new Error(decision.response.body)
          keyward.recordUsage(decision.apiKey, {
            method: 'GET',
            path: '/api/v1/ip/lookup',
            status: 200,
            ip: '203.0.113.9',
          })
        }),
      )
    }
    await stores.usage.flush()
    const concurrent = await topLevelCommands(measure)
    console.info(`P1/E7 (concurrent): ${(concurrent.total / N).toFixed(3)} commands per request`, concurrent.byCommand)
    expect(Object.keys(concurrent.byCommand)).toEqual(['evalsha'])
    expect(concurrent.total).toBeLessThanOrEqual(N / 20 + N / 10)

    await measure.config('RESETSTAT')
    for (let i = 0; i < 50; i++) {
      const decision = await keyward.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8::9' })
      expect(decision.ok).toBe(true)
    }
    expect((await topLevelCommands(measure)).total).toBe(50)
  })

  it('P1/E7: an address blocked by another instance costs one command to learn of, then none while the block lasts', async () => {
    const instance = () =>
      createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: createRedisStores({ client, prefix: 'kw' }),
        failedAuthLimit: 3,
        analytics: false,
      })
    const other = instance()
    const guarded = instance()
    for (let i = 0; i < 3; i++) {
      const failed = await other.authenticate({
        authorization: `Bearer ${key.slice(0, -6)}000000`,
        ip: '2001:db8:bad::1',
      })
      expect(failed.ok ? 200 : failed.response.status).toBe(401)
    }
    await measure.config('RESETSTAT')
    const first = await guarded.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8:bad::2' })
    expect(first.ok ? 200 : first.response.status).toBe(429)
    expect((await topLevelCommands(measure)).total).toBe(1)
    for (let i = 0; i < 20; i++) {
      const again = await guarded.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8:bad::3' })
      expect(again.ok ? 200 : again.response.status).toBe(429)
    }
    expect((await topLevelCommands(measure)).total).toBe(1)
    await other.close()
    await guarded.close()
  })

  it('P1, B8: a request for an unknown key costs one command; a revoked key one and the write of its usage entry; a peek (auth test, L5) one command', async () => {
    await measure.config('RESETSTAT')
    const unknown = await keyward.authenticate({ authorization: `Bearer svc_live_${'0'.repeat(32)}${'0'.repeat(6)}` })
    // A checksum failure never reaches Redis (K2).
    expect(unknown.ok ? 'ok' : unknown.error.code).toBe('INVALID_API_KEY_FORMAT')
    const { key: other } = await keyward.keys.create({ name: 'other' })
    await keyward.keys.revoke((await keyward.keys.list()).keys.find((r) => r.name === 'other')!.id)
    await measure.config('RESETSTAT')
    const revoked = await keyward.authenticate({ authorization: `Bearer ${other}` })
    expect(revoked.ok ? 'ok' : revoked.error.code).toBe('API_KEY_REVOKED')
    // The refusal of a known key is in its usage log: one write, off the request's path.
    await stores.usage.flush()
    const peek = await keyward.authenticate({ authorization: `Bearer ${key}` }, { consume: false })
    expect(peek.ok).toBe(true)
    expect((await topLevelCommands(measure)).total).toBe(3)
  })

  it('N1: analytics counters add at most one write a second, off the path, and none once closed', async () => {
    const counting = () =>
      createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: createRedisStores({ client, prefix: 'kw', coalesce: false }),
      })
    // Warm up: the first flush loads the counters' script.
    const first = counting()
    expect((await first.authenticate({ authorization: `Bearer ${key}` })).ok).toBe(true)
    await first.close()
    const counted = counting()
    await measure.config('RESETSTAT')
    const started = performance.now()
    const N = 100
    for (let i = 0; i < N; i++) {
      const decision = await counted.authenticate({ authorization: `Bearer ${key}` })
      expect(decision.ok).toBe(true)
    }
    await counted.close()
    const seconds = (performance.now() - started) / 1000
    const { total, byCommand } = await topLevelCommands(measure)
    expect(Object.keys(byCommand)).toEqual(['evalsha'])
    // One authorize call a request, the flushes the timer ran while they went on, the flush at close.
    expect(total).toBeGreaterThanOrEqual(N + 1)
    expect(total).toBeLessThanOrEqual(N + Math.ceil(seconds) + 1)
  })
})
