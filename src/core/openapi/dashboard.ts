/**
 * The key-management routes (the dashboard) as path items, for a host that documents them: every
 * answer carries `Cache-Control: no-store`, and the guard the host supplies decides who may ask
 * (described as an HTTP bearer scheme, as the reference server's guard reads it).
 */
import { codesOf, errorContent, requestIdHeader } from './components.js'
import { successSchema } from './endpoints.js'
import type { OpenApiObject } from './types.js'

/** The security scheme of the dashboard's guard. */
export const DASHBOARD_SCHEME = 'dashboardAuth'

/** The dashboard's own responses in `components.responses`, by status. */
export const DASHBOARD_RESPONSE_NAMES = {
  400: 'KeyManagementInvalidRequest',
  401: 'KeyManagementUnauthorized',
  403: 'KeyManagementForbidden',
  404: 'KeyManagementNotFound',
  405: 'KeyManagementMethodNotAllowed',
  409: 'KeyManagementConflict',
  413: 'KeyManagementPayloadTooLarge',
  429: 'KeyManagementRateLimited',
  500: 'KeyManagementInternalError',
} as const

type Status = keyof typeof DASHBOARD_RESPONSE_NAMES

const text = { type: 'string' }
const integer = { type: 'integer', minimum: 0 }
const nullable = (schema: OpenApiObject) => ({ oneOf: [schema, { type: 'null' }] })
const noStore = {
  'Cache-Control': { description: 'Never cached.', required: true, schema: { ...text, enum: ['no-store'] } },
}
const headers = () => ({ ...requestIdHeader(), ...noStore })
const ref = (status: Status) => ({ $ref: `#/components/responses/${DASHBOARD_RESPONSE_NAMES[status]}` })

const ERROR_DESCRIPTIONS: Record<Status, [string, Record<string, OpenApiObject>?]> = {
  400: ['The body or query breaks a field rule; the message names the field.'],
  401: ['The dashboard guard did not recognise the caller.', { 'WWW-Authenticate': { required: true, schema: text } }],
  403: ['The caller may not act for that owner, or the request came from another site.'],
  404: ['No key (or route) with that id or path.'],
  405: ['The path does not answer this method.', { Allow: { required: true, schema: text } }],
  409: ['The key is revoked and cannot be changed this way.'],
  413: ['The body is larger than the dashboard reads.'],
  429: ['Too many failed attempts from this address.', { 'Retry-After': { required: true, schema: integer } }],
  500: ['The server failed; retry once, then quote the request id.'],
}

/** The dashboard's responses for `components.responses`. */
export function dashboardResponses(): Record<string, OpenApiObject> {
  const responses: Record<string, OpenApiObject> = {}
  for (const [status, [description, extra]] of Object.entries(ERROR_DESCRIPTIONS)) {
    responses[DASHBOARD_RESPONSE_NAMES[Number(status) as Status]] = {
      description: `${description} The error code is one of: ${codesOf(Number(status)).join(', ')}.`,
      headers: { ...headers(), ...extra },
      content: errorContent(codesOf(Number(status))),
    }
  }
  return responses
}

const BILLING_MONTH = {
  type: 'object',
  required: ['month'],
  properties: {
    month: { type: 'object', required: ['day'], properties: { day: { ...integer, minimum: 1, maximum: 28 } } },
  },
}
/** A named limit: its window in ms, a duration such as "10s", "month", or a billing month. */
const NAMED_LIMIT = {
  type: 'object',
  required: ['name', 'limit', 'window'],
  properties: {
    name: { ...text, pattern: '^[a-z][a-z0-9_-]{0,31}$' },
    limit: { ...integer, minimum: 1 },
    window: { oneOf: [{ ...integer, minimum: 1000, maximum: 2_678_400_000 }, text, BILLING_MONTH] },
  },
}
/** A key's scopes: `*` alone is every scope, an empty list reaches no scoped route. */
const SCOPES = { type: 'array', maxItems: 50, items: text }
const LIMITS = {
  oneOf: [
    { type: 'object', properties: { perMinute: integer, perMonth: integer } },
    { type: 'array', minItems: 1, maxItems: 10, items: NAMED_LIMIT },
  ],
}
/** A key's credits: what is left and how they refill. */
const CREDITS = {
  type: 'object',
  required: ['remaining'],
  properties: {
    remaining: { ...integer, minimum: 0 },
    refill: {
      type: 'object',
      required: ['amount', 'every'],
      properties: {
        amount: { ...integer, minimum: 1 },
        every: { ...text, enum: ['day', 'month'] },
        day: { ...integer, minimum: 1, maximum: 28 },
      },
    },
  },
}
/** An update's credits: new credits, or `{ add }` to top up what is left. */
const CREDITS_CHANGE = {
  oneOf: [CREDITS, { type: 'object', required: ['add'], properties: { add: { ...integer, minimum: 1 } } }],
}
const RECORD: OpenApiObject = {
  type: 'object',
  required: ['id', 'name', 'keyType', 'maskedKey', 'status', 'ownerId', 'meta', 'createdAt'],
  properties: {
    id: text,
    name: text,
    keyType: { ...text, enum: ['live', 'test'] },
    maskedKey: text,
    status: { ...text, enum: ['active', 'revoked', 'expired'] },
    ownerId: nullable(text),
    meta: nullable({ type: 'object' }),
    createdAt: { ...text, format: 'date-time' },
    expiresAt: nullable({ ...text, format: 'date-time' }),
    revokedAt: nullable({ ...text, format: 'date-time' }),
    lastUsedAt: nullable({ ...text, format: 'date-time' }),
    scopes: SCOPES,
    limits: nullable(LIMITS),
    enabled: { type: 'boolean' },
    allowedIps: nullable({ type: 'array', items: text }),
    roles: nullable({ type: 'array', items: text }),
    credits: nullable(CREDITS),
  },
}
const WITH_KEY = { allOf: [RECORD, { type: 'object', required: ['key'], properties: { key: text } }] }
const USAGE_ENTRY = {
  type: 'object',
  required: ['keyId', 'requestId', 'timestamp', 'method', 'path', 'status', 'code'],
  properties: {
    keyId: text,
    ownerId: nullable(text),
    requestId: text,
    timestamp: { ...text, format: 'date-time' },
    method: text,
    path: text,
    status: { type: 'integer' },
    code: {
      ...nullable(text),
      description:
        'The error code of a request keyward refused (a revoked, expired or suspended key, a route the key may not use, a limit or its credits); null for a request it admitted.',
    },
    ip: nullable(text),
    country: nullable(text),
  },
}

const AUDIT_ENTRY = {
  type: 'object',
  required: ['id', 'time', 'action', 'actor', 'keyId', 'ownerId', 'fields'],
  properties: {
    id: text,
    time: { ...text, format: 'date-time' },
    action: {
      ...text,
      enum: ['created', 'updated', 'suspended', 'enabled', 'revoked', 'revoked_all', 'rotated', 'imported'],
    },
    actor: nullable({
      ...text,
      description:
        'admin, owner:<ownerId>, cli, system:<part> (system:secret-scanning) or host:<actor passed by the host>',
    }),
    keyId: nullable(text),
    ownerId: nullable(text),
    fields: { type: 'array', items: text },
  },
}

const names = { type: 'array', items: text }

/** `GET /session`: the principal, and for an owner what it may give its keys (null for the administrator). */
const SESSION = {
  type: 'object',
  required: ['role', 'ownerId', 'grants'],
  properties: {
    role: { ...text, enum: ['admin', 'owner'] },
    ownerId: nullable(text),
    grants: nullable({
      type: 'object',
      required: ['scopes', 'meta', 'roles'],
      properties: {
        scopes: { ...names, description: 'Scopes the owner may give its keys; a wildcard counts by what it grants.' },
        meta: { ...names, description: 'Top-level meta fields the owner may write.' },
        roles: { ...names, description: 'Roles the owner may give its keys.' },
      },
    }),
  },
}

function ok(description: string, data: OpenApiObject): OpenApiObject {
  return { description, headers: headers(), content: { 'application/json': { schema: successSchema(data) } } }
}

function body(properties: Record<string, OpenApiObject>, required: string[] = []): OpenApiObject {
  return {
    required: required.length > 0,
    content: { 'application/json': { schema: { type: 'object', required, properties } } },
  }
}

const query = (name: string, schema: OpenApiObject) => ({ name, in: 'query', required: false, schema })
const path = (name: string) => ({ name, in: 'path', required: true, schema: text })

function operation(
  operationId: string,
  summary: string,
  success: Record<string, OpenApiObject>,
  refusals: Status[],
  extra: OpenApiObject = {},
): OpenApiObject {
  const responses: Record<string, OpenApiObject> = { ...success }
  for (const status of [401, 403, ...refusals, 429, 500] as Status[]) responses[status] = ref(status)
  return { operationId, summary, tags: ['Key management'], security: [{ [DASHBOARD_SCHEME]: [] }], ...extra, responses }
}

/** The dashboard's path items under `prefix` (default `/api/dashboard`). */
export function dashboardPaths(prefix: string): Record<string, Record<string, OpenApiObject>> {
  const created = { 201: ok('The key: the only answer that holds it in full.', WITH_KEY) }
  const record = (description: string) => ({ 200: ok(description, RECORD) })
  const owner = query('ownerId', text)
  const create = body(
    {
      name: text,
      sandbox: { type: 'boolean' },
      expiresAt: nullable(text),
      scopes: SCOPES,
      limits: LIMITS,
      ownerId: text,
      meta: { type: 'object' },
      enabled: { type: 'boolean' },
      allowedIps: nullable({ type: 'array', items: text }),
      roles: nullable({ type: 'array', items: text }),
      credits: nullable(CREDITS),
    },
    ['name'],
  )
  const update = body({
    name: text,
    meta: nullable({ type: 'object' }),
    scopes: SCOPES,
    limits: nullable(LIMITS),
    enabled: { type: 'boolean' },
    allowedIps: nullable({ type: 'array', items: text }),
    roles: nullable({ type: 'array', items: text }),
    credits: nullable(CREDITS_CHANGE),
    expiresAt: nullable(text),
  })
  const rotate = body({ gracePeriodSeconds: integer, expiresAt: nullable(text), name: text })
  const list = {
    parameters: [owner, query('status', text), query('keyType', text), query('limit', integer), query('cursor', text)],
  }
  return {
    [`${prefix}/api-keys`]: {
      get: operation(
        'listApiKeys',
        'List API keys, newest first',
        { 200: ok('A page of keys.', { type: 'array', items: RECORD }) },
        [400, 403],
        list,
      ),
      post: operation('createApiKey', 'Create an API key', created, [400, 413], { requestBody: create }),
    },
    [`${prefix}/api-keys/usage`]: {
      get: operation(
        'listUsage',
        'Read the usage log, newest first',
        { 200: ok('Usage entries.', { type: 'array', items: USAGE_ENTRY }) },
        [400, 404],
        {
          parameters: [query('keyId', text), owner, query('limit', integer)],
        },
      ),
    },
    [`${prefix}/audit`]: {
      get: operation(
        'listAuditEntries',
        'Read the audit trail of key changes, newest first',
        { 200: ok('A page of audit entries.', { type: 'array', items: AUDIT_ENTRY }) },
        [400, 404],
        { parameters: [owner, query('keyId', text), query('limit', integer), query('cursor', text)] },
      ),
    },
    [`${prefix}/session`]: {
      get: operation(
        'describeSession',
        'Who this session is and what it may give its keys',
        { 200: ok('The session.', SESSION) },
        [],
      ),
    },
    [`${prefix}/api-keys/{id}`]: {
      get: operation('getApiKey', 'Read an API key', record('The key.'), [404], { parameters: [path('id')] }),
      patch: operation('updateApiKey', 'Change an API key', record('The key, changed.'), [400, 404, 409, 413], {
        parameters: [path('id')],
        requestBody: update,
      }),
    },
    [`${prefix}/api-keys/{id}/revoke`]: {
      post: operation('revokeApiKey', 'Revoke an API key', record('The key, revoked.'), [404], {
        parameters: [path('id')],
      }),
    },
    [`${prefix}/api-keys/{id}/rotate`]: {
      post: operation(
        'rotateApiKey',
        'Replace an API key',
        {
          201: ok('The new key, and the old one.', {
            allOf: [WITH_KEY, { type: 'object', properties: { previous: RECORD } }],
          }),
        },
        [400, 404, 409, 413],
        {
          parameters: [path('id')],
          requestBody: rotate,
        },
      ),
    },
    [`${prefix}/owners/{ownerId}/revoke-all`]: {
      post: operation(
        'revokeOwnerKeys',
        'Revoke every key of an owner',
        {
          200: ok('How many keys were revoked.', {
            type: 'object',
            required: ['revoked'],
            properties: { revoked: integer },
          }),
        },
        [403],
        {
          parameters: [path('ownerId')],
        },
      ),
    },
  }
}
