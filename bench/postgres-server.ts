/**
 * The Postgres of the benchmark's Postgres rows. With `DATABASE_URL` set, that database is used as
 * it is. Otherwise, when `initdb` is installed (`PG_BIN`, else the newest
 * /usr/lib/postgresql/<n>/bin), the bench starts a cluster of its own on a free port (as the
 * `postgres` OS user when run as root), pinned like its Redis to the load generator's core, so its
 * backends do not take the server's CPU mid-run (bench/redis-server.ts says why), and removes it
 * afterwards. Its postmaster's pid lets the bench read Postgres CPU per request. Without either,
 * the Postgres rows are skipped. The same steps as the tests' cluster (test/helpers/postgres.ts),
 * which cannot be imported outside vitest.
 */
import { execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PIN, pinned } from './load.js'

export interface BenchPostgres {
  /** What the bench says of it in RESULTS.md. */
  description: string
  /** The postmaster's pid when it runs on this machine and the bench started it, for its CPU. */
  pid: number | undefined
  stop(): Promise<void>
}

/** The directory holding `initdb` and `pg_ctl`, or null. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length === 0 ? null : join(root, versions[0]!, 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The uid and gid to run Postgres as: `postgres` when we are root (initdb refuses root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

function runTool(command: string, args: string[], cwd: string, user: ReturnType<typeof runAs>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...user })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args[0] ?? command} exited with ${code}: ${output.slice(-1000)}`))))
  })
}

/**
 * Chooses the bench's Postgres and sets `process.env.DATABASE_URL` to it, so the benchmark servers
 * (child processes) use the same one; null, with the reason logged by the caller, when there is none.
 */
export async function benchPostgres(): Promise<BenchPostgres | { skip: string }> {
  if (process.env.DATABASE_URL) return { description: 'Postgres at DATABASE_URL, not pinned', pid: undefined, stop: async () => undefined }
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
    await runTool(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'], dir, user)
    // Durable commits as a production server makes them; nothing else tuned.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`
    // Started under taskset, every backend the postmaster forks stays on the load generator's core.
    const [command, args] = pinned(PIN?.load, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start'])
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
  return { description: `a Postgres cluster of its own${PIN ? `, pinned to core ${PIN.load} with the load generator` : ', not pinned'}`, pid: postmasterOf(data), stop }
}

function postmasterOf(data: string): number | undefined {
  try {
    return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return undefined
  }
}
