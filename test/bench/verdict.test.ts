/**
 * `npm run bench`'s verdict on a throughput target (issue 6): requests/s moves with the load other
 * tenants put on a shared machine, so a target is met only when the ratio of server CPU per
 * request meets it too.
 */
import { describe, expect, it } from 'vitest'
import { throughputVerdict } from '../../bench/http.js'

describe('bench throughput verdicts', () => {
  it('passes when requests/s and CPU per request both meet the target, or requests/s does and CPU was not measured', () => {
    expect(throughputVerdict(1.25, 1.21, 1.2)).toBe('PASS')
    expect(throughputVerdict(1.2, 1.2, 1.2)).toBe('PASS')
    expect(throughputVerdict(0.95, null, 0.9)).toBe('PASS')
  })

  it('misses when requests/s misses, whatever CPU says', () => {
    expect(throughputVerdict(1.09, 1.25, 1.2)).toBe('MISS')
    expect(throughputVerdict(0.74, null, 0.75)).toBe('MISS')
  })

  it("T4: keyward's telemetry over the host's own span passes at 1.01× and misses at 0.90× of the 0.95× target", () => {
    expect(throughputVerdict(1.01, 1.01, 0.95)).toBe('PASS')
    expect(throughputVerdict(0.9, 0.9, 0.95)).toBe('MISS')
  })

  it('misses, and says why, when only requests/s meets it (the Fastify peer row on a busy machine)', () => {
    expect(throughputVerdict(1.24, 1.17, 1.2)).toBe('MISS (by requests/s only; by CPU 1.17×)')
  })
})
