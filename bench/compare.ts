/**
 * `npm run bench:compare -- <git-ref> [framework] [variants] [rounds] [seconds]`: this checkout's
 * keyward against an earlier revision's, side by side on the same servers, Redis and load.
 *
 * A change worth a few per cent cannot be seen by running the full bench before and after it on a
 * shared machine: the host's speed drifts by more than that between runs. Here each round runs
 * the revision's server and this checkout's back to back (the order alternates from round to
 * round), so the drift cancels in each round's ratio; the figure is the median of those ratios,
 * with their range, by requests a second and by server CPU per request. Run against itself
 * (`HEAD` with a clean tree), it shows how far the ratios move when nothing changed.
 *
 * The revision's `src/` and `adapters/` are taken with `git archive` and bundled as the benchmark
 * bundles this checkout (bench/build.ts); both run on this checkout's servers, dependencies and
 * bench code. Defaults: fastify, redis, 6 rounds of 3 s (after BENCH_WARMUP, default 1 s, of warm-up
 * per server), and BENCH_CONNECTIONS (default 50) connections, as `npm run bench`.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { BENCH_DIST, bundleKeyward, ensureBenchBuild } from './build.js'
import { benchRequest, median, stopAndClean } from './http.js'
import {
  benchConnections,
  benchWarmup,
  integerFrom,
  loadTool,
  namesFrom,
  oneOf,
  requireClean,
  runLoad,
  settingsOrExit,
} from './load.js'
import { FRAMEWORKS, type Framework, startServer } from './process.js'
import { benchPostgres } from './postgres-server.js'
import { benchRedis } from './redis-server.js'
import { type Variant, VARIANTS } from './servers/shared.js'

export interface CompareOptions {
  ref: string
  framework: Framework
  variants: Variant[]
  rounds: number
  seconds: number
  /** Keep-alive connections of the load (`BENCH_CONNECTIONS`, default 50, as `npm run bench`). */
  connections: number
  /** Seconds of load before each measured run (`BENCH_WARMUP`, default 1). */
  warmupSeconds: number
}

/** The variants that run keyward: the ones a revision can change. */
const KEYWARD_VARIANTS = VARIANTS.filter((v) => v !== 'baseline' && v !== 'peer')

const USAGE = 'usage: npm run bench:compare -- <git-ref> [framework] [variants, comma-separated] [rounds] [seconds]'

/** The command line as options; a TypeError names what is wrong. */
export function parseCompareArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CompareOptions {
  const [ref, framework, variants, rounds, seconds] = argv
  if (!ref) throw new TypeError(`bench:compare: a git revision to compare with is required (${USAGE})`)
  return {
    ref,
    framework: oneOf(framework || 'fastify', FRAMEWORKS, 'bench:compare', 'framework'),
    variants: namesFrom(variants, KEYWARD_VARIANTS, 'bench:compare', 'keyward variant', ['redis']),
    rounds: integerFrom(rounds, 6, 'bench:compare: rounds', 2),
    seconds: integerFrom(seconds, 3, 'bench:compare: seconds'),
    connections: benchConnections(env),
    warmupSeconds: benchWarmup(1, env),
  }
}

export interface PairedSummary {
  /** Median of the per-round ratios `current[i] / reference[i]`. */
  median: number
  min: number
  max: number
}

/** Ratios of rounds run back to back, summarized; `higherIsBetter: false` inverts them (CPU per request). */
export function pairedSummary(
  reference: readonly number[],
  current: readonly number[],
  higherIsBetter = true,
): PairedSummary {
  if (reference.length !== current.length || reference.length === 0) {
    throw new RangeError(`bench:compare: ${reference.length} reference rounds against ${current.length}`)
  }
  const ratios = current.map((value, i) => (higherIsBetter ? value / reference[i]! : reference[i]! / value))
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) }
}

/** The commit a revision names, or an error that says it names none. */
function resolveCommit(ref: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { encoding: 'utf8' }).trim()
  } catch {
    throw new TypeError(`bench:compare: ${ref} names no commit of this repository`)
  }
}

/** The revision's keyward, bundled once into bench/.runs/ref-<commit>/dist/. */
async function bundleRevision(commit: string): Promise<string> {
  const root = fileURLToPath(new URL(`./.runs/ref-${commit.slice(0, 12)}/`, import.meta.url))
  const dist = `${root}dist/`
  if (existsSync(`${dist}index.js`)) return dist
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  const archive = execFileSync('git', ['archive', '--format=tar', commit, 'src', 'adapters', 'tsconfig.json'], {
    maxBuffer: 1 << 28,
  })
  execFileSync('tar', ['-x', '-C', root], { input: archive })
  await bundleKeyward(root, dist)
  return dist
}

interface Side {
  label: string
  dist: string
  requestsPerSecond: number[]
  cpu: number[]
}

async function runOnce(options: CompareOptions, variant: Variant, side: Side): Promise<void> {
  const server = await startServer(options.framework, variant, [], { KEYWARD_BENCH_DIST: side.dist })
  try {
    const { url, headers } = benchRequest(server)
    const { connections } = options
    await runLoad({ url, headers, connections, seconds: options.warmupSeconds })
    const run = runLoad({ url, headers, connections, seconds: options.seconds, serverPid: server.pid })
    const result = requireClean(await run, `${options.framework}/${variant} (${side.label})`)
    side.requestsPerSecond.push(result.requestsPerSecond)
    side.cpu.push(result.serverMicrosPerRequest ?? Number.NaN)
  } finally {
    await stopAndClean(server)
  }
}

function formatRow(variant: Variant, reference: Side, current: Side): string {
  const rate = pairedSummary(reference.requestsPerSecond, current.requestsPerSecond)
  const cpuKnown = reference.cpu.every(Number.isFinite) && current.cpu.every(Number.isFinite)
  const cpu = cpuKnown ? pairedSummary(reference.cpu, current.cpu, false) : null
  const times = (s: PairedSummary) => `${s.median.toFixed(3)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`
  const round = (n: number) => Math.round(n).toLocaleString('en-US')
  const cells = [
    `| ${variant}`,
    round(median(reference.requestsPerSecond)),
    round(median(current.requestsPerSecond)),
    times(rate),
    cpuKnown ? median(reference.cpu).toFixed(1) : '—',
    cpuKnown ? median(current.cpu).toFixed(1) : '—',
    cpu ? times(cpu) : '—',
  ]
  return `${cells.join(' | ')} |`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { options, commit } = settingsOrExit(() => {
    const options = parseCompareArgs(process.argv.slice(2))
    return { options, commit: resolveCommit(options.ref) }
  })
  await ensureBenchBuild(console.log)
  const referenceDist = await bundleRevision(commit)
  const needsRedis = options.variants.some((v) => v === 'redis' || v === 'postgres-redis' || v === 'postgres-cache')
  const redis = needsRedis ? await benchRedis() : null
  const postgres = options.variants.some((v) => v.startsWith('postgres')) ? await benchPostgres() : null
  if (postgres && 'skip' in postgres) {
    await redis?.stop()
    console.error(`bench:compare: the Postgres variants need a Postgres: ${postgres.skip}`)
    process.exit(1)
  }
  const short = commit.slice(0, 12)
  console.log(
    `bench:compare: ${options.framework} ${options.variants.join(', ')}, ${options.ref} (${short}) against this checkout, ` +
      `${options.rounds} rounds of ${options.seconds} s under ${loadTool()}, ${options.connections} connections`,
  )
  try {
    const rows: string[] = []
    for (const variant of options.variants) {
      const reference: Side = { label: short, dist: referenceDist, requestsPerSecond: [], cpu: [] }
      const current: Side = { label: 'this checkout', dist: BENCH_DIST, requestsPerSecond: [], cpu: [] }
      for (let round = 0; round < options.rounds; round++) {
        // The order alternates, so neither side always runs first (on a warmer or cooler machine).
        const order = round % 2 === 0 ? [reference, current] : [current, reference]
        for (const side of order) await runOnce(options, variant, side)
        process.stdout.write(`  ${variant} round ${round + 1}/${options.rounds}\n`)
      }
      rows.push(formatRow(variant, reference, current))
    }
    console.log(
      `\n| variant | ${short} req/s | this checkout req/s | × req/s: median of paired rounds (range) | ${short} CPU µs/req | this checkout CPU µs/req | × by CPU (range) |`,
    )
    console.log('|---|---:|---:|---|---:|---:|---|')
    for (const row of rows) console.log(row)
  } finally {
    if (postgres && !('skip' in postgres)) await postgres.stop()
    await redis?.stop()
  }
}
