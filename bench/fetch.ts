/**
 * `npm run bench:fetch -- [runtimes] [rounds] [seconds] [store]`: keyward/fetch against the same
 * runtime's identical-response baseline (the handler's response carries the headers keyward
 * sends), on Bun.serve and on Node through `@hono/node-server` (bench/servers/fetch.ts).
 *
 * Each round runs the baseline and keyward back to back, the order alternating from round to
 * round, so the machine's drift cancels in each round's ratio; the figure is the median of those
 * ratios with their range, by requests a second and by server CPU per request, as bench:compare
 * reports. Defaults: node,bun, 6 rounds of 3 s after BENCH_WARMUP (default 1 s) of warm-up per
 * server, the memory store, and BENCH_CONNECTIONS (default 50) connections. The target: 0.90×.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBenchBuild } from './build.js'
import { pairedSummary, type PairedSummary } from './compare.js'
import { median, throughputVerdict } from './http.js'
import {
  benchConnections,
  benchWarmup,
  integerFrom,
  namesFrom,
  oneOf,
  PIN,
  pinned,
  requireClean,
  runLoad,
  settingsOrExit,
} from './load.js'
import { benchRedis } from './redis-server.js'
import { ROUTE } from './servers/shared.js'

export const FETCH_RUNTIMES = ['node', 'bun'] as const
export type FetchRuntime = (typeof FETCH_RUNTIMES)[number]
export const FETCH_TARGET = 0.9

export interface FetchBenchOptions {
  runtimes: FetchRuntime[]
  rounds: number
  seconds: number
  store: 'memory' | 'redis'
  connections: number
  warmupSeconds: number
}

/** One runtime's rounds: requests a second and server CPU µs per request, baseline and keyward alike. */
export interface FetchBenchRow {
  runtime: FetchRuntime
  baseline: { requestsPerSecond: number[]; cpu: number[] }
  keyward: { requestsPerSecond: number[]; cpu: number[] }
  rate: PairedSummary
  cpu: PairedSummary | null
}

const SCRIPT = fileURLToPath(new URL('./servers/fetch.ts', import.meta.url))
const BUN = fileURLToPath(new URL('../node_modules/bun/bin/bun.exe', import.meta.url))
const STARTUP_MS = 30_000

interface FetchServer {
  pid: number
  port: number
  key: string | undefined
  stop(): Promise<void>
}

/** Starts the server of `runtime` with `variant` and resolves once it has printed its JSON line. */
function startFetchServer(runtime: FetchRuntime, variant: string): Promise<FetchServer> {
  const [command, args] =
    runtime === 'bun'
      ? pinned(PIN?.server, BUN, [SCRIPT, variant])
      : pinned(PIN?.server, process.execPath, ['--import', 'tsx', SCRIPT, variant])
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const force = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(force)
  }
  let output = ''
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      void stop().then(() => reject(new Error(`bench:fetch: ${runtime} ${variant} ${why}: ${output.slice(-2000)}`)))
    }
    const timer = setTimeout(() => fail(`did not listen within ${STARTUP_MS} ms`), STARTUP_MS)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const line = output.split('\n').find((text) => text.startsWith('{"ready":true'))
      if (line === undefined || !output.includes(`${line}\n`)) return
      clearTimeout(timer)
      const { port, pid, key } = JSON.parse(line) as { port: number; pid: number; key?: string }
      resolve({ port, pid, key, stop })
    })
    void exited.then(() => fail('exited before it listened'))
  })
}

/** One measured run of `variant` on `runtime`, after its warm-up. */
async function measure(options: FetchBenchOptions, runtime: FetchRuntime, variant: string) {
  const server = await startFetchServer(runtime, variant)
  try {
    const url = `http://127.0.0.1:${server.port}${ROUTE}?ip=1.2.3.4`
    const headers: Record<string, string> = server.key ? { Authorization: `Bearer ${server.key}` } : {}
    const { connections } = options
    await runLoad({ url, headers, connections, seconds: options.warmupSeconds })
    const result = await runLoad({ url, headers, connections, seconds: options.seconds, serverPid: server.pid })
    requireClean(result, `bench:fetch ${runtime}/${variant}`)
    return { requestsPerSecond: result.requestsPerSecond, cpu: result.serverMicrosPerRequest ?? Number.NaN }
  } finally {
    await server.stop()
  }
}

/** Every runtime's paired rounds. `log` is told each run as it ends. */
export async function benchFetch(
  options: FetchBenchOptions,
  log: (line: string) => void = () => undefined,
): Promise<FetchBenchRow[]> {
  await ensureBenchBuild(log)
  const rows: FetchBenchRow[] = []
  for (const runtime of options.runtimes) {
    const baseline = { requestsPerSecond: [] as number[], cpu: [] as number[] }
    const keyward = { requestsPerSecond: [] as number[], cpu: [] as number[] }
    for (let round = 0; round < options.rounds; round++) {
      const sides = [
        ['baseline', baseline],
        [options.store, keyward],
      ] as const
      for (const [variant, side] of round % 2 === 0 ? sides : [...sides].reverse()) {
        const run = await measure(options, runtime, variant)
        side.requestsPerSecond.push(run.requestsPerSecond)
        side.cpu.push(run.cpu)
        log(
          `[fetch] ${runtime} ${variant} round ${round + 1}: ${Math.round(run.requestsPerSecond)} req/s, ${run.cpu.toFixed(1)} µs CPU/req`,
        )
      }
    }
    const cpuKnown = [...baseline.cpu, ...keyward.cpu].every(Number.isFinite)
    rows.push({
      runtime,
      baseline,
      keyward,
      rate: pairedSummary(baseline.requestsPerSecond, keyward.requestsPerSecond),
      cpu: cpuKnown ? pairedSummary(baseline.cpu, keyward.cpu, false) : null,
    })
  }
  return rows
}

/** The rows as a Markdown table, with the target's verdict. */
export function formatFetch(rows: readonly FetchBenchRow[], store: string): string[] {
  const times = (s: PairedSummary) => `${s.median.toFixed(3)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`
  const round = (n: number) => Math.round(n).toLocaleString('en-US')
  const lines = [
    `| Runtime | baseline req/s | keyward/fetch (${store}) req/s | paired ratio (range) | CPU µs/req baseline | keyward | CPU ratio (range) | ≥ ${FETCH_TARGET.toFixed(2)}× |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ]
  for (const row of rows) {
    const name = row.runtime === 'bun' ? 'Bun.serve' : 'Node (@hono/node-server)'
    lines.push(
      [
        `| ${name}`,
        round(median(row.baseline.requestsPerSecond)),
        round(median(row.keyward.requestsPerSecond)),
        times(row.rate),
        row.cpu ? median(row.baseline.cpu).toFixed(1) : '—',
        row.cpu ? median(row.keyward.cpu).toFixed(1) : '—',
        row.cpu ? times(row.cpu) : '—',
        `${throughputVerdict(row.rate.median, row.cpu?.median ?? null, FETCH_TARGET)} |`,
      ].join(' | '),
    )
  }
  return lines
}

/** The command line as options; a TypeError names what is wrong. */
export function parseFetchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): FetchBenchOptions {
  const [runtimes, rounds, seconds, store] = argv
  return {
    runtimes: namesFrom(runtimes, FETCH_RUNTIMES, 'bench:fetch', 'runtime'),
    rounds: integerFrom(rounds, 6, 'bench:fetch: rounds', 2),
    seconds: integerFrom(seconds, 3, 'bench:fetch: seconds'),
    store: oneOf(store || 'memory', ['memory', 'redis'] as const, 'bench:fetch', 'store'),
    connections: benchConnections(env),
    warmupSeconds: benchWarmup(1, env),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = settingsOrExit(() => parseFetchArgs(process.argv.slice(2)))
  const redis = options.store === 'redis' ? await benchRedis() : null
  try {
    const rows = await benchFetch(options, console.log)
    console.log(
      `\nkeyward/fetch against the runtime's identical-response baseline: ${options.rounds} paired rounds of ${options.seconds} s, ${options.connections} connections\n`,
    )
    for (const line of formatFetch(rows, options.store)) console.log(line)
  } finally {
    await redis?.stop()
  }
}
