import { afterEach, describe, expect, it, vi } from 'vitest'
import { warnAtMostEvery } from '../../src/core/background-warning.js'

describe('usage flush failures are reported without flooding the logs', () => {
  afterEach(() => vi.useRealTimers())

  it('emits one warning per interval and counts the failures it stands for', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
    const warnings: string[] = []
    const spy = vi
      .spyOn(process, 'emitWarning')
      .mockImplementation((w: string | Error) => void warnings.push(String(w)))
    try {
      const report = warnAtMostEvery(10_000, 'keyward/redis: usage entries not written yet, will retry')
      for (let i = 0; i < 50; i++) report(new Error('connection refused'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('connection refused')
      vi.setSystemTime(1_010_000)
      report(new Error('still down'))
      expect(warnings).toHaveLength(2)
      expect(warnings[1]).toContain('(49 more failures since the last warning)')
    } finally {
      spy.mockRestore()
    }
  })
})
