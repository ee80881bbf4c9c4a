/**
 * A10: a state-changing dashboard request from a browser on another site is refused (403
 * forbidden) whatever credentials it carries: a guard that reads HTTP Basic or a client
 * certificate is as exposed to another site's form as one that reads a cookie.
 */
import { describe, expect, it } from 'vitest'
import { createDashboard, type DashboardOptions, type DashboardRequest } from '../../src/dashboard/index.js'
import { createKeyward } from '../../src/keyward.js'

const BASIC = `Basic ${Buffer.from('admin:secret').toString('base64')}`
const OTHER_SITE_PREFIX = "Dashboard requests that change keys must come from this site's own pages"

/** A dashboard whose guard admits HTTP Basic `admin:secret`, as a browser would resend it by itself. */
function setup(options: Partial<DashboardOptions> = {}) {
  const keyward = createKeyward()
  let guardCalls = 0
  const dashboard = createDashboard(keyward, {
    failedAuthLimit: 1,
    authorize(request) {
      guardCalls++
      return request.headers.authorization === BASIC
    },
    ...options,
  })
  const send = (headers: DashboardRequest['headers'], method = 'POST', path = '/api-keys') =>
    dashboard.handle({
      method,
      path,
      query: '',
      headers: { host: 'keys.example.com', authorization: BASIC, 'content-type': 'application/json', ...headers },
      body: '{"name":"x"}',
      bodyTooLarge: false,
      requestId: '',
      ip: '198.51.100.7',
    })
  return { keyward, send, guardCalls: () => guardCalls }
}

async function expectOtherSite(
  response: Promise<{ status: number; body: string; headers: Record<string, string> }>,
  what: string,
) {
  const r = await response
  expect(r.status, `${what}: ${r.body}`).toBe(403)
  expect(r.headers['Cache-Control']).toBe('no-store')
  const error = JSON.parse(r.body).error
  expect(error.code, what).toBe('forbidden')
  expect(error.message.startsWith(OTHER_SITE_PREFIX), error.message).toBe(true)
}

/** The browser's page is https://admin.example.com; the proxy in front sent Host 127.0.0.1:3000 (nginx's default). */
const BEHIND_PROXY = { host: '127.0.0.1:3000', origin: 'https://admin.example.com', 'sec-fetch-site': 'same-origin' }
const PROXIED = { ...BEHIND_PROXY, 'x-forwarded-host': 'admin.example.com' }
const FORWARDED = { ...BEHIND_PROXY, forwarded: 'for=198.51.100.7;proto=https;host=admin.example.com, for=10.0.0.2' }

describe('state-changing dashboard requests from another site (A10)', () => {
  const otherSite: [string, DashboardRequest['headers']][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another host', { origin: 'https://evil.example' }],
    ['an Origin of another port', { origin: 'https://keys.example.com:8443' }],
    ['an Origin naming the host as a subdomain of another', { origin: 'https://keys.example.com.evil.example' }],
    ['Origin: null (a sandboxed form)', { origin: 'null' }],
    [
      'a same-origin Origin with Sec-Fetch-Site: cross-site',
      { origin: 'https://keys.example.com', 'sec-fetch-site': 'cross-site' },
    ],
    ['two Origin lines', { origin: ['https://keys.example.com', 'https://evil.example'] }],
    ["an X-Forwarded-Host that is not the Origin's host", { ...PROXIED, origin: 'https://evil.example' }],
    [
      'an Origin matching only the second X-Forwarded-Host',
      { ...PROXIED, 'x-forwarded-host': 'evil.example, keys.example.com' },
    ],
    ['an X-Forwarded-Host with a path', { ...PROXIED, 'x-forwarded-host': 'admin.example.com/x' }],
    ['a matching X-Forwarded-Host with Sec-Fetch-Site: cross-site', { ...PROXIED, 'sec-fetch-site': 'cross-site' }],
    ['a matching X-Forwarded-Host with Sec-Fetch-Site: same-site', { ...PROXIED, 'sec-fetch-site': 'same-site' }],
    ['a matching X-Forwarded-Host without Sec-Fetch-Site', { ...PROXIED, 'sec-fetch-site': undefined }],
    ['a matching Forwarded host= with Sec-Fetch-Site: cross-site', { ...FORWARDED, 'sec-fetch-site': 'cross-site' }],
  ]
  for (const [what, headers] of otherSite) {
    it(`A10: ${what} → 403 forbidden with HTTP Basic credentials, before the guard, creating nothing`, async () => {
      const t = setup()
      await expectOtherSite(t.send(headers), what)
      for (const method of ['DELETE', 'PATCH', 'PUT'])
        await expectOtherSite(t.send(headers, method), `${what} ${method}`)
      await expectOtherSite(t.send(headers, 'POST', '/api-keys/key_000000000000000000000000/revoke'), `${what} revoke`)
      expect(t.guardCalls()).toBe(0)
      expect((await t.keyward.keys.list()).keys).toEqual([])
    })
  }

  it("A10: an Origin with no Host to compare is another site's", async () => {
    const t = setup()
    await expectOtherSite(t.send({ host: undefined, origin: 'https://keys.example.com' }), 'no Host')
    await expectOtherSite(
      t.send({ host: 'keys.example.com/x', origin: 'https://keys.example.com' }),
      'a Host with a path',
    )
  })

  const ownSite: [string, DashboardRequest['headers']][] = [
    ['no Origin and no Sec-Fetch-Site (curl, server to server)', {}],
    ["the request's own https origin", { origin: 'https://keys.example.com', 'sec-fetch-site': 'same-origin' }],
    ["the request's own http origin", { origin: 'http://keys.example.com' }],
    [
      'its own origin with the Host in capitals and the default port',
      { host: 'Keys.Example.com:443', origin: 'https://keys.example.com' },
    ],
    ['its own origin on a port', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }],
    ['Sec-Fetch-Site: same-origin without Origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['a same-origin request whose Origin is the X-Forwarded-Host of a proxy that rewrote Host', PROXIED],
    [
      'the first of several X-Forwarded-Host values',
      { ...PROXIED, 'x-forwarded-host': 'admin.example.com, 10.0.0.2:8080' },
    ],
    ['a same-origin request whose Origin is the host= of Forwarded', FORWARDED],
    [
      'a quoted Forwarded host= with a port',
      { ...FORWARDED, forwarded: 'proto=http;host="admin.example.com:8080"', origin: 'http://admin.example.com:8080' },
    ],
  ]
  for (const [what, headers] of ownSite) {
    it(`A10: ${what} → the guard decides (201)`, async () => {
      const t = setup()
      const r = await t.send(headers)
      expect(r.status, r.body).toBe(201)
      expect(t.guardCalls()).toBe(1)
    })
  }

  it('A10: GET and HEAD from another site are not refused for it: the guard decides', async () => {
    const t = setup()
    for (const method of ['GET', 'HEAD']) {
      const r = await t.send({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, method)
      expect(r.status, r.body).toBe(200)
    }
    expect(t.guardCalls()).toBe(2)
  })

  it('A10: an origin the host lists in trustedOrigins may send them, cross-site or not; others still may not', async () => {
    const t = setup({ trustedOrigins: ['https://admin.example.com', 'http://localhost:5173'] })
    expect((await t.send({ origin: 'https://admin.example.com', 'sec-fetch-site': 'same-site' })).status).toBe(201)
    expect((await t.send({ origin: 'http://localhost:5173', 'sec-fetch-site': 'cross-site' })).status).toBe(201)
    await expectOtherSite(t.send({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), 'untrusted')
    await expectOtherSite(t.send({ origin: 'https://admin.example.com:444' }), 'trusted host, other port')
  })

  it('A10: behind a proxy that rewrites Host and sends no forwarded host, a same-origin post is refused, naming trustedOrigins; listing the origin admits it', async () => {
    const refused = await setup().send(BEHIND_PROXY)
    expect(refused.status, refused.body).toBe(403)
    expect(JSON.parse(refused.body).error.message).toContain("in the dashboard's trustedOrigins option")
    const listed = await setup({ trustedOrigins: ['https://admin.example.com'] }).send(BEHIND_PROXY)
    expect(listed.status, listed.body).toBe(201)
  })

  it('A10: the refusals do not count against the failed-authorization limit', async () => {
    const t = setup()
    for (let i = 0; i < 3; i++)
      expect((await t.send({ origin: 'null', authorization: 'Basic wrong' })).status).toBe(403)
    expect((await t.send({})).status).toBe(201)
  })

  const badOrigins: [string, unknown, string][] = [
    ['a string, not an array', 'https://admin.example.com', 'must be an array'],
    ['a URL with a path', ['https://admin.example.com/'], "did you mean 'https://admin.example.com'?"],
    ['a host without a scheme', ['admin.example.com'], 'scheme://host[:port]'],
    ['another scheme', ['ftp://admin.example.com'], 'scheme://host[:port]'],
    ['capitals', ['https://Admin.example.com'], "did you mean 'https://admin.example.com'?"],
    ['a default port written out', ['https://admin.example.com:443'], "did you mean 'https://admin.example.com'?"],
    ['null', [null], 'got null'],
    ['"*"', ['*'], 'scheme://host[:port]'],
  ]
  for (const [what, value, detail] of badOrigins) {
    it(`A10: trustedOrigins with ${what} throws a TypeError naming the option at setup`, () => {
      expect(() =>
        createDashboard(createKeyward(), { authorize: () => true, trustedOrigins: value as string[] }),
      ).toThrow(
        expect.objectContaining({
          name: 'TypeError',
          message: expect.stringMatching(
            new RegExp(
              `^keyward: createDashboard\\(\\) option "trustedOrigins".*${detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
            ),
          ),
        }),
      )
    })
  }
})
