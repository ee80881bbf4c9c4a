/**
 * HTTP benchmarks: per framework, a baseline server (no authentication, the same response),
 * keyward on the memory store, keyward on the Redis store and the peer libraries, each in its own
 * process, loaded from another process over loopback. Runs are interleaved (baseline, memory,
 * redis, peer, then the reverse order, …) so drift on a shared machine hits every variant alike;
 * each figure is the median of the rounds, and each ratio a ratio of those medians.
 */
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { Redis } from 'ioredis'
import { clusterTicks, cpuTicks, type LoadResult, loadTool, runLoad } from './load.js'
import { FRAMEWORKS, type Framework, type ServerHandle, type ServerStats, startServer } from './process.js'
import {
  ANALYTICS_VARIANTS,
  METERING_VARIANTS,
  POSTGRES_VARIANTS,
  redisUrl,
  ROUTE,
  TELEMETRY_VARIANTS,
  type Variant,
} from './servers/shared.js'

export interface HttpBenchOptions {
  rounds: number
  seconds: number
  warmupSeconds: number
  connections: number
  /** Requests-worth of seconds for the Redis command count of each Redis-backed server. */
  redisCountSeconds: number
  frameworks?: readonly Framework[]
  /** Only these variants (the baseline included only when named); default every one a framework has. */
  variants?: readonly Variant[]
  /**
   * The Postgres of the Postgres variants (`DATABASE_URL` set by bench/postgres-server.ts), with its
   * postmaster's pid when it is local; null: those variants are skipped, for this reason.
   */
  postgres?: { pid: number | undefined } | { skip: string }
  log: (line: string) => void
}

export interface VariantResult {
  framework: Framework
  variant: Variant
  runs: LoadResult[]
  requestsPerSecond: number
  p50: number
  p99: number
  serverCpu: number | null
  /** Median server CPU µs per request (see `LoadResult`). */
  serverMicrosPerRequest: number | null
  /** Median Redis CPU µs per request, for Redis-backed servers on a local Redis. */
  redisMicrosPerRequest: number | null
  /** Median Postgres CPU µs per request (postmaster and backends), for the Postgres variants on a local cluster. */
  postgresMicrosPerRequest?: number | null
  /** Runs with a non-2xx answer or a socket error (each must be 0). */
  badRuns: number
  /** This variant's rps over the baseline's, per round (the spread of the ratio). */
  roundRatios: number[]
  /** How its response compares with the baseline's (keyward variants), or its header names (peers). */
  response: string
}

export interface RedisCount {
  framework: Framework
  variant: Variant
  requests: number
  /** Top-level commands per request as the server's client sent them, by command. */
  clientCommands: Record<string, number>
  clientCommandsPerRequest: number
  /** Every write to the Redis socket per request (a pipeline or MULTI is one write). */
  roundTripsPerRequest: number
  /**
   * Round trips a request waits for: keyward's authorize script (the usage log is flushed in
   * batches, off the request's path); for peers, every round trip.
   */
  onPathRoundTripsPerRequest: number
  /** INFO commandstats per request: every command Redis ran, inside scripts included. */
  commandstats: Record<string, number>
  /** INFO commandstats µs per request by command; a script's time includes the commands it runs. */
  commandMicros: Record<string, number>
  /** Sum of `commandstats`: the work Redis does per request. */
  redisExecutedPerRequest: number
  /** Redis CPU per request, µs (local Redis only). */
  redisMicrosPerRequest: number | null
}

/** Postgres statements per request of a Postgres variant, as the server's pool ran them (each one round trip). */
export interface PostgresCount {
  framework: Framework
  variant: Variant
  requests: number
  /** By verb and table: `select keys` is the request's own; the writes are batched off its path. */
  statements: Record<string, number>
  /** Statements a request waits for: the key's lookup. */
  onPathPerRequest: number
  /** Every statement, the batched writes included. */
  totalPerRequest: number
  /** Postgres CPU per request over the count, µs (local cluster only). */
  postgresMicrosPerRequest: number | null
}

export interface HttpBenchResult {
  tool: string
  redis: boolean
  redisSkipReason: string | null
  variants: VariantResult[]
  redisCounts: RedisCount[]
  /** Absent when no Postgres variant ran. */
  postgresCounts?: PostgresCount[]
  postgresSkipReason?: string | null
  notes: string[]
}

/**
 * A throughput target's verdict: PASS only when both measures meet it, the paired requests/s ratio
 * and (when known) the ratio of server CPU per request. Requests/s alone moves with the load other
 * tenants put on a shared machine: the Fastify peer ratio read 1.09× in a quiet hour and 1.24× on
 * a busy one, while by CPU it read 1.08× and 1.17×.
 */
export function throughputVerdict(r: number, cpu: number | null, target: number): string {
  if (r < target) return 'MISS'
  if (cpu === null || cpu >= target) return 'PASS'
  return `MISS (by requests/s only; by CPU ${cpu.toFixed(2)}×)`
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Ratios as `0.93× (0.88–0.97)`: their median and range. */
export const ratioSpread = (ratios: readonly number[]) =>
  `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`

/** Per-round ratios of `measured` to `base`: requests a second, and server CPU per request (base over measured). */
export function pairedRatios(measured: VariantResult, base: VariantResult): { rate: number[]; cpu: number[] | null } {
  const rate = measured.runs.map((run, i) => run.requestsPerSecond / base.runs[i]!.requestsPerSecond)
  const cpuKnown = measured.runs.every((run, i) => run.serverMicrosPerRequest && base.runs[i]!.serverMicrosPerRequest)
  const cpu = cpuKnown
    ? measured.runs.map((run, i) => base.runs[i]!.serverMicrosPerRequest! / run.serverMicrosPerRequest!)
    : null
  return { rate, cpu }
}

/**
 * A RESULTS.md target row of `measured` against `base` round by round: the requests/s ratios and
 * the server-CPU ratios with their spread, `detail` after them, and the verdict against `target`.
 */
export function pairedTargetRow(
  target: string,
  measured: VariantResult,
  base: VariantResult,
  ratio: number,
  detail = '',
): string {
  const { rate, cpu } = pairedRatios(measured, base)
  const byCpu = cpu ? `; by server CPU per request ${ratioSpread(cpu)}` : ''
  const verdict = throughputVerdict(median(rate), cpu ? median(cpu) : null, ratio)
  return `| ${target} | ${ratioSpread(rate)} req/s, median of ${rate.length} paired rounds (range)${byCpu}${detail} | ${verdict} |`
}

/** Connects to Redis for the bench's own bookkeeping; null (with the reason) when unreachable. */
export async function connectAdmin(): Promise<{ client: Redis | null; reason: string | null }> {
  const client = new Redis(redisUrl(), {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.ping()
    return { client, reason: null }
  } catch (error) {
    client.disconnect()
    return { client: null, reason: `Redis at ${redisUrl()} is unreachable (${(error as Error).message})` }
  }
}

/** Deletes every key matching the patterns (SCAN + UNLINK); returns how many. */
export async function deleteKeys(client: Redis, patterns: readonly string[]): Promise<number> {
  let deleted = 0
  for (const pattern of patterns) {
    let cursor = '0'
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)
      cursor = next
      if (keys.length > 0) deleted += await client.unlink(...keys)
    } while (cursor !== '0')
  }
  return deleted
}

/** The request every benchmark sends a server: the route, with the server's key as a bearer token (none for the baseline). */
export function benchRequest(server: ServerHandle): { url: string; headers: Record<string, string> } {
  return {
    url: `${server.url}${ROUTE}?ip=1.2.3.4`,
    headers: server.key ? { Authorization: `Bearer ${server.key}` } : {},
  }
}

/** Stops a server and deletes the Redis keys it wrote, so the next server starts from empty lists and counters. */
export async function stopAndClean(server: ServerHandle): Promise<void> {
  await server.stop()
  if (server.redisPatterns.length === 0) return
  const { client } = await connectAdmin()
  if (client) {
    await deleteKeys(client, server.redisPatterns)
    client.disconnect()
  }
}

interface Snapshot {
  status: number
  headers: Record<string, string>
  body: string
}

function fetchOnce(server: ServerHandle): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    const { url, headers } = benchRequest(server)
    const request = get(url, { headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        const names: Record<string, string> = {}
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          names[response.rawHeaders[i]!.toLowerCase()] = response.rawHeaders[i + 1]!
        resolve({ status: response.statusCode ?? 0, headers: names, body })
      })
    })
    request.on('error', reject)
  })
}

// Values that differ by nature from one response to the next; compared by shape.
const PER_RESPONSE = new Set([
  'date',
  'etag',
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-quota-remaining',
  'x-quota-reset',
])
const shape = (value: string) => value.replace(/[A-Za-z0-9_+/=-]/g, 'x')

/** Whether a keyward response equals the baseline's: status, header names and values, body bytes. */
function compareResponses(baseline: Snapshot, other: Snapshot): string {
  const problems: string[] = []
  if (baseline.status !== other.status) problems.push(`status ${other.status} vs ${baseline.status}`)
  const names = new Set([...Object.keys(baseline.headers), ...Object.keys(other.headers)])
  for (const name of [...names].sort()) {
    const a = baseline.headers[name]
    const b = other.headers[name]
    if (a === undefined || b === undefined)
      problems.push(`header ${name} only in ${a === undefined ? 'keyward' : 'baseline'}`)
    else if (PER_RESPONSE.has(name) ? shape(a) !== shape(b) : a !== b) problems.push(`${name}: ${b} vs ${a}`)
  }
  if (Buffer.byteLength(baseline.body) !== Buffer.byteLength(other.body))
    problems.push(`body ${Buffer.byteLength(other.body)} B vs ${Buffer.byteLength(baseline.body)} B`)
  if (!/^req_[A-Za-z0-9_-]{24,}$/.test(other.headers['x-request-id'] ?? '')) problems.push('no req_ id')
  return problems.length === 0 ? 'identical (per-request values differ only)' : `DIFFERS: ${problems.join('; ')}`
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

function parseInfo(text: string): { calls: Record<string, number>; usec: Record<string, number> } {
  const calls: Record<string, number> = {}
  const usec: Record<string, number> = {}
  for (const line of text.split('\n')) {
    const stat = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line)
    if (stat) {
      calls[stat[1]!] = Number(stat[2])
      usec[stat[1]!] = Number(stat[3])
    }
  }
  return { calls, usec }
}

/** Top-level commands and round trips per request, from the server's client and from Redis itself. */
async function countRedis(
  admin: Redis,
  server: ServerHandle,
  options: HttpBenchOptions,
  redisPid: number | undefined,
): Promise<RedisCount> {
  const infoBefore = parseInfo(await admin.info('commandstats'))
  const before = await server.stats()
  const redisTicks = cpuTicks(redisPid)
  await runLoad({ ...benchRequest(server), connections: options.connections, seconds: options.redisCountSeconds })
  // Let batched usage writes (keyward flushes every few ms) reach Redis before counting.
  await new Promise((resolve) => setTimeout(resolve, 300))
  const after: ServerStats = await server.stats()
  const redisTicksAfter = cpuTicks(redisPid)
  const infoAfter = parseInfo(await admin.info('commandstats'))
  const requests = after.served - before.served
  const clientCommands: Record<string, number> = {}
  let clientTotal = 0
  for (const [name, count] of Object.entries(after.redisCommands)) {
    const delta = count - (before.redisCommands[name] ?? 0)
    if (delta > 0) {
      clientCommands[name] = delta / requests
      clientTotal += delta
    }
  }
  const commandstats: Record<string, number> = {}
  const commandMicros: Record<string, number> = {}
  for (const [name, usec] of Object.entries(infoAfter.usec)) {
    const delta = usec - (infoBefore.usec[name] ?? 0)
    if (delta > 0 && name !== 'info') commandMicros[name] = delta / requests
  }
  let executed = 0
  for (const [name, calls] of Object.entries(infoAfter.calls)) {
    // Our own INFO is counted in between.
    const delta = calls - (infoBefore.calls[name] ?? 0) - (name === 'info' ? 1 : 0)
    if (delta > 0) {
      commandstats[name] = delta / requests
      executed += delta
    }
  }
  const writes = (after.redisWrites - before.redisWrites) / requests
  // The hot-path calls, one request each or a coalesced batch of several (each a round trip); beside
  // Postgres keys, the limiter's calls (the key's, and the failed-authentication guard's peek).
  const onPath =
    server.variant === 'postgres-redis'
      ? ['evalsha limit', 'eval limit', 'evalsha limit-batch', 'eval limit-batch']
      : ['evalsha authorize', 'eval authorize', 'evalsha authorize-batch', 'eval authorize-batch']
  let authorize = 0
  for (const name of onPath) authorize += clientCommands[name] ?? 0
  return {
    framework: server.framework,
    variant: server.variant,
    requests,
    clientCommands,
    clientCommandsPerRequest: clientTotal / requests,
    roundTripsPerRequest: writes,
    onPathRoundTripsPerRequest: server.variant === 'peer' ? writes : authorize,
    commandstats,
    commandMicros,
    redisExecutedPerRequest: executed / requests,
    redisMicrosPerRequest:
      redisTicks === null || redisTicksAfter === null ? null : ((redisTicksAfter - redisTicks) * 10_000) / requests,
  }
}

/** Postgres statements per request of a Postgres variant, and the cluster's CPU over the same load. */
async function countPostgres(
  server: ServerHandle,
  options: HttpBenchOptions,
  postgresPid: number | undefined,
): Promise<PostgresCount> {
  const before = await server.stats()
  const ticks = clusterTicks(postgresPid)
  await runLoad({ ...benchRequest(server), connections: options.connections, seconds: options.redisCountSeconds })
  // Let the batched usage inserts (every 10 ms) and a lastUsedAt write (every second) go out.
  await new Promise((resolve) => setTimeout(resolve, 1200))
  const after = await server.stats()
  const ticksAfter = clusterTicks(postgresPid)
  const requests = after.served - before.served
  const statements: Record<string, number> = {}
  let total = 0
  for (const [kind, count] of Object.entries(after.postgresStatements)) {
    const delta = count - (before.postgresStatements[kind] ?? 0)
    if (delta > 0) {
      statements[kind] = delta / requests
      total += delta
    }
  }
  return {
    framework: server.framework,
    variant: server.variant,
    requests,
    statements,
    onPathPerRequest: statements['select keys'] ?? 0,
    totalPerRequest: total / requests,
    postgresMicrosPerRequest: ticks === null || ticksAfter === null ? null : ((ticksAfter - ticks) * 10_000) / requests,
  }
}

/** The pid of the Redis server when it runs on this machine (its CPU use is then measured). */
async function localRedisPid(admin: Redis): Promise<number | undefined> {
  const pid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1])
  try {
    return Number.isSafeInteger(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').includes('redis') ? pid : undefined
  } catch {
    return undefined
  }
}

export async function benchHttp(options: HttpBenchOptions): Promise<HttpBenchResult> {
  const { log } = options
  const { client: admin, reason } = await connectAdmin()
  const redis = admin !== null
  if (!redis) log(`[http] SKIPPING the Redis rows: ${reason}`)
  const redisPid = admin ? await localRedisPid(admin) : undefined
  const variants: VariantResult[] = []
  const redisCounts: RedisCount[] = []
  const postgresCounts: PostgresCount[] = []
  const notes: string[] = []
  const postgres = options.postgres !== undefined && !('skip' in options.postgres) ? options.postgres : null
  const postgresSkipReason = options.postgres !== undefined && 'skip' in options.postgres ? options.postgres.skip : null
  if (postgresSkipReason) log(`[http] SKIPPING the Postgres rows: ${postgresSkipReason}`)
  const usesPostgres = (server: ServerHandle) => (POSTGRES_VARIANTS as readonly Variant[]).includes(server.variant)

  for (const framework of options.frameworks ?? FRAMEWORKS) {
    const every: Variant[] = ['baseline', 'memory']
    if (framework === 'hono') every.push('chain')
    if (redis) every.push('redis')
    if (redis || framework === 'hono') every.push('peer')
    // The cost of telemetry, against keyward with OpenTelemetry off (the target is on Fastify).
    if (framework === 'fastify') every.push(...TELEMETRY_VARIANTS)
    // Keys in Postgres (the targets are on Fastify; another framework runs them when named).
    if (postgres && (framework === 'fastify' || options.variants))
      every.push(...POSTGRES_VARIANTS.filter((v) => redis || v === 'postgres'))
    // A key priced with named limits, owner windows and credits (the targets are on Fastify).
    if (framework === 'fastify' || options.variants)
      every.push(...METERING_VARIANTS.filter((v) => redis || v === 'metered'))
    // What counting outcomes costs: keyward with its counters off (the targets are on Fastify).
    if (framework === 'fastify') every.push(...ANALYTICS_VARIANTS.filter((v) => redis || v === 'analytics-off'))
    const wanted = options.variants ? every.filter((v) => options.variants!.includes(v)) : every
    log(`[http] ${framework}: starting ${wanted.join(', ')} servers`)
    const servers: ServerHandle[] = []
    try {
      for (const variant of wanted) {
        try {
          servers.push(await startServer(framework, variant))
        } catch (error) {
          log(`[http] ${framework}/${variant}: ${(error as Error).message}`)
          notes.push(`${framework}/${variant} did not start; its row is missing.`)
        }
      }
      const baseline = servers.find((s) => s.variant === 'baseline')
      const responses = new Map<Variant, string>()
      if (baseline) {
        const reference = await fetchOnce(baseline)
        for (const server of servers) {
          const snapshot = await fetchOnce(server)
          const text =
            server.variant === 'peer'
              ? `status ${snapshot.status}; headers: ${Object.keys(snapshot.headers).join(', ')}; body ${Buffer.byteLength(snapshot.body)} B`
              : server.variant === 'baseline'
                ? `status ${snapshot.status}; headers: ${Object.keys(snapshot.headers).join(', ')}; body ${Buffer.byteLength(snapshot.body)} B`
                : compareResponses(reference, snapshot)
          responses.set(server.variant, text)
          log(`[http] ${framework}/${server.variant} response: ${text}`)
        }
      }

      const load = (server: ServerHandle, seconds: number) =>
        runLoad({
          ...benchRequest(server),
          connections: options.connections,
          seconds,
          serverPid: server.pid,
          redisPid: server.redisPatterns.length > 0 ? redisPid : undefined,
          postgresPid: usesPostgres(server) ? postgres?.pid : undefined,
        })

      for (const server of servers) {
        await load(server, options.warmupSeconds)
      }
      const runs = new Map<Variant, LoadResult[]>(servers.map((s) => [s.variant, []]))
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse()
        for (const server of order) {
          const result = await load(server, options.seconds)
          runs.get(server.variant)!.push(result)
          const bad =
            result.non2xx > 0 || result.errors > 0 ? `  !! ${result.non2xx} non-2xx, ${result.errors} errors` : ''
          const redisCpu =
            (result.redisMicrosPerRequest === null ? '' : `, Redis ${result.redisMicrosPerRequest.toFixed(1)} µs/req`) +
            (result.postgresMicrosPerRequest == null
              ? ''
              : `, Postgres ${result.postgresMicrosPerRequest.toFixed(1)} µs/req`)
          log(
            `[http] ${framework} round ${round + 1}/${options.rounds} ${server.variant.padEnd(8)} ${fmt(result.requestsPerSecond).padStart(7)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  server ${result.serverCpu?.toFixed(2) ?? '?'} cores, ${result.serverMicrosPerRequest?.toFixed(1) ?? '?'} µs/req${redisCpu}${bad}`,
          )
        }
      }
      const baseRuns = runs.get('baseline') ?? []
      for (const server of servers) {
        const list = runs.get(server.variant)!
        variants.push({
          framework,
          variant: server.variant,
          runs: list,
          requestsPerSecond: median(list.map((r) => r.requestsPerSecond)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
          serverCpu: list.every((r) => r.serverCpu !== null) ? median(list.map((r) => r.serverCpu!)) : null,
          serverMicrosPerRequest: list.every((r) => r.serverMicrosPerRequest !== null)
            ? median(list.map((r) => r.serverMicrosPerRequest!))
            : null,
          redisMicrosPerRequest: list.every((r) => r.redisMicrosPerRequest !== null)
            ? median(list.map((r) => r.redisMicrosPerRequest!))
            : null,
          postgresMicrosPerRequest: list.every((r) => r.postgresMicrosPerRequest != null)
            ? median(list.map((r) => r.postgresMicrosPerRequest!))
            : null,
          badRuns: list.filter((r) => r.non2xx > 0 || r.errors > 0).length,
          roundRatios:
            baseRuns.length === list.length
              ? list.map((r, i) => r.requestsPerSecond / baseRuns[i]!.requestsPerSecond)
              : [],
          response: responses.get(server.variant) ?? '',
        })
      }

      if (admin) {
        for (const server of servers.filter((s) => s.redisPatterns.length > 0)) {
          const count = await countRedis(admin, server, options, redisPid)
          redisCounts.push(count)
          log(
            `[redis] ${framework}/${server.variant}: ${count.clientCommandsPerRequest.toFixed(3)} top-level commands and ${count.roundTripsPerRequest.toFixed(3)} round trips per request, ${count.onPathRoundTripsPerRequest.toFixed(3)} on the request's path (${Object.entries(
              count.clientCommands,
            )
              .map(([n, c]) => `${n} ${c.toFixed(3)}`)
              .join(
                ', ',
              )}); Redis ran ${count.redisExecutedPerRequest.toFixed(2)} commands/request inside and out${count.redisMicrosPerRequest === null ? '' : ` using ${count.redisMicrosPerRequest.toFixed(1)} µs of its CPU`} (commandstats µs: ${Object.entries(
              count.commandMicros,
            )
              .sort((a, b) => b[1] - a[1])
              .map(([n, us]) => `${n} ${us.toFixed(1)}`)
              .join(', ')}), over ${fmt(count.requests)} requests`,
          )
        }
      }
      if (options.redisCountSeconds > 0) {
        for (const server of servers.filter(usesPostgres)) {
          const count = await countPostgres(server, options, postgres?.pid)
          postgresCounts.push(count)
          log(
            `[postgres] ${framework}/${server.variant}: ${count.totalPerRequest.toFixed(3)} statements per request, ${count.onPathPerRequest.toFixed(3)} on the request's path (${Object.entries(
              count.statements,
            )
              .map(([n, c]) => `${n} ${c.toFixed(3)}`)
              .join(
                ', ',
              )})${count.postgresMicrosPerRequest === null ? '' : `; Postgres used ${count.postgresMicrosPerRequest.toFixed(1)} µs of CPU per request`}, over ${fmt(count.requests)} requests`,
          )
        }
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
      if (admin) {
        const deleted = await deleteKeys(
          admin,
          servers.flatMap((s) => s.redisPatterns),
        )
        if (deleted > 0) log(`[http] ${framework}: removed ${deleted} bench keys from Redis`)
      }
    }
  }
  admin?.disconnect()
  return {
    tool: loadTool(),
    redis,
    redisSkipReason: reason,
    variants,
    redisCounts,
    notes,
    ...(options.postgres ? { postgresCounts, postgresSkipReason } : {}),
  }
}
