/**
 * M9, M1, O5, O8, E5: the dashboard's create and update routes take a key's limits as a list of
 * named limits or as `{ perMinute, perMonth }`; a bad value is a 400 naming the field with nothing
 * stored; an owner may lower its limits or add new ones but never raise, remove or replace them
 * (403 forbidden, nothing changed), nor create a key above its key type's defaults.
 */
import { describe, expect, it } from 'vitest'
import type { DashboardRequest } from '../../src/dashboard/index.js'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import { AUTH, expectError, expectSuccess, setup } from './support.js'

const admin = bearerTokenGuard('dash-token-0123456789abcdefABCDEF')
function ownerGuard(request: DashboardRequest) {
  if (!admin(request)) return false
  const owner = request.headers['x-owner']
  return typeof owner === 'string' ? { ownerId: owner } : { role: 'admin' as const }
}

const headers = (owner?: string): DashboardRequest['headers'] => ({
  authorization: AUTH,
  'content-type': 'application/json',
  ...(owner === undefined ? {} : { 'x-owner': owner }),
})

const LIST = [
  { name: 'burst', limit: 3, window: '10s' },
  { name: 'daily', limit: 500, window: '1d' },
  { name: 'billing', limit: 5000, window: { month: { day: 15 } } },
]
const STORED = [
  { name: 'burst', limit: 3, window: 10_000 },
  { name: 'daily', limit: 500, window: 86_400_000 },
  { name: 'billing', limit: 5000, window: { month: { day: 15 } } },
]

function dashboard() {
  const t = setup({ dashboard: { authorize: ownerGuard } })
  const create = (body: unknown, owner?: string) =>
    t.handle({ method: 'POST', path: '/api-keys', headers: headers(owner), body: JSON.stringify(body) })
  const patch = (id: string, body: unknown, owner?: string) =>
    t.handle({ method: 'PATCH', path: `/api-keys/${id}`, headers: headers(owner), body: JSON.stringify(body) })
  /** A key of `owner` made by the administrator, with these limits. */
  const ownedKey = async (limits: unknown, owner = 'acme', sandbox = true) =>
    expectSuccess(await create({ name: 'k', ownerId: owner, sandbox, limits }), 201) as {
      id: string
      key: string
      limits: unknown
    }
  return { ...t, create, patch, ownedKey }
}

describe('the administrator sets named limits (M9, M1)', () => {
  it('M9: POST takes a list; the record and GET show it with windows in ms, "month" or { month: { day } }; requests are metered by it', async () => {
    const t = dashboard()
    const created = expectSuccess(await t.create({ name: 'paid', limits: LIST }), 201)
    expect(created.limits).toEqual(STORED)
    const read = expectSuccess(await t.handle({ path: `/api-keys/${created.id}` }))
    expect(read.limits).toEqual(STORED)
    const decision = await t.authenticateKey(created.key)
    expect(decision.ok && decision.headers['X-RateLimit-Limit']).toBe('3')
    await t.authenticateKey(created.key)
    await t.authenticateKey(created.key)
    const refused = await t.authenticateKey(created.key)
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.response.status).toBe(429)
    expect(!refused.ok && refused.error.message).toMatch(
      /^Rate limit exceeded: 3 requests per 10 seconds \(limit "burst"\)/,
    )
  })

  it('M9: PATCH switches a key from its type defaults to a list, back to { perMinute }, and to null', async () => {
    const t = dashboard()
    const { id } = expectSuccess(await t.create({ name: 'k' }), 201)
    expect(expectSuccess(await t.patch(id, { limits: LIST })).limits).toEqual(STORED)
    expect((await t.keyward.keys.get(id))?.limits).toEqual(STORED)
    expect(expectSuccess(await t.patch(id, { limits: { perMinute: 7 } })).limits).toEqual({ perMinute: 7 })
    expect(expectSuccess(await t.patch(id, { limits: null })).limits).toBeNull()
  })

  const bad: [string, string, unknown][] = [
    ['a window that is not a duration', 'limits[0].window', [{ name: 'a', limit: 1, window: '10x' }]],
    ['a window under a second', 'limits[0].window', [{ name: 'a', limit: 1, window: 999 }]],
    ['a billing day of 29', 'limits[0].window', [{ name: 'a', limit: 1, window: { month: { day: 29 } } }]],
    ['a second entry with a bad name', 'limits[1].name', [LIST[0], { name: 'Daily', limit: 1, window: '1d' }]],
    ['a limit of zero', 'limits[0].limit', [{ name: 'a', limit: 0, window: '1h' }]],
    ['an unknown field in an entry', 'limits[0]', [{ name: 'a', limit: 1, window: '1h', cost: 2 }]],
    ['a name given twice', 'limits', [LIST[0], LIST[0]]],
    ['an empty list', 'limits', []],
    ['eleven limits', 'limits', Array.from({ length: 11 }, (_, i) => ({ name: `l${i}`, limit: 1, window: '1h' }))],
  ]
  it.each(bad)('E5: %s → 400 invalid_request naming %s; nothing created, nothing changed', async (_, field, limits) => {
    const t = dashboard()
    const message = expectError(await t.create({ name: 'x', limits }), 400, 'invalid_request')
    expect(message.startsWith(`${field} `), message).toBe(true)
    const { id } = expectSuccess(await t.create({ name: 'k', limits: LIST }), 201)
    const again = expectError(await t.patch(id, { name: 'renamed', limits }), 400, 'invalid_request')
    expect(again.startsWith(`${field} `), again).toBe(true)
    const page = expectSuccess(await t.handle({ path: '/api-keys' }))
    expect(page.map((key: { name: string; limits: unknown }) => [key.name, key.limits])).toEqual([['k', STORED]])
  })

  it('M9: the administrator may raise a key above its type defaults and remove limits', async () => {
    const t = dashboard()
    const key = await t.ownedKey([{ name: 'burst', limit: 3, window: '10s' }])
    const raised = [{ name: 'hourly', limit: 1_000_000, window: '1h' }]
    expect(expectSuccess(await t.patch(key.id, { limits: raised })).limits).toEqual([
      { name: 'hourly', limit: 1_000_000, window: 3_600_000 },
    ])
  })
})

describe('an owner may lower its own limits, never raise them (M9, O8)', () => {
  const allowed: [string, unknown, unknown][] = [
    ['the same list', LIST, LIST],
    ['a lower limit', LIST, [{ ...LIST[0], limit: 2 }, LIST[1], LIST[2]]],
    ['an added limit', LIST, [...LIST, { name: 'hourly', limit: 50, window: '1h' }]],
    ['the same window written in ms', LIST, [{ ...LIST[0], window: 10_000 }, LIST[1], LIST[2]]],
    ['a lower perMinute on the defaults', null, { perMinute: 5 }],
    ['a lower perMonth than set', { perMonth: 500 }, { perMonth: 400 }],
    ['perMinute at the default on the defaults', null, { perMinute: 10, perMonth: 1000 }],
  ]
  it.each(allowed)('M9: %s → 200 and stored', async (_, before, after) => {
    const t = dashboard()
    const key = await t.ownedKey(before)
    const updated = expectSuccess(await t.patch(key.id, { limits: after }, 'acme'))
    expect((await t.keyward.keys.get(key.id))?.limits).toEqual(updated.limits)
  })

  const refused: [string, unknown, unknown][] = [
    ['a higher limit', LIST, [{ ...LIST[0], limit: 4 }, LIST[1], LIST[2]]],
    ['a dropped limit', LIST, [LIST[0], LIST[1]]],
    ['a longer window under the same name', LIST, [{ ...LIST[0], window: '20s' }, LIST[1], LIST[2]]],
    ['another billing day', LIST, [LIST[0], LIST[1], { ...LIST[2], window: { month: { day: 1 } } }]],
    ['a renamed limit', LIST, [{ ...LIST[0], name: 'burst2' }, LIST[1], LIST[2]]],
    ['a list replaced by { perMinute }', LIST, { perMinute: 1 }],
    ['a list replaced by the defaults (null)', LIST, null],
    ['{ perMinute } replaced by a list', { perMinute: 5 }, [{ name: 'minute', limit: 1, window: '1m' }]],
    ['the defaults replaced by a list', null, [{ name: 'minute', limit: 1, window: '1m' }]],
    ['a higher perMinute than the default', null, { perMinute: 11 }],
    ['a higher perMonth than set', { perMonth: 500 }, { perMonth: 501 }],
    ['back to the defaults from a lower perMinute', { perMinute: 5 }, null],
  ]
  it.each(refused)('M9: %s → 403 forbidden, nothing changed', async (_, before, after) => {
    const t = dashboard()
    const key = await t.ownedKey(before)
    const stored = (await t.keyward.keys.get(key.id))?.limits
    const message = expectError(await t.patch(key.id, { name: 'renamed', limits: after }, 'acme'), 403, 'forbidden')
    expect(message).toMatch(/^Forbidden: /)
    const record = await t.keyward.keys.get(key.id)
    expect({ name: record?.name, limits: record?.limits }).toEqual({ name: 'k', limits: stored })
  })

  it("M9: an update without limits is not checked; another owner's key stays 404; a bad list is 400, not 403", async () => {
    const t = dashboard()
    const key = await t.ownedKey(LIST)
    expect(expectSuccess(await t.patch(key.id, { name: 'renamed' }, 'acme')).name).toBe('renamed')
    expectError(await t.patch(key.id, { limits: LIST }, 'globex'), 404, 'not_found')
    const message = expectError(
      await t.patch(key.id, { limits: [{ name: 'burst', limit: 1, window: 'soon' }] }, 'acme'),
      400,
      'invalid_request',
    )
    expect(message.startsWith('limits[0].window '), message).toBe(true)
  })

  it('O5: an owner raising the limits of its revoked key hears that the key is revoked (409), and nothing changes', async () => {
    const t = dashboard()
    const key = await t.ownedKey(LIST)
    expectSuccess(await t.handle({ method: 'POST', path: `/api-keys/${key.id}/revoke`, headers: headers('acme') }))
    expectError(
      await t.patch(key.id, { limits: [{ name: 'all', limit: 1_000_000, window: '1h' }] }, 'acme'),
      409,
      'conflict',
    )
    expect((await t.keyward.keys.get(key.id))?.limits).toEqual(STORED)
  })

  const createAllowed: [string, boolean, unknown][] = [
    ['no limits', true, undefined],
    ['{ perMinute, perMonth } at the sandbox defaults', true, { perMinute: 10, perMonth: 1000 }],
    ['a lower perMonth on a live key (no default quota)', false, { perMonth: 50 }],
    [
      'a list keeping minute and month at the sandbox defaults, with one added',
      true,
      [
        { name: 'minute', limit: 10, window: '60s' },
        { name: 'month', limit: 900, window: 'month' },
        { name: 'burst', limit: 2, window: '1s' },
      ],
    ],
    ['a list keeping the live minute', false, [{ name: 'minute', limit: 1000, window: 60_000 }]],
  ]
  it.each(createAllowed)('M9: an owner creates a key with %s → 201', async (_, sandbox, limits) => {
    const t = dashboard()
    const created = expectSuccess(await t.create({ name: 'mine', sandbox, limits }, 'acme'), 201)
    expect(created.ownerId).toBe('acme')
  })

  const createRefused: [string, boolean, unknown][] = [
    ['a perMinute above the sandbox default', true, { perMinute: 11 }],
    ['a perMonth above the sandbox default', true, { perMonth: 1001 }],
    ['a list without the sandbox month', true, [{ name: 'minute', limit: 10, window: '1m' }]],
    [
      'a list whose minute is longer',
      true,
      [
        { name: 'minute', limit: 10, window: '2m' },
        { name: 'month', limit: 1, window: 'month' },
      ],
    ],
    ['a list without the live minute', false, [{ name: 'hourly', limit: 5, window: '1h' }]],
  ]
  it.each(createRefused)(
    'M9: an owner creates a key with %s → 403 forbidden, nothing created',
    async (_, sandbox, limits) => {
      const t = dashboard()
      const message = expectError(await t.create({ name: 'mine', sandbox, limits }, 'acme'), 403, 'forbidden')
      expect(message).toMatch(/^Forbidden: /)
      expect((await t.keyward.keys.list()).keys).toEqual([])
    },
  )

  it('M9: an owner whose create body is bad otherwise gets the 400 naming the field, not a 403', async () => {
    const t = dashboard()
    const message = expectError(
      await t.create({ name: 'mine', sandbox: true, limits: [{ name: 'minute', limit: 99, window: 'x' }] }, 'acme'),
      400,
      'invalid_request',
    )
    expect(message.startsWith('limits[0].window '), message).toBe(true)
  })
})
