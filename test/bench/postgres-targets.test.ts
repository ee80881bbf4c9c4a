/**
 * The Postgres targets `npm run bench` reports (issue 31): on Fastify, keys in Postgres with the
 * memory limiter ≥ 0.60× the identical-response baseline and with the Redis limiter ≥ 0.50×, each
 * a median of per-round ratios by requests/s and by server CPU per request, with the round trips
 * on the request's path and Postgres CPU per request beside them (S4).
 */
import { describe, expect, it } from 'vitest'
import type { PostgresCount, RedisCount } from '../../bench/http.js'
import { postgresSection, postgresTargets } from '../../bench/postgres.js'
import type { Variant } from '../../bench/servers/shared.js'
import { run, variant } from './support/results.js'

const postgresCount = (name: Variant): PostgresCount => ({
  framework: 'fastify',
  variant: name,
  requests: 20_000,
  statements: { 'select keys': 1, 'insert usage': 0.02, 'update keys': 0.0001 },
  onPathPerRequest: 1,
  totalPerRequest: 1.0201,
  postgresMicrosPerRequest: 41.5,
})

const redisCount: RedisCount = {
  framework: 'fastify',
  variant: 'postgres-redis',
  requests: 20_000,
  clientCommands: { 'evalsha limit': 2 },
  clientCommandsPerRequest: 2,
  roundTripsPerRequest: 2,
  onPathRoundTripsPerRequest: 2,
  commandstats: {},
  commandMicros: {},
  redisExecutedPerRequest: 2,
  redisMicrosPerRequest: 12.3,
}

describe('Postgres targets (S4)', () => {
  const baseline = variant('baseline', [run(10_000, 20), run(5_000, 20), run(10_000, 20)])
  const memory = variant('postgres', [run(7_000, 30), run(3_500, 31), run(5_000, 32)], 41.5)
  const redis = variant('postgres-redis', [run(5_000, 40), run(2_000, 42), run(6_000, 41)], 55)

  it('pairs each round with the baseline run of the same round, and gives the round trips and Postgres CPU with the verdict', () => {
    const [memoryRow, redisRow] = postgresTargets({
      variants: [baseline, memory, redis],
      postgresCounts: [postgresCount('postgres'), postgresCount('postgres-redis')],
      redisCounts: [redisCount],
    })
    // 0.70, 0.70, 0.50 by req/s; 20/30, 20/31, 20/32 by CPU.
    expect(memoryRow).toBe(
      "| fastify: Postgres keys + memory limiter ≥ 0.60× baseline | 0.70× (0.50–0.70) req/s, median of 3 paired rounds (range); by server CPU per request 0.65× (0.63–0.67); round trips on the request's path: Postgres 1.000; Postgres CPU 41.5 µs/request | PASS |",
    )
    // 0.50, 0.40, 0.60 by req/s; 0.50, 0.48, 0.49 by CPU.
    expect(redisRow).toMatch(
      /^\| fastify: Postgres keys \+ Redis limiter ≥ 0\.50× baseline \| 0\.50× \(0\.40–0\.60\) req\/s.*by server CPU per request 0\.49× \(0\.48–0\.50\); round trips on the request's path: Postgres 1\.000, Redis 2\.000; Postgres CPU 55\.0 µs\/request \| MISS \(by requests\/s only; by CPU 0\.49×\) \|$/,
    )
  })

  it('S9: the cached variant is paired with the baseline and with the Redis store alone, each with its own target', () => {
    const redisStore = variant('redis', [run(9_000, 22), run(4_000, 22), run(9_000, 22)])
    const cached = variant('postgres-cache', [run(8_800, 22), run(4_200, 22), run(8_000, 23)])
    const rows = postgresTargets({ variants: [baseline, redisStore, cached], redisCounts: [] })
    // 0.88, 0.84, 0.80 against the baseline; 0.98, 1.05, 0.89 against the Redis store.
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(
      /^\| fastify: Postgres keys cached in Redis ≥ 0\.85× baseline \| 0\.84× \(0\.80–0\.88\) req\/s/,
    )
    expect(rows[1]).toMatch(
      /^\| fastify: Postgres keys cached in Redis ≥ 0\.95× the Redis store \| 0\.98× \(0\.89–1\.05\) req\/s/,
    )
  })

  it('reports nothing without the Fastify baseline, and leaves out a server whose rounds do not pair', () => {
    expect(postgresTargets({ variants: [memory], redisCounts: [] })).toEqual([])
    expect(postgresTargets(null)).toEqual([])
    const rows = postgresTargets({ variants: [baseline, variant('postgres', [run(1, 1)]), redis], redisCounts: [] })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('Postgres keys + Redis limiter')
  })

  it("RESULTS.md's section lists statements and commands per request, on the path and in all, or why the rows were skipped", () => {
    const http = {
      tool: 'wrk',
      redis: true,
      redisSkipReason: null,
      variants: [],
      notes: [],
      redisCounts: [redisCount],
      postgresCounts: [postgresCount('postgres-redis')],
      postgresSkipReason: null,
    }
    const section = postgresSection(http)
    expect(section[0]).toBe('## Keys in Postgres: round trips and CPU per request')
    expect(section).toContain(
      '| fastify postgres-redis | 20,000 | 1.000 (select keys 1.000, insert usage 0.020, update keys 0.000) | 2.000 (evalsha limit 2.000) | 41.5 | 12.3 |',
    )
    expect(postgresSection({ ...http, postgresCounts: [], postgresSkipReason: 'initdb was not found' })).toEqual([
      '## Keys in Postgres: round trips and CPU per request',
      '',
      'Skipped: initdb was not found.',
      '',
    ])
    expect(postgresSection({ ...http, postgresCounts: undefined })).toEqual([])
  })
})
