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
