/**
 * The cost of telemetry, on Fastify with the memory store: keyward with the OpenTelemetry API
 * installed and no SDK registered (the `memory` server) stays at ≥ 0.97× keyward with OpenTelemetry
 * off (`telemetry-off`), and with the SDK registered and a batch span processor (`telemetry-sdk`)
 * at ≥ 0.85×. Beside them, the SDK's own floor (`telemetry-span`): keyward's OpenTelemetry off and
 * one span with keyward's attributes recorded by the host's hooks, so the report tells the SDK's
 * cost from keyward's. Each round runs the servers back to back; a ratio is the median of the
 * rounds' ratios.
 *
 * `npm run bench` reports these targets with the others. `npx tsx bench/telemetry.ts [rounds]
 * [seconds]` runs only these three servers (default 6 rounds of 5 s after BENCH_WARMUP, default
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

const TARGETS: readonly { variant: Variant; what: string; target: number }[] = [
  { variant: 'memory', what: 'the OpenTelemetry API installed, no SDK registered', target: 0.97 },
  { variant: 'telemetry-sdk', what: 'the SDK registered with a batch span processor', target: 0.85 },
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

const times = (r: { median: number; min: number; max: number }) => `${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})`

/** Per-round ratios of `measured` to `base` by requests a second and, when known, by server CPU per request. */
function pairedRatios(measured: VariantResult, base: VariantResult) {
  const rate = paired(measured.runs.map((run, i) => run.requestsPerSecond / base.runs[i]!.requestsPerSecond))
  const cpuRuns = measured.runs.every((r, i) => r.serverMicrosPerRequest && base.runs[i]!.serverMicrosPerRequest)
  const cpu = cpuRuns ? paired(measured.runs.map((run, i) => base.runs[i]!.serverMicrosPerRequest! / run.serverMicrosPerRequest!)) : null
  return { rate, cpu, measured: `${times(rate)} req/s, median of ${base.runs.length} paired rounds (range)${cpu ? `; by server CPU per request ${times(cpu)}` : ''}` }
}

/** The targets' rows for RESULTS.md (`| target | measured | result |`), and the SDK's floor; none when a server is missing. */
export function telemetryTargets(variants: readonly VariantResult[]): string[] {
  const fastify = (variant: Variant) => variants.find((v) => v.framework === 'fastify' && v.variant === variant)
  const off = fastify('telemetry-off')
  if (!off) return []
  const version = apiVersion()
  const rows = TARGETS.flatMap(({ variant, what, target }) => {
    const measured = fastify(variant)
    if (!measured || measured.runs.length !== off.runs.length) return []
    const { rate, cpu, measured: shown } = pairedRatios(measured, off)
    const installed = variant === 'memory' ? ` (API ${version ?? 'NOT installed: the row measures nothing'})` : ''
    return [`| fastify, memory store: telemetry with ${what}${installed} ≥ ${target.toFixed(2)}× OpenTelemetry off | ${shown} | ${throughputVerdict(rate.median, cpu?.median ?? null, target)} |`]
  })
  const span = fastify('telemetry-span')
  if (span && span.runs.length === off.runs.length) {
    rows.push(
      `| for reference, the SDK's floor: OpenTelemetry off in keyward, one span with keyward's attributes recorded by the host's hooks, × OpenTelemetry off | ${pairedRatios(span, off).measured} | no target |`,
    )
    const sdk = fastify('telemetry-sdk')
    if (sdk && sdk.runs.length === span.runs.length) {
      rows.push(`| for reference, keyward's telemetry with the SDK × that floor (keyward's own share) | ${pairedRatios(sdk, span).measured} | no target |`)
    }
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
  console.log(`bench/telemetry.ts: fastify ${TELEMETRY_RUN.join(', ')}, ${rounds} rounds of ${seconds} s under ${loadTool()}, ${connections} connections`)
  const http = await benchHttp({ rounds, seconds, warmupSeconds, connections, redisCountSeconds: 0, frameworks: ['fastify'], variants: TELEMETRY_RUN, log: console.log })
  console.log(['', '| target | measured | result |', '|---|---|---|', ...telemetryTargets(http.variants)].join('\n'))
  process.exit(0)
}
