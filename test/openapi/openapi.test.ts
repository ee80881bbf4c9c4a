/**
 * `keyward.openapi()` (X1): what it contributes follows the instance's options, its error codes
 * are the catalogue's, and `complete()` adds keyward's part to a host's document without changing
 * the one given, refusing options that name nothing and components it would overwrite.
 */
import { describe, expect, it } from 'vitest'
import { ERROR_STATUS } from '../../src/core/messages.js'
import { createKeyward, type OpenApiDocument } from '../../src/index.js'

const host = (): OpenApiDocument => ({
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1' },
  paths: {
    '/api/v1/reports/{id}': {
      get: { operationId: 'report', responses: { 200: { description: 'A report.' } } },
    },
    '/health': { get: { operationId: 'health', responses: { 200: { description: 'Up.' } } } },
  },
})

describe('keyward.openapi().components() (X1)', () => {
  it('names every error code of the catalogue, and only those, in the envelope', () => {
    const { schemas } = createKeyward().openapi().components()
    expect(schemas.ApiErrorCode!.enum).toEqual(Object.keys(ERROR_STATUS))
    expect(schemas.ApiError!.required).toEqual(['error'])
  })

  it('has the bearer scheme, and the x-api-key scheme only while the legacy header is accepted (H8)', () => {
    expect(createKeyward().openapi().components().securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
    })
    const strict = createKeyward({ legacyApiKeyHeader: false }).openapi().components()
    expect(Object.keys(strict.securitySchemes)).toEqual(['bearerAuth'])
    expect(Object.keys(strict.responses.Forbidden!.headers as object)).not.toContain('Deprecation')
  })

  it('declares WWW-Authenticate on 401, Retry-After on 429, Allow on 405 and X-Request-ID on each (H11, L4, R2, R3)', () => {
    const { responses } = createKeyward().openapi().components()
    const headers = (name: string) => Object.keys(responses[name]!.headers as object)
    expect(headers('Unauthorized')).toEqual(['X-Request-ID', 'WWW-Authenticate'])
    expect(headers('RateLimited')).toEqual(expect.arrayContaining(['X-Request-ID', 'Retry-After', 'X-RateLimit-Reset']))
    expect(headers('MethodNotAllowed')).toEqual(['X-Request-ID', 'Allow'])
    for (const name of Object.keys(responses)) expect(headers(name)).toContain('X-Request-ID')
  })

  it('declares the IETF fields of the draft the host switched on, and none otherwise (L3)', () => {
    const forbidden = (options: Parameters<typeof createKeyward>[0]) =>
      Object.keys(createKeyward(options).openapi().components().responses.Forbidden!.headers as object)
    expect(forbidden({})).not.toContain('RateLimit-Policy')
    expect(forbidden({ ietfRateLimitHeaders: 'draft-6' })).toEqual(
      expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']),
    )
    expect(forbidden({ ietfRateLimitHeaders: 'draft-8' })).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
    )
  })
})

describe('keyward.openapi().operation() (X1, L6)', () => {
  it('gives a scoped route its scopes, every protected route a 403 (a key may be limited to addresses: M6); a public one nothing', () => {
    const openapi = createKeyward().openapi()
    const scoped = openapi.operation({ scopes: ['reports:read'] })
    expect(scoped.security).toEqual([{ bearerAuth: ['reports:read'] }, { apiKeyHeader: ['reports:read'] }])
    expect(Object.keys(scoped.responses)).toEqual(['401', '403', '429', '500'])
    expect(Object.keys(openapi.operation().responses)).toEqual(['401', '403', '429', '500'])
    expect(openapi.operation({ liveOnly: true }).responses['403']).toBeDefined()
    const query = 'reports.read AND (billing.read OR billing.admin)'
    expect(openapi.operation({ permissions: query })['x-keyward-permissions']).toBe(query)
    expect(openapi.operation({ public: true, permissions: query })['x-keyward-permissions']).toBeUndefined()
    expect(openapi.operation({ public: true })).toEqual({
      security: [],
      responses: {},
      headers: { 'X-Request-ID': expect.any(Object) },
    })
  })
})

describe('keyward.openapi().complete() (X1)', () => {
  it('completes the operations under the protected paths and the routes named, and adds ping and the auth test', () => {
    const given = host()
    const before = structuredClone(given)
    const document = createKeyward({ legacyApiKeyHeader: false })
      .openapi()
      .complete(given, { routes: { 'GET /api/v1/reports/:id': { scopes: ['reports:read'] } } })
    expect(given).toEqual(before)
    const report = document.paths!['/api/v1/reports/{id}']!.get as any
    expect(report.security).toEqual([{ bearerAuth: ['reports:read'] }])
    expect(Object.keys(report.responses)).toEqual(['200', '401', '403', '429', '500'])
    expect(Object.keys(report.responses['200'].headers)).toEqual(
      expect.arrayContaining(['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    )
    expect((document.paths!['/health']!.get as any).security).toBeUndefined()
    expect((document.paths!['/api/v1/ping']!.get as any).security).toEqual([])
    expect((document.paths!['/api/v1/auth/test']!.post as any).security).toEqual([{ bearerAuth: [] }])
    expect(document.components!.responses!.Unauthorized).toBeDefined()
  })

  it('follows the adapter options: other protected paths, ping and auth test moved or left out (A1)', () => {
    const document = createKeyward()
      .openapi()
      .complete(host(), { paths: ['/health'], ping: false, authTest: '/health/auth' })
    expect(Object.keys(document.paths!)).toEqual(['/api/v1/reports/{id}', '/health', '/health/auth'])
    expect((document.paths!['/health']!.get as any).security).toHaveLength(2)
    expect((document.paths!['/api/v1/reports/{id}']!.get as any).security).toBeUndefined()
  })

  it('describes the dashboard routes only when asked, behind their own scheme, never the key (E5)', () => {
    const openapi = createKeyward().openapi()
    expect(Object.keys(openapi.complete(host()).paths!).some((path) => path.includes('api-keys'))).toBe(false)
    const document = openapi.complete(host(), { dashboard: '/admin' })
    const revoke = document.paths!['/admin/api-keys/{id}/revoke']!.post as any
    expect(revoke.security).toEqual([{ dashboardAuth: [] }])
    expect(revoke.responses['404']).toEqual({ $ref: '#/components/responses/KeyManagementNotFound' })
    expect(Object.keys(document.components!.responses!.KeyManagementNotFound!.headers as object)).toEqual([
      'X-Request-ID',
      'Cache-Control',
    ])
    expect(document.components!.securitySchemes!.dashboardAuth).toEqual(expect.objectContaining({ scheme: 'bearer' }))
  })

  it('describes the secret scanning endpoint only when asked: no API key even under a protected prefix, GitHub’s formats (W3)', () => {
    const openapi = createKeyward().openapi()
    expect(Object.keys(openapi.complete(host()).paths!).some((path) => path.includes('scanning'))).toBe(false)
    const document = openapi.complete(host(), { secretScanning: '/api/v1/secret-scanning' })
    const report = document.paths!['/api/v1/secret-scanning']!.post as any
    expect(report.security).toEqual([])
    expect(Object.keys(report.responses).sort()).toEqual(['200', '400', '401', '413', '500'])
    expect(
      report.responses['401'].content['application/json'].schema.allOf[1].properties.error.properties.code,
    ).toEqual({ type: 'string', enum: ['UNAUTHORIZED'] })
    expect(Object.keys(report.responses['413'].headers)).toEqual(['X-Request-ID'])
    const item = report.requestBody.content['application/json'].schema
    expect([item.type, item.items.required]).toEqual(['array', ['token', 'type']])
    expect(Object.keys(item.items.properties)).toEqual(['token', 'type', 'url', 'source'])
    const answer = report.responses['200'].content['application/json'].schema
    expect([answer.type, answer.items.required]).toEqual(['array', ['token_hash', 'token_type', 'label']])
    expect(answer.items.properties.label.enum).toEqual(['true_positive', 'false_positive'])
    expect(report.parameters.map((p: any) => p.name)).toEqual([
      'Github-Public-Key-Identifier',
      'Github-Public-Key-Signature',
    ])
  })

  it('is idempotent, and refuses to overwrite a component of the host with other content', () => {
    const openapi = createKeyward().openapi()
    const once = openapi.complete(host())
    expect(openapi.complete(once)).toEqual(once)
    const clash = { ...host(), components: { responses: { Unauthorized: { description: 'Ours.' } } } }
    expect(() => openapi.complete(clash)).toThrow(
      new TypeError(
        'keyward.openapi().complete(): components.responses.Unauthorized already exists in the document with other content',
      ),
    )
  })

  it('refuses a route that names no operation of the document, or is not "METHOD /path"', () => {
    const openapi = createKeyward().openapi()
    expect(() => openapi.complete(host(), { routes: { 'GET /api/v1/nothing': { scopes: ['x'] } } })).toThrow(
      /option "routes" names "GET \/api\/v1\/nothing", which the document has no operation for/,
    )
    expect(() => openapi.complete(host(), { routes: { '/api/v1/reports': {} } })).toThrow(
      /option "routes" key "\/api\/v1\/reports" must be "METHOD \/path"/,
    )
  })
})
