/**
 * Dashboard hardening (E5) over real HTTP on every framework of the parity suite: the brute-force
 * limit on refused dashboard requests (as E7 for API keys) on the memory store and on a Redis
 * store shared by two instances, create bodies that repeat a field, and names that are control
 * characters or keys. Each test connects from its own loopback address (127.0.0.0/8), so client
 * addresses are real and no proxy header is involved.
 */
import { type AddressInfo, connect } from 'node:net'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { bearerTokenGuard, type DashboardOptions } from '../../src/dashboard/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type Keyward, type KeywardOptions } from '../../src/keyward.js'
import { TARGETS, type Target } from '../adapters/support/harness.js'
import { envelopeProblem, from, REQUEST_ID } from '../hardening/support.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { redisInstances } from './support.js'

const TOKEN = 'dashboard-http-token-0123456789abcdef'
const RIGHT = { Authorization: `Bearer ${TOKEN}` }
const WRONG = { Authorization: `Bearer ${TOKEN}-wrong` }
const KEYS = '/api/dashboard/api-keys'
const BLOCKED_PREFIX = 'Too many failed dashboard authorization attempts from this address'
const JSON_HEADERS = { ...RIGHT, 'Content-Type': 'application/json' }

let nextAddress = 10
/** A loopback address no other test in this file uses. */
const freshAddress = () => `127.44.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`

type Answer = Awaited<ReturnType<typeof from>>

function show(r: Answer): string {
  return `${r.status} ${JSON.stringify(r.headers)} ${r.body}`
}

/** R1, R2: the error envelope with this status and code and a server-made request id; returns the message. */
function expectError(r: Answer, status: number, code: string, method = 'GET'): string {
  expect(r.status, show(r)).toBe(status)
  expect(envelopeProblem(r, method === 'HEAD'), show(r)).toBeNull()
  expect(r.headers['x-request-id'], show(r)).toMatch(REQUEST_ID)
  if (method === 'HEAD') return ''
  expect(r.json.error?.code, show(r)).toBe(code)
  return r.json.error!.message
}

/** The dashboard's brute-force answer: 429 rate_limited, Retry-After, no challenge, no-store; returns Retry-After. */
function expectBlocked(r: Answer, method = 'GET'): number {
  const message = expectError(r, 429, 'rate_limited', method)
  if (method !== 'HEAD') expect(message.startsWith(BLOCKED_PREFIX), show(r)).toBe(true)
  // The window is counted in whole seconds, so a failure frees up to 61 s after it (never sooner than 60).
  const retryAfter = Number(r.headers['retry-after'])
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 61, show(r)).toBe(true)
  expect(r.headers['www-authenticate'], show(r)).toBeUndefined()
  expect(r.headers['cache-control'], show(r)).toBe('no-store')
  return retryAfter
}

function expectRefused(r: Answer): void {
  expectError(r, 401, 'UNAUTHORIZED')
  expect(r.headers['www-authenticate'], show(r)).toBe('Bearer realm="Svc"')
}

interface RunningApp {
  keyward: Keyward
  port: number
  close(): Promise<void>
}

/** One framework's reference app on port 0 with this keyward instance and these dashboard options. */
async function startApp(
  target: Target,
  keyward: Keyward,
  dashboard: Partial<DashboardOptions> = {},
): Promise<RunningApp> {
  const app = await target.build({
    keyward,
    dashboard: { authorize: bearerTokenGuard(TOKEN), ...dashboard },
    trustProxy: false,
  })
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve))
  return { keyward, port: (app.server.address() as AddressInfo).port, close: () => app.close() }
}

interface EarlyAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** Resolves once the server has closed the connection. */
  closed: Promise<void>
  /** Closes the connection from this side. */
  destroy(): void
}

/**
 * Sends a request head declaring `Content-Length: declared` and only the first bytes of its body,
 * then never the rest; resolves with the answer once it has come in full, or rejects after 3 s.
 */
function sendUnfinished(
  address: string,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  declared: number,
): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: address })
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('no answer within 3 s: the server waited for the body'))
    }, 3000)
    let raw = Buffer.alloc(0)
    socket.on('error', () => undefined)
    socket.on('data', (chunk: Buffer) => {
      raw = Buffer.concat([raw, chunk])
      const text = raw.toString('utf8')
      const end = text.indexOf('\r\n\r\n')
      if (end < 0) return
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n')
      const head: Record<string, string> = {}
      for (const line of lines)
        head[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim()
      const body = text.slice(end + 4)
      if (Buffer.byteLength(body) < Number(head['content-length'] ?? 0)) return
      clearTimeout(timer)
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers: head,
        body,
        closed,
        destroy: () => socket.destroy(),
      })
    })
    const lines = Object.entries({
      Host: `127.0.0.1:${port}`,
      'Content-Type': 'application/json',
      ...headers,
      'Content-Length': String(declared),
    })
    socket.write(
      `${method} ${path} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n{"name":`,
    )
  })
}

async function refuse(app: RunningApp, address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expectRefused(await from(address, app.port, 'GET', KEYS, WRONG))
}

for (const target of TARGETS) {
  describe(`dashboard hardening over HTTP, memory store — ${target.name}`, () => {
    const running: RunningApp[] = []
    const started = async (dashboard: Partial<DashboardOptions> = {}, keyward: KeywardOptions = {}) => {
      const app = await startApp(target, createKeyward({ failedAuthLimit: 0, ...keyward }), dashboard)
      running.push(app)
      return app
    }
    afterEach(async () => {
      for (const app of running.splice(0)) {
        await app.close()
        await app.keyward.close()
      }
    })

    it('E5/E7: after 10 refused dashboard requests from one address (the default limit), every dashboard request from it gets 429 rate_limited with Retry-After — the right token, create, unknown paths and HEAD included; other addresses are not affected', async () => {
      const app = await started()
      const attacker = freshAddress()
      await refuse(app, attacker, 10)
      expectBlocked(await from(attacker, app.port, 'GET', KEYS, RIGHT))
      expectBlocked(await from(attacker, app.port, 'POST', KEYS, JSON_HEADERS, '{"name":"x"}'))
      expectBlocked(await from(attacker, app.port, 'GET', '/api/dashboard/no/such/path', RIGHT))
      expectBlocked(await from(attacker, app.port, 'HEAD', KEYS, RIGHT), 'HEAD')
      expectBlocked(await from(attacker, app.port, 'GET', KEYS, WRONG))
      expect((await app.keyward.keys.list()).keys).toEqual([])
      const other = await from(freshAddress(), app.port, 'GET', KEYS, RIGHT)
      expect(other.status, show(other)).toBe(200)
    })

    it('E5/E7: failedAuthLimit 3 — the 4th refused request is answered 429 instead of 401', async () => {
      const app = await started({ failedAuthLimit: 3 })
      const attacker = freshAddress()
      await refuse(app, attacker, 3)
      expectBlocked(await from(attacker, app.port, 'GET', KEYS, WRONG))
    })

    it('E5/E7: failedAuthLimit 0 turns the limit off — 40 refused requests from one address stay 401 and the right token then gets 200, where the default blocks after 10', async () => {
      const off = await started({ failedAuthLimit: 0 })
      const attacker = freshAddress()
      await refuse(off, attacker, 40)
      const r = await from(attacker, off.port, 'GET', KEYS, RIGHT)
      expect(r.status, show(r)).toBe(200)
      const on = await started()
      await refuse(on, attacker, 10)
      expectBlocked(await from(attacker, on.port, 'GET', KEYS, RIGHT))
    })

    it('E5/E7: the dashboard limit and the API-key limit count apart — an address blocked on the dashboard still authenticates with a key, and one blocked for API keys still uses the dashboard', async () => {
      const app = await started({ failedAuthLimit: 3 }, { failedAuthLimit: 3 })
      const { key } = await app.keyward.keys.create({ name: 'live' })
      const admin = freshAddress()
      await refuse(app, admin, 3)
      expectBlocked(await from(admin, app.port, 'GET', KEYS, RIGHT))
      const authenticated = await from(admin, app.port, 'GET', '/api/v1/auth/test', { Authorization: `Bearer ${key}` })
      expect(authenticated.status, show(authenticated)).toBe(200)

      const guesser = freshAddress()
      for (let i = 0; i < 3; i++) {
        const r = await from(guesser, app.port, 'GET', '/api/v1/auth/test', {
          Authorization: `Bearer ${generateKey('live')}`,
        })
        expect(r.status, show(r)).toBe(401)
      }
      const blockedForKeys = await from(guesser, app.port, 'GET', '/api/v1/auth/test', {
        Authorization: `Bearer ${key}`,
      })
      expect(blockedForKeys.status, show(blockedForKeys)).toBe(429)
      const list = await from(guesser, app.port, 'GET', KEYS, RIGHT)
      expect(list.status, show(list)).toBe(200)
    })

    it('A10: a refusal comes without the body being read — a create whose body never finishes gets its 401 (wrong token) or 403 (another site) at once, and nothing is created', async () => {
      const app = await started()
      const refused = await sendUnfinished(freshAddress(), app.port, 'POST', KEYS, WRONG, 100)
      refused.destroy()
      expect(refused.status, refused.body).toBe(401)
      expect(JSON.parse(refused.body).error.code).toBe('UNAUTHORIZED')
      const otherSite = await sendUnfinished(
        freshAddress(),
        app.port,
        'POST',
        KEYS,
        { ...RIGHT, Origin: 'https://evil.example' },
        100,
      )
      otherSite.destroy()
      expect(otherSite.status, otherSite.body).toBe(403)
      expect(JSON.parse(otherSite.body).error).toMatchObject({
        code: 'forbidden',
        message: expect.stringMatching(/^Dashboard requests that change keys must come from this site's own pages/),
      })
      expect((await app.keyward.keys.list()).keys).toEqual([])
    })

    it('A10: an oversized body refused by the guard is not read — 401 with Connection: close, and the server closes the connection though the body never came', async () => {
      const app = await started()
      const refused = await sendUnfinished(freshAddress(), app.port, 'POST', KEYS, WRONG, 10 * 1024 * 1024)
      expect(refused.status, refused.body).toBe(401)
      expect(refused.headers.connection).toBe('close')
      await refused.closed
    })

    it("A10: a cross-site post with the right credentials → 403 forbidden; the same post from the page's own origin (Host 127.0.0.1) → 201", async () => {
      const app = await started()
      const address = freshAddress()
      const crossSite = await from(
        address,
        app.port,
        'POST',
        KEYS,
        { ...JSON_HEADERS, 'Sec-Fetch-Site': 'cross-site' },
        '{"name":"x"}',
      )
      expectError(crossSite, 403, 'forbidden')
      const own = await from(
        address,
        app.port,
        'POST',
        KEYS,
        { ...JSON_HEADERS, Origin: 'http://127.0.0.1', 'Sec-Fetch-Site': 'same-origin' },
        '{"name":"x"}',
      )
      expect(own.status, show(own)).toBe(201)
      expect((await app.keyward.keys.list()).keys).toHaveLength(1)
    })

    it('E5: a create body that gives scopes twice ({"scopes":["ip"],"scopes":null}) → 400 invalid_request naming scopes; no every-scope key is made', async () => {
      const app = await started()
      const r = await from(
        freshAddress(),
        app.port,
        'POST',
        KEYS,
        JSON_HEADERS,
        '{"name":"x","scopes":["ip"],"scopes":null}',
      )
      const message = expectError(r, 400, 'invalid_request')
      expect(message.startsWith('scopes is given more than once'), message).toBe(true)
      expect((await app.keyward.keys.list()).keys).toEqual([])
    })

    it('E5: a create body that repeats a field inside limits → 400 invalid_request naming limits.perMinute', async () => {
      const app = await started()
      const body = '{"name":"x","limits":{"perMinute":1,"perMinute":1000000}}'
      const message = expectError(
        await from(freshAddress(), app.port, 'POST', KEYS, JSON_HEADERS, body),
        400,
        'invalid_request',
      )
      expect(message.startsWith('limits.perMinute is given more than once'), message).toBe(true)
      expect((await app.keyward.keys.list()).keys).toEqual([])
    })

    it('E5/K3: a name holding a key, or starting like one, → 400 invalid_request beginning "name", the key not echoed, nothing created', async () => {
      const app = await started()
      for (const name of [generateKey('live'), `deploy ${generateKey('test')}`, 'svc_live_deploy']) {
        const r = await from(freshAddress(), app.port, 'POST', KEYS, JSON_HEADERS, JSON.stringify({ name }))
        const message = expectError(r, 400, 'invalid_request')
        expect(message, message).toMatch(/^name must not contain an API key/)
        expect(r.body).not.toContain(name)
      }
      expect((await app.keyward.keys.list()).keys).toEqual([])
    })

    it('E5: a name with a control character (ESC, DEL, a C1 control) or a lone surrogate → 400 invalid_request beginning "name"', async () => {
      const app = await started()
      const bodies = [
        '{"name":"red \\u001b[31m"}',
        '{"name":"a\\u007f"}',
        '{"name":"a\\u0085b"}',
        '{"name":"a\\ud800"}',
      ]
      for (const body of bodies) {
        const message = expectError(
          await from(freshAddress(), app.port, 'POST', KEYS, JSON_HEADERS, body),
          400,
          'invalid_request',
        )
        expect(message, `${body}: ${message}`).toMatch(
          /^name must (not contain control characters|be valid Unicode text)/,
        )
      }
      expect((await app.keyward.keys.list()).keys).toEqual([])
    })
  })
}

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)(
  'dashboard brute-force limit over HTTP, Redis store shared by two instances (E5, E7)',
  () => {
    const started = redisInstances<RunningApp>(url!)

    /** Two instances of two frameworks, each with its own Redis client, on one Redis prefix. */
    async function fleet(a: Target, b: Target, failedAuthLimit = 3) {
      const prefix = uniquePrefix('failed-dashboard')
      const instance = (target: Target) => started(prefix, (keyward) => startApp(target, keyward, { failedAuthLimit }))
      return { a: await instance(a), b: await instance(b) }
    }

    for (const [index, first] of TARGETS.entries()) {
      const second = TARGETS[(index + 1) % TARGETS.length]!
      it(`E5/E7 on Redis: ${first.name} then ${second.name} — 3 refusals on the first instance make the first refusal on the second a 429, and the right token there 429 too`, async () => {
        const f = await fleet(first, second)
        const attacker = freshAddress()
        await refuse(f.a, attacker, 3)
        expectBlocked(await from(attacker, f.a.port, 'GET', KEYS, RIGHT))
        // The second instance has seen nothing from the address yet: the count it adds to is shared.
        expectBlocked(await from(attacker, f.b.port, 'GET', KEYS, WRONG))
        expectBlocked(await from(attacker, f.b.port, 'GET', KEYS, RIGHT))
        const other = await from(freshAddress(), f.b.port, 'GET', KEYS, RIGHT)
        expect(other.status, show(other)).toBe(200)
      })
    }

    it('E5/E7 on Redis: an address blocked through one instance is refused by the other before it has seen any refusal from it — the right token gets 429 there', async () => {
      const f = await fleet(TARGETS[0]!, TARGETS[2]!)
      const attacker = freshAddress()
      await refuse(f.a, attacker, 3)
      expectBlocked(await from(attacker, f.b.port, 'GET', KEYS, RIGHT))
    })

    it('E5/E7 on Redis: refusals on both instances add up — 2 on one and 1 on the other block the address where the limit was reached', async () => {
      const f = await fleet(TARGETS[0]!, TARGETS[2]!)
      const attacker = freshAddress()
      await refuse(f.a, attacker, 2)
      await refuse(f.b, attacker, 1)
      expectBlocked(await from(attacker, f.b.port, 'GET', KEYS, RIGHT))
      expectBlocked(await from(attacker, f.a.port, 'GET', KEYS, WRONG))
      expectBlocked(await from(attacker, f.a.port, 'GET', KEYS, RIGHT))
    })
  },
)
