/**
 * The load generator, always in a process of its own: `wrk` when it is on PATH (C, cheap on a
 * 2-core machine, microsecond latency), else autocannon's CLI run as a child process (millisecond
 * latency resolution). `BENCH_TOOL=autocannon` forces the fallback.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export type LoadTool = 'wrk' | 'autocannon'

export interface LoadOptions {
  url: string
  headers: Record<string, string>
  connections: number
  seconds: number
  /** The server's pid: its CPU use during the run is reported (Linux `/proc`). */
  serverPid?: number
  /** The local Redis server's pid, when the server uses it: its CPU use is reported too. */
  redisPid?: number
  /** The local Postgres postmaster's pid, when the server uses it: the cluster's CPU use is reported too. */
  postgresPid?: number
}

export interface LoadResult {
  requests: number
  seconds: number
  requestsPerSecond: number
  /** Milliseconds. */
  p50: number
  p99: number
  /** Responses that were not 2xx, and socket errors or timeouts. Both must be 0 for a valid run. */
  non2xx: number
  errors: number
  /** Cores the server used during the run (1.0 = one core busy); null where /proc is missing. */
  serverCpu: number | null
  /**
   * CPU time the server spent per request, µs. Unlike requests/s it hardly moves when other
   * processes compete for the machine, so its ratio is the steadier estimate of capacity.
   */
  serverMicrosPerRequest: number | null
  /** CPU time Redis spent per request, µs (null when not asked or not local). */
  redisMicrosPerRequest: number | null
  /** CPU time the Postgres cluster (postmaster and backends) spent per request, µs (null or absent when not asked or not local). */
  postgresMicrosPerRequest?: number | null
}

/**
 * A whole number of at least `least` from `text`, or `fallback` when it is unset or empty; anything
 * else throws a TypeError that starts with `source` (a variable or argument name) and shows `text`.
 */
export function integerFrom(text: string | undefined, fallback: number, source: string, least = 1): number {
  if (text === undefined || text.trim() === '') return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < least) {
    throw new TypeError(
      `${source} must be ${least === 1 ? 'a positive integer' : `an integer of at least ${least}`} (got ${text})`,
    )
  }
  return value
}

/** A positive whole number from the environment variable `name`, or `fallback` when it is unset or empty (see integerFrom). */
export function intFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  return integerFrom(env[name], fallback, name)
}

/** `name` when it is one of `allowed`; else a TypeError: `<source>: <name> is not a <kind> (one of …)`. */
export function oneOf<T extends string>(name: string, allowed: readonly T[], source: string, kind: string): T {
  if (!(allowed as readonly string[]).includes(name))
    throw new TypeError(`${source}: ${name || '(empty)'} is not a ${kind} (one of ${allowed.join(', ')})`)
  return name as T
}

/**
 * A comma-separated list, each name trimmed and one of `allowed` (see oneOf), empty items and
 * repeats dropped; `fallback` when `text` is unset or names nothing. A misspelt name is an error,
 * not a quiet gap in the results.
 */
export function namesFrom<T extends string>(
  text: string | undefined,
  allowed: readonly T[],
  source: string,
  kind: string,
  fallback: readonly T[] = allowed,
): T[] {
  const names = (text ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
  if (names.length === 0) return [...fallback]
  return [...new Set(names.map((n) => oneOf(n, allowed, source, kind)))]
}

/**
 * A bench command's settings from `parse`, and its load generator (`BENCH_TOOL`, see loadTool),
 * which every bench command uses; a TypeError (a bad argument or variable) is printed as its
 * message alone and the process exits with status 2.
 */
export function settingsOrExit<T>(parse: () => T): T {
  try {
    const settings = parse()
    loadTool()
    return settings
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    console.error(error.message)
    process.exit(2)
  }
}

/**
 * The load's keep-alive connections (`BENCH_CONNECTIONS`, default 50): the same knob for
 * `npm run bench`, bench:compare, bench:perf and bench:profile, so a figure from one can be
 * checked with another under the same load.
 */
export function benchConnections(env: NodeJS.ProcessEnv = process.env): number {
  return intFromEnv('BENCH_CONNECTIONS', 50, env)
}

/**
 * Seconds of load before a measured run (`BENCH_WARMUP`): `npm run bench` warms each server up for
 * 2 s, bench:perf and bench:profile too; bench:compare, which starts a server for every run, 1 s.
 */
export function benchWarmup(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  return intFromEnv('BENCH_WARMUP', fallback, env)
}

let chosen: LoadTool | undefined

/**
 * CPU pinning (`BENCH_PIN`, on by default where `taskset` exists and there are 2+ cores): every
 * server runs on core 0 and the load generator on core 1, so the two never take turns on one core
 * and the server is not moved between cores mid-run. Servers and generator alike: each variant
 * gets the same placement. `BENCH_PIN=0` turns it off.
 */
export const PIN: { server: string; load: string } | null = (() => {
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux' || availableParallelism() < 2) return null
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' })
  } catch {
    return null
  }
  return { server: '0', load: '1' }
})()

/** `command args` under taskset on `cpu` when pinning, else as it is. */
export function pinned(cpu: string | undefined, command: string, args: string[]): [string, string[]] {
  return cpu === undefined ? [command, args] : ['taskset', ['-c', cpu, command, ...args]]
}

/**
 * The load generator: `wrk` when installed, else autocannon. `forced` (`BENCH_TOOL`) picks one; a
 * TypeError says so when it names neither, or names wrk and wrk is not installed.
 */
export function chooseLoadTool(forced: string | undefined, wrkInstalled: () => boolean): LoadTool {
  const tool = forced?.trim()
    ? oneOf(forced.trim(), ['wrk', 'autocannon'] as const, 'BENCH_TOOL', 'load tool')
    : undefined
  if (tool === 'autocannon') return tool
  const installed = wrkInstalled()
  if (tool === 'wrk' && !installed)
    throw new TypeError(
      'BENCH_TOOL: wrk is not installed (apt-get install wrk); leave BENCH_TOOL unset to fall back to autocannon',
    )
  return installed ? 'wrk' : 'autocannon'
}

/** The load generator of this process (chooseLoadTool with `BENCH_TOOL`), chosen once. */
export function loadTool(): LoadTool {
  chosen ??= chooseLoadTool(process.env.BENCH_TOOL, () => !spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error)
  return chosen
}

function autocannonBin(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('autocannon/package.json')
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> }).bin
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.autocannon!)
}

/** Clock ticks (user + system) a process has used; null when unreadable. */
export function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return null
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); null when unreadable. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/**
 * Clock ticks a Postgres cluster has used: the postmaster's own and those of the children it has
 * reaped, plus every live child's (the backends). A backend that ends in between moves from the
 * second sum to the first, so nothing is lost or counted twice. Null when unreadable.
 */
export function clusterTicks(postmaster: number | undefined): number | null {
  if (postmaster === undefined) return null
  const own = statFields(postmaster)
  if (own === null) return null
  // utime, stime, cutime, cstime: fields 14-17 of /proc/<pid>/stat, 11-14 after the name; ppid is 1.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const child = statFields(entry)
    if (child !== null && Number(child[1]) === postmaster) ticks += Number(child[11]) + Number(child[12])
  }
  return ticks
}

const TICKS_PER_SECOND = 100
const MICROS_PER_TICK = 1_000_000 / TICKS_PER_SECOND

/** Runs a command to its end; resolves with its stdout, rejects with its stderr's start on a non-zero exit. */
export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}: ${err.slice(0, 500)}`)),
    )
  })
}

/** wrk's `1.23ms`, `456.00us`, `1.01s` in milliseconds. */
function wrkDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) return Number.NaN
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000
}

type Counted = Pick<LoadResult, 'requests' | 'seconds' | 'requestsPerSecond' | 'p50' | 'p99' | 'non2xx' | 'errors'>

function parseWrk(output: string): Counted {
  const requestsMatch = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output)
  if (!requestsMatch) throw new Error(`unreadable wrk output: ${output.slice(0, 500)}`)
  const requests = Number(requestsMatch[1])
  const seconds = wrkDuration(`${requestsMatch[2]}${requestsMatch[3]}`) / 1000
  const percentile = (p: string) => wrkDuration(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '')
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const errors = socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) + Number(socket[4]) : 0
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50: percentile('50'),
    p99: percentile('99'),
    non2xx,
    errors,
  }
}

function parseAutocannon(output: string): Counted {
  const r = JSON.parse(output) as {
    requests: { total: number }
    duration: number
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  return {
    requests: r.requests.total,
    seconds: r.duration,
    requestsPerSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }
}

/** `result` when every response was 2xx with no socket error; else an error naming `what` (a tool's figures would mean nothing). */
export function requireClean(result: LoadResult, what: string): LoadResult {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${what}: ${result.non2xx} non-2xx responses and ${result.errors} errors under load`)
  return result
}

/** One load run against one server, from a separate process. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const tool = loadTool()
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) =>
    tool === 'wrk' ? ['-H', `${name}: ${value}`] : ['-H', `${name}=${value}`],
  )
  const before = cpuTicks(options.serverPid)
  const redisBefore = cpuTicks(options.redisPid)
  const postgresBefore = clusterTicks(options.postgresPid)
  const started = performance.now()
  const output =
    tool === 'wrk'
      ? await run(
          ...pinned(PIN?.load, 'wrk', [
            '-t1',
            `-c${options.connections}`,
            `-d${options.seconds}s`,
            '--latency',
            ...headerArgs,
            options.url,
          ]),
        )
      : await run(
          ...pinned(PIN?.load, process.execPath, [
            autocannonBin(),
            '-j',
            '-n',
            '-c',
            String(options.connections),
            '-d',
            String(options.seconds),
            ...headerArgs,
            options.url,
          ]),
        )
  const wall = (performance.now() - started) / 1000
  const after = cpuTicks(options.serverPid)
  const redisAfter = cpuTicks(options.redisPid)
  const postgresAfter = clusterTicks(options.postgresPid)
  const result = tool === 'wrk' ? parseWrk(output) : parseAutocannon(output)
  // CPU over the load generator's whole life (a little longer than the measured seconds); requests
  // counted by the generator are those answered within its measured seconds, so per-request CPU
  // can read a little high, alike for every server.
  const serverTicks = before !== null && after !== null ? after - before : null
  const redisTicks = redisBefore !== null && redisAfter !== null ? redisAfter - redisBefore : null
  const postgresTicks = postgresBefore !== null && postgresAfter !== null ? postgresAfter - postgresBefore : null
  const perRequest = (ticks: number | null) =>
    ticks === null || result.requests === 0 ? null : (ticks * MICROS_PER_TICK) / result.requests
  return {
    ...result,
    serverCpu: serverTicks === null ? null : serverTicks / TICKS_PER_SECOND / wall,
    serverMicrosPerRequest:
      serverTicks === null || result.requests === 0 ? null : (serverTicks * MICROS_PER_TICK) / result.requests,
    redisMicrosPerRequest: perRequest(redisTicks),
    postgresMicrosPerRequest: perRequest(postgresTicks),
  }
}
