/**
 * `npm start` with STORE=redis refuses to start on a Redis that may evict keyward's data
 * (R5: fail closed rather than serve with limits an eviction can reset): one line saying what to
 * set, and exit code 1, before it listens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RedisProcess, privateServersAvailable, startRedisServer } from '../helpers/redis.js'
import { type ServerProcess, startServer } from './support.js'

const available = privateServersAvailable()

describe.skipIf(!available)('STORE=redis on an evicting Redis', () => {
  const redis: RedisProcess[] = []
  const running: ServerProcess[] = []
  let lru: RedisProcess
  beforeAll(async () => {
    lru = await startRedisServer({ extraArgs: ['--maxmemory-policy', 'allkeys-lru'] })
    redis.push(lru)
  })
  afterEach(() => {
    for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
  })
  afterAll(async () => {
    await Promise.all(redis.map((r) => r.stop()))
  })

  it('R5: maxmemory-policy allkeys-lru stops the server with one line naming the policy and what to set, exit code 1, never listening', async () => {
    const server = startServer({ PORT: '0', STORE: 'redis', REDIS_URL: lru.url })
    running.push(server)
    expect(await server.exited).toBe(1)
    expect(server.stdout()).not.toContain('listening on')
    const lines = server.stderr().trim().split('\n')
    expect(lines).toEqual([
      `keyward: Redis at 127.0.0.1:${lru.port}: Redis maxmemory-policy is "allkeys-lru", which can evict rate-limit counters and keys; set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf)`,
    ])
  })

  it('R5: maxmemory-policy volatile-lru stops it too (rate-limit counters carry TTLs)', async () => {
    const volatile = await startRedisServer({ extraArgs: ['--maxmemory-policy', 'volatile-lru'] })
    redis.push(volatile)
    const server = startServer({ PORT: '0', STORE: 'redis', REDIS_URL: volatile.url })
    running.push(server)
    expect(await server.exited).toBe(1)
    expect(server.stderr()).toMatch(
      /^keyward: Redis at 127\.0\.0\.1:\d+: Redis maxmemory-policy is "volatile-lru", which can evict rate-limit counters; set maxmemory-policy noeviction/m,
    )
  })
})
