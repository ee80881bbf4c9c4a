import { isoTimestamp } from './clock.js'
import { ERROR_STATUS, type ErrorCode } from './messages.js'
import type { KeywardResponse, LimitDecision } from './types.js'

/** R1: every body keyward writes is JSON with this type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** An error as a value: request failures are values, not exceptions. */
export interface KeywardErrorBody {
  code: ErrorCode
  message: string
}

/** Options of the response headers keyward adds. */
export interface HeaderOptions {
  /** Also send the IETF `RateLimit` / `RateLimit-Policy` fields (L3). */
  ietfRateLimitHeaders: boolean
}

// Limits and reset times repeat from request to request (a reset stays the same for a second),
// so their text is kept instead of formatted again; the cache is small and bounded.
const numberText = new Map<number, string>()
function text(value: number): string {
  let cached = numberText.get(value)
  if (cached === undefined) {
    if (numberText.size >= 1024) numberText.clear()
    cached = String(value)
    numberText.set(value, cached)
  }
  return cached
}

/**
 * The headers of an authenticated response (L3, R2) as one new object: the request id,
 * `X-RateLimit-*` always, `X-Quota-*` for keys with a monthly quota, and the IETF fields when
 * switched on. Built as a literal of fixed shape: one allocation on the hot path.
 *
 * @example
 * import { limitHeaders } from 'keyward'
 * limitHeaders(decision.apiKey.limits, { ietfRateLimitHeaders: false }, Math.ceil(Date.now() / 1000), requestId)
 */
export function limitHeaders(
  limits: LimitDecision,
  options: HeaderOptions,
  nowSeconds: number,
  requestId: string,
): Record<string, string> {
  const { minute, month } = limits
  let headers: Record<string, string>
  if (month === null) {
    headers = {
      'X-Request-ID': requestId,
      'X-RateLimit-Limit': text(minute.limit),
      'X-RateLimit-Remaining': String(minute.remaining),
      'X-RateLimit-Reset': text(minute.reset),
    }
  } else {
    headers = {
      'X-Request-ID': requestId,
      'X-RateLimit-Limit': text(minute.limit),
      'X-RateLimit-Remaining': String(minute.remaining),
      'X-RateLimit-Reset': text(minute.reset),
      'X-Quota-Limit': text(month.limit),
      'X-Quota-Remaining': String(month.remaining),
      'X-Quota-Reset': text(month.reset),
    }
  }
  if (options.ietfRateLimitHeaders) {
    // draft-ietf-httpapi-ratelimit-headers: policies, then the remaining units and seconds to reset.
    let policy = `"minute";q=${minute.limit};w=60`
    let state = `"minute";r=${minute.remaining};t=${Math.max(0, minute.reset - nowSeconds)}`
    if (month !== null) {
      policy += `, "month";q=${month.limit};w=${Math.max(0, month.reset - nowSeconds)}`
      state += `, "month";r=${month.remaining};t=${Math.max(0, month.reset - nowSeconds)}`
    }
    headers['RateLimit-Policy'] = policy
    headers.RateLimit = state
  }
  return headers
}

/** R1: a JSON response with the request id (R2) and any extra headers. */
function jsonResponse(status: number, body: string, requestId: string, extraHeaders?: Record<string, string>): KeywardResponse {
  return {
    status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'X-Request-ID': requestId, ...extraHeaders },
    body,
  }
}

/**
 * R1: `{ "error": { "code", "message" } }` with its status and the request id (R2). The same
 * function is every keyward instance's `errorResponse`.
 *
 * @example
 * import { errorResponse } from 'keyward'
 * errorResponse('not_found', 'Not found: no route matches this path.', requestId) // { status: 404, headers, body }
 */
export function errorResponse(
  code: ErrorCode,
  message: string,
  requestId: string,
  extraHeaders?: Record<string, string>,
): KeywardResponse {
  return jsonResponse(ERROR_STATUS[code], JSON.stringify({ error: { code, message } }), requestId, extraHeaders)
}

/**
 * R1: `{ "data": …, "meta": { "timestamp" } }` with the request id and any extra headers.
 *
 * @example
 * import { successResponse } from 'keyward'
 * successResponse({ status: 'ok' }, requestId, Date.now()) // { status: 200, headers, body }
 */
export function successResponse(
  data: unknown,
  requestId: string,
  now: number,
  extraHeaders?: Record<string, string>,
  status = 200,
): KeywardResponse {
  return jsonResponse(status, JSON.stringify({ data, meta: { timestamp: isoTimestamp(now) } }), requestId, extraHeaders)
}

/** The same response without a body, for HEAD. */
export function withoutBody(response: KeywardResponse): KeywardResponse {
  return { ...response, body: '' }
}
