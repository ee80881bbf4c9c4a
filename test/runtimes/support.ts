/**
 * Starting a server in a runtime of its own (Bun, Deno, `next start`) as a child process, waiting a
 * bounded time for it to listen, and stopping it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { AddressInfo } from 'node:net'
import { buildFetchApp } from '../../server/app-fetch.js'
import { referenceDashboardGuard } from '../../server/dashboard-guard.js'
import { createKeyward } from '../../src/index.js'
import type { Normalized } from '../adapters/support/check.js'
import { DASHBOARD_TOKEN } from '../adapters/support/harness.js'
import { runSubset } from './subset.js'
import { markedEnv, recordStarted } from '../helpers/started-processes.js'
import { SEED_SCOPES } from '../../server/env.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A host project as a user has it, in a new temporary folder: test/runtimes/host/ with keyward
 * installed (a link to this repository, whose package.json points at the built dist/) beside this
 * repository's other packages. Builds dist/ first when there is none (`npm run build`; CI builds it
 * before the tests).
 */
export async function createHostProject(): Promise<{ dir: string; remove(): void }> {
  if (!existsSync(join(ROOT, 'dist', 'fetch.js')))
    await promisify(execFile)('npm', ['run', 'build', '--silent'], { cwd: ROOT, timeout: 180_000 })
  const project = emptyProject()
  cpSync(join(ROOT, 'test', 'runtimes', 'host'), project.dir, { recursive: true })
  symlinkSync(ROOT, join(project.dir, 'node_modules', 'keyward'), 'dir')
  return project
}

/** A new project in a temporary folder, with this repository's packages installed (links). */
export function emptyProject(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'keyward-host-'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'keyward-host', private: true, type: 'module' }))
  mkdirSync(join(dir, 'node_modules'))
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** The binaries the `bun` and `deno` packages install. */
export const BUN = `${ROOT}node_modules/bun/bin/bun.exe`
export const DENO = `${ROOT}node_modules/deno/deno`

export interface RuntimeProcess {
  /** The port it listens on. */
  port: number
  stop(): Promise<void>
}

export interface StartOptions {
  command: string
  args: string[]
  cwd?: string
  env: Record<string, string | undefined>
  /** Finds the port in what the process has printed; undefined until it listens. */
  listening(output: string): number | undefined
  /** How long it may take to listen. */
  timeoutMs: number
}

/** Starts the process and resolves once it listens; rejects when it exits first or takes too long. */
export function startRuntime(options: StartOptions): Promise<RuntimeProcess> {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd ?? ROOT,
    env: markedEnv({ ...process.env, NO_COLOR: '1', ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  recordStarted(child, `${options.command} ${options.args.join(' ')}`)
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = () => stopChild(child, exited)
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      void stop().then(() => reject(new Error(`${options.command} ${options.args.join(' ')} ${why}:\n${output}`)))
    }
    const timer = setTimeout(() => fail(`did not listen within ${options.timeoutMs} ms`), options.timeoutMs)
    const look = (chunk: string) => {
      output += chunk
      const port = options.listening(output)
      if (port === undefined) return
      clearTimeout(timer)
      resolve({ port, stop })
    }
    child.stdout!.setEncoding('utf8').on('data', look)
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    void exited.then(() => fail('exited before it listened'))
  })
}

/** SIGTERM, then SIGKILL if it is still running after 5 s. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/** The port of a `listening on http://host:port` line. */
export function listeningLine(output: string): number | undefined {
  const port = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1]
  return port === undefined ? undefined : Number(port)
}

/** The subset's answers from the reference app on keyward/fetch on Node (the bridge), on a real clock as the runtimes are. */
export async function nodeBaseline(): Promise<Normalized[]> {
  const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
  const dashboard = { authorize: referenceDashboardGuard(DASHBOARD_TOKEN) }
  const app = await buildFetchApp({ keyward, dashboard, trustProxy: false })
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
  try {
    return (await runSubset((app.server.address() as AddressInfo).port)).responses
  } finally {
    await app.close()
  }
}
