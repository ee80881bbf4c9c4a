/**
 * A key priced as a real API prices one, on Fastify: three named limits of its own (10 s, minute,
 * month), credits and its owner's windows, decided together on every request. On the memory store
 * (`metered`) it stays at ≥ 0.95× the identical-response baseline; on Redis (`metered-redis`) at
 * ≥ 0.85× and at one Redis round trip per request on the request's path.
 *
 * `npm run bench` reports these with the other targets. `npx tsx bench/metering.ts [rounds]
 * [seconds] [frameworks]` runs only the baseline and the metered servers (default 6 rounds of 3 s
 * on fastify, after BENCH_WARMUP, default 2 s, of warm-up each) on a Redis of its own (or
 * REDIS_URL), and prints the targets.
 */
import { fileURLToPath } from 'node:url'
import { type HttpBenchResult, pairedTargetRow } from './http.js'
import type { Variant } from './servers/shared.js'
import { runTargetScript } from './target-script.js'

const TARGETS: readonly { variant: Variant; what: string; target: number }[] = [
  { variant: 'metered', what: '3 named limits + credits + owner windows, memory store', target: 0.95 },
  { variant: 'metered-redis', what: '3 named limits + credits + owner windows, Redis store', target: 0.85 },
]

/** The servers a metering run needs. */
export const METERING_RUN: readonly Variant[] = ['baseline', 'metered', 'metered-redis']

/** The targets' rows for RESULTS.md (`| target | measured | result |`), on Fastify; none when a server is missing. */
export function meteringTargets(http: Pick<HttpBenchResult, 'variants' | 'redisCounts'> | null): string[] {
  const variants = http?.variants ?? []
  const base = variants.find((v) => v.framework === 'fastify' && v.variant === 'baseline')
  if (!base) return []
  const rows = TARGETS.flatMap(({ variant, what, target }) => {
    const measured = variants.find((v) => v.framework === 'fastify' && v.variant === variant)
    if (!measured || measured.runs.length !== base.runs.length) return []
    return [pairedTargetRow(`fastify: ${what} ≥ ${target.toFixed(2)}× baseline`, measured, base, target)]
  })
  const count = http?.redisCounts.find((c) => c.framework === 'fastify' && c.variant === 'metered-redis')
  if (count) {
    const onPath = count.onPathRoundTripsPerRequest
    rows.push(
      `| fastify: metered key on Redis, ≤ 1 round trip per request on its path | ${onPath.toFixed(3)} (${Object.entries(
        count.clientCommands,
      )
        .map(([name, n]) => `${name} ${n.toFixed(3)}`)
        .join(', ')}) | ${onPath <= 1.0005 ? 'PASS' : 'MISS'} |`,
    )
  }
  return rows
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runTargetScript({
    script: 'bench/metering.ts',
    variants: METERING_RUN,
    rows: meteringTargets,
    redisCountSeconds: 2,
  })
}
