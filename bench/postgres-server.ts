/**
 * The Postgres of the benchmark's Postgres rows. With `DATABASE_URL` set, that database is used as
 * it is. Otherwise, when `initdb` is installed (`PG_BIN`, else the newest
 * /usr/lib/postgresql/<n>/bin), the bench starts a cluster of its own on a free port (as the
 * `postgres` OS user when run as root), pinned like its Redis to the load generator's core, so its
 * backends do not take the server's CPU mid-run (bench/redis-server.ts says why), and removes it
 * afterwards. Its postmaster's pid lets the bench read Postgres CPU per request. Without either,
 * the Postgres rows are skipped. The same steps as the tests' cluster (test/helpers/postgres-tools.ts).
 */
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { postgresBinDir, runAs, runTool } from '../test/helpers/postgres-tools.js'
import { PIN, pinned } from './load.js'
import { freePort } from './redis-server.js'

export interface BenchPostgres {
  /** What the bench says of it in RESULTS.md. */
  description: string
  /** The postmaster's pid when it runs on this machine and the bench started it, for its CPU. */
  pid: number | undefined
  stop(): Promise<void>
}

/**
 * Chooses the bench's Postgres and sets `process.env.DATABASE_URL` to it, so the benchmark servers
 * (child processes) use the same one; null, with the reason logged by the caller, when there is none.
 */
export async function benchPostgres(): Promise<BenchPostgres | { skip: string }> {
  if (process.env.DATABASE_URL)
    return { description: 'Postgres at DATABASE_URL, not pinned', pid: undefined, stop: async () => undefined }
  const bin = postgresBinDir()
  if (bin === null) return { skip: 'DATABASE_URL is not set and initdb was not found (set PG_BIN)' }
  const user = runAs()
  const dir = mkdtempSync(join(tmpdir(), 'keyward-bench-pg-'))
  if (user !== undefined) chownSync(dir, user.uid, user.gid)
  const data = join(dir, 'data')
  const port = await freePort()
  const stop = async () => {
    await runTool(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], dir, user).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await runTool(
      join(bin, 'initdb'),
      ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
      dir,
      user,
    )
    // Durable commits as a production server makes them; nothing else tuned.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`
    // Started under taskset, every backend the postmaster forks stays on the load generator's core.
    const [command, args] = pinned(PIN?.load, join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ])
    await runTool(command, args, dir, user)
  } catch (error) {
    await stop()
    throw error
  }
  process.once('exit', () => {
    const pid = postmasterOf(data)
    if (pid !== undefined) process.kill(pid, 'SIGQUIT')
  })
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    description: `a Postgres cluster of its own${PIN ? `, pinned to core ${PIN.load} with the load generator` : ', not pinned'}`,
    pid: postmasterOf(data),
    stop,
  }
}

function postmasterOf(data: string): number | undefined {
  try {
    return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return undefined
  }
}
