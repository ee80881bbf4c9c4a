/**
 * `npm run bench:fetch` reads its arguments as the other bench commands do (issue 6): defaults when
 * unset, a misspelt runtime or store refused before anything runs. And its table shows the paired
 * ratio with its range and the 0.90× verdict, by requests a second and by CPU per request.
 */
import { describe, expect, it } from 'vitest'
import { benchFetch, formatFetch, parseFetchArgs } from '../../bench/fetch.js'
import { pairedSummary } from '../../bench/compare.js'

describe('bench:fetch settings', () => {
  it('defaults to Node and Bun, 6 rounds of 3 s, the memory store', () => {
    expect(parseFetchArgs([], {})).toMatchObject({ runtimes: ['node', 'bun'], rounds: 6, seconds: 3, store: 'memory' })
    expect(parseFetchArgs(['bun', '4', '2', 'redis'], {})).toMatchObject({
      runtimes: ['bun'],
      rounds: 4,
      seconds: 2,
      store: 'redis',
    })
  })

  it('refuses a misspelt runtime or store, naming it', () => {
    expect(() => parseFetchArgs(['deno'], {})).toThrow('bench:fetch: deno is not a runtime (one of node, bun)')
    expect(() => parseFetchArgs(['node', '2', '2', 'postgres'], {})).toThrow('bench:fetch: postgres is not a store')
    expect(() => parseFetchArgs(['node', '1'], {})).toThrow('bench:fetch: rounds')
  })

  it('writes each runtime with its paired ratio, range and verdict', () => {
    const side = (rps: number[], cpu: number[]) => ({ requestsPerSecond: rps, cpu })
    const baseline = side([100, 120], [10, 10])
    const keyward = side([95, 100], [11, 12])
    const [, , row] = formatFetch(
      [
        {
          runtime: 'bun',
          baseline,
          keyward,
          rate: pairedSummary(baseline.requestsPerSecond, keyward.requestsPerSecond),
          cpu: pairedSummary(baseline.cpu, keyward.cpu, false),
        },
      ],
      'memory',
    )
    expect(row).toBe('| Bun.serve | 110 | 98 | 0.892× (0.83–0.95) | 10.0 | 11.5 | 0.871× (0.83–0.91) | MISS |')
    expect(typeof benchFetch).toBe('function')
  })
})
