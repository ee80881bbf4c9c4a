/**
 * U2: a host whose dashboard guard reads a cookie session is protected from requests another
 * site's page makes with that cookie: they must carry `X-Keyward-Request: 1`, which a cross-site
 * page cannot send without a preflight this origin never grants.
 */
import { describe, expect, it } from 'vitest'
import { createDashboard } from '../../src/dashboard/index.js'
import { createKeyward } from '../../src/keyward.js'
import type { DashboardRequest } from '../../src/dashboard/index.js'

function setup() {
  const keyward = createKeyward()
  let guardCalls = 0
  const dashboard = createDashboard(keyward, {
    failedAuthLimit: 1,
    authorize(request) {
      guardCalls++
      return request.headers.cookie === 'session=admin'
    },
  })
  const send = (headers: DashboardRequest['headers'], method = 'POST', ip = '198.51.100.7') =>
    dashboard.handle({
      method,
      path: '/api-keys',
      query: '',
      headers,
      body: '{"name":"x"}',
      bodyTooLarge: false,
      requestId: '',
      ip,
    })
  return { keyward, send, guardCalls: () => guardCalls }
}

describe('cross-site requests to the dashboard routes (U2)', () => {
  it('U2: a request with a cookie but without X-Keyward-Request: 1 → 403 forbidden, before the guard, creating nothing', async () => {
    const t = setup()
    for (const headers of [{ cookie: 'session=admin' }, { cookie: 'session=admin', 'x-keyward-request': '0' }]) {
      const response = await t.send(headers)
      expect(response.status).toBe(403)
      expect(response.headers['Cache-Control']).toBe('no-store')
      expect(JSON.parse(response.body).error).toMatchObject({
        code: 'forbidden',
        message: expect.stringMatching(
          /^Dashboard requests that carry a cookie must send the X-Keyward-Request: 1 header/,
        ),
      })
    }
    expect(t.guardCalls()).toBe(0)
    expect((await t.keyward.keys.list()).keys).toEqual([])
  })

  it('U2: refusals for the missing header do not count against the failed-authorization limit', async () => {
    const t = setup()
    for (let i = 0; i < 3; i++) expect((await t.send({ cookie: 'session=admin' }, 'GET')).status).toBe(403)
    expect((await t.send({ cookie: 'session=admin', 'x-keyward-request': '1' }, 'GET')).status).toBe(200)
  })

  it('U2: with the header the cookie session works; requests without a cookie (bearer tokens) need no header', async () => {
    const t = setup()
    expect(
      (await t.send({ cookie: 'session=admin', 'x-keyward-request': '1', 'content-type': 'application/json' })).status,
    ).toBe(201)
    expect((await t.send({ authorization: 'Bearer x' })).status).toBe(401)
  })
})
