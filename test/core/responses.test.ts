import { describe, expect, it } from 'vitest'
import { ERROR_STATUS } from '../../src/core/messages.js'
import { errorResponse, limitHeaders, successResponse, withoutBody } from '../../src/core/responses.js'

const ID = `req_${'c'.repeat(24)}`

describe('responses (R1, R3, L3)', () => {
  it('R1: an error is { error: { code, message } } as JSON with the request id', () => {
    const response = errorResponse('not_found', 'Not found: no route matches this path.', ID)
    expect(response.status).toBe(404)
    expect(response.headers).toEqual({ 'Content-Type': 'application/json; charset=utf-8', 'X-Request-ID': ID })
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'not_found', message: 'Not found: no route matches this path.' },
    })
  })

  it('R1: a success is { data, meta: { timestamp } } with an ISO 8601 UTC timestamp', () => {
    const response = successResponse({ status: 'ok' }, ID, Date.UTC(2026, 10, 22, 21, 0, 0, 5), { 'X-Extra': '1' }, 201)
    expect(response.status).toBe(201)
    expect(response.headers['X-Extra']).toBe('1')
    expect(JSON.parse(response.body)).toEqual({
      data: { status: 'ok' },
      meta: { timestamp: '2026-11-22T21:00:00.005Z' },
    })
    expect(withoutBody(response)).toEqual({ ...response, body: '' })
  })

  it('R3: the codes beyond section 7 have their statuses', () => {
    expect({
      not_found: ERROR_STATUS.not_found,
      method_not_allowed: ERROR_STATUS.method_not_allowed,
      invalid_request: ERROR_STATUS.invalid_request,
      payload_too_large: ERROR_STATUS.payload_too_large,
    }).toEqual({ not_found: 404, method_not_allowed: 405, invalid_request: 400, payload_too_large: 413 })
    expect([ERROR_STATUS.forbidden, ERROR_STATUS.rate_limited, ERROR_STATUS.INTERNAL_ERROR]).toEqual([403, 429, 500])
  })

  it('L3: quota headers only for a key with a monthly quota', () => {
    const minute = { limit: 10, remaining: 9, reset: 1_800_000_061 }
    const noQuota = limitHeaders(
      { allowed: true, minute, month: null, retryAfter: 0, binding: null },
      { ietfRateLimitHeaders: false },
      1_800_000_000,
      ID,
    )
    expect(noQuota).toEqual({
      'X-Request-ID': ID,
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '9',
      'X-RateLimit-Reset': '1800000061',
    })
    const month = { limit: 1000, remaining: 998, reset: 1_801_000_000 }
    const withQuota = limitHeaders(
      { allowed: true, minute, month, retryAfter: 0, binding: null },
      { ietfRateLimitHeaders: false },
      1_800_000_000,
      ID,
    )
    expect([withQuota['X-Quota-Limit'], withQuota['X-Quota-Remaining'], withQuota['X-Quota-Reset']]).toEqual([
      '1000',
      '998',
      '1801000000',
    ])
  })
})
