/**
 * The metering targets `npm run bench` reports (issue 40, M1/M4/P1): on Fastify, a key with three
 * named limits and its owner's windows at ≥ 0.95× the identical-response baseline on the memory
 * store and ≥ 0.85× on Redis, each a median of per-round ratios with their range, and the Redis
 * round trips on the request's path.
 */
import { describe, expect, it } from 'vitest'
import type { RedisCount } from '../../bench/http.js'
import { meteringTargets } from '../../bench/metering.js'
import { run, variant } from './support/results.js'

const redisCount = (onPath: number): RedisCount => ({
  framework: 'fastify',
  variant: 'metered-redis',
  requests: 20_000,
  clientCommands: { 'evalsha authorize-batch': onPath },
  clientCommandsPerRequest: onPath,
  roundTripsPerRequest: onPath,
  onPathRoundTripsPerRequest: onPath,
  commandstats: {},
  commandMicros: {},
  redisExecutedPerRequest: 4,
  redisMicrosPerRequest: 12.3,
})

describe('metering targets', () => {
  const baseline = variant('baseline', [run(10_000, 20), run(5_000, 20), run(10_000, 20)])
  const memory = variant('metered', [run(9_700, 21), run(4_600, 21), run(9_800, 20)])
  const redis = variant('metered-redis', [run(8_000, 30), run(4_500, 24), run(9_000, 23)])

  it('pairs each round with the baseline run of the same round and gives the median, the range and a verdict', () => {
    const rows = meteringTargets({ variants: [baseline, memory, redis], redisCounts: [redisCount(0.09)] })
    expect(rows).toHaveLength(3)
    // Memory: 0.97, 0.92, 0.98 → median 0.97 ≥ 0.95; by CPU 20/21, 20/21, 20/20.
    expect(rows[0]).toContain('memory store ≥ 0.95× baseline | 0.97× (0.92–0.98) req/s, median of 3 paired rounds')
    expect(rows[0]).toMatch(/\| PASS \|$/)
    // Redis: 0.80, 0.90, 0.90 → median 0.90 ≥ 0.85, but by CPU 20/30, 20/24, 20/23 → 0.83.
    expect(rows[1]).toContain('Redis store ≥ 0.85× baseline | 0.90× (0.80–0.90) req/s')
    expect(rows[1]).toMatch(/MISS \(by requests\/s only; by CPU 0\.83×\) \|$/)
    expect(rows[2]).toBe(
      '| fastify: metered key on Redis, ≤ 1 round trip per request on its path | 0.090 (evalsha authorize-batch 0.090) | PASS |',
    )
  })

  it('misses the round-trip target above one round trip per request, and leaves out servers that did not run', () => {
    const rows = meteringTargets({ variants: [baseline, redis], redisCounts: [redisCount(1.5)] })
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain('Redis store')
    expect(rows[1]).toMatch(/\| 1\.500 .*\| MISS \|$/)
    expect(meteringTargets({ variants: [memory, redis], redisCounts: [] })).toEqual([])
    expect(meteringTargets(null)).toEqual([])
  })
})
