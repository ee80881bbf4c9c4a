/**
 * What keyward adds to `components`: its security schemes, the error envelope, and the responses
 * it answers with, each with the headers it writes on them. The error codes come from the error
 * catalogue itself, so the document names exactly the codes keyward sends.
 */
import { ERROR_STATUS, type ErrorCode } from '../messages.js'
import type { OpenApiComponents, OpenApiObject, OpenApiSettings } from './types.js'

/** The names keyward gives its entries in `components`. */
export const NAMES = {
  bearer: 'bearerAuth',
  legacyHeader: 'apiKeyHeader',
  error: 'ApiError',
  errorCode: 'ApiErrorCode',
} as const

/** keyward's responses in `components.responses`, by status. */
export const RESPONSE_NAMES = {
  400: 'InvalidRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  429: 'RateLimited',
  431: 'HeaderFieldsTooLarge',
  500: 'InternalError',
} as const

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const integer = { type: 'integer', minimum: 0 }

function header(description: string, schema: OpenApiObject, required: boolean): OpenApiObject {
  return { description, required, schema }
}

/** `X-Request-ID`: on every response keyward writes. */
export function requestIdHeader(): Record<string, OpenApiObject> {
  const schema = { type: 'string', pattern: '^req_[A-Za-z0-9_-]{24,}$' }
  return { 'X-Request-ID': header('The id of this request; quote it when asking for support.', schema, true) }
}

/**
 * The headers of a response to an authenticated request: the per-minute limit always (`required`
 * says whether this response always has them), the monthly quota for keys that have one, the IETF
 * fields when switched on, and the deprecation notice for requests that used the legacy header.
 */
export function limitHeaders(settings: OpenApiSettings, required: boolean): Record<string, OpenApiObject> {
  const headers: Record<string, OpenApiObject> = {
    'X-RateLimit-Limit': header('Requests this key may make per minute.', integer, required),
    'X-RateLimit-Remaining': header('Requests left in the current minute.', integer, required),
    'X-RateLimit-Reset': header('Unix time (seconds) at which Remaining next rises.', integer, required),
    'X-Quota-Limit': header('Requests this key may make per calendar month (keys with a quota).', integer, false),
    'X-Quota-Remaining': header('Requests left this month (keys with a quota).', integer, false),
    'X-Quota-Reset': header('Unix time (seconds) at which the monthly quota renews.', integer, false),
    'X-Credits-Remaining': header('Credits the key has left after this request (keys with credits).', integer, false),
  }
  Object.assign(headers, ietfHeaders(settings, required))
  if (settings.legacyApiKeyHeader) {
    const note = 'Sent when the request used the deprecated x-api-key header'
    headers.Deprecation = header(`${note}: when it was deprecated.`, { type: 'string' }, false)
    headers.Link = header(`${note}: where to read how to migrate.`, { type: 'string' }, false)
  }
  return headers
}

function ietfHeaders(settings: OpenApiSettings, required: boolean): Record<string, OpenApiObject> {
  const draft = settings.ietfRateLimitHeaders
  if (draft === false) return {}
  const text = { type: 'string' }
  const policy = header('The limits that apply (IETF RateLimit-Policy field).', text, required)
  if (draft !== 'draft-6')
    return {
      RateLimit: header('The limit closest to refusing (IETF RateLimit field).', text, required),
      'RateLimit-Policy': policy,
    }
  return {
    'RateLimit-Limit': header('The limit closest to refusing (IETF draft field).', integer, required),
    'RateLimit-Remaining': header('Requests left under that limit (IETF draft field).', integer, required),
    'RateLimit-Reset': header('Seconds until that limit renews (IETF draft field).', integer, required),
    'RateLimit-Policy': policy,
  }
}

const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

/** The codes keyward answers with under a status, as the error catalogue lists them. */
export function codesOf(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status)
}

/**
 * The error envelope whose code is one of `codes`: a generated client then knows which codes a
 * status can carry.
 */
export function errorContent(codes: readonly ErrorCode[]): OpenApiObject {
  const code = { type: 'string', enum: codes }
  const narrowed = {
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'object', required: ['code'], properties: { code } } },
  }
  return { 'application/json': { schema: { allOf: [schemaRef(NAMES.error), narrowed] } } }
}

function errorResponse(
  status: number,
  description: string,
  headers: Record<string, OpenApiObject>,
  codes = codesOf(status),
): OpenApiObject {
  return {
    description: `${description} The error code is one of: ${codes.join(', ')}.`,
    headers: { ...requestIdHeader(), ...headers },
    content: errorContent(codes),
  }
}

function securitySchemes(settings: OpenApiSettings): Record<string, OpenApiObject> {
  const schemes: Record<string, OpenApiObject> = {
    [NAMES.bearer]: {
      type: 'http',
      scheme: 'bearer',
      description: `An API key (${settings.keyPrefix}_live_… or ${settings.keyPrefix}_test_…) sent as "Authorization: Bearer <key>".`,
    },
  }
  if (settings.legacyApiKeyHeader)
    schemes[NAMES.legacyHeader] = {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: 'Deprecated: the API key in the x-api-key header. Use the Authorization header instead.',
    }
  return schemes
}

function schemas(): Record<string, OpenApiObject> {
  return {
    [NAMES.errorCode]: { type: 'string', enum: ERROR_CODES, description: 'Why the request was refused.' },
    [NAMES.error]: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: schemaRef(NAMES.errorCode), message: { type: 'string' } },
        },
      },
    },
  }
}

/** keyward's `components`: security schemes, the error envelope, and its responses. */
export function buildComponents(
  settings: OpenApiSettings,
): Required<Pick<OpenApiComponents, 'securitySchemes' | 'schemas' | 'responses'>> {
  const limits = limitHeaders(settings, true)
  const maybeLimits = limitHeaders(settings, false)
  const challenge = {
    'WWW-Authenticate': header('The Bearer challenge (RFC 6750).', { type: 'string' }, true),
  }
  const retryAfter = { 'Retry-After': header('Seconds until the request would be admitted.', integer, true) }
  const allow = { Allow: header('The methods this path answers.', { type: 'string' }, true) }
  return {
    securitySchemes: securitySchemes(settings),
    schemas: schemas(),
    responses: {
      [RESPONSE_NAMES[400]]: errorResponse(400, 'The request is invalid.', maybeLimits),
      [RESPONSE_NAMES[401]]: errorResponse(401, 'No usable API key was sent.', challenge),
      [RESPONSE_NAMES[403]]: errorResponse(403, 'The key may not use this route.', limits),
      [RESPONSE_NAMES[404]]: errorResponse(404, 'Nothing answers at this path.', maybeLimits),
      [RESPONSE_NAMES[405]]: errorResponse(405, 'The path does not answer this method.', allow),
      // Answered for the HTTP parser, before any route: a request whose head never completes or is too large.
      [RESPONSE_NAMES[408]]: errorResponse(408, 'The request head did not arrive in time.', {}, codesOf(400)),
      [RESPONSE_NAMES[431]]: errorResponse(431, 'The request head is too large.', {}, codesOf(400)),
      [RESPONSE_NAMES[429]]: errorResponse(429, 'A rate limit or quota is exhausted.', {
        ...retryAfter,
        ...maybeLimits,
      }),
      [RESPONSE_NAMES[500]]: errorResponse(500, 'The server failed; retry once, then quote the request id.', {}),
    },
  }
}
