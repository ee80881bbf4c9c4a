/**
 * Hostile input over real HTTP, on all three reference apps (Express, Fastify, Hono): fast-check
 * writes arbitrary requests byte for byte onto raw sockets — duplicate and empty headers, control
 * characters, non-ASCII bytes, values up to and past Node's 16 KiB header limit, Authorization and
 * x-api-key in every case and mix, keys with one changed character, masked, revoked, expired and
 * unknown keys, keys in the query string, and arbitrary dashboard bodies — and checks each answer:
 *
 * - R1/R2: a keyward envelope (JSON, `{ error: { code, message } }` or `{ data, meta }`) with one
 *   well-formed `X-Request-ID`, also when Node's parser refuses the request (`clientError`);
 * - H9/K6: nothing but an issued active key (or the dashboard token, E5) ever gets a 2xx on a
 *   protected route, and the key type reported is that of a key the request carried;
 * - R5: no 5xx while the store is healthy.
 *
 * The failed-authentication guard (E7) is off here (`failedAuthLimit: 0`) so every case reaches the
 * credential checks; `failed-auth.test.ts` covers the guard.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import { createKeyward, type Keyward } from '../../src/index.js'
import { generateKey } from '../../src/core/key-format.js'
import {
  DASHBOARD_TOKEN,
  FRAMEWORKS,
  type RawResponse,
  type RunningApp,
  envelopeProblem,
  rawRequest,
  requestBytes,
  sleep,
  startApp,
} from './support.js'

/** Sized so the whole file stays well under a minute in CI (3 × RUNS requests plus the controls). */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 2000)
const CONTROL_RUNS = 100

interface Keys {
  live: string
  test: string
  /** Active, `scopes: []`: the auth test admits it, scoped routes answer 403. */
  scopeless: string
  revoked: string
  expired: string
  unknown: string
}

const tried = { total: 0, byStatus: new Map<number, number>(), parserRejected: 0, dashboardBodies: 0, twoHundreds: 0 }

function mutateOne(key: string, position: number, replacement: string): string {
  const at = 9 + (position % (key.length - 9))
  const next = key[at] === replacement ? (replacement === 'a' ? 'b' : 'a') : replacement
  return key.slice(0, at) + next + key.slice(at + 1)
}

/** One request as the generator describes it; bytes are built from it. */
interface HostileRequest {
  method: string
  path: string
  headers: [string, string][]
  body?: Buffer
}

function arbitraries(keys: Keys) {
  const base62 = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split(''))
  const anyKey = fc.constantFrom(keys.live, keys.test, keys.scopeless, keys.revoked, keys.expired, keys.unknown)
  const activeKey = fc.constantFrom(keys.live, keys.test, keys.scopeless)
  /** Latin-1 text: every byte value except LF, which would end the header line early. */
  const rawBytes = (maxLength: number) =>
    fc.uint8Array({ maxLength }).map((a) => String.fromCharCode(...a.filter((b) => b !== 0x0a)))
  /** Mostly bytes Node's parser accepts (visible ASCII, tab, obs-text 0x80-0xff), sometimes any byte. */
  const bytes = (maxLength: number) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength }) },
      {
        weight: 2,
        arbitrary: fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength }).map((a) => String.fromCharCode(...a)),
      },
      {
        weight: 1,
        arbitrary: fc
          .string({ unit: 'grapheme', maxLength })
          .map((s) => Buffer.from(s, 'utf8').toString('latin1').replace(/\n/g, '')),
      },
      { weight: 1, arbitrary: rawBytes(maxLength) },
    )
  const token = fc.oneof(
    { weight: 4, arbitrary: anyKey },
    { weight: 3, arbitrary: fc.tuple(activeKey, fc.nat(), base62).map(([k, p, c]) => mutateOne(k, p, c)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(activeKey, fc.nat(), fc.integer({ min: 0, max: 255 }))
        .map(([k, p, c]) => mutateOne(k, p, String.fromCharCode(c === 0x0a ? 0x0b : c))),
    },
    { weight: 2, arbitrary: activeKey.map((k) => `${k.slice(0, 9)}****${k.slice(-4)}`) },
    { weight: 1, arbitrary: activeKey.map((k) => k.slice(0, -1)) },
    { weight: 1, arbitrary: activeKey.map((k) => `${k}x`) },
    {
      weight: 1,
      arbitrary: activeKey.map((k) =>
        k.includes('_live_') ? k.replace('_live_', '_test_') : k.replace('_test_', '_live_'),
      ),
    },
    { weight: 1, arbitrary: fc.constant(generateKey('test')) },
    { weight: 1, arbitrary: fc.constant(DASHBOARD_TOKEN) },
    { weight: 2, arbitrary: bytes(60) },
  )
  const scheme = fc.constantFrom('Bearer', 'bearer', 'BEARER', 'BeArEr', 'Basic', 'Token', 'JWT', 'Bearer:', '')
  const separator = fc.constantFrom(' ', ' ', ' ', '  ', '\t', '', ' \t')
  const pad = fc.constantFrom('', '', '', ' ', '\t', '  ')
  const authValue = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(pad, scheme, separator, token, pad).map(([a, s, sep, t, b]) => `${a}${s}${sep}${t}${b}`),
    },
    { weight: 2, arbitrary: token },
    { weight: 1, arbitrary: fc.tuple(token, token).map(([a, b]) => `Bearer ${a}, Bearer ${b}`) },
    { weight: 1, arbitrary: fc.tuple(token, token).map(([a, b]) => `Bearer ${a} ${b}`) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t', 'Bearer', 'Bearer ') },
    { weight: 1, arbitrary: bytes(80) },
  )
  const apiKeyValue = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(pad, token, pad).map(([a, t, b]) => a + t + b) },
    { weight: 1, arbitrary: fc.tuple(token, token).map(([a, b]) => `${a},${b}`) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ') },
    { weight: 1, arbitrary: bytes(80) },
  )
  const caseOf = (name: string) =>
    fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) =>
      name
        .split('')
        .map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase()))
        .join(''),
    )
  const longValue = fc
    .tuple(fc.integer({ min: 4_000, max: 20_000 }), fc.constantFrom('A', 'é', '\t', ' '))
    .map(([n, c]) => c.repeat(n))
  const headerLine: fc.Arbitrary<[string, string]> = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(caseOf('authorization'), authValue) },
    {
      weight: 3,
      arbitrary: fc.tuple(
        fc.constant('Authorization'),
        anyKey.map((k) => `Bearer ${k}`),
      ),
    },
    { weight: 4, arbitrary: fc.tuple(caseOf('x-api-key'), apiKeyValue) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constant('X-Request-ID'),
        fc.constantFrom('req_AAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'evil\tid', ''),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constant('X-Forwarded-For'),
        fc.constantFrom('203.0.113.9', 'not-an-ip', '1.1.1.1, 2.2.2.2', ''),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('Accept', 'User-Agent', 'X-Custom', 'Cookie'), bytes(100)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('Authorization', 'x-api-key', 'X-Padding'), longValue) },
    // Names that are not HTTP tokens: Node's parser refuses them (R2 via clientError).
    {
      weight: 1,
      arbitrary: fc.tuple(
        rawBytes(12).map((n) => n.replace(/[:\r]/g, '') || 'x y'),
        rawBytes(20),
      ),
    },
  )
  const scopeName = fc.stringMatching(/^[a-z][a-z0-9:._-]{0,10}$/)
  const plausibleBody = fc
    .record(
      {
        name: fc.string({ minLength: 1, maxLength: 100 }).filter((n) => n.trim() !== ''),
        sandbox: fc.boolean(),
        expiresAt: fc.constantFrom(null, new Date(Date.now() + 86_400_000).toISOString()),
        scopes: fc.oneof(fc.constant(null), fc.uniqueArray(scopeName, { maxLength: 5 })),
        limits: fc.oneof(
          fc.constant(null),
          fc.record({ perMinute: fc.integer({ min: 1, max: 10_000 }) }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: ['name'] },
    )
    .map((value) => JSON.stringify(value))
  const body = fc.oneof(
    plausibleBody,
    fc
      .record(
        {
          name: fc.oneof(fc.string({ maxLength: 120 }), fc.constant('   '), fc.integer(), fc.constant(null), anyKey),
          sandbox: fc.oneof(fc.boolean(), fc.string({ maxLength: 5 }), fc.constant(null)),
          expiresAt: fc.oneof(
            fc.constant(null),
            fc.constant(new Date(Date.now() + 86_400_000).toISOString()),
            fc.constant('2001-01-01T00:00:00Z'),
            fc.string({ maxLength: 30 }),
            fc.integer(),
          ),
          scopes: fc.oneof(
            fc.constant(null),
            fc.array(fc.string({ maxLength: 70 }), { maxLength: 60 }),
            fc.array(fc.constantFrom('ip', 'email', 'ip')),
          ),
          limits: fc.oneof(
            fc.constant(null),
            fc.record(
              { perMinute: fc.oneof(fc.integer(), fc.double()), perMonth: fc.oneof(fc.integer(), fc.constant(null)) },
              { requiredKeys: [] },
            ),
            fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 })),
          ),
          extra: fc.jsonValue({ maxDepth: 2 }),
        },
        { requiredKeys: [] },
      )
      .map((value) => JSON.stringify(value)),
    fc.json({ maxDepth: 3 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constant('{"name":"x"'),
    fc.constant('{"name":"x","__proto__":{"scopes":null}}'),
    fc.constant('{"name":"x","limits":{"constructor":{"prototype":{"polluted":true}}}}'),
    fc.integer({ min: 16_000, max: 17_500 }).map((n) => JSON.stringify({ name: 'x'.repeat(n) })),
  )
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-8',
    'application/JSON;charset="UTF-8"',
    'application/json; charset=latin1',
    'text/plain',
    '',
  )
  const path = fc.oneof(
    fc.constantFrom(
      '/api/v1/ping',
      '/api/v1/auth/test',
      '/api/v1/ip/lookup?ip=192.0.2.1',
      '/api/v1/ip/lookup',
      '/api/v1/email/validate?email=a@example.com',
      '/api/v1/unknown/route',
      '/api/v2/anything',
      '/api',
      '/api/dashboard/api-keys',
      '/api/dashboard/api-keys/usage?limit=5',
      '/api/dashboard/api-keys/key_000000000000000000000000/revoke',
      '/api/dashboard/nope',
      '/api/v1/auth/test/',
      '/api/v1/AUTH/test',
      '/api/v1/auth/test?x=1&x=2',
      '/api//v1/auth/test',
      '/api/v1/auth/../auth/test',
      '/api/v1/auth/%74est',
    ),
    // H10: a key in the query string never authenticates.
    fc
      .tuple(
        fc.constantFrom('/api/v1/auth/test', '/api/v1/ip/lookup'),
        fc.constantFrom('api_key', 'key', 'token', 'q'),
        anyKey,
      )
      .map(([p, n, k]) => `${p}${p.includes('?') ? '&' : '?'}${n}=${k}&ip=192.0.2.1`),
  )
  const method = fc.constantFrom(
    'GET',
    'GET',
    'GET',
    'POST',
    'POST',
    'HEAD',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
    'TRACE',
  )
  const dashboardPath = fc.constantFrom(
    '/api/dashboard/api-keys',
    '/api/dashboard/api-keys',
    '/api/dashboard/api-keys/usage?limit=5',
  )
  const request: fc.Arbitrary<HostileRequest> = fc
    .oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          method,
          path,
          headers: fc.array(headerLine, { maxLength: 6 }),
          dashboard: fc.record({ token: fc.boolean(), body, contentType }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT'),
          path: dashboardPath,
          headers: fc.array(headerLine, { maxLength: 2 }),
          dashboard: fc.record({ token: fc.constantFrom(true, true, true, false), body, contentType }),
        }),
      },
    )
    .map(({ method, path, headers, dashboard }) => {
      const out: HostileRequest = { method, path, headers: [...headers] }
      if (path.startsWith('/api/dashboard/')) {
        if (dashboard.token) out.headers.unshift(['Authorization', `Bearer ${DASHBOARD_TOKEN}`])
        if (method === 'POST') {
          if (dashboard.contentType !== '') out.headers.push(['Content-Type', dashboard.contentType])
          out.body = Buffer.from(dashboard.body, 'utf8')
        }
      } else if (method === 'POST' || method === 'PUT') {
        out.body = Buffer.from('{}')
      }
      return out
    })
  return { request, activeKey }
}

const PROTECTED = ['/api/v1/auth/test', '/api/v1/ip/lookup', '/api/v1/email/validate']

/** The bytes of the credential headers a request carried, as the server received them. */
function credentialText(request: HostileRequest): string {
  return request.headers
    .filter(([name]) => ['authorization', 'x-api-key'].includes(name.toLowerCase()))
    .map(([, value]) => value)
    .join('\n')
}

/** Which issued active keys the credential headers carry (anywhere in their bytes). */
function activeKeysIn(request: HostileRequest, keys: Keys): { key: string; type: 'live' | 'test'; scoped: boolean }[] {
  const text = credentialText(request)
  return [
    { key: keys.live, type: 'live' as const, scoped: true },
    { key: keys.test, type: 'test' as const, scoped: true },
    { key: keys.scopeless, type: 'live' as const, scoped: false },
  ].filter(({ key }) => text.includes(key))
}

function describeCase(request: HostileRequest, response: RawResponse | null, problem: string): string {
  return `${problem}\nrequest: ${request.method} ${request.path} ${JSON.stringify(request.headers).slice(0, 600)}${
    request.body ? ` body ${JSON.stringify(request.body.toString('utf8').slice(0, 200))}` : ''
  }\nresponse: ${response ? `${response.status} ${JSON.stringify(response.headers)} ${response.body.slice(0, 300)}` : '(none)'}`
}

/** Every check of one request/response pair; returns what is wrong, or null. */
function judge(request: HostileRequest, response: RawResponse, keys: Keys): string | null {
  const head = request.method === 'HEAD'
  const problem = envelopeProblem(response, head)
  if (problem) return `R1/R2: ${problem}`
  if (response.status >= 500) return 'R5: a 5xx while the store is healthy'
  const sentIds = request.headers.filter(([n]) => n.toLowerCase() === 'x-request-id').map(([, v]) => v.trim())
  if (sentIds.includes(response.headers['x-request-id']!))
    return 'R2: the client-sent X-Request-ID was taken without trustRequestId'
  if (response.status < 200 || response.status >= 300) return null

  const pathOnly = request.path.split('?')[0]!
  if (pathOnly.startsWith('/api/dashboard/')) {
    const lines = request.headers.filter(([n]) => n.toLowerCase() === 'authorization')
    if (lines.length !== 1 || !lines[0]![1].includes(DASHBOARD_TOKEN))
      return 'E5: a 2xx from the dashboard without exactly one token line'
    if (response.status === 201 && !head) {
      const key = (JSON.parse(response.body) as { data: { key?: unknown } }).data.key
      if (typeof key !== 'string' || !/^svc_(live|test)_[0-9A-Za-z]{38}$/.test(key))
        return 'E5/K1: a 201 without a well-formed key'
    }
    return null
  }
  if (pathOnly === '/api/v1/ping') return null
  if (!PROTECTED.includes(pathOnly)) return `R4: a 2xx on ${pathOnly}`
  const carried = activeKeysIn(request, keys)
  if (carried.length === 0) return 'H9/K6: a 2xx on a protected route without any issued active key in the headers'
  if (pathOnly !== '/api/v1/auth/test' && !carried.some((k) => k.scoped))
    return 'L6: a 2xx on a scoped route for a key without the scope'
  if (pathOnly === '/api/v1/auth/test' && !head) {
    const keyType = (JSON.parse(response.body) as { data: { keyType?: unknown } }).data.keyType
    if (!carried.some((k) => k.type === keyType))
      return `H9: auth test reported keyType ${String(keyType)} for keys ${carried.map((k) => k.type)}`
  }
  return null
}

async function send(app: RunningApp, request: HostileRequest): Promise<RawResponse> {
  const bytes = requestBytes(request.method, request.path, request.headers, request.body)
  return rawRequest(app.port, bytes, { head: request.method === 'HEAD' })
}

function count(response: RawResponse, request: HostileRequest): void {
  tried.total++
  tried.byStatus.set(response.status, (tried.byStatus.get(response.status) ?? 0) + 1)
  if (response.body.includes('Malformed HTTP request') || response.status === 431) tried.parserRejected++
  if (request.path.startsWith('/api/dashboard/') && request.body) tried.dashboardBodies++
  if (response.status >= 200 && response.status < 300) tried.twoHundreds++
}

afterAll(() => {
  const statuses = [...tried.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
  console.log(
    `hostile input: ${tried.total} requests over HTTP (${RUNS} generated per framework + controls); ` +
      `${tried.parserRejected} refused by Node's parser, ${tried.dashboardBodies} dashboard bodies, ${tried.twoHundreds} 2xx; statuses ${statuses.join(' ')}`,
  )
})

for (const framework of FRAMEWORKS) {
  describe(`hostile input over HTTP — ${framework}`, () => {
    let keyward: Keyward
    let app: RunningApp
    let keys: Keys

    beforeAll(async () => {
      keyward = createKeyward({ failedAuthLimit: 0, limits: { live: { perMinute: 1_000_000 } } })
      const live = await keyward.keys.create({ name: 'live' })
      const test = await keyward.keys.create({ name: 'test', sandbox: true })
      const scopeless = await keyward.keys.create({ name: 'scopeless', scopes: [] })
      const revoked = await keyward.keys.create({ name: 'revoked' })
      await keyward.keys.revoke(revoked.record.id)
      const expired = await keyward.keys.create({ name: 'expired', expiresAt: new Date(Date.now() + 300) })
      keys = {
        live: live.key,
        test: test.key,
        scopeless: scopeless.key,
        revoked: revoked.key,
        expired: expired.key,
        unknown: generateKey('live'),
      }
      // Thousands of requests from one address, many without the dashboard token: the dashboard's
      // brute-force limit is off, as the API-key guard is, so every dashboard body is evaluated.
      app = await startApp(framework, keyward, {
        dashboard: { authorize: bearerTokenGuard(DASHBOARD_TOKEN), failedAuthLimit: 0 },
      })
      await sleep(350)
      expect((await keyward.keys.get(expired.record.id))?.status).toBe('expired')
    })
    afterAll(async () => {
      await app?.close()
      await keyward?.close()
    })

    it(`R1/R2/R5/H9: ${RUNS} arbitrary requests each get a well-formed envelope with a request id, no 5xx, and a 2xx only for an issued active key`, async () => {
      const { request } = arbitraries(keys)
      await fc.assert(
        fc.asyncProperty(request, async (hostile) => {
          let response: RawResponse
          try {
            response = await send(app, hostile)
          } catch (error) {
            throw new Error(describeCase(hostile, null, `no well-formed response: ${(error as Error).message}`))
          }
          count(response, hostile)
          const problem = judge(hostile, response, keys)
          if (problem) throw new Error(describeCase(hostile, response, problem))
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: true },
      )
    }, 60_000)

    it('H1: a second Authorization line after 2000 other header lines still makes the request malformed (the reference apps keep every line: maxHeadersCount = 0)', async () => {
      // 2000 one-byte headers fit well inside Node's 16 KiB header size limit.
      const filler: [string, string][] = Array.from({ length: 2000 }, () => ['a', 'b'])
      const hostile: HostileRequest = {
        method: 'GET',
        path: '/api/v1/auth/test',
        headers: [['Authorization', `Bearer ${keys.live}`], ...filler, ['Authorization', `Bearer ${keys.test}`]],
      }
      const response = await send(app, hostile)
      count(response, hostile)
      expect(envelopeProblem(response, false)).toBeNull()
      expect([response.status, response.body], 'the second Authorization line was not seen').toEqual([
        401,
        expect.stringContaining('Malformed Authorization header'),
      ])
    })

    it('H7/H9 control: one well-formed Bearer line with an issued active key, among harmless headers, is admitted (so the 2xx rule above is not vacuous)', async () => {
      const { activeKey } = arbitraries(keys)
      const harmless = fc.array(
        fc.tuple(
          fc.constantFrom('Accept', 'X-Custom', 'User-Agent'),
          fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n\x00-\x1f\x7f]/g, '')),
        ),
        { maxLength: 4 },
      )
      await fc.assert(
        fc.asyncProperty(
          activeKey,
          fc.constantFrom('Bearer', 'bearer', 'BEARER'),
          harmless,
          fc.constantFrom('GET', 'POST'),
          async (key, scheme, noise, method) => {
            const hostile: HostileRequest = {
              method,
              path: '/api/v1/auth/test',
              headers: [...noise, ['Authorization', `${scheme} ${key}`]],
            }
            if (method === 'POST') hostile.body = Buffer.from('{}')
            const response = await send(app, hostile)
            count(response, hostile)
            const problem = judge(hostile, response, keys)
            if (problem) throw new Error(describeCase(hostile, response, problem))
            // The auth test never consumes (L5), so even the 10-per-minute test key is admitted every time.
            if (response.status !== 200)
              throw new Error(describeCase(hostile, response, 'an issued active key was refused'))
          },
        ),
        { numRuns: CONTROL_RUNS },
      )
    })
  })
}

describe('hostile input: coverage of the generated cases', () => {
  it('the run reached parser refusals (400/431), 401s, 403s, 404s, 405s, dashboard 400/413s and 2xx answers', () => {
    const seen = (status: number) => tried.byStatus.get(status) ?? 0
    expect(tried.total).toBeGreaterThanOrEqual(FRAMEWORKS.length * RUNS)
    for (const status of [200, 400, 401, 404, 405, 431]) expect(seen(status), `status ${status}`).toBeGreaterThan(0)
    if (RUNS >= 500) for (const status of [201, 403, 413]) expect(seen(status), `status ${status}`).toBeGreaterThan(0)
    expect(tried.parserRejected).toBeGreaterThan(0)
  })
})
