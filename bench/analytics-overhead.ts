/**
 * What counting outcomes costs (N1): the same keyward server on Fastify with its outcome counters
 * on (`memory`, `redis`) and off (`analytics-off`, `analytics-off-redis`, `createKeyward({
 * analytics: false })`), in interleaved rounds, each round's pair compared: on stays at ≥ 0.97× off
 * on the memory store and on Redis.
 *
 * `npm run bench` reports these with the other targets. `npx tsx bench/analytics-overhead.ts
 * [rounds] [seconds]` runs only these four servers (default 6 rounds of 3 s on fastify, after
 * BENCH_WARMUP, default 2 s, of warm-up each) on a Redis of its own (or REDIS_URL), and prints the
 * targets.
 */
import { fileURLToPath } from 'node:url'
import { type HttpBenchResult, pairedTargetRow } from './http.js'
import type { Variant } from './servers/shared.js'
import { runTargetScript } from './target-script.js'

/** Counting may cost at most 3 %. */
const TARGET = 0.97

const PAIRS: readonly { on: Variant; off: Variant; store: string }[] = [
  { on: 'memory', off: 'analytics-off', store: 'memory store' },
  { on: 'redis', off: 'analytics-off-redis', store: 'Redis store' },
]

/** The servers an analytics run needs. */
export const ANALYTICS_RUN: readonly Variant[] = ['memory', 'analytics-off', 'redis', 'analytics-off-redis']

/** The targets' rows for RESULTS.md (`| target | measured | result |`), on Fastify; none for a pair that did not run. */
export function analyticsTargets(http: Pick<HttpBenchResult, 'variants'> | null): string[] {
  const variants = http?.variants ?? []
  const fastify = (variant: Variant) => variants.find((v) => v.framework === 'fastify' && v.variant === variant)
  return PAIRS.flatMap(({ on, off, store }) => {
    const counted = fastify(on)
    const uncounted = fastify(off)
    if (!counted || !uncounted || counted.runs.length !== uncounted.runs.length) return []
    const what = `fastify: analytics on ≥ ${TARGET.toFixed(2)}× analytics off, ${store}`
    return [pairedTargetRow(what, counted, uncounted, TARGET)]
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runTargetScript({
    script: 'bench/analytics-overhead.ts',
    variants: ANALYTICS_RUN,
    rows: analyticsTargets,
    redisCountSeconds: 1,
    frameworks: ['fastify'],
  })
}
