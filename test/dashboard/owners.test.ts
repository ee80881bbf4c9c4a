/**
 * The owner-scoped dashboard (O8, O9, O4–O6), in process through `dashboard.handle()`: the guard's
 * answer as a principal, create/list/update/rotate/revoke/revoke-all/usage for the administrator
 * and for an owner, and owner isolation: another owner's key id answers exactly as an unknown id,
 * after the same store calls. The same over real HTTP on every framework is in
 * test/dashboard/owners-http.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bearerTokenGuard, type DashboardRequest } from '../../src/dashboard/index.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { KeywardStores } from '../../src/core/types.js'
import { AUTH, expectError, expectSuccess, setup, show } from './support.js'

const admin = bearerTokenGuard('dash-token-0123456789abcdefABCDEF')
/** The test's guard: the dashboard token is the administrator; with `x-owner` it acts as that owner. */
function ownerGuard(request: DashboardRequest) {
  if (!admin(request)) return false
  const owner = request.headers['x-owner']
  return typeof owner === 'string' ? { ownerId: owner } : { role: 'admin' as const }
}

const as = (owner?: string): DashboardRequest['headers'] =>
  owner === undefined ? { authorization: AUTH } : { authorization: AUTH, 'x-owner': owner }
const json = (owner?: string) => ({ ...as(owner), 'content-type': 'application/json' })
const UNKNOWN_ID = 'key_000000000000000000000000'

/** A dashboard with the owner guard, and the store calls made since `calls.length = 0`. */
function owners(options: { stores?: KeywardStores; roles?: Record<string, string[]> } = {}) {
  const stores = options.stores ?? createMemoryStores()
  const calls: string[] = []
  const keys = stores.keys as unknown as Record<string, unknown>
  for (const name of ['get', 'list', 'update', 'revoke', 'revokeAll', 'insert', 'shortenExpiry']) {
    const original = keys[name] as (...args: unknown[]) => unknown
    keys[name] = (...args: unknown[]) => {
      calls.push(`keys.${name}`)
      return original.apply(stores.keys, args)
    }
  }
  const usageQuery = stores.usage.query.bind(stores.usage)
  stores.usage.query = (query) => {
    calls.push('usage.query')
    return usageQuery(query)
  }
  const t = setup({ keyward: { stores, roles: options.roles }, dashboard: { authorize: ownerGuard } })
  const create = async (body: Record<string, unknown>, owner?: string) =>
    expectSuccess(
      await t.handle({ method: 'POST', path: '/api-keys', headers: json(owner), body: JSON.stringify(body) }),
      201,
    )
  return { ...t, calls, create }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the guard says who is asking (O8)', () => {
  it('O8: { role: "admin" } is the administrator and `true` too: both list every owner\'s keys', async () => {
    const t = owners()
    await t.create({ name: 'a', ownerId: 'acme' })
    t.clock.advance(1000)
    await t.create({ name: 'b', ownerId: 'globex' })
    expect(expectSuccess<any[]>(await t.handle({ headers: as() })).map((r) => r.name)).toEqual(['b', 'a'])
    const always = setup({ dashboard: { authorize: () => true } })
    await always.keyward.keys.create({ name: 'c', ownerId: 'acme' })
    expect(expectSuccess<any[]>(await always.handle({ headers: {} }))).toHaveLength(1)
  })

  it('O8: { ownerId } is that owner: it lists only its own keys', async () => {
    const t = owners()
    await t.create({ name: 'a', ownerId: 'acme' })
    await t.create({ name: 'b', ownerId: 'globex' })
    await t.create({ name: 'service' })
    expect(expectSuccess<any[]>(await t.handle({ headers: as('acme') })).map((r) => r.name)).toEqual(['a'])
  })

  const malformed: [string, unknown, RegExp][] = [
    ['a string', 'yes', /returned a string,/],
    ['a number', 1, /returned a number,/],
    ['an array', ['acme'], /returned an array,/],
    ['an empty object', {}, /neither ownerId nor role: "admin"/],
    ['another role', { role: 'owner' }, /neither ownerId nor role: "admin"/],
    ['a numeric ownerId', { ownerId: 42 }, /ownerId that is a number, not a string/],
    ['a null ownerId', { ownerId: null }, /ownerId that is null, not a string/],
    ['an ownerId with a space', { ownerId: 'acme corp-private-9f2c' }, /ownerId that is not 1 to 128 characters/],
    ['an empty ownerId', { ownerId: '' }, /ownerId that is not 1 to 128 characters/],
    ['an ownerId of 129 characters', { ownerId: 'a'.repeat(129) }, /ownerId that is not 1 to 128 characters/],
    ['role admin and an ownerId', { role: 'admin', ownerId: 'acme' }, /both role and ownerId/],
  ]
  for (const [what, answer, problem] of malformed) {
    it(`O8: a guard answer that is ${what} → 401 UNAUTHORIZED with the challenge (fail closed), and one console warning naming the problem, not the value`, async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const t = setup({ dashboard: { authorize: () => answer as never } })
      await t.keyward.keys.create({ name: 'kept', ownerId: 'acme' })
      for (let i = 0; i < 3; i++) {
        const result = await t.handle()
        expectError(result, 401, 'UNAUTHORIZED')
        expect(result.response.headers['WWW-Authenticate']).toBe('Bearer realm="Svc"')
      }
      expect(warn, 'warned once for three refusals').toHaveBeenCalledOnce()
      const message = String(warn.mock.calls[0]![0])
      expect(message).toMatch(/^keyward: the dashboard guard returned /)
      expect(message).toMatch(problem)
      expect(message).not.toContain('corp-private-9f2c')
      expect(message).not.toContain('a'.repeat(129))
    })
  }

  it('O8: a malformed answer counts as a refusal for the brute-force limit (E7)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const t = setup({ dashboard: { authorize: () => ({ ownerId: 7 }) as never, failedAuthLimit: 2 } })
    expectError(await t.handle(), 401, 'UNAUTHORIZED')
    expectError(await t.handle(), 401, 'UNAUTHORIZED')
    expectError(await t.handle(), 429, 'rate_limited')
  })

  it('O8: a guard whose answer throws when read → 500 INTERNAL_ERROR, never admitted', async () => {
    const answer = {
      get ownerId(): string {
        throw new Error('session store down')
      },
    }
    const t = setup({ dashboard: { authorize: () => answer as never } })
    expectError(await t.handle(), 500, 'INTERNAL_ERROR')
  })
})

describe('POST /api-keys with ownerId and meta (O8, O9, O1, O2)', () => {
  it("O9: the administrator creates a key for any owner, with meta; without ownerId the key is the service's own (null)", async () => {
    const t = owners()
    const owned = await t.create({ name: 'acme prod', ownerId: 'acme', meta: { plan: 'pro', seats: 3 } })
    expect(owned).toMatchObject({ ownerId: 'acme', meta: { plan: 'pro', seats: 3 } })
    expect(await t.keyward.keys.get(owned.id)).toMatchObject({ ownerId: 'acme', meta: { plan: 'pro', seats: 3 } })
    expect(await t.create({ name: 'service' })).toMatchObject({ ownerId: null, meta: null })
  })

  it("O8: an owner's key gets its ownerId whether the body names it or not", async () => {
    const t = owners()
    expect((await t.create({ name: 'mine' }, 'acme')).ownerId).toBe('acme')
    expect((await t.create({ name: 'named', ownerId: 'acme' }, 'acme')).ownerId).toBe('acme')
  })

  for (const [what, ownerId] of [
    ['another owner', 'globex'],
    ['no owner (null)', null],
  ] as const) {
    it(`O8: an owner whose body names ${what} → 403 forbidden, nothing created`, async () => {
      const t = owners()
      const result = await t.handle({
        method: 'POST',
        path: '/api-keys',
        headers: json('acme'),
        body: JSON.stringify({ name: 'x', ownerId }),
      })
      expect(expectError(result, 403, 'forbidden')).toMatch(/^Forbidden: this dashboard session acts for one owner/)
      expect((await t.keyward.keys.list()).keys).toEqual([])
    })
  }

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['an ownerId with a space', { ownerId: 'acme corp' }, /^ownerId must be 1 to 128 characters/],
    ['a numeric ownerId', { ownerId: 7 }, /^ownerId must be/],
    ['meta an array', { meta: [1] }, /^meta must be a JSON object/],
    ['meta a string', { meta: 'pro' }, /^meta must be a JSON object/],
    ['meta over 4 KiB', { meta: { note: 'x'.repeat(4100) } }, /^meta must be at most 4096 bytes/],
    [
      'meta with a top-level constructor',
      { meta: { constructor: 1 } },
      /^meta must not have a top-level "constructor"/,
    ],
  ]
  for (const [what, fields, message] of bad) {
    it(`O1/O2: ${what} → 400 invalid_request naming the field, nothing created`, async () => {
      const t = owners()
      const result = await t.handle({
        method: 'POST',
        path: '/api-keys',
        headers: json(),
        body: JSON.stringify({ name: 'x', ...fields }),
      })
      expect(expectError(result, 400, 'invalid_request')).toMatch(message)
      expect((await t.keyward.keys.list()).keys).toEqual([])
    })
  }

  it('O2/E5: a meta field given twice → 400 naming meta.plan; an unknown field lists ownerId and meta among the allowed', async () => {
    const t = owners()
    const twice = await t.handle({
      method: 'POST',
      path: '/api-keys',
      headers: json(),
      body: '{"name":"x","meta":{"plan":"free","plan":"pro"}}',
    })
    expect(expectError(twice, 400, 'invalid_request')).toMatch(/^meta\.plan is given more than once/)
    const unknown = await t.handle({
      method: 'POST',
      path: '/api-keys',
      headers: json(),
      body: '{"name":"x","owner":"acme"}',
    })
    expect(expectError(unknown, 400, 'invalid_request')).toBe(
      'owner is not a known field; allowed: name, sandbox, expiresAt, scopes, limits, ownerId, meta, enabled, allowedIps, roles, credits.',
    )
  })
})

describe('GET /api-keys: pages and filters (O4, O9)', () => {
  async function fleet() {
    const t = owners()
    for (let i = 0; i < 5; i++) {
      await t.create({ name: `acme ${i}`, ownerId: 'acme', sandbox: i % 2 === 1 })
      t.clock.advance(1000)
    }
    await t.create({ name: 'globex 0', ownerId: 'globex' })
    return t
  }
  const page = (result: Awaited<ReturnType<ReturnType<typeof owners>['handle']>>) => {
    const data = expectSuccess<any[]>(result)
    const body = JSON.parse(result.response.body)
    expect(Object.keys(body.meta).sort(), show(result.response)).toEqual(['nextCursor', 'timestamp'])
    return { names: data.map((r) => r.name), cursor: body.meta.nextCursor as string | null }
  }

  it('O9: { data, meta: { timestamp, nextCursor } }; limit and cursor walk every key once, newest first, nextCursor null on the last page', async () => {
    const t = await fleet()
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `ownerId=acme&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const next = page(await t.handle({ query }))
      seen.push(...next.names)
      cursor = next.cursor
      pages++
    } while (cursor !== null)
    expect(pages).toBe(3)
    expect(seen).toEqual(['acme 4', 'acme 3', 'acme 2', 'acme 1', 'acme 0'])
  })

  it('O4: a key created while paging does not shift the pages after it', async () => {
    const t = await fleet()
    const first = page(await t.handle({ query: 'ownerId=acme&limit=2' }))
    t.clock.advance(1000)
    await t.create({ name: 'acme new', ownerId: 'acme' })
    const second = page(await t.handle({ query: `ownerId=acme&limit=2&cursor=${first.cursor}` }))
    expect([...first.names, ...second.names]).toEqual(['acme 4', 'acme 3', 'acme 2', 'acme 1'])
  })

  it("O9: the administrator filters by ownerId, status and keyType; without a filter it sees every owner's keys", async () => {
    const t = await fleet()
    const [revoked] = expectSuccess<any[]>(await t.handle({ query: 'ownerId=acme&limit=1' }))
    await t.handle({ method: 'POST', path: `/api-keys/${revoked.id}/revoke`, headers: as() })
    expect(page(await t.handle({ query: 'ownerId=globex' })).names).toEqual(['globex 0'])
    expect(page(await t.handle({ query: 'ownerId=acme&keyType=test' })).names).toEqual(['acme 3', 'acme 1'])
    expect(page(await t.handle({ query: 'status=revoked' })).names).toEqual(['acme 4'])
    expect(page(await t.handle({ query: 'ownerId=acme&status=active&keyType=live' })).names).toEqual([
      'acme 2',
      'acme 0',
    ])
    expect(page(await t.handle({ query: '' })).names).toHaveLength(6)
    expect(page(await t.handle({ query: 'ownerId=initech' })).names).toEqual([])
  })

  it('O4: 50 keys a page by default, 100 at most', async () => {
    const t = owners()
    for (let i = 0; i < 101; i++) await t.keyward.keys.create({ name: `k${i}` })
    const first = page(await t.handle())
    expect(first.names).toHaveLength(50)
    expect(first.cursor).not.toBeNull()
    expect(page(await t.handle({ query: 'limit=100' })).names).toHaveLength(100)
  })

  it('O8: an owner lists only its keys; ?ownerId naming itself is the same list; naming another owner → 403 forbidden', async () => {
    const t = await fleet()
    expect(page(await t.handle({ headers: as('globex') })).names).toEqual(['globex 0'])
    expect(page(await t.handle({ headers: as('globex'), query: 'ownerId=globex' })).names).toEqual(['globex 0'])
    expectError(await t.handle({ headers: as('globex'), query: 'ownerId=acme' }), 403, 'forbidden')
    expect(page(await t.handle({ headers: as('initech') })).names).toEqual([])
  })

  const invalid: [string, RegExp][] = [
    ['limit=0', /^limit must be an integer from 1 to 100/],
    ['limit=101', /^limit must be an integer from 1 to 100/],
    ['limit=ten', /^limit must be an integer from 1 to 100/],
    ['limit=1.5', /^limit must be an integer from 1 to 100/],
    ['status=gone', /^status must be "active", "revoked" or "expired"/],
    ['keyType=prod', /^keyType must be "live" or "test"/],
    ['cursor=not-a-cursor', /^cursor is not one this listing returned/],
    ['ownerId=acme%20corp', /^ownerId must be 1 to 128 characters/],
    ['limit=1&limit=2', /^limit must be given at most once/],
    ['ownerId=a&ownerId=b', /^ownerId must be given at most once/],
  ]
  for (const [query, message] of invalid) {
    it(`O9: ?${query} → 400 invalid_request naming the parameter`, async () => {
      const t = owners()
      expect(expectError(await t.handle({ query }), 400, 'invalid_request')).toMatch(message)
      expect(expectError(await t.handle({ query, headers: as('acme') }), 400, 'invalid_request')).toMatch(message)
    })
  }

  it("O8: a key store that answers an owner's listing with another owner's record → 500, never that record", async () => {
    const stores = createMemoryStores()
    const list = stores.keys.list.bind(stores.keys)
    stores.keys.list = ({ ownerId: _, ...query }) => list(query)
    const t = owners({ stores })
    await t.create({ name: 'other', ownerId: 'globex' })
    const result = await t.handle({ headers: as('acme') })
    expectError(result, 500, 'INTERNAL_ERROR')
    expect(result.response.body).not.toContain('other')
  })
})

describe('owner isolation on every key route (O8)', () => {
  /** Each route with a key id, as [what, request for that id]. */
  const routes: [string, (id: string) => Partial<DashboardRequest>][] = [
    ['GET /api-keys/:id', (id) => ({ path: `/api-keys/${id}` })],
    ['HEAD /api-keys/:id', (id) => ({ method: 'HEAD', path: `/api-keys/${id}` })],
    ['PATCH /api-keys/:id', (id) => ({ method: 'PATCH', path: `/api-keys/${id}`, body: '{"name":"taken over"}' })],
    ['POST /api-keys/:id/revoke', (id) => ({ method: 'POST', path: `/api-keys/${id}/revoke` })],
    ['POST /api-keys/:id/rotate', (id) => ({ method: 'POST', path: `/api-keys/${id}/rotate` })],
    ['GET /api-keys/usage?keyId=', (id) => ({ path: '/api-keys/usage', query: `keyId=${id}` })],
  ]
  for (const [what, request] of routes) {
    it(`O8: ${what} with another owner's key id answers exactly as an unknown id — status, code, message, headers — after the same store calls, and changes nothing`, async () => {
      const t = owners()
      const theirs = await t.create({ name: 'globex key', ownerId: 'globex' })
      const answer = async (id: string) => {
        t.calls.length = 0
        const partial = request(id)
        const { response } = await t.handle({ ...partial, headers: json('acme') })
        const { 'X-Request-ID': _, ...headers } = response.headers
        return { status: response.status, headers, body: response.body.replaceAll(id, '<id>'), calls: [...t.calls] }
      }
      const other = await answer(theirs.id)
      const unknown = await answer(UNKNOWN_ID)
      expect(other, show({ status: other.status, headers: other.headers, body: other.body })).toEqual(unknown)
      expect(other.status).toBe(404)
      if (!what.startsWith('HEAD')) expect(JSON.parse(other.body).error.code).toBe('not_found')
      expect(other.calls).toEqual(['keys.get'])
      const after = await t.keyward.keys.get(theirs.id)
      expect(after).toMatchObject({ name: 'globex key', status: 'active', ownerId: 'globex' })
      expect((await t.keyward.keys.list({ ownerId: 'globex' })).keys).toHaveLength(1)
    })

    it(`O8: ${what} on the owner's own key works as for the administrator`, async () => {
      const t = owners()
      const mine = await t.create({ name: 'acme key', ownerId: 'acme' })
      const { response } = await t.handle({ ...request(mine.id), headers: json('acme') })
      expect(response.status, show(response)).toBeLessThan(300)
    })
  }
})

describe('PATCH /api-keys/:id (O5, O9)', () => {
  const patch = (t: ReturnType<typeof owners>, id: string, body: unknown, owner?: string) =>
    t.handle({
      method: 'PATCH',
      path: `/api-keys/${id}`,
      headers: json(owner),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('O5: 200 with the record; name, meta, scopes and limits are replaced, the rest kept; the next request sees the new scopes', async () => {
    const t = owners()
    const created = await t.create({ name: 'before', ownerId: 'acme', scopes: ['ip'], meta: { plan: 'free' } })
    const updated = expectSuccess(
      await patch(t, created.id, { name: 'after', meta: { plan: 'pro' }, scopes: ['email'], limits: { perMinute: 5 } }),
    )
    expect(updated).toMatchObject({
      id: created.id,
      name: 'after',
      meta: { plan: 'pro' },
      scopes: ['email'],
      limits: { perMinute: 5 },
      ownerId: 'acme',
      status: 'active',
    })
    expect(updated).not.toHaveProperty('key')
    expect(await t.keyward.keys.get(created.id)).toEqual(updated)
    const decision = await t.authenticateKey(created.key, { scopes: ['ip'] })
    expect(decision.ok ? 'ok' : decision.error.code).toBe('forbidden')
    expect(expectSuccess(await patch(t, created.id, { meta: null })).meta).toBeNull()
  })

  it('O5: a revoked key → 409 conflict saying it is revoked, and nothing changes', async () => {
    const t = owners()
    const created = await t.create({ name: 'gone' })
    await t.keyward.keys.revoke(created.id)
    const message = expectError(await patch(t, created.id, { name: 'back' }), 409, 'conflict')
    expect(message).toBe(`API key ${created.id} is revoked and cannot be updated; create a new key instead`)
    expect((await t.keyward.keys.get(created.id))!.name).toBe('gone')
  })

  const bad: [string, unknown, RegExp][] = [
    ['an empty object', {}, /^body: nothing to update/],
    [
      'createdAt (not updatable)',
      { createdAt: null },
      /^createdAt is not a known field; allowed: name, meta, scopes, limits, enabled, allowedIps, roles, credits, expiresAt\./,
    ],
    ['ownerId (never changed)', { ownerId: 'globex' }, /^ownerId is not a known field/],
    ['an unknown limits field', { limits: { perHour: 1 } }, /^limits\.perHour is not a known field/],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, /^name must be 1 to 100 characters/],
    ['meta an array', { meta: [] }, /^meta must be a JSON object/],
    [
      'an array body',
      [],
      /^body must be a JSON object \{ name\?, meta\?, scopes\?, limits\?, enabled\?, allowedIps\?, roles\?, credits\?, expiresAt\? \}/,
    ],
    [
      'no body',
      '',
      /^body is required: send a JSON object \{ name\?, meta\?, scopes\?, limits\?, enabled\?, allowedIps\?, roles\?, credits\?, expiresAt\? \}/,
    ],
    ['a field twice', '{"name":"a","name":"b"}', /^name is given more than once/],
  ]
  for (const [what, body, message] of bad) {
    it(`O5: ${what} → 400 invalid_request naming it, nothing changed`, async () => {
      const t = owners()
      const created = await t.create({ name: 'kept' })
      expect(expectError(await patch(t, created.id, body), 400, 'invalid_request')).toMatch(message)
      expect((await t.keyward.keys.get(created.id))!.name).toBe('kept')
    })
  }

  it("M5/M9/O8: an owner suspends and resumes its own key; another owner's key → 404 and stays enabled", async () => {
    const t = owners()
    const mine = await t.create({ name: 'mine', ownerId: 'acme' })
    const theirs = await t.create({ name: 'theirs', ownerId: 'globex' })
    expect(expectSuccess(await patch(t, mine.id, { enabled: false }, 'acme'))).toMatchObject({ enabled: false })
    const refused = await t.authenticateKey(mine.key)
    expect(refused.ok ? 'ok' : refused.error.code).toBe('API_KEY_DISABLED')
    expect(expectSuccess(await patch(t, mine.id, { enabled: true }, 'acme'))).toMatchObject({ enabled: true })
    expect((await t.authenticateKey(mine.key)).ok).toBe(true)
    expectError(await patch(t, theirs.id, { enabled: false }, 'acme'), 404, 'not_found')
    expect((await t.keyward.keys.get(theirs.id))!.enabled).toBe(true)
  })

  it('M7/M9: an owner may not give its keys roles (403, nothing changed) but may remove them; an administrator may give them', async () => {
    const t = owners({ roles: { analyst: ['reports.read'] } })
    const mine = await t.create({ name: 'mine', ownerId: 'acme' })
    expectError(await patch(t, mine.id, { roles: ['analyst'] }, 'acme'), 403, 'forbidden')
    expect((await t.keyward.keys.get(mine.id))!.roles).toBeNull()
    expect(expectSuccess(await patch(t, mine.id, { roles: ['analyst'] }))).toMatchObject({ roles: ['analyst'] })
    expect(expectSuccess(await patch(t, mine.id, { roles: [] }, 'acme'))).toMatchObject({ roles: [] })
    const body = JSON.stringify({ name: 'x', roles: ['analyst'] })
    const created = await t.handle({ method: 'POST', path: '/api-keys', headers: json('acme'), body })
    expect(expectError(created, 403, 'forbidden')).toMatch(/can give its keys roles only from: none\./)
    expectError(await patch(t, mine.id, { roles: ['nobody'] }), 400, 'invalid_request')
  })

  it('B2: the administrator sets expiresAt later or to null; the response and the next request see it', async () => {
    const t = owners()
    const day = 86_400_000
    const key = await t.create({
      name: 'two days',
      ownerId: 'acme',
      expiresAt: new Date(t.clock.now() + 2 * day).toISOString(),
    })
    expect(expectSuccess(await patch(t, key.id, { expiresAt: '2035-01-01T00:00:00Z' }))).toMatchObject({
      expiresAt: '2035-01-01T00:00:00.000Z',
    })
    expect(expectSuccess(await patch(t, key.id, { expiresAt: null }))).toMatchObject({ expiresAt: null })
    t.clock.advance(3 * day)
    expect((await t.authenticateKey(key.key)).ok).toBe(true)
    const audit = await t.keyward.audit.list({ keyId: key.id })
    expect(audit.entries.slice(0, 2).map((e) => [e.action, e.actor, e.fields])).toEqual([
      ['updated', 'admin', ['expiresAt']],
      ['updated', 'admin', ['expiresAt']],
    ])
  })

  it('B2: an owner may bring expiresAt earlier; a later one, or null, → 403 forbidden naming expiresAt, nothing changed', async () => {
    const t = owners()
    const day = 86_400_000
    const ends = new Date(t.clock.now() + 2 * day).toISOString()
    const key = await t.create({ name: 'two days', ownerId: 'acme', expiresAt: ends })
    for (const expiresAt of ['2035-01-01T00:00:00Z', null, new Date(t.clock.now() + 2 * day + 1).toISOString()]) {
      const refused = await patch(t, key.id, { expiresAt, name: 'renamed' }, 'acme')
      expect(expectError(refused, 403, 'forbidden')).toMatch(/expiresAt/)
    }
    expect(await t.keyward.keys.get(key.id)).toMatchObject({ expiresAt: ends, name: 'two days' })
    const soon = new Date(t.clock.now() + 60_000).toISOString()
    expect(expectSuccess(await patch(t, key.id, { expiresAt: soon }, 'acme'))).toMatchObject({ expiresAt: soon })
    t.clock.advance(60_000)
    const refused = await t.authenticateKey(key.key)
    expect(refused.ok ? 'ok' : refused.error.code).toBe('API_KEY_EXPIRED')
    const forever = await t.create({ name: 'no expiry', ownerId: 'acme' })
    expect(
      expectSuccess(await patch(t, forever.id, { expiresAt: soon.replace('2026', '2027') }, 'acme')),
    ).toMatchObject({
      expiresAt: soon.replace('2026', '2027'),
    })
  })

  it('B2: a past or malformed expiresAt → 400 invalid_request naming expiresAt, for the administrator and an owner', async () => {
    const t = owners()
    const key = await t.create({ name: 'k', ownerId: 'acme' })
    for (const owner of [undefined, 'acme']) {
      for (const expiresAt of [new Date(t.clock.now() - 1000).toISOString(), 'tomorrow', 1]) {
        expect(expectError(await patch(t, key.id, { expiresAt }, owner), 400, 'invalid_request')).toMatch(/expiresAt/)
      }
    }
    expect((await t.keyward.keys.get(key.id))?.expiresAt).toBeNull()
  })

  it('O5: an unknown id → 404 not_found', async () => {
    expectError(await patch(owners(), UNKNOWN_ID, { name: 'x' }), 404, 'not_found')
  })
})

describe('POST /api-keys/:id/rotate (K6, O9)', () => {
  it('K6: 201 with the replacement and its full key, and the previous record revoked; the old key is refused at once', async () => {
    const t = owners()
    const old = await t.create({ name: 'rotating', ownerId: 'acme', scopes: ['ip'], meta: { plan: 'pro' } })
    const result = await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: as('acme') })
    const data = expectSuccess(result, 201)
    expect(data).toMatchObject({
      name: 'rotating',
      ownerId: 'acme',
      scopes: ['ip'],
      meta: { plan: 'pro' },
      status: 'active',
    })
    expect(data.key).toMatch(/^svc_live_/)
    expect(data.previous).toMatchObject({ id: old.id, status: 'revoked' })
    const decision = await t.authenticateKey(old.key)
    expect(decision.ok ? 'ok' : decision.error.code).toBe('API_KEY_REVOKED')
    expect((await t.authenticateKey(data.key)).ok).toBe(true)
  })

  it('K6: gracePeriodSeconds lets the old key work that long; a name and an expiry for the replacement are taken', async () => {
    const t = owners()
    const old = await t.create({ name: 'old' })
    const body = JSON.stringify({ gracePeriodSeconds: 3600, name: 'new', expiresAt: '2027-01-01T00:00:00Z' })
    const data = expectSuccess(
      await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: json(), body }),
      201,
    )
    expect(data).toMatchObject({ name: 'new', expiresAt: '2027-01-01T00:00:00.000Z' })
    expect(data.previous).toMatchObject({ status: 'active', expiresAt: '2026-01-15T13:00:00.000Z' })
  })

  it('B2: without an expiresAt the replacement expires when the old key would have; a key without one gives none', async () => {
    const t = owners()
    const day = 86_400_000
    const ends = new Date(t.clock.now() + 30 * day).toISOString()
    const old = await t.create({ name: 'thirty days', expiresAt: ends })
    t.clock.advance(day)
    const kept = expectSuccess(
      await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: as() }),
      201,
    )
    expect(kept.expiresAt).toBe(ends)
    const forever = await t.create({ name: 'no expiry' })
    const none = expectSuccess(
      await t.handle({ method: 'POST', path: `/api-keys/${forever.id}/rotate`, headers: as() }),
      201,
    )
    expect(none.expiresAt).toBeNull()
  })

  it("B2: an owner rotating an administrator's 2-day key to 2035 or to no expiry → 403 forbidden naming expiresAt; nothing made", async () => {
    const t = owners()
    const day = 86_400_000
    const ends = new Date(t.clock.now() + 2 * day).toISOString()
    const old = await t.create({ name: 'two days', ownerId: 'acme', expiresAt: ends })
    for (const expiresAt of ['2035-01-01T00:00:00Z', null]) {
      const body = JSON.stringify({ expiresAt, gracePeriodSeconds: 3600 })
      const refused = await t.handle({
        method: 'POST',
        path: `/api-keys/${old.id}/rotate`,
        headers: json('acme'),
        body,
      })
      expect(expectError(refused, 403, 'forbidden')).toMatch(/expiresAt/)
    }
    t.clock.advance(2 * day)
    const expired = await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: as('acme') })
    expect(expectError(expired, 403, 'forbidden')).toMatch(/expiresAt/)
    expect((await t.keyward.keys.list()).keys.map((r) => [r.id, r.expiresAt])).toEqual([[old.id, ends]])
  })

  it('B2: an owner may rotate to an earlier expiry; the administrator asking for a later one gets 400 naming expiresAt', async () => {
    const t = owners()
    const day = 86_400_000
    const old = await t.create({
      name: 'two days',
      ownerId: 'acme',
      expiresAt: new Date(t.clock.now() + 2 * day).toISOString(),
    })
    const earlier = new Date(t.clock.now() + day).toISOString()
    const body = JSON.stringify({ expiresAt: earlier })
    const rotated = expectSuccess(
      await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: json('acme'), body }),
      201,
    )
    expect(rotated.expiresAt).toBe(earlier)
    const later = JSON.stringify({ expiresAt: '2035-01-01T00:00:00Z' })
    const refused = await t.handle({
      method: 'POST',
      path: `/api-keys/${rotated.id}/rotate`,
      headers: json(),
      body: later,
    })
    expect(expectError(refused, 400, 'invalid_request')).toMatch(/expiresAt/)
    expect((await t.keyward.keys.list()).keys).toHaveLength(2)
  })

  const bad: [string, string, number, string][] = [
    ['a negative grace period', '{"gracePeriodSeconds":-1}', 400, 'invalid_request'],
    ['a grace period over 365 days', '{"gracePeriodSeconds":31536001}', 400, 'invalid_request'],
    ['a grace period in milliseconds', '{"gracePeriodMs":1000}', 400, 'invalid_request'],
    ['a numeric expiresAt', '{"expiresAt":1}', 400, 'invalid_request'],
  ]
  for (const [what, body, status, code] of bad) {
    it(`K6: ${what} → ${status} ${code}; no replacement is made`, async () => {
      const t = owners()
      const old = await t.create({ name: 'old' })
      expectError(
        await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: json(), body }),
        status,
        code,
      )
      expect((await t.keyward.keys.list()).keys).toHaveLength(1)
    })
  }

  it('K6: a revoked key → 409 conflict, no replacement', async () => {
    const t = owners()
    const old = await t.create({ name: 'old' })
    await t.keyward.keys.revoke(old.id)
    expectError(await t.handle({ method: 'POST', path: `/api-keys/${old.id}/rotate`, headers: as() }), 409, 'conflict')
    expect((await t.keyward.keys.list()).keys).toHaveLength(1)
  })
})

describe('POST /owners/:ownerId/revoke-all (O6, O8, O9)', () => {
  it("O6: { revoked: n }; every key of the owner is refused at once, other owners' keys still work; again → 0", async () => {
    const t = owners()
    const a1 = await t.create({ name: 'a1', ownerId: 'acme' })
    const a2 = await t.create({ name: 'a2', ownerId: 'acme', sandbox: true })
    const b = await t.create({ name: 'b', ownerId: 'globex' })
    expect(expectSuccess(await t.handle({ method: 'POST', path: '/owners/acme/revoke-all', headers: as() }))).toEqual({
      revoked: 2,
    })
    for (const key of [a1.key, a2.key]) {
      const decision = await t.authenticateKey(key)
      expect(decision.ok ? 'ok' : decision.error.code).toBe('API_KEY_REVOKED')
    }
    expect((await t.authenticateKey(b.key)).ok).toBe(true)
    expect(expectSuccess(await t.handle({ method: 'POST', path: '/owners/acme/revoke-all', headers: as() }))).toEqual({
      revoked: 0,
    })
  })

  it('O8: an owner may revoke all its own keys; naming another owner → 403 forbidden and nothing is revoked', async () => {
    const t = owners()
    const theirs = await t.create({ name: 'b', ownerId: 'globex' })
    await t.create({ name: 'a', ownerId: 'acme' })
    expect(
      expectError(
        await t.handle({ method: 'POST', path: '/owners/globex/revoke-all', headers: as('acme') }),
        403,
        'forbidden',
      ),
    ).toMatch(/^Forbidden/)
    expect((await t.keyward.keys.get(theirs.id))!.status).toBe('active')
    expect(
      expectSuccess(await t.handle({ method: 'POST', path: '/owners/acme/revoke-all', headers: as('acme') })),
    ).toEqual({ revoked: 1 })
  })

  it('O1: an owner id in the path is percent-decoded; one that breaks the owner id rule → 400 naming ownerId', async () => {
    const t = owners()
    await t.create({ name: 'mail', ownerId: 'team@example.com' })
    expect(
      expectSuccess(await t.handle({ method: 'POST', path: '/owners/team%40example.com/revoke-all', headers: as() })),
    ).toEqual({ revoked: 1 })
    for (const segment of ['acme%20corp', '%E0%A4%A', 'x'.repeat(129)]) {
      const message = expectError(
        await t.handle({ method: 'POST', path: `/owners/${segment}/revoke-all`, headers: as() }),
        400,
        'invalid_request',
      )
      expect(message).toMatch(/^ownerId must be 1 to 128 characters/)
    }
  })
})

describe('GET /api-keys/usage with ownerId (O8, O9)', () => {
  async function withUsage() {
    const t = owners()
    const a = await t.create({ name: 'a', ownerId: 'acme' })
    const b = await t.create({ name: 'b', ownerId: 'globex' })
    for (const [key, path] of [
      [a.key, '/api/v1/a'],
      [b.key, '/api/v1/b'],
      [a.key, '/api/v1/a2'],
    ] as const) {
      t.clock.advance(1000)
      const decision = await t.authenticateKey(key)
      if (!decision.ok) throw new Error(show(decision.response))
      t.keyward.recordUsage(decision.apiKey, { method: 'GET', path, status: 200 })
    }
    return { t, a, b }
  }
  const paths = (result: Awaited<ReturnType<ReturnType<typeof owners>['handle']>>) =>
    expectSuccess<any[]>(result).map((e) => e.path)

  it("O9: the administrator reads one owner's usage with ?ownerId=; each entry carries its ownerId", async () => {
    const { t } = await withUsage()
    const entries = expectSuccess<any[]>(await t.handle({ path: '/api-keys/usage', query: 'ownerId=acme' }))
    expect(entries.map((e) => [e.path, e.ownerId])).toEqual([
      ['/api/v1/a2', 'acme'],
      ['/api/v1/a', 'acme'],
    ])
    expect(paths(await t.handle({ path: '/api-keys/usage' }))).toEqual(['/api/v1/a2', '/api/v1/b', '/api/v1/a'])
  })

  it('O8: an owner reads only its own usage, of all its keys or of one; ?ownerId= of another owner → 403', async () => {
    const { t, a } = await withUsage()
    expect(paths(await t.handle({ path: '/api-keys/usage', headers: as('globex') }))).toEqual(['/api/v1/b'])
    expect(
      paths(await t.handle({ path: '/api-keys/usage', headers: as('acme'), query: `keyId=${a.id}&limit=1` })),
    ).toEqual(['/api/v1/a2'])
    expectError(
      await t.handle({ path: '/api-keys/usage', headers: as('globex'), query: 'ownerId=acme' }),
      403,
      'forbidden',
    )
    expect(
      expectError(await t.handle({ path: '/api-keys/usage', query: 'ownerId=a%20b' }), 400, 'invalid_request'),
    ).toMatch(/^ownerId must be/)
  })

  it("O8: a usage log that answers an owner with another owner's entries → 500, never those entries", async () => {
    const stores = createMemoryStores()
    const query = stores.usage.query.bind(stores.usage)
    stores.usage.query = ({ ownerId: _, ...q }) => query(q)
    const t = owners({ stores })
    const b = await t.create({ name: 'b', ownerId: 'globex' })
    const decision = await t.authenticateKey(b.key)
    if (!decision.ok) throw new Error(show(decision.response))
    t.keyward.recordUsage(decision.apiKey, { method: 'GET', path: '/api/v1/secret-path', status: 200 })
    const result = await t.handle({ path: '/api-keys/usage', headers: as('acme') })
    expectError(result, 500, 'INTERNAL_ERROR')
    expect(result.response.body).not.toContain('secret-path')
  })
})

describe('createDashboard({ owners }) is checked at setup (B2)', () => {
  const withOwners = (owners: unknown, roles?: Record<string, string[]>) => () =>
    setup({ keyward: { roles }, dashboard: { authorize: ownerGuard, owners: owners as never } })
  const cases: [string, unknown, RegExp][] = [
    ['not an object', 'reports.read', /option "owners" must be an object/],
    ['an unknown field', { scope: ['ip'] }, /option "owners" takes scopes, meta and roles; "scope"/],
    ['scopes a string', { scopes: 'ip' }, /option "owners\.scopes" must be an array of key scopes/],
    ['a malformed scope', { scopes: ['Reports'] }, /option "owners\.scopes" must be an array of key scopes/],
    ['meta not an array', { meta: 'label' }, /option "owners\.meta" must be an array of top-level meta field names/],
    ['an empty meta field', { meta: [''] }, /option "owners\.meta"/],
    [
      'a role not defined',
      { roles: ['auditor'] },
      /option "owners\.roles" must be an array of roles createKeyward\(\) defines \(analyst\)/,
    ],
  ]
  for (const [what, owners, message] of cases) {
    it(`B2: owners with ${what} throws a TypeError naming the option`, () => {
      expect(withOwners(owners, { analyst: ['reports.read'] })).toThrow(
        expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(message) }),
      )
    })
  }

  it('B2: owners.scopes as a function answering something else than scopes is a 500 for that request, never a wider grant', async () => {
    const t = setup({ dashboard: { authorize: ownerGuard, owners: { scopes: () => 'everything' as never } } })
    const body = JSON.stringify({ name: 'x', scopes: ['ip'] })
    const answer = await t.handle({ method: 'POST', path: '/api-keys', headers: json('acme'), body })
    expectError(answer, 500, 'INTERNAL_ERROR')
    expect((await t.keyward.keys.list()).keys).toEqual([])
  })
})

describe('GET /session says what the session may give its keys (B2)', () => {
  it('B2: an owner learns its grantable scopes, meta fields and roles (a function of its id answered per owner); the administrator gets role admin and grants null', async () => {
    const t = setup({
      keyward: { roles: { analyst: ['reports.read'] } },
      dashboard: {
        authorize: ownerGuard,
        owners: {
          scopes: async (ownerId) => (ownerId === 'acme' ? ['reports.*', 'ip'] : []),
          meta: ['label'],
          roles: ['analyst'],
        },
      },
    })
    const acme = expectSuccess(await t.handle({ path: '/session', headers: as('acme') }))
    expect(acme).toEqual({
      role: 'owner',
      ownerId: 'acme',
      grants: { scopes: ['reports.*', 'ip'], meta: ['label'], roles: ['analyst'] },
    })
    const globex = expectSuccess(await t.handle({ path: '/session', headers: as('globex') }))
    expect(globex.grants.scopes).toEqual([])
    expect(expectSuccess(await t.handle({ path: '/session', headers: as() }))).toEqual({
      role: 'admin',
      ownerId: null,
      grants: null,
    })
    const { response } = await t.handle({ method: 'POST', path: '/session', headers: as() })
    expect([response.status, response.headers.Allow], show(response)).toEqual([405, 'GET, HEAD'])
  })

  it('B2: by default an owner may grant nothing beyond the instance default scopes, and no meta field or role', async () => {
    const t = setup({ dashboard: { authorize: ownerGuard } })
    const data = expectSuccess(await t.handle({ path: '/session', headers: as('acme') }))
    expect(data.grants).toEqual({ scopes: [], meta: [], roles: [] })
  })

  it('B2: the OpenAPI document describes GET /api/dashboard/session and its grants', () => {
    const t = setup({ dashboard: { authorize: ownerGuard } })
    const document = t.keyward
      .openapi()
      .complete(
        { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} },
        { dashboard: '/api/dashboard' },
      ) as any
    const data =
      document.paths['/api/dashboard/session'].get.responses[200].content['application/json'].schema.properties.data
    expect(data.required).toEqual(['role', 'ownerId', 'grants'])
    expect(data.properties.grants.oneOf[0].required).toEqual(['scopes', 'meta', 'roles'])
  })
})
