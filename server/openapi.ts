/**
 * The reference server's OpenAPI document: its own routes (E3, E4, whoami and the document
 * itself) described here, and keyward's part (security, refusals, headers, ping, the auth test
 * and the dashboard routes) added by `keyward.openapi().complete()`. Every framework serves the
 * same document.
 */
import type { Keyward, OpenApiDocument, OpenApiObject } from '../src/index.js'
import { type AppConfig, EMAIL_VALIDATE, IP_LOOKUP, REPORTS, WHOAMI } from './app.js'
import { DEFAULT_SECRET_SCANNING_PATH } from './env.js'
import { METER } from './meter.js'

/** Where the document answers: public, under the protected prefix. */
export const OPENAPI_PATH = '/api/v1/openapi.json'

const invalidRequest = { $ref: '#/components/responses/InvalidRequest' }
const nullable = (type: string, extra: OpenApiObject = {}) => ({ type: [type, 'null'], ...extra })

function ok(description: string, data: OpenApiObject, headers?: OpenApiObject): OpenApiObject {
  const meta = {
    type: 'object',
    required: ['timestamp'],
    properties: { timestamp: { type: 'string', format: 'date-time' } },
  }
  const schema = { type: 'object', required: ['data', 'meta'], properties: { data, meta } }
  return { description, ...(headers && { headers }), content: { 'application/json': { schema } } }
}

function object(properties: Record<string, OpenApiObject>): OpenApiObject {
  return { type: 'object', required: Object.keys(properties), properties }
}

function query(name: string, description: string): OpenApiObject {
  return { name, in: 'query', required: true, description, schema: { type: 'string', minLength: 1 } }
}

/** M10: the metered routes' `units` parameter: optional, 1 when absent. */
function units(least: number, description: string): OpenApiObject {
  return {
    name: 'units',
    in: 'query',
    required: false,
    description,
    schema: { type: 'integer', minimum: least, maximum: 1_000_000, default: 1 },
  }
}

/** M10: what both metered routes answer. */
const charged = () =>
  ok('The units charged to the key and its owner.', object({ charged: { type: 'integer', minimum: 0 } }))

/** The server's own routes, before keyward's part. */
function ownPaths(): NonNullable<OpenApiDocument['paths']> {
  const noStore = { 'Cache-Control': { description: 'Never cached.', schema: { type: 'string', enum: ['no-store'] } } }
  return {
    [IP_LOOKUP.path]: {
      get: {
        operationId: 'lookupIp',
        summary: 'Read the version of an IP address',
        tags: ['Lookups'],
        parameters: [query('ip', 'One IPv4 or IPv6 address.')],
        responses: {
          200: ok(
            'The address and its version.',
            object({ ip: { type: 'string' }, version: { type: 'integer', enum: [4, 6] } }),
          ),
          400: invalidRequest,
        },
      },
    },
    [EMAIL_VALIDATE.path]: {
      get: {
        operationId: 'validateEmail',
        summary: 'Check the form of an email address',
        tags: ['Lookups'],
        parameters: [query('email', 'The address to check.')],
        responses: {
          200: ok(
            'Whether the address has a deliverable form.',
            object({ email: { type: 'string' }, valid: { type: 'boolean' } }),
          ),
          400: invalidRequest,
        },
      },
    },
    [REPORTS.path]: {
      get: {
        operationId: 'listReports',
        summary: 'List the reports (needs reports.read and billing.read or billing.admin)',
        tags: ['Lookups'],
        responses: {
          200: ok('The reports.', object({ reports: { type: 'array', items: { type: 'object' } } })),
        },
      },
    },
    [METER.path]: {
      get: {
        operationId: 'meter',
        summary: 'Charge units as the request’s cost (needs the meter scope)',
        tags: ['Metering'],
        parameters: [units(0, 'The units the request costs in every limit of the key; 0 only checks them.')],
        responses: { 200: charged(), 400: invalidRequest },
      },
    },
    [METER.chargePath]: {
      post: {
        operationId: 'meterCharge',
        summary: 'Charge units after admission (needs the meter scope)',
        tags: ['Metering'],
        parameters: [units(1, 'The units to charge: 1 on admission, the rest once the request is admitted.')],
        responses: { 200: charged(), 400: invalidRequest },
      },
    },
    [WHOAMI.path]: {
      get: {
        operationId: 'whoami',
        summary: 'Describe the calling API key',
        tags: ['Authentication'],
        responses: {
          200: ok(
            'The key that made the request.',
            object({
              keyId: { type: 'string' },
              name: { type: 'string' },
              keyType: { type: 'string', enum: ['live', 'test'] },
              ownerId: nullable('string'),
              scopes: { type: 'array', items: { type: 'string' } },
              expiresAt: nullable('string', { format: 'date-time' }),
            }),
            noStore,
          ),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        tags: ['Documentation'],
        responses: {
          200: {
            description: 'The OpenAPI 3.1 document.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  }
}

/** Where the app serves GitHub's secret scanning endpoint, or false when it serves none. */
function scanningPathOf(option: AppConfig['secretScanning']): string | false {
  if (option === undefined) return false
  return option === true ? DEFAULT_SECRET_SCANNING_PATH : (option.path ?? DEFAULT_SECRET_SCANNING_PATH)
}

/**
 * The reference server's complete document for `keyward`'s settings (legacy header, IETF fields)
 * and the app's secret scanning endpoint, when it serves one.
 *
 * @example
 * const body = JSON.stringify(referenceDocument(keyward, config.secretScanning))
 */
export function referenceDocument(
  keyward: Keyward,
  secretScanning: AppConfig['secretScanning'] = undefined,
): OpenApiDocument {
  const scanning = scanningPathOf(secretScanning)
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: `${keyward.serviceName} API`,
      version: '1.0.0',
      description: `The ${keyward.serviceName} API. Send your API key as "Authorization: Bearer <key>".`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      { name: 'Authentication', description: 'Checking an API key and the service.' },
      { name: 'Lookups', description: 'The demo lookups.' },
      { name: 'Metering', description: 'Requests that cost more than one unit.' },
      { name: 'Documentation', description: 'This document.' },
      { name: 'Key management', description: 'The dashboard routes, behind the dashboard token.' },
      ...(scanning === false
        ? []
        : [{ name: 'Secret scanning', description: 'Reports of leaked keys, signed by GitHub.' }]),
    ],
    paths: ownPaths(),
  }
  return keyward.openapi().complete(document, {
    dashboard: '/api/dashboard',
    secretScanning: scanning,
    routes: {
      [`GET ${IP_LOOKUP.path}`]: { scopes: [...IP_LOOKUP.scopes] },
      [`GET ${EMAIL_VALIDATE.path}`]: { scopes: [...EMAIL_VALIDATE.scopes] },
      [`GET ${REPORTS.path}`]: { permissions: REPORTS.permissions },
      [`GET ${METER.path}`]: { scopes: [...METER.scopes] },
      [`POST ${METER.chargePath}`]: { scopes: [...METER.scopes] },
      [`GET ${WHOAMI.path}`]: { consume: WHOAMI.consume },
      [`GET ${OPENAPI_PATH}`]: { public: true },
    },
  })
}
