/**
 * `npm run bench:compare` (issue 6): its command line and the paired-round summary it prints.
 * The runs themselves need servers and a load generator; these are the parts that decide what a
 * run means.
 */
import { describe, expect, it } from 'vitest'
import { pairedSummary, parseCompareArgs } from '../../bench/compare.js'
import { benchConnections, intFromEnv, requireClean } from '../../bench/load.js'

describe('bench:compare command line', () => {
  it('takes a revision and defaults to Fastify on Redis, 6 rounds of 3 s', () => {
    expect(parseCompareArgs(['HEAD~1'], {})).toEqual({
      ref: 'HEAD~1',
      framework: 'fastify',
      variants: ['redis'],
      rounds: 6,
      seconds: 3,
      connections: 50,
      warmupSeconds: 1,
    })
    expect(parseCompareArgs(['v0.1.0', 'hono', 'memory, redis,chain', '8', '2'], {})).toEqual({
      ref: 'v0.1.0',
      framework: 'hono',
      variants: ['memory', 'redis', 'chain'],
      rounds: 8,
      seconds: 2,
      connections: 50,
      warmupSeconds: 1,
    })
  })

  it('loads with BENCH_CONNECTIONS connections, as npm run bench, bench:perf and bench:profile do', () => {
    expect(parseCompareArgs(['HEAD'], { BENCH_CONNECTIONS: '100' }).connections).toBe(100)
    expect(parseCompareArgs(['HEAD'], { BENCH_WARMUP: '3' }).warmupSeconds).toBe(3)
    expect(() => parseCompareArgs(['HEAD'], { BENCH_WARMUP: '1s' })).toThrow(
      'BENCH_WARMUP must be a positive integer (got 1s)',
    )
    expect(benchConnections({})).toBe(50)
    expect(benchConnections({ BENCH_CONNECTIONS: '' })).toBe(50)
    expect(benchConnections({ BENCH_CONNECTIONS: '8' })).toBe(8)
    expect(() => parseCompareArgs(['HEAD'], { BENCH_CONNECTIONS: '0' })).toThrow(
      'BENCH_CONNECTIONS must be a positive integer (got 0)',
    )
    expect(() => benchConnections({ BENCH_CONNECTIONS: '50x' })).toThrow(
      'BENCH_CONNECTIONS must be a positive integer (got 50x)',
    )
    expect(() => intFromEnv('BENCH_ROUNDS', 10, { BENCH_ROUNDS: '2.5' })).toThrow(
      'BENCH_ROUNDS must be a positive integer (got 2.5)',
    )
    expect(intFromEnv('BENCH_ROUNDS', 10, {})).toBe(10)
  })

  it('refuses a missing revision, an unknown framework, variants that are not keyward, and counts that cannot pair', () => {
    expect(() => parseCompareArgs([])).toThrow(
      /^bench:compare: a git revision to compare with is required \(usage: npm run bench:compare/,
    )
    expect(() => parseCompareArgs(['HEAD', 'koa'])).toThrow(
      'bench:compare: koa is not a framework (one of express, fastify, hono)',
    )
    expect(() => parseCompareArgs(['HEAD', 'fastify', 'redis,peer'])).toThrow(
      'bench:compare: peer is not a keyward variant (one of memory, redis, chain, postgres, postgres-redis, postgres-cache, metered, metered-redis)',
    )
    expect(() => parseCompareArgs(['HEAD', 'fastify', 'baseline'])).toThrow(
      /^bench:compare: baseline is not a keyward variant/,
    )
    expect(() => parseCompareArgs(['HEAD', 'fastify', 'redis', '1'])).toThrow(
      'bench:compare: rounds must be an integer of at least 2 (got 1)',
    )
    expect(() => parseCompareArgs(['HEAD', 'fastify', 'redis', '6', '0.5'])).toThrow(
      'bench:compare: seconds must be a positive integer (got 0.5)',
    )
  })
})

describe('bench:compare paired summary', () => {
  it('is the median of per-round ratios, not the ratio of medians, with their range', () => {
    // Round 3 ran on a slow machine for both sides: its ratio is still 1.1.
    const reference = [100, 100, 50, 100, 100]
    const current = [110, 105, 55, 120, 90]
    expect(pairedSummary(reference, current)).toEqual({ median: 1.1, min: 0.9, max: 1.2 })
  })

  it('inverts the ratio for a figure where lower is better (CPU µs per request)', () => {
    const summary = pairedSummary([22, 24, 20], [20, 20, 20], false)
    expect(summary.median).toBeCloseTo(1.1, 10)
    expect(summary.min).toBeCloseTo(1, 10)
    expect(summary.max).toBeCloseTo(1.2, 10)
  })

  it('refuses rounds that do not pair up', () => {
    expect(() => pairedSummary([1, 2], [1])).toThrow('bench:compare: 2 reference rounds against 1')
    expect(() => pairedSummary([], [])).toThrow('bench:compare: 0 reference rounds against 0')
  })
})

describe('bench:compare and bench:perf refuse a load run with failures', () => {
  const run = {
    requests: 1000,
    seconds: 1,
    requestsPerSecond: 1000,
    p50: 1,
    p99: 2,
    non2xx: 0,
    errors: 0,
    serverCpu: null,
    serverMicrosPerRequest: null,
    redisMicrosPerRequest: null,
  }
  it('passes a clean run through and names the server of a run with non-2xx responses or socket errors', () => {
    expect(requireClean(run, 'fastify/redis')).toBe(run)
    expect(() => requireClean({ ...run, non2xx: 3 }, 'fastify/redis (this checkout)')).toThrow(
      'fastify/redis (this checkout): 3 non-2xx responses and 0 errors under load',
    )
    expect(() => requireClean({ ...run, errors: 1 }, 'hono/memory')).toThrow(
      'hono/memory: 0 non-2xx responses and 1 errors under load',
    )
  })
})
