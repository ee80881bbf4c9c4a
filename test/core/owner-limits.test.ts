/**
 * Owner limits (O7) through createKeyward on the memory stores: the option and its mistakes, and
 * what a key holder sees: the 429, its Retry-After and message, and the rate-limit headers showing
 * the window that binds first (L3, L4). The authorize contract covers each store's own part.
 */
import { describe, expect, it } from 'vitest'
import { combineDecisions } from '../../src/core/limits-math.js'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { KeyType, LimitDecision, RouteRequirements } from '../../src/core/types.js'

/** 10 March 2026, 12:00:00 UTC. */
const T0 = Date.UTC(2026, 2, 10, 12)

function world(options: Parameters<typeof createKeyward>[0] = {}) {
  const clock = { t: T0, now: () => clock.t }
  const keyward = createKeyward({ clock, failedAuthLimit: 0, ...options })
  return { keyward, clock }
}

async function keyOf(keyward: Keyward, ownerId: string | null, keyType: KeyType = 'test'): Promise<string> {
  return (await keyward.keys.create({ name: `${ownerId ?? 'service'} key`, ownerId, keyType })).key
}

/** What the key holder sees: status, code and the limit headers. */
async function call(keyward: Keyward, key: string, route?: RouteRequirements) {
  const decision: AuthDecision = await keyward.authenticate({ authorization: `Bearer ${key}` }, route)
  const headers = decision.ok ? decision.headers : decision.response.headers
  return {
    status: decision.ok ? 200 : decision.response.status,
    code: decision.ok ? null : decision.error.code,
    message: decision.ok ? null : decision.error.message,
    limit: headers['X-RateLimit-Limit'],
    remaining: headers['X-RateLimit-Remaining'],
    quota: headers['X-Quota-Limit'],
    quotaRemaining: headers['X-Quota-Remaining'],
    retryAfter: headers['Retry-After'],
  }
}

function mistakeOf(options: unknown): string {
  try {
    createKeyward(options as never)
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError)
    expect((error as TypeError).message).toMatch(/^keyward: option "[^"]+" .+ \(got .+\)$/)
    return (error as TypeError).message
  }
  throw new Error(`createKeyward(${JSON.stringify(options)}) accepted a mistake`)
}

describe('option "ownerLimits" (O7)', () => {
  it.each([
    [{ ownerLimits: 5 }, 'option "ownerLimits" must be an object { live?, test?, owners? } (got 5)'],
    [{ ownerLimits: { sandbox: {} } }, 'option "ownerLimits.sandbox" is not an option of "ownerLimits"'],
    [
      { ownerLimits: { live: { perMinute: 0 } } },
      'option "ownerLimits.live.perMinute" must be a positive integer (got 0)',
    ],
    [
      { ownerLimits: { test: { perMonth: 1.5 } } },
      'option "ownerLimits.test.perMonth" must be a positive integer (got 1.5)',
    ],
    [
      { ownerLimits: { test: { perMonth: null } } },
      'option "ownerLimits.test.perMonth" must be a positive integer (got null)',
    ],
    [
      { ownerLimits: { live: { perMinut: 5 } } },
      'option "ownerLimits.live.perMinut" is not an option of "ownerLimits.live"; the options are perMinute, perMonth',
    ],
    [
      { ownerLimits: { live: 'fast' } },
      'option "ownerLimits.live" must be an object { perMinute?, perMonth? } or a list of { name, limit, window } (got "fast")',
    ],
    [
      { ownerLimits: { owners: [] } },
      'option "ownerLimits.owners" must be an object of owner ids to { live?, test? } (got [])',
    ],
    [
      { ownerLimits: { owners: { 'acme corp': {} } } },
      'option "ownerLimits.owners" must be keyed by owner ids: 1-128 characters of letters, digits and . _ : @ - (got "acme corp")',
    ],
    [
      { ownerLimits: { owners: { acme: { staging: {} } } } },
      'option "ownerLimits.owners.acme.staging" is not an option of "ownerLimits.owners.acme"',
    ],
    [
      { ownerLimits: { owners: { acme: { test: { perMonth: -3 } } } } },
      'option "ownerLimits.owners.acme.test.perMonth" must be a positive integer (got -3)',
    ],
  ])('%j is refused at setup, naming the option', (options, message) => {
    expect(mistakeOf(options)).toContain(message)
  })

  it('O7: a limiter without consumeAll() is refused with owner limits, naming the option', () => {
    const stores = createMemoryStores()
    const limiter = { consume: stores.limiter.consume, peek: stores.limiter.peek }
    expect(mistakeOf({ stores: { ...stores, limiter }, ownerLimits: { test: { perMonth: 10 } } })).toContain(
      'option "ownerLimits" needs a stores.limiter with consumeAll()',
    )
    expect(() => createKeyward({ stores: { ...stores, limiter } })).not.toThrow()
  })

  it('O7: off unless a window is set: without one, an owner’s keys each get their own limits only', async () => {
    for (const ownerLimits of [undefined, {}, { owners: { acme: {} } }]) {
      const { keyward } = world({ ownerLimits })
      const keys = [await keyOf(keyward, 'acme'), await keyOf(keyward, 'acme')]
      for (const key of keys) {
        for (let i = 0; i < 10; i++) expect((await call(keyward, key)).status).toBe(200)
        expect(await call(keyward, key)).toMatchObject({ status: 429, limit: '10' })
      }
    }
  })
})

describe('owner limits as the key holder sees them (O7, L3, L4)', () => {
  it('O7: two sandbox keys of one owner share its per-minute window; the 429 names it and consumes neither', async () => {
    const { keyward, clock } = world({ ownerLimits: { test: { perMinute: 3 } } })
    const [a, b] = [await keyOf(keyward, 'acct_1'), await keyOf(keyward, 'acct_1')]
    const seen = []
    for (const key of [a, b, a]) seen.push(await call(keyward, key))
    expect(seen.map((s) => [s.status, s.limit, s.remaining, s.quota, s.quotaRemaining])).toEqual([
      [200, '3', '2', '1000', '999'],
      [200, '3', '1', '1000', '999'],
      [200, '3', '0', '1000', '998'],
    ])
    clock.t = T0 + 20_000
    expect(await call(keyward, b)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: 'Rate limit exceeded: 3 requests per minute. Retry after 41 s.',
      limit: '3',
      remaining: '0',
      quota: '1000',
      quotaRemaining: '999',
      retryAfter: '41',
    })
    // L5: the auth test peeks both windows: 200, with the owner's window showing nothing left.
    expect(await call(keyward, a, { consume: false })).toMatchObject({
      status: 200,
      limit: '3',
      remaining: '0',
      quotaRemaining: '998',
    })
    // Another owner's key and a key of the service itself are not touched by acct_1's window.
    expect(await call(keyward, await keyOf(keyward, 'acct_2'))).toMatchObject({
      status: 200,
      limit: '3',
      remaining: '2',
    })
    expect(await call(keyward, await keyOf(keyward, null))).toMatchObject({ status: 200, limit: '10', remaining: '9' })
    clock.t = T0 + 61_000
    expect(await call(keyward, b)).toMatchObject({ status: 200, limit: '3', remaining: '2' })
  })

  it('O7: a customer cannot multiply the sandbox quota by creating keys: the owner’s quota binds across them', async () => {
    const { keyward } = world({ ownerLimits: { test: { perMonth: 3 } } })
    const results = []
    for (let i = 0; i < 4; i++) results.push(await call(keyward, await keyOf(keyward, 'acct_1')))
    expect(results.map((r) => [r.status, r.quota, r.quotaRemaining])).toEqual([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
      [429, '3', '0'],
    ])
    const monthEnd = Date.UTC(2026, 3, 1)
    const wait = String((monthEnd - T0) / 1000)
    expect(results[3]).toMatchObject({
      code: 'rate_limited',
      retryAfter: wait,
      message: `Monthly quota exceeded: 3 requests per month. The quota resets in ${wait} s.`,
      // The per-minute window shown is the key's own (the owner has none): the refusal took nothing.
      limit: '10',
      remaining: '10',
    })
    // Live keys are counted apart: the owner has no live window.
    expect(await call(keyward, await keyOf(keyward, 'acct_1', 'live'))).toMatchObject({
      status: 200,
      limit: '1000',
      quota: undefined,
    })
  })

  it('O7: an owner’s override applies field by field over the defaults', async () => {
    const { keyward } = world({
      ownerLimits: {
        test: { perMinute: 2, perMonth: 100 },
        owners: { big: { test: { perMinute: 5 } }, capped: { live: { perMonth: 1 } } },
      },
    })
    expect(await call(keyward, await keyOf(keyward, 'big'))).toMatchObject({
      limit: '5',
      remaining: '4',
      quota: '100',
      quotaRemaining: '99',
    })
    expect(await call(keyward, await keyOf(keyward, 'small'))).toMatchObject({
      limit: '2',
      remaining: '1',
      quota: '100',
    })
    const live = await keyOf(keyward, 'capped', 'live')
    expect(await call(keyward, live)).toMatchObject({ status: 200, quota: '1', quotaRemaining: '0' })
    expect(await call(keyward, live)).toMatchObject({ status: 429, code: 'rate_limited', quota: '1' })
    expect(await call(keyward, await keyOf(keyward, 'capped', 'test'))).toMatchObject({
      status: 200,
      limit: '2',
      quota: '100',
    })
  })
})

describe('combineDecisions (O7)', () => {
  const window = (limit: number, remaining: number, reset: number) => ({ limit, remaining, reset })
  const allowed = (minute: LimitDecision['minute'], month: LimitDecision['month'] = null): LimitDecision => ({
    allowed: true,
    minute,
    month,
    retryAfter: 0,
    binding: null,
  })

  it('O7/L3 M8: each window is the one with the least remaining; a tie shows the earlier reset, then the key’s', () => {
    const key = allowed(window(10, 4, 100), window(1000, 900, 500))
    // W2: the combined decision keeps each side's own windows.
    const combined = (owner: LimitDecision, minute: LimitDecision['minute'], month: LimitDecision['month']) => ({
      ...allowed(minute, month),
      parts: { key: { minute: key.minute, month: key.month }, owner: { minute: owner.minute, month: owner.month } },
    })
    const cases: [LimitDecision, LimitDecision['minute'], LimitDecision['month']][] = [
      [allowed(window(5, 3, 90)), window(5, 3, 90), window(1000, 900, 500)],
      [allowed(window(5, 4, 120), window(50, 2, 500)), window(10, 4, 100), window(50, 2, 500)],
      [allowed(window(5, 4, 80)), window(5, 4, 80), window(1000, 900, 500)],
      [allowed(window(5, 4, 100)), key.minute, key.month],
      // An owner without a per-minute window has an unlimited one, which never shows.
      [allowed(window(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 7, 0)), key.minute, key.month],
    ]
    for (const [owner, minute, month] of cases)
      expect(combineDecisions(key, owner)).toEqual(combined(owner, minute, month))
  })

  it('O7/L4: refused when either refuses; Retry-After the longer wait; binding month when either quota binds', () => {
    const key: LimitDecision = {
      allowed: false,
      minute: window(10, 0, 130),
      month: null,
      retryAfter: 30,
      binding: 'minute',
    }
    const owner: LimitDecision = {
      allowed: false,
      minute: window(50, 10, 100),
      month: window(5, 0, 900),
      retryAfter: 800,
      binding: 'month',
    }
    expect(combineDecisions(key, owner)).toEqual({
      allowed: false,
      minute: window(10, 0, 130),
      month: window(5, 0, 900),
      retryAfter: 800,
      binding: 'month',
      parts: { key: { minute: key.minute, month: null }, owner: { minute: owner.minute, month: owner.month } },
    })
    expect(combineDecisions(allowed(window(10, 3, 100)), { ...owner, retryAfter: 12 })).toMatchObject({
      allowed: false,
      retryAfter: 12,
      binding: 'month',
    })
    expect(combineDecisions(key, allowed(window(50, 9, 100)))).toMatchObject({
      allowed: false,
      retryAfter: 30,
      binding: 'minute',
      minute: window(10, 0, 130),
    })
  })
})
