/**
 * E7 over HTTP on the reference apps: failed authentications are limited per client address.
 * Client addresses are real: each test connects from its own loopback address (127.0.0.0/8), so
 * no proxy header is involved unless a test is about `trustProxy`.
 */
import type { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import { createKeyward, type Keyward, type KeywardOptions } from '../../src/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.js'
import {
  DASHBOARD_TOKEN,
  FRAMEWORKS,
  type Framework,
  type RunningApp,
  envelopeProblem,
  from,
  startApp,
  startServer,
} from './support.js'
import { SEED_SCOPES } from '../../server/env.js'

const LIMIT = 5
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` })
const unknown = () => bearer(generateKey('live'))

let nextAddress = 10
/** A loopback address no other test in this file uses. */
const freshAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`

type Answer = Awaited<ReturnType<typeof from>>

function show(r: Answer): string {
  return `${r.status} ${JSON.stringify(r.headers)} ${r.body}`
}

/** E7's answer: 429 rate_limited with Retry-After, in the envelope, with no key's limit headers. */
function expectBlocked(r: Answer, method = 'GET'): number {
  expect(r.status, show(r)).toBe(429)
  expect(envelopeProblem(r, method === 'HEAD'), show(r)).toBeNull()
  if (method !== 'HEAD') {
    expect(r.json.error?.code).toBe('rate_limited')
    expect(r.json.error?.message).toMatch(/^Too many failed authentication attempts/)
  }
  // The window is counted in whole seconds, so a failure frees up to 61 s after it (never sooner than 60).
  const retryAfter = Number(r.headers['retry-after'])
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 61, show(r)).toBe(true)
  // No key was looked at: nothing about any key's limits is told.
  expect(r.headers['x-ratelimit-limit'], show(r)).toBeUndefined()
  expect(r.headers['x-quota-limit'], show(r)).toBeUndefined()
  return retryAfter
}

async function fail(app: RunningApp, address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const r = await from(address, app.port, 'GET', '/api/v1/auth/test', unknown())
    expect(r.status, show(r)).toBe(401)
  }
}

async function memoryApp(framework: Framework, options: KeywardOptions = {}, trustProxy: boolean | number = false) {
  const keyward = createKeyward({ defaultScopes: SEED_SCOPES, failedAuthLimit: LIMIT, ...options })
  const live = await keyward.keys.create({ name: 'live' })
  const test = await keyward.keys.create({ name: 'test', sandbox: true })
  const scopeless = await keyward.keys.create({ name: 'no scopes', scopes: [] })
  // Dashboard 401s are sent freely here to show they are not API-key failures; the dashboard's own
  // brute-force limit (tested with this guard in test/dashboard/http.test.ts) is off.
  const app = await startApp(framework, keyward, {
    trustProxy,
    dashboard: { authorize: bearerTokenGuard(DASHBOARD_TOKEN), failedAuthLimit: 0 },
  })
  return { keyward, app, live: live.key, test: test.key, scopeless: scopeless.key }
}

for (const framework of FRAMEWORKS) {
  describe(`failed-authentication guard (E7) over HTTP, memory store — ${framework}`, () => {
    const running: { keyward: Keyward; app: RunningApp }[] = []
    const started = async (...args: Parameters<typeof memoryApp>) => {
      const s = await memoryApp(...args)
      running.push(s)
      return s
    }
    afterEach(async () => {
      for (const { app, keyward } of running.splice(0)) {
        await app.close()
        await keyward.close()
      }
    })

    it(`E7: after ${LIMIT} 401s from one address, every protected route answers it 429 rate_limited with Retry-After — valid keys, no credentials, unknown paths and HEAD included`, async () => {
      const s = await started(framework)
      const attacker = freshAddress()
      await fail(s.app, attacker, LIMIT)
      const port = s.app.port
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/auth/test', bearer(s.live)))
      expectBlocked(await from(attacker, port, 'POST', '/api/v1/auth/test', bearer(s.live), '{}'))
      expectBlocked(await from(attacker, port, 'HEAD', '/api/v1/auth/test', bearer(s.live)), 'HEAD')
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(s.live)))
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/email/validate?email=a@example.com', bearer(s.test)))
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/no/such/route', bearer(s.live)))
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/auth/test'))
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/auth/test', { 'x-api-key': s.live }))
      // Another address is not affected.
      const r = await from(freshAddress(), port, 'GET', '/api/v1/auth/test', bearer(s.live))
      expect(r.status, show(r)).toBe(200)
    })

    it('E7: ping (E1) and the dashboard (E5) answer a blocked address as usual, and dashboard 401s do not count as failed authentications', async () => {
      const s = await started(framework)
      const attacker = freshAddress()
      await fail(s.app, attacker, LIMIT)
      const port = s.app.port
      expect((await from(attacker, port, 'GET', '/api/v1/ping')).status).toBe(200)
      expect((await from(attacker, port, 'GET', '/api/v1/ping', bearer(s.live))).status).toBe(200)
      const list = await from(attacker, port, 'GET', '/api/dashboard/api-keys', {
        Authorization: `Bearer ${DASHBOARD_TOKEN}`,
      })
      expect(list.status, show(list)).toBe(200)
      expect(list.json.data).toHaveLength(3)

      const admin = freshAddress()
      for (let i = 0; i < LIMIT * 3; i++) {
        const r = await from(admin, port, 'GET', '/api/dashboard/api-keys', {
          Authorization: `Bearer wrong-token-${i}-0123456789`,
        })
        expect(r.status, show(r)).toBe(401)
      }
      const r = await from(admin, port, 'GET', '/api/v1/auth/test', bearer(s.live))
      expect(r.status, show(r)).toBe(200)
    })

    it("E7/L4: the guard touches no key's counters — a test key used from a blocked address still has its full minute and month at another address", async () => {
      const s = await started(framework)
      const attacker = freshAddress()
      await fail(s.app, attacker, LIMIT)
      for (let i = 0; i < 12; i++)
        expectBlocked(await from(attacker, s.app.port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(s.test)))
      const r = await from(freshAddress(), s.app.port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(s.test))
      expect(r.status, show(r)).toBe(200)
      expect(r.headers['x-ratelimit-remaining']).toBe('9')
      expect(r.headers['x-quota-remaining']).toBe('999')
    })

    it('E7: only 401s count — 403s (missing scope), authenticated 404s and per-key 429s from one address never block it', async () => {
      const s = await started(framework)
      const client = freshAddress()
      const port = s.app.port
      for (let i = 0; i < LIMIT * 2; i++)
        expect((await from(client, port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(s.scopeless))).status).toBe(
          403,
        )
      for (let i = 0; i < LIMIT * 2; i++)
        expect((await from(client, port, 'GET', '/api/v1/nowhere', bearer(s.live))).status).toBe(404)
      const statuses: number[] = []
      for (let i = 0; i < 12; i++)
        statuses.push((await from(client, port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(s.test))).status)
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429])
      const r = await from(client, port, 'GET', '/api/v1/auth/test', bearer(s.live))
      expect(r.status, show(r)).toBe(200)
    })

    it('E7: Retry-After is honest — one second before it the address is still blocked, at it a valid key is admitted', async () => {
      const clock = createManualClock()
      const s = await started(framework, { clock })
      const attacker = freshAddress()
      await fail(s.app, attacker, LIMIT)
      clock.advance(20_000)
      const retryAfter = expectBlocked(await from(attacker, s.app.port, 'GET', '/api/v1/auth/test', bearer(s.live)))
      // 60 s of window, counted in whole seconds, minus the 20 s that passed.
      expect(retryAfter).toBeGreaterThanOrEqual(40)
      expect(retryAfter).toBeLessThanOrEqual(41)
      clock.advance((retryAfter - 1) * 1000)
      expectBlocked(await from(attacker, s.app.port, 'GET', '/api/v1/auth/test', bearer(s.live)))
      clock.advance(1000)
      const r = await from(attacker, s.app.port, 'GET', '/api/v1/auth/test', bearer(s.live))
      expect(r.status, show(r)).toBe(200)
    })

    it('E7: FAILED_AUTH_LIMIT=0 turns the guard off — 100 failures still get 401 and a valid key 200', async () => {
      const s = await started(framework, { failedAuthLimit: 0 })
      const attacker = freshAddress()
      await fail(s.app, attacker, 100)
      const r = await from(attacker, s.app.port, 'GET', '/api/v1/auth/test', bearer(s.live))
      expect(r.status, show(r)).toBe(200)
    })

    it('E7 + trustProxy false (default): X-Forwarded-For is ignored, so rotating it does not escape the block', async () => {
      const s = await started(framework)
      const attacker = freshAddress()
      for (let i = 0; i < LIMIT; i++) {
        const r = await from(attacker, s.app.port, 'GET', '/api/v1/auth/test', {
          ...unknown(),
          'X-Forwarded-For': `198.51.100.${i + 1}`,
        })
        expect(r.status, show(r)).toBe(401)
      }
      expectBlocked(
        await from(attacker, s.app.port, 'GET', '/api/v1/auth/test', {
          ...bearer(s.live),
          'X-Forwarded-For': '198.51.100.200',
        }),
      )
    })

    it('E7 + trustProxy 1: the address is the entry the proxy appended — a client-written left part of X-Forwarded-For cannot escape the block, other clients behind the proxy are unaffected', async () => {
      const s = await started(framework, {}, 1)
      const proxy = freshAddress()
      for (let i = 0; i < LIMIT; i++) {
        const r = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...unknown(),
          'X-Forwarded-For': `10.0.0.${i}, 198.51.100.7`,
        })
        expect(r.status, show(r)).toBe(401)
      }
      expectBlocked(
        await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...bearer(s.live),
          'X-Forwarded-For': '10.9.9.9, 198.51.100.7',
        }),
      )
      const other = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
        ...bearer(s.live),
        'X-Forwarded-For': '198.51.100.8',
      })
      expect(other.status, show(other)).toBe(200)
      // The proxy's own address (no X-Forwarded-For) is a different client too.
      expect((await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', bearer(s.live))).status).toBe(200)
    })

    it('E7 + trustProxy true: the leftmost X-Forwarded-For entry is the address (so it must only be used behind a proxy that overwrites the header)', async () => {
      const s = await started(framework, {}, true)
      const proxy = freshAddress()
      for (let i = 0; i < LIMIT; i++) {
        const r = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...unknown(),
          'X-Forwarded-For': `203.0.113.50, 10.0.0.${i}`,
        })
        expect(r.status, show(r)).toBe(401)
      }
      expectBlocked(
        await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...bearer(s.live),
          'X-Forwarded-For': '203.0.113.50',
        }),
      )
      expect(
        (
          await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
            ...bearer(s.live),
            'X-Forwarded-For': '203.0.113.51',
          })
        ).status,
      ).toBe(200)
    })

    it('E7 + trustProxy: seven spellings of one IPv6 address (case, zero padding, `::`, a zone id, an IPv4 tail, other hosts of its /64) share one budget; another /64 has its own', async () => {
      const s = await started(framework, {}, true)
      const proxy = freshAddress()
      const spellings = [
        '2001:db8:7::1',
        '2001:0db8:0007:0000:0000:0000:0000:0001',
        '2001:DB8:7::1',
        '2001:db8:7::1%eth0',
        '2001:db8:7:0::0.0.0.1',
        '2001:db8:7:0:ffff::1',
        '2001:db8:7::abcd',
      ]
      for (const spelling of spellings.slice(0, LIMIT)) {
        const r = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...unknown(),
          'X-Forwarded-For': spelling,
        })
        expect(r.status, `${spelling}: ${show(r)}`).toBe(401)
      }
      for (const spelling of spellings) {
        expectBlocked(
          await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', { ...bearer(s.live), 'X-Forwarded-For': spelling }),
        )
      }
      for (const other of ['2001:db8:8::1', '2001:db8:7:1::1']) {
        const r = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...bearer(s.live),
          'X-Forwarded-For': other,
        })
        expect(r.status, `${other}: ${show(r)}`).toBe(200)
      }
    })

    it('E7 + trustProxy: an IPv4-mapped IPv6 address, dotted or hex, shares the budget of its IPv4 address', async () => {
      const s = await started(framework, {}, true)
      const proxy = freshAddress()
      const mapped = [
        '::ffff:198.51.100.77',
        '::ffff:c633:644d',
        '0:0:0:0:0:ffff:198.51.100.77',
        '::FFFF:C633:644D',
        '198.51.100.77',
      ]
      for (const spelling of mapped.slice(0, LIMIT)) {
        const r = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
          ...unknown(),
          'X-Forwarded-For': spelling,
        })
        expect(r.status, `${spelling}: ${show(r)}`).toBe(401)
      }
      for (const spelling of mapped) {
        expectBlocked(
          await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', { ...bearer(s.live), 'X-Forwarded-For': spelling }),
        )
      }
      const r = await from(proxy, s.app.port, 'GET', '/api/v1/auth/test', {
        ...bearer(s.live),
        'X-Forwarded-For': '::ffff:198.51.100.78',
      })
      expect(r.status, show(r)).toBe(200)
    })
  })
}

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('failed-authentication guard (E7) over HTTP, Redis store shared by two instances', () => {
  const clients: Redis[] = []
  const prefixes: string[] = []
  const running: { keyward: Keyward; app: RunningApp }[] = []
  const proxies: TcpProxy[] = []
  afterAll(async () => {
    for (const { app, keyward } of running) {
      await app.close()
      await keyward.close().catch(() => undefined)
    }
    for (const client of clients) client.disconnect()
    for (const proxy of proxies) await proxy.close()
    for (const prefix of prefixes) await deletePrefix(url!, prefix)
  })

  /** Two instances (Express and Fastify), each with its own client, on one Redis prefix. */
  async function fleet(limit = LIMIT, redisUrl = url!) {
    const prefix = uniquePrefix('failed-auth')
    prefixes.push(prefix)
    const instance = async (framework: Framework) => {
      const client = await ioredisClient(redisUrl)
      clients.push(client)
      const keyward = createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: createRedisStores({ client, prefix }),
        failedAuthLimit: limit,
      })
      const app = await startApp(framework, keyward)
      running.push({ keyward, app })
      return { keyward, app }
    }
    const a = await instance('express')
    const b = await instance('fastify')
    const live = await a.keyward.keys.create({ name: 'live' })
    const test = await a.keyward.keys.create({ name: 'test', sandbox: true })
    return { a: a.app, b: b.app, live: live.key, test: test.key }
  }

  it('E7 on Redis: counts are shared — an address blocked on instance A is blocked on instance B, which saw no failure from it, valid keys included', async () => {
    const f = await fleet()
    const attacker = freshAddress()
    await fail(f.a, attacker, LIMIT)
    expectBlocked(await from(attacker, f.a.port, 'GET', '/api/v1/auth/test', bearer(f.live)))
    // B has seen nothing from the address: its first request, with a valid key, is refused.
    expectBlocked(await from(attacker, f.b.port, 'GET', '/api/v1/auth/test', bearer(f.live)))
    expectBlocked(await from(attacker, f.b.port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(f.live)))
    expectBlocked(await from(attacker, f.b.port, 'GET', '/api/v1/auth/test', unknown()))
    // Ping is never blocked, on either instance; another address is not affected.
    expect((await from(attacker, f.b.port, 'GET', '/api/v1/ping')).status).toBe(200)
    expect((await from(freshAddress(), f.b.port, 'GET', '/api/v1/auth/test', bearer(f.live))).status).toBe(200)
  })

  it('E7 on Redis: failures on A and B add up — 3 on A and 2 on B block the address on both, for valid keys at once', async () => {
    const f = await fleet()
    const attacker = freshAddress()
    await fail(f.a, attacker, 3)
    await fail(f.b, attacker, 2)
    expectBlocked(await from(attacker, f.b.port, 'GET', '/api/v1/auth/test', bearer(f.live)))
    expectBlocked(await from(attacker, f.a.port, 'GET', '/api/v1/auth/test', bearer(f.live)))
  })

  it('E7 on Redis + trustProxy: failures from spellings of one IPv6 /64 on instance B block a valid key from another spelling on instance A', async () => {
    const prefix = uniquePrefix('failed-auth-v6')
    prefixes.push(prefix)
    const instance = async (framework: Framework) => {
      const client = await ioredisClient(url!)
      clients.push(client)
      const keyward = createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: createRedisStores({ client, prefix }),
        failedAuthLimit: LIMIT,
      })
      const app = await startApp(framework, keyward, { trustProxy: true })
      running.push({ keyward, app })
      return { keyward, app }
    }
    const a = await instance('hono')
    const b = await instance('fastify')
    const { key } = await a.keyward.keys.create({ name: 'live' })
    const proxy = freshAddress()
    const spellings = [
      '2001:db8:e7::1',
      '2001:0DB8:00E7::0001',
      '2001:db8:e7::2%eth0',
      '2001:db8:e7:0:1:2:3:4',
      '2001:db8:e7::0.0.0.5',
    ]
    for (const spelling of spellings) {
      const r = await from(proxy, b.app.port, 'GET', '/api/v1/auth/test', { ...unknown(), 'X-Forwarded-For': spelling })
      expect(r.status, `${spelling}: ${show(r)}`).toBe(401)
    }
    expectBlocked(
      await from(proxy, a.app.port, 'GET', '/api/v1/auth/test', {
        ...bearer(key),
        'X-Forwarded-For': '2001:db8:e7::ffff',
      }),
    )
    const other = await from(proxy, a.app.port, 'GET', '/api/v1/auth/test', {
      ...bearer(key),
      'X-Forwarded-For': '2001:db8:e8::1',
    })
    expect(other.status, show(other)).toBe(200)
  })

  it("E7/L4 on Redis: the guard touches no key's counters — a test key refused 12 times at a blocked address has its whole minute and month elsewhere", async () => {
    const f = await fleet()
    const attacker = freshAddress()
    await fail(f.a, attacker, LIMIT)
    for (let i = 0; i < 12; i++)
      expectBlocked(await from(attacker, f.a.port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(f.test)))
    const r = await from(freshAddress(), f.b.port, 'GET', '/api/v1/ip/lookup?ip=192.0.2.1', bearer(f.test))
    expect(r.status, show(r)).toBe(200)
    expect(r.headers['x-ratelimit-remaining']).toBe('9')
    expect(r.headers['x-quota-remaining']).toBe('999')
  })

  it(`E7 on Redis: a concurrent burst of 100 bad guesses from one address, with Redis 5 ms away, gets at most ${LIMIT} evaluated (401) — the rest 429`, async () => {
    // Redis across a network: every round trip takes 5 ms each way (the proxy only delays bytes).
    const proxy = await startTcpProxy({ port: Number(new URL(url!).port), host: new URL(url!).hostname })
    proxies.push(proxy)
    proxy.setLatency(5)
    const f = await fleet(LIMIT, proxy.url)
    const attacker = freshAddress()
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => from(attacker, f.a.port, 'GET', '/api/v1/auth/test', unknown())),
    )
    const statuses = answers.map((r) => r.status)
    const evaluated = statuses.filter((s) => s === 401).length
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
    expect(
      evaluated,
      `${evaluated} of 100 concurrent guesses were evaluated with a limit of ${LIMIT}`,
    ).toBeLessThanOrEqual(LIMIT)
  })
})

describe('failed-authentication guard (E7) over HTTP, memory store, concurrency', () => {
  it(`E7 on memory: a concurrent burst of 100 bad guesses from one address gets exactly ${LIMIT} evaluated (401), the rest 429`, async () => {
    const s = await memoryApp('fastify')
    try {
      const attacker = freshAddress()
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => from(attacker, s.app.port, 'GET', '/api/v1/auth/test', unknown())),
      )
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((x) => x === 401)).toHaveLength(LIMIT)
      expect(statuses.filter((x) => x === 429)).toHaveLength(100 - LIMIT)
    } finally {
      await s.app.close()
      await s.keyward.close()
    }
  })
})

describe('the reference server process reads FAILED_AUTH_LIMIT and TRUST_PROXY (E6, E7)', () => {
  async function withServer(env: Record<string, string>, body: (port: number, demoKey: string) => Promise<void>) {
    const server = await startServer({ STORE: 'memory', ...env })
    try {
      const demoKey = /demo live key: (\S+)/.exec(server.output())![1]!
      await body(server.port, demoKey)
    } finally {
      await server.stop()
    }
  }
  const app = (port: number) => ({ port }) as RunningApp

  it('E7: FAILED_AUTH_LIMIT=3 — the 4th request after three 401s gets 429 with Retry-After, the demo key included; ping stays 200', async () => {
    await withServer({ FAILED_AUTH_LIMIT: '3', FRAMEWORK: 'hono' }, async (port, demoKey) => {
      const attacker = freshAddress()
      await fail(app(port), attacker, 3)
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/auth/test', bearer(demoKey)))
      expect((await from(attacker, port, 'GET', '/api/v1/ping')).status).toBe(200)
      expect((await from(freshAddress(), port, 'GET', '/api/v1/auth/test', bearer(demoKey))).status).toBe(200)
    })
  }, 30_000)

  it('E7: the default is 60 — the 61st request after sixty 401s is refused', async () => {
    await withServer({ FRAMEWORK: 'express' }, async (port, demoKey) => {
      const attacker = freshAddress()
      await fail(app(port), attacker, 60)
      expectBlocked(await from(attacker, port, 'GET', '/api/v1/auth/test', bearer(demoKey)))
    })
  }, 30_000)

  it('E7: FAILED_AUTH_LIMIT=0 — the guard is off: 100 failures, then the demo key gets 200', async () => {
    await withServer({ FAILED_AUTH_LIMIT: '0', FRAMEWORK: 'fastify' }, async (port, demoKey) => {
      const attacker = freshAddress()
      await fail(app(port), attacker, 100)
      expect((await from(attacker, port, 'GET', '/api/v1/auth/test', bearer(demoKey))).status).toBe(200)
    })
  }, 30_000)

  it('E7: TRUST_PROXY=1 — behind one proxy, each client address in X-Forwarded-For is counted on its own', async () => {
    await withServer({ FAILED_AUTH_LIMIT: '3', TRUST_PROXY: '1', FRAMEWORK: 'fastify' }, async (port, demoKey) => {
      const proxy = freshAddress()
      for (let i = 0; i < 3; i++) {
        const r = await from(proxy, port, 'GET', '/api/v1/auth/test', {
          ...unknown(),
          'X-Forwarded-For': `spoofed-${i}, 198.51.100.20`,
        })
        expect(r.status, show(r)).toBe(401)
      }
      expectBlocked(
        await from(proxy, port, 'GET', '/api/v1/auth/test', { ...bearer(demoKey), 'X-Forwarded-For': '198.51.100.20' }),
      )
      expect(
        (
          await from(proxy, port, 'GET', '/api/v1/auth/test', {
            ...bearer(demoKey),
            'X-Forwarded-For': '198.51.100.21',
          })
        ).status,
      ).toBe(200)
    })
  }, 30_000)
})
