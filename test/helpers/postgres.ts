/**
 * Real PostgreSQL for the tests: the database in `DATABASE_URL`, else a private cluster this
 * process starts with `initdb` and `pg_ctl` (as the `postgres` OS user when the tests run as
 * root) on a free port, with trust authentication, stopped at the end. Fault tests always start
 * their own cluster, which they freeze (SIGSTOP) and kill. Each test file works in a schema of its
 * own, so files running in parallel never see each other's rows. With `CI=true` a missing
 * PostgreSQL fails the run; elsewhere the tests are skipped with a visible message.
 */
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { migrate } from '../../src/stores/postgres/index.js'
import { postgresBinDir, runAs, runTool } from './postgres-tools.js'
import { freePort, isCI } from './redis.js'

/** Throws under CI when no private cluster can be started; returns whether one can. */
export function privateClustersAvailable(): boolean {
  if (postgresBinDir() !== null) return true
  if (isCI)
    throw new Error('CI=true and initdb was not found (set PG_BIN): the Postgres fault tests need a private cluster')
  console.warn('\n  ⚠ keyward Postgres tests that need their own cluster SKIPPED: initdb not found (set PG_BIN)\n')
  return false
}

/** Throws under CI when there is no PostgreSQL at all; returns whether the Postgres tests can run. */
export function databaseAvailable(): boolean {
  if (process.env.DATABASE_URL) return true
  return privateClustersAvailable()
}

/** A PostgreSQL cluster this test run started and owns. */
export { postgresBinDir }

export interface PostgresCluster {
  readonly port: number
  readonly url: string
  /** SIGSTOP the postmaster and every backend: connections stay open, nothing answers. */
  freeze(): void
  /** SIGCONT. */
  thaw(): void
  /** SIGKILL the postmaster and every backend, as a crash would. */
  kill(): Promise<void>
  /** Starts it again after `kill()` (crash recovery keeps every committed row). */
  start(): Promise<void>
  /** Stops it for good and removes its directory. */
  stop(): Promise<void>
}

/** The postmaster's pid (from postmaster.pid) and every process it started. */
function clusterPids(dataDir: string): number[] {
  const pidFile = join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return []
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  const pids = [postmaster]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === postmaster) pids.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return pids
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
    } catch {
      // Already gone.
    }
  }
}

function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')
  } catch {
    return false
  }
}

/** Clusters this process started, killed if it exits without stopping them (a crashed test run). */
const started = new Set<string>()
process.once('exit', () => {
  for (const dir of started) signalAll(clusterPids(dir), 'SIGKILL')
})

/** Starts a private cluster on a free port: trust authentication, nothing fsynced (a process crash loses nothing committed). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir()
  if (bin === null) throw new Error('initdb not found: set PG_BIN to the directory holding initdb and pg_ctl')
  const user = runAs()
  const dir = mkdtempSync(join(tmpdir(), 'keyward-pg-'))
  if (user !== undefined) chownSync(dir, user.uid, user.gid)
  const data = join(dir, 'data')
  await runTool(
    join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
    dir,
    user,
  )
  const port = await freePort()
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`
  const start = async () => {
    started.add(data)
    await runTool(
      join(bin, 'pg_ctl'),
      ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start'],
      dir,
      user,
    ).catch((error: Error) => {
      const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').slice(-2000) : ''
      throw new Error(`${error.message}\nserver log:\n${log}`)
    })
  }
  const kill = async () => {
    // Stopped first, so the postmaster forks no backend between the listing and the kill.
    signalAll(clusterPids(data).slice(0, 1), 'SIGSTOP')
    const pids = clusterPids(data)
    signalAll(pids, 'SIGKILL')
    for (let tries = 0; pids.some(alive) && tries < 500; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    // A killed postmaster may linger as a zombie (PID 1 here need not reap it), and Postgres
    // takes a lock file naming a pid that still exists for a live server.
    for (const file of [
      join(data, 'postmaster.pid'),
      join(dir, `.s.PGSQL.${port}.lock`),
      join(dir, `.s.PGSQL.${port}`),
    ]) {
      rmSync(file, { force: true })
    }
  }
  await start()
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze: () => signalAll(clusterPids(data), 'SIGSTOP'),
    thaw: () => signalAll(clusterPids(data), 'SIGCONT'),
    kill,
    start,
    async stop() {
      signalAll(clusterPids(data), 'SIGCONT')
      await kill()
      started.delete(data)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A pool as the docs recommend: a bounded connect, and idle connection errors heard. */
export function testPool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2000, ...options })
  pool.on('error', () => {})
  return pool
}

/** A schema name no other test file uses. */
export function uniqueSchema(name: string): string {
  return `kwtest_${name.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(4).toString('hex')}`
}

/** What `withDatabase` hands a suite. */
export interface TestDatabase {
  url: string
  pool: pg.Pool
  /** The suite's own schema, migrated. */
  schema: string
}

/**
 * Inside a `describe`: before the suite, a database (`DATABASE_URL`, else a private cluster), a
 * pool on it and a migrated schema of the suite's own, handed to `use`; after it, the schema is
 * dropped, the pool ended and the cluster stopped.
 */
export function withDatabase(name: string, use: (database: TestDatabase) => void): void {
  let cluster: PostgresCluster | undefined
  let pool: pg.Pool | undefined
  let schema: string | undefined
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) cluster = await startPostgresCluster()
    const url = process.env.DATABASE_URL || cluster!.url
    pool = testPool(url)
    schema = uniqueSchema(name)
    await migrate(pool, { schema })
    use({ url, pool, schema })
  })
  afterAll(async () => {
    if (pool !== undefined && schema !== undefined)
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {})
    await pool?.end()
    await cluster?.stop()
  })
}
