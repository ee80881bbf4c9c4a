/**
 * Named limits on keys (M1, M8) through createKeyward on the memory stores: what a key holder sees
 * (the 429, its Retry-After and message, the rate-limit and quota headers, draft-8's policy list)
 * and what the key manager refuses. The authorize and metering contracts cover each store.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/keyward.js'

/** 10 March 2026, 12:00:00 UTC. */
const T0 = Date.UTC(2026, 2, 10, 12)

function world(options: Parameters<typeof createKeyward>[0] = {}) {
  const clock = { t: T0, now: () => clock.t }
  const keyward = createKeyward({ clock, failedAuthLimit: 0, ...options })
  return { keyward, clock }
}

async function call(keyward: Keyward, key: string) {
  const decision: AuthDecision = await keyward.authenticate({ authorization: `Bearer ${key}` })
  const headers = decision.ok ? decision.headers : decision.response.headers
  return {
    status: decision.ok ? 200 : decision.response.status,
    message: decision.ok ? null : decision.error.message,
    headers,
  }
}

const LIMITS = [
  { name: 'burst', limit: 2, window: '10s' },
  { name: 'daily', limit: 100, window: '1d' },
  { name: 'month', limit: 1000, window: 'month' },
]

describe('named limits on keys (M1, M8)', () => {
  it('M1/L4: the limit that refuses is named in the 429, with its Retry-After; X-RateLimit-* show the binding limit, X-Quota-* the month', async () => {
    const { keyward, clock } = world()
    const { key, record } = await keyward.keys.create({ name: 'named', limits: LIMITS })
    expect(record.limits).toEqual([
      { name: 'burst', limit: 2, window: 10_000 },
      { name: 'daily', limit: 100, window: 86_400_000 },
      { name: 'month', limit: 1000, window: 'month' },
    ])
    const first = await call(keyward, key)
    expect(first.status).toBe(200)
    expect(first.headers).toMatchObject({
      'X-RateLimit-Limit': '2',
      'X-RateLimit-Remaining': '1',
      'X-RateLimit-Reset': String(T0 / 1000 + 11),
      'X-Quota-Limit': '1000',
      'X-Quota-Remaining': '999',
      'X-Quota-Reset': String(Date.UTC(2026, 3, 1) / 1000),
    })
    expect((await call(keyward, key)).status).toBe(200)
    clock.t = T0 + 3000
    const refused = await call(keyward, key)
    expect(refused.status).toBe(429)
    expect(refused.message).toBe('Rate limit exceeded: 2 requests per 10 seconds (limit "burst"). Retry after 8 s.')
    expect(refused.headers['Retry-After']).toBe('8')
    expect(refused.headers['X-Quota-Remaining']).toBe('998')
    clock.t = T0 + 11_000
    expect((await call(keyward, key)).status).toBe(200)
  })

  it('M8: with draft-8, RateLimit-Policy and RateLimit list every named limit', async () => {
    const { keyward } = world({ ietfRateLimitHeaders: 'draft-8' })
    const { key } = await keyward.keys.create({ name: 'named', limits: LIMITS })
    const { headers } = await call(keyward, key)
    expect(headers['RateLimit-Policy']).toBe('"burst";q=2;w=10, "daily";q=100;w=86400, "month";q=1000;w=2678400')
    expect(headers.RateLimit).toBe('"burst";r=1;t=11, "daily";r=99;t=87840, "month";r=999;t=1857600')
  })

  it('M1: a key’s own list replaces its type’s defaults; shorthands still work', async () => {
    const { keyward } = world()
    const { key, record } = await keyward.keys.create({
      name: 'sandbox',
      sandbox: true,
      limits: [{ name: 'hourly', limit: 30, window: '1h' }],
    })
    for (let i = 0; i < 20; i++) expect((await call(keyward, key)).status).toBe(200)
    const last = await call(keyward, key)
    expect(last.headers['X-RateLimit-Limit']).toBe('30')
    expect(last.headers['X-Quota-Limit']).toBeUndefined()
    const updated = await keyward.keys.update(record.id, { limits: { perMinute: 5 } })
    expect(updated.limits).toEqual({ perMinute: 5 })
  })

  it.each([
    [[{ name: 'Burst', limit: 1, window: '1s' }], 'limits[0].name'],
    [[{ name: 'burst', limit: 1, window: '32d' }], 'limits[0].window'],
    [[{ name: 'burst', limit: 0, window: '1s' }], 'limits[0].limit'],
    [[], 'limits'],
  ])('M1: a bad list is refused naming the field, and nothing is stored: %j', async (limits, field) => {
    const { keyward } = world()
    const error = await keyward.keys.create({ name: 'bad', limits: limits as never }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeyInputError)
    expect((error as KeyInputError).field).toBe(field)
    expect((error as KeyInputError).message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')} `))
    expect((await keyward.keys.list()).keys).toHaveLength(0)
  })
})
