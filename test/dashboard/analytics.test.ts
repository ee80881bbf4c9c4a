/**
 * The dashboard's analytics routes (N2): JSON and CSV of the same series, owner isolation as the
 * key routes have it (O8), and a bad query answered 400 naming the parameter.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { createDashboard, type Dashboard } from '../../src/dashboard/index.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'

const T0 = Date.UTC(2026, 2, 10, 12, 0, 0)

describe('dashboard analytics routes (N2, O8)', () => {
  let keyward: Keyward
  let dashboard: Dashboard
  let acmeKey: string
  let otherKey: string

  async function get(path: string, query: string, owner?: string) {
    const response = await dashboard.handle({
      method: 'GET',
      path,
      query,
      headers: owner === undefined ? {} : { 'x-owner': owner },
      body: null,
      bodyTooLarge: false,
      requestId: keyward.requestId(),
      ip: '127.0.0.1',
    })
    return {
      ...response,
      json: response.headers['Content-Type']?.startsWith('application/json') ? JSON.parse(response.body) : undefined,
    }
  }

  beforeEach(async () => {
    const clock = createManualClock(T0)
    keyward = createKeyward({ clock, failedAuthLimit: 0 })
    dashboard = createDashboard(keyward, {
      authorize: (request) => {
        const owner = request.headers['x-owner']
        return typeof owner === 'string' ? { ownerId: owner } : true
      },
      failedAuthLimit: 0,
    })
    const acme = await keyward.keys.create({ name: 'acme', ownerId: 'org_acme' })
    const other = await keyward.keys.create({ name: 'other', ownerId: 'org_other' })
    acmeKey = acme.record.id
    otherKey = other.record.id
    clock.set(T0 + 5000)
    for (let i = 0; i < 3; i++) await keyward.authenticate({ authorization: `Bearer ${acme.key}` })
    await keyward.authenticate({ authorization: `Bearer ${other.key}` })
    clock.set(T0 + 3_600_000)
  })

  const span = 'from=2026-03-10T12:00:00Z&to=2026-03-10T13:00:00Z&granularity=minute'

  it('N2: with analytics turned off, both routes answer 404 saying none are kept', async () => {
    keyward = createKeyward({ failedAuthLimit: 0, analytics: false })
    dashboard = createDashboard(keyward, { authorize: () => true, failedAuthLimit: 0 })
    for (const path of ['/analytics', '/analytics.csv']) {
      const answer = await get(path, span)
      expect(answer.status, answer.body).toBe(404)
      expect(JSON.parse(answer.body).error).toMatchObject({
        code: 'not_found',
        message: 'Not found: the Svc service keeps no usage analytics.',
      })
    }
    expect(keyward.analytics.enabled).toBe(false)
  })

  it('N2: GET /analytics answers the series of a key as JSON', async () => {
    const answer = await get('/analytics', `${span}&keyId=${acmeKey}`)
    expect(answer.status, answer.body).toBe(200)
    expect(answer.json.data).toEqual([{ time: '2026-03-10T12:00:00.000Z', outcome: 'ok', requests: 3, units: 3 }])
  })

  it('N2: GET /analytics.csv answers the same series as text/csv with the header row', async () => {
    const answer = await get('/analytics.csv', `${span}&ownerId=org_other`)
    expect(answer.status, answer.body).toBe(200)
    expect(answer.headers['Content-Type']).toBe('text/csv; charset=utf-8')
    expect(answer.body).toBe('time,outcome,requests,units\r\n2026-03-10T12:00:00.000Z,ok,1,1\r\n')
  })

  it("N2, O8: an owner sees its own series; another owner's key id is 404 and another owner 403", async () => {
    const own = await get('/analytics', span, 'org_acme')
    expect(own.json.data).toEqual([{ time: '2026-03-10T12:00:00.000Z', outcome: 'ok', requests: 3, units: 3 }])
    const otherKeyAnswer = await get('/analytics', `${span}&keyId=${otherKey}`, 'org_acme')
    expect(otherKeyAnswer.status).toBe(404)
    expect(otherKeyAnswer.json.error.code).toBe('not_found')
    const unknown = await get('/analytics', `${span}&keyId=key_000000000000000000000000`, 'org_acme')
    expect(unknown.body).toBe(
      otherKeyAnswer.body.replace(otherKeyAnswer.headers['X-Request-ID']!, unknown.headers['X-Request-ID']!),
    )
    expect((await get('/analytics', `${span}&ownerId=org_other`, 'org_acme')).status).toBe(403)
    // The administrator naming a key with another owner's id finds nothing either.
    expect((await get('/analytics', `${span}&keyId=${otherKey}&ownerId=org_acme`)).status).toBe(404)
  })

  it('N2: a bad query is 400 invalid_request naming the parameter', async () => {
    const cases: [string, string][] = [
      ['from=yesterday&to=2026-03-10T13:00:00Z&granularity=hour', 'from'],
      ['from=2026-03-10T12:00:00&to=2026-03-10T13:00:00Z&granularity=hour', 'from'],
      ['from=2026-03-10T12:00:00Z&to=2026-03-10T11:00:00Z&granularity=hour', 'to'],
      ['from=2026-03-10T12:00:00Z&to=2026-03-10T13:00:00Z&granularity=week', 'granularity'],
      ['from=2026-03-01T00:00:00Z&to=2026-03-10T13:00:00Z&granularity=minute', 'granularity'],
      ['from=2026-03-10T12:00:00Z&to=2026-03-10T13:00:00Z&granularity=hour&groupBy=key', 'groupBy'],
      [`${span}&granularity=hour`, 'granularity'],
    ]
    for (const [query, field] of cases) {
      const answer = await get('/analytics', query)
      expect(answer.status, query).toBe(400)
      expect(answer.json.error.code).toBe('invalid_request')
      expect(answer.json.error.message.startsWith(field), answer.json.error.message).toBe(true)
    }
  })

  it('N2: only GET and HEAD', async () => {
    const answer = await dashboard.handle({
      method: 'POST',
      path: '/analytics',
      query: '',
      headers: {},
      body: null,
      bodyTooLarge: false,
      requestId: keyward.requestId(),
      ip: '127.0.0.1',
    })
    expect(answer.status).toBe(405)
    expect(answer.headers.Allow).toBe('GET, HEAD')
  })
})

describe("the analytics route's limits: how much of each is used now (N3, O7, O8)", () => {
  it("N3: a key's named limits and its owner's windows, as its requests used them; an owner's own limits without a key", async () => {
    // 10 March 2026, 12:00:30 UTC; the billing month of day 5 started on the 5th.
    const clock = createManualClock(Date.UTC(2026, 2, 10, 12, 0, 30))
    const keyward = createKeyward({
      clock,
      failedAuthLimit: 0,
      ownerLimits: { live: { perMinute: 50, perMonth: 1000 } },
    })
    const dashboard = createDashboard(keyward, {
      authorize: (request) => (typeof request.headers['x-owner'] === 'string' ? { ownerId: 'org_acme' } : true),
      failedAuthLimit: 0,
    })
    const { key, record } = await keyward.keys.create({
      name: 'metered',
      ownerId: 'org_acme',
      limits: [
        { name: 'burst', limit: 10, window: '10s' },
        { name: 'billing', limit: 500, window: { month: { day: 5 } } },
      ],
    })
    const plain = await keyward.keys.create({ name: 'plain', ownerId: 'org_acme', sandbox: true })
    for (let i = 0; i < 4; i++) await keyward.authenticate({ authorization: `Bearer ${key}` }, { cost: 2 })
    await keyward.authenticate({ authorization: `Bearer ${plain.key}` })
    const limits = async (query: string, owner?: string) => {
      const answer = await dashboard.handle({
        method: 'GET',
        path: '/analytics',
        query,
        headers: owner === undefined ? {} : { 'x-owner': owner },
        body: null,
        bodyTooLarge: false,
        requestId: keyward.requestId(),
        ip: '127.0.0.1',
      })
      expect(answer.status, answer.body).toBe(200)
      return JSON.parse(answer.body).meta.limits
    }
    const used = (rows: { name: string; scope: string; used: number; limit: number }[]) =>
      rows.map((r) => `${r.scope} ${r.name} ${r.used} of ${r.limit}`)
    const own = await limits(`keyId=${record.id}`)
    expect(used(own)).toEqual([
      'key burst 8 of 10',
      'key billing 8 of 500',
      'owner minute 8 of 50',
      'owner month 8 of 1000',
    ])
    expect(own[0]).toMatchObject({ keyType: 'live', window: 10_000 })
    expect(own[1]).toMatchObject({ window: { month: { day: 5 } }, reset: '2026-04-05T00:00:00.000Z' })
    // A test key on its type's defaults: 10 a minute and 1,000 a month; its owner has no test limits.
    expect(used(await limits(`keyId=${plain.record.id}`))).toEqual(['key minute 1 of 10', 'key month 1 of 1000'])
    // The owner's own windows, seen by the owner itself too; the whole service has none.
    expect(used(await limits('ownerId=org_acme'))).toEqual(['owner minute 8 of 50', 'owner month 8 of 1000'])
    expect(used(await limits('', 'org_acme'))).toEqual(['owner minute 8 of 50', 'owner month 8 of 1000'])
    expect(await limits('')).toBeUndefined()
    // Past the 10 s window the burst is free again; the month keeps its count.
    clock.advance(11_000)
    expect(used(await limits(`keyId=${record.id}`)).slice(0, 2)).toEqual(['key burst 0 of 10', 'key billing 8 of 500'])
    await keyward.close()
  })
})
