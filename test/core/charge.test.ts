/**
 * A route's cost and `apiKey.charge(n)` through `authenticate()` on the memory stores (M2, M4,
 * M8, O7): what a key holder sees in the headers, per-minute and named limits, the owner's
 * windows, bad units, and a failing store told to onError.
 */
import { describe, expect, it } from 'vitest'
import type { AuthDecision, AuthSuccess } from '../../src/keyward.js'
import { createKeyward } from '../../src/keyward.js'
import type { KeyType, RateLimiter, RouteRequirements } from '../../src/core/types.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'

/** 10 March 2026, 12:00:00 UTC. */
const T0 = Date.UTC(2026, 2, 10, 12)

function world(options: Parameters<typeof createKeyward>[0] = {}) {
  const clock = { t: T0, now: () => clock.t }
  const errors: [unknown, string][] = []
  const keyward = createKeyward({
    clock,
    failedAuthLimit: 0,
    onError: (error, info) => errors.push([error, info.phase]),
    ...options,
  })
  return { keyward, clock, errors }
}

function seen(decision: AuthDecision) {
  const headers = decision.ok ? decision.headers : decision.response.headers
  return {
    status: decision.ok ? 200 : decision.response.status,
    remaining: headers['X-RateLimit-Remaining'],
    quotaRemaining: headers['X-Quota-Remaining'],
  }
}

describe('route cost through authenticate (M2, M8)', () => {
  it('M2: a cost function given to authenticate() directly prices the request from its path and query', async () => {
    const { keyward } = world()
    const { key } = await keyward.keys.create({ name: 'k', keyType: 'test' })
    const route: RouteRequirements = { cost: (request) => Number(request.query.get('n')) + request.path.length }
    const decision = await keyward.authenticate({ authorization: `Bearer ${key}`, path: '/ab', query: 'n=2' }, route)
    expect(seen(decision)).toEqual({ status: 200, remaining: '5', quotaRemaining: '995' })
  })

  it('M2 R5: a cost function that answers no cost is a 500 told to onError, counting nothing', async () => {
    const { keyward, errors } = world()
    const { key } = await keyward.keys.create({ name: 'k', keyType: 'test' })
    const decision = await keyward.authenticate({ authorization: `Bearer ${key}` }, { cost: () => -3 })
    expect(decision.ok ? 200 : [decision.response.status, decision.error.code]).toEqual([500, 'INTERNAL_ERROR'])
    expect(errors.map(([error, phase]) => [String(error), phase])).toEqual([
      [
        "TypeError: keyward: a route's cost function must return an integer from 0 to 1,000,000 (got -3)",
        'authenticate',
      ],
    ])
    expect(seen(await keyward.authenticate({ authorization: `Bearer ${key}` }))).toMatchObject({ remaining: '9' })
  })

  it('M8 O7: with owner limits, the headers show the window with the fewest requests of the cost left', async () => {
    const { keyward } = world({ ownerLimits: { test: { perMinute: 8 } } })
    const { key } = await keyward.keys.create({ name: 'k', keyType: 'test', ownerId: 'acct_1' })
    // Key: 10 a minute, owner: 8. After one request of cost 3: key 7 left (2 more), owner 5 left (1 more).
    expect(seen(await keyward.authenticate({ authorization: `Bearer ${key}` }, { cost: 3 }))).toMatchObject({
      remaining: '5',
    })
  })
})

describe('apiKey.charge(n) (M2)', () => {
  async function admitted(
    keyward: ReturnType<typeof world>['keyward'],
    key: string,
    route?: RouteRequirements,
  ): Promise<AuthSuccess> {
    const decision = await keyward.authenticate({ authorization: `Bearer ${key}` }, route)
    if (!decision.ok) throw new Error(`refused: ${decision.response.body}`)
    return decision
  }

  it('M2: counts in the per-minute limit and the quota without refusing; the next request is refused', async () => {
    const { keyward } = world()
    const { key } = await keyward.keys.create({ name: 'k', keyType: 'test' })
    const first = await admitted(keyward, key)
    await first.apiKey.charge(20)
    expect(seen(await keyward.authenticate({ authorization: `Bearer ${key}` }))).toEqual({
      status: 429,
      remaining: '0',
      quotaRemaining: '979',
    })
  })

  it('M1 M2: counts in every named limit of the key', async () => {
    const { keyward } = world()
    const { key } = await keyward.keys.create({
      name: 'k',
      limits: [
        { name: 'burst', limit: 5, window: '10s' },
        { name: 'daily', limit: 100, window: '1d' },
      ],
    })
    const first = await admitted(keyward, key)
    await first.apiKey.charge(3)
    expect(seen(await keyward.authenticate({ authorization: `Bearer ${key}` }))).toMatchObject({ remaining: '0' })
    expect(seen(await keyward.authenticate({ authorization: `Bearer ${key}` }))).toMatchObject({ status: 429 })
  })

  it('O7 M2: counts in the owner windows too, so another key of the owner is refused', async () => {
    const { keyward } = world({ ownerLimits: { test: { perMinute: 6 } } })
    const a = await keyward.keys.create({ name: 'a', keyType: 'test', ownerId: 'acct_1' })
    const b = await keyward.keys.create({ name: 'b', keyType: 'test', ownerId: 'acct_1' })
    await (await admitted(keyward, a.key)).apiKey.charge(5)
    expect(seen(await keyward.authenticate({ authorization: `Bearer ${b.key}` }))).toMatchObject({
      status: 429,
      remaining: '0',
    })
  })

  it('M2 M3: takes from the credits too, never below none; the next request is refused for credits', async () => {
    const { keyward } = world()
    const { key, record } = await keyward.keys.create({
      name: 'k',
      keyType: 'test',
      limits: { perMinute: 1000 },
      credits: { remaining: 10 },
    })
    const first = await admitted(keyward, key)
    await first.apiKey.charge(4)
    const second = await admitted(keyward, key)
    expect(second.headers['X-Credits-Remaining']).toBe('4')
    await second.apiKey.charge(50)
    const refused = await keyward.authenticate({ authorization: `Bearer ${key}` })
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.response.status).toBe(429)
    expect(!refused.ok && refused.error.message).toMatch(/^This API key has no credits left/)
    expect(!refused.ok && refused.response.headers['X-Credits-Remaining']).toBe('0')
    await keyward.keys.update(record.id, { credits: { add: 3 } })
    expect((await admitted(keyward, key)).headers['X-Credits-Remaining']).toBe('2')
  })

  it.each([-1, 1.5, 1_000_001, Number.NaN, '2'])(
    'M2: charge(%j) throws a TypeError and counts nothing',
    async (units) => {
      const { keyward } = world()
      const { key } = await keyward.keys.create({ name: 'k', keyType: 'test' })
      const first = await admitted(keyward, key)
      expect(() => first.apiKey.charge(units as number)).toThrow(
        /^keyward: charge\(units\) must be an integer from 0 to 1,000,000 \(got .+\)$/,
      )
      expect(seen(await keyward.authenticate({ authorization: `Bearer ${key}` }))).toMatchObject({ remaining: '8' })
    },
  )

  it('R5 M2: a store failure settles the promise and goes to onError with phase charge', async () => {
    const stores = createMemoryStores()
    const failing: RateLimiter = Object.assign(Object.create(stores.limiter) as RateLimiter, {
      consume: (...args: Parameters<RateLimiter['consume']>) =>
        args[1].perMinute > 1000 ? Promise.reject(new Error('limiter down')) : stores.limiter.consume(...args),
    })
    const { keyward, errors } = world({ stores: { ...stores, limiter: failing, authorize: undefined } })
    const { key } = await keyward.keys.create({ name: 'k', keyType: 'test' as KeyType })
    const first = await admitted(keyward, key)
    await expect(first.apiKey.charge(4)).resolves.toBeUndefined()
    expect(errors.map(([error, phase]) => [String(error), phase])).toEqual([['Error: limiter down', 'charge']])
  })
})
