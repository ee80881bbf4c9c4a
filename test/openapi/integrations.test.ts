/**
 * keyward's part in the documents the frameworks' own OpenAPI generators make (X1): Fastify with
 * `@fastify/swagger` (routes declared with `config.keyward`), Hono with `hono-openapi` (routes
 * marked with `api.protect()`, `api.public()` or `api.guard()`). No route is described by hand
 * beyond what the host's generator already asks for.
 */
import swagger from '@fastify/swagger'
import Fastify from 'fastify'
import { Hono } from 'hono'
import { describeRoute, generateSpecs } from 'hono-openapi'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keywardFastify, keywardSwagger } from '../../adapters/fastify.js'
import { completeOpenApi, keywardHono } from '../../adapters/hono.js'
import { createKeyward, type OpenApiDocument } from '../../src/index.js'
import { run } from './support/tools.js'

const info = { title: 'Acme', version: '1.0.0' }
/** What a host's own document says anyway; the lint asks for both. */
const servers = [{ url: 'https://api.example.test' }]
const ok = { description: 'A report.', content: { 'application/json': { schema: { type: 'object' as const } } } }
const operation = (document: OpenApiDocument, path: string, method = 'get') => document.paths![path]![method] as any

/** Redocly's recommended rules find no error in the document (X2). */
async function expectLintClean(document: object) {
  const dir = await mkdtemp(join(tmpdir(), 'keyward-openapi-glue-'))
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(document))
    const { code, output } = await run('redocly', ['lint', join(dir, 'openapi.json'), '--extends', 'recommended'])
    expect(code, output).toBe(0)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** What every framework's document must say of the same four routes. */
function expectKeywardPart(document: OpenApiDocument) {
  expect(document.openapi).toMatch(/^3\.1\./)
  const reports = operation(document, '/api/v1/reports/{id}')
  expect(reports.security).toEqual([{ bearerAuth: ['reports:read'] }, { apiKeyHeader: ['reports:read'] }])
  expect(Object.keys(reports.responses).sort()).toEqual(['200', '401', '403', '429', '500'])
  expect(reports.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' })
  expect(Object.keys(reports.responses['200'].headers)).toEqual(
    expect.arrayContaining(['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
  )
  const plain = operation(document, '/api/v1/status')
  expect(plain.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }])
  // A key may be limited to some addresses (M6), so every protected route may answer 403.
  expect(Object.keys(plain.responses).sort()).toEqual(['200', '401', '403', '429', '500'])
  const open = operation(document, '/api/v1/catalogue')
  expect(open.security).toEqual([])
  expect(Object.keys(open.responses)).toEqual(['200'])
  expect(operation(document, '/health').security).toEqual([])
  expect(Object.keys(operation(document, '/health').responses)).toEqual(['200'])
  expect(operation(document, '/api/v1/ping').security).toEqual([])
  expect(operation(document, '/api/v1/auth/test', 'post').security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }])
  expect(Object.keys(document.components!.responses!)).toEqual(
    expect.arrayContaining(['Unauthorized', 'Forbidden', 'RateLimited', 'InternalError']),
  )
}

describe('Fastify with @fastify/swagger: keywardSwagger() (X1)', () => {
  it('gives the routes declared with config.keyward, and those under the protected paths, keyward’s part', async () => {
    const keyward = createKeyward()
    const app = Fastify()
    await app.register(swagger, { openapi: { openapi: '3.1.0', info, servers }, ...keywardSwagger(keyward) })
    await app.register(keywardFastify, { keyward })
    const schema = { summary: 'A route', response: { 200: { description: 'A report.', type: 'object' } } }
    const reply = async () => ({})
    app.get('/api/v1/reports/:id', { schema, config: { keyward: { scopes: ['reports:read'] } } }, reply)
    app.get('/api/v1/status', { schema }, reply)
    app.get('/api/v1/catalogue', { schema, config: { keyward: { public: true } } }, reply)
    app.get('/health', { schema: { ...schema, security: [] } }, reply)
    await app.ready()
    try {
      expectKeywardPart(app.swagger() as OpenApiDocument)
      await expectLintClean(app.swagger())
    } finally {
      await app.close()
    }
  })

  it('refuses @fastify/swagger in Swagger 2.0 mode with a TypeError saying so', async () => {
    const app = Fastify()
    await app.register(swagger, { swagger: { info }, ...keywardSwagger(createKeyward()) } as never)
    await app.ready()
    expect(() => app.swagger()).toThrow(/must be in OpenAPI mode/)
    await app.close()
  })
})

describe('Hono with hono-openapi: completeOpenApi() (X1)', () => {
  for (const form of ['protect', 'guard'] as const) {
    it(`gives the routes marked with api.${form}() keyward’s part`, async () => {
      const keyward = createKeyward()
      const api = keywardHono(keyward)
      const app = new Hono()
      const reply = (c: { json(body: object): Response }) => c.json({})
      const described = describeRoute({ summary: 'A route', responses: { 200: ok } })
      if (form === 'protect') {
        app.use(api)
        app.get('/api/v1/reports/:id', api.protect({ scopes: ['reports:read'] }), described, reply)
        app.get('/api/v1/status', api.protect(), described, reply)
        app.get('/api/v1/catalogue', api.public(), described, reply)
      } else {
        app.get('/api/v1/reports/:id', described, api.guard({ scopes: ['reports:read'] }, reply))
        app.get('/api/v1/status', described, api.guard(reply))
        app.get('/api/v1/catalogue', described, api.guard({ public: true }, reply))
      }
      app.get('/health', describeRoute({ summary: 'Health', security: [], responses: { 200: ok } }), reply)
      const generated = await generateSpecs(app, { documentation: { info, servers } })
      const completed = completeOpenApi(keyward, app, generated)
      expectKeywardPart(completed as unknown as OpenApiDocument)
      await expectLintClean(completed)
    })
  }
})
