/**
 * S6: a Redis that holds keys is checked for persistence at start. With neither AOF nor RDB
 * snapshots, one process warning says that a restart loses every key, and what to do; on a
 * persistent Redis, beside keys kept elsewhere, or with `persistenceWarning: false`, nothing is
 * said. The warning comes once per process, so each case runs in a process of its own
 * (`persistence-fixture.ts`) and reads what it printed.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSISTENCE_WARNING_CODE } from '../../src/stores/redis/index.js'
import { type RedisCluster, startRedisCluster } from '../helpers/redis-cluster.js'
import { type RedisProcess, commandCalls, privateServersAvailable, startRedisServer } from '../helpers/redis.js'
import type { FixtureOutput, FixtureStep } from './persistence-fixture.js'

const available = privateServersAvailable()
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const WARNING =
  'keyward/redis: Redis runs with neither AOF nor RDB snapshots, so a Redis restart loses every API key stored in it (each then answers 401). ' +
  'Turn on AOF (appendonly yes), or keep the keys in Postgres (keyward/postgres) with Redis for limits only; persistenceWarning: false turns this warning off'

/** Runs the steps in a fresh Node process: what it saw, and the lines it printed on stderr. */
function runFixture(steps: FixtureStep[]): Promise<FixtureOutput & { stderrLines: string[] }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env }
    delete env.NODE_OPTIONS
    execFile(
      process.execPath,
      ['--import', 'tsx', 'test/redis/persistence-fixture.ts', JSON.stringify(steps)],
      { cwd: ROOT, env, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`fixture failed: ${error.message}\n${stderr}`))
        const output = JSON.parse(stdout.trim().split('\n').at(-1)!) as FixtureOutput
        resolve({ ...output, stderrLines: stderr.split('\n').filter((line) => line.includes('Warning:')) })
      },
    )
  })
}

describe.skipIf(!available)('the persistence warning of a Redis that holds keys (S6)', () => {
  let volatile: RedisProcess
  let aof: RedisProcess
  let rdb: RedisProcess
  let noConfig: RedisProcess
  beforeAll(async () => {
    ;[volatile, aof, rdb, noConfig] = await Promise.all([
      startRedisServer({ extraArgs: ['--save', '', '--appendonly', 'no'] }),
      startRedisServer({ extraArgs: ['--appendonly', 'yes'] }),
      startRedisServer({ extraArgs: ['--save', '3600 1'] }),
      // Managed Redis often refuses CONFIG: then only a snapshot taken since start can tell.
      startRedisServer({ extraArgs: ['--rename-command', 'CONFIG', ''] }),
    ])
  })
  afterAll(async () => {
    await Promise.all([volatile, aof, rdb, noConfig].map((server) => server?.stop()))
  })

  it('S6: --save "" --appendonly no → one warning, code KEYWARD_REDIS_VOLATILE_KEYS, however many store sets hold keys in the process', async () => {
    const run = await runFixture([
      { ports: [volatile.port], store: 'stores' },
      { ports: [volatile.port], store: 'stores' },
      { ports: [volatile.port], store: 'key-store' },
    ])
    expect(run.outcomes).toEqual(['ready', 'ready', 'ready'])
    expect(run.warnings).toEqual([{ step: 0, code: PERSISTENCE_WARNING_CODE, message: WARNING }])
    expect(run.stderrLines).toEqual([
      expect.stringMatching(
        /^\(node:\d+\) \[KEYWARD_REDIS_VOLATILE_KEYS\] Warning: keyward\/redis: Redis runs with neither AOF nor RDB/,
      ),
    ])
  })

  it('S6: createRedisKeyStore alone warns as well, once its first call has passed the eviction check', async () => {
    const run = await runFixture([{ ports: [volatile.port], store: 'key-store' }])
    expect(run.warnings).toEqual([{ step: 0, code: PERSISTENCE_WARNING_CODE, message: WARNING }])
  })

  it('S6: --appendonly yes, RDB snapshots (--save "3600 1"), or a Redis that refuses CONFIG and cannot tell → no warning', async () => {
    const run = await runFixture([
      { ports: [aof.port], store: 'stores' },
      { ports: [rdb.port], store: 'stores' },
      { ports: [noConfig.port], store: 'stores' },
    ])
    expect(run.outcomes).toEqual(['ready', 'ready', 'ready'])
    expect(run.warnings).toEqual([])
    expect(run.stderrLines).toEqual([])
  })

  it('S6: AOF turned on at run time (CONFIG SET appendonly yes) counts: no warning', async () => {
    const server = await startRedisServer({ extraArgs: ['--save', '', '--appendonly', 'no'] })
    const admin = new Redis(server.port, '127.0.0.1')
    try {
      await admin.config('SET', 'appendonly', 'yes')
      const run = await runFixture([{ ports: [server.port], store: 'stores' }])
      expect(run.warnings).toEqual([])
    } finally {
      admin.disconnect()
      await server.stop()
    }
  })

  it('S6: only the limiter (either keys setting) or the usage log on a volatile Redis → no warning: losing them loses no key', async () => {
    const run = await runFixture([
      { ports: [volatile.port], store: 'limiter' },
      { ports: [volatile.port], store: 'limiter-elsewhere' },
      { ports: [volatile.port], store: 'usage' },
    ])
    expect(run.outcomes).toEqual(['ready', 'ready', 'ready'])
    expect(run.warnings).toEqual([])
  })

  it('S6: persistenceWarning: false → no warning, and nothing is read for it', async () => {
    const admin = new Redis(volatile.port, '127.0.0.1')
    try {
      await admin.config('RESETSTAT')
      const run = await runFixture([
        { ports: [volatile.port], store: 'stores', persistenceWarning: false },
        { ports: [volatile.port], store: 'key-store', persistenceWarning: false },
      ])
      expect(run.outcomes).toEqual(['ready', 'ready'])
      expect(run.warnings).toEqual([])
      // Each store set read maxmemory-policy (CONFIG GET) for the eviction check, and no `save`.
      // (INFO is left out: ioredis sends one of its own when it connects.)
      expect((await commandCalls(admin)).get('config|get')).toBe(2)
    } finally {
      admin.disconnect()
    }
  })

  it('S6: an evicting Redis is refused before persistence is read: its one message is the eviction error', async () => {
    const lru = await startRedisServer({ extraArgs: ['--maxmemory-policy', 'allkeys-lru'] })
    try {
      const run = await runFixture([{ ports: [lru.port], store: 'stores' }])
      expect(run.outcomes[0]).toMatch(/^keyward\/redis: Redis maxmemory-policy is "allkeys-lru"/)
      expect(run.warnings).toEqual([])
    } finally {
      await lru.stop()
    }
  })

  it('a persistenceWarning option that is not true or false is a TypeError naming it', async () => {
    const { createRedisStores } = await import('../../src/stores/redis/index.js')
    const client = new Redis(volatile.port, '127.0.0.1', { lazyConnect: true })
    expect(() => createRedisStores({ client, persistenceWarning: 'no' as never })).toThrow(
      new TypeError('keyward/redis: option "persistenceWarning" must be true or false (got "no")'),
    )
    client.disconnect()
  })
})

describe.skipIf(!available)('the persistence warning on Redis Cluster (S6)', () => {
  let cluster: RedisCluster
  beforeAll(async () => {
    cluster = await startRedisCluster(3)
  }, 60_000)
  afterAll(async () => {
    await cluster?.stop()
  })

  it('S6: every master is read; the warning names the masters that persist nothing, and none once all of them do', async () => {
    const ports = cluster.nodes.map((node) => node.port)
    const admin = new Redis(ports[0]!, '127.0.0.1')
    try {
      await admin.config('SET', 'appendonly', 'yes')
      const [, second, third] = ports
      const partly = await runFixture([{ ports, cluster: true, store: 'stores' }])
      expect(partly.outcomes).toEqual(['ready'])
      expect(partly.warnings).toHaveLength(1)
      const named = /^keyward\/redis: Redis at (\S+), (\S+) run with neither AOF nor RDB snapshots/.exec(
        partly.warnings[0]!.message,
      )
      expect(named?.slice(1).sort()).toEqual([`127.0.0.1:${second}`, `127.0.0.1:${third}`].sort())

      for (const port of ports.slice(1)) {
        const node = new Redis(port, '127.0.0.1')
        await node.config('SET', 'appendonly', 'yes')
        node.disconnect()
      }
      const all = await runFixture([{ ports, cluster: true, store: 'stores' }])
      expect(all.warnings).toEqual([])
    } finally {
      admin.disconnect()
    }
  })
})
