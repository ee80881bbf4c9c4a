/**
 * Two keyward instances, each on its own pool and its own Postgres stores, sharing one schema:
 * a revocation on one is refused by the very next request on the other (S3, K7), and so are
 * revoke-all (O6) and an update (O5); usage written by either is read by both (E5), and
 * `lastUsedAt` written by one is read by the other once written (S4).
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { type PostgresStores, createPostgresStores } from '../../src/stores/postgres/index.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const code = (d: AuthDecision) => (d.ok ? 'ok' : d.error.code)
const codes = (decisions: AuthDecision[]) => {
  const counted: Record<string, number> = {}
  for (const d of decisions) counted[code(d)] = (counted[code(d)] ?? 0) + 1
  return counted
}

describe.skipIf(!databaseAvailable())('two keyward instances sharing one Postgres (S3, K7)', () => {
  let db: TestDatabase
  withDatabase('multi_instance', (database) => (db = database))
  let pools: pg.Pool[]
  let storesA: PostgresStores
  let storesB: PostgresStores
  let a: Keyward
  let b: Keyward

  beforeAll(() => {
    pools = [testPool(db.url), testPool(db.url)]
    storesA = createPostgresStores({ pool: pools[0]!, schema: db.schema })
    storesB = createPostgresStores({ pool: pools[1]!, schema: db.schema })
    a = createKeyward({ stores: storesA })
    b = createKeyward({ stores: storesB })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    for (const pool of pools ?? []) await pool.end()
  })

  it('K7/S3: a key revoked through instance A is refused by the very next request on instance B', async () => {
    for (let round = 0; round < 10; round++) {
      const { key, record } = await a.keys.create({ name: `revoked ${round}` })
      expect(code(await b.authenticate(bearer(key)))).toBe('ok')
      await a.keys.revoke(record.id)
      expect(code(await b.authenticate(bearer(key)))).toBe('API_KEY_REVOKED')
      expect((await b.keys.get(record.id))?.status).toBe('revoked')
    }
  })

  it('K7/S3: requests in flight on B while A revokes: every request that starts after revoke() returned is refused', async () => {
    const { key, record } = await a.keys.create({ name: 'revoked under load' })
    let revoked = false
    let admittedBefore = 0
    const load = (async () => {
      while (!revoked) if ((await b.authenticate(bearer(key))).ok) admittedBefore++
    })()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await a.keys.revoke(record.id)
    revoked = true
    await load
    expect(admittedBefore).toBeGreaterThan(0)
    const after = await Promise.all(Array.from({ length: 50 }, () => b.authenticate(bearer(key))))
    expect(codes(after)).toEqual({ API_KEY_REVOKED: 50 })
  })

  it('O6/K7: revokeAll on A refuses every key of the owner on B at once, and no other owner’s', async () => {
    const keys = await Promise.all(
      [1, 2, 3].map((n) => a.keys.create({ name: `account ${n}`, ownerId: 'acct-closing' })),
    )
    const other = await a.keys.create({ name: 'other account', ownerId: 'acct-staying' })
    expect(codes(await Promise.all(keys.map(({ key }) => b.authenticate(bearer(key)))))).toEqual({ ok: 3 })
    expect(await a.keys.revokeAll('acct-closing')).toBe(3)
    expect(codes(await Promise.all(keys.map(({ key }) => b.authenticate(bearer(key)))))).toEqual({ API_KEY_REVOKED: 3 })
    expect(code(await b.authenticate(bearer(other.key)))).toBe('ok')
  })

  it('O5/S3: scopes updated on A apply to the very next request on B', async () => {
    const { key, record } = await a.keys.create({ name: 'scoped', scopes: ['ip', 'email'] })
    expect(code(await b.authenticate(bearer(key), { scopes: ['email'] }))).toBe('ok')
    await a.keys.update(record.id, { scopes: ['ip'] })
    const refused = await b.authenticate(bearer(key), { scopes: ['email'] })
    expect(refused.ok ? 200 : refused.response.status).toBe(403)
  })

  it('O7/S2: owner limits count beside Postgres keys: two keys of one owner share the owner’s window, in the limiter', async () => {
    const limited = createKeyward({
      stores: createPostgresStores({ pool: pools[0]!, schema: db.schema }),
      ownerLimits: { test: { perMinute: 5 } },
    })
    const first = await limited.keys.create({ name: 'owner key 1', sandbox: true, ownerId: 'acct-owner-limit' })
    const second = await limited.keys.create({ name: 'owner key 2', sandbox: true, ownerId: 'acct-owner-limit' })
    const decisions = []
    for (let i = 0; i < 8; i++) decisions.push(await limited.authenticate(bearer((i % 2 === 0 ? first : second).key)))
    expect(codes(decisions)).toEqual({ ok: 5, rate_limited: 3 })
    await limited.close()
  })

  it('E5: usage recorded on either instance is read by both, newest first', async () => {
    const { key, record } = await a.keys.create({ name: 'usage', ownerId: 'acct-usage' })
    const onA = await a.authenticate({ ...bearer(key), requestId: 'req_fromAAAAAAAAAAAAAAAAAAAAAA' })
    const onB = await b.authenticate({ ...bearer(key), requestId: 'req_fromBBBBBBBBBBBBBBBBBBBBBB' })
    if (!onA.ok || !onB.ok) throw new Error('both requests should be admitted')
    a.recordUsage(onA.apiKey, { method: 'GET', path: '/api/v1/ip/lookup', status: 200, ip: '203.0.113.1' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    b.recordUsage(onB.apiKey, { method: 'POST', path: '/api/v1/email/validate', status: 400, ip: null })
    for (const instance of [a, b]) {
      await vi.waitFor(
        async () => {
          const entries = await instance.queryUsage({ keyId: record.id, limit: 10 })
          expect(entries.map((e) => e.requestId)).toEqual([
            'req_fromBBBBBBBBBBBBBBBBBBBBBB',
            'req_fromAAAAAAAAAAAAAAAAAAAAAA',
          ])
        },
        { timeout: 2000, interval: 20 },
      )
    }
    const [latest] = await a.queryUsage({ ownerId: 'acct-usage', limit: 1 })
    expect(latest).toMatchObject({ keyId: record.id, ownerId: 'acct-usage', method: 'POST', status: 400, ip: null })
  })

  it('K5/S4: a key created on B is listed on A, which reads the lastUsedAt of B’s requests once B has written it', async () => {
    const { key, record } = await b.keys.create({ name: 'listed' })
    expect((await a.keys.list()).keys.map((r) => r.id)).toContain(record.id)
    expect(code(await b.authenticate(bearer(key)))).toBe('ok')
    // B shows its own request at once; A once B's batch is written (within a second).
    expect((await b.keys.get(record.id))?.lastUsedAt).not.toBeNull()
    await vi.waitFor(async () => expect((await a.keys.get(record.id))?.lastUsedAt).not.toBeNull(), {
      timeout: 3000,
      interval: 50,
    })
    expect(Math.abs(Date.parse((await a.keys.get(record.id))!.lastUsedAt!) - Date.now())).toBeLessThan(5_000)
  })
})
