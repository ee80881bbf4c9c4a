/**
 * The bench commands' settings (issue 6): `npm run bench`, bench:compare, bench:perf and
 * bench:profile read their arguments and BENCH_* variables the same way, and a misspelt one stops
 * the command before it runs anything, with a one-line message and exit status 2, instead of a
 * quiet gap in the results (a framework left out) or a stack trace.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { chooseLoadTool, integerFrom, namesFrom, oneOf } from '../../bench/load.js'
import { frameworksFrom } from '../../bench/process.js'

describe('bench settings', () => {
  it('reads whole numbers, falling back when unset or empty, and names the source of a bad one', () => {
    expect(integerFrom(undefined, 8, 'bench:perf: seconds')).toBe(8)
    expect(integerFrom(' ', 8, 'bench:perf: seconds')).toBe(8)
    expect(integerFrom('3', 8, 'bench:perf: seconds')).toBe(3)
    expect(() => integerFrom('0', 8, 'bench:perf: seconds')).toThrow(
      'bench:perf: seconds must be a positive integer (got 0)',
    )
    expect(() => integerFrom('8s', 8, 'bench:profile: seconds')).toThrow(
      'bench:profile: seconds must be a positive integer (got 8s)',
    )
    expect(integerFrom('0', 5, 'BENCH_RSS_KEYS', 0)).toBe(0)
    expect(() => integerFrom('-1', 5, 'BENCH_RSS_KEYS', 0)).toThrow(
      'BENCH_RSS_KEYS must be an integer of at least 0 (got -1)',
    )
  })

  it('reads a list of names: trimmed, empty items and repeats dropped, all of them when none is named', () => {
    expect(frameworksFrom(undefined, 'BENCH_FRAMEWORKS')).toEqual(['express', 'fastify', 'hono'])
    expect(frameworksFrom('', 'BENCH_FRAMEWORKS')).toEqual(['express', 'fastify', 'hono'])
    expect(frameworksFrom(' hono, fastify,,hono ', 'BENCH_FRAMEWORKS')).toEqual(['hono', 'fastify'])
    expect(namesFrom(undefined, ['a', 'b', 'c'] as const, 'X', 'letter', ['b'])).toEqual(['b'])
  })

  it('refuses a misspelt name instead of leaving it out of the run', () => {
    expect(() => frameworksFrom('fastify,fastfy', 'BENCH_FRAMEWORKS')).toThrow(
      'BENCH_FRAMEWORKS: fastfy is not a framework (one of express, fastify, hono)',
    )
    expect(() => oneOf('', ['wrk', 'autocannon'], 'BENCH_TOOL', 'load tool')).toThrow(
      'BENCH_TOOL: (empty) is not a load tool (one of wrk, autocannon)',
    )
  })

  it('picks wrk when installed, else autocannon, and refuses a BENCH_TOOL it cannot honour', () => {
    expect(chooseLoadTool(undefined, () => true)).toBe('wrk')
    expect(chooseLoadTool('', () => false)).toBe('autocannon')
    expect(chooseLoadTool('autocannon', () => true)).toBe('autocannon')
    expect(chooseLoadTool(' wrk ', () => true)).toBe('wrk')
    expect(() => chooseLoadTool('wrk', () => false)).toThrow(
      /^BENCH_TOOL: wrk is not installed \(apt-get install wrk\)/,
    )
    expect(() => chooseLoadTool('ab', () => true)).toThrow('BENCH_TOOL: ab is not a load tool (one of wrk, autocannon)')
  })
})

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Runs a bench command as `npm run` would (tsx), with `env` on top of this process's. */
function bench(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, BENCH_PIN: '0', ...env },
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('bench commands stop on a bad setting before running anything', () => {
  it.each([
    [
      'npm run bench',
      'bench/run.ts',
      [],
      { BENCH_FRAMEWORKS: 'fastfy' },
      'BENCH_FRAMEWORKS: fastfy is not a framework (one of express, fastify, hono)',
    ],
    [
      'npm run bench',
      'bench/run.ts',
      [],
      { BENCH_RSS_KEYS: '1e6,many' },
      'BENCH_RSS_KEYS must be an integer of at least 0 (got many)',
    ],
    [
      'bench:perf',
      'bench/perf.ts',
      ['fastify', '2'],
      { BENCH_PERF_VARIANTS: 'redis,peers' },
      'BENCH_PERF_VARIANTS: peers is not a variant (one of baseline, memory, redis, peer, chain, postgres, postgres-redis, postgres-cache, metered, metered-redis)',
    ],
    [
      'bench:profile',
      'bench/profile.ts',
      ['fastify', 'ten'],
      {},
      'bench:profile: seconds must be a positive integer (got ten)',
    ],
    [
      'bench:profile',
      'bench/profile.ts',
      ['express,koa'],
      {},
      'bench:profile: framework: koa is not a framework (one of express, fastify, hono)',
    ],
    [
      'bench:compare',
      'bench/compare.ts',
      ['HEAD', 'fastify', 'redis', '6', '3'],
      { BENCH_TOOL: 'ab' },
      'BENCH_TOOL: ab is not a load tool (one of wrk, autocannon)',
    ],
  ] as const)('%s (%s %j, %j)', (_name, script, args, env, message) => {
    const { status, stdout, stderr } = bench(script, [...args], env)
    expect(stderr.trim()).toBe(message)
    expect(status).toBe(2)
    // Nothing ran: no stage, build or load line was printed.
    expect(stdout).toBe('')
  })
})
