/**
 * The error catalogue (docs/credentials.md, docs/responses-and-limits.md): every code, its
 * status and its message text, in one table so the targeted texts can be reviewed together.
 * Messages never echo more of a key than its public prefix.
 */

/** Every error code keyward answers with. */
export type ErrorCode =
  | 'UNAUTHORIZED'
  | 'INVALID_API_KEY_FORMAT'
  | 'INVALID_API_KEY'
  | 'API_KEY_REVOKED'
  | 'API_KEY_EXPIRED'
  | 'API_KEY_DISABLED'
  | 'forbidden'
  | 'rate_limited'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_request'
  | 'payload_too_large'
  | 'conflict'
  | 'INTERNAL_ERROR'
  | 'service_unavailable'

/** HTTP status of each code. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  UNAUTHORIZED: 401,
  INVALID_API_KEY_FORMAT: 401,
  INVALID_API_KEY: 401,
  API_KEY_REVOKED: 401,
  API_KEY_EXPIRED: 401,
  API_KEY_DISABLED: 401,
  forbidden: 403,
  rate_limited: 429,
  not_found: 404,
  method_not_allowed: 405,
  invalid_request: 400,
  payload_too_large: 413,
  conflict: 409,
  INTERNAL_ERROR: 500,
  service_unavailable: 503,
}

/** The names a message is written with: `svc` (keyPrefix) and `Svc` (serviceName). */
export interface MessageNames {
  keyPrefix: string
  serviceName: string
  /** What the host tells a key holder to do next; each replaces the default remedy sentence. */
  remedies?: Readonly<Remedies> | undefined
}

/** The remedy sentences a host may set: where its users make or find keys. */
export interface Remedies {
  /** After "This API key has been revoked." Default: make a new key in the dashboard. */
  revoked?: string | undefined
  /** After "This API key has expired." Default: make a replacement in the dashboard. */
  expired?: string | undefined
  /** After a masked value was sent. Default: use the full key shown once at creation. */
  masked?: string | undefined
}

/** Why a Bearer header is malformed, said in the message tail. */
export type MalformedDetail = 'duplicate' | 'no-token' | 'whitespace' | 'extra-token' | 'truncated'

/** Why a token is not a key, said in the message tail. */
export type FormatDetail = 'prefix' | 'length' | 'alphabet' | 'checksum' | 'masked' | 'multiple'

const MALFORMED_TAIL: Record<MalformedDetail, string> = {
  duplicate: 'the header was sent more than once; send it exactly once',
  'no-token': 'no key follows the Bearer scheme',
  whitespace: 'use exactly one space after "Bearer" and no other whitespace',
  'extra-token': 'more than one value follows the Bearer scheme',
  truncated:
    'the request has more header lines than this server reads, so a second one may have been dropped; send fewer headers',
}

/**
 * The message texts. Each begins with the exact prefix of docs/credentials.md, which clients
 * compare by; what follows the prefix is help for a human and may change.
 */
export const MESSAGES = {
  /** H2 */
  missingAuthorization: (_: MessageNames) =>
    'Missing Authorization header. Send your API key as "Authorization: Bearer <your-key>".',
  /** H10: the H2 text, plus why a key in the query string did not count. */
  missingAuthorizationQueryKey: (_: MessageNames) =>
    'Missing Authorization header. Query-string API keys are not accepted; send the key as "Authorization: Bearer <your-key>" from your backend.',
  /** H3 */
  emptyAuthorization: (_: MessageNames) =>
    'Authorization header is present but empty. Send "Authorization: Bearer <your-key>".',
  /** H4 */
  rawKey: (_: MessageNames) =>
    'API key detected in the Authorization header without the required prefix. Send "Authorization: Bearer <your-key>".',
  /** H5 */
  otherScheme: (n: MessageNames, scheme: string) =>
    `${n.serviceName} requires the Authorization: Bearer <your-key> header${scheme ? ` (the ${scheme} scheme is not accepted)` : ''}.`,
  /** H1, H6 */
  malformed: (_: MessageNames, detail: MalformedDetail) =>
    `Malformed Authorization header: expected "Bearer <your-key>"; ${MALFORMED_TAIL[detail]}.`,
  /** H9, K1, K2, K4 */
  invalidFormat: (n: MessageNames, detail: FormatDetail) => {
    const base = `API key must start with ${n.keyPrefix}_live_ or ${n.keyPrefix}_test_`
    switch (detail) {
      case 'prefix':
        return `${base}.`
      case 'length':
        return `${base} followed by 38 letters and digits; this value has the wrong length.`
      case 'alphabet':
        return `${base} followed by 38 letters and digits; this value holds other characters.`
      case 'checksum':
        return `${base}; this value's checksum does not match, so it was mistyped or truncated.`
      case 'masked':
        return `${base}; this is a masked value, which never authenticates. ${n.remedies?.masked ?? 'Use the full key shown once at creation.'}`
      case 'multiple':
        return `${base}; the x-api-key header holds more than one value.`
    }
  },
  /** H9 */
  unknownKey: (n: MessageNames, keyType: 'live' | 'test') =>
    `Invalid API key \u2014 no matching ${keyType} (${n.keyPrefix}_${keyType}_) key found.`,
  /** H9, K6 */
  revoked: (n: MessageNames) =>
    `This API key has been revoked. ${n.remedies?.revoked ?? 'Revocation is permanent; create a new key in the dashboard.'}`,
  /** H9, K6 */
  expired: (n: MessageNames) =>
    `This API key has expired. ${n.remedies?.expired ?? 'Create a replacement key in the dashboard.'}`,
  /** M5: suspended, not revoked, so the remedy is to ask for it back, not to replace it. */
  disabled: (_: MessageNames) =>
    'This API key is disabled. It has been suspended and can be enabled again; contact the owner of this service.',
  /** L6 */
  missingScope: (_: MessageNames, scope: string) =>
    `This API key has no access to this resource: it lacks the "${scope}" scope.`,
  /** M6 */
  addressNotAllowed: (_: MessageNames) =>
    'This API key is not allowed from this address. Its owner lists the addresses it may be used from.',
  /** M7: the query is the host's own route setting, shown so the holder knows what to ask for. */
  missingPermission: (_: MessageNames, query: string) =>
    `This API key lacks the permission this route requires: ${query}.`,
  /** L6 */
  liveOnly: (n: MessageNames) =>
    `This API key has no access to this resource: it needs a live (${n.keyPrefix}_live_) key; sandbox keys are not accepted here.`,
  /** L4 */
  minuteLimit: (_: MessageNames, limit: number, retryAfter: number) =>
    `Rate limit exceeded: ${limit} requests per minute. Retry after ${retryAfter} s.`,
  /** L4 */
  monthQuota: (_: MessageNames, limit: number, retryAfter: number) =>
    `Monthly quota exceeded: ${limit} requests per month. The quota resets in ${retryAfter} s.`,
  /** M1, L4: the named limit that refused; `per` is its window in words, null for a month. */
  namedLimit: (_: MessageNames, name: string, limit: number, per: string | null, retryAfter: number) =>
    per === null
      ? `Monthly quota exceeded: ${limit} requests per month (limit "${name}"). The quota resets in ${retryAfter} s.`
      : `Rate limit exceeded: ${limit} requests per ${per} (limit "${name}"). Retry after ${retryAfter} s.`,
  /** M3: the credits left are fewer than the request costs; `retryAfter` 0 when they never refill. */
  noCredits: (_: MessageNames, remaining: number, retryAfter: number) =>
    `This API key has no credits left for this request (${remaining} left). ${
      retryAfter > 0 ? `They refill in ${retryAfter} s.` : 'Top up its credits to continue.'
    }`,
  /** E7 */
  failedAuthentications: (_: MessageNames, retryAfter: number) =>
    `Too many failed authentication attempts from this address. Retry after ${retryAfter} s.`,
  /** R5 */
  internal: (_: MessageNames, requestId: string) =>
    `Internal error while authenticating the request. Retry once; if it persists, contact support quoting request id ${requestId}.`,
  /** R3, R4 */
  notFound: (_: MessageNames) => 'Not found: no route matches this path.',
  /** R3, E2 */
  methodNotAllowed: (_: MessageNames, method: string, allow: string) =>
    `Method ${method} is not allowed here; allowed: ${allow}.`,
} as const

/** The fixed prefixes clients compare `error.message` by (docs/credentials.md). */
export function messagePrefixes(n: MessageNames) {
  return {
    missingAuthorization: 'Missing Authorization header',
    rawKey: 'API key detected in the Authorization header without the required prefix',
    otherScheme: `${n.serviceName} requires the Authorization: Bearer <your-key> header`,
    emptyAuthorization: 'Authorization header is present but empty',
    malformed: 'Malformed Authorization header',
    invalidFormat: `API key must start with ${n.keyPrefix}_live_ or ${n.keyPrefix}_test_`,
    unknownLive: `Invalid API key \u2014 no matching live (${n.keyPrefix}_live_) key found`,
    unknownTest: `Invalid API key \u2014 no matching test (${n.keyPrefix}_test_) key found`,
    revoked: 'This API key has been revoked',
    expired: 'This API key has expired',
    disabled: 'This API key is disabled',
    addressNotAllowed: 'This API key is not allowed from this address',
    missingPermission: 'This API key lacks the permission',
  } as const
}

/**
 * The dashboard's message texts (E5, R3). Field names from a request body are echoed only when
 * they are short identifiers, so a key pasted as a field name is never repeated back.
 */
export const DASHBOARD_MESSAGES = {
  /** N2: the service counts no outcomes, so there is no series to read. */
  analyticsOff: (n: MessageNames) => `Not found: the ${n.serviceName} service keeps no usage analytics.`,
  /** E5: the host's guard refused the request. */
  unauthorized: (n: MessageNames) =>
    `The ${n.serviceName} dashboard requires the Authorization: Bearer <dashboard-token> header.`,
  /** E5, E7: too many refused dashboard requests from one address in the last minute. */
  failedAuthorizations: (_: MessageNames, retryAfter: number) =>
    `Too many failed dashboard authorization attempts from this address. Retry after ${retryAfter} s.`,
  /** So many requests of one address are being checked at once that this one found no slot in time. */
  busy: () => 'Too many dashboard requests from this address are being checked at once. Retry after 1 s.',
  /** U2: a request carrying a cookie without the header another site's page cannot send. */
  crossSite: () =>
    'Dashboard requests that carry a cookie must send the X-Keyward-Request: 1 header; another site cannot send it for you.',
  /** A10: a state-changing request from another site's page, refused whatever credentials it carries. */
  otherSite: () =>
    "Dashboard requests that change keys must come from this site's own pages; " +
    'this one came from another site and was refused. If it came from your own admin page on another address, ' +
    "list that page's origin (such as https://admin.example.com) in the dashboard's trustedOrigins option; " +
    'behind a proxy that changes the Host header, the proxy can instead send X-Forwarded-Host.',
  /** E5, R5: the guard itself failed; never fail open. */
  guardFailed: (_: MessageNames, requestId: string) =>
    `Internal error while checking dashboard access. Retry once; if it persists, contact support quoting request id ${requestId}.`,
  /** E5, R5: a store fault while managing keys or reading usage. */
  internal: (_: MessageNames, requestId: string) =>
    `Internal error while handling the dashboard request. Retry once; if it persists, contact support quoting request id ${requestId}.`,
  /** E5, R3 */
  keyNotFound: (_: MessageNames) => 'Not found: no API key has this id.',
  /** E5, R3 */
  payloadTooLarge: (_: MessageNames, maxBytes: number) => `The request body is larger than ${maxBytes} bytes.`,
  /** E5 */
  bodyRequired: (_: MessageNames) =>
    'body is required: send a JSON object { name, sandbox?, expiresAt?, scopes?, limits? }.',
  /** E5 */
  contentType: (_: MessageNames) => 'Content-Type must be application/json (charset utf-8, if given).',
  /** E5 */
  malformedJson: (_: MessageNames) => 'body is not valid JSON.',
  /** E5 */
  notAnObject: (_: MessageNames) => 'body must be a JSON object { name, sandbox?, expiresAt?, scopes?, limits? }.',
  /** E5: JSON.parse keeps the last of two equal names, so a repeated field is refused instead. */
  duplicateField: (_: MessageNames, field: string | null) =>
    field === null
      ? 'body holds a field more than once; send each field once.'
      : `${field} is given more than once; send each field once.`,
  /** E5: `field` is already safe to show (or null when it is not). */
  unknownField: (_: MessageNames, field: string | null, allowed: string) =>
    field === null
      ? `body holds a field that is not allowed; allowed: ${allowed}.`
      : `${field} is not a known field; allowed: ${allowed}.`,
  /** E5: numbers and other non-strings are not ISO 8601. */
  expiresAtType: (_: MessageNames) =>
    'expiresAt must be an ISO 8601 instant string with a time zone (e.g. 2027-01-01T00:00:00Z), or null for no expiry.',
  /** E5 */
  usageLimit: (_: MessageNames) => 'limit must be an integer from 1 to 1000 (default 100).',
  /** E5 */
  usageParameterRepeated: (_: MessageNames, name: string) => `${name} must be given at most once.`,
} as const

/**
 * Texts of the HTTP layer (the adapter kit and the adapters): framework
 * errors and requests Node's parser refuses (R2, R3).
 * None of them ever repeats request data.
 */
export const HTTP_MESSAGES = {
  /** Written once to the console: requests come through a proxy that the adapter does not trust. */
  untrustedProxy: (adapter: string) =>
    `${adapter}: requests carry X-Forwarded-For but the option trustProxy is off, so every client behind that proxy ` +
    "shares one failed-authentication budget and usage entries show the proxy's address. Set trustProxy to the " +
    'number of proxies in front of this server (or true), or remove the header at the edge.',
  /** R3: the framework refused the body as too large. */
  payloadTooLarge: (_: MessageNames) => 'The request body is too large.',
  /** R3: the body is not valid JSON (body parsers of the frameworks). */
  invalidJson: (_: MessageNames) => 'Invalid request: the request body is not valid JSON.',
  /** R3: the framework could not accept the request (unsupported media type, bad encoding, …). */
  invalidRequest: (_: MessageNames) => 'Invalid request: the request could not be read.',
  /** R3: a route's own schema refused the request; `detail` is the schema's text, never request data. */
  invalidRequestDetail: (_: MessageNames, detail: string) => `Invalid request: ${detail}.`,
  /** R2: a handler or the framework failed. */
  serverError: (_: MessageNames, requestId: string) =>
    `Internal server error. Retry once; if it persists, contact support quoting request id ${requestId}.`,
  /** R2: Node's parser refused the request head as too large. */
  headersTooLarge: (_: MessageNames) => 'Request header fields too large.',
  /** R2: the request head did not arrive in time. */
  requestTimeout: (_: MessageNames) => 'The request head was not received in time.',
  /** R2: Node's parser refused the request as malformed HTTP. */
  malformedRequest: (_: MessageNames) => 'Malformed HTTP request.',
} as const
