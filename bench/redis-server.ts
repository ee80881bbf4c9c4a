/**
 * The Redis of `npm run bench`. With `REDIS_URL` set, that server is used as it is. Otherwise,
 * when `redis-server` is on PATH, the bench starts one of its own on a free port, pinned (with
 * pinning on) to the load generator's core: on a machine of two cores a Redis left to float runs
 * on the server's core as often as not, and then takes its CPU in the middle of the run (a write
 * of a batch took ~280 µs of the writer's time with Redis on its core, ~54 µs with Redis on the
 * other). In production Redis is on another machine; the load generator's core is the nearest
 * thing here, and the peers get the same Redis. Without either, the default 127.0.0.1:6379.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { PIN, pinned } from './load.js'

export interface BenchRedis {
  /** What the bench says of it in RESULTS.md. */
  description: string
  stop(): Promise<void>
}

/** A port nothing listens on now, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** True when `command --version` runs: the command is on PATH. */
export function onPath(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * A client of the redis-server just started on `port`, once it answers PING: tried every
 * `delayMs`, `attempts` times, then an error naming `what`.
 */
export async function connectWhenUp(port: number, what: string, attempts = 100, delayMs = 100): Promise<Redis> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const client = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.ping()
      return client
    } catch {
      client.disconnect()
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
  }
  throw new Error(`bench: ${what} did not answer on port ${port}`)
}

/**
 * Chooses the bench's Redis and sets `process.env.REDIS_URL` to it, so the benchmark servers
 * (child processes) and the parent use the same one.
 */
export async function benchRedis(): Promise<BenchRedis> {
  if (process.env.REDIS_URL) return { description: `Redis at REDIS_URL, not pinned`, stop: async () => undefined }
  if (!onPath('redis-server')) {
    process.env.REDIS_URL = 'redis://127.0.0.1:6379'
    return {
      description: 'Redis at 127.0.0.1:6379 (no redis-server on PATH to start one), not pinned',
      stop: async () => undefined,
    }
  }
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'keyward-bench-redis-'))
  const [command, args] = pinned(PIN?.load, 'redis-server', [
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
  ])
  const child: ChildProcess = spawn(command, args, { stdio: 'ignore' })
  const stop = async () => {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', () => child.kill('SIGKILL'))
  try {
    ;(await connectWhenUp(port, 'the redis-server it started')).disconnect()
  } catch (error) {
    await stop()
    throw error
  }
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`
  return {
    description: `a redis-server of its own${PIN ? `, pinned to core ${PIN.load} with the load generator` : ', not pinned'}`,
    stop,
  }
}
