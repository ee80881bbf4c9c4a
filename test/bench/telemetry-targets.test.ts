/**
 * The telemetry targets `npm run bench` reports (issue 33, item 4): on Fastify, keyward with the
 * OpenTelemetry API and no SDK against OpenTelemetry off (≥ 0.97×), and with the SDK against the
 * host's own span with keyward's telemetry off (≥ 0.95×, T4), each a median of per-round ratios, by
 * requests/s and by server CPU per request; the ratios to OpenTelemetry off of both SDK servers
 * follow for information.
 */
import { describe, expect, it } from 'vitest'
import { telemetryTargets } from '../../bench/telemetry.js'
import { run, variant } from './support/results.js'

describe('telemetry targets (T2 cost)', () => {
  it('pairs each round with the OpenTelemetry-off run of the same round: median and range, by req/s and by CPU', () => {
    const off = variant('telemetry-off', [run(1000, 20), run(500, 20), run(1000, 20)])
    const api = variant('memory', [run(990, 20.2), run(600, 20), run(900, 20.4)])
    const [apiRow] = telemetryTargets([off, api])
    // 990/1000, 600/500, 900/1000: the median pairs runs of one round, not medians of the runs.
    expect(apiRow).toMatch(
      /^\| fastify, memory store: telemetry with the OpenTelemetry API installed, no SDK registered \(API \d+\.\d+\.\d+\) ≥ 0\.97× OpenTelemetry off \| 0\.99× \(0\.90–1\.20\) req\/s, median of 3 paired rounds/,
    )
    expect(apiRow).toMatch(/by server CPU per request 0\.99× \(0\.98–1\.00\) \| PASS \|$/)
  })

  describe("T4: keyward's telemetry with the SDK is judged against the host's own span, at ≥ 0.95×", () => {
    const off = variant('telemetry-off', [run(1000, 20), run(1000, 20), run(1000, 20)])
    const floor = variant('telemetry-span', [run(700, 28), run(700, 28), run(700, 28)])
    const targetRow = (rows: string[]) =>
      rows.find((row) => row.includes('the SDK registered with a batch span processor ≥'))

    it('passes at 1.01× the floor although it is 0.71× OpenTelemetry off, and prints that ratio for information', () => {
      const sdk = variant('telemetry-sdk', [run(707, 27.7), run(707, 27.7), run(707, 27.7)])
      const rows = telemetryTargets([off, floor, sdk])
      expect(targetRow(rows)).toMatch(
        /≥ 0\.95× the host's own span \(keyward's OpenTelemetry off, the same SDK, the host's hooks record one span\) \| 1\.01× \(1\.01–1\.01\) req\/s.*by server CPU per request 1\.01× \(1\.01–1\.01\) \| PASS \|$/,
      )
      expect(rows).toContainEqual(
        expect.stringMatching(
          /^\| for information, keyward's telemetry with the SDK and a batch span processor × OpenTelemetry off \| 0\.71× .* \| no target \|$/,
        ),
      )
      expect(rows).toContainEqual(
        expect.stringMatching(
          /^\| for information, the host's own span .* × OpenTelemetry off \| 0\.70× .* \| no target \|$/,
        ),
      )
    })

    it('misses at 0.90× the floor', () => {
      const sdk = variant('telemetry-sdk', [run(630, 31.2), run(630, 31.2), run(630, 31.2)])
      expect(targetRow(telemetryTargets([off, floor, sdk]))).toMatch(
        /\| 0\.90× \(0\.90–0\.90\) req\/s.*by server CPU per request 0\.90× .*\| MISS \|$/,
      )
    })

    it('is not judged at all without the floor server', () => {
      const sdk = variant('telemetry-sdk', [run(1000, 20), run(1000, 20), run(1000, 20)])
      expect(targetRow(telemetryTargets([off, sdk]))).toBeUndefined()
    })
  })

  it('reports nothing without the OpenTelemetry-off server, and leaves out a server whose rounds do not pair', () => {
    expect(telemetryTargets([variant('memory', [run(1, 1)])])).toEqual([])
    const off = variant('telemetry-off', [run(1000, 20), run(1000, 20)])
    const floor = variant('telemetry-span', [run(900, 21), run(900, 21)])
    const sdk = variant('telemetry-sdk', [run(900, 21), run(900, 21)])
    const rows = telemetryTargets([off, variant('memory', [run(1000, 20)]), sdk, floor])
    expect(rows.filter((row) => !row.includes('for information'))).toHaveLength(1)
    expect(rows[0]).toContain('the SDK registered with a batch span processor')
    expect(rows[0]).toMatch(/\| PASS \|$/)
  })
})
