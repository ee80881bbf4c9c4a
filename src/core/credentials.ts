import type { FormatDetail, MalformedDetail } from './messages.js'
import type { RequestView } from './types.js'

/**
 * Why the headers of a request do not carry a usable credential. These are the
 * failures decided before any key is looked at; `apikey-format` is the x-api-key header holding
 * something that can never be a key (two lines, a comma-joined value).
 */
export type CredentialFailure =
  | { reason: 'missing'; queryKey: boolean }
  | { reason: 'empty' }
  | { reason: 'raw-key' }
  | { reason: 'other-scheme'; scheme: string }
  | { reason: 'malformed'; detail: MalformedDetail }
  | { reason: 'apikey-format'; detail: FormatDetail }

/**
 * The result of reading the credentials of a request:
 * - `bearer`: a well-formed `Authorization: Bearer <token>`; the token is evaluated and x-api-key
 *   is ignored.
 * - `api-key`: the legacy x-api-key header holds one value to evaluate. When the token turns
 *   out not to be an active key, `fallbackFailure` is the answer if set (the Authorization header's
 *   own error), else the token's own error.
 * - `failure`: nothing to evaluate.
 */
export type Credentials =
  | { kind: 'bearer'; token: string }
  | { kind: 'api-key'; token: string; fallbackFailure: CredentialFailure | null }
  | { kind: 'failure'; failure: CredentialFailure }

/** Code units that end a token: whitespace and control characters (RFC 9110 §5.5 allows SP/HTAB). */
function isSeparator(code: number): boolean {
  return code <= 0x20 || code === 0x7f
}

const SEPARATOR = /[\x00-\x20\x7f]/

function hasSeparator(text: string, from: number): boolean {
  return SEPARATOR.test(from === 0 ? text : text.slice(from))
}

/** `bearer`, in any case (H7), as the first 6 characters; compared without allocating. */
function startsWithBearer(value: string): boolean {
  if (value.length < 6) return false
  const word = 'bearer'
  for (let i = 0; i < 6; i++) if ((value.charCodeAt(i) | 0x20) !== word.charCodeAt(i)) return false
  return true
}

const SCHEME_DISPLAY = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/

/**
 * Reads one Authorization header value. Returns the token, or why there is none.
 * Exported for tests and for hosts that parse headers themselves.
 *
 * @example
 * import { parseAuthorization } from 'keyward'
 * parseAuthorization('Bearer svc_live_…', 'svc') // { ok: true, token: 'svc_live_…' }
 */
export function parseAuthorization(
  value: string,
  keyPrefix: string,
): { ok: true; token: string } | { ok: false; failure: CredentialFailure } {
  // Fast path: exactly "Bearer " + one token.
  if (value.length > 7 && value.charCodeAt(6) === 0x20 && startsWithBearer(value)) {
    const token = value.slice(7)
    if (!SEPARATOR.test(token)) return { ok: true, token }
  }
  const trimmed = value.trim()
  if (trimmed === '') return { ok: false, failure: { reason: 'empty' } }

  let end = 0
  while (end < trimmed.length && !isSeparator(trimmed.charCodeAt(end))) end++
  const first = trimmed.slice(0, end)

  if (first.toLowerCase() === 'bearer') {
    // H6: the Bearer scheme, but not exactly "Bearer" + one space + one token.
    const rest = trimmed.slice(end)
    const restTrimmed = rest.trim()
    let detail: MalformedDetail
    if (restTrimmed === '') detail = 'no-token'
    else if (hasSeparator(restTrimmed, 0)) detail = 'extra-token'
    else detail = 'whitespace'
    return { ok: false, failure: { reason: 'malformed', detail } }
  }
  // H4: a raw key with no scheme. Checked on the first token so "svc_live_… extra" is H4 too.
  if (first.startsWith(`${keyPrefix}_`)) return { ok: false, failure: { reason: 'raw-key' } }
  // H5: any other scheme. It is named in the message only when credentials follow it and it is a
  // short plain token: a lone token may itself be another provider's secret, never to be echoed.
  const named = end < trimmed.length && SCHEME_DISPLAY.test(first)
  return { ok: false, failure: { reason: 'other-scheme', scheme: named ? first : '' } }
}

/** Query parameter names that people put keys in (H10). */
const QUERY_KEY_NAMES = new Set(['api_key', 'apikey', 'key', 'access_token', 'token'])

/** H10: does the query string look like it carries a key? *
 * @example
 * queryCarriesKey('api_key=abc', 'svc') // true
 */
export function queryCarriesKey(query: string | undefined, keyPrefix: string): boolean {
  if (!query) return false
  const params = new URLSearchParams(query)
  for (const [name, value] of params) {
    if (QUERY_KEY_NAMES.has(name.toLowerCase()) || value.startsWith(`${keyPrefix}_`)) return true
  }
  return false
}

type ApiKeyHeader = { state: 'absent' } | { state: 'value'; token: string } | { state: 'invalid'; detail: FormatDetail }

/** H8: x-api-key is absent when not sent or blank; two lines or a comma-joined value is no key. */
function readApiKeyHeader(raw: RequestView['apiKey']): ApiKeyHeader {
  if (raw === undefined) return { state: 'absent' }
  let value: string
  if (typeof raw === 'string') value = raw
  else if (raw.length === 0) return { state: 'absent' }
  else if (raw.length === 1) value = raw[0]!
  else return { state: 'invalid', detail: 'multiple' }
  if (value.trim() === '') return { state: 'absent' }
  if (value.includes(',')) return { state: 'invalid', detail: 'multiple' }
  return { state: 'value', token: value }
}

/**
 * Decides what credential a request carries, in the order of H1–H10 (docs/credentials.md). Pure: it reads
 * only the view it is given and never throws for any input. `apiKeyHeader` false: `X-API-Key` is
 * not read (the legacy header is switched off).
 *
 * @example
 * extractCredentials({ authorization: ['Bearer a', 'Bearer b'] }, 'svc')
 * // { kind: 'failure', failure: { reason: 'malformed', detail: 'duplicate' } }
 */
export function extractCredentials(view: RequestView, keyPrefix: string, apiKeyHeader = true): Credentials {
  if (view.headersTruncated === true) return { kind: 'failure', failure: { reason: 'malformed', detail: 'truncated' } }
  const raw = view.authorization
  let authorizationFailure: CredentialFailure | null = null
  let authorizationPresent = true

  if (raw === undefined || (typeof raw !== 'string' && raw.length === 0)) {
    authorizationPresent = false
  } else if (typeof raw !== 'string' && raw.length > 1) {
    // H1: counted on raw header lines, not on a joined value.
    authorizationFailure = { reason: 'malformed', detail: 'duplicate' }
  } else {
    const parsed = parseAuthorization(typeof raw === 'string' ? raw : raw[0]!, keyPrefix)
    if (parsed.ok) return { kind: 'bearer', token: parsed.token }
    authorizationFailure = parsed.failure
  }

  const apiKey = readApiKeyHeader(apiKeyHeader ? view.apiKey : undefined)
  if (apiKey.state === 'value') {
    return { kind: 'api-key', token: apiKey.token, fallbackFailure: authorizationFailure }
  }
  if (authorizationPresent) return { kind: 'failure', failure: authorizationFailure! }
  if (apiKey.state === 'invalid') {
    return { kind: 'failure', failure: { reason: 'apikey-format', detail: apiKey.detail } }
  }
  return {
    kind: 'failure',
    failure: { reason: 'missing', queryKey: queryCarriesKey(view.query, keyPrefix) },
  }
}
