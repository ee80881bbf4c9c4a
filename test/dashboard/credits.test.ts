/**
 * M9, M3, O8, E5: the dashboard's create and update routes take a key's credits; a bad value is a
 * 400 naming the field with nothing stored; records show what is left, live; an owner may lower
 * its keys' credits but never top them up, raise, refill more or remove them (403 forbidden,
 * nothing changed); an administrator may.
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

function dashboard() {
  const t = setup({ dashboard: { authorize: ownerGuard } })
  const create = (body: unknown, owner?: string) =>
    t.handle({ method: 'POST', path: '/api-keys', headers: headers(owner), body: JSON.stringify(body) })
  const patch = (id: string, body: unknown, owner?: string) =>
    t.handle({ method: 'PATCH', path: `/api-keys/${id}`, headers: headers(owner), body: JSON.stringify(body) })
  const read = async (id: string) => expectSuccess(await t.handle({ path: `/api-keys/${id}` }))
  return { ...t, create, patch, read }
}

const MONTHLY = { remaining: 100, refill: { amount: 100, every: 'month', day: 15 } }

describe('the administrator sets credits (M9, M3)', () => {
  it('M9: POST takes credits; the record, GET and the list show what is left after requests', async () => {
    const t = dashboard()
    const created = expectSuccess(await t.create({ name: 'paid', credits: MONTHLY }), 201)
    expect(created.credits).toEqual(MONTHLY)
    await t.authenticateKey(created.key)
    await t.authenticateKey(created.key)
    expect((await t.read(created.id)).credits).toEqual({ ...MONTHLY, remaining: 98 })
    const list = expectSuccess(await t.handle({ path: '/api-keys' }))
    expect(list[0].credits.remaining).toBe(98)
  })

  it('M9/M3: PATCH { credits: { add } } tops up; { remaining } replaces; null removes them', async () => {
    const t = dashboard()
    const created = expectSuccess(await t.create({ name: 'paid', credits: { remaining: 1 } }), 201)
    await t.authenticateKey(created.key)
    expect(expectSuccess(await t.patch(created.id, { credits: { add: 500 } })).credits).toEqual({ remaining: 500 })
    expect(expectSuccess(await t.patch(created.id, { credits: { remaining: 7 } })).credits).toEqual({ remaining: 7 })
    expect(expectSuccess(await t.patch(created.id, { credits: null })).credits).toBeNull()
  })

  it('E5/M9: bad credits are a 400 invalid_request naming the field; nothing is stored', async () => {
    const t = dashboard()
    const cases: [unknown, string][] = [
      [{ remaining: -5 }, 'credits.remaining'],
      [{ remaining: '10' }, 'credits.remaining'],
      [{ remaining: 10, refill: { amount: 10, every: 'year' } }, 'credits.refill.every'],
      [{ remaining: 10, refill: { amount: 10, every: 'month', day: 31 } }, 'credits.refill.day'],
      [{ remaining: 10, bonus: 1 }, 'credits'],
    ]
    for (const [credits, field] of cases) {
      const message = expectError(await t.create({ name: 'bad', credits }), 400, 'invalid_request')
      expect(message, JSON.stringify(credits)).toContain(field)
    }
    expect(expectSuccess(await t.handle({ path: '/api-keys' }))).toEqual([])
    const created = expectSuccess(await t.create({ name: 'ok', credits: { remaining: 3 } }), 201)
    expect(expectError(await t.patch(created.id, { credits: { add: -1 } }), 400, 'invalid_request')).toContain(
      'credits.add',
    )
    expect((await t.read(created.id)).credits).toEqual({ remaining: 3 })
  })
})

describe('an owner and its own credits (M9, O8)', () => {
  async function owned(t: ReturnType<typeof dashboard>, credits: unknown = MONTHLY) {
    return expectSuccess(await t.create({ name: 'k', ownerId: 'acme', credits }), 201) as { id: string; key: string }
  }

  it('M9: an owner may not top up, raise, refill more or remove its credits: 403 forbidden, nothing changed', async () => {
    const t = dashboard()
    const key = await owned(t)
    const refused = [
      { credits: { add: 1 } },
      { credits: { remaining: 101, refill: MONTHLY.refill } },
      { credits: { remaining: 50, refill: { amount: 200, every: 'month', day: 15 } } },
      { credits: { remaining: 50, refill: { amount: 100, every: 'day' } } },
      { credits: { remaining: 50, refill: { amount: 100, every: 'month', day: 1 } } },
      { credits: null },
    ]
    for (const body of refused) {
      const message = expectError(await t.patch(key.id, body, 'acme'), 403, 'forbidden')
      expect(message, JSON.stringify(body)).toMatch(/^Forbidden: this dashboard session can lower its keys' credits/)
    }
    expect((await t.read(key.id)).credits).toEqual(MONTHLY)
  })

  it('M9: an owner may lower what is left or drop the refill, and give credits to a key without', async () => {
    const t = dashboard()
    const key = await owned(t)
    const lowered = expectSuccess(await t.patch(key.id, { credits: { remaining: 10, refill: MONTHLY.refill } }, 'acme'))
    expect(lowered.credits).toEqual({ ...MONTHLY, remaining: 10 })
    expect(expectSuccess(await t.patch(key.id, { credits: { remaining: 10 } }, 'acme')).credits).toEqual({
      remaining: 10,
    })
    const free = await owned(t, null)
    expect(expectSuccess(await t.patch(free.id, { credits: null }, 'acme')).credits).toBeNull()
    expect(expectSuccess(await t.patch(free.id, { credits: { remaining: 5 } }, 'acme')).credits).toEqual({
      remaining: 5,
    })
  })

  it('M9: an owner may create its own key with credits (without them the key would spend freely)', async () => {
    const t = dashboard()
    const created = expectSuccess(await t.create({ name: 'mine', credits: { remaining: 5 } }, 'acme'), 201)
    expect(created).toMatchObject({ ownerId: 'acme', credits: { remaining: 5 } })
  })

  it('M9: the administrator may top up an owner’s key', async () => {
    const t = dashboard()
    const key = await owned(t, { remaining: 1 })
    expect(expectSuccess(await t.patch(key.id, { credits: { add: 9 } })).credits).toEqual({ remaining: 10 })
  })
})
