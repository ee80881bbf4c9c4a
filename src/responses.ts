import { ERROR_STATUS, type ErrorCode } from './messages.js'
import type { KeywardResponse, LimitDecision } from './types.js'

/** R1: every body keyward writes is JSON with this type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** An error as a value (STYLE.md: request failures are values, not exceptions). */
export interface KeywardErrorBody {
  code: ErrorCode
  message: string
}

/** Options of the response headers keyward adds. */
export interface HeaderOptions {
  /** Also send the IETF `RateLimit` / `RateLimit-Policy` fields (L3). */
  ietfRateLimitHeaders: boolean
}

/**
 * The L3 headers for a limits decision: `X-RateLimit-*` always, `X-Quota-*` for keys with a
 * monthly quota, and the IETF fields when switched on. Written into `headers`.
 */
export function writeLimitHeaders(
  headers: Record<string, string>,
  limits: LimitDecision,
  options: HeaderOptions,
  nowSeconds: number,
): void {
  const { minute, month } = limits
  headers['X-RateLimit-Limit'] = String(minute.limit)
  headers['X-RateLimit-Remaining'] = String(minute.remaining)
  headers['X-RateLimit-Reset'] = String(minute.reset)
  if (month !== null) {
    headers['X-Quota-Limit'] = String(month.limit)
    headers['X-Quota-Remaining'] = String(month.remaining)
    headers['X-Quota-Reset'] = String(month.reset)
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
}

/** R1: `{ "error": { "code", "message" } }` with its status and the request id (R2). */
export function errorResponse(
  code: ErrorCode,
  message: string,
  requestId: string,
  extraHeaders?: Record<string, string>,
): KeywardResponse {
  const headers: Record<string, string> = {
    'Content-Type': JSON_CONTENT_TYPE,
    'X-Request-ID': requestId,
    ...extraHeaders,
  }
  return {
    status: ERROR_STATUS[code],
    headers,
    body: JSON.stringify({ error: { code, message } }),
  }
}

/** R1: `{ "data": …, "meta": { "timestamp" } }` with the request id and any extra headers. */
export function successResponse(
  data: unknown,
  requestId: string,
  now: number,
  extraHeaders?: Record<string, string>,
  status = 200,
): KeywardResponse {
  const headers: Record<string, string> = {
    'Content-Type': JSON_CONTENT_TYPE,
    'X-Request-ID': requestId,
    ...extraHeaders,
  }
  return {
    status,
    headers,
    body: JSON.stringify({ data, meta: { timestamp: new Date(now).toISOString() } }),
  }
}

/** The same response without a body, for HEAD. */
export function withoutBody(response: KeywardResponse): KeywardResponse {
  return { ...response, body: '' }
}
