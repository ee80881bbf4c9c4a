/**
 * B2 over real HTTP (the reference app on Express, its dashboard guard: the token is the
 * administrator, with `X-Keyward-Owner` that owner), on every store: memory, Redis, Postgres, and
 * Postgres with its Redis cache. An owner session gives only what `dashboard.owners` lets owners
 * grant, narrows but never widens what an administrator set, and each refusal is 403 `forbidden`
 * naming the field with the key left as it was.
 */
import type { AddressInfo } from 'node:net'
import type { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { buildExpressApp } from '../../server/app-express.js'
import { referenceDashboardGuard } from '../../server/dashboard-guard.js'
import type { DashboardOwnerOptions } from '../../src/dashboard/index.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import type { KeywardStores } from '../../src/core/types.js'
import { databaseAvailable, type TestDatabase, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const TOKEN = 'owner-grants-dashboard-token-0123456789'

interface RunningApp {
  keyward: Keyward
  base: string
  close(): Promise<void>
}

interface Answer {
  status: number
  body: string
  json: any
}

const show = (a: Answer) => `${a.status} ${a.body}`

/** A dashboard request as the administrator, or as `owner`; a body is sent as JSON. */
async function dashboard(
  app: RunningApp,
  method: string,
  path: string,
  options: { owner?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }
  if (options.owner !== undefined) headers['X-Keyward-Owner'] = options.owner
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${app.base}/api/dashboard${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const body = await response.text()
  return { status: response.status, body, json: body === '' ? null : JSON.parse(body) }
}

/** The status a key gets on the reference app's `/api/v1/reports` (`reports.read AND (billing.read OR billing.admin)`). */
async function reportsStatus(app: RunningApp, key: string): Promise<number> {
  const response = await fetch(`${app.base}/api/v1/reports`, { headers: { Authorization: `Bearer ${key}` } })
  await response.arrayBuffer()
  return response.status
}

function expectRefused(answer: Answer, field: string): void {
  expect([answer.status, answer.json?.error?.code], show(answer)).toEqual([403, 'forbidden'])
  expect(answer.json.error.message, show(answer)).toContain(field)
}

let ownerCount = 0
/** An owner id no other case uses: the stores of one suite are shared by its cases. */
const freshOwner = () => `acme-${++ownerCount}-${Date.now().toString(36)}`

/**
 * The cases every store passes; `storesOf` gives the stores of a new instance (undefined: memory).
 */
function ownerGrantCases(storesOf: () => Promise<KeywardStores | undefined>) {
  const running: RunningApp[] = []
  afterEach(async () => {
    for (const app of running.splice(0)) {
      await app.close()
      await app.keyward.close().catch(() => undefined)
    }
  })

  async function started(owners?: DashboardOwnerOptions): Promise<RunningApp> {
    const stores = await storesOf()
    const keyward = createKeyward({ failedAuthLimit: 0, ...(stores === undefined ? {} : { stores }) })
    const dashboard = { authorize: referenceDashboardGuard(TOKEN), failedAuthLimit: 0, owners }
    const app = await buildExpressApp({ keyward, dashboard, trustProxy: false })
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
    const port = (app.server.address() as AddressInfo).port
    const running_ = { keyward, base: `http://127.0.0.1:${port}`, close: () => app.close() }
    running.push(running_)
    return running_
  }

  it('B2: an owner PATCHing its administrator-restricted key to every scope (["*"] or null) is refused naming scopes, and the key keeps its scopes', async () => {
    const app = await started({ scopes: ['reports.read', 'ip'] })
    const owner = freshOwner()
    const { record } = await app.keyward.keys.create({ name: 'restricted', ownerId: owner, scopes: ['reports.read'] })
    expectRefused(await dashboard(app, 'PATCH', `/api-keys/${record.id}`, { owner, body: { scopes: ['*'] } }), 'scopes')
    const nulled = await dashboard(app, 'PATCH', `/api-keys/${record.id}`, { owner, body: { scopes: null } })
    // Refused as a widening (403), or as a value no key takes any more (400): never stored.
    expect([403, 400], show(nulled)).toContain(nulled.status)
    expect((await app.keyward.keys.get(record.id))!.scopes).toEqual(['reports.read'])
  })

  it('B2: an owner creating a key with a scope outside what owners may grant is refused naming scopes; nothing is created, and its keys do not pass the scoped route', async () => {
    const app = await started({ scopes: ['reports.read', 'ip'] })
    const owner = freshOwner()
    const attack = { name: 'escalated', scopes: ['reports.read', 'billing.admin'] }
    expectRefused(await dashboard(app, 'POST', '/api-keys', { owner, body: attack }), 'scopes')
    expect((await app.keyward.keys.list({ ownerId: owner })).keys).toEqual([])
    const allowed = await dashboard(app, 'POST', '/api-keys', {
      owner,
      body: { name: 'reader', scopes: ['reports.read'] },
    })
    expect(allowed.status, show(allowed)).toBe(201)
    expect(await reportsStatus(app, allowed.json.data.key)).toBe(403)
    // The same body from the administrator passes the route: the refusal above is what kept the owner out.
    const admin = await dashboard(app, 'POST', '/api-keys', { body: { ...attack, ownerId: owner } })
    expect(await reportsStatus(app, admin.json.data.key)).toBe(200)
  })

  it('B2: wildcards are counted by what they grant: with reports.* grantable an owner gives reports.read, reports.* and reports.export.*, never * or billing.*; with reports.read alone, never reports.*', async () => {
    const wide = await started({ scopes: ['reports.*'] })
    const owner = freshOwner()
    for (const scopes of [['reports.read'], ['reports.*'], ['reports.export.*']]) {
      const created = await dashboard(wide, 'POST', '/api-keys', { owner, body: { name: 'ok', scopes } })
      expect(created.status, `${scopes}: ${show(created)}`).toBe(201)
    }
    for (const scopes of [['*'], ['billing.*'], ['reports.read', 'reportsx.read']]) {
      expectRefused(await dashboard(wide, 'POST', '/api-keys', { owner, body: { name: 'no', scopes } }), 'scopes')
    }
    const narrow = await started({ scopes: ['reports.read'] })
    expectRefused(
      await dashboard(narrow, 'POST', '/api-keys', { owner, body: { name: 'no', scopes: ['reports.*'] } }),
      'scopes',
    )
    expect((await wide.keyward.keys.list({ ownerId: owner })).keys).toHaveLength(3)
  })

  it('B2: an owner may narrow scopes an administrator gave beyond what owners grant, keep them, but not add another', async () => {
    const app = await started({ scopes: ['ip'] })
    const owner = freshOwner()
    const given = ['reports.*', 'billing.admin']
    const { record } = await app.keyward.keys.create({ name: 'admin-made', ownerId: owner, scopes: given })
    const path = `/api-keys/${record.id}`
    expectRefused(
      await dashboard(app, 'PATCH', path, { owner, body: { scopes: [...given, 'billing.read'] } }),
      'scopes',
    )
    const steps = [
      ['reports.read', 'reports.export.*', 'billing.admin', 'ip'],
      ['reports.read', 'billing.admin'],
      ['reports.read'],
    ]
    for (const scopes of steps) {
      const narrowed = await dashboard(app, 'PATCH', path, { owner, body: { scopes } })
      expect(narrowed.status, `${scopes}: ${show(narrowed)}`).toBe(200)
      expect(narrowed.json.data.scopes).toEqual(scopes)
    }
    // Narrowed away, billing.admin is no longer the key's: giving it back is a widening.
    expectRefused(await dashboard(app, 'PATCH', path, { owner, body: { scopes: ['billing.admin'] } }), 'scopes')
    expect((await app.keyward.keys.get(record.id))!.scopes).toEqual(['reports.read'])
  })

  it('B2: by default an owner grants only the instance default scopes and writes no meta field; a function of the owner id may grant more', async () => {
    const plain = await started()
    const owner = freshOwner()
    expectRefused(await dashboard(plain, 'POST', '/api-keys', { owner, body: { name: 'x', scopes: ['ip'] } }), 'scopes')
    const bare = await dashboard(plain, 'POST', '/api-keys', { owner, body: { name: 'bare' } })
    expect(bare.status, show(bare)).toBe(201)
    expect(bare.json.data.scopes).toEqual([])
    expect(await reportsStatus(plain, bare.json.data.key)).toBe(403)
    expectRefused(
      await dashboard(plain, 'POST', '/api-keys', { owner, body: { name: 'x', meta: { plan: 'enterprise' } } }),
      'meta',
    )
    const favoured = freshOwner()
    const byOwner = await started({ scopes: (id) => (id === favoured ? ['reports.read'] : []) })
    const body = { name: 'reader', scopes: ['reports.read'] }
    expect((await dashboard(byOwner, 'POST', '/api-keys', { owner: favoured, body })).status).toBe(201)
    expectRefused(await dashboard(byOwner, 'POST', '/api-keys', { owner, body }), 'scopes')
  })

  it('B2: an owner rewriting a meta field owners may not write (plan free → enterprise, or removing it) is refused naming meta; a declared field is written and the rest kept', async () => {
    const app = await started({ meta: ['label'] })
    const owner = freshOwner()
    const { record } = await app.keyward.keys.create({ name: 'billed', ownerId: owner, meta: { plan: 'free' } })
    const path = `/api-keys/${record.id}`
    for (const meta of [{ plan: 'enterprise' }, { label: 'ci' }, null, { plan: 'free', tier: 'gold' }]) {
      expectRefused(await dashboard(app, 'PATCH', path, { owner, body: { meta } }), 'meta')
    }
    expect((await app.keyward.keys.get(record.id))!.meta).toEqual({ plan: 'free' })
    const labelled = await dashboard(app, 'PATCH', path, { owner, body: { meta: { plan: 'free', label: 'ci' } } })
    expect(labelled.status, show(labelled)).toBe(200)
    expect(labelled.json.data.meta).toEqual({ plan: 'free', label: 'ci' })
    const created = await dashboard(app, 'POST', '/api-keys', { owner, body: { name: 'x', meta: { label: 'own' } } })
    expect(created.status, show(created)).toBe(201)
    expectRefused(
      await dashboard(app, 'POST', '/api-keys', { owner, body: { name: 'x', meta: { label: 'a', plan: 'pro' } } }),
      'meta',
    )
  })

  it("B2: an owner may not drop or widen an administrator's allowedIps (refused naming allowedIps); it may narrow them, or give addresses to a key without any", async () => {
    const app = await started()
    const owner = freshOwner()
    const { record } = await app.keyward.keys.create({ name: 'fenced', ownerId: owner, allowedIps: ['10.0.0.0/8'] })
    const path = `/api-keys/${record.id}`
    for (const allowedIps of [null, ['10.0.0.0/7'], ['10.0.0.0/8', '192.0.2.1'], ['::/0'], ['::ffff:0:0/96']]) {
      expectRefused(await dashboard(app, 'PATCH', path, { owner, body: { allowedIps } }), 'allowedIps')
    }
    expect((await app.keyward.keys.get(record.id))!.allowedIps).toEqual(['10.0.0.0/8'])
    for (const allowedIps of [['10.1.0.0/16', '10.2.3.4'], ['::ffff:10.1.2.3'], ['10.1.2.3']]) {
      const narrowed = await dashboard(app, 'PATCH', path, { owner, body: { allowedIps } })
      expect(narrowed.status, `${allowedIps}: ${show(narrowed)}`).toBe(200)
    }
    expect((await app.keyward.keys.get(record.id))!.allowedIps).toEqual(['10.1.2.3'])
    const open = await app.keyward.keys.create({ name: 'open', ownerId: owner })
    const added = await dashboard(app, 'PATCH', `/api-keys/${open.record.id}`, {
      owner,
      body: { allowedIps: ['203.0.113.0/24'] },
    })
    expect(added.status, show(added)).toBe(200)
    expect(added.json.data.allowedIps).toEqual(['203.0.113.0/24'])
  })

  it('B2: an owner gives only the roles owners may grant; it may remove any', async () => {
    const stores = await storesOf()
    const keyward = createKeyward({
      failedAuthLimit: 0,
      roles: { analyst: ['reports.read'], accountant: ['billing.admin'] },
      ...(stores === undefined ? {} : { stores }),
    })
    const dashboardOptions = {
      authorize: referenceDashboardGuard(TOKEN),
      failedAuthLimit: 0,
      owners: { roles: ['analyst'] },
    }
    const built = await buildExpressApp({ keyward, dashboard: dashboardOptions, trustProxy: false })
    await new Promise<void>((resolve) => built.server.listen(0, '127.0.0.1', resolve))
    const app = {
      keyward,
      base: `http://127.0.0.1:${(built.server.address() as AddressInfo).port}`,
      close: () => built.close(),
    }
    running.push(app)
    const owner = freshOwner()
    const made = await dashboard(app, 'POST', '/api-keys', { owner, body: { name: 'a', roles: ['analyst'] } })
    expect(made.status, show(made)).toBe(201)
    expectRefused(
      await dashboard(app, 'POST', '/api-keys', { owner, body: { name: 'b', roles: ['accountant'] } }),
      'roles',
    )
    const path = `/api-keys/${made.json.data.id}`
    expectRefused(await dashboard(app, 'PATCH', path, { owner, body: { roles: ['analyst', 'accountant'] } }), 'roles')
    const { record } = await keyward.keys.create({ name: 'c', ownerId: owner, roles: ['accountant'] })
    const removed = await dashboard(app, 'PATCH', `/api-keys/${record.id}`, { owner, body: { roles: [] } })
    expect(removed.status, show(removed)).toBe(200)
    expect((await keyward.keys.get(made.json.data.id))!.roles).toEqual(['analyst'])
  })
}

describe('owner grants over HTTP, memory store (B2)', () => {
  ownerGrantCases(async () => undefined)
})

const redisUrl = sharedRedisUrl(inject('keywardRedis'))
const clients: Redis[] = []
const prefixes: string[] = []
afterAll(async () => {
  for (const client of clients) client.disconnect()
  for (const prefix of prefixes) await deletePrefix(redisUrl!, prefix)
})

async function redisClientAndPrefix(name: string): Promise<{ client: Redis; prefix: string }> {
  const client = await ioredisClient(redisUrl!)
  clients.push(client)
  const prefix = uniquePrefix(name)
  prefixes.push(prefix)
  return { client, prefix }
}

describe.skipIf(redisUrl === null)('owner grants over HTTP, Redis store (B2)', () => {
  ownerGrantCases(async () => createRedisStores(await redisClientAndPrefix('owner-grants')))
})

describe.skipIf(!databaseAvailable())('owner grants over HTTP, Postgres store (B2)', () => {
  let db: TestDatabase
  withDatabase('owner_grants', (database) => (db = database))
  ownerGrantCases(async () => createPostgresStores({ pool: db.pool, schema: db.schema }))

  describe.skipIf(redisUrl === null)('with its Redis cache', () => {
    ownerGrantCases(async () =>
      createPostgresStores({ pool: db.pool, schema: db.schema, redis: await redisClientAndPrefix('owner-grants-pg') }),
    )
  })
})
