/**
 * `npm run bench:perf`: where a benchmark server's CPU goes, kernel included, by Linux perf.
 *
 * Each variant's server runs with `--perf-basic-prof` (so perf can name JavaScript frames) while
 * the load generator drives the authenticated route; `perf record -g` samples the server's CPU
 * time, and the stacks are tallied per owner (keyward, framework, Redis client, handler, Node,
 * native, GC), user and kernel apart, with the kernel's time split by system call. The variants
 * are printed side by side in µs per request, so the cost of the Redis path over the memory path,
 * or of keyward against the peer, reads off one table.
 *
 * `npx tsx bench/perf.ts [express,fastify,hono] [seconds]`; BENCH_PERF_VARIANTS (default
 * `memory,redis,peer`), BENCH_CONNECTIONS (default 50) and BENCH_WARMUP (2 s), as `npm run bench`.
 * Needs `perf` (Debian: linux-perf) allowed to sample (root, or kernel.perf_event_paranoid ≤ 1);
 * Redis as `npm run bench` finds it. Figures are sampled CPU time, so they move with the host less
 * than requests per second do, but a slow phase of the host still raises them all: compare
 * variants of one run.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { ensureBenchBuild } from './build.js'
import { benchRequest, stopAndClean } from './http.js'
import {
  benchConnections,
  benchWarmup,
  integerFrom,
  loadTool,
  namesFrom,
  requireClean,
  run,
  runLoad,
  settingsOrExit,
} from './load.js'
import { OWNERS } from './owners.js'
import { createStackTally, KERNEL_PARTS, type StackTally } from './perf-stacks.js'
import { type Framework, frameworksFrom, startServer } from './process.js'
import { benchPostgres } from './postgres-server.js'
import { benchRedis } from './redis-server.js'
import { type Variant, VARIANTS } from './servers/shared.js'

/** One sample per millisecond of the server's CPU time. */
const PERIOD_NS = 1_000_000

/** Why perf cannot sample here, or null when it can. */
export function perfMissing(): string | null {
  const probe = spawnSync(
    'perf',
    ['record', '-e', 'cpu-clock', '-c', String(PERIOD_NS), '-o', '/dev/null', '--', 'true'],
    { encoding: 'utf8' },
  )
  if (probe.error) return 'perf is not installed (Debian: apt-get install linux-perf)'
  if (probe.status !== 0) return `perf cannot sample here: ${probe.stderr.trim().split('\n')[0]}`
  return null
}

/** Streams `perf script` through a tally: its output runs to tens of megabytes. */
function tallyRecording(file: string, pid: number, requests: number): Promise<StackTally> {
  const tally = createStackTally(pid)
  const child = spawn('perf', ['script', '-i', file, '-F', 'tid,period,ip,sym,dso'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const lines = createInterface({ input: child.stdout })
  lines.on('line', (line) => tally.line(line))
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`perf script exited with ${code}`))))
  })
  const read = new Promise<void>((resolve) => lines.once('close', resolve))
  return Promise.all([exited, read]).then(() => tally.result(requests))
}

/** Records one variant's server under load and tallies its stacks. */
async function perfVariant(
  framework: Framework,
  variant: Variant,
  { seconds, connections, warmupSeconds }: { seconds: number; connections: number; warmupSeconds: number },
  dir: string,
): Promise<StackTally> {
  const file = `${dir}/${framework}-${variant}.data`
  const server = await startServer(framework, variant, [
    '--perf-basic-prof',
    `--logfile=${dir}/v8-%p.log`,
    '--no-logfile-per-isolate',
  ])
  try {
    const { url, headers } = benchRequest(server)
    await runLoad({ url, headers, connections, seconds: warmupSeconds })
    // The load runs a second longer than the recording, which starts half a second in.
    const load = runLoad({ url, headers, connections, seconds: seconds + 1 })
    // Awaited below; a failure while perf records must not surface as an unhandled rejection first.
    load.catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const before = (await server.stats()).served
    await run('perf', [
      'record',
      '-e',
      'cpu-clock',
      '-c',
      String(PERIOD_NS),
      '-g',
      '-p',
      String(server.pid),
      '-o',
      file,
      '--',
      'sleep',
      String(seconds),
    ])
    const requests = (await server.stats()).served - before
    requireClean(await load, `${framework}/${variant}`)
    // perf names the JavaScript frames from /tmp/perf-<pid>.map, which the server must not have removed yet.
    return await tallyRecording(file, server.pid, requests)
  } finally {
    await stopAndClean(server)
    for (const leftover of [`/tmp/perf-${server.pid}.map`, file, `${dir}/v8-${server.pid}.log`])
      rmSync(leftover, { force: true })
  }
}

/** The variants side by side: a row per owner (user, then kernel), the kernel by system call, totals. */
export function formatTallies(
  framework: Framework,
  tallies: ReadonlyArray<{ variant: Variant; tally: StackTally }>,
): string {
  const cell = (n: number) => n.toFixed(2)
  const row = (label: string, values: number[]) => `| ${label} | ${values.map(cell).join(' | ')} |`
  const lines = [
    `### ${framework}: CPU µs per request, sampled by perf`,
    '',
    `| owner | ${tallies.map((t) => t.variant).join(' | ')} |`,
    `|---|${tallies.map(() => '---:').join('|')}|`,
  ]
  for (const owner of OWNERS) {
    const user = tallies.map((t) => t.tally.user[owner])
    const kernel = tallies.map((t) => t.tally.kernel[owner])
    if (user.some((v) => v >= 0.005)) lines.push(row(owner, user))
    if (kernel.some((v) => v >= 0.005)) lines.push(row(`${owner}, in the kernel`, kernel))
  }
  for (const part of KERNEL_PARTS)
    lines.push(
      row(
        `kernel: ${part}`,
        tallies.map((t) => t.tally.kernelParts[part]),
      ),
    )
  lines.push(
    row(
      'threads other than the main one',
      tallies.map((t) => t.tally.otherThreads),
    ),
  )
  lines.push(
    row(
      '**total**',
      tallies.map((t) => t.tally.total),
    ),
  )
  lines.push(`| samples (1 per ms of CPU) | ${tallies.map((t) => String(t.tally.samples)).join(' | ')} |`)
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { frameworks, seconds, variants, connections, warmupSeconds } = settingsOrExit(() => ({
    frameworks: frameworksFrom(process.argv[2], 'bench:perf: framework'),
    seconds: integerFrom(process.argv[3], 8, 'bench:perf: seconds'),
    variants: namesFrom(process.env.BENCH_PERF_VARIANTS, VARIANTS, 'BENCH_PERF_VARIANTS', 'variant', [
      'memory',
      'redis',
      'peer',
    ]),
    connections: benchConnections(),
    warmupSeconds: benchWarmup(2),
  }))
  const missing = perfMissing()
  if (missing !== null) {
    console.error(`bench:perf: ${missing}`)
    process.exit(1)
  }
  await ensureBenchBuild(console.log)
  const redis = variants.some((v) => v === 'redis' || v === 'peer' || v === 'postgres-redis' || v === 'postgres-cache')
    ? await benchRedis()
    : null
  const postgres = variants.some((v) => v.startsWith('postgres')) ? await benchPostgres() : null
  if (postgres && 'skip' in postgres)
    console.error(`bench:perf: the Postgres variants will not start: ${postgres.skip}`)
  const dir = fileURLToPath(new URL('./.runs/perf', import.meta.url))
  mkdirSync(dir, { recursive: true })
  console.log(
    `bench:perf: ${variants.join(', ')} on ${frameworks.join(', ')}, ${seconds} s recorded each under ${loadTool()}, ${connections} connections`,
  )
  try {
    for (const framework of frameworks) {
      const tallies: Array<{ variant: Variant; tally: StackTally }> = []
      for (const variant of variants) {
        // 'chain' is Hono's alone: another framework's server refuses it at start, and says so.
        tallies.push({
          variant,
          tally: await perfVariant(framework, variant, { seconds, connections, warmupSeconds }, dir),
        })
      }
      console.log(`\n${formatTallies(framework, tallies)}`)
    }
  } finally {
    if (postgres && !('skip' in postgres)) await postgres.stop()
    await redis?.stop()
  }
}
