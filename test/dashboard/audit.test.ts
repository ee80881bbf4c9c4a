/**
 * N4 on the dashboard, in process through `dashboard.handle()`: changes made through the routes are
 * recorded with the principal as actor (`admin`, or `owner:` and the owner id), and `GET /audit` pages the trail
 * newest first with O8's isolation: an owner sees its own entries only, another owner's key id is
 * 404 like an unknown one, naming another owner is 403, and a bad query is 400 naming the field.
 */
import { describe, expect, it } from 'vitest'
import { bearerTokenGuard, type DashboardRequest } from '../../src/dashboard/index.js'
import { AUTH, expectError, expectSuccess, setup, show } from './support.js'

const admin = bearerTokenGuard('dash-token-0123456789abcdefABCDEF')
function ownerGuard(request: DashboardRequest) {
  if (!admin(request)) return false
  const owner = request.headers['x-owner']
  return typeof owner === 'string' ? { ownerId: owner } : { role: 'admin' as const }
}
const as = (owner?: string): DashboardRequest['headers'] =>
  owner === undefined ? { authorization: AUTH } : { authorization: AUTH, 'x-owner': owner }
const json = (owner?: string) => ({ ...as(owner), 'content-type': 'application/json' })
const UNKNOWN_ID = 'key_000000000000000000000000'

function app() {
  const t = setup({ dashboard: { authorize: ownerGuard } })
  const create = async (body: Record<string, unknown>, owner?: string) =>
    expectSuccess(
      await t.handle({ method: 'POST', path: '/api-keys', headers: json(owner), body: JSON.stringify(body) }),
      201,
    )
  const audit = (query: string, owner?: string) =>
    t.handle({ method: 'GET', path: '/audit', query, headers: as(owner) })
  return { ...t, create, audit }
}

describe('dashboard audit trail (N4, O8)', () => {
  it('records create, update, revoke and revoke-all with the principal as actor, newest first', async () => {
    const t = app()
    const mine = await t.create({ name: 'mine' }, 'org_a')
    t.clock.advance(1000)
    const other = await t.create({ name: 'by admin', ownerId: 'org_a' })
    t.clock.advance(1000)
    expectSuccess(
      await t.handle({
        method: 'PATCH',
        path: `/api-keys/${mine.id}`,
        headers: json('org_a'),
        body: JSON.stringify({ name: 'renamed', enabled: false }),
      }),
    )
    t.clock.advance(1000)
    expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${mine.id}/revoke`, headers: as('org_a') }))
    t.clock.advance(1000)
    expectSuccess(await t.handle({ method: 'POST', path: '/owners/org_a/revoke-all', headers: as() }))
    const response = await t.audit('ownerId=org_a')
    const entries = expectSuccess(response)
    expect(JSON.parse(response.response.body).meta.nextCursor).toBeNull()
    expect(entries.map((e: any) => [e.action, e.keyId, e.actor, e.fields])).toEqual([
      ['revoked_all', null, 'admin', ['revokedAt']],
      ['revoked', mine.id, 'owner:org_a', ['revokedAt']],
      ['suspended', mine.id, 'owner:org_a', ['name', 'enabled']],
      ['created', other.id, 'admin', expect.arrayContaining(['name', 'ownerId'])],
      ['created', mine.id, 'owner:org_a', expect.arrayContaining(['name', 'ownerId'])],
    ])
    expect(Object.keys(entries[0]).sort()).toEqual(['action', 'actor', 'fields', 'id', 'keyId', 'ownerId', 'time'])
    expect(response.response.headers['Cache-Control']).toBe('no-store')
  })

  it('B3: owners whose ids are admin and cli are recorded as owner:admin and owner:cli, never as the administrator or the command line', async () => {
    const t = app()
    const byAdminOwner = await t.create({ name: 'a' }, 'admin')
    const byCliOwner = await t.create({ name: 'c' }, 'cli')
    t.clock.advance(1000)
    expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${byAdminOwner.id}/revoke`, headers: as('admin') }))
    expectSuccess(
      await t.handle({ method: 'POST', path: `/api-keys/${byCliOwner.id}/rotate`, headers: as('cli') }),
      201,
    )
    t.clock.advance(1000)
    expectSuccess(await t.handle({ method: 'POST', path: '/owners/cli/revoke-all', headers: as() }))
    const actors = async (ownerId: string) =>
      expectSuccess(await t.audit(`ownerId=${ownerId}`)).map((e: any) => [e.action, e.actor])
    expect(await actors('admin')).toEqual([
      ['revoked', 'owner:admin'],
      ['created', 'owner:admin'],
    ])
    expect(await actors('cli')).toEqual([
      ['revoked_all', 'admin'],
      ['rotated', 'owner:cli'],
      ['created', 'owner:cli'],
      ['created', 'owner:cli'],
    ])
  })

  it("B3: a host's actor is recorded as host:<actor>, so a host passing admin, cli or owner:x never reads as those", async () => {
    const t = app()
    const { record } = await t.keyward.keys.create({ name: 'h', ownerId: 'org_h' }, { actor: 'admin' })
    await t.keyward.keys.update(record.id, { name: 'h2' }, { actor: 'cli' })
    await t.keyward.keys.revoke(record.id, { actor: 'owner:org_h' })
    const entries = expectSuccess(await t.audit(`keyId=${record.id}`))
    expect(entries.map((e: any) => e.actor).sort()).toEqual(['host:admin', 'host:cli', 'host:owner:org_h'])
  })

  it("an owner sees only its own entries; another owner's key id answers 404 exactly as an unknown id", async () => {
    const t = app()
    const a = await t.create({ name: 'a' }, 'org_a')
    const b = await t.create({ name: 'b' }, 'org_b')
    const own = expectSuccess(await t.audit('', 'org_a'))
    expect(own.map((e: any) => e.keyId)).toEqual([a.id])
    expect(expectSuccess(await t.audit(`keyId=${a.id}`, 'org_a')).map((e: any) => e.keyId)).toEqual([a.id])
    const foreign = await t.audit(`keyId=${b.id}`, 'org_a')
    const unknown = await t.audit(`keyId=${UNKNOWN_ID}`, 'org_a')
    expectError(foreign, 404, 'not_found')
    expectError(unknown, 404, 'not_found')
    expect(JSON.parse(foreign.response.body).error.message).toBe(JSON.parse(unknown.response.body).error.message)
    expectError(await t.audit('ownerId=org_b', 'org_a'), 403, 'forbidden')
    const all = expectSuccess(await t.audit(''))
    expect(all.map((e: any) => e.keyId).sort()).toEqual([a.id, b.id].sort())
  })

  it('pages with limit and cursor: every entry once, newest first', async () => {
    const t = app()
    for (let i = 0; i < 5; i++) {
      await t.create({ name: `k${i}` }, 'org_p')
      t.clock.advance(10)
    }
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const response = await t.audit(query, 'org_p')
      const page = expectSuccess(response)
      expect(page.length).toBeLessThanOrEqual(2)
      seen.push(...page.map((e: any) => e.time))
      cursor = JSON.parse(response.response.body).meta.nextCursor
    } while (cursor !== null)
    expect(seen).toHaveLength(5)
    expect(seen).toEqual([...seen].sort().reverse())
  })

  it('refuses a bad query with 400 invalid_request naming the field', async () => {
    const t = app()
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=x', 'limit'],
      ['cursor=zz', 'cursor'],
      ['ownerId=bad%20owner', 'ownerId'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const answer = await t.audit(query!)
      const message = expectError(answer, 400, 'invalid_request')
      expect(message, `${query}: ${show(answer.response)}`).toMatch(new RegExp(`^${field}`))
    }
  })

  it('answers 405 with Allow for a method other than GET or HEAD', async () => {
    const t = app()
    const { response } = await t.handle({ method: 'POST', path: '/audit', headers: as() })
    expect(response.status, show(response)).toBe(405)
    expect(response.headers.Allow).toBe('GET, HEAD')
  })
})

describe('the audit route in the OpenAPI document (N4, X1)', () => {
  it('describes GET /api/dashboard/audit with its query and the entry schema', () => {
    const t = app()
    const document = t.keyward
      .openapi()
      .complete(
        { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} },
        { dashboard: '/api/dashboard' },
      ) as any
    const get = document.paths['/api/dashboard/audit'].get
    expect(get.parameters.map((p: any) => p.name)).toEqual(['ownerId', 'keyId', 'limit', 'cursor'])
    const entry = get.responses[200].content['application/json'].schema.properties.data.items
    expect(entry.required).toEqual(['id', 'time', 'action', 'actor', 'keyId', 'ownerId', 'fields'])
    expect(entry.properties.action.enum).toContain('revoked_all')
    expect(Object.keys(get.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500'])
  })
})
