/**
 * Core decisions per second on memory stores (no HTTP), side by side with baselines of the bare
 * work every API-key check must do. Runs are interleaved (baseline, keyward, baseline, …) and
 * each figure is a median, so a noisy shared machine moves all alike and the ratios stay
 * meaningful.
 *
 * - `bare`: the work any check conforming to the key format must do: read the Bearer header,
 *   parse the key (K1) and verify its checksum (K2), hash it with Node's fastest one-shot sha256,
 *   look the hash up in a Map of the same size as keyward's store.
 * - `minimal`: the same without the key parse, the least any bearer check can do.
 */
import { hash } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import type * as Keyward from '../src/index.js'
import type { RequestView } from '../src/core/types.js'
import { BENCH_DIST, ensureBenchBuild } from './build.js'

export interface CoreBenchResult {
  keywardPerSecond: number
  barePerSecond: number
  minimalPerSecond: number
  /** keyward / bare */
  ratio: number
  /** keyward / minimal */
  minimalRatio: number
  runs: number
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function rate(run: () => void, ms: number): number {
  let n = 0
  const started = performance.now()
  let elapsed = 0
  while (elapsed < ms) {
    for (let i = 0; i < 1000; i++) run()
    n += 1000
    elapsed = performance.now() - started
  }
  return (n / elapsed) * 1000
}

export async function benchCore(options: { runs?: number; msPerRun?: number } = {}): Promise<CoreBenchResult> {
  const runs = options.runs ?? 7
  const msPerRun = options.msPerRun ?? 400
  // The bundle the HTTP servers load, as published: run from the sources through tsx, every
  // function expression made per request would pay a __name() call the package does not.
  await ensureBenchBuild()
  const { checkKey, createKeyward, createMemoryStores }: typeof Keyward = await import(
    pathToFileURL(`${BENCH_DIST}index.js`).href
  )
  // A limit no run can reach, so every decision is a full, admitted, consuming one; as the HTTP
  // servers' (PER_MINUTE), below 2^30, so the counts in the headers are small integers to V8, as
  // every real limit's are. Above it each X-RateLimit-Remaining is a double printed the slow way
  // (about 7% fewer decisions a second with 1e12), a cost no real key pays.
  const keyward = createKeyward({ stores: createMemoryStores(), limits: { live: { perMinute: 1_000_000_000 } } })
  const { key } = await keyward.keys.create({
    name: 'bench',
    ownerId: 'org_bench',
    meta: { plan: 'pro', accountRef: 'A-1042' },
    scopes: ['ip'],
  })
  for (let i = 0; i < 999; i++) await keyward.keys.create({ name: `filler ${i}` })
  const view: RequestView = {
    authorization: `Bearer ${key}`,
    method: 'GET',
    path: '/api/v1/ip/lookup',
    ip: '127.0.0.1',
  }

  const table = new Map<string, { id: string }>()
  table.set(hash('sha256', key, 'hex'), { id: 'x' })
  // The same number of entries as keyward's store, so both Map lookups cost the same.
  for (let i = 0; i < 999; i++) table.set(hash('sha256', `filler ${i}`, 'hex'), { id: `f${i}` })
  const header = `Bearer ${key}`
  let sink = 0
  const minimal = () => {
    if (!header.startsWith('Bearer ')) throw new Error('unreachable')
    if (table.get(hash('sha256', header.slice(7), 'hex')) !== undefined) sink++
  }
  const bare = () => {
    if (!header.startsWith('Bearer ')) throw new Error('unreachable')
    const token = header.slice(7)
    if (checkKey(token) !== 'live') throw new Error('unreachable')
    if (table.get(hash('sha256', token, 'hex')) !== undefined) sink++
  }
  const decision = () => {
    const d = keyward.authenticate(view)
    if ((d as { ok?: boolean }).ok === true) sink++
    else throw new Error('bench key was refused')
  }
  for (const warm of [minimal, bare, decision]) rate(warm, 200)
  const results = { minimal: [] as number[], bare: [] as number[], keyward: [] as number[] }
  for (let i = 0; i < runs; i++) {
    results.bare.push(rate(bare, msPerRun))
    results.keyward.push(rate(decision, msPerRun))
    results.minimal.push(rate(minimal, msPerRun))
  }
  if (sink === 0) throw new Error('nothing ran')
  const keywardPerSecond = median(results.keyward)
  const barePerSecond = median(results.bare)
  const minimalPerSecond = median(results.minimal)
  return {
    keywardPerSecond,
    barePerSecond,
    minimalPerSecond,
    ratio: keywardPerSecond / barePerSecond,
    minimalRatio: keywardPerSecond / minimalPerSecond,
    runs,
  }
}

export function formatCore(r: CoreBenchResult): string {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
  return (
    `core: ${fmt(r.keywardPerSecond)} decisions/s for a valid live key on memory stores (target ≥ 250,000); ` +
    `bare baseline (header + K1/K2 parse + sha256 + Map) ${fmt(r.barePerSecond)}/s, ratio ${r.ratio.toFixed(2)} (target ≥ 0.50); ` +
    `minimal baseline (header + sha256 + Map) ${fmt(r.minimalPerSecond)}/s, ratio ${r.minimalRatio.toFixed(2)}; median of ${r.runs} interleaved runs`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatCore(await benchCore()))
}
