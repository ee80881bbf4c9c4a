/**
 * `npm run bench`: every benchmark, printed as it goes and written to bench/RESULTS.md.
 *
 * Stages: core decisions (no HTTP), HTTP per framework (baseline, keyward memory, keyward Redis,
 * peers; interleaved rounds) with Redis commands per request, RSS per stored key, then Redis
 * instructions per request (callgrind, when valgrind is installed). Redis: `REDIS_URL` when set,
 * else a redis-server the bench starts, pinned to the load generator's core (bench/redis-server.ts),
 * else 127.0.0.1:6379; without one the Redis rows are skipped. The Postgres rows (Fastify: keys in
 * Postgres with the memory or the Redis limiter) run on `DATABASE_URL`, else a cluster the bench
 * starts with initdb (bench/postgres-server.ts); without either they are skipped.
 *
 * Knobs (environment): BENCH_ROUNDS (10), BENCH_SECONDS (2), BENCH_WARMUP (2), BENCH_CONNECTIONS
 * (50), BENCH_FRAMEWORKS (express,fastify,hono), BENCH_FETCH_RUNTIMES (node,bun: keyward/fetch against
 * each runtime's baseline), BENCH_RSS_KEYS (100000,1000000; 0 skips the stage),
 * BENCH_TOOL (wrk | autocannon; default wrk when on PATH).
 */
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { spawnSync } from 'node:child_process'
import { benchCore, type CoreBenchResult, formatCore } from './core.js'
import { ensureBenchBuild } from './build.js'
import { benchHttp, type HttpBenchResult, median, throughputVerdict, type VariantResult } from './http.js'
import { type Framework, frameworksFrom } from './process.js'
import { benchRedis } from './redis-server.js'
import { benchConnections, benchWarmup, integerFrom, intFromEnv, namesFrom, PIN, settingsOrExit } from './load.js'
import {
  countInstructions,
  countUsageInstructions,
  type InstructionCount,
  instructionToolsMissing,
  type UsageInstructionCount,
} from './redis-instructions.js'
import { measureRss, type RssResult } from './rss.js'
import { telemetryTargets } from './telemetry.js'
import { benchPostgres } from './postgres-server.js'
import { postgresSection, postgresTargets } from './postgres.js'
import { meteringTargets } from './metering.js'
import { analyticsTargets } from './analytics-overhead.js'
import { benchFetch, FETCH_RUNTIMES, FETCH_TARGET, type FetchBenchRow, formatFetch } from './fetch.js'

const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)}s`
const log = (line: string) => console.log(`[${elapsed().padStart(4)}] ${line}`)
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

const { rounds, seconds, warmupSeconds, connections, frameworks, fetchRuntimes, rssCounts } = settingsOrExit(() => ({
  rounds: intFromEnv('BENCH_ROUNDS', 10),
  seconds: intFromEnv('BENCH_SECONDS', 2),
  warmupSeconds: benchWarmup(2),
  connections: benchConnections(),
  frameworks: frameworksFrom(process.env.BENCH_FRAMEWORKS, 'BENCH_FRAMEWORKS'),
  fetchRuntimes: namesFrom(process.env.BENCH_FETCH_RUNTIMES, FETCH_RUNTIMES, 'BENCH_FETCH_RUNTIMES', 'runtime'),
  // 0 skips the RSS stage; an empty item is ignored.
  rssCounts: (process.env.BENCH_RSS_KEYS || '100000,1000000')
    .split(',')
    .map((n) => integerFrom(n, 0, 'BENCH_RSS_KEYS', 0))
    .filter((n) => n > 0),
}))

// Core decisions ------------------------------------------------------------------------------
log('[core] decisions per second on memory stores, interleaved with a bare baseline')
let core: CoreBenchResult | null = null
try {
  core = await benchCore()
  log(formatCore(core).replace(/^core: /, '[core] '))
} catch (error) {
  log(`[core] FAILED: ${(error as Error).message}`)
}

// HTTP ------------------------------------------------------------------------------------------
log(
  `[http] ${frameworks.join(', ')}: ${rounds} interleaved rounds of ${seconds} s per server after ${warmupSeconds} s warm-up, ${connections} connections`,
)
let http: HttpBenchResult | null = null
let redisDescription = 'none'
let postgresDescription = 'none'
try {
  await ensureBenchBuild(log)
  const redis = await benchRedis()
  redisDescription = redis.description
  log(`[http] Redis: ${redisDescription} (${process.env.REDIS_URL})`)
  const postgres = await benchPostgres().catch((error: Error) => ({
    skip: `the bench's Postgres would not start: ${error.message}`,
  }))
  postgresDescription = 'skip' in postgres ? `none (${postgres.skip})` : postgres.description
  log(`[http] Postgres: ${postgresDescription}`)
  try {
    http = await benchHttp({
      rounds,
      seconds,
      warmupSeconds,
      connections,
      redisCountSeconds: 2,
      frameworks,
      postgres,
      log,
    })
  } finally {
    if (!('skip' in postgres)) await postgres.stop()
    await redis.stop()
  }
} catch (error) {
  log(`[http] FAILED: ${(error as Error).stack ?? String(error)}`)
}

// keyward/fetch on Node and Bun ----------------------------------------------------------------
log(
  `[fetch] keyward/fetch (memory store) on ${fetchRuntimes.join(', ')} against each runtime's identical-response baseline`,
)
let fetchRows: FetchBenchRow[] | null = null
try {
  const options = { runtimes: fetchRuntimes, rounds, seconds, store: 'memory' as const, connections, warmupSeconds }
  fetchRows = await benchFetch(options, log)
} catch (error) {
  log(`[fetch] FAILED: ${(error as Error).stack ?? String(error)}`)
}

// RSS -------------------------------------------------------------------------------------------
const rss: RssResult[] = []
for (const count of rssCounts) {
  log(`[rss] ${fmt(count)} keys in the memory key store (child process, --expose-gc)`)
  try {
    const result = await measureRss(count)
    rss.push(result)
    log(
      `[rss] ${fmt(count)} keys: ${fmt(result.rssBytesPerKey)} B RSS per key (heap ${fmt(result.heapBytesPerKey)} B per key), ${result.seconds.toFixed(1)} s to insert`,
    )
  } catch (error) {
    log(`[rss] ${fmt(count)} keys FAILED: ${(error as Error).message}`)
  }
}

// Redis instructions (callgrind) ---------------------------------------------------------------
// Deterministic where requests per second are not: one busy key against twelve keys in turn.
const instructions: InstructionCount[] = []
const usageInstructions: UsageInstructionCount[] = []
const instructionsMissing = instructionToolsMissing()
if (instructionsMissing === null) {
  for (const keys of [1, 12]) {
    log(`[callgrind] Redis instructions per request, ${keys} key${keys === 1 ? '' : 's'} in turn, batches of 12`)
    try {
      const result = await countInstructions(keys, 12, 150)
      instructions.push(result)
      log(
        `[callgrind] ${keys} key${keys === 1 ? '' : 's'}: ${fmt(result.instructionsPerRequest)} instructions per request`,
      )
    } catch (error) {
      log(`[callgrind] FAILED: ${(error as Error).message}`)
    }
  }
  for (const keys of [1, 12]) {
    log(`[callgrind] Redis instructions per usage entry, ${keys} key${keys === 1 ? '' : 's'} in turn, flushes of 140`)
    try {
      const result = await countUsageInstructions(keys, 140, 40)
      usageInstructions.push(result)
      log(
        `[callgrind] usage, ${keys} key${keys === 1 ? '' : 's'}: ${fmt(result.instructionsPerEntry)} instructions per entry`,
      )
    } catch (error) {
      log(`[callgrind] FAILED: ${(error as Error).message}`)
    }
  }
} else log(`[callgrind] skipped: ${instructionsMissing}`)

// RESULTS.md ------------------------------------------------------------------------------------
const LABEL: Record<string, string> = {
  baseline: 'baseline (no auth, same response)',
  memory: 'keyward, memory store',
  redis: 'keyward, Redis store',
  peer: 'peer',
  chain: 'keyward, memory store, as middleware: `app.use(api)` + `api.protect()`',
  'telemetry-off': 'keyward, memory store, OpenTelemetry off (`telemetry: { openTelemetry: false }`)',
  'telemetry-sdk': 'keyward, memory store, OpenTelemetry SDK registered (batch span processor, metric reader)',
  'telemetry-span':
    "keyward, memory store, OpenTelemetry off; the SDK registered and the host's hooks record one span with keyward's attributes",
  postgres: 'keyward, Postgres keys and usage, memory limiter',
  'postgres-redis': "keyward, Postgres keys and usage, Redis limiter (`keys: 'elsewhere'`)",
  'postgres-cache':
    'keyward, Postgres keys and usage, key records cached in Redis and limits counted there (`redis: { client }`)',
  metered: "keyward, memory store, a key with 3 named limits, credits and its owner's windows",
  'metered-redis': "keyward, Redis store, a key with 3 named limits, credits and its owner's windows",
  'analytics-off': 'keyward, memory store, outcome counters off (`analytics: false`)',
  'analytics-off-redis': 'keyward, Redis store, outcome counters off (`analytics: false`)',
}
const PEER: Record<Framework, string> = {
  express: 'express-rate-limit + rate-limit-redis (+ a 5-line bearer check)',
  fastify: '@fastify/bearer-auth + @fastify/rate-limit (Redis)',
  hono: 'hono/bearer-auth (no rate limit, no Redis)',
}
const passOrMiss = (ok: boolean) => (ok ? 'PASS' : 'MISS')
const ratioText = (r: number) => `${r.toFixed(2)}×`
/** Capacity estimated from server CPU per request: baseline µs / variant µs. */
function cpuRatio(variant: VariantResult, base: VariantResult): number | null {
  return variant.serverMicrosPerRequest && base.serverMicrosPerRequest
    ? base.serverMicrosPerRequest / variant.serverMicrosPerRequest
    : null
}
const cpuNote = (r: number | null) => (r === null ? '' : `; by server CPU per request ${ratioText(r)}`)

/** The median of the per-round ratios of `variant` to `over` (both against the same baseline runs). */
function pairedRatio(variant: VariantResult, over?: VariantResult): number {
  const mine = variant.roundRatios
  const theirs = over?.roundRatios
  if (mine.length === 0 || (theirs !== undefined && theirs.length !== mine.length)) {
    return variant.requestsPerSecond / (over ?? row(variant.framework, 'baseline'))!.requestsPerSecond
  }
  return median(theirs === undefined ? mine : mine.map((r, i) => r / theirs[i]!))
}

function row(framework: Framework, variant: string): VariantResult | undefined {
  return http?.variants.find((v) => v.framework === framework && v.variant === variant)
}

function wrkVersion(): string {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  return (probe.stdout || probe.stderr || '').split('\n')[0]?.trim() ?? 'wrk'
}

const lines: string[] = [
  '# keyward benchmark results',
  '',
  `Run on ${new Date().toISOString()}: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${elapsed()} in all.`,
  http
    ? `Load: ${http.tool === 'wrk' ? `${wrkVersion()} (1 thread)` : 'autocannon CLI (latency in whole milliseconds)'}, ${connections} keep-alive connections over loopback, from its own process; every server alone in its own process${PIN ? ` (servers pinned to core ${PIN.server} and the load generator to core ${PIN.load} with taskset)` : ''}; Redis: ${redisDescription}; Postgres: ${postgresDescription}. Each server: ${warmupSeconds} s warm-up, then ${rounds} runs of ${seconds} s, interleaved with the other servers of its framework (order reversed every round). Figures are medians. A ratio is the median of the per-round ratios (each round runs every server of a framework back to back, so each ratio compares runs seconds apart and the machine's slow drift cancels), with their range.`
    : '',
  '',
]

const targets: string[] = ['## Targets', '', '| target | measured | result |', '|---|---|---|']
// Each store's target against its framework's baseline: every framework's memory row, then every Redis row.
for (const [variant, store, target] of [
  ['memory', 'memory store', 0.9],
  ['redis', 'Redis store', 0.75],
] as const) {
  for (const framework of frameworks) {
    const base = row(framework, 'baseline')
    const measured = row(framework, variant)
    if (base && measured) {
      const r = pairedRatio(measured)
      const cpu = cpuRatio(measured, base)
      targets.push(
        `| ${framework}: ${store} ≥ ${target.toFixed(2)}× baseline | ${ratioText(r)} req/s (median of ${measured.roundRatios.length} paired rounds; ${ratioText(measured.requestsPerSecond / base.requestsPerSecond)} by medians of req/s)${cpuNote(cpu)} | ${throughputVerdict(r, cpu, target)} |`,
      )
    }
  }
}
for (const count of http?.redisCounts.filter((c) => c.variant === 'redis') ?? []) {
  const background = count.roundTripsPerRequest - count.onPathRoundTripsPerRequest
  targets.push(
    `| ${count.framework}: ≤ 1 Redis round trip per authenticated request | ${count.onPathRoundTripsPerRequest.toFixed(3)} on the request's path (authorize calls, ${(1 / count.onPathRoundTripsPerRequest).toFixed(1)} requests each on average, coalesced) (+ ${background.toFixed(3)} batched usage flush off it; ${count.clientCommandsPerRequest.toFixed(3)} top-level commands in all, P1 allows 2) | ${passOrMiss(count.onPathRoundTripsPerRequest <= 1.0005 && count.clientCommandsPerRequest <= 2)} |`,
  )
}
{
  const keyward = row('fastify', 'redis')
  const peer = row('fastify', 'peer')
  if (keyward && peer) {
    const r = pairedRatio(keyward, peer)
    const cpu = cpuRatio(keyward, peer)
    targets.push(
      `| ≥ 1.2× Fastify + @fastify/bearer-auth + @fastify/rate-limit on the same Redis (keyward on Fastify + Redis, quota and usage log on) | ${ratioText(r)} (median of paired rounds; medians ${fmt(keyward.requestsPerSecond)} vs ${fmt(peer.requestsPerSecond)} req/s)${cpuNote(cpu)} | ${throughputVerdict(r, cpu, 1.2)} |`,
    )
  }
}
{
  const million = rss.find((r) => r.keys === 1_000_000)
  if (million)
    targets.push(
      `| ≤ 1 KiB RSS per key at 1,000,000 keys (memory store) | ${fmt(million.rssBytesPerKey)} B | ${passOrMiss(million.rssBytesPerKey <= 1024)} |`,
    )
}
for (const fetchRow of fetchRows ?? []) {
  const runtime = fetchRow.runtime === 'bun' ? 'Bun.serve' : 'Node'
  const cpu = fetchRow.cpu === null ? '' : `; ${fetchRow.cpu.median.toFixed(2)}× by CPU per request`
  targets.push(
    `| keyward/fetch on ${runtime}: memory store ≥ ${FETCH_TARGET.toFixed(2)}× the runtime's baseline | ${fetchRow.rate.median.toFixed(2)}× req/s (median of ${fetchRow.keyward.requestsPerSecond.length} paired rounds, ${fetchRow.rate.min.toFixed(2)}–${fetchRow.rate.max.toFixed(2)})${cpu} | ${throughputVerdict(fetchRow.rate.median, fetchRow.cpu?.median ?? null, FETCH_TARGET)} |`,
  )
}
targets.push(...telemetryTargets(http?.variants ?? []))
targets.push(...postgresTargets(http))
targets.push(...meteringTargets(http))
targets.push(...analyticsTargets(http))
if (http && !http.redis) targets.push(`| Redis targets | skipped: ${http.redisSkipReason} | — |`)
lines.push(...targets, '')

lines.push('## Core decisions (no HTTP)', '')
if (core) {
  lines.push(
    'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
    '',
    '| keyward decisions/s (target ≥ 250,000) | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
    '|---|---|---|---|---|',
    `| ${fmt(core.keywardPerSecond)} ${passOrMiss(core.keywardPerSecond >= 250_000)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} ${passOrMiss(core.ratio >= 0.5)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
    '',
  )
} else lines.push('Failed; see the console output.', '')

lines.push('## HTTP: authenticated `GET /api/v1/ip/lookup?ip=1.2.3.4` with a live key', '')
if (http) {
  if (!http.redis) lines.push(`**Redis rows skipped:** ${http.redisSkipReason}.`, '')
  lines.push(
    '| framework | server | req/s | × baseline: median of per-round ratios (range) | p50 ms | p99 ms | server CPU µs/request | × baseline by CPU | server cores busy | Redis CPU µs/request | runs with errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  )
  for (const framework of frameworks) {
    const base = row(framework, 'baseline')
    for (const v of http.variants.filter((x) => x.framework === framework)) {
      const ratio =
        base && v !== base
          ? `${ratioText(pairedRatio(v))} (${Math.min(...v.roundRatios).toFixed(2)}–${Math.max(...v.roundRatios).toFixed(2)})`
          : v === base
            ? '1.00×'
            : '—'
      const name =
        v.variant === 'peer'
          ? `peer: ${PEER[framework]}`
          : `${LABEL[v.variant]}${framework === 'hono' && (v.variant === 'memory' || v.variant === 'redis') ? ', route handler in `api.guard()`' : ''}`
      const byCpu = base ? cpuRatio(v, base) : null
      lines.push(
        `| ${framework} | ${name} | ${fmt(v.requestsPerSecond)} | ${ratio} | ${v.p50.toFixed(2)} | ${v.p99.toFixed(2)} | ${v.serverMicrosPerRequest?.toFixed(1) ?? '?'} | ${byCpu === null ? '?' : ratioText(byCpu)} | ${v.serverCpu?.toFixed(2) ?? '?'} | ${v.redisMicrosPerRequest?.toFixed(1) ?? '—'} | ${v.badRuns} |`,
      )
    }
  }
  lines.push('', '**Responses** (one request to each server before the runs):', '')
  for (const v of http.variants) lines.push(`- ${v.framework} ${v.variant}: ${v.response}`)
  lines.push(
    '',
    "The baseline sends what keyward sends: the same handler and body, plus `X-Request-ID` (a fresh `req_` id per request from pooled CSPRNG bytes), the three `X-RateLimit-*` and the three `X-Quota-*` headers, set in the handler with no middleware. keyward's live key has a per-minute limit and a monthly quota (both too large to be reached), so every keyward request is counted against both, recorded in the usage log and answered with a request id; the peers enforce no quota and record nothing. keyward routes require the `ip` scope, as the reference server does.",
    '',
    'This machine is shared and noisy: "server cores busy" well under 1.0 means the server was starved in some runs (other processes had the cores), and requests/s then moves by ±30% from run to run. Server CPU µs per request (user + system time of the server process from /proc, over requests served) hardly moves with contention, so "× baseline by CPU" (baseline µs / server µs) is the steadier estimate of the capacity ratio of a CPU-bound server; so a throughput target is PASS only when both requests/s (as the targets say) and CPU per request meet it. Redis CPU µs/request is the local redis-server process over the same run.',
    '',
  )
  if (http.notes.length > 0) lines.push(...http.notes.map((n) => `- ${n}`), '')
} else lines.push('Failed; see the console output.', '')

lines.push('## Redis commands per authenticated request', '')
if (http?.redis && http.redisCounts.length > 0) {
  lines.push(
    '| server | requests counted | top-level commands / request (sent by the server) | round trips / request (on the request path) | commands Redis ran / request, scripts included (INFO commandstats) | Redis time µs / request (commandstats; a script includes what it runs) | Redis process CPU µs / request |',
    '|---|---|---|---|---|---|---|',
  )
  for (const c of http.redisCounts) {
    const sent = Object.entries(c.clientCommands)
      .map(([n, x]) => `${n} ${x.toFixed(3)}`)
      .join(', ')
    const ran = Object.entries(c.commandstats)
      .sort((a, b) => b[1] - a[1])
      .map(([n, x]) => `${n} ${x.toFixed(2)}`)
      .join(', ')
    const name = c.variant === 'peer' ? `${c.framework} peer` : `keyward on ${c.framework}`
    const micros = Object.entries(c.commandMicros)
      .sort((a, b) => b[1] - a[1])
      .map(([n, x]) => `${n} ${x.toFixed(1)}`)
      .join(', ')
    lines.push(
      `| ${name} | ${fmt(c.requests)} | ${c.clientCommandsPerRequest.toFixed(3)} (${sent}) | ${c.roundTripsPerRequest.toFixed(3)} (${c.onPathRoundTripsPerRequest.toFixed(3)}) | ${c.redisExecutedPerRequest.toFixed(2)} (${ran}) | ${micros} | ${c.redisMicrosPerRequest?.toFixed(1) ?? '—'} |`,
    )
  }
  lines.push(
    '',
    "Top-level commands and round trips are counted by a wrapper around the server's own ioredis client (a pipeline or MULTI would be one write, so one round trip); EVALSHA is one command however much its script does. keyward's `usage` script is the batched usage-log flush, sent off the request's path. The commandstats columns are INFO commandstats before and after, divided by requests served: they count the commands scripts run inside Redis too, and a script's time includes theirs (as would any other client of this Redis during the count). Redis process CPU is the local redis-server's user + system time over the same count.",
    '',
  )
} else lines.push(http?.redis === false ? `Skipped: ${http.redisSkipReason}.` : 'No Redis counts.', '')

lines.push(...postgresSection(http))
lines.push('## keyward/fetch on Node and Bun', '')
if (fetchRows) {
  lines.push(
    "keyward/fetch on the memory store (`guard.wrap()` around the route's handler) against the same runtime's server whose handler sends the same body and the headers keyward sends: Bun.serve under Bun, Node's `http` through `@hono/node-server`. Paired rounds, the order alternating (bench/fetch.ts).",
    '',
    ...formatFetch(fetchRows, 'memory'),
    '',
  )
} else lines.push('Failed; see the console output.', '')

lines.push('## Redis instructions per authorized request and per usage entry (callgrind)', '')
/** A table of counts, one column per name, and the note under it. */
function countTable<T>(columns: string[], rows: T[], cells: (row: T) => string[], note: string): void {
  lines.push(`| ${columns.join(' | ')} |`, `|${'---|'.repeat(columns.length)}`)
  for (const row of rows) lines.push(`| ${cells(row).join(' | ')} |`)
  lines.push('', note, '')
}
if (instructions.length > 0) {
  countTable(
    ['keys of the batch, in turn', 'requests', 'Redis instructions / request'],
    instructions,
    (r) => [String(r.keys), fmt(r.requests), fmt(r.instructionsPerRequest)],
    'A private redis-server under callgrind; keyward (sources) on the Redis store sends batches of 12 concurrent requests, coalesced as in production, for a live key with a limit and a quota, on a scoped route; only the measured batches are counted. An instruction count hardly moves with the machine\'s load, unlike time. With one key, every request after the first of a batch is decided from the state the one before it left (README, "Redis"); with twelve keys in turn, none is. `npm run bench:redis-instructions` runs other cases.',
  )
  if (usageInstructions.length > 0) {
    countTable(
      ['usage entries: keys of the flush, in turn', 'entries', 'Redis instructions / entry'],
      usageInstructions,
      (r) => [String(r.keys), fmt(r.entries), fmt(r.instructionsPerEntry)],
      "The usage log on the same kind of server: flushes of 140 entries (about one flush interval under load), each entry pushed onto the global list and its key's list, both trimmed.",
    )
  }
} else
  lines.push(instructionsMissing === null ? 'Failed; see the console output.' : `Skipped: ${instructionsMissing}.`, '')

lines.push('## Memory store: RSS per stored key', '')
if (rss.length > 0) {
  lines.push('| keys | RSS growth | RSS per key | heap per key |', '|---|---|---|---|')
  for (const r of rss)
    lines.push(
      `| ${fmt(r.keys)} | ${(r.rssDeltaBytes / 1048576).toFixed(1)} MiB | ${fmt(r.rssBytesPerKey)} B | ${fmt(r.heapBytesPerKey)} B |`,
    )
  lines.push(
    '',
    "A fresh `node --expose-gc` process per row: RSS after a full GC, before and after inserting the records into `createMemoryKeyStore()` directly (a real key's sha256 hex, a real `key_` id, last 4, a 20-odd-character name, timestamps, no scopes or per-key limits; one key in ten a test key). At 100,000 keys the heap's fixed growth weighs more per key.",
    '',
  )
} else lines.push('Failed; see the console output.', '')

writeFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'))
log(`wrote bench/RESULTS.md`)
console.log(`\n${targets.join('\n')}`)
process.exit(0)
