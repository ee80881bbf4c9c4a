/**
 * The behaviour of `authorize(input)`, the hot path (K6, L1, L3, L4a, L5, L6): the generic
 * `composeAuthorize` and any fused implementation (the Redis script) must pass it. Run it from a
 * `*.test.ts` file:
 *
 *   runAuthorizeContract('composed memory', () => {
 *     const stores = createMemoryStores()
 *     return { keys: stores.keys, limiter: stores.limiter, authorize: composeAuthorize(stores) }
 *   })
 *
 * The factory's `keys` and `limiter` must be the stores `authorize` works on: the suite inserts
 * keys with `keys.insert` and reads usage back with `limiter.peek` and `keys.get`.
 */
import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest'
import type {
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  FailedAuthCheck,
  KeyStore,
  KeyType,
  LimitPolicy,
  OwnerLimitsCheck,
  RateLimiter,
  StoredKey,
} from '../../src/core/types.js'
import { canonicalLimitList, namedLimitsOf } from '../../src/core/key-limits.js'
import { ownerCounterId } from '../../src/core/limits-math.js'
import { parsePermissionQuery } from '../../src/core/permission-query.js'
import { T0, makeStoredKey, randomHash, type Fixture, type FixtureFactory } from './fixtures.js'

/** What the authorize suite runs on. */
export interface AuthorizeFixture {
  keys: KeyStore
  limiter: RateLimiter
  authorize: (input: AuthorizeInput) => Awaitable<AuthorizeOutcome>
}

const DEFAULTS: AuthorizeInput['defaults'] = {
  live: { perMinute: 1000, perMonth: null },
  test: { perMinute: 10, perMonth: 1000 },
}

/** Declares the authorize suite for what `make` builds (called once per test). */
export function runAuthorizeContract(name: string, make: FixtureFactory<AuthorizeFixture>): void {
  describe(`authorize contract: ${name}`, () => {
    let fixture: Fixture<AuthorizeFixture>

    beforeEach(async () => {
      fixture = await make()
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    async function inserted(overrides: Partial<StoredKey> = {}): Promise<StoredKey> {
      const key = makeStoredKey(overrides)
      await fixture.keys.insert(key)
      return key
    }

    function input(overrides: Partial<AuthorizeInput> & Pick<AuthorizeInput, 'hashes'>): AuthorizeInput {
      return { now: T0, requiredScopes: null, liveOnly: false, consume: true, defaults: DEFAULTS, ...overrides }
    }

    async function authorize(
      overrides: Partial<AuthorizeInput> & Pick<AuthorizeInput, 'hashes'>,
    ): Promise<AuthorizeOutcome> {
      return await fixture.authorize(input(overrides))
    }

    /** Requests of `key` counted in the current minute, read without consuming. */
    async function minuteUsed(key: StoredKey, policy: LimitPolicy, now = T0): Promise<number> {
      const decision = await fixture.limiter.peek(key.id, policy, now)
      return policy.perMinute - decision.minute.remaining
    }

    describe('lookup and status (K6, H9)', () => {
      it('H9: a hash no key has is unknown', async () => {
        await inserted()
        expect(await authorize({ hashes: [randomHash()] })).toEqual({ result: 'unknown' })
      })

      it('H9: no hash at all is unknown', async () => {
        expect(await authorize({ hashes: [] })).toEqual({ result: 'unknown' })
      })

      it('K3: a key stored under a previous pepper is found by a later hash of the list', async () => {
        const key = await inserted()
        const outcome = await authorize({ hashes: [randomHash(), randomHash(), key.hash] })
        expect(outcome).toMatchObject({ result: 'ok', key: { id: key.id }, consumed: true })
      })

      it('K3: the current pepper’s hash wins when both hashes name a key', async () => {
        const current = await inserted()
        const previous = await inserted()
        const outcome = await authorize({ hashes: [current.hash, previous.hash] })
        expect(outcome).toMatchObject({ result: 'ok', key: { id: current.id } })
      })

      it('K6/H9: a revoked key is revoked and consumes nothing', async () => {
        const key = await inserted({ revokedAt: T0 - 1 })
        const outcome = await authorize({ hashes: [key.hash] })
        expect(outcome).toMatchObject({ result: 'revoked', key: { id: key.id, revokedAt: T0 - 1 } })
        expect(await minuteUsed(key, DEFAULTS.live)).toBe(0)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
      })

      it('K6: a key revoked through the store is rejected by the very next request (K7)', async () => {
        const key = await inserted()
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ result: 'ok' })
        await fixture.keys.revoke(key.id, T0 + 1)
        expect(await authorize({ hashes: [key.hash], now: T0 + 2 })).toMatchObject({ result: 'revoked' })
      })

      it('B2/K7: an expiresAt update applies from the very next request: earlier refuses once past, null admits', async () => {
        const key = await inserted({ expiresAt: T0 + 60_000 })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ result: 'ok' })
        await fixture.keys.update(key.id, { expiresAt: T0 + 10 })
        expect(await authorize({ hashes: [key.hash], now: T0 + 9 })).toMatchObject({ result: 'ok' })
        expect(await authorize({ hashes: [key.hash], now: T0 + 10 })).toMatchObject({
          result: 'expired',
          key: { id: key.id, expiresAt: T0 + 10 },
        })
        await fixture.keys.update(key.id, { expiresAt: null })
        expect(await authorize({ hashes: [key.hash], now: T0 + 120_000 })).toMatchObject({
          result: 'ok',
          key: { expiresAt: null },
        })
      })

      it('K6/H9: a key whose expiresAt is now is expired and consumes nothing', async () => {
        const key = await inserted({ expiresAt: T0 })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ result: 'expired', key: { id: key.id } })
        expect(await minuteUsed(key, DEFAULTS.live)).toBe(0)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
      })

      it('K6: a key expiring one millisecond from now is still active', async () => {
        const key = await inserted({ expiresAt: T0 + 1 })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ result: 'ok', consumed: true })
      })

      it('K6: a key both revoked and expired is revoked', async () => {
        const key = await inserted({ expiresAt: T0 - 10_000, revokedAt: T0 - 1 })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ result: 'revoked' })
      })

      it('K6: status is decided before route checks (a revoked key on a forbidden route is revoked)', async () => {
        const key = await inserted({ keyType: 'test', scopes: [], revokedAt: T0 - 1 })
        const outcome = await authorize({ hashes: [key.hash], liveOnly: true, requiredScopes: ['ip'] })
        expect(outcome).toMatchObject({ result: 'revoked' })
      })
    })

    describe('suspend (M5)', () => {
      it('M5: a suspended key is disabled and consumes nothing', async () => {
        const key = await inserted({ enabled: false })
        const outcome = await authorize({ hashes: [key.hash] })
        expect(outcome).toMatchObject({ result: 'disabled', key: { id: key.id, enabled: false } })
        expect(await minuteUsed(key, DEFAULTS.live)).toBe(0)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
      })

      it('M5/K7: suspending through the store refuses the very next request, resuming admits the one after', async () => {
        const key = await inserted()
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ result: 'ok' })
        await fixture.keys.update(key.id, { enabled: false })
        expect(await authorize({ hashes: [key.hash], now: T0 + 1 })).toMatchObject({ result: 'disabled' })
        await fixture.keys.update(key.id, { enabled: true })
        expect(await authorize({ hashes: [key.hash], now: T0 + 2 })).toMatchObject({ result: 'ok', consumed: true })
        expect(await minuteUsed(key, DEFAULTS.live, T0 + 2)).toBe(2)
      })

      it('M5: revoked and expired are decided before disabled; disabled before route checks', async () => {
        const revoked = await inserted({ enabled: false, revokedAt: T0 - 1 })
        const expired = await inserted({ enabled: false, expiresAt: T0 })
        const scoped = await inserted({ enabled: false, keyType: 'test', scopes: [] })
        expect(await authorize({ hashes: [revoked.hash] })).toMatchObject({ result: 'revoked' })
        expect(await authorize({ hashes: [expired.hash] })).toMatchObject({ result: 'expired' })
        const outcome = await authorize({ hashes: [scoped.hash], liveOnly: true, requiredScopes: ['ip'] })
        expect(outcome).toMatchObject({ result: 'disabled' })
      })
    })

    describe('address allowlists (M6)', () => {
      const allowedIps = ['10.0.0.0/8', '2001:db8::/32', '203.0.113.7']

      it('M6: a request from an allowed address or range is admitted, IPv4-mapped IPv6 included', async () => {
        const key = await inserted({ allowedIps })
        for (const clientAddress of ['10.1.2.3', '::ffff:10.200.0.1', '2001:db8:ffff::1', '203.0.113.7']) {
          expect(await authorize({ hashes: [key.hash], clientAddress }), clientAddress).toMatchObject({
            result: 'ok',
            consumed: true,
          })
        }
        expect(await minuteUsed(key, DEFAULTS.live)).toBe(4)
      })

      it('M6: any other address, or none known, is forbidden (address) and consumes nothing', async () => {
        const key = await inserted({ allowedIps })
        for (const clientAddress of ['11.0.0.1', '203.0.113.8', '2001:db9::1', '::1', null, undefined, 'not-an-ip']) {
          const outcome = await authorize({ hashes: [key.hash], clientAddress })
          expect(outcome, String(clientAddress)).toMatchObject({ result: 'forbidden', reason: 'address' })
        }
        expect(await minuteUsed(key, DEFAULTS.live)).toBe(0)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
      })

      it('M6: no allowlist admits every address; an update applies from the next request (K7)', async () => {
        const key = await inserted()
        expect(await authorize({ hashes: [key.hash], clientAddress: '198.51.100.1' })).toMatchObject({ result: 'ok' })
        await fixture.keys.update(key.id, { allowedIps: ['10.0.0.0/8'] })
        expect(await authorize({ hashes: [key.hash], clientAddress: '198.51.100.1', now: T0 + 1 })).toMatchObject({
          result: 'forbidden',
          reason: 'address',
        })
        await fixture.keys.update(key.id, { allowedIps: null })
        expect(await authorize({ hashes: [key.hash], clientAddress: '198.51.100.1', now: T0 + 2 })).toMatchObject({
          result: 'ok',
        })
      })

      it('M6: live-only is reported before the address, the address before a missing scope', async () => {
        const test = await inserted({ keyType: 'test', allowedIps, scopes: [] })
        const live = await inserted({ allowedIps, scopes: [] })
        const far = { clientAddress: '192.0.2.1', requiredScopes: ['ip'] }
        expect(await authorize({ hashes: [test.hash], liveOnly: true, ...far })).toMatchObject({ reason: 'live-only' })
        expect(await authorize({ hashes: [live.hash], ...far })).toMatchObject({ reason: 'address' })
        expect(await authorize({ hashes: [live.hash], ...far, clientAddress: '10.0.0.1' })).toMatchObject({
          reason: 'scope',
        })
      })
    })

    describe('route checks (L6, L3)', () => {
      it('L6: a key lacking a required scope is forbidden (scope) and consumes nothing', async () => {
        const key = await inserted({ scopes: ['ip'] })
        const outcome = await authorize({ hashes: [key.hash], requiredScopes: ['email'] })
        expect(outcome).toMatchObject({ result: 'forbidden', reason: 'scope', key: { id: key.id } })
        expect(await minuteUsed(key, DEFAULTS.live)).toBe(0)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
      })

      it('L6: every required scope must be held', async () => {
        const key = await inserted({ scopes: ['ip', 'email'] })
        expect(await authorize({ hashes: [key.hash], requiredScopes: ['ip', 'email'] })).toMatchObject({ result: 'ok' })
        expect(await authorize({ hashes: [key.hash], requiredScopes: ['ip', 'billing'] })).toMatchObject({
          result: 'forbidden',
          reason: 'scope',
        })
      })

      it('B1: a key holds only the scopes it was given; * alone holds every scope', async () => {
        const given = await inserted({ scopes: ['ip'] })
        const every = await inserted({ scopes: ['*'] })
        expect(await authorize({ hashes: [given.hash], requiredScopes: ['anything:at-all'] })).toMatchObject({
          result: 'forbidden',
          reason: 'scope',
        })
        expect(await authorize({ hashes: [every.hash], requiredScopes: ['anything:at-all'] })).toMatchObject({
          result: 'ok',
        })
      })

      it('L6/E5: an empty scope list reaches no scoped route but does reach unscoped ones', async () => {
        const key = await inserted({ scopes: [] })
        expect(await authorize({ hashes: [key.hash], requiredScopes: ['ip'] })).toMatchObject({ reason: 'scope' })
        expect(await authorize({ hashes: [key.hash], requiredScopes: null })).toMatchObject({ result: 'ok' })
        expect(await authorize({ hashes: [key.hash], requiredScopes: [] })).toMatchObject({ result: 'ok' })
      })

      it('M7: a held scope ending in a wildcard segment covers every scope under it, and only those', async () => {
        const key = await inserted({ scopes: ['reports.*', 'ip'] })
        for (const scope of ['reports.read', 'reports.export.csv', 'ip']) {
          expect(await authorize({ hashes: [key.hash], requiredScopes: [scope] }), scope).toMatchObject({
            result: 'ok',
          })
        }
        for (const scope of ['reports', 'reportsx.read', 'billing.read', 'ip.v6']) {
          expect(await authorize({ hashes: [key.hash], requiredScopes: [scope] }), scope).toMatchObject({
            result: 'forbidden',
            reason: 'scope',
          })
        }
        expect(await authorize({ hashes: [key.hash], requiredScopes: ['reports.read', 'billing.read'] })).toMatchObject(
          {
            reason: 'scope',
          },
        )
      })

      it('M7: the scope * covers every scope; a deeper wildcard covers only its own branch', async () => {
        const every = await inserted({ scopes: ['*'] })
        const deep = await inserted({ scopes: ['reports.export.*'] })
        expect(await authorize({ hashes: [every.hash], requiredScopes: ['billing.admin', 'ip'] })).toMatchObject({
          result: 'ok',
        })
        expect(await authorize({ hashes: [deep.hash], requiredScopes: ['reports.export.csv'] })).toMatchObject({
          result: 'ok',
        })
        expect(await authorize({ hashes: [deep.hash], requiredScopes: ['reports.read'] })).toMatchObject({
          reason: 'scope',
        })
      })

      it('M7: a permission query holds on the key’s scopes, wildcards included; unmet → forbidden (permission), consuming nothing', async () => {
        const query = parsePermissionQuery('reports.read AND (billing.read OR billing.admin)')
        const cases: [StoredKey['scopes'], 'ok' | 'forbidden'][] = [
          [['reports.read', 'billing.admin'], 'ok'],
          [['reports.*', 'billing.*'], 'ok'],
          [['*'], 'ok'],
          [['reports.read'], 'forbidden'],
          [['billing.read', 'billing.admin'], 'forbidden'],
          [[], 'forbidden'],
        ]
        for (const [scopes, result] of cases) {
          const key = await inserted({ scopes })
          const outcome = await authorize({ hashes: [key.hash], requiredPermissions: query })
          expect(outcome, JSON.stringify(scopes)).toMatchObject(
            result === 'ok' ? { result, consumed: true } : { result, reason: 'permission' },
          )
          expect(await minuteUsed(key, DEFAULTS.live)).toBe(result === 'ok' ? 1 : 0)
        }
      })

      it('M7: NOT denies a key that holds the name (* holds every name); scopes are checked before the query', async () => {
        const not = parsePermissionQuery('NOT billing.admin AND (ip OR NOT email)')
        const plain = await inserted({ scopes: ['ip'] })
        const admin = await inserted({ scopes: ['billing.*', 'ip'] })
        const every = await inserted({ scopes: ['*'] })
        expect(await authorize({ hashes: [plain.hash], requiredPermissions: not })).toMatchObject({ result: 'ok' })
        expect(await authorize({ hashes: [admin.hash], requiredPermissions: not })).toMatchObject({
          reason: 'permission',
        })
        expect(await authorize({ hashes: [every.hash], requiredPermissions: not })).toMatchObject({
          reason: 'permission',
        })
        const both = { requiredScopes: ['email'], requiredPermissions: parsePermissionQuery('billing.read') }
        expect(await authorize({ hashes: [plain.hash], ...both })).toMatchObject({ reason: 'scope' })
      })

      it('M7: a key holds its roles’ scopes, wildcards included, for required scopes and queries; roles are read per request', async () => {
        const roles = new Map<string, readonly string[]>([
          ['analyst', ['reports.read', 'billing.read']],
          ['auditor', ['audit.*']],
        ])
        const query = parsePermissionQuery('reports.read AND (billing.read OR billing.admin)')
        const analyst = await inserted({ scopes: [], roles: ['analyst'] })
        const auditor = await inserted({ scopes: ['ip'], roles: ['auditor', 'gone'] })
        expect(await authorize({ hashes: [analyst.hash], roles, requiredPermissions: query })).toMatchObject({
          result: 'ok',
        })
        expect(
          await authorize({ hashes: [auditor.hash], roles, requiredScopes: ['ip', 'audit.log.read'] }),
        ).toMatchObject({ result: 'ok' })
        expect(await authorize({ hashes: [auditor.hash], roles, requiredPermissions: query })).toMatchObject({
          reason: 'permission',
        })
        expect(await authorize({ hashes: [analyst.hash], roles, requiredScopes: ['audit.log'] })).toMatchObject({
          reason: 'scope',
        })
        // A role changed, or no roles given: the next request decides with what it is given.
        const narrowed = new Map<string, readonly string[]>([['analyst', ['reports.read']]])
        expect(await authorize({ hashes: [analyst.hash], roles: narrowed, requiredPermissions: query })).toMatchObject({
          reason: 'permission',
        })
        expect(await authorize({ hashes: [analyst.hash], requiredScopes: ['reports.read'] })).toMatchObject({
          reason: 'scope',
        })
      })

      it('L6: a test key on a live-only route is forbidden (live-only); a live key passes', async () => {
        const test = await inserted({ keyType: 'test' })
        const live = await inserted({ keyType: 'live' })
        expect(await authorize({ hashes: [test.hash], liveOnly: true })).toMatchObject({
          result: 'forbidden',
          reason: 'live-only',
        })
        expect(await minuteUsed(test, DEFAULTS.test)).toBe(0)
        expect(await authorize({ hashes: [live.hash], liveOnly: true })).toMatchObject({ result: 'ok' })
      })

      it('L6: live-only is reported before a missing scope', async () => {
        const key = await inserted({ keyType: 'test', scopes: [] })
        const outcome = await authorize({ hashes: [key.hash], liveOnly: true, requiredScopes: ['ip'] })
        expect(outcome).toMatchObject({ result: 'forbidden', reason: 'live-only' })
      })

      it('L3: a forbidden outcome carries a peek of the key’s limits, showing earlier usage', async () => {
        const key = await inserted({ keyType: 'test', scopes: ['ip'] })
        for (let i = 0; i < 3; i++) await authorize({ hashes: [key.hash], requiredScopes: ['ip'] })
        const outcome = await authorize({ hashes: [key.hash], requiredScopes: ['email'] })
        if (outcome.result !== 'forbidden') throw new Error(`expected forbidden, got ${JSON.stringify(outcome)}`)
        expect(outcome.limits.minute).toEqual({ limit: 10, remaining: 7, reset: T0 / 1000 + 61 })
        expect(outcome.limits.month).toMatchObject({ limit: 1000, remaining: 997 })
        expect(await minuteUsed(key, DEFAULTS.test)).toBe(3)
      })
    })

    describe('limits (L1, L4, L4a, L5)', () => {
      it('L4a: an admitted request consumes one unit and writes lastUsedAt', async () => {
        const key = await inserted()
        const outcome = await authorize({ hashes: [key.hash], now: T0 + 1_500 })
        expect(outcome).toMatchObject({
          result: 'ok',
          consumed: true,
          limits: { allowed: true, minute: { limit: 1000, remaining: 999 }, month: null, retryAfter: 0, binding: null },
        })
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0 + 1_500)
        expect(await minuteUsed(key, DEFAULTS.live, T0 + 1_500)).toBe(1)
      })

      it('L1: a test key gets the test defaults, a live key the live defaults', async () => {
        const test = await inserted({ keyType: 'test' })
        const live = await inserted({ keyType: 'live' })
        expect(await authorize({ hashes: [test.hash] })).toMatchObject({
          limits: { minute: { limit: 10, remaining: 9 }, month: { limit: 1000, remaining: 999 } },
        })
        expect(await authorize({ hashes: [live.hash] })).toMatchObject({
          limits: { minute: { limit: 1000, remaining: 999 }, month: null },
        })
      })

      it('L1: per-key limits override the type defaults field by field', async () => {
        const key = await inserted({ keyType: 'test', limits: { perMinute: 3 } })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({
          limits: { minute: { limit: 3, remaining: 2 }, month: { limit: 1000, remaining: 999 } },
        })
      })

      it('L1: a per-key perMonth gives a live key a quota', async () => {
        const key = await inserted({ keyType: 'live', limits: { perMonth: 2 } })
        await authorize({ hashes: [key.hash] })
        await authorize({ hashes: [key.hash] })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({
          result: 'ok',
          consumed: false,
          limits: { allowed: false, binding: 'month', month: { limit: 2, remaining: 0 } },
        })
      })

      it('L4/L4a: over the limit the outcome is ok with allowed=false, nothing consumed, lastUsedAt untouched', async () => {
        const key = await inserted({ keyType: 'test' })
        for (let i = 0; i < 10; i++) {
          expect(await authorize({ hashes: [key.hash], now: T0 + i })).toMatchObject({ consumed: true })
        }
        const rejected = await authorize({ hashes: [key.hash], now: T0 + 30_000 })
        expect(rejected).toMatchObject({
          result: 'ok',
          consumed: false,
          limits: { allowed: false, binding: 'minute', retryAfter: 31, minute: { remaining: 0 } },
        })
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0 + 9)
        expect(await minuteUsed(key, DEFAULTS.test, T0 + 30_000)).toBe(10)
      })

      it('L5: with consume=false the limits are peeked: nothing consumed, lastUsedAt untouched', async () => {
        const key = await inserted({ keyType: 'test' })
        await authorize({ hashes: [key.hash] })
        for (let i = 0; i < 15; i++) {
          expect(await authorize({ hashes: [key.hash], consume: false })).toMatchObject({
            result: 'ok',
            consumed: false,
            limits: { allowed: true, minute: { remaining: 9 }, month: { remaining: 999 } },
          })
        }
        expect(await minuteUsed(key, DEFAULTS.test)).toBe(1)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0)
      })

      it('L5: a key over its limits is reported with allowed=false by a peek (the core still answers 200)', async () => {
        const key = await inserted({ keyType: 'test', limits: { perMinute: 1 } })
        await authorize({ hashes: [key.hash] })
        expect(await authorize({ hashes: [key.hash], consume: false })).toMatchObject({
          result: 'ok',
          consumed: false,
          limits: { allowed: false, minute: { limit: 1, remaining: 0 } },
        })
      })

      it('L2: concurrent requests on one key never exceed the limit', async () => {
        const key = await inserted({ keyType: 'live', limits: { perMinute: 5 } })
        const outcomes = await Promise.all(Array.from({ length: 20 }, () => authorize({ hashes: [key.hash] })))
        const consumed = outcomes.filter((outcome) => outcome.result === 'ok' && outcome.consumed)
        expect(consumed).toHaveLength(5)
        expect(await minuteUsed(key, { perMinute: 5, perMonth: null })).toBe(5)
      })

      it('L4a: lastUsedAt never moves backwards when requests are decided out of order', async () => {
        const key = await inserted()
        await authorize({ hashes: [key.hash], now: T0 + 5_000 })
        await authorize({ hashes: [key.hash], now: T0 + 4_000 })
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0 + 5_000)
      })
    })

    describe('owners (O3, O7)', () => {
      /** A fresh owner id per test: the Redis suites share one database. */
      const ownerOf = (name: string): string => `${name}-${randomHash().slice(0, 12)}`
      const UNLIMITED = Number.MAX_SAFE_INTEGER

      /** Owner limits as createKeyward resolves them: `windows` per owner id (others get `others`). */
      function ownerLimits(
        windows: Record<string, Partial<Record<KeyType, LimitPolicy>>>,
        others: Partial<Record<KeyType, LimitPolicy>> = {},
      ): OwnerLimitsCheck {
        return { policyOf: (ownerId, keyType) => (windows[ownerId] ?? others)[keyType] ?? null }
      }

      /** Requests the owner's counter holds in the current minute, read without consuming. */
      async function ownerUsed(ownerId: string, keyType: KeyType, policy: LimitPolicy, now = T0): Promise<number> {
        const decision = await fixture.limiter.peek(ownerCounterId(ownerId, keyType), policy, now)
        return policy.perMinute - decision.minute.remaining
      }

      /** Owner limits count a key and its owner with `consumeAll`; a limiter without it is refused (below). */
      function needsConsumeAll(context: TestContext): void {
        if (typeof fixture.limiter.consumeAll !== 'function') context.skip()
      }

      it('O3: the outcome carries the record’s ownerId and meta, whole or held, and a replaced meta at once', async () => {
        const ownerId = ownerOf('acct')
        const key = await inserted({ ownerId, meta: { plan: 'pro', seats: 3, tags: ['a', 'ü'] }, scopes: ['ip'] })
        for (let i = 0; i < 2; i++) {
          expect(await authorize({ hashes: [key.hash], now: T0 + i })).toMatchObject({
            result: 'ok',
            key: { id: key.id, ownerId, meta: { plan: 'pro', seats: 3, tags: ['a', 'ü'] } },
          })
        }
        expect(await authorize({ hashes: [key.hash], requiredScopes: ['email'] })).toMatchObject({
          result: 'forbidden',
          key: { ownerId, meta: { plan: 'pro' } },
        })
        await fixture.keys.update(key.id, { meta: { plan: 'free' }, name: 'renamed' })
        expect(await authorize({ hashes: [key.hash], now: T0 + 2 })).toMatchObject({
          result: 'ok',
          key: { ownerId, meta: { plan: 'free' }, name: 'renamed' },
        })
        const plain = await inserted()
        expect(await authorize({ hashes: [plain.hash] })).toMatchObject({
          result: 'ok',
          key: { ownerId: null, meta: null },
        })
        await fixture.keys.revoke(key.id, T0 + 3)
        expect(await authorize({ hashes: [key.hash], now: T0 + 4 })).toMatchObject({
          result: 'revoked',
          key: { ownerId, meta: { plan: 'free' } },
        })
      })

      it('O7: two keys of one owner share the owner’s per-minute window; the refused request counts against neither', async (context) => {
        needsConsumeAll(context)
        const ownerId = ownerOf('acct')
        const owner = { perMinute: 3, perMonth: null }
        const limits = ownerLimits({ [ownerId]: { live: owner } })
        const a = await inserted({ ownerId })
        const b = await inserted({ ownerId })
        const order = [a, b, a]
        for (let i = 0; i < order.length; i++) {
          expect(await authorize({ hashes: [order[i]!.hash], now: T0 + i * 1000, ownerLimits: limits })).toMatchObject({
            result: 'ok',
            consumed: true,
            limits: { allowed: true, minute: { limit: 3, remaining: 2 - i } },
          })
        }
        const refused = await authorize({ hashes: [b.hash], now: T0 + 30_000, ownerLimits: limits })
        expect(refused).toEqual({
          result: 'ok',
          key: expect.objectContaining({ id: b.id, lastUsedAt: T0 + 1000 }),
          consumed: false,
          limits: {
            allowed: false,
            minute: { limit: 3, remaining: 0, reset: T0 / 1000 + 61 },
            month: null,
            retryAfter: 31,
            binding: 'minute',
            // W2: each side's own windows, for the owner's usage thresholds.
            parts: {
              key: { minute: expect.objectContaining({ remaining: DEFAULTS.live.perMinute - 1 }), month: null },
              owner: { minute: { limit: 3, remaining: 0, reset: T0 / 1000 + 61 }, month: null },
            },
          },
        })
        expect(await minuteUsed(b, DEFAULTS.live, T0 + 30_000)).toBe(1)
        expect(await minuteUsed(a, DEFAULTS.live, T0 + 30_000)).toBe(2)
        expect(await ownerUsed(ownerId, 'live', owner, T0 + 30_000)).toBe(3)
        expect((await fixture.keys.get(b.id))?.lastUsedAt).toBe(T0 + 1000)
        // Once the owner's first request has left the window, one more is admitted.
        expect(await authorize({ hashes: [b.hash], now: T0 + 61_000, ownerLimits: limits })).toMatchObject({
          consumed: true,
        })
      })

      it('O7/L4: a request refused by its key’s own window counts nothing against its owner', async (context) => {
        needsConsumeAll(context)
        const ownerId = ownerOf('acct')
        const owner = { perMinute: 10, perMonth: 100 }
        const limits = ownerLimits({ [ownerId]: { live: owner } })
        const key = await inserted({ ownerId, limits: { perMinute: 1 } })
        expect(await authorize({ hashes: [key.hash], ownerLimits: limits })).toMatchObject({ consumed: true })
        const refused = await authorize({ hashes: [key.hash], now: T0 + 10_000, ownerLimits: limits })
        expect(refused).toMatchObject({
          result: 'ok',
          consumed: false,
          limits: {
            allowed: false,
            binding: 'minute',
            retryAfter: 51,
            minute: { limit: 1, remaining: 0 },
            month: { limit: 100, remaining: 99 },
          },
        })
        expect(await ownerUsed(ownerId, 'live', owner, T0 + 10_000)).toBe(1)
      })

      it('O7: a key without an owner, or an owner without windows of its type, is never owner-limited', async () => {
        const ownerId = ownerOf('acct')
        const limits = ownerLimits(
          { [ownerId]: { test: { perMinute: 1, perMonth: null } } },
          { test: { perMinute: 1, perMonth: null } },
        )
        const unowned = await inserted({ keyType: 'test' })
        const live = await inserted({ ownerId })
        for (let i = 0; i < 3; i++) {
          expect(await authorize({ hashes: [unowned.hash], now: T0 + i, ownerLimits: limits })).toMatchObject({
            consumed: true,
          })
          expect(await authorize({ hashes: [live.hash], now: T0 + i, ownerLimits: limits })).toMatchObject({
            consumed: true,
            limits: { minute: { limit: 1000, remaining: 999 - i } },
          })
        }
      })

      it('O7: owner counters are per key type and per owner', async (context) => {
        needsConsumeAll(context)
        const [first, second] = [ownerOf('one'), ownerOf('two')]
        const limits = ownerLimits(
          {},
          { test: { perMinute: 2, perMonth: null }, live: { perMinute: 1, perMonth: null } },
        )
        const test = await inserted({ ownerId: first, keyType: 'test' })
        const live = await inserted({ ownerId: first, keyType: 'live' })
        const other = await inserted({ ownerId: second, keyType: 'test' })
        const results = []
        for (const key of [test, test, test, live, live, other]) {
          const outcome = await authorize({ hashes: [key.hash], ownerLimits: limits })
          results.push(outcome.result === 'ok' && outcome.consumed)
        }
        expect(results).toEqual([true, true, false, true, false, true])
      })

      it('O7/L3: each header window is the one that binds first (least remaining)', async (context) => {
        needsConsumeAll(context)
        const ownerId = ownerOf('acct')
        const limits = ownerLimits({ [ownerId]: { test: { perMinute: 3, perMonth: 5 } } })
        // The key's own windows: 10 per minute, 1000 per month (the test defaults) over the owner's 3 and 5.
        const key = await inserted({ ownerId, keyType: 'test' })
        expect(await authorize({ hashes: [key.hash], ownerLimits: limits })).toMatchObject({
          limits: { minute: { limit: 3, remaining: 2 }, month: { limit: 5, remaining: 4 } },
        })
        // A key with less left than its owner shows its own window.
        const tight = await inserted({ ownerId, keyType: 'test', limits: { perMinute: 1 } })
        expect(await authorize({ hashes: [tight.hash], ownerLimits: limits })).toMatchObject({
          limits: { minute: { limit: 1, remaining: 0 }, month: { limit: 5, remaining: 3 } },
        })
      })

      it('O7/L4: an owner’s monthly quota binds across its keys: 429 binding month, nothing counted', async (context) => {
        needsConsumeAll(context)
        const ownerId = ownerOf('acct')
        const owner = { perMinute: UNLIMITED, perMonth: 2 }
        const limits = ownerLimits({ [ownerId]: { test: owner } })
        const a = await inserted({ ownerId, keyType: 'test' })
        const b = await inserted({ ownerId, keyType: 'test' })
        await authorize({ hashes: [a.hash], ownerLimits: limits })
        expect(await authorize({ hashes: [b.hash], now: T0 + 1000, ownerLimits: limits })).toMatchObject({
          consumed: true,
          limits: { minute: { limit: 10, remaining: 9 }, month: { limit: 2, remaining: 0 } },
        })
        const refused = await authorize({ hashes: [a.hash], now: T0 + 2000, ownerLimits: limits })
        const monthEnd = Date.UTC(2026, 3, 1) / 1000
        expect(refused).toMatchObject({
          consumed: false,
          limits: {
            allowed: false,
            binding: 'month',
            retryAfter: monthEnd - (T0 + 2000) / 1000,
            month: { limit: 2, remaining: 0, reset: monthEnd },
          },
        })
        expect(await minuteUsed(a, DEFAULTS.test, T0 + 2000)).toBe(1)
        expect((await fixture.limiter.peek(ownerCounterId(ownerId, 'test'), owner, T0 + 2000)).month).toMatchObject({
          remaining: 0,
        })
      })

      it('O7/L5/L3: a peek and a forbidden outcome read both windows and count nothing', async (context) => {
        needsConsumeAll(context)
        const ownerId = ownerOf('acct')
        const owner = { perMinute: 1, perMonth: null }
        const limits = ownerLimits({ [ownerId]: { live: owner } })
        const key = await inserted({ ownerId, scopes: ['ip'] })
        await authorize({ hashes: [key.hash], ownerLimits: limits })
        for (const peek of [{ consume: false }, { requiredScopes: ['email'] }]) {
          expect(await authorize({ hashes: [key.hash], now: T0 + 5000, ownerLimits: limits, ...peek })).toMatchObject({
            limits: { allowed: false, binding: 'minute', retryAfter: 56, minute: { limit: 1, remaining: 0 } },
          })
        }
        expect(await ownerUsed(ownerId, 'live', owner, T0 + 5000)).toBe(1)
        expect(await minuteUsed(key, DEFAULTS.live, T0 + 5000)).toBe(1)
      })

      it('O7/L2: concurrent requests over two keys of one owner admit exactly the owner’s limit', async (context) => {
        needsConsumeAll(context)
        const ownerId = ownerOf('acct')
        const owner = { perMinute: 5, perMonth: null }
        const limits = ownerLimits({ [ownerId]: { live: owner } })
        const keys = [await inserted({ ownerId }), await inserted({ ownerId })]
        const outcomes = await Promise.all(
          Array.from({ length: 20 }, (_, i) => authorize({ hashes: [keys[i % 2]!.hash], ownerLimits: limits })),
        )
        expect(outcomes.filter((o) => o.result === 'ok' && o.consumed)).toHaveLength(5)
        expect(await ownerUsed(ownerId, 'live', owner)).toBe(5)
        expect((await minuteUsed(keys[0]!, DEFAULTS.live)) + (await minuteUsed(keys[1]!, DEFAULTS.live))).toBe(5)
      })
    })

    describe('named limits (M1, M4)', () => {
      const burstAndMonth = canonicalLimitList(
        [
          { name: 'burst', limit: 2, window: '10s' },
          { name: 'month', limit: 5, window: 'month' },
        ],
        'limits',
      )

      it('M1: a key’s own list decides; the headers show the limit that binds first and the month limit', async () => {
        const key = await inserted({ limits: burstAndMonth })
        const first = await authorize({ hashes: [key.hash] })
        expect(first).toMatchObject({ result: 'ok', consumed: true })
        if (first.result !== 'ok') return
        expect(first.limits.minute).toEqual({ limit: 2, remaining: 1, reset: T0 / 1000 + 11 })
        expect(first.limits.month).toEqual({ limit: 5, remaining: 4, reset: Date.UTC(2026, 3, 1) / 1000 })
        expect(await authorize({ hashes: [key.hash], now: T0 + 500 })).toMatchObject({ result: 'ok', consumed: true })
        const refused = await authorize({ hashes: [key.hash], now: T0 + 1000 })
        expect(refused).toMatchObject({
          result: 'ok',
          consumed: false,
          limits: { allowed: false, retryAfter: 10, binding: 'minute', minute: { limit: 2, remaining: 0 } },
        })
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0 + 500)
        expect(await authorize({ hashes: [key.hash], now: T0 + 11_000 })).toMatchObject({
          result: 'ok',
          consumed: true,
        })
      })

      it('M1: a key’s own list replaces its key type’s defaults entirely', async () => {
        const key = await inserted({
          keyType: 'test',
          limits: canonicalLimitList([{ name: 'hour', limit: 20, window: '1h' }], 'limits'),
        })
        for (let i = 0; i < 15; i++) {
          expect(await authorize({ hashes: [key.hash], now: T0 + i })).toMatchObject({ result: 'ok', consumed: true })
        }
        const last = await authorize({ hashes: [key.hash], now: T0 + 20 })
        expect(last).toMatchObject({ result: 'ok', limits: { minute: { limit: 20, remaining: 4 }, month: null } })
      })

      it('M1/L4a: a forbidden route and a peek count nothing in a key’s named limits', async () => {
        const key = await inserted({ scopes: ['read'], limits: burstAndMonth })
        const forbidden = await authorize({ hashes: [key.hash], requiredScopes: ['write'] })
        expect(forbidden).toMatchObject({ result: 'forbidden', limits: { minute: { remaining: 2 } } })
        expect(await authorize({ hashes: [key.hash], consume: false })).toMatchObject({ consumed: false })
        expect(await authorize({ hashes: [key.hash] })).toMatchObject({ limits: { minute: { remaining: 1 } } })
      })

      it('M4: a key’s named limits and its owner’s windows are decided together; a refusal counts in neither', async (context) => {
        if (typeof fixture.limiter.meter !== 'function') context.skip()
        const ownerId = `acct-${randomHash().slice(0, 12)}`
        const owners: OwnerLimitsCheck = {
          policyOf: (id, keyType) =>
            id === ownerId && keyType === 'live' ? { perMinute: Number.MAX_SAFE_INTEGER, perMonth: 3 } : null,
        }
        const limits = canonicalLimitList([{ name: 'burst', limit: 10, window: '10s' }], 'limits')
        const key = await inserted({ ownerId, limits })
        const outcomes: AuthorizeOutcome[] = []
        for (let i = 0; i < 4; i++)
          outcomes.push(await authorize({ hashes: [key.hash], now: T0 + i, ownerLimits: owners }))
        expect(outcomes.map((o) => o.result === 'ok' && o.consumed)).toEqual([true, true, true, false])
        expect(outcomes[3]).toMatchObject({
          limits: { allowed: false, binding: 'month', month: { limit: 3, remaining: 0 } },
        })
        const group = { id: key.id, scope: 'key' as const, limits: namedLimitsOf(limits)! }
        const peeked = await fixture.limiter.peekMeter!([group], 1, T0 + 10)
        expect(peeked.limits[0]!.remaining).toBe(7)
      })
    })

    describe('named limits and owners (M1, O7)', () => {
      it('O7: an owner’s keys with their own lists and on per-minute limits count in one owner counter', async () => {
        const ownerId = `acct-${randomHash().slice(0, 12)}`
        const owners: OwnerLimitsCheck = {
          policyOf: (id, keyType) => (id === ownerId && keyType === 'live' ? { perMinute: 1000, perMonth: 3 } : null),
        }
        const listed = await inserted({
          ownerId,
          limits: canonicalLimitList([{ name: 'burst', limit: 10, window: '10s' }], 'limits'),
        })
        const plain = await inserted({ ownerId })
        const order = [plain, listed, plain, listed, plain]
        const admitted: boolean[] = []
        for (const [i, key] of order.entries()) {
          const outcome = await authorize({ hashes: [key.hash], now: T0 + i, ownerLimits: owners })
          admitted.push(outcome.result === 'ok' && outcome.consumed)
        }
        expect(admitted).toEqual([true, true, true, false, false])
        const refused = await authorize({ hashes: [listed.hash], now: T0 + 10, ownerLimits: owners })
        expect(refused).toMatchObject({
          limits: { allowed: false, binding: 'month', month: { limit: 3, remaining: 0 } },
        })
      })
    })

    describe('costs (M2, M4)', () => {
      const TEST = DEFAULTS.test

      it('M2/M8: a request of cost 3 counts 3 units in the minute and the month', async () => {
        const key = await inserted({ keyType: 'test' })
        const outcome = await authorize({ hashes: [key.hash], cost: 3 })
        expect(outcome).toMatchObject({
          result: 'ok',
          consumed: true,
          limits: { allowed: true, minute: { remaining: 7 }, month: { remaining: 997 } },
        })
        expect(await minuteUsed(key, TEST)).toBe(3)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0)
      })

      it('M4: a cost larger than what the minute has left is refused and counts nothing', async () => {
        const key = await inserted({ keyType: 'test' })
        await authorize({ hashes: [key.hash], cost: 8 })
        const refused = await authorize({ hashes: [key.hash], now: T0 + 1000, cost: 3 })
        expect(refused).toMatchObject({
          result: 'ok',
          consumed: false,
          limits: { allowed: false, binding: 'minute', retryAfter: 60, minute: { remaining: 2 } },
        })
        expect(await minuteUsed(key, TEST, T0 + 1000)).toBe(8)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBe(T0)
        expect(await authorize({ hashes: [key.hash], now: T0 + 1000, cost: 2 })).toMatchObject({ consumed: true })
      })

      it('M2: a cost of 0 is admitted and counts nothing; it is refused once no unit is left', async () => {
        const key = await inserted({ keyType: 'test' })
        expect(await authorize({ hashes: [key.hash], cost: 0 })).toMatchObject({
          result: 'ok',
          consumed: true,
          limits: { allowed: true, minute: { remaining: 10 } },
        })
        expect(await minuteUsed(key, TEST)).toBe(0)
        await authorize({ hashes: [key.hash], cost: 10 })
        expect(await authorize({ hashes: [key.hash], cost: 0 })).toMatchObject({
          consumed: false,
          limits: { allowed: false },
        })
      })

      it('M2/L6: a forbidden route counts no cost', async () => {
        const key = await inserted({ keyType: 'test', scopes: [] })
        expect(await authorize({ hashes: [key.hash], requiredScopes: ['reports'], cost: 4 })).toMatchObject({
          result: 'forbidden',
        })
        expect(await minuteUsed(key, TEST)).toBe(0)
      })

      it('M4/O7: the cost counts in the owner’s window too; a cost the owner lacks counts in neither', async (context) => {
        if (typeof fixture.limiter.consumeAll !== 'function') context.skip()
        const ownerId = `acct-${randomHash().slice(0, 12)}`
        const owner: LimitPolicy = { perMinute: 5, perMonth: null }
        const ownerLimits: OwnerLimitsCheck = {
          policyOf: (id, type) => (id === ownerId && type === 'test' ? owner : null),
        }
        const key = await inserted({ keyType: 'test', ownerId })
        expect(await authorize({ hashes: [key.hash], ownerLimits, cost: 3 })).toMatchObject({ consumed: true })
        const refused = await authorize({ hashes: [key.hash], now: T0 + 1000, ownerLimits, cost: 3 })
        expect(refused).toMatchObject({ consumed: false, limits: { allowed: false, minute: { remaining: 2 } } })
        const ownerDecision = await fixture.limiter.peek(ownerCounterId(ownerId, 'test'), owner, T0 + 1000)
        expect(ownerDecision.minute.remaining).toBe(2)
        expect(await minuteUsed(key, TEST, T0 + 1000)).toBe(3)
      })

      it('M1/M4: the cost counts in a key’s named limits, all or nothing', async () => {
        const limits = canonicalLimitList(
          [
            { name: 'burst', limit: 5, window: '10s' },
            { name: 'month', limit: 100, window: 'month' },
          ],
          'limits',
        )
        const key = await inserted({ limits })
        expect(await authorize({ hashes: [key.hash], cost: 3 })).toMatchObject({
          consumed: true,
          limits: { minute: { limit: 5, remaining: 2 }, month: { remaining: 97 } },
        })
        expect(await authorize({ hashes: [key.hash], now: T0 + 1000, cost: 3 })).toMatchObject({
          consumed: false,
          limits: { allowed: false, binding: 'minute', month: { remaining: 97 } },
        })
        expect(await authorize({ hashes: [key.hash], now: T0 + 1000, cost: 2 })).toMatchObject({
          consumed: true,
          limits: { minute: { remaining: 0 }, month: { remaining: 95 } },
        })
      })

      it('M1/M4/O7/M8: a key with named limits and an owner counts the cost in both; an owner that lacks it counts in neither', async (context) => {
        if (typeof fixture.limiter.meter !== 'function') context.skip()
        const ownerId = `acct-${randomHash().slice(0, 12)}`
        const owner: LimitPolicy = { perMinute: 7, perMonth: null }
        const ownerLimits: OwnerLimitsCheck = {
          policyOf: (id, type) => (id === ownerId && type === 'live' ? owner : null),
        }
        const limits = canonicalLimitList([{ name: 'burst', limit: 9, window: '10s' }], 'limits')
        const key = await inserted({ keyType: 'live', ownerId, limits })
        // Key: 9 - 3 = 6 left (2 more requests of 3); owner: 7 - 3 = 4 left (1 more): the owner's shows.
        expect(await authorize({ hashes: [key.hash], ownerLimits, cost: 3 })).toMatchObject({
          consumed: true,
          limits: { minute: { limit: 7, remaining: 4 } },
        })
        expect(await authorize({ hashes: [key.hash], now: T0 + 1000, ownerLimits, cost: 5 })).toMatchObject({
          consumed: false,
          limits: { allowed: false, minute: { limit: 7, remaining: 4 } },
        })
        // Nothing of the refused request stayed in the key's limit, however the store undid it.
        await new Promise((resolve) => setTimeout(resolve, 20))
        expect(await authorize({ hashes: [key.hash], now: T0 + 1000, ownerLimits, cost: 0 })).toMatchObject({
          consumed: true,
          limits: { named: { decision: { limits: [{ name: 'burst', remaining: 6 }, { remaining: 4 }] } } },
        })
      })
    })

    describe('the failed-authentication check (E7)', () => {
      /** A counter as the guard names one, with `failures` failed authentications counted in it at T0. */
      async function counterWith(failures: number, limit: number): Promise<FailedAuthCheck> {
        const check = {
          counter: `failed-auth:198.51.100.${Math.floor(Math.random() * 250)}-${randomHash().slice(0, 8)}`,
          limit,
        }
        for (let i = 0; i < failures; i++)
          await fixture.limiter.consume(check.counter, { perMinute: limit, perMonth: null }, T0 + i)
        return check
      }

      it('E7: a full counter gives blocked with the seconds until it frees, before the key is read: nothing consumed, lastUsedAt untouched', async () => {
        const key = await inserted()
        const failedAuth = await counterWith(3, 3)
        const outcome = await authorize({ hashes: [key.hash], now: T0 + 20_000, failedAuth })
        const peeked = await fixture.limiter.peek(failedAuth.counter, { perMinute: 3, perMonth: null }, T0 + 20_000)
        expect(peeked).toMatchObject({ allowed: false, retryAfter: 41 })
        expect(outcome).toEqual({ result: 'blocked', retryAfter: 41 })
        expect(await authorize({ hashes: [key.hash], now: T0 + 20_000, failedAuth, consume: false })).toEqual(outcome)
        expect(await minuteUsed(key, DEFAULTS.live, T0 + 20_000)).toBe(0)
        expect((await fixture.keys.get(key.id))?.lastUsedAt).toBeNull()
        // The check reads the counter and never adds to it.
        expect(
          (await fixture.limiter.peek(failedAuth.counter, { perMinute: 3, perMonth: null }, T0 + 20_000)).minute
            .remaining,
        ).toBe(0)
      })

      it('E7: the address is blocked whatever the key: unknown, revoked, forbidden or over its limit', async () => {
        const failedAuth = await counterWith(2, 2)
        const revoked = await inserted({ revokedAt: T0 - 1 })
        const scoped = await inserted({ scopes: [] })
        expect(await authorize({ hashes: [randomHash()], failedAuth })).toMatchObject({ result: 'blocked' })
        expect(await authorize({ hashes: [revoked.hash], failedAuth })).toMatchObject({ result: 'blocked' })
        expect(await authorize({ hashes: [scoped.hash], requiredScopes: ['ip'], failedAuth })).toMatchObject({
          result: 'blocked',
        })
      })

      it('E7: a counter below its limit, or one whose failures have left the window, changes nothing', async () => {
        const key = await inserted({ keyType: 'test' })
        const below = await counterWith(2, 3)
        expect(await authorize({ hashes: [key.hash], failedAuth: below })).toMatchObject({
          result: 'ok',
          consumed: true,
        })
        const full = await counterWith(3, 3)
        expect(await authorize({ hashes: [key.hash], now: T0 + 61_000, failedAuth: full })).toMatchObject({
          result: 'ok',
          consumed: true,
        })
        const never = { counter: `failed-auth:never-${randomHash().slice(0, 8)}`, limit: 1 }
        expect(await authorize({ hashes: [key.hash], now: T0 + 61_000, failedAuth: never })).toMatchObject({
          result: 'ok',
          consumed: true,
        })
        // The two at T0 + 61 s (the one at T0 has left the window): each admitted request counted once.
        expect(await minuteUsed(key, DEFAULTS.test, T0 + 61_000)).toBe(2)
      })

      it('E7: concurrent requests, some from a blocked address, are each decided on their own', async () => {
        const key = await inserted({ keyType: 'live', limits: { perMinute: 100 } })
        const blocked = await counterWith(1, 1)
        const clean = await counterWith(0, 1)
        const order = [clean, blocked, clean, clean, blocked, blocked, clean]
        const outcomes = await Promise.all(order.map((failedAuth) => authorize({ hashes: [key.hash], failedAuth })))
        expect(outcomes.map((o) => o.result)).toEqual(order.map((c) => (c === blocked ? 'blocked' : 'ok')))
        expect(await minuteUsed(key, { perMinute: 100, perMonth: null })).toBe(4)
      })
    })
  })
}
