/**
 * `keyward keys …` on a Redis whose maxmemory-policy may evict keyward's data: exit 4 (store
 * unavailable) with one line naming the policy and what to set, and nothing done (R5: fail closed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { type RedisProcess, privateServersAvailable, startRedisServer } from '../helpers/redis.js'
import { expectOneLineError, runCli } from './support/cli.js'

const available = privateServersAvailable()

describe.skipIf(!available)('keyward keys on an evicting Redis', { timeout: 60_000 }, () => {
  let lru: RedisProcess
  beforeAll(async () => {
    lru = await startRedisServer({ extraArgs: ['--maxmemory-policy', 'allkeys-lru'] })
  })
  afterAll(async () => {
    await lru?.stop()
  })

  it('R5: keys create on maxmemory-policy allkeys-lru exits 4 with one line saying to set noeviction, and writes nothing', async () => {
    const run = await runCli(['keys', 'create', '--name', 'refused', '--key-prefix', 'svc'], { REDIS_URL: lru.url })
    const message = expectOneLineError(run, 4)
    expect(message).toBe(
      `Redis at ${lru.url} cannot be used: Redis maxmemory-policy is "allkeys-lru", which can evict rate-limit counters and keys; set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf)`,
    )
    expect(run.stdout).toBe('')
    const client = new Redis(lru.url)
    try {
      expect(await client.dbsize()).toBe(0)
    } finally {
      client.disconnect()
    }
  })

  it('R5: keys list --json reports { error: { code: "store_unavailable", exitStatus: 4 } }', async () => {
    const run = await runCli(['keys', 'list', '--json'], { REDIS_URL: lru.url })
    expectOneLineError(run, 4)
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'store_unavailable', exitStatus: 4 } })
    expect(run.stdout).toContain('maxmemory-policy noeviction')
  })
})
