/**
 * Reads a response: the headers every keyward response carries (R2, L3, L4, H8) and the body
 * envelopes of R1. Pure functions over strings and a header getter, so they are easy to test.
 */
import { KeywardApiError, KeywardResponseError, toApiErrorCode } from './errors.js'
import { CLIENT_MESSAGES } from './messages.js'
import type { KeywardResponse, QuotaInfo, RateLimitInfo, ResponseMeta } from './types.js'

type HeaderGetter = { get(name: string): string | null }

/** What the headers of any response say. */
export interface ResponseHeaders {
  requestId: string | null
  rateLimit: RateLimitInfo | null
  quota: QuotaInfo | null
  credits: number | null
  deprecation: boolean
  retryAfter: number | null
  location: string | null
}

export function readHeaders(headers: HeaderGetter, now: number = Date.now()): ResponseHeaders {
  return {
    requestId: nonEmpty(headers.get('x-request-id')),
    rateLimit: readLimitTriple(headers, 'x-ratelimit-'),
    quota: readLimitTriple(headers, 'x-quota-'),
    credits: parseNumber(headers.get('x-credits-remaining')),
    deprecation: headers.get('deprecation') !== null,
    retryAfter: parseRetryAfter(headers.get('retry-after'), now),
    location: nonEmpty(headers.get('location')),
  }
}

function nonEmpty(value: string | null): string | null {
  if (value === null) return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** L3: `<prefix>limit`, `<prefix>remaining`, `<prefix>reset`; null unless all three are numbers. */
function readLimitTriple(headers: HeaderGetter, prefix: string): RateLimitInfo | null {
  const limit = parseNumber(headers.get(`${prefix}limit`))
  const remaining = parseNumber(headers.get(`${prefix}remaining`))
  const reset = parseNumber(headers.get(`${prefix}reset`))
  if (limit === null || remaining === null || reset === null) return null
  return { limit, remaining, reset }
}

function parseNumber(value: string | null): number | null {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null
  return Number(value)
}

/**
 * `Retry-After` in seconds (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date turned into the
 * seconds from `now`, rounded up and never negative. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text)
  if (!/[a-z]/i.test(text)) return null
  const at = Date.parse(text)
  if (Number.isNaN(at)) return null
  return Math.max(0, Math.ceil((at - now) / 1000))
}

/** Where an error happened, for messages and error fields. Never the query (it may hold personal data). */
export interface CallSite {
  method: string
  path: string
  /** `METHOD /path to https://origin`, for messages. */
  where: string
}

const NO_BODY = Symbol('no body')
const NOT_JSON = Symbol('not JSON')

function parseBody(text: string): unknown {
  if (text.trim() === '') return NO_BODY
  try {
    return JSON.parse(text) as unknown
  } catch {
    return NOT_JSON
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Turns status, headers and body text into a result, or throws the matching error: a non-2xx
 * is a `KeywardApiError`, a 2xx that is not JSON a `KeywardResponseError`. `redact` takes the
 * key out of any text the server sent back, in case a server echoes it.
 */
export function interpretResponse(
  status: number,
  headers: ResponseHeaders,
  text: string,
  site: CallSite,
  redact: (text: string) => string,
): KeywardResponse<unknown> {
  const body = parseBody(text)
  if (status >= 200 && status < 300) {
    if (body === NOT_JSON) {
      throw new KeywardResponseError(
        CLIENT_MESSAGES.notJson(status, site.where),
        status,
        headers.requestId,
        site.method,
        site.path,
      )
    }
    let data: unknown
    let meta: ResponseMeta | null = null
    if (body === NO_BODY) data = undefined
    else if (isRecord(body) && 'data' in body) {
      data = body.data
      if (isRecord(body.meta) && typeof body.meta.timestamp === 'string') meta = body.meta as ResponseMeta
    } else data = body
    return {
      status,
      data,
      meta,
      requestId: headers.requestId,
      rateLimit: headers.rateLimit,
      quota: headers.quota,
      credits: headers.credits,
      deprecation: headers.deprecation,
    }
  }

  let serverCode: string | null = null
  let message: string | null = null
  if (isRecord(body) && isRecord(body.error)) {
    if (typeof body.error.code === 'string') serverCode = body.error.code
    if (typeof body.error.message === 'string' && body.error.message !== '') message = redact(body.error.message)
  }
  if (message === null) {
    message =
      status >= 300 && status < 400
        ? CLIENT_MESSAGES.redirect(status, site.where, headers.location === null ? null : redact(headers.location))
        : CLIENT_MESSAGES.httpWithoutEnvelope(status, site.where)
  }
  throw new KeywardApiError({
    status,
    code: toApiErrorCode(serverCode),
    serverCode,
    message,
    requestId: headers.requestId,
    retryAfter: headers.retryAfter,
    rateLimit: headers.rateLimit,
    quota: headers.quota,
    credits: headers.credits,
    method: site.method,
    path: site.path,
  })
}

/** Requires the R1 envelope (`data` and `meta.timestamp`) of an endpoint that always sends it. */
export function requireEnvelope<T>(
  result: KeywardResponse<unknown>,
  site: CallSite,
): KeywardResponse<T> & { meta: ResponseMeta } {
  if (result.meta === null || result.data === undefined) {
    throw new KeywardResponseError(
      CLIENT_MESSAGES.notEnvelope(result.status, site.where),
      result.status,
      result.requestId,
      site.method,
      site.path,
    )
  }
  return result as KeywardResponse<T> & { meta: ResponseMeta }
}
