/**
 * The cost of telemetry, on Fastify with the memory store: keyward with the OpenTelemetry API
 * installed and no SDK registered (the `memory` server) stays at ≥ 0.97× keyward with OpenTelemetry
 * off (`telemetry-off`). With the SDK registered and a batch span processor (`telemetry-sdk`),
 * keyward is judged against the host's own floor (`telemetry-span`: keyward's OpenTelemetry off, the
 * same SDK, and one span with keyward's attributes recorded by the host's hooks) at ≥ 0.95×: the
 * SDK's own span is not keyward's cost to remove. The ratios to OpenTelemetry off of both SDK servers
 * are printed for information. Each round runs the servers back to back; a ratio is the median of
 * the rounds' ratios.
 *
 * `npm run bench` reports these targets with the others. `npx tsx bench/telemetry.ts [rounds]
 * [seconds]` runs only these four servers (default 6 rounds of 5 s after BENCH_WARMUP, default
 * 2 s, of warm-up each) and prints the targets.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBenchBuild } from './build.js'
import { benchHttp, median, throughputVerdict, type VariantResult } from './http.js'
import { benchConnections, benchWarmup, integerFrom, loadTool, settingsOrExit } from './load.js'
import type { Variant } from './servers/shared.js'

interface Target {
  variant: Variant
  what: string
  base: Variant
  baseWhat: string
  target: number
}

const OFF = 'OpenTelemetry off'
const FLOOR = "the host's own span (keyward's OpenTelemetry off, the same SDK, the host's hooks record one span)"

const TARGETS: readonly Target[] = [
  {
    variant: 'memory',
    what: 'the OpenTelemetry API installed, no SDK registered',
    base: 'telemetry-off',
    baseWhat: OFF,
    target: 0.97,
  },
  {
    variant: 'telemetry-sdk',
    what: 'the SDK registered with a batch span processor',
    base: 'telemetry-span',
    baseWhat: FLOOR,
    target: 0.95,
  },
]

/** Ratios printed for information, with no target. */
const REFERENCES: readonly { variant: Variant; what: string }[] = [
  { variant: 'telemetry-sdk', what: "keyward's telemetry with the SDK and a batch span processor" },
  { variant: 'telemetry-span', what: "the host's own span (keyward's OpenTelemetry off, the SDK registered)" },
]

/** The servers a telemetry run needs. */
export const TELEMETRY_RUN: readonly Variant[] = ['telemetry-off', 'memory', 'telemetry-sdk', 'telemetry-span']

/** The installed `@opentelemetry/api`'s version, or null when it is not installed. */
function apiVersion(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@opentelemetry/api')
    let dir = dirname(entry)
    while (!dir.endsWith(join('node_modules', '@opentelemetry', 'api'))) dir = dirname(dir)
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return null
  }
}

/** The median and range of per-round ratios. */
function paired(ratios: number[]): { median: number; min: number; max: number } {
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) }
}

const times = (r: { median: number; min: number; max: number }) =>
  `${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})`

/** Per-round ratios of `measured` to `base` by requests a second and, when known, by server CPU per request. */
function pairedRatios(measured: VariantResult, base: VariantResult) {
  const rate = paired(measured.runs.map((run, i) => run.requestsPerSecond / base.runs[i]!.requestsPerSecond))
  const cpuRuns = measured.runs.every((r, i) => r.serverMicrosPerRequest && base.runs[i]!.serverMicrosPerRequest)
  const cpu = cpuRuns
    ? paired(measured.runs.map((run, i) => base.runs[i]!.serverMicrosPerRequest! / run.serverMicrosPerRequest!))
    : null
  return {
    rate,
    cpu,
    measured: `${times(rate)} req/s, median of ${base.runs.length} paired rounds (range)${cpu ? `; by server CPU per request ${times(cpu)}` : ''}`,
  }
}

/**
 * The targets' rows for RESULTS.md (`| target | measured | result |`), then the ratios to OpenTelemetry
 * off for information; a row is left out when one of its servers is missing or its rounds do not pair.
 */
export function telemetryTargets(variants: readonly VariantResult[]): string[] {
  const fastify = (variant: Variant) => variants.find((v) => v.framework === 'fastify' && v.variant === variant)
  const pair = (variant: Variant, base: Variant) => {
    const measured = fastify(variant)
    const against = fastify(base)
    if (!measured || !against || measured.runs.length !== against.runs.length) return null
    return pairedRatios(measured, against)
  }
  const version = apiVersion()
  const rows = TARGETS.flatMap(({ variant, what, base, baseWhat, target }) => {
    const ratios = pair(variant, base)
    if (!ratios) return []
    const installed = variant === 'memory' ? ` (API ${version ?? 'NOT installed: the row measures nothing'})` : ''
    const verdict = throughputVerdict(ratios.rate.median, ratios.cpu?.median ?? null, target)
    const goal = `telemetry with ${what}${installed} ≥ ${target.toFixed(2)}× ${baseWhat}`
    return [`| fastify, memory store: ${goal} | ${ratios.measured} | ${verdict} |`]
  })
  for (const { variant, what } of REFERENCES) {
    const ratios = pair(variant, 'telemetry-off')
    if (ratios) rows.push(`| for information, ${what} × ${OFF} | ${ratios.measured} | no target |`)
  }
  return rows
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rounds, seconds, warmupSeconds, connections } = settingsOrExit(() => ({
    rounds: integerFrom(process.argv[2], 6, 'bench/telemetry.ts: rounds', 2),
    seconds: integerFrom(process.argv[3], 5, 'bench/telemetry.ts: seconds'),
    warmupSeconds: benchWarmup(2),
    connections: benchConnections(),
  }))
  await ensureBenchBuild(console.log)
  console.log(
    `bench/telemetry.ts: fastify ${TELEMETRY_RUN.join(', ')}, ${rounds} rounds of ${seconds} s under ${loadTool()}, ${connections} connections`,
  )
  const http = await benchHttp({
    rounds,
    seconds,
    warmupSeconds,
    connections,
    redisCountSeconds: 0,
    frameworks: ['fastify'],
    variants: TELEMETRY_RUN,
    log: console.log,
  })
  console.log(['', '| target | measured | result |', '|---|---|---|', ...telemetryTargets(http.variants)].join('\n'))
  process.exit(0)
}
