/**
 * Credits (M3) decided with the limits (M4) by `authorize(input)`: the memory stores, the Redis
 * script (single node and cluster) and Postgres keys with either limiter run this one suite. The
 * fixture's `limiter.credits` is the ledger `authorize` spends from; a key's balance starts from
 * its record's credits as of their `since`, as the key manager stores them.
 */
import { type TestContext, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type KeyCredits, balanceIdOf } from '../../src/core/credits.js'
import { canonicalLimitList } from '../../src/core/key-limits.js'
import { ownerCounterId } from '../../src/core/limits-math.js'
import type {
  AuthorizeInput,
  AuthorizeOutcome,
  LimitPolicy,
  OwnerLimitsCheck,
  StoredKey,
} from '../../src/core/types.js'
import type { AuthorizeFixture } from './authorize.contract.js'
import { T0, makeStoredKey, randomHash, type Fixture, type FixtureFactory } from './fixtures.js'

const DEFAULTS: AuthorizeInput['defaults'] = {
  live: { perMinute: 1000, perMonth: null },
  test: { perMinute: 10, perMonth: 1000 },
}
const DAY = 86_400_000

export function runCreditsContract(name: string, make: FixtureFactory<AuthorizeFixture>): void {
  describe(`credits contract: ${name}`, () => {
    let fixture: Fixture<AuthorizeFixture>
    beforeEach(async () => {
      fixture = await make()
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    async function inserted(credits: KeyCredits, overrides: Partial<StoredKey> = {}, at = T0): Promise<StoredKey> {
      const key = makeStoredKey({ credits: { ...credits, since: at }, ...overrides })
      await fixture.keys.insert(key)
      return key
    }

    function authorize(key: StoredKey, overrides: Partial<AuthorizeInput> = {}): Promise<AuthorizeOutcome> {
      const input = { hashes: [key.hash], now: T0, requiredScopes: null, liveOnly: false, consume: true }
      return Promise.resolve(fixture.authorize({ ...input, defaults: DEFAULTS, ...overrides }))
    }

    async function left(key: StoredKey, now = T0): Promise<number> {
      return (await fixture.limiter.credits!.spend(balanceIdOf(key), key.credits!, 0, now, false)).remaining
    }

    async function minuteUsed(key: StoredKey, now = T0): Promise<number> {
      const policy = DEFAULTS[key.keyType]
      return policy.perMinute - (await fixture.limiter.peek(key.id, policy, now)).minute.remaining
    }

    it('M3: an admitted request spends its cost; the decision shows what is left', async () => {
      const key = await inserted({ remaining: 5 })
      expect(await authorize(key, { cost: 2 })).toMatchObject({
        result: 'ok',
        consumed: true,
        limits: { allowed: true, credits: { allowed: true, remaining: 3, refillAt: null } },
      })
      expect(await left(key)).toBe(3)
    })

    it('M3/M4: a cost above what is left is refused; nothing is spent or counted, no Retry-After without a refill', async () => {
      const key = await inserted({ remaining: 2 })
      const refused = await authorize(key, { cost: 3 })
      expect(refused).toMatchObject({
        result: 'ok',
        consumed: false,
        limits: { allowed: false, retryAfter: 0, credits: { allowed: false, remaining: 2 } },
      })
      expect(await left(key)).toBe(2)
      expect(await minuteUsed(key)).toBe(0)
      expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
      expect(await authorize(key, { cost: 2 })).toMatchObject({ consumed: true, limits: { credits: { remaining: 0 } } })
      expect(await authorize(key, { cost: 0 })).toMatchObject({ consumed: true, limits: { credits: { remaining: 0 } } })
    })

    /**
     * A rotation's keys as the key manager stores them: each replacement spends the first key's
     * balance. A ledger that cannot share one (a Redis Cluster) gets no such keys: its rotations
     * keep no old key working (see the key manager's tests), so these tests skip there.
     */
    async function rotations(remaining: number, count: number, context: TestContext): Promise<StoredKey[]> {
      if (fixture.limiter.credits?.sharedBalances === false) context.skip()
      const first = await inserted({ remaining })
      const keys = [first]
      for (let i = 0; i < count; i++) {
        const balance = { id: first.id, hash: first.hash }
        keys.push(await inserted({ remaining }, { credits: { remaining, since: T0, balance } }))
      }
      return keys
    }

    function admitted(outcomes: AuthorizeOutcome[]): number {
      return outcomes.filter((o) => o.result === 'ok' && o.consumed).length
    }

    it('B2: a 5-credit key rotated three times with a grace period: old and new keys together admit 5 units, no more', async (context) => {
      const keys = await rotations(5, 3, context)
      const outcomes: AuthorizeOutcome[] = []
      for (let round = 0; round < 5; round++) {
        for (const key of keys) outcomes.push(await authorize(key, { now: T0 + round }))
      }
      expect(admitted(outcomes), JSON.stringify(outcomes.map((o) => o.result))).toBe(5)
      expect(await left(keys[0]!, T0 + 10)).toBe(0)
      const last = outcomes[outcomes.length - 1]
      expect(last).toMatchObject({ consumed: false, limits: { credits: { allowed: false, remaining: 0 } } })
    })

    it('B2: concurrent requests on the old and the new keys of a rotation admit exactly the balance', async (context) => {
      const keys = await rotations(7, 3, context)
      const outcomes = await Promise.all(
        Array.from({ length: 32 }, (_, i) => authorize(keys[i % keys.length]!, { now: T0 + (i % 3) })),
      )
      expect(admitted(outcomes)).toBe(7)
      expect(await left(keys[0]!, T0 + 10)).toBe(0)
    })

    it('B2: a cost spent through the replacement is gone for the old key too, and a top-up reaches both', async (context) => {
      const [old, replacement] = (await rotations(10, 1, context)) as [StoredKey, StoredKey]
      expect(await authorize(old, { cost: 4 })).toMatchObject({ consumed: true, limits: { credits: { remaining: 6 } } })
      expect(await authorize(replacement, { cost: 5 })).toMatchObject({ limits: { credits: { remaining: 1 } } })
      expect(await authorize(old, { cost: 2 })).toMatchObject({
        consumed: false,
        limits: { credits: { remaining: 1 } },
      })
      await fixture.limiter.credits!.add(old.id, replacement.credits!, 3, T0)
      expect(await authorize(old, { cost: 4 })).toMatchObject({ consumed: true, limits: { credits: { remaining: 0 } } })
    })

    it('M4: a request a limit refuses spends no credits', async () => {
      const key = await inserted({ remaining: 100 }, { keyType: 'test' })
      for (let i = 0; i < 10; i++) await authorize(key)
      const refused = await authorize(key, { now: T0 + 1000 })
      expect(refused).toMatchObject({ consumed: false, limits: { allowed: false, binding: 'minute' } })
      expect((refused as { limits: { credits?: unknown } }).limits.credits).toMatchObject({ remaining: 90 })
      expect(await left(key, T0 + 1000)).toBe(90)
    })

    it('M4: named limits and credits: a refusal by either counts in neither', async () => {
      const limits = canonicalLimitList([{ name: 'burst', limit: 3, window: '10s' }], 'limits')
      const key = await inserted({ remaining: 4 }, { limits })
      for (let i = 0; i < 3; i++) expect(await authorize(key)).toMatchObject({ consumed: true })
      expect(await authorize(key, { now: T0 + 1000 })).toMatchObject({ consumed: false })
      expect(await left(key, T0 + 1000)).toBe(1)
      const later = T0 + 11_000
      expect(await authorize(key, { now: later, cost: 2 })).toMatchObject({
        consumed: false,
        limits: { credits: { allowed: false, remaining: 1 } },
      })
      expect(await authorize(key, { now: later })).toMatchObject({
        consumed: true,
        limits: { named: { decision: { limits: [{ name: 'burst', remaining: 2 }] } } },
      })
    })

    it('M4/O7: the owner’s window refusing spends none of the key’s credits', async () => {
      const ownerId = `acct-${randomHash().slice(0, 12)}`
      const owner: LimitPolicy = { perMinute: 2, perMonth: null }
      const ownerLimits: OwnerLimitsCheck = { policyOf: (id) => (id === ownerId ? owner : null) }
      const key = await inserted({ remaining: 10 }, { ownerId })
      expect(await authorize(key, { ownerLimits })).toMatchObject({ consumed: true })
      expect(await authorize(key, { ownerLimits })).toMatchObject({ consumed: true })
      expect(await authorize(key, { ownerLimits })).toMatchObject({ consumed: false, limits: { allowed: false } })
      expect(await left(key)).toBe(8)
      const counted = await fixture.limiter.peek(ownerCounterId(ownerId, 'live'), owner, T0)
      expect(counted.minute.remaining).toBe(0)
    })

    it('M3: a daily refill sets what is left to the amount at 00:00 UTC; Retry-After until then', async () => {
      const key = await inserted({ remaining: 1, refill: { amount: 50, every: 'day' } })
      await authorize(key)
      const refused = await authorize(key, { now: T0 + 1000 })
      const midnight = Math.floor(T0 / DAY) * DAY + DAY
      expect(refused).toMatchObject({
        consumed: false,
        limits: { allowed: false, retryAfter: (midnight - T0 - 1000) / 1000, credits: { refillAt: midnight / 1000 } },
      })
      expect(await authorize(key, { now: midnight })).toMatchObject({
        consumed: true,
        limits: { credits: { remaining: 49 } },
      })
      // A refill sets, it does not add: two days later the balance is the amount again.
      expect(await left(key, midnight + 2 * DAY)).toBe(50)
    })

    it('M3: a monthly refill on billing day 15 refills at the period start, not on the 1st', async () => {
      const credits: KeyCredits = { remaining: 0, refill: { amount: 7, every: 'month', day: 15 } }
      const key = await inserted(credits)
      const april1 = Date.UTC(2026, 3, 1, 12)
      const march15 = Date.UTC(2026, 2, 15)
      expect(await authorize(key, { now: march15 - 1 })).toMatchObject({
        limits: { allowed: false, retryAfter: 1, credits: { refillAt: march15 / 1000 } },
      })
      expect(await authorize(key, { now: march15 })).toMatchObject({
        consumed: true,
        limits: { credits: { remaining: 6 } },
      })
      expect(await left(key, april1)).toBe(6)
      expect(await left(key, Date.UTC(2026, 3, 15))).toBe(7)
    })

    it('M3: a forbidden route and a peek spend nothing and still show what is left', async () => {
      const key = await inserted({ remaining: 3 }, { scopes: [] })
      expect(await authorize(key, { requiredScopes: ['reports'] })).toMatchObject({
        result: 'forbidden',
        limits: { credits: { remaining: 3 } },
      })
      expect(await authorize(key, { consume: false })).toMatchObject({
        consumed: false,
        limits: { credits: { remaining: 3 } },
      })
      expect(await left(key)).toBe(3)
    })

    it('M3: a top-up adds atomically; concurrent top-ups and requests lose nothing', async () => {
      const key = await inserted({ remaining: 20 })
      const ledger = fixture.limiter.credits!
      const requests = Array.from({ length: 30 }, () => authorize(key))
      const topUps = Array.from({ length: 10 }, () => Promise.resolve(ledger.add(key.id, key.credits!, 1, T0)))
      const outcomes = await Promise.all([...requests, ...topUps])
      const admitted = outcomes.slice(0, 30).filter((o) => (o as AuthorizeOutcome & { consumed?: boolean }).consumed)
      expect(admitted.length).toBeGreaterThanOrEqual(20)
      expect(await left(key)).toBe(30 - admitted.length)
    })

    it('M3: a later setting in the record replaces what is left; an earlier one read late does not', async () => {
      const key = await inserted({ remaining: 5 })
      await authorize(key, { cost: 5 })
      await fixture.keys.update(key.id, { credits: { remaining: 9, since: T0 + 1 } })
      expect(await authorize(key)).toMatchObject({ consumed: true, limits: { credits: { remaining: 8 } } })
      const stale = { remaining: 100, since: T0 }
      expect((await fixture.limiter.credits!.spend(key.id, stale, 0, T0, false)).remaining).toBe(8)
    })

    it('M3: a balance starts in the period its credits were set in: refills due since count', async () => {
      const key = await inserted({ remaining: 1, refill: { amount: 30, every: 'day' } }, {}, T0 - 3 * DAY)
      expect(await authorize(key)).toMatchObject({ consumed: true, limits: { credits: { remaining: 29 } } })
    })

    it('M3/L2: concurrent requests never spend more than there is', async () => {
      const key = await inserted({ remaining: 25 })
      const outcomes = await Promise.all(Array.from({ length: 60 }, () => authorize(key)))
      expect(outcomes.filter((o) => o.result === 'ok' && o.consumed)).toHaveLength(25)
      expect(await left(key)).toBe(0)
      expect(await minuteUsed(key)).toBe(25)
    })
  })
}
