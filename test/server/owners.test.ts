/**
 * O9, O7, O10: the reference server as `npm start` runs it, on each framework: the dashboard token
 * with `X-Keyward-Owner` acts as that owner, the OWNER_* variables set every owner's limits, and
 * whoami tells a key holder who it is.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type ServerProcess, startServer } from './support.js'

const TOKEN = 'owners-e2e-dashboard-token-0123456789'

const running: ServerProcess[] = []
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

async function start(env: Record<string, string>): Promise<string> {
  const server = startServer({ PORT: '0', DASHBOARD_TOKEN: TOKEN, ...env })
  running.push(server)
  return /listening on (http:\/\/\S+)/.exec(await server.listening)![1]!
}

async function call(
  base: string,
  path: string,
  init: { method?: string; owner?: string; key?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${init.key ?? TOKEN}` }
  if (init.owner !== undefined) headers['X-Keyward-Owner'] = init.owner
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: JSON.parse(text), text }
}

describe.each(['fastify', 'express', 'hono'] as const)('FRAMEWORK=%s', (framework) => {
  it("O9/O7/O10: X-Keyward-Owner acts as that owner; OWNER_TEST_PER_MINUTE=3 holds across an owner's two keys; whoami names the owner; revoke-all refuses the keys at once", async () => {
    const base = await start({ FRAMEWORK: framework, OWNER_TEST_PER_MINUTE: '3' })
    const create = async (name: string) => {
      const r = await call(base, '/api/dashboard/api-keys', {
        method: 'POST',
        owner: 'acme',
        // The reference server lets owners give its seed scopes (OWNER_SCOPES, default ip,email).
        body: { name, sandbox: true, scopes: ['ip'] },
      })
      expect(r.status, r.text).toBe(201)
      return r.json.data as { id: string; key: string; ownerId: string }
    }
    const one = await create('acme one')
    const two = await create('acme two')
    expect([one.ownerId, two.ownerId]).toEqual(['acme', 'acme'])

    // Another owner sees none of them, and acme's id answers as an unknown one.
    const globex = await call(base, '/api/dashboard/api-keys', { owner: 'globex' })
    expect(globex.json.data).toEqual([])
    const theirs = await call(base, `/api/dashboard/api-keys/${one.id}`, { owner: 'globex' })
    const unknown = await call(base, '/api/dashboard/api-keys/key_000000000000000000000000', { owner: 'globex' })
    expect([theirs.status, theirs.json]).toEqual([unknown.status, unknown.json])
    const admin = await call(base, '/api/dashboard/api-keys?ownerId=acme')
    expect(admin.json.data.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['acme one', 'acme two']),
    )

    // O7: three requests of the owner's test keys in the minute, over two keys; the fourth is refused.
    const statuses: number[] = []
    for (const key of [one.key, two.key, one.key, two.key])
      statuses.push((await call(base, '/api/v1/ip/lookup?ip=192.0.2.1', { key })).status)
    expect(statuses).toEqual([200, 200, 200, 429])

    const who = await call(base, '/api/v1/whoami', { key: two.key })
    expect(who.status, who.text).toBe(200)
    expect(who.json.data).toEqual({
      keyId: two.id,
      name: 'acme two',
      keyType: 'test',
      ownerId: 'acme',
      scopes: ['ip'],
      expiresAt: null,
    })

    const revoked = await call(base, '/api/dashboard/owners/acme/revoke-all', { method: 'POST', owner: 'acme' })
    expect(revoked.json.data).toEqual({ revoked: 2 })
    for (const key of [one.key, two.key]) {
      const r = await call(base, '/api/v1/auth/test', { key })
      expect([r.status, r.json.error?.code]).toEqual([401, 'API_KEY_REVOKED'])
    }
  })
})

describe('the owner stand-in (O9)', () => {
  it('O9: an X-Keyward-Owner that is not a valid owner id, empty or sent with a wrong token → 401 UNAUTHORIZED, never the administrator', async () => {
    const base = await start({})
    for (const owner of ['acme corp', 'x'.repeat(129), 'ünï', '']) {
      const r = await call(base, '/api/dashboard/api-keys', { owner })
      expect([r.status, r.json.error?.code], `${JSON.stringify(owner)}: ${r.text}`).toEqual([401, 'UNAUTHORIZED'])
    }
    const wrong = await call(base, '/api/dashboard/api-keys', { owner: 'acme', key: `${TOKEN}-wrong` })
    expect(wrong.status).toBe(401)
    const admin = await call(base, '/api/dashboard/api-keys')
    expect(admin.status).toBe(200)
    // Without OWNER_* variables no owner is limited: 12 requests of one owner's test key hit only the key's own 10.
    const created = await call(base, '/api/dashboard/api-keys', {
      method: 'POST',
      owner: 'acme',
      body: { name: 'unlimited owner', sandbox: true, scopes: ['ip'] },
    })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await call(base, '/api/v1/ip/lookup?ip=192.0.2.1', { key: created.json.data.key })).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
  })
})

describe('what owners may give their keys on the reference server (B2)', () => {
  it('B2: by default an owner gives ip and email but not another scope; OWNER_SCOPES and OWNER_META_FIELDS widen that, each refusal a 403 naming the field', async () => {
    const plain = await start({})
    const made = (base: string, body: Record<string, unknown>) =>
      call(base, '/api/dashboard/api-keys', { method: 'POST', owner: 'acme', body: { name: 'k', ...body } })
    expect((await made(plain, { scopes: ['ip', 'email'] })).status).toBe(201)
    const refused = await made(plain, { scopes: ['reports.read'] })
    expect([refused.status, refused.json.error.code], refused.text).toEqual([403, 'forbidden'])
    expect(refused.json.error.message).toContain('scopes')
    expect((await made(plain, { meta: { team: 'a' } })).status).toBe(403)
    const wide = await start({ OWNER_SCOPES: 'reports.*', OWNER_META_FIELDS: 'team' })
    expect((await made(wide, { scopes: ['reports.read'], meta: { team: 'a' } })).status).toBe(201)
    expect((await made(wide, { scopes: ['ip'] })).status).toBe(403)
  })
})
