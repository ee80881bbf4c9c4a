/**
 * Behaviour of keyward/client that holds against any server that keeps keyward's rules: run by
 * client.emulated.test.ts now, and by a reference-server test later with another StartTarget.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { createClient, KeywardApiError, KeywardKeyTypeError, type KeywardClient } from '../../src/client/index.js'
import { REQUEST_ID_PATTERN } from './support/contract-replies.js'
import type { ClientTarget, StartTarget } from './support/target.js'

/** What the reference server's demo routes answer: the caller's own types, not the client's. */
interface IpLookup {
  ip: string
  version: 4 | 6
}
interface EmailValidation {
  email: string
  valid: boolean
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    const value = await promise
    expect.fail(`expected a rejection, got ${JSON.stringify(value)}`)
  } catch (error) {
    return error
  }
}

export function describeClientContract(targetName: string, startTarget: StartTarget): void {
  describe(`keyward/client against ${targetName}`, () => {
    let target: ClientTarget
    const clientFor = (apiKey: string): KeywardClient => createClient({ apiKey, baseUrl: target.baseUrl })

    beforeAll(async () => {
      target = await startTarget()
    })
    afterAll(async () => {
      await target?.close()
    })

    it('authTest() with a live key returns valid, keyType "live", a req_ request id and rate-limit headers (E2, R2, L3)', async () => {
      const result = await clientFor(target.keys.live).authTest()
      expect(result).toMatchObject({
        status: 200,
        valid: true,
        keyType: 'live',
        data: { valid: true, keyType: 'live' },
      })
      expect(result.requestId).toMatch(REQUEST_ID_PATTERN)
      expect(result.meta.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
      expect(result.rateLimit).toEqual({
        limit: expect.any(Number),
        remaining: expect.any(Number),
        reset: expect.any(Number),
      })
      expect(result.deprecation).toBe(false)
    })

    it('authTest() with a sandbox key returns keyType "test" (E2, K1)', async () => {
      const result = await clientFor(target.keys.test).authTest()
      expect(result.keyType).toBe('test')
    })

    it('assertLive() resolves for a live key and throws KeywardKeyTypeError KEY_NOT_LIVE for a sandbox key (E2)', async () => {
      await expect(clientFor(target.keys.live).assertLive()).resolves.toMatchObject({ keyType: 'live' })
      const error = await rejectionOf(clientFor(target.keys.test).assertLive())
      expect(error).toBeInstanceOf(KeywardKeyTypeError)
      expect(error).toMatchObject({ code: 'KEY_NOT_LIVE', keyType: 'test' })
    })

    it('an unknown well-formed key gets KeywardApiError 401 INVALID_API_KEY with the H9 message and a request id', async () => {
      const error = await rejectionOf(clientFor(target.keys.unknown).authTest())
      expect(error).toBeInstanceOf(KeywardApiError)
      const apiError = error as KeywardApiError
      expect(apiError).toMatchObject({ status: 401, code: 'INVALID_API_KEY', retryAfter: null })
      expect(apiError.message.startsWith('Invalid API key — no matching live (svc_live_) key found')).toBe(true)
      expect(apiError.requestId).toMatch(REQUEST_ID_PATTERN)
    })

    it('a revoked key gets KeywardApiError 401 API_KEY_REVOKED (H9, K6)', async () => {
      const error = await rejectionOf(clientFor(target.keys.revoked).authTest())
      expect(error).toMatchObject({ status: 401, code: 'API_KEY_REVOKED' })
      expect((error as Error).message.startsWith('This API key has been revoked')).toBe(true)
    })

    it('an expired key gets KeywardApiError 401 API_KEY_EXPIRED (H9, K6)', async (context) => {
      if (target.keys.expired === undefined) return context.skip()
      const error = await rejectionOf(clientFor(target.keys.expired).authTest())
      expect(error).toMatchObject({ status: 401, code: 'API_KEY_EXPIRED' })
      expect((error as Error).message.startsWith('This API key has expired')).toBe(true)
    })

    it("whoami() with a customer's key returns its id, name, type, owner, scopes and expiry, never its meta, and costs nothing (O10, O1, O2, L5)", async () => {
      const client = clientFor(target.owned.key)
      const first = await client.whoami()
      expect(first).toMatchObject({ status: 200, data: target.owned.whoami })
      expect(Object.keys(first.data).sort()).toEqual(['expiresAt', 'keyId', 'keyType', 'name', 'ownerId', 'scopes'])
      expect(first.requestId).toMatch(REQUEST_ID_PATTERN)
      expectTypeOf(first.data.ownerId).toEqualTypeOf<string | null>()
      const second = await client.whoami()
      expect(second.data).toEqual(first.data)
      expect(second.rateLimit?.remaining).toBe(first.rateLimit?.remaining)
      expect(second.quota?.remaining).toBe(first.quota?.remaining)
    })

    it('whoami() with a key of the service itself answers ownerId null (O1, O10)', async () => {
      const { data } = await clientFor(target.keys.test).whoami()
      expect(data).toMatchObject({ keyType: 'test', ownerId: null, scopes: ['ip', 'email'], expiresAt: null })
      expect(data.keyId).toMatch(/^key_[0-9A-Za-z]{24}$/)
    })

    it('whoami() with a revoked or unknown key throws KeywardApiError 401 with the code of the rejection (H9, O10)', async () => {
      expect(await rejectionOf(clientFor(target.keys.revoked).whoami())).toMatchObject({
        status: 401,
        code: 'API_KEY_REVOKED',
      })
      expect(await rejectionOf(clientFor(target.keys.unknown).whoami())).toMatchObject({
        status: 401,
        code: 'INVALID_API_KEY',
      })
    })

    it('ping() answers { status: "ok" } (E1)', async () => {
      const result = await clientFor(target.keys.live).ping()
      expect(result.data.status).toBe('ok')
      expect(result.requestId).toMatch(REQUEST_ID_PATTERN)
    })

    it('request() calls the IP lookup route and returns the ip and its version, typed (E3, A7)', async () => {
      const client = clientFor(target.keys.live)
      const lookup = (ip: string) => client.request<IpLookup>('GET', '/api/v1/ip/lookup', { query: { ip } })
      const v4 = await lookup('8.8.8.8')
      expect(v4).toMatchObject({ status: 200, data: { ip: '8.8.8.8', version: 4 } })
      expect(v4.meta?.timestamp).toEqual(expect.any(String))
      expectTypeOf(v4.data).toEqualTypeOf<IpLookup>()
      await expect(lookup('2001:db8::1')).resolves.toMatchObject({ data: { ip: '2001:db8::1', version: 6 } })
    })

    it('request() to the IP lookup route with an invalid ip throws KeywardApiError 400 invalid_request with rate-limit headers (E3, L3)', async () => {
      const error = await rejectionOf(
        clientFor(target.keys.live).request('GET', '/api/v1/ip/lookup', { query: { ip: 'not-an-ip' } }),
      )
      expect(error).toMatchObject({ status: 400, code: 'invalid_request' })
      expect((error as KeywardApiError).rateLimit).not.toBeNull()
    })

    it('request() calls the e-mail validation route and returns the address and whether it is valid (E4, A7)', async () => {
      const result = await clientFor(target.keys.live).request<EmailValidation>('GET', '/api/v1/email/validate', {
        query: { email: 'ada@example.com' },
      })
      expect(result).toMatchObject({ status: 200, data: { email: 'ada@example.com', valid: true } })
      expectTypeOf(result.data).toEqualTypeOf<EmailValidation>()
    })

    it('an unknown path under /api/v1/ throws KeywardApiError 404 not_found carrying rate-limit headers (R4, L3)', async () => {
      const error = await rejectionOf(clientFor(target.keys.live).request('GET', '/api/v1/no-such-route'))
      expect(error).toMatchObject({ status: 404, code: 'not_found' })
      expect((error as KeywardApiError).rateLimit).not.toBeNull()
      expect((error as KeywardApiError).requestId).toMatch(REQUEST_ID_PATTERN)
    })

    it('DELETE on the auth test endpoint throws KeywardApiError 405 method_not_allowed (E2)', async () => {
      const error = await rejectionOf(clientFor(target.keys.live).request('DELETE', '/api/v1/auth/test'))
      expect(error).toMatchObject({ status: 405, code: 'method_not_allowed' })
    })
  })
}
