/**
 * The assertions every parity case makes on a response, and the normalized form the suite compares
 * across frameworks (R1, R2, H11, L3, L4 and H8's headers are checked on every response).
 */
import { expect } from 'vitest'
import type { ErrorCode } from '../../../src/core/messages.js'
import type { RawResponse } from './raw-http.js'

export const REQUEST_ID = /^req_[A-Za-z0-9_-]{24,}$/
export const JSON_TYPE = 'application/json; charset=utf-8'
const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** One limit's headers (L3): present, with these values where given. */
export interface LimitHeaders {
  limit?: number
  remaining?: number
  reset?: number
}

/** What a response must be. Anything not given is checked against its default, stated per field. */
export interface Expectation {
  status: number
  /** error.code; absent means a success envelope `{ data, meta }` (R1). */
  code?: ErrorCode
  /** The start of error.message, character for character. */
  message?: string
  /** WWW-Authenticate exactly (H11); absent means the header must be absent. */
  www?: string
  /** X-RateLimit-* (L3): null = absent; absent = absent on 401 and 405, otherwise not checked. */
  limits?: LimitHeaders | null
  /** X-Quota-* (L3): null = absent; absent = like `limits`. */
  quota?: LimitHeaders | null
  /** Retry-After in seconds (L4); absent means the header must be absent. */
  retryAfter?: number
  /** M3: `X-Credits-Remaining` (null: absent); not checked when undefined. */
  credits?: number | null
  /** Deprecation and Link of a request authenticated by x-api-key (H8); default: both absent. */
  deprecated?: boolean
  /** Allow (R3, E2). Absent means the header must be absent. */
  allow?: string
  /** The request was HEAD: no body at all. */
  head?: boolean
  /** The body is the application's own (not keyward's envelope): only parsed as JSON. */
  applicationBody?: boolean
}

/** The response as the suite compares it across frameworks. */
export interface Normalized {
  status: number
  headers: Record<string, string | undefined>
  body: unknown
}

const COMPARED_HEADERS = [
  'content-type',
  'www-authenticate',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'x-credits-remaining',
  'deprecation',
  'link',
  'allow',
  'cache-control',
]

/** Replaces what differs by design between runs: request ids, key ids, keys, masked tails. */
function normalizeText(text: string): string {
  return (
    text
      .replace(/req_[A-Za-z0-9_-]{24,}/g, 'req_<id>')
      .replace(/key_[A-Za-z0-9]{24}/g, 'key_<id>')
      .replace(/svc_(live|test)_[0-9A-Za-z]{38}/g, 'svc_$1_<key>')
      .replace(/\*\*\*\*[0-9A-Za-z]{4}/g, '****<last4>')
      // A cursor carries a key id (O4), so it differs wherever the id does.
      .replace(/"nextCursor":"[A-Za-z0-9_-]+"/g, '"nextCursor":"<cursor>"')
  )
}

export function normalize(response: RawResponse): Normalized {
  const headers: Record<string, string | undefined> = {}
  for (const name of COMPARED_HEADERS) headers[name] = response.headers[name]?.join(' | ')
  headers['x-request-id'] = response.headers['x-request-id']?.map(normalizeText).join(' | ')
  let body: any = response.body
  if (response.body !== '') {
    try {
      body = JSON.parse(normalizeText(response.body))
    } catch {
      body = normalizeText(response.body)
    }
  }
  // Records created in the same millisecond are ordered by their random ids: order is asserted
  // inside the cases, so lists are compared across frameworks as sets.
  if (Array.isArray(body?.data)) body.data = body.data.map((item: unknown) => JSON.stringify(item)).sort()
  return { status: response.status, headers, body }
}

function describe(response: RawResponse): string {
  return `${response.status} ${JSON.stringify(response.headers)} ${response.body.slice(0, 400)}`
}

function checkLimit(
  response: RawResponse,
  prefix: 'x-ratelimit' | 'x-quota',
  expected: LimitHeaders | null | undefined,
): void {
  const shown = describe(response)
  const names = ['limit', 'remaining', 'reset'] as const
  if (expected === undefined) {
    if (response.status !== 401 && response.status !== 405) return
    expected = null
  }
  for (const name of names) {
    const value = response.header(`${prefix}-${name}`)
    if (expected === null) {
      expect(value, `${prefix}-${name} must be absent: ${shown}`).toBeUndefined()
      continue
    }
    expect(value, `${prefix}-${name} must be present: ${shown}`).toMatch(/^\d+$/)
    if (expected[name] !== undefined) expect(Number(value), `${prefix}-${name}: ${shown}`).toBe(expected[name])
  }
}

/** Asserts `expected` of `response`; returns the parsed body (null for HEAD). */
export function check(response: RawResponse, expected: Expectation): any {
  const shown = describe(response)
  expect(response.status, `status: ${shown}`).toBe(expected.status)
  // R2: exactly one request id, well-formed.
  expect(response.headers['x-request-id'], `one X-Request-ID: ${shown}`).toHaveLength(1)
  expect(response.header('x-request-id'), `X-Request-ID form: ${shown}`).toMatch(REQUEST_ID)
  // H11
  expect(response.header('www-authenticate'), `WWW-Authenticate: ${shown}`).toBe(expected.www)
  // L4
  if (expected.retryAfter === undefined)
    expect(response.header('retry-after'), `Retry-After absent: ${shown}`).toBeUndefined()
  else expect(response.header('retry-after'), `Retry-After: ${shown}`).toBe(String(expected.retryAfter))
  // H8
  if (expected.deprecated) {
    expect(response.header('deprecation'), `Deprecation: ${shown}`).toMatch(/^@\d+$/)
    expect(response.header('link'), `Link: ${shown}`).toMatch(/^<[^>]+>; rel="deprecation"/)
  } else {
    expect(response.header('deprecation'), `Deprecation absent: ${shown}`).toBeUndefined()
    expect(response.header('link'), `Link absent: ${shown}`).toBeUndefined()
  }
  expect(response.header('allow'), `Allow: ${shown}`).toBe(expected.allow)
  checkLimit(response, 'x-ratelimit', expected.limits)
  checkLimit(response, 'x-quota', expected.quota)
  if (expected.credits !== undefined) {
    const credits = expected.credits === null ? undefined : String(expected.credits)
    expect(response.header('x-credits-remaining'), `X-Credits-Remaining: ${shown}`).toBe(credits)
  }

  if (expected.head) {
    expect(response.body, `HEAD has no body: ${shown}`).toBe('')
    return null
  }
  if (expected.applicationBody) return response.json()
  // R1
  expect(response.header('content-type'), `Content-Type: ${shown}`).toBe(JSON_TYPE)
  const body = response.json()
  if (expected.code !== undefined) {
    expect(Object.keys(body), `error envelope: ${shown}`).toEqual(['error'])
    expect(Object.keys(body.error).sort(), `error envelope: ${shown}`).toEqual(['code', 'message'])
    expect(body.error.code, `error.code: ${shown}`).toBe(expected.code)
    expect(typeof body.error.message).toBe('string')
    if (expected.message !== undefined) {
      expect(
        body.error.message.startsWith(expected.message),
        `message must begin ${JSON.stringify(expected.message)}: ${shown}`,
      ).toBe(true)
    }
  } else {
    expect(Object.keys(body).sort(), `success envelope: ${shown}`).toEqual(['data', 'meta'])
    expect(body.meta.timestamp, `meta.timestamp: ${shown}`).toMatch(ISO_UTC_MS)
  }
  return body
}
