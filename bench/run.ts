/**
 * `npm run bench`: every benchmark, printed and written to bench/RESULTS.md.
 */
import { writeFileSync } from 'node:fs'
import { benchCore } from './core.js'

const lines: string[] = ['# keyward benchmark results', '', `Run on ${new Date().toISOString()}, Node ${process.version}.`, '']

const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const coreLine = `core: ${fmt(core.keywardPerSecond)} decisions/s for a valid live key on memory stores; bare baseline (parse + sha256 + Map lookup) ${fmt(core.baselinePerSecond)}/s; ratio ${core.ratio.toFixed(2)} (target ≥ 250,000/s and ≥ 0.50; median of ${core.runs} interleaved runs)`
console.log(coreLine)
lines.push('## Core decisions (no HTTP)', '', '| keyward decisions/s | baseline/s | ratio |', '|---|---|---|', `| ${fmt(core.keywardPerSecond)} | ${fmt(core.baselinePerSecond)} | ${core.ratio.toFixed(2)} |`, '')

writeFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'))
