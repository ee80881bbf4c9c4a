/**
 * An owner's limits as a list of named limits (M1, O7, M4) through `createKeyward`, as a key
 * holder sees them: every key of the owner, with a list of its own or on its type's limits,
 * counts in the owner's limits; a request is admitted only when every limit of the key and of its
 * owner admits, and a refused one counts nowhere; `charge(n)` counts in the owner's limits too.
 * Run on each store by the files that pass it their stores (`ownerNamedLimitsSuite`).
 */
import { describe, expect, it } from 'vitest'
import type { KeyType, KeywardStores } from '../../src/core/types.js'
import { type AuthDecision, type AuthSuccess, type Keyward, createKeyward } from '../../src/keyward.js'

/** 10 March 2026, 12:00:00 UTC. */
export const T0 = Date.UTC(2026, 2, 10, 12)

const OWNER_LIST = [
  { name: 'burst', limit: 5, window: '10s' },
  { name: 'monthly', limit: 40, window: { month: { day: 15 } } },
]

/** What a key holder sees of one request. */
function seen(decision: AuthDecision) {
  const headers = decision.ok ? decision.headers : decision.response.headers
  return {
    status: decision.ok ? 200 : decision.response.status,
    message: decision.ok ? null : decision.error.message,
    limit: headers['X-RateLimit-Limit'],
    remaining: headers['X-RateLimit-Remaining'],
    policy: headers['RateLimit-Policy'],
  }
}

export interface OwnerNamedLimitsWorld {
  keyward: Keyward
  clock: { t: number }
  close(): Promise<void>
}

/** `stores()` gives fresh stores on the clock the caller's keyward is given (`time: 'caller'` on Redis). */
export function ownerNamedLimitsSuite(name: string, stores: () => KeywardStores | Promise<KeywardStores>): void {
  async function world(ownerLimits: object = { live: OWNER_LIST }): Promise<OwnerNamedLimitsWorld> {
    const clock = { t: T0, now: () => clock.t }
    const given = await stores()
    const keyward = createKeyward({
      clock,
      failedAuthLimit: 0,
      stores: given,
      ownerLimits,
      ietfRateLimitHeaders: 'draft-8',
    })
    return { keyward, clock, close: () => keyward.close() }
  }

  async function keyOf(keyward: Keyward, ownerId: string, extra: object = {}, keyType: KeyType = 'live') {
    return (await keyward.keys.create({ name: `${ownerId} key`, ownerId, keyType, ...extra })).key
  }

  const call = async (keyward: Keyward, key: string, route?: { cost?: number }) =>
    seen(await keyward.authenticate({ authorization: `Bearer ${key}` }, route))

  describe(`owner limits as named limits on ${name} (M1, O7)`, () => {
    it('M1 O7: the keys of one owner share its burst limit, whatever their own limits; a refusal names the owner’s limit', async () => {
      const { keyward, clock, close } = await world()
      const plain = await keyOf(keyward, 'org_a')
      const listed = await keyOf(keyward, 'org_a', { limits: [{ name: 'hourly', limit: 100, window: '1h' }] })
      const other = await keyOf(keyward, 'org_b')
      const statuses: number[] = []
      for (const key of [plain, listed, plain, listed, plain, listed, plain]) {
        statuses.push((await call(keyward, key)).status)
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
      const refused = await call(keyward, listed)
      expect(refused).toMatchObject({ status: 429, limit: '5', remaining: '0' })
      expect(refused.message).toMatch(/burst/)
      // Another owner counts in its own limits.
      expect((await call(keyward, other)).status).toBe(200)
      clock.t = T0 + 11_000
      expect((await call(keyward, plain)).status).toBe(200)
      await close()
    })

    it('M4 L4: a request the key’s own limit refuses counts nowhere: the owner’s limits keep their units', async () => {
      const { keyward, close } = await world()
      const tight = await keyOf(keyward, 'org_a', { limits: [{ name: 'burst', limit: 2, window: '10s' }] })
      const roomy = await keyOf(keyward, 'org_a')
      expect((await call(keyward, tight)).status).toBe(200)
      expect((await call(keyward, tight)).status).toBe(200)
      for (let i = 0; i < 4; i++) expect((await call(keyward, tight)).status).toBe(429)
      // The owner's burst of 5 holds the 2 admitted requests only: 3 more are admitted.
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await call(keyward, roomy)).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      await close()
    })

    it('M1 M8: the headers list the key’s and the owner’s limits; the binding one is the owner’s when it has fewer left', async () => {
      const { keyward, close } = await world()
      const key = await keyOf(keyward, 'org_a', { limits: [{ name: 'hourly', limit: 100, window: '1h' }] })
      const first = await call(keyward, key)
      expect(first).toMatchObject({ status: 200, limit: '5', remaining: '4' })
      expect(first.policy).toBe('"hourly";q=100;w=3600, "owner-burst";q=5;w=10, "owner-monthly";q=40;w=2419200')
      await close()
    })

    it('M1: a billing month of the owner counts across every key and refuses until the 15th', async () => {
      const { keyward, clock, close } = await world({
        live: [{ name: 'monthly', limit: 3, window: { month: { day: 15 } } }],
      })
      const a = await keyOf(keyward, 'org_a')
      const b = await keyOf(keyward, 'org_a')
      expect([
        (await call(keyward, a)).status,
        (await call(keyward, b)).status,
        (await call(keyward, a)).status,
      ]).toEqual([200, 200, 200])
      expect((await call(keyward, b)).status).toBe(429)
      clock.t = Date.UTC(2026, 2, 14, 23, 59)
      expect((await call(keyward, b)).status).toBe(429)
      clock.t = Date.UTC(2026, 2, 15, 0, 0, 1)
      expect((await call(keyward, b)).status).toBe(200)
      await close()
    })

    it('M2: a route’s cost and charge(n) count in the owner’s limits', async () => {
      const { keyward, close } = await world()
      const a = await keyOf(keyward, 'org_a')
      const b = await keyOf(keyward, 'org_a', { limits: [{ name: 'hourly', limit: 100, window: '1h' }] })
      expect((await call(keyward, a, { cost: 2 })).remaining).toBe('3')
      const admitted = (await keyward.authenticate({ authorization: `Bearer ${b}` })) as AuthSuccess
      expect(admitted.ok).toBe(true)
      await admitted.apiKey.charge(2)
      // 2 + 1 + 2 of the owner's burst of 5 are used.
      expect(await call(keyward, a)).toMatchObject({ status: 429, limit: '5', remaining: '0' })
      await close()
    })

    it('N3: limitUsage shows the key’s limits as metered beside its owner’s, then the owner’s named limits', async () => {
      const { keyward, close } = await world()
      const { key, record } = await keyward.keys.create({ name: 'k', ownerId: 'org_a' })
      await call(keyward, key)
      await call(keyward, key, { cost: 2 })
      const rows = (await keyward.limitUsage({ keyId: record.id })).map(({ name, scope, limit, used }) => ({
        name,
        scope,
        limit,
        used,
      }))
      expect(rows).toEqual([
        { name: 'minute', scope: 'key', limit: 1000, used: 3 },
        { name: 'burst', scope: 'owner', limit: 5, used: 3 },
        { name: 'monthly', scope: 'owner', limit: 40, used: 3 },
      ])
      const owner = await keyward.limitUsage({ ownerId: 'org_a' })
      expect(owner.map(({ name, used }) => [name, used])).toEqual([
        ['burst', 3],
        ['monthly', 3],
      ])
      await close()
    })

    it('O7: an owner override replaces the list; owners without limits of a type are not limited', async () => {
      const { keyward, close } = await world({
        live: OWNER_LIST,
        owners: { org_big: { live: [{ name: 'burst', limit: 7, window: '10s' }] } },
      })
      const big = await keyOf(keyward, 'org_big')
      const testKey = await keyOf(keyward, 'org_a', {}, 'test')
      const statuses = []
      for (let i = 0; i < 8; i++) statuses.push((await call(keyward, big)).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429])
      for (let i = 0; i < 8; i++) expect((await call(keyward, testKey)).status).toBe(200)
      await close()
    })
  })
}
