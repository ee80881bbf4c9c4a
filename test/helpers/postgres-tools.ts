/**
 * Starting a private PostgreSQL cluster with `initdb` and `pg_ctl`: the steps the tests' harness
 * (test/helpers/postgres.ts) and the bench (bench/postgres-server.ts) share. No vitest here, so
 * the bench can import it.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The directory holding `initdb` and `pg_ctl`: `PG_BIN`, else the newest /usr/lib/postgresql/<n>/bin. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length === 0 ? null : join(root, versions[0]!, 'bin')
}

/** The uid and gid to run PostgreSQL as: `postgres` when we are root (initdb refuses root). */
export function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

/** Runs a PostgreSQL tool in `dir` as `user`; rejects with its output when it fails. */
export function runTool(bin: string, args: string[], dir: string, user: ReturnType<typeof runAs>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...user })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(' ')} exited with ${code}:\n${output}`)),
    )
  })
}
