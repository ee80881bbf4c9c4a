/**
 * The analytics overhead targets `npm run bench` reports (issue 41, N1): on Fastify, keyward with
 * its outcome counters on at ≥ 0.97× the same server with them off, on the memory store and on
 * Redis, each a median of per-round ratios (on over off, round by round) with their range.
 */
import { describe, expect, it } from 'vitest'
import { analyticsTargets } from '../../bench/analytics-overhead.js'
import { run, variant } from './support/results.js'

describe('analytics overhead targets', () => {
  const off = variant('analytics-off', [run(10_000, 20), run(5_000, 20), run(10_000, 20)])
  const on = variant('memory', [run(9_800, 20), run(4_950, 21), run(9_600, 20)])
  const offRedis = variant('analytics-off-redis', [run(8_000, 30), run(6_000, 30), run(8_000, 30)])
  const onRedis = variant('redis', [run(7_600, 30), run(5_940, 30), run(7_840, 31)])

  it('pairs each round of counters on with the round of counters off and gives the median, the range and a verdict', () => {
    const rows = analyticsTargets({ variants: [off, on, offRedis, onRedis] })
    expect(rows).toHaveLength(2)
    // Memory: 0.98, 0.99, 0.96 → median 0.98 ≥ 0.97; by CPU 20/20, 20/21, 20/20 → 1.00.
    expect(rows[0]).toContain(
      'analytics on ≥ 0.97× analytics off, memory store | 0.98× (0.96–0.99) req/s, median of 3 paired rounds',
    )
    expect(rows[0]).toMatch(/\| PASS \|$/)
    // Redis: 0.95, 0.99, 0.98 → median 0.98, but by CPU 30/30, 30/30, 30/31 → 1.00 median: PASS.
    expect(rows[1]).toContain('Redis store | 0.98× (0.95–0.99) req/s')
    expect(rows[1]).toMatch(/\| PASS \|$/)
  })

  it('misses below 0.97×, and leaves out a pair that did not run', () => {
    const slow = variant('memory', [run(9_000, 22), run(4_500, 22), run(9_500, 22)])
    const rows = analyticsTargets({ variants: [off, slow, onRedis] })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatch(/0\.90× \(0\.90–0\.95\) req\/s.*\| MISS \|$/)
    expect(analyticsTargets({ variants: [on, onRedis] })).toEqual([])
    expect(analyticsTargets(null)).toEqual([])
  })
})
