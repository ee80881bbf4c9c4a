/**
 * E6: the reference server as `npm start` runs it, on each framework: it prints one
 * `listening on http://HOST:PORT` line once it accepts connections, demo keys and a curl line that
 * answers 200, serves the dashboard with the printed token, and stops with exit code 0 on SIGTERM
 * and SIGINT. Bad environment values stop it with one line and exit code 2.
 */
import { parseRateLimit } from 'ratelimit-header-parser'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { sharedRedisUrl } from '../helpers/redis.js'
import { newSecret, startReceiver } from '../events/receiver.js'
import { freePort, type ServerProcess, startServer } from './support.js'

const running: ServerProcess[] = []
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

function start(env: Record<string, string>): ServerProcess {
  const server = startServer(env)
  running.push(server)
  return server
}

/** The printed curl line, as a fetch. */
function parseCurl(stdout: string): { method: string; url: string; authorization: string } {
  const match = /curl -i -X (\w+) (\S+) -H "Authorization: ([^"]+)"/.exec(stdout)
  if (!match) throw new Error(`no curl line in: ${stdout}`)
  return { method: match[1]!, url: match[2]!, authorization: match[3]! }
}

describe.each(['fastify', 'express', 'hono'] as const)('FRAMEWORK=%s', (framework) => {
  it('E6: prints one listening line; the printed curl answers 200; the demo keys and the printed dashboard token work; SIGTERM exits 0', async () => {
    const port = await freePort()
    const server = start({ FRAMEWORK: framework, PORT: String(port) })
    const line = await server.listening
    expect(line).toContain(`listening on http://127.0.0.1:${port}`)
    expect(
      server
        .stdout()
        .split('\n')
        .filter((l) => l.includes('listening on')),
    ).toHaveLength(1)

    const curl = parseCurl(server.stdout())
    expect(curl.url).toBe(`http://127.0.0.1:${port}/api/v1/auth/test`)
    const response = await fetch(curl.url, { method: curl.method, headers: { Authorization: curl.authorization } })
    expect(response.status).toBe(200)
    expect((await response.json()).data).toEqual({ valid: true, authenticated: true, keyType: 'live' })

    const testKey = /demo test key: (svc_test_\S+)/.exec(server.stdout())![1]!
    const sandbox = await fetch(curl.url, { method: 'POST', headers: { Authorization: `Bearer ${testKey}` } })
    expect((await sandbox.json()).data.keyType).toBe('test')

    const token = /dashboard token \(generated[^)]*\): (\S+)/.exec(server.stdout())![1]!
    const list = await fetch(`http://127.0.0.1:${port}/api/dashboard/api-keys`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(list.status).toBe(200)
    expect((await list.json()).data.map((record: { name: string }) => record.name).sort()).toEqual([
      'demo live key',
      'demo test key',
    ])

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })
})

describe('the environment (E6)', () => {
  it('SIGINT also stops the server with exit code 0; DASHBOARD_TOKEN, SERVICE_NAME and KEY_PREFIX are honoured', async () => {
    const server = start({
      PORT: '0',
      DASHBOARD_TOKEN: 'a-token-of-my-own-choosing',
      SERVICE_NAME: 'Acme',
      KEY_PREFIX: 'acme',
    })
    const line = await server.listening
    const base = /listening on (http:\/\/\S+)/.exec(line)![1]!
    expect(server.stdout()).not.toContain('dashboard token')
    expect(server.stdout()).toMatch(/demo live key: acme_live_/)
    const unauthorized = await fetch(`${base}/api/v1/auth/test`, { method: 'POST' })
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer realm="Acme"')
    const list = await fetch(`${base}/api/dashboard/api-keys`, {
      headers: { Authorization: 'Bearer a-token-of-my-own-choosing' },
    })
    expect(list.status).toBe(200)
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(0)
  })

  it('A10: an origin in TRUSTED_ORIGINS may create a key from another site over HTTP; another gets 403', async () => {
    const token = 'a-token-of-my-own-choosing'
    const origins = 'http://localhost:5173,https://admin.example.com'
    const server = start({ PORT: '0', DASHBOARD_TOKEN: token, TRUSTED_ORIGINS: origins })
    const base = /listening on (http:\/\/\S+)/.exec(await server.listening)![1]!
    const create = (origin: string) =>
      fetch(`${base}/api/dashboard/api-keys`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Origin: origin,
          'Sec-Fetch-Site': 'cross-site',
        },
        body: '{"name":"from the admin page"}',
      })
    const trusted = await create('https://admin.example.com')
    expect(trusted.status, await trusted.clone().text()).toBe(201)
    expect((await trusted.json()).data.name).toBe('from the admin page')
    const other = await create('https://evil.example')
    expect(other.status).toBe(403)
    expect((await other.json()).error.code).toBe('forbidden')
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it.each([
    [{ FRAMEWORK: 'koa' }, 'FRAMEWORK'],
    [{ PORT: 'http' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ STORE: 'mysql' }, 'STORE'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ DASHBOARD_TOKEN: 'short' }, 'DASHBOARD_TOKEN'],
    [{ KEY_PREFIX: 'Bad_Prefix' }, 'KEY_PREFIX'],
    [{ SERVICE_NAME: 'has "quotes"' }, 'SERVICE_NAME'],
    [{ FAILED_AUTH_LIMIT: '-1' }, 'FAILED_AUTH_LIMIT'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY'],
    [{ OWNER_TEST_PER_MINUTE: '0' }, 'OWNER_TEST_PER_MINUTE'],
    [{ OWNER_LIVE_PER_MONTH: 'unlimited' }, 'OWNER_LIVE_PER_MONTH'],
    [{ IETF_RATELIMIT_HEADERS: 'draft-9' }, 'IETF_RATELIMIT_HEADERS'],
    [{ TRUSTED_ORIGINS: 'https://admin.example.com/' }, 'TRUSTED_ORIGINS'],
  ])('%j → one line naming %s on stderr, exit code 2', async (env, name) => {
    const server = start({ PORT: '0', ...env })
    expect(await server.exited).toBe(2)
    const lines = server
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('keyward:'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^keyward: invalid environment: ${name} `))
    expect(server.stdout()).toBe('')
  })
})

describe('IETF_RATELIMIT_HEADERS (M8)', () => {
  it('M8: IETF_RATELIMIT_HEADERS=draft-7 → the combined RateLimit field, read right by ratelimit-header-parser', async () => {
    const server = start({ PORT: '0', IETF_RATELIMIT_HEADERS: 'draft-7' })
    const base = /listening on (http:\/\/\S+)/.exec(await server.listening)![1]!
    const testKey = /demo test key: (svc_test_\S+)/.exec(server.stdout())![1]!
    const response = await fetch(`${base}/api/v1/whoami`, { headers: { Authorization: `Bearer ${testKey}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('ratelimit')).toMatch(/^limit=10, remaining=10, reset=\d+$/)
    expect(parseRateLimit(response)).toMatchObject({ limit: 10, remaining: 10 })
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })
})

describe('STORE=redis', () => {
  const url = sharedRedisUrl(inject('keywardRedis'))
  it.skipIf(url === null)('serves the auth test on the Redis stores and prints no demo keys', async () => {
    const server = start({ PORT: '0', STORE: 'redis', REDIS_URL: url!, DASHBOARD_TOKEN: 'redis-dashboard-token-0123' })
    const line = await server.listening
    const base = /listening on (http:\/\/\S+)/.exec(line)![1]!
    expect(server.stdout()).not.toContain('demo')
    const created = await fetch(`${base}/api/dashboard/api-keys`, {
      method: 'POST',
      headers: { Authorization: 'Bearer redis-dashboard-token-0123', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'start test' }),
    })
    expect(created.status).toBe(201)
    const { key } = (await created.json()).data
    const response = await fetch(`${base}/api/v1/auth/test`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
    })
    expect(response.status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('an unreachable Redis stops the server with one line and exit code 1', async () => {
    const port = await freePort()
    const server = start({ PORT: '0', STORE: 'redis', REDIS_URL: `redis://127.0.0.1:${port}` })
    expect(await server.exited).toBe(1)
    expect(server.stderr()).toMatch(/^keyward: cannot connect to Redis at 127\.0\.0\.1:\d+/m)
  })
})

describe('webhooks of the reference server (W4)', () => {
  it('W4: with WEBHOOK_URL and WEBHOOK_SECRET a key created on the dashboard reaches a loopback receiver, signed', async () => {
    const receiver = await startReceiver()
    try {
      const secret = newSecret()
      const port = await freePort()
      const token = 'webhook-test-dashboard-token'
      const server = start({
        PORT: String(port),
        DASHBOARD_TOKEN: token,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: secret,
      })
      await server.listening
      // The demo keys are created at start: two key.created events already.
      const created = await fetch(`http://127.0.0.1:${port}/api/dashboard/api-keys`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'hooked' }),
      })
      expect(created.status).toBe(201)
      const { id } = (await created.json()).data
      await receiver.waitFor(3)
      const hook = new Webhook(secret)
      const events = receiver.received.map(
        (got) => hook.verify(got.body, got.headers) as { type: string; data: { keyId: string } },
      )
      expect(events.filter((e) => e.type === 'key.created').map((e) => e.data.keyId)).toContain(id)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    } finally {
      await receiver.close()
    }
  })
})
