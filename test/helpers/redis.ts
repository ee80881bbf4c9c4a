/**
 * Real Redis for the tests: the shared server (from `REDIS_URL`, or one `global-setup.ts` started),
 * private `redis-server` processes for tests that freeze, restart or count commands, and clients
 * of both libraries. With `CI=true` a missing Redis fails the run; elsewhere the Redis tests are
 * skipped with a visible message.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { createClient } from 'redis'
import { SCRIPTS } from '../../src/stores/redis/scripts.js'
import { markedEnv, recordStarted } from './started-processes.js'

/** What global setup provides to every test file. */
export interface SharedRedis {
  /** The URL of the shared Redis, or null when there is none. */
  url: string | null
  /** Why there is none. */
  reason: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    keywardRedis: SharedRedis
  }
}

/** True when `redis-server` can be started from PATH. */
export function redisServerOnPath(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** True when the run is CI's: missing Redis then fails instead of skipping. */
export const isCI = process.env.CI === 'true' || process.env.CI === '1'

/** Whether `port` (and `alsoPort`) can be bound on 127.0.0.1 right now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A free port between 20000 and 29999. With `withBusPort`, port + 10000 is free too (the cluster
 * bus), and both stay below 65536.
 */
export async function freePort(withBusPort = false): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 20000 + Math.floor(Math.random() * 10000)
    if ((await portFree(port)) && (!withBusPort || (await portFree(port + 10000)))) return port
  }
  throw new Error('no free port found for redis-server')
}

/** A redis-server process this test run started and owns. */
export interface RedisProcess {
  readonly port: number
  readonly url: string
  readonly pid: number
  /** SIGSTOP: the server keeps its connections but answers nothing. */
  freeze(): void
  /** SIGCONT. */
  thaw(): void
  /** Stops the server process; `up()` starts it again, empty, on the same port. */
  down(): Promise<void>
  up(): Promise<void>
  /** down() then up(): Redis comes back empty. */
  restart(): Promise<void>
  /** Stops the server for good and removes its directory. */
  stop(): Promise<void>
}

function waitForReady(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`redis-server on port ${port} did not start within 10 s:\n${output}`))
    }, 10_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        cleanup()
        resolve()
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`redis-server on port ${port} exited with ${code}:\n${output}`))
    }
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(killer)
      resolve()
    })
    // A frozen server must be woken to handle SIGTERM.
    child.kill('SIGCONT')
    child.kill('SIGTERM')
  })
}

/** Servers this process started, killed if it exits without stopping them (a crashed test run). */
const started = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL')
})

/**
 * Starts a private `redis-server` that keeps nothing on disk, on a free port, with
 * `maxmemory-policy noeviction` (the only policy the Redis stores run on by default).
 * `extraArgs` are passed on after it and win (the cluster helper adds its cluster options).
 */
export async function startRedisServer(options: { port?: number; extraArgs?: string[] } = {}): Promise<RedisProcess> {
  const port = options.port ?? (await freePort())
  const dir = mkdtempSync(join(tmpdir(), 'keyward-redis-'))
  let child: ChildProcess | undefined
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null
  const launch = async () => {
    if (running()) return
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--maxmemory-policy',
        'noeviction',
        ...(options.extraArgs ?? []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: markedEnv(process.env) },
    )
    recordStarted(child, `redis-server --port ${port}`)
    const spawned = child
    started.add(spawned)
    spawned.once('exit', () => started.delete(spawned))
    child.stdout!.setEncoding('utf8')
    await waitForReady(child, port)
    // Keep draining the output so the pipe never fills.
    child.stdout!.resume()
    child.stderr!.resume()
  }
  await launch()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return child!.pid!
    },
    freeze: () => void child!.kill('SIGSTOP'),
    thaw: () => void child!.kill('SIGCONT'),
    down: () => stopProcess(child!),
    up: launch,
    async restart() {
      await stopProcess(child!)
      await launch()
    },
    async stop() {
      await stopProcess(child!)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The shared Redis URL, or null (the caller skips). Throws under CI when there is none. */
export function sharedRedisUrl(shared: SharedRedis): string | null {
  if (shared.url !== null) return shared.url
  if (isCI) throw new Error(`CI=true and no Redis for the Redis tests: ${shared.reason}`)
  console.warn(`\n  ⚠ keyward Redis tests SKIPPED: ${shared.reason}\n`)
  return null
}

/** Throws under CI when redis-server is missing; returns whether private servers can be started. */
export function privateServersAvailable(): boolean {
  if (redisServerOnPath()) return true
  if (isCI) throw new Error('CI=true and redis-server is not on PATH: the Redis fault and cluster tests need it')
  console.warn('\n  ⚠ keyward Redis tests that need their own redis-server SKIPPED: redis-server is not on PATH\n')
  return false
}

/** A key prefix no other test file uses. */
export function uniquePrefix(name: string): string {
  return `kwtest:${name}:${randomBytes(4).toString('hex')}`
}

/** An ioredis client as the README recommends: no offline queue, short connect timeout. */
export async function ioredisClient(url: string, options: Record<string, unknown> = {}): Promise<Redis> {
  const client = new Redis(url, { enableOfflineQueue: false, connectTimeout: 1000, ...options })
  if (client.status !== 'ready') {
    await new Promise<void>((resolve, reject) => {
      client.once('ready', resolve)
      client.once('error', reject)
    })
  }
  // ioredis reconnects by itself; fault tests make it report errors meanwhile.
  client.on('error', () => {})
  return client
}

/** A node-redis client as the README recommends: no offline queue, short connect timeout. */
export async function nodeRedisClient(url: string) {
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 1000 } })
  // Errors are retried by node-redis; without a listener they would crash the worker.
  client.on('error', () => {})
  await client.connect()
  return client
}

/** Deletes every key under `prefix` and under prefixes that extend it (`<prefix>-tag:…`; SCAN, never KEYS). */
export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
      cursor = next
      if (keys.length > 0) await client.unlink(...keys)
    } while (cursor !== '0')
  } finally {
    client.disconnect()
  }
}

/** The calls of every command since the last `CONFIG RESETSTAT`, from `INFO commandstats`. */
export async function commandCalls(client: Redis): Promise<Map<string, number>> {
  const info = await client.info('commandstats')
  const calls = new Map<string, number>()
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1]!, Number(match[2]))
  return calls
}

/**
 * The commands keyward's Lua scripts run inside (as `INFO commandstats` names them), so a count of
 * top-level commands can leave them out; `without` names scripts whose commands still count.
 */
export function commandsInsideScripts(without: readonly string[] = []): ReadonlySet<string> {
  return new Set(
    SCRIPTS.filter((script) => !without.includes(script.name)).flatMap((script) =>
      [...script.source.matchAll(/redis\.call\('([A-Z]+)'/g)].map((m) => m[1]!.toLowerCase()),
    ),
  )
}

/** The commands a measuring connection sends itself. */
export const MEASUREMENT_COMMANDS: ReadonlySet<string> = new Set(['info', 'config|resetstat'])
