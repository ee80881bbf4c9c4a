/**
 * The owner-scoped dashboard (O8, O9) over real HTTP on every framework of the parity suite, with
 * the reference server's guard: the dashboard token is the administrator, and with
 * `X-Keyward-Owner` that owner. Owner isolation on every key route, the administrator's owner
 * filter, paging with the cursor, PATCH, revoke-all refusing the keys at once — on the memory
 * store, and revoke-all across two instances sharing one Redis.
 */
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { referenceDashboardGuard } from '../../server/dashboard-guard.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { SEED_SCOPES } from '../../server/env.js'
import { TARGETS, type Target } from '../adapters/support/harness.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { redisInstances } from './support.js'

const TOKEN = 'owners-http-dashboard-token-0123456789'
const UNKNOWN_ID = 'key_000000000000000000000000'

interface RunningApp {
  keyward: Keyward
  base: string
  close(): Promise<void>
}

async function startApp(target: Target, keyward: Keyward): Promise<RunningApp> {
  const app = await target.build({
    keyward,
    dashboard: { authorize: referenceDashboardGuard(TOKEN), failedAuthLimit: 0, owners: { meta: ['plan'] } },
    trustProxy: false,
  })
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
  return { keyward, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() }
}

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
  json: any
}

/** A dashboard request as the administrator, or as `owner`; a body is sent as JSON. */
async function dashboard(
  app: RunningApp,
  method: string,
  path: string,
  options: { owner?: string; body?: unknown; query?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }
  if (options.owner !== undefined) headers['X-Keyward-Owner'] = options.owner
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const url = `${app.base}/api/dashboard${path}${options.query ? `?${options.query}` : ''}`
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const body = await response.text()
  const names: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    names[name] = value
  })
  return { status: response.status, headers: names, body, json: body === '' ? null : JSON.parse(body) }
}

async function authTest(app: RunningApp, key: string): Promise<string> {
  const response = await fetch(`${app.base}/api/v1/auth/test`, { headers: { Authorization: `Bearer ${key}` } })
  const body = (await response.json()) as { error?: { code: string } }
  return response.status === 200 ? 'ok' : body.error!.code
}

const show = (a: Answer) => `${a.status} ${JSON.stringify(a.headers)} ${a.body}`

/** What must match between two answers: everything but the request id and the date. */
function comparable(answer: Answer, id: string) {
  const { 'x-request-id': _, date: __, ...headers } = answer.headers
  return { status: answer.status, headers, body: answer.body.replaceAll(id, '<id>') }
}

for (const target of TARGETS) {
  describe(`owner-scoped dashboard over HTTP, memory store — ${target.name}`, () => {
    const running: RunningApp[] = []
    const started = async () => {
      const app = await startApp(target, createKeyward({ failedAuthLimit: 0, defaultScopes: SEED_SCOPES }))
      running.push(app)
      return app
    }
    afterEach(async () => {
      for (const app of running.splice(0)) {
        await app.close()
        await app.keyward.close()
      }
    })

    const keyRoutes: [string, string, (id: string) => string, unknown?][] = [
      ['GET', 'GET /api-keys/:id', (id) => `/api-keys/${id}`],
      ['HEAD', 'HEAD /api-keys/:id', (id) => `/api-keys/${id}`],
      ['PATCH', 'PATCH /api-keys/:id', (id) => `/api-keys/${id}`, { name: 'taken over' }],
      ['POST', 'POST /api-keys/:id/revoke', (id) => `/api-keys/${id}/revoke`],
      ['POST', 'POST /api-keys/:id/rotate', (id) => `/api-keys/${id}/rotate`],
      ['GET', 'GET /api-keys/usage?keyId=', (id) => `/api-keys/usage?keyId=${id}`],
    ]
    it(`O8: on every key route another owner's key id answers exactly as an unknown id (status, code, message, headers), and the key is left as it was — ${keyRoutes.map((r) => r[1]).join(', ')}`, async () => {
      const app = await started()
      const theirs = await app.keyward.keys.create({ name: 'globex key', ownerId: 'globex' })
      for (const [method, what, path, body] of keyRoutes) {
        const other = await dashboard(app, method, path(theirs.record.id), { owner: 'acme', body })
        const unknown = await dashboard(app, method, path(UNKNOWN_ID), { owner: 'acme', body })
        expect(comparable(other, theirs.record.id), `${what}: ${show(other)}`).toEqual(comparable(unknown, UNKNOWN_ID))
        expect(other.status, what).toBe(404)
        if (method !== 'HEAD') expect(other.json.error.code, what).toBe('not_found')
      }
      expect(await app.keyward.keys.get(theirs.record.id)).toMatchObject({ name: 'globex key', status: 'active' })
      expect(await authTest(app, theirs.key)).toBe('ok')
    })

    it('O8: an owner creates keys that get its ownerId, lists only its own, and is refused (403) a body, a query or a path that names another owner', async () => {
      const app = await started()
      await app.keyward.keys.create({ name: 'globex key', ownerId: 'globex' })
      const created = await dashboard(app, 'POST', '/api-keys', {
        owner: 'acme',
        body: { name: 'acme key', meta: { plan: 'pro' } },
      })
      expect(created.status, show(created)).toBe(201)
      expect(created.json.data).toMatchObject({ ownerId: 'acme', meta: { plan: 'pro' } })
      const listed = await dashboard(app, 'GET', '/api-keys', { owner: 'acme' })
      expect(listed.json.data.map((r: { name: string }) => r.name)).toEqual(['acme key'])
      const refused = [
        await dashboard(app, 'POST', '/api-keys', { owner: 'acme', body: { name: 'x', ownerId: 'globex' } }),
        await dashboard(app, 'GET', '/api-keys', { owner: 'acme', query: 'ownerId=globex' }),
        await dashboard(app, 'GET', '/api-keys/usage', { owner: 'acme', query: 'ownerId=globex' }),
        await dashboard(app, 'POST', '/owners/globex/revoke-all', { owner: 'acme' }),
      ]
      for (const r of refused) expect([r.status, r.json.error.code], show(r)).toEqual([403, 'forbidden'])
      expect((await app.keyward.keys.list({ ownerId: 'globex' })).keys).toHaveLength(1)
    })

    it('O9: the administrator filters by ownerId and pages with the cursor: every key once, newest first, nextCursor null on the last page', async () => {
      const app = await started()
      for (let i = 0; i < 5; i++)
        await dashboard(app, 'POST', '/api-keys', { body: { name: `acme ${i}`, ownerId: 'acme' } })
      await dashboard(app, 'POST', '/api-keys', { body: { name: 'globex', ownerId: 'globex' } })
      const names: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const query: string = `ownerId=acme&limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`
        const page = await dashboard(app, 'GET', '/api-keys', { query })
        expect(page.status, show(page)).toBe(200)
        expect(Object.keys(page.json.meta).sort()).toEqual(['nextCursor', 'timestamp'])
        names.push(...page.json.data.map((r: { name: string }) => r.name))
        cursor = page.json.meta.nextCursor
        pages++
      } while (cursor !== null && pages < 10)
      expect(pages).toBe(3)
      expect(new Set(names).size).toBe(5)
      expect(names.every((name) => name.startsWith('acme'))).toBe(true)
      const all = await dashboard(app, 'GET', '/api-keys')
      expect(all.json.data).toHaveLength(6)
      const bad = await dashboard(app, 'GET', '/api-keys', { query: 'limit=500' })
      expect([bad.status, bad.json.error.code, bad.json.error.message.startsWith('limit')], show(bad)).toEqual([
        400,
        'invalid_request',
        true,
      ])
    })

    it('O5/O9: PATCH replaces name and meta (200 with the record); on a revoked key → 409 conflict', async () => {
      const app = await started()
      const created = await dashboard(app, 'POST', '/api-keys', { owner: 'acme', body: { name: 'before' } })
      const id = created.json.data.id
      const patched = await dashboard(app, 'PATCH', `/api-keys/${id}`, {
        owner: 'acme',
        body: { name: 'after', meta: { plan: 'pro' } },
      })
      expect(patched.status, show(patched)).toBe(200)
      expect(patched.json.data).toMatchObject({ id, name: 'after', meta: { plan: 'pro' }, ownerId: 'acme' })
      expect(patched.headers['cache-control']).toBe('no-store')
      await dashboard(app, 'POST', `/api-keys/${id}/revoke`, { owner: 'acme' })
      const conflict = await dashboard(app, 'PATCH', `/api-keys/${id}`, { owner: 'acme', body: { name: 'again' } })
      expect([conflict.status, conflict.json.error.code], show(conflict)).toEqual([409, 'conflict'])
    })

    it("O6/O9: revoke-all answers { revoked: n } and the owner's keys are refused at once; other owners' keys still work", async () => {
      const app = await started()
      const a1 = await app.keyward.keys.create({ name: 'a1', ownerId: 'acme' })
      const a2 = await app.keyward.keys.create({ name: 'a2', ownerId: 'acme', keyType: 'test' })
      const b = await app.keyward.keys.create({ name: 'b', ownerId: 'globex' })
      expect(await authTest(app, a1.key)).toBe('ok')
      const r = await dashboard(app, 'POST', '/owners/acme/revoke-all')
      expect([r.status, r.json.data], show(r)).toEqual([200, { revoked: 2 }])
      expect([await authTest(app, a1.key), await authTest(app, a2.key), await authTest(app, b.key)]).toEqual([
        'API_KEY_REVOKED',
        'API_KEY_REVOKED',
        'ok',
      ])
    })

    it("O9: the administrator reads one owner's usage with ?ownerId=, an owner only its own", async () => {
      const app = await started()
      const a = await app.keyward.keys.create({ name: 'a', ownerId: 'acme' })
      const b = await app.keyward.keys.create({ name: 'b', ownerId: 'globex' })
      for (const key of [a.key, b.key, a.key]) {
        const response = await fetch(`${app.base}/api/v1/ip/lookup?ip=192.0.2.1`, {
          headers: { Authorization: `Bearer ${key}` },
        })
        expect(response.status).toBe(200)
      }
      const owners = async (options: { owner?: string; query?: string }) =>
        (await dashboard(app, 'GET', '/api-keys/usage', options)).json.data.map((e: { ownerId: string }) => e.ownerId)
      expect(await owners({ query: 'ownerId=acme' })).toEqual(['acme', 'acme'])
      expect(await owners({ owner: 'globex' })).toEqual(['globex'])
      expect((await owners({})).sort()).toEqual(['acme', 'acme', 'globex'])
    })
  })
}

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('revoke-all across two instances on one Redis (O6, K7)', () => {
  const started = redisInstances<RunningApp>(url!)

  it("O6/K7: owner acme's keys revoked with revoke-all through the dashboard of instance 1 are refused by instance 2 on the next request", async () => {
    const prefix = uniquePrefix('owners-http')
    const instance = (target: Target) => started(prefix, (keyward) => startApp(target, keyward))
    const one = await instance(TARGETS[0]!)
    const two = await instance(TARGETS[2]!)
    const created = await dashboard(one, 'POST', '/api-keys', { owner: 'acme', body: { name: 'acme shared' } })
    const other = await dashboard(one, 'POST', '/api-keys', { owner: 'globex', body: { name: 'globex shared' } })
    expect(await authTest(two, created.json.data.key)).toBe('ok')
    const r = await dashboard(one, 'POST', '/owners/acme/revoke-all', { owner: 'acme' })
    expect(r.json.data, show(r)).toEqual({ revoked: 1 })
    expect(await authTest(two, created.json.data.key)).toBe('API_KEY_REVOKED')
    expect(await authTest(two, other.json.data.key)).toBe('ok')
    const seen = await dashboard(two, 'GET', '/api-keys', { owner: 'acme' })
    expect(seen.json.data.map((k: { status: string }) => k.status)).toEqual(['revoked'])
  })
})
