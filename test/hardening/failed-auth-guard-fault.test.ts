/**
 * The failed-authentication guard is defence in depth: when the counter of an address cannot be
 * read or written, it refuses nothing and reports the fault, while the key's own decision still
 * fails closed. On memory (a shared limiter whose guard counters fault), and on a real three-master
 * Redis Cluster where the address's counter lives on another master than the key, frozen or killed.
 */
import { Redis } from 'ioredis'
import { Cluster } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientAddressKey } from '../../src/core/address-key.js'
import { generateKey, hashKey } from '../../src/core/key-format.js'
import type { RateLimiter } from '../../src/core/types.js'
import { createKeyward, type Keyward } from '../../src/index.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { createLayout } from '../../src/stores/redis/layout.js'
import { type RedisCluster, startRedisCluster } from '../helpers/redis-cluster.js'
import { privateServersAvailable, uniquePrefix } from '../helpers/redis.js'

type Heard = { error: unknown; requestId: string; phase: string }

/** What `onError` heard, as text, to show no key is in it. */
function textOf(heard: Heard[]): string {
  return heard
    .map(({ error, requestId, phase }) => {
      const e = error as { message?: unknown; stack?: unknown }
      return `${String(e?.message)} ${String(e?.stack)} ${JSON.stringify(error)} ${requestId} ${phase}`
    })
    .join('\n')
}

async function statusOf(keyward: Keyward, key: string, ip: string): Promise<number> {
  const decision = await keyward.authenticate({ authorization: `Bearer ${key}`, ip })
  return decision.ok ? 200 : decision.response.status
}

/**
 * The memory limiter, shared as a fleet's would be, whose failed-authentication counters fault
 * (`sync`: by throwing, else by rejecting); every key's own limits stay real.
 */
function limiterWithUnreachableGuard(mode: 'sync' | 'async'): RateLimiter {
  const limiter = createMemoryStores().limiter
  return new Proxy(limiter, {
    get(target, property) {
      if (property === 'shared') return true
      const value = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('failed-auth')) {
          const fault = new Error('the failed-authentication counter is unreachable')
          if (mode === 'sync') throw fault
          return Promise.reject(fault)
        }
        return value.apply(target, args)
      }
    },
  }) as RateLimiter
}

describe('C5 on memory: a guard whose counter faults refuses nothing', () => {
  for (const mode of ['sync', 'async'] as const) {
    it(`C5: a valid key is admitted (200) and an unknown key still gets 401 while every read and write of the guard's counter fails (${mode}); onError hears it with no key in it`, async () => {
      const heard: Heard[] = []
      const stores = { ...createMemoryStores(), limiter: limiterWithUnreachableGuard(mode) }
      const keyward = createKeyward({
        stores,
        failedAuthLimit: 3,
        onError: (error, info) => heard.push({ error, ...info }),
      })
      const { key } = await keyward.keys.create({ name: 'valid, C5' })
      const unknown = generateKey('live')
      expect(await statusOf(keyward, key, '198.51.100.7')).toBe(200)
      for (let i = 0; i < 5; i++) expect(await statusOf(keyward, unknown, '198.51.100.7')).toBe(401)
      expect(await statusOf(keyward, key, '198.51.100.7')).toBe(200)
      expect(heard.length).toBeGreaterThan(0)
      expect(heard.every((h) => h.phase === 'authenticate')).toBe(true)
      expect(textOf(heard)).toContain('the failed-authentication counter is unreachable')
      for (const secret of [key, unknown, key.slice(9, 41), unknown.slice(9, 41)]) {
        expect(textOf(heard)).not.toContain(secret)
      }
      await keyward.close()
    })
  }

  it("C5: a store fault on the key's own lookup is still 500, never a pass", async () => {
    const memory = createMemoryStores()
    const keys = new Proxy(memory.keys, {
      get(target, property) {
        if (property === 'findByHash') return () => Promise.reject(new Error('the key store is down'))
        const value = Reflect.get(target, property)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const keyward = createKeyward({
      stores: { ...memory, keys, limiter: limiterWithUnreachableGuard('async') },
      failedAuthLimit: 3,
      onError: () => undefined,
    })
    const { key } = await keyward.keys.create({ name: 'valid, C5' })
    expect(await statusOf(keyward, key, '198.51.100.8')).toBe(500)
    await keyward.close()
  })
})

const available = privateServersAvailable()
const TIMEOUT_MS = 400

describe.skipIf(!available)('C5 on a Redis Cluster: the master holding an address counter fails', () => {
  let cluster: RedisCluster
  let client: Cluster
  let nodes: Redis[]
  const prefix = uniquePrefix('guard-fault')
  const layout = createLayout(prefix)

  beforeAll(async () => {
    cluster = await startRedisCluster(3)
    client = new Cluster(cluster.nodes, { enableOfflineQueue: false, redisOptions: { connectTimeout: 1000 } })
    client.on('error', () => {})
    await new Promise<void>((resolve, reject) => {
      client.once('ready', resolve)
      client.once('error', reject)
    })
    nodes = cluster.nodes.map(({ host, port }) => {
      const node = new Redis({ host, port, maxRetriesPerRequest: 0 })
      node.on('error', () => {})
      return node
    })
  }, 60_000)
  afterAll(async () => {
    client?.disconnect()
    for (const node of nodes ?? []) node.disconnect()
    await cluster?.stop()
  })

  /** The index in `cluster.nodes` of the master that serves the slot of a Redis key name. */
  async function masterOf(name: string): Promise<number> {
    const slot = Number(await nodes[0]!.cluster('KEYSLOT', name))
    const ranges = await nodes[0]!.cluster('SLOTS')
    const range = ranges.find(([from, to]) => slot >= from && slot <= to)!
    return cluster.nodes.findIndex(({ port }) => port === range[2]![1])
  }

  /** An address whose failure counter lives on another master than `keyMaster`, and that master. */
  async function addressAwayFrom(keyMaster: number, start: number): Promise<{ ip: string; master: number }> {
    for (let n = start; n < start + 200; n++) {
      const ip = `203.0.113.${n}`
      const master = await masterOf(layout.ofOrphanId(`failed-auth:${clientAddressKey(ip)}`).minute)
      if (master !== keyMaster) return { ip, master }
    }
    throw new Error('no address found whose counter is on another master')
  }

  async function timedStatus(keyward: Keyward, key: string, ip: string): Promise<[number, number]> {
    const started = performance.now()
    const status = await statusOf(keyward, key, ip)
    return [status, performance.now() - started]
  }

  it(`C5: with the master of the address's counter frozen (SIGSTOP) then killed (SIGKILL), a valid key on another master gets 200 within timeoutMs + 100 ms, an unknown key 401, and onError hears the fault with no key in it`, async () => {
    const heard: Heard[] = []
    const keyward = createKeyward({
      stores: createRedisStores({ client, prefix, timeoutMs: TIMEOUT_MS }),
      failedAuthLimit: 3,
      onError: (error, info) => heard.push({ error, ...info }),
    })
    const { key } = await keyward.keys.create({ name: 'valid, C5' })
    const keyMaster = await masterOf(layout.ofHash(hashKey(key)).record)
    const { ip, master } = await addressAwayFrom(keyMaster, 1)
    expect(await statusOf(keyward, key, ip)).toBe(200)

    // An unknown key whose own lookup stays answerable: one on the failing master is a 500, rightly.
    let unknown = generateKey('live')
    while ((await masterOf(layout.ofHash(hashKey(unknown)).record)) === master) unknown = generateKey('live')
    const server = cluster.servers[master]!
    server.freeze()
    try {
      const [frozenValid, frozenValidMs] = await timedStatus(keyward, key, ip)
      expect(frozenValid, 'a valid key on a healthy master').toBe(200)
      expect(frozenValidMs, 'ms to answer it').toBeLessThan(TIMEOUT_MS + 100)
      const [frozenUnknown] = await timedStatus(keyward, unknown, ip)
      expect(frozenUnknown).toBe(401)
    } finally {
      server.thaw()
    }

    process.kill(server.pid, 'SIGKILL')
    const [killedValid, killedValidMs] = await timedStatus(keyward, key, ip)
    expect(killedValid, 'a valid key on a healthy master').toBe(200)
    expect(killedValidMs, 'ms to answer it').toBeLessThan(TIMEOUT_MS + 100)
    const [killedUnknown] = await timedStatus(keyward, unknown, ip)
    expect(killedUnknown).toBe(401)

    expect(heard.length).toBeGreaterThan(0)
    for (const secret of [key, unknown, key.slice(9, 41), unknown.slice(9, 41)]) {
      expect(textOf(heard)).not.toContain(secret)
    }
    await keyward.close().catch(() => undefined)
  }, 30_000)
})
