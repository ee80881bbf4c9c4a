/**
 * E7: behind a proxy that the adapter does not trust, every client has the proxy's address and so
 * shares one failed-authentication budget. keyward says so once, when it first sees a request
 * that carries X-Forwarded-For while trustProxy is off.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKeyward } from '../../src/index.js'
import { FRAMEWORKS, rawRequest, requestBytes, startApp } from './support.js'

describe('a warning when requests come through an untrusted proxy (E7)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  for (const framework of FRAMEWORKS) {
    it(`E7: ${framework} — trustProxy off and X-Forwarded-For on requests: one warning naming trustProxy, however many requests`, async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const app = await startApp(framework, createKeyward(), { trustProxy: false })
      try {
        await rawRequest(app.port, requestBytes('GET', '/api/v1/ping', []))
        expect(warn).not.toHaveBeenCalled()
        for (let i = 0; i < 3; i++) {
          await rawRequest(app.port, requestBytes('GET', '/api/v1/auth/test', [['X-Forwarded-For', `203.0.113.${i}`]]))
        }
        const warnings = warn.mock.calls
          .map((call) => String(call[0]))
          .filter((text) => text.includes('X-Forwarded-For'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toContain('trustProxy')
      } finally {
        await app.close()
      }
    })

    it(`E7: ${framework} — with trustProxy set, X-Forwarded-For is expected and nothing is written`, async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const app = await startApp(framework, createKeyward(), { trustProxy: 1 })
      try {
        await rawRequest(app.port, requestBytes('GET', '/api/v1/auth/test', [['X-Forwarded-For', '203.0.113.9']]))
        expect(warn.mock.calls.filter((call) => String(call[0]).includes('X-Forwarded-For'))).toHaveLength(0)
      } finally {
        await app.close()
      }
    })
  }
})
