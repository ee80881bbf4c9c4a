/**
 * Benchmark servers as child processes: started with `node --import tsx bench/servers/<framework>.ts
 * <variant>`, each alone in its process, talked to over IPC (see `servers/common.ts`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { benchConnections, benchWarmup, integerFrom, namesFrom, PIN, pinned, settingsOrExit } from './load.js'
import type { Variant } from './servers/shared.js'

export type Framework = 'express' | 'fastify' | 'hono'
export const FRAMEWORKS: readonly Framework[] = ['express', 'fastify', 'hono']

/** The frameworks a comma-separated argument names, every one when it is absent or empty; an unknown name throws (see namesFrom). */
export function frameworksFrom(text: string | undefined, source: string): Framework[] {
  return namesFrom(text, FRAMEWORKS, source, 'framework')
}

/**
 * The settings of a bench script that loads its variants on one framework (Fastify unless the
 * third argument names others): `<script> [rounds] [seconds] [frameworks]`, with the load's
 * warm-up and connections from the environment; a bad one exits with status 2 (settingsOrExit).
 */
export function targetRunSettings(script: string, argv: readonly string[] = process.argv.slice(2)) {
  return settingsOrExit(() => ({
    rounds: integerFrom(argv[0], 6, `${script}: rounds`, 2),
    seconds: integerFrom(argv[1], 3, `${script}: seconds`),
    frameworks: argv[2] ? frameworksFrom(argv[2], `${script}: frameworks`) : (['fastify'] as Framework[]),
    warmupSeconds: benchWarmup(2),
    connections: benchConnections(),
  }))
}

export interface ServerStats {
  /** Requests the route answered. */
  served: number
  /** Top-level commands the server's Redis client sent, by name. */
  redisCommands: Record<string, number>
  /** Writes to the Redis socket: round trips (a pipeline or MULTI is one write). */
  redisWrites: number
  /** Statements the Postgres variants ran, by verb and table (each one round trip). */
  postgresStatements: Record<string, number>
}

export interface ServerHandle {
  framework: Framework
  variant: Variant
  port: number
  pid: number
  /** The bearer token that authenticates on this server (none for the baseline). */
  key: string | undefined
  /** Redis key patterns the server wrote, to delete afterwards. */
  redisPatterns: string[]
  url: string
  stats(): Promise<ServerStats>
  /** A clean exit (so `--cpu-prof` writes its profile), killed after a grace period. */
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

const STARTUP_MS = 30_000

/**
 * Starts one server and resolves once it listens. `nodeArgs` go before the script (e.g. `--cpu-prof`);
 * `env` is added to this process's environment (e.g. `KEYWARD_BENCH_DIST`).
 */
export function startServer(
  framework: Framework,
  variant: Variant,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<ServerHandle> {
  const script = fileURLToPath(new URL(`./servers/${framework}.ts`, import.meta.url))
  const [command, args] = pinned(PIN?.server, process.execPath, [...nodeArgs, '--import', 'tsx', script, variant])
  // taskset execs node in its own process: the pid stays the server's.
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...env, NODE_ENV: 'production' },
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk
    if (stderr.length > 10_000) stderr = stderr.slice(-10_000)
  })

  return new Promise((resolve, reject) => {
    let stdout = ''
    const timer = setTimeout(() => fail(new Error(`timed out after ${STARTUP_MS} ms`)), STARTUP_MS)
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(
        new Error(
          `${framework}/${variant} server did not start: ${error.message}${stderr ? `\n${stderr.trim().slice(-2000)}` : ''}`,
        ),
      )
    }
    child.once('exit', (code) => fail(new Error(`exited with code ${code}`)))
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk
      const newline = stdout.indexOf('\n')
      if (newline < 0) return
      let info: { ready?: boolean; port: number; pid: number; key?: string; redisPatterns?: string[] }
      try {
        info = JSON.parse(stdout.slice(0, newline))
      } catch {
        return fail(new Error(`unexpected output: ${stdout.slice(0, 200)}`))
      }
      clearTimeout(timer)
      child.removeAllListeners('exit')
      child.once('exit', () => running.delete(child))
      child.stdout!.removeAllListeners('data')
      child.stdout!.resume()
      resolve(handle(child, framework, variant, info))
    })
  })
}

function handle(
  child: ChildProcess,
  framework: Framework,
  variant: Variant,
  info: { port: number; pid: number; key?: string; redisPatterns?: string[] },
): ServerHandle {
  return {
    framework,
    variant,
    port: info.port,
    pid: info.pid,
    key: info.key,
    redisPatterns: info.redisPatterns ?? [],
    url: `http://127.0.0.1:${info.port}`,
    stats() {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${framework}/${variant}: no stats answer`)), 5000)
        const onMessage = (message: { type?: string } & ServerStats) => {
          if (message?.type !== 'stats') return
          clearTimeout(timer)
          child.off('message', onMessage)
          resolve({
            served: message.served,
            redisCommands: message.redisCommands,
            redisWrites: message.redisWrites,
            postgresStatements: message.postgresStatements ?? {},
          })
        }
        child.on('message', onMessage)
        child.send({ type: 'stats' })
      })
    },
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        if (child.connected) child.send({ type: 'exit' })
        else child.kill('SIGTERM')
      })
    },
  }
}
