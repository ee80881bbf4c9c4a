/**
 * `npm run soak`: the faults-under-load scenario of `test/hardening/faults-under-load.test.ts`,
 * longer — longer phases, several cycles of every fault, more concurrent loops — with a summary.
 * Needs `redis-server` on PATH (it starts its own on a free port; the shared one is never touched).
 *
 * Environment: SOAK_CYCLES (default 5), SOAK_PHASE_MS (4000), SOAK_WORKERS (32),
 * SOAK_STORE_TIMEOUT_MS (400), SOAK_MARGIN_MS (1100). Exits 1 when any guarantee was broken.
 */
import { runFaultScenario, summarize } from '../test/hardening/fault-scenario.js'

const number = (name: string, fallback: number) => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${raw})`)
  return value
}

const options = {
  cycles: number('SOAK_CYCLES', 5),
  phaseMs: number('SOAK_PHASE_MS', 4000),
  workers: number('SOAK_WORKERS', 32),
  storeTimeoutMs: number('SOAK_STORE_TIMEOUT_MS', 400),
  marginMs: number('SOAK_MARGIN_MS', 1100),
}
console.log(`soak: ${JSON.stringify(options)}`)
const started = Date.now()
const report = await runFaultScenario({
  ...options,
  log: (line) => console.log(`  [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`),
})
console.log(summarize(report))

const secretCore = (key: string) => key.slice(key.indexOf('_', 4) + 1, -4)
const keyInLogs = report.errorTexts.some((text) => report.keys.some((key) => text.includes(secretCore(key))))
const leaked = Object.values(report.leaked).reduce((a, b) => a + b, 0)
const problems = [
  leaked > 0 && `${leaked} 2xx leaked`,
  report.hangs > 0 && `${report.hangs} requests hung`,
  report.malformed > 0 && `${report.malformed} malformed answers`,
  report.healthy5xx > 0 && `${report.healthy5xx} 5xx while Redis was healthy`,
  (report.exactLimit.admitted !== 10 || report.exactLimit.limited !== 5) &&
    `fresh test key: ${JSON.stringify(report.exactLimit)}`,
  report.recoveries.some((r) => r.first200Ms === null) && 'a fault was never recovered from',
  keyInLogs && 'a key appeared in what onError was told',
].filter(Boolean)
console.log(`store errors reported to onError: ${report.errorTexts.length}, none holding a key: ${!keyInLogs}`)
console.log(problems.length === 0 ? 'soak: OK — every guarantee held' : `soak: FAILED — ${problems.join('; ')}`)
process.exit(problems.length === 0 ? 0 : 1)
