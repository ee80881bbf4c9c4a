/**
 * The telemetry targets `npm run bench` reports (issue 33, item 4): on Fastify, keyward with the
 * OpenTelemetry API and no SDK against OpenTelemetry off (≥ 0.97×), and with the SDK (≥ 0.85×),
 * each a median of per-round ratios, by requests/s and by server CPU per request.
 */
import { describe, expect, it } from 'vitest'
import type { VariantResult } from '../../bench/http.js'
import type { LoadResult } from '../../bench/load.js'
import type { Variant } from '../../bench/servers/shared.js'
import { telemetryTargets } from '../../bench/telemetry.js'

function run(requestsPerSecond: number, serverMicrosPerRequest: number | null): LoadResult {
  return { requests: requestsPerSecond, seconds: 1, requestsPerSecond, p50: 1, p99: 2, non2xx: 0, errors: 0, serverCpu: 0.9, serverMicrosPerRequest, redisMicrosPerRequest: null }
}

function variant(name: Variant, runs: LoadResult[]): VariantResult {
  return { framework: 'fastify', variant: name, runs, requestsPerSecond: 0, p50: 0, p99: 0, serverCpu: null, serverMicrosPerRequest: null, redisMicrosPerRequest: null, badRuns: 0, roundRatios: [], response: '' }
}

describe('telemetry targets (T2 cost)', () => {
  it('pairs each round with the OpenTelemetry-off run of the same round: median and range, by req/s and by CPU', () => {
    const off = variant('telemetry-off', [run(1000, 20), run(500, 20), run(1000, 20)])
    const api = variant('memory', [run(990, 20.2), run(600, 20), run(900, 20.4)])
    const sdk = variant('telemetry-sdk', [run(800, 25), run(450, 24), run(850, 25)])
    const [apiRow, sdkRow] = telemetryTargets([off, api, sdk])
    // 990/1000, 600/500, 900/1000: the median pairs runs of one round, not medians of the runs.
    expect(apiRow).toMatch(/^\| fastify, memory store: telemetry with the OpenTelemetry API installed, no SDK registered \(API \d+\.\d+\.\d+\) ≥ 0\.97× OpenTelemetry off \| 0\.99× \(0\.90–1\.20\) req\/s, median of 3 paired rounds/)
    expect(apiRow).toMatch(/by server CPU per request 0\.99× \(0\.98–1\.00\) \| PASS \|$/)
    expect(sdkRow).toMatch(/≥ 0\.85× OpenTelemetry off \| 0\.85× \(0\.80–0\.90\) req\/s.*by server CPU per request 0\.80× \(0\.80–0\.83\) \| MISS \(by requests\/s only; by CPU 0\.80×\) \|$/)
  })

  it('reports nothing without the OpenTelemetry-off server, and leaves out a server whose rounds do not pair', () => {
    expect(telemetryTargets([variant('memory', [run(1, 1)])])).toEqual([])
    const rows = telemetryTargets([variant('telemetry-off', [run(1000, 20), run(1000, 20)]), variant('memory', [run(1000, 20)]), variant('telemetry-sdk', [run(900, 21), run(900, 21)])])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('the SDK registered with a batch span processor')
    expect(rows[0]).toMatch(/\| PASS \|$/)
  })
})
