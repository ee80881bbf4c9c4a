/**
 * Replies shaped exactly as keyward's rules say a keyward service answers: the R1 envelopes, R2
 * request ids, L3 rate-limit and quota headers, L4 Retry-After.
 */
import { randomBytes } from 'node:crypto'
import type { Reply } from './fake-service.js'

/** R2: `req_` + 24 URL-safe characters. */
export function newRequestId(): string {
  return `req_${randomBytes(18).toString('base64url')}`
}

export const REQUEST_ID_PATTERN = /^req_[A-Za-z0-9_-]{24,}$/

/** R1 success envelope. */
export function ok(data: unknown, headers: Record<string, string | number> = {}, status = 200): Reply {
  return { status, headers, body: { data, meta: { timestamp: new Date().toISOString() } } }
}

/** R1 error envelope. */
export function fail(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string | number> = {},
): Reply {
  return { status, headers, body: { error: { code, message } } }
}

/** L3 rate-limit headers. */
export function rateLimitHeaders(limit: number, remaining: number, reset: number): Record<string, number> {
  return { 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': remaining, 'X-RateLimit-Reset': reset }
}

/** L3 quota headers. */
export function quotaHeaders(limit: number, remaining: number, reset: number): Record<string, number> {
  return { 'X-Quota-Limit': limit, 'X-Quota-Remaining': remaining, 'X-Quota-Reset': reset }
}

/** H11 header of a 401. */
export const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="Svc"' }
