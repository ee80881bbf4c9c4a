/**
 * Core decisions per second on memory stores (no HTTP), side by side with a baseline of the bare
 * work every API-key check must do: read the header, hash the key (with Node's fastest one-shot
 * sha256), look the hash up in a Map.
 * Runs are interleaved (baseline, keyward, baseline, …) and each figure is a median, so a noisy
 * shared machine moves both alike and the ratio stays meaningful.
 */
import { hash } from 'node:crypto'
import { createKeyward } from '../src/keyward.js'
import { createMemoryStores } from '../src/memory/index.js'
import type { RequestView } from '../src/types.js'

export interface CoreBenchResult {
  keywardPerSecond: number
  baselinePerSecond: number
  ratio: number
  runs: number
}

function median(values: number[]): number {
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
  // A limit no run can reach, so every decision is a full, admitted, consuming one.
  const keyward = createKeyward({ stores: createMemoryStores(), limits: { live: { perMinute: 1e12 } } })
  const { key } = await keyward.keys.create({ name: 'bench' })
  for (let i = 0; i < 999; i++) await keyward.keys.create({ name: `filler ${i}` })
  const view: RequestView = { authorization: `Bearer ${key}`, method: 'GET', path: '/api/v1/ip/lookup' }

  const table = new Map<string, { id: string }>()
  table.set(hash('sha256', key, 'hex'), { id: 'x' })
  // The same number of entries as keyward's store, so both Map lookups cost the same.
  for (let i = 0; i < 999; i++) table.set(hash('sha256', `filler ${i}`, 'hex'), { id: `f${i}` })
  const header = `Bearer ${key}`
  let sink = 0
  const baseline = () => {
    if (!header.startsWith('Bearer ')) throw new Error('unreachable')
    if (table.get(hash('sha256', header.slice(7), 'hex')) !== undefined) sink++
  }
  const decision = () => {
    const d = keyward.authenticate(view)
    if ((d as { ok?: boolean }).ok === true) sink++
    else throw new Error('bench key was refused')
  }
  rate(baseline, 200)
  rate(decision, 200)
  const base: number[] = []
  const kw: number[] = []
  for (let i = 0; i < runs; i++) {
    base.push(rate(baseline, msPerRun))
    kw.push(rate(decision, msPerRun))
  }
  if (sink === 0) throw new Error('nothing ran')
  const keywardPerSecond = median(kw)
  const baselinePerSecond = median(base)
  return { keywardPerSecond, baselinePerSecond, ratio: keywardPerSecond / baselinePerSecond, runs }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchCore()
  console.log(
    `core: ${Math.round(r.keywardPerSecond).toLocaleString('en-US')} decisions/s, baseline ${Math.round(r.baselinePerSecond).toLocaleString('en-US')}/s, ratio ${r.ratio.toFixed(2)} (median of ${r.runs})`,
  )
}
