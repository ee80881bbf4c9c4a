/**
 * What keyward writes on every response (R1, R2): the request id, the JSON envelope, the limit
 * headers (L3) and the timestamps.
 */
import { randomFillSync } from 'node:crypto'
import { ERROR_STATUS, type ErrorCode } from './messages.js'
import { utcMonthIndex, utcMonthStartSeconds } from './limits-math.js'
import { requestsLeft } from './metering.js'
import { periodEndSeconds, periodOf } from './windows.js'
import type { KeywardResponse, LimitDecision, WindowState } from './types.js'

const ID_LENGTH = 24 // 24 base64url characters = 144 random bits (R2)
const IDS_PER_POOL = 512

// Random bytes are drawn and encoded in blocks: each id is then a slice of a ready string, which
// keeps the CSPRNG call and the base64 encoding off the per-request path.
const poolBytes = Buffer.allocUnsafe((ID_LENGTH / 4) * 3 * IDS_PER_POOL)
let pool = ''
let offset = 0

/**
 * A new request id (R2): `req_` + 24 URL-safe characters from the CSPRNG (144 bits), unique per
 * request with overwhelming probability.
 *
 * @example
 * generateRequestId() // 'req_3q2-7wEvGbsq0T8VZ9mY1bA_'
 */
export function generateRequestId(): string {
  if (offset === pool.length) {
    randomFillSync(poolBytes)
    pool = poolBytes.toString('base64url')
    offset = 0
  }
  const id = pool.slice(offset, offset + ID_LENGTH)
  offset += ID_LENGTH
  return `req_${id}`
}

const TRUSTED_ID = /^req_[A-Za-z0-9_-]{24,128}$/

/**
 * The id for a request. A client-sent id is ignored (R2) unless the host trusts a proxy in
 * front of it to set one; even then only a well-formed `req_<id>` is taken, so a header cannot
 * smuggle arbitrary text into logs and responses.
 */
export function resolveRequestId(incoming: string | undefined, trustIncoming: boolean): string {
  if (trustIncoming && incoming !== undefined && TRUSTED_ID.test(incoming)) return incoming
  return generateRequestId()
}

// Under load many requests fall in the same millisecond: formatting it once serves them all.
let lastIsoMs = Number.NaN
let lastIso = ''

/** ISO 8601 UTC with milliseconds for epoch milliseconds `ms` (K5, R1), formatted once per ms. */
export function isoTimestamp(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString()
    lastIsoMs = ms
  }
  return lastIso
}

/** R1: every body keyward writes is JSON with this type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** An error as a value: request failures are values, not exceptions. */
export interface KeywardErrorBody {
  code: ErrorCode
  message: string
}

/**
 * The revisions of the IETF RateLimit header fields keyward can write, named as express-rate-limit's
 * `standardHeaders` names them: `draft-6` the separate `RateLimit-Limit/-Remaining/-Reset` fields,
 * `draft-7` one combined `RateLimit` field, `draft-8` named policies.
 */
export type IetfRateLimitDraft = 'draft-6' | 'draft-7' | 'draft-8'

/** The drafts, in order, as option errors list them. */
export const IETF_RATELIMIT_DRAFTS: readonly IetfRateLimitDraft[] = ['draft-6', 'draft-7', 'draft-8']

/** Options of the response headers keyward adds. */
export interface HeaderOptions {
  /** Also send the IETF RateLimit fields of this draft (L3, M8); false: none. */
  ietfRateLimitHeaders: IetfRateLimitDraft | false
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

/** `text` behind a memo of the value last seen in one header, which a run of requests repeats (a cheap compare before the map). */
function remembered(): (value: number) => string {
  let last = Number.NaN
  let lastText = ''
  return (value) => {
    if (value !== last) {
      lastText = text(value)
      last = value
    }
    return lastText
  }
}
const minuteLimitText = remembered()
const minuteResetText = remembered()
const monthLimitText = remembered()
const monthResetText = remembered()

/**
 * The headers of an authenticated response (L3, R2) as one new object: the request id,
 * `X-RateLimit-*` always, `X-Quota-*` for keys with a monthly quota, and the IETF fields when
 * switched on. Built as a literal of fixed shape: one allocation on the hot path.
 *
 * @example
 * limitHeaders(decision.apiKey.limits, { ietfRateLimitHeaders: 'draft-7' }, Math.ceil(Date.now() / 1000), requestId)
 */
export function limitHeaders(
  limits: LimitDecision,
  options: HeaderOptions,
  nowSeconds: number,
  requestId: string,
  cost = 1,
): Record<string, string> {
  const { minute, month } = limits
  let headers: Record<string, string>
  if (month === null) {
    headers = {
      'X-Request-ID': requestId,
      'X-RateLimit-Limit': minuteLimitText(minute.limit),
      'X-RateLimit-Remaining': String(minute.remaining),
      'X-RateLimit-Reset': minuteResetText(minute.reset),
    }
  } else {
    headers = {
      'X-Request-ID': requestId,
      'X-RateLimit-Limit': minuteLimitText(minute.limit),
      'X-RateLimit-Remaining': String(minute.remaining),
      'X-RateLimit-Reset': minuteResetText(minute.reset),
      'X-Quota-Limit': monthLimitText(month.limit),
      'X-Quota-Remaining': String(month.remaining),
      'X-Quota-Reset': monthResetText(month.reset),
    }
  }
  if (options.ietfRateLimitHeaders !== false)
    addIetfHeaders(headers, options.ietfRateLimitHeaders, limits, nowSeconds, cost)
  // M3: what the key has left after this request, on every answer to a key with credits.
  if (limits.credits !== undefined) headers['X-Credits-Remaining'] = String(limits.credits.remaining)
  return headers
}

/**
 * The IETF fields of one draft (draft-ietf-httpapi-ratelimit-headers), as structured fields.
 * draft-6 and draft-7 carry one limit: the window closest to refusing (fewest left, then earliest
 * reset), as those drafts ask; their policy list names both windows. draft-8 names each window.
 */
function addIetfHeaders(
  headers: Record<string, string>,
  draft: IetfRateLimitDraft,
  limits: LimitDecision,
  nowSeconds: number,
  cost: number,
): void {
  const { minute, month } = limits
  const windows = limits.named === undefined ? standardWindows(minute, month) : namedWindows(limits.named)
  const secondsLeft = (state: WindowState): number => Math.max(0, state.reset - nowSeconds)
  if (draft === 'draft-8') {
    headers['RateLimit-Policy'] = windows.map(([name, state, w]) => `"${name}";q=${state.limit};w=${w}`).join(', ')
    headers.RateLimit = windows
      .map(([name, state]) => `"${name}";r=${state.remaining};t=${secondsLeft(state)}`)
      .join(', ')
    return
  }
  headers['RateLimit-Policy'] = windows.map(([, state, w]) => `${state.limit};w=${w}`).join(', ')
  // Named limits: `minute` already shows the limit that binds first.
  const closest = limits.named === undefined && month !== null && closerToRefusal(month, minute, cost) ? month : minute
  if (draft === 'draft-7') {
    headers.RateLimit = `limit=${closest.limit}, remaining=${closest.remaining}, reset=${secondsLeft(closest)}`
    return
  }
  headers['RateLimit-Limit'] = String(closest.limit)
  headers['RateLimit-Remaining'] = String(closest.remaining)
  headers['RateLimit-Reset'] = String(secondsLeft(closest))
}

type PolicyWindow = [name: string, state: WindowState, seconds: number]

function standardWindows(minute: WindowState, month: WindowState | null): PolicyWindow[] {
  const windows: PolicyWindow[] = [['minute', minute, 60]]
  if (month !== null) windows.push(['month', month, monthSeconds(month.reset)])
  return windows
}

/** M8: every named limit, the owner's prefixed `owner-` so that no two share a name. */
function namedWindows({ decision, limits }: NonNullable<LimitDecision['named']>): PolicyWindow[] {
  return decision.limits.map((state, i) => {
    const limit = limits[i]!
    const seconds = limit.kind === 'month' ? periodSeconds(state.reset, limit.day) : Math.ceil(limit.windowMs / 1000)
    return [state.scope === 'owner' ? `owner-${state.name}` : state.name, state, seconds]
  })
}

/** The length in seconds of the billing period (from `day`) that ends at `reset`. */
function periodSeconds(reset: number, day: number): number {
  const index = periodOf(reset * 1000 - 1, day)
  return periodEndSeconds(index, day) - periodEndSeconds(index - 1, day)
}

function closerToRefusal(a: WindowState, b: WindowState, cost: number): boolean {
  const aLeft = requestsLeft(a.remaining, cost)
  const bLeft = requestsLeft(b.remaining, cost)
  return aLeft < bLeft || (aLeft === bLeft && a.reset < b.reset)
}

/** The length in seconds of the UTC calendar month that ends at `reset` (a quota's window). */
function monthSeconds(reset: number): number {
  return reset - utcMonthStartSeconds(utcMonthIndex(reset * 1000) - 1)
}

/** R1: a JSON response with the request id (R2) and any extra headers. */
function jsonResponse(
  status: number,
  body: string,
  requestId: string,
  extraHeaders?: Record<string, string>,
): KeywardResponse {
  return {
    status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'X-Request-ID': requestId, ...extraHeaders },
    body,
  }
}

/**
 * `{ "error": { "code", "message" } }` with its status and the request id. The same
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
 * `{ "data": …, "meta": { "timestamp" } }` with the request id and any extra headers.
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
  /** Fields the route adds to `meta` beside the timestamp. */
  meta?: Record<string, unknown>,
): KeywardResponse {
  const body = JSON.stringify({ data, meta: { timestamp: isoTimestamp(now), ...meta } })
  return jsonResponse(status, body, requestId, extraHeaders)
}

/** The same response without a body, for HEAD. */
export function withoutBody(response: KeywardResponse): KeywardResponse {
  return { ...response, body: '' }
}
