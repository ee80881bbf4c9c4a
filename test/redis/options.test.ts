/**
 * Setup of the Redis stores: the client is recognised by its shape (ioredis or node-redis, single
 * node or cluster) without importing either library, and a bad option fails at once with a
 * TypeError naming it.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Cluster, Redis } from 'ioredis'
import { createClient, createCluster } from 'redis'
import { connect } from '../../src/stores/redis/client.js'
import {
  createRedisKeyStore,
  createRedisRateLimiter,
  createRedisStores,
  createRedisUsageLog,
} from '../../src/stores/redis/index.js'
import { createLayout } from '../../src/stores/redis/layout.js'

describe('Redis store options', () => {
  it('recognises ioredis Redis and Cluster, and node-redis clients and clusters, by shape', () => {
    const io = new Redis({ lazyConnect: true })
    const ioCluster = new Cluster([{ host: '127.0.0.1', port: 1 }], { lazyConnect: true })
    const nodeClient = createClient()
    const nodeCluster = createCluster({ rootNodes: [{ url: 'redis://127.0.0.1:1' }] })
    expect(connect(io, 1000)).toMatchObject({ kind: 'ioredis', cluster: false })
    expect(connect(ioCluster, 1000)).toMatchObject({ kind: 'ioredis', cluster: true })
    expect(connect(nodeClient, 1000)).toMatchObject({ kind: 'node-redis', cluster: false })
    expect(connect(nodeCluster, 1000)).toMatchObject({ kind: 'node-redis', cluster: true })
    io.disconnect()
    ioCluster.disconnect()
  })

  it('throws a TypeError naming "client" when it is missing or not a Redis client', () => {
    expect(() => createRedisStores({} as never)).toThrow(/option "client"/)
    expect(() => createRedisStores({ client: { get: () => null } } as never)).toThrow(TypeError)
    expect(() => createRedisStores({ client: { get: () => null } } as never)).toThrow(/option "client"/)
    expect(() => createRedisStores(undefined as never)).toThrow(TypeError)
  })

  it('throws a TypeError naming each bad option', () => {
    const client = new Redis({ lazyConnect: true })
    expect(() => createRedisStores({ client, prefix: 'a{b}' })).toThrow(/option "prefix"/)
    expect(() => createRedisStores({ client, prefix: '' })).toThrow(/option "prefix"/)
    expect(() => createRedisStores({ client, timeoutMs: 0 })).toThrow(/option "timeoutMs"/)
    expect(() => createRedisStores({ client, timeoutMs: Number.NaN })).toThrow(/option "timeoutMs"/)
    expect(() => createRedisStores({ client, time: 'local' as never })).toThrow(/option "time"/)
    expect(() => createRedisStores({ client, usage: { maxBatch: 0 } })).toThrow(/option "usage.maxBatch"/)
    expect(() => createRedisStores({ client, usage: { perKeyLimit: 1.5 } })).toThrow(/option "usage.perKeyLimit"/)
    expect(() => createRedisStores({ client, usage: { flushIntervalMs: -1 } })).toThrow(
      /option "usage.flushIntervalMs"/,
    )
    expect(() => createRedisStores({ client, usage: { onError: 'log' as never } })).toThrow(/option "usage.onError"/)
    expect(() => createRedisKeyStore({ client, prefix: 'has space' })).toThrow(/option "prefix"/)
    expect(() => createRedisRateLimiter({ client, time: 'caller', timeoutMs: -5 })).toThrow(/option "timeoutMs"/)
    expect(() => createRedisUsageLog({ client, usage: { globalLimit: 0 } })).toThrow(/option "usage.globalLimit"/)
    client.disconnect()
  })

  it('every key one key’s state lives in shares the hash tag of that key (cluster-safe)', () => {
    const layout = createLayout('keyward')
    const hash = 'ab'.repeat(32)
    const keys = layout.ofHash(hash)
    for (const name of Object.values(keys)) expect(name).toMatch(new RegExp(`^keyward:\\{${hash}\\}:`))
    expect(() => layout.ofHash('a}b')).toThrow(TypeError)
  })

  it('src/stores/redis imports neither ioredis nor redis at run time', () => {
    for (const file of readdirSync('src/stores/redis').filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(join('src/stores/redis', file), 'utf8')
      // Only the JSDoc examples name the libraries; no import statement does.
      expect(text, file).not.toMatch(/^\s*(import|export)[^\n]*from ['"](ioredis|redis|@redis\/[^'"]+)['"]/m)
      expect(text, file).not.toMatch(/import\(['"](ioredis|redis)['"]\)/)
      expect(text, file).not.toMatch(/require\(['"](ioredis|redis)['"]\)/)
    }
  })
})
