/**
 * S8: `npm start` with STORE=postgres, on a database of its own. It runs the migrations at start;
 * a key created through the dashboard authenticates, survives a restart of the server, and a
 * revoked key stays revoked. With REDIS_URL the key records are cached and the limits live in
 * Redis (S10: they survive the restart too, and emptying Redis revives no revoked key), one
 * EVALSHA per request with the E7 guard off (S4). A
 * database it cannot reach or migrate, a bad DATABASE_URL or an evicting Redis stop it with one
 * line, the password never printed.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/stores/postgres/migrations.js'
import { databaseAvailable, withDatabase } from '../helpers/postgres.js'
import {
  type RedisProcess,
  commandCalls,
  privateServersAvailable,
  startRedisServer,
  commandsInsideScripts,
  MEASUREMENT_COMMANDS,
} from '../helpers/redis.js'
import { freePort, type ServerProcess, startServer } from './support.js'

const available = databaseAvailable() && privateServersAvailable()
const TOKEN = 'postgres-dashboard-token-0123'
/** Commands the Lua scripts run inside Redis: not sent by the server. */
const INSIDE_SCRIPTS = commandsInsideScripts()
const admin = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }

const running: ServerProcess[] = []
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

function start(env: Record<string, string>): ServerProcess {
  const server = startServer({ PORT: '0', DASHBOARD_TOKEN: TOKEN, ...env })
  running.push(server)
  return server
}

async function baseOf(server: ServerProcess): Promise<string> {
  return /listening on (http:\/\/\S+)/.exec(await server.listening)![1]!
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
}

async function createKey(base: string, body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const response = await fetch(`${base}/api/dashboard/api-keys`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(201)
  const { data } = (await response.json()) as { data: { id: string; key: string } }
  return data
}

/** Status and error code of a consuming request with `key`. */
async function lookup(base: string, key: string): Promise<[number, string]> {
  const response = await fetch(`${base}/api/v1/ip/lookup?ip=192.0.2.1`, { headers: { Authorization: `Bearer ${key}` } })
  const body = (await response.json()) as { error?: { code: string } }
  return [response.status, body.error?.code ?? 'ok']
}

describe.skipIf(!available)('STORE=postgres (S8)', () => {
  let url: string
  let pool: pg.Pool
  withDatabase('server', (database) => ({ url, pool } = database))
  const databases: string[] = []
  let redis: RedisProcess | undefined
  afterAll(async () => {
    for (const name of databases)
      await pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined)
    await redis?.stop()
  })

  /** A database of the test's own, empty: the server creates its schema there. */
  async function freshDatabase(): Promise<string> {
    const name = `kwtest_server_${randomBytes(4).toString('hex')}`
    await pool.query(`CREATE DATABASE "${name}"`)
    databases.push(name)
    const fresh = new URL(url)
    fresh.pathname = `/${name}`
    return fresh.href
  }

  it('S8: migrates at start; a key created through the dashboard authenticates, survives a restart, and a revoked key stays revoked', async () => {
    const databaseUrl = await freshDatabase()
    const first = start({ STORE: 'postgres', DATABASE_URL: databaseUrl })
    const base = await baseOf(first)
    expect(await first.listening).toContain(
      '(fastify, postgres store, limits in memory, usage in Postgres) listening on',
    )
    expect(first.stdout()).not.toContain('demo')
    const kept = await createKey(base, { name: 'kept' })
    const revoked = await createKey(base, { name: 'revoked' })
    expect(
      (await fetch(`${base}/api/dashboard/api-keys/${revoked.id}/revoke`, { method: 'POST', headers: admin })).status,
    ).toBe(200)
    expect(await lookup(base, kept.key)).toEqual([200, 'ok'])
    expect(await lookup(base, revoked.key)).toEqual([401, 'API_KEY_REVOKED'])
    await stop(first)

    const second = start({ STORE: 'postgres', DATABASE_URL: databaseUrl })
    const again = await baseOf(second)
    expect(await lookup(again, kept.key)).toEqual([200, 'ok'])
    expect(await lookup(again, revoked.key)).toEqual([401, 'API_KEY_REVOKED'])
    const listed = await fetch(`${again}/api/dashboard/api-keys`, { headers: admin })
    expect(((await listed.json()) as { data: { name: string }[] }).data.map((record) => record.name).sort()).toEqual([
      'kept',
      'revoked',
    ])
    await stop(second)
    expect(second.stderr()).toBe('')
    // The schema the server made at start, once, though it started twice.
    const check = new (await import('pg')).default.Client({ connectionString: databaseUrl })
    await check.connect()
    const { rows } = await check.query('SELECT version FROM keyward.migrations ORDER BY version')
    await check.end()
    expect(rows.map((row: { version: number }) => row.version)).toEqual(
      MIGRATIONS.map((migration) => migration.version),
    )
  })

  it('S10, S2: with REDIS_URL the keys are cached and the limits live in Redis: a key over its limit stays limited across a restart; emptying Redis revives no revoked key', async () => {
    redis = await startRedisServer()
    const databaseUrl = await freshDatabase()
    const env = { STORE: 'postgres', DATABASE_URL: databaseUrl, REDIS_URL: redis.url }
    const first = start(env)
    const base = await baseOf(first)
    expect(await first.listening).toContain(
      '(fastify, postgres store, keys cached and limits counted in Redis, usage in Redis) listening on',
    )
    const limited = await createKey(base, { name: 'three a minute', limits: { perMinute: 3 } })
    const revoked = await createKey(base, { name: 'revoked' })
    await fetch(`${base}/api/dashboard/api-keys/${revoked.id}/revoke`, { method: 'POST', headers: admin })
    const answers: [number, string][] = []
    for (let i = 0; i < 4; i++) answers.push(await lookup(base, limited.key))
    expect(answers).toEqual([
      [200, 'ok'],
      [200, 'ok'],
      [200, 'ok'],
      [429, 'rate_limited'],
    ])
    await stop(first)

    const second = start(env)
    const again = await baseOf(second)
    expect(await lookup(again, limited.key)).toEqual([429, 'rate_limited'])
    expect(await lookup(again, revoked.key)).toEqual([401, 'API_KEY_REVOKED'])
    const client = new Redis(redis.url)
    try {
      const names = await client.keys('*')
      // Records are cached beside their limit state; the id index stays in Postgres.
      expect(names.filter((name) => name.endsWith(':key')).length).toBeGreaterThanOrEqual(2)
      expect(names.filter((name) => name.includes(':id:'))).toEqual([])
      await client.flushall()
      expect(await lookup(again, revoked.key)).toEqual([401, 'API_KEY_REVOKED'])
      expect(await lookup(again, limited.key)).toEqual([200, 'ok'])
    } finally {
      client.disconnect()
    }
    await stop(second)
  })

  it('S4: with REDIS_URL, USAGE_STORE=postgres and FAILED_AUTH_LIMIT=0, an authenticated request costs Redis one EVALSHA', async () => {
    redis ??= await startRedisServer()
    const server = start({
      STORE: 'postgres',
      DATABASE_URL: await freshDatabase(),
      REDIS_URL: redis.url,
      USAGE_STORE: 'postgres',
      FAILED_AUTH_LIMIT: '0',
    })
    const base = await baseOf(server)
    const { key } = await createKey(base, { name: 'counted' })
    expect(await lookup(base, key)).toEqual([200, 'ok'])
    const measure = new Redis(redis.url)
    try {
      await measure.config('RESETSTAT')
      for (let i = 0; i < 20; i++) expect(await lookup(base, key)).toEqual([200, 'ok'])
      const sent = [...(await commandCalls(measure))].filter(
        ([name]) => !INSIDE_SCRIPTS.has(name) && !MEASUREMENT_COMMANDS.has(name),
      )
      expect(Object.fromEntries(sent)).toEqual({ evalsha: 20 })
    } finally {
      measure.disconnect()
    }
    await stop(server)
  })

  it('S11: with REDIS_URL the usage log is in Redis (the dashboard shows the entries, Postgres holds no row); USAGE_STORE=postgres keeps it in Postgres', async () => {
    redis ??= await startRedisServer()
    const usageOf = async (base: string, id: string) => {
      const response = await fetch(`${base}/api/dashboard/api-keys/usage?keyId=${id}&limit=100`, { headers: admin })
      expect(response.status).toBe(200)
      return ((await response.json()) as { data: { requestId: string }[] }).data.length
    }
    for (const [usageStore, label] of [
      [undefined, 'usage in Redis'],
      ['postgres', 'usage in Postgres'],
    ] as const) {
      const databaseUrl = await freshDatabase()
      const server = start({
        STORE: 'postgres',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        KEY_PREFIX: `u${randomBytes(3).toString('hex')}`,
        ...(usageStore ? { USAGE_STORE: usageStore } : {}),
      })
      const base = await baseOf(server)
      expect(await server.listening).toContain(`, ${label}) listening on`)
      const { id, key } = await createKey(base, { name: 'used' })
      for (let i = 0; i < 3; i++) expect(await lookup(base, key)).toEqual([200, 'ok'])
      expect(await usageOf(base, id)).toBe(3)
      await stop(server)
      const { default: pgModule } = await import('pg')
      const check = new pgModule.Client({ connectionString: databaseUrl })
      await check.connect()
      try {
        const { rows } = await check.query('SELECT count(*)::int AS n FROM keyward.usage')
        expect(rows[0].n).toBe(usageStore === 'postgres' ? 3 : 0)
      } finally {
        await check.end()
      }
    }
  })

  it('S8: a Postgres it cannot reach stops it with one line naming the database, without the password, exit status 1, never listening', async () => {
    const port = await freePort()
    const server = start({ STORE: 'postgres', DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/appdb` })
    expect(await server.exited).toBe(1)
    expect(server.stdout()).not.toContain('listening on')
    const lines = server.stderr().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      new RegExp(`^keyward: cannot migrate the Postgres database at 127\\.0\\.0\\.1:${port}/appdb: \\S`),
    )
    expect(server.stderr()).not.toContain('s3cret-pw')
  })

  it('S8: a DATABASE_URL that is not a postgres:// URL is an invalid environment (exit status 2), shown without its password', async () => {
    const server = start({ STORE: 'postgres', DATABASE_URL: 'mysql://app:s3cret-pw@db/app' })
    expect(await server.exited).toBe(2)
    expect(server.stderr().trim()).toBe(
      'keyward: invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://app:…@db/app")',
    )
  })

  it('S8, R5: with REDIS_URL on an evicting Redis it stops with the eviction line, exit status 1', async () => {
    const lru = await startRedisServer({ extraArgs: ['--maxmemory-policy', 'allkeys-lru'] })
    try {
      const server = start({ STORE: 'postgres', DATABASE_URL: await freshDatabase(), REDIS_URL: lru.url })
      expect(await server.exited).toBe(1)
      expect(server.stderr().trim().split('\n')).toEqual([
        `keyward: Redis at 127.0.0.1:${lru.port}: Redis maxmemory-policy is "allkeys-lru", which can evict rate-limit counters and keys; set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf)`,
      ])
    } finally {
      await lru.stop()
    }
  })
})
