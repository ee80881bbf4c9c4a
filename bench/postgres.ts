/**
 * Keys in Postgres (S4), on Fastify: keyward with the Postgres stores and the memory limiter
 * (`postgres`) stays at ≥ 0.60× the identical-response baseline, and with the Redis limiter
 * (`postgres-redis`) at ≥ 0.50×, and with the key records cached in Redis (`postgres-cache`, S9)
 * at ≥ 0.85× the baseline and ≥ 0.95× the Redis store alone, by requests a second (the median of
 * per-round ratios) and by server CPU per request. With them: Postgres statements and Redis commands per request, on the
 * request's path and off it, and the Postgres cluster's CPU per request.
 *
 * `npm run bench` reports these with the other targets. `npx tsx bench/postgres.ts [rounds]
 * [seconds] [frameworks]` runs only the baseline, the Redis store and the Postgres servers (default 6 rounds of
 * 3 s on fastify, after BENCH_WARMUP, default 2 s, of warm-up each) on a Postgres and a Redis of
 * its own (or DATABASE_URL and REDIS_URL), and prints the targets and the counts.
 */
import { fileURLToPath } from 'node:url'
import { ensureBenchBuild } from './build.js'
import { benchHttp, type HttpBenchResult, pairedTargetRow } from './http.js'
import { loadTool } from './load.js'
import { benchPostgres } from './postgres-server.js'
import { targetRunSettings } from './process.js'
import { benchRedis } from './redis-server.js'
import type { Variant } from './servers/shared.js'

const TARGETS: readonly { variant: Variant; what: string; target: number; versus: Variant }[] = [
  { variant: 'postgres', what: 'Postgres keys + memory limiter', target: 0.6, versus: 'baseline' },
  { variant: 'postgres-redis', what: 'Postgres keys + Redis limiter', target: 0.5, versus: 'baseline' },
  // S9: a warm cache is the Redis store's own hot path.
  { variant: 'postgres-cache', what: 'Postgres keys cached in Redis', target: 0.85, versus: 'baseline' },
  { variant: 'postgres-cache', what: 'Postgres keys cached in Redis', target: 0.95, versus: 'redis' },
]

const VERSUS: Partial<Record<Variant, string>> = { baseline: 'baseline', redis: 'the Redis store' }

/** The servers a Postgres run needs. */
export const POSTGRES_RUN: readonly Variant[] = ['baseline', 'redis', 'postgres', 'postgres-redis', 'postgres-cache']

/** The targets' rows for RESULTS.md (`| target | measured | result |`), on Fastify; none when a server is missing. */
export function postgresTargets(
  http: Pick<HttpBenchResult, 'variants' | 'postgresCounts' | 'redisCounts'> | null,
): string[] {
  const variants = http?.variants ?? []
  return TARGETS.flatMap(({ variant, what, target, versus }) => {
    const base = variants.find((v) => v.framework === 'fastify' && v.variant === versus)
    const measured = variants.find((v) => v.framework === 'fastify' && v.variant === variant)
    if (!base || !measured || measured.runs.length !== base.runs.length) return []
    const postgres = http?.postgresCounts?.find((c) => c.framework === 'fastify' && c.variant === variant)
    const redis = http?.redisCounts.find((c) => c.framework === 'fastify' && c.variant === variant)
    const trips = postgres
      ? `; round trips on the request's path: Postgres ${postgres.onPathPerRequest.toFixed(3)}${redis ? `, Redis ${redis.onPathRoundTripsPerRequest.toFixed(3)}` : ''}`
      : ''
    const postgresCpu =
      measured.postgresMicrosPerRequest == null
        ? ''
        : `; Postgres CPU ${measured.postgresMicrosPerRequest.toFixed(1)} µs/request`
    const row = `fastify: ${what} ≥ ${target.toFixed(2)}× ${VERSUS[versus]}`
    return [pairedTargetRow(row, measured, base, target, `${trips}${postgresCpu}`)]
  })
}

/** RESULTS.md's section on the Postgres rows: statements and commands per request, and CPU. */
export function postgresSection(http: HttpBenchResult | null): string[] {
  if (!http || http.postgresCounts === undefined) return []
  const lines = ['## Keys in Postgres: round trips and CPU per request', '']
  if (http.postgresSkipReason) return [...lines, `Skipped: ${http.postgresSkipReason}.`, '']
  lines.push(
    '| server | requests counted | Postgres statements / request: on the request path (all) | Redis commands / request: on the path (all) | Postgres CPU µs / request | Redis CPU µs / request |',
    '|---|---|---|---|---|---|',
  )
  for (const count of http.postgresCounts) {
    const redis = http.redisCounts.find((c) => c.framework === count.framework && c.variant === count.variant)
    const statements = Object.entries(count.statements)
      .map(([kind, n]) => `${kind} ${n.toFixed(3)}`)
      .join(', ')
    const commands = redis
      ? `${redis.onPathRoundTripsPerRequest.toFixed(3)} (${Object.entries(redis.clientCommands)
          .map(([n, c]) => `${n} ${c.toFixed(3)}`)
          .join(', ')})`
      : '—'
    lines.push(
      `| ${count.framework} ${count.variant} | ${Math.round(count.requests).toLocaleString('en-US')} | ${count.onPathPerRequest.toFixed(3)} (${statements}) | ${commands} | ${count.postgresMicrosPerRequest?.toFixed(1) ?? '—'} | ${redis?.redisMicrosPerRequest?.toFixed(1) ?? '—'} |`,
    )
  }
  lines.push(
    '',
    "Statements are counted by a wrapper around the server's pool: each is one round trip (a named prepared statement, parsed once per connection). `select keys` is the request's lookup; `insert usage` is the batched usage log and `update keys` the `lastUsedAt` writer (once a second), both off the request's path. Postgres CPU is the private cluster's postmaster and backends (user + system time from /proc) over the count, divided by requests served. With the Redis limiter, the limiter's calls of one event-loop turn (the failed-authentication guard's peeks and the keys' consumes) share one `limit-batch` script call.",
    '',
  )
  return lines
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rounds, seconds, frameworks, warmupSeconds, connections } = targetRunSettings('bench/postgres.ts')
  await ensureBenchBuild(console.log)
  const redis = await benchRedis()
  const postgres = await benchPostgres()
  console.log(
    `bench/postgres.ts: ${frameworks.join(', ')} ${POSTGRES_RUN.join(', ')}, ${rounds} rounds of ${seconds} s under ${loadTool()}, ${connections} connections`,
  )
  console.log(
    `Redis: ${redis.description}; Postgres: ${'skip' in postgres ? `none (${postgres.skip})` : postgres.description}`,
  )
  try {
    const http = await benchHttp({
      rounds,
      seconds,
      warmupSeconds,
      connections,
      redisCountSeconds: 2,
      frameworks,
      variants: POSTGRES_RUN,
      postgres,
      log: console.log,
    })
    console.log(
      [
        '',
        '| target | measured | result |',
        '|---|---|---|',
        ...postgresTargets(http),
        '',
        ...postgresSection(http),
      ].join('\n'),
    )
  } finally {
    if (!('skip' in postgres)) await postgres.stop()
    await redis.stop()
  }
  process.exit(0)
}
