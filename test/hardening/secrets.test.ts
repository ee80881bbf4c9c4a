/**
 * Secrets (K3, E5): keys never reach logs, error messages, printed objects or the stores; the
 * dashboard token is compared in constant time; the pepper can be rotated without losing a key.
 *
 * The log tests run the real reference server (`server/main.ts`) as a child process and capture
 * everything it prints while they drive 401s, parser refusals, dashboard errors and Redis faults
 * with real keys placed everywhere a client could put them.
 */
import * as crypto from 'node:crypto'
import { inspect } from 'node:util'
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { createDashboard, bearerTokenGuard } from '../../src/dashboard/index.js'
import { createKeyward, type Keyward, type KeywardOptions, type Pepper } from '../../src/index.js'
import { generateKey, hashKey } from '../../src/core/key-format.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import type { KeywardStores } from '../../src/core/types.js'
import {
  deletePrefix,
  ioredisClient,
  privateServersAvailable,
  type RedisProcess,
  sharedRedisUrl,
  startRedisServer,
  uniquePrefix,
} from '../helpers/redis.js'
import {
  DASHBOARD_TOKEN,
  FRAMEWORKS,
  type Framework,
  type RunningApp,
  call,
  rawRequest,
  requestBytes,
  sleep,
  startApp,
  startServer,
} from './support.js'
import { SEED_SCOPES } from '../../server/env.js'

// Every call of crypto.timingSafeEqual made by keyward in this file is recorded (the real one runs).
const timingSafeCalls = vi.hoisted(() => [] as { a: number; b: number }[])
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>()
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    timingSafeCalls.push({ a: a.byteLength, b: b.byteLength })
    return original.timingSafeEqual(a, b)
  }
  return { ...original, default: { ...original, timingSafeEqual }, timingSafeEqual }
})

/** The part of a key its masked form never shows (K4): finding any of it is a leak. */
const secretCore = (key: string) => key.slice(key.indexOf('_', 4) + 1, -4)

function expectNoKey(text: string, keys: readonly string[], where: string): void {
  for (const key of keys) {
    expect(text.includes(key), `${where} holds the full key ${key.slice(0, 12)}…`).toBe(false)
    expect(text.includes(secretCore(key)), `${where} holds the random part of ${key.slice(0, 12)}…`).toBe(false)
  }
}

/** Every usual way of printing a value. */
function renderings(value: unknown): string {
  const out = [inspect(value, { showHidden: true, depth: Infinity, getters: true }), String(value)]
  try {
    out.push(JSON.stringify(value) ?? '')
  } catch {
    // cycles: inspect covers it
  }
  if (value instanceof Error) out.push(value.message, value.stack ?? '')
  return out.join('\n')
}

// ---------------------------------------------------------------------------------------------
// The reference server as a child process
// ---------------------------------------------------------------------------------------------

const dashboardAuth = { Authorization: `Bearer ${DASHBOARD_TOKEN}` }

async function createKey(base: string, body: Record<string, unknown>): Promise<{ key: string; id: string }> {
  const r = await call(base, '/api/dashboard/api-keys', {
    method: 'POST',
    headers: { ...dashboardAuth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  const data = r.body.data as { key: string; id: string }
  return { key: data.key, id: data.id }
}

/**
 * Puts `keys` everywhere a client could put them — Authorization in every malformed shape,
 * x-api-key, the query, the path, dashboard bodies, oversized and invalid headers, the method —
 * and returns how many requests were sent.
 */
async function driveWithKeys(
  server: { base: string; port: number },
  keys: string[],
  revokeId?: string,
): Promise<number> {
  let sent = 0
  const { base, port } = server
  const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: string) => {
    sent++
    await call(base, path, { method, headers, ...(body === undefined ? {} : { body }) }).catch(() => undefined)
  }
  const raw = async (bytes: Buffer) => {
    sent++
    await rawRequest(port, bytes).catch(() => undefined)
  }
  for (const key of keys) {
    const typo = `${key.slice(0, -6)}${key.at(-6) === 'a' ? 'b' : 'a'}${key.slice(-5)}`
    await send('GET', '/api/v1/auth/test', { Authorization: `Bearer ${key}` })
    await send('GET', '/api/v1/ip/lookup?ip=192.0.2.1', { Authorization: `Bearer ${key}` })
    await send('GET', '/api/v1/ip/lookup?ip=not-an-ip', { Authorization: `Bearer ${key}` })
    await send('GET', '/api/v1/auth/test', { Authorization: `Bearer ${typo}` })
    await send('GET', '/api/v1/auth/test', { Authorization: key })
    await send('GET', '/api/v1/auth/test', { Authorization: `Token ${key}` })
    await send('GET', '/api/v1/auth/test', { Authorization: `Bearer  ${key}` })
    await send('GET', '/api/v1/auth/test', { 'x-api-key': key })
    await send('GET', '/api/v1/auth/test', { 'x-api-key': `${key},${key}` })
    await send('GET', `/api/v1/auth/test?api_key=${key}`)
    await send('GET', `/api/v1/${key}`, { Authorization: `Bearer ${key}` })
    await send('GET', `/api/${key}`)
    await send('DELETE', '/api/v1/auth/test', { Authorization: `Bearer ${key}` })
    await send('GET', `/api/dashboard/api-keys/${key}`, dashboardAuth)
    await send('GET', `/api/dashboard/api-keys/usage?keyId=${key}`, dashboardAuth)
    await send('GET', '/api/dashboard/api-keys', { Authorization: `Bearer ${key}` })
    await send(
      'POST',
      '/api/dashboard/api-keys',
      { ...dashboardAuth, 'Content-Type': 'application/json' },
      `{"name":"${key}"`,
    )
    await send(
      'POST',
      '/api/dashboard/api-keys',
      { ...dashboardAuth, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'x', [key]: 1 }),
    )
    await send(
      'POST',
      '/api/dashboard/api-keys',
      { ...dashboardAuth, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'x', scopes: [key] }),
    )
    await send(
      'POST',
      '/api/dashboard/api-keys',
      { ...dashboardAuth, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'x', limits: { [key]: 1 } }),
    )
    await send('POST', '/api/dashboard/api-keys', { ...dashboardAuth, 'Content-Type': 'text/plain' }, key)
    // Requests Node's parser refuses (clientError): an oversized header, a control character, the key as the method.
    await raw(
      requestBytes('GET', '/api/v1/auth/test', [
        ['Authorization', `Bearer ${key}`],
        ['X-Pad', 'a'.repeat(17_000)],
      ]),
    )
    await raw(requestBytes('GET', '/api/v1/auth/test', [['Authorization', `Bearer ${key}\x01`]]))
    await raw(requestBytes(key, '/api/v1/auth/test', []))
    await raw(requestBytes('GET', `/api/v1/auth/test?k=${key}\x7f`, []))
  }
  if (revokeId !== undefined) {
    await send('POST', `/api/dashboard/api-keys/${revokeId}/revoke`, dashboardAuth)
    for (const key of keys) await send('GET', '/api/v1/auth/test', { Authorization: `Bearer ${key}` })
  }
  return sent
}

describe('keys never in the reference server output (K3)', () => {
  for (const framework of FRAMEWORKS) {
    it(`K3: ${framework}, memory store — the demo keys are printed once at start (E6), and no other key is ever printed while 401s, 4xx, parser refusals, dashboard errors and revocations are driven with real keys`, async () => {
      const server = await startServer({ FRAMEWORK: framework, STORE: 'memory', FAILED_AUTH_LIMIT: '0' })
      try {
        const startup = server.output()
        const demo = [...startup.matchAll(/demo (?:live|test) key: (\S+)/g)].map((m) => m[1]!)
        expect(demo).toHaveLength(2)
        const live = await createKey(server.base, { name: 'secret live' })
        const test = await createKey(server.base, { name: 'secret test', sandbox: true })
        const unknown = generateKey('live')
        const sent = await driveWithKeys(server, [live.key, test.key, unknown], live.id)
        expect(sent).toBeGreaterThan(60)
        await sleep(50)
        const afterStartup = server.output().slice(startup.length)
        expectNoKey(afterStartup, [live.key, test.key, unknown, ...demo], `${framework} server output after start-up`)
        expectNoKey(startup, [live.key, test.key, unknown], `${framework} start-up output`)
        // The demo keys appear only on their own lines and the curl example.
        for (const key of demo) {
          const lines = startup.split('\n').filter((line) => line.includes(secretCore(key)))
          expect(
            lines.every((line) => /^demo (live|test) key: |^try: curl /.test(line)),
            lines.join('\n'),
          ).toBe(true)
        }
      } finally {
        await server.stop()
      }
    }, 60_000)
  }

  const available = privateServersAvailable()
  it.skipIf(!available)(
    'K3/R5: Redis store, Redis frozen and killed — the store faults are printed with their request ids, and never a key',
    async () => {
      const redis: RedisProcess = await startRedisServer()
      const server = await startServer({
        FRAMEWORK: 'fastify',
        STORE: 'redis',
        REDIS_URL: redis.url,
        FAILED_AUTH_LIMIT: '100000',
      })
      try {
        const live = await createKey(server.base, { name: 'secret live' })
        const test = await createKey(server.base, { name: 'secret test', sandbox: true })
        const keys = [live.key, test.key, generateKey('test')]
        await driveWithKeys(server, keys)
        redis.freeze()
        const frozen = await Promise.all(
          keys.map((key) =>
            call(server.base, '/api/v1/ip/lookup?ip=192.0.2.1', { headers: { Authorization: `Bearer ${key}` } }),
          ),
        )
        expect(frozen.map((r) => r.status)).toEqual([500, 500, 500])
        await call(server.base, `/api/dashboard/api-keys/${live.id}/revoke`, { method: 'POST', headers: dashboardAuth })
        redis.thaw()
        await redis.down()
        await driveWithKeys(server, keys.slice(0, 1))
        await redis.up()
        await sleep(300)
        await driveWithKeys(server, keys.slice(1, 2))
        await sleep(50)
        const output = server.output()
        // The fault path was exercised: otherwise this test would prove nothing.
        expect(output).toMatch(/store fault|internal error/)
        for (const r of frozen)
          expect(output).toContain((r.body.error as { message: string }).message.match(/req_[A-Za-z0-9_-]+/)![0])
        expectNoKey(output, keys, 'server output under Redis faults')
      } finally {
        await server.stop()
        redis.thaw()
        await redis.stop()
      }
    },
    90_000,
  )
})

// ---------------------------------------------------------------------------------------------
// Objects, errors and stores
// ---------------------------------------------------------------------------------------------

/** Memory stores whose every call is recorded (arguments and results), as a spy on what stores are given. */
function recordingStores(base: KeywardStores, seen: unknown[]): KeywardStores {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver) as unknown
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          seen.push(args)
          const result = (value as (...a: unknown[]) => unknown).apply(object, args)
          seen.push(result)
          return result
        }
      },
    })
  return { keys: wrap(base.keys), limiter: wrap(base.limiter), usage: wrap(base.usage) }
}

describe('keys never in printed objects, errors or stores (K3)', () => {
  const peppers: [string, KeywardOptions['pepper']][] = [
    ['no pepper', undefined],
    [
      'a pepper being rotated',
      { current: 'pepper-current-0123456789', previous: ['pepper-previous-0123456789', null] },
    ],
  ]
  for (const [what, pepper] of peppers) {
    it(`K3 (${what}): the keyward instance, its stores, every decision (200, 401, 403, 429, 500), records and usage entries print no key and no pepper`, async () => {
      const seen: unknown[] = []
      const stores = recordingStores(createMemoryStores(), seen)
      const onErrorTexts: string[] = []
      const keyward = createKeyward({
        defaultScopes: SEED_SCOPES,
        stores,
        pepper,
        failedAuthLimit: 3,
        onError: (e) => onErrorTexts.push(renderings(e)),
      })
      const live = await keyward.keys.create({ name: 'live', scopes: [] })
      const test = await keyward.keys.create({ name: 'test', keyType: 'test' })
      const keys = [live.key, test.key]
      const decisions: unknown[] = []
      const auth = (key: string, ip: string, scopes?: string[]) =>
        Promise.resolve(
          keyward.authenticate(
            { authorization: `Bearer ${key}`, ip, method: 'GET', path: '/api/v1/x' },
            scopes ? { scopes } : {},
          ),
        )
      const ok = await auth(live.key, '192.0.2.1')
      decisions.push(ok)
      decisions.push(await auth(live.key, '192.0.2.1', ['ip'])) // 403
      for (let i = 0; i < 11; i++) decisions.push(await auth(test.key, '192.0.2.2')) // 200s, then 429
      decisions.push(await auth(`${live.key.slice(0, -1)}0`, '192.0.2.3')) // 401 checksum
      decisions.push(
        await Promise.resolve(keyward.authenticate({ apiKey: live.key, authorization: live.key, ip: '192.0.2.3' })),
      ) // 401 H4
      for (let i = 0; i < 4; i++) decisions.push(await auth(generateKey('live'), '192.0.2.4')) // 401s, then E7 429
      if (ok.ok) keyward.recordUsage(ok.apiKey, { method: 'GET', path: '/api/v1/x', status: 200, ip: '192.0.2.1' })
      await keyward.keys.revoke(live.record.id)
      decisions.push(await auth(live.key, '192.0.2.5'))
      const rotated = await keyward.keys.rotate(test.record.id, { gracePeriodMs: 1000 })
      keys.push(rotated.key)
      // A store that fails: the 500 decision and what onError is told.
      const broken = createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: { ...createMemoryStores(), authorize: () => Promise.reject(new Error('store exploded')) },
        pepper,
        onError: (e) => onErrorTexts.push(renderings(e)),
      })
      decisions.push(
        await Promise.resolve(broken.authenticate({ authorization: `Bearer ${live.key}`, ip: '192.0.2.6' })),
      )
      const statuses = decisions.map((d) =>
        (d as { ok: boolean }).ok ? 200 : (d as { response: { status: number } }).response.status,
      )
      expect(new Set(statuses)).toEqual(new Set([200, 401, 403, 429, 500]))

      const printed = [
        renderings(keyward),
        renderings(keyward.stores),
        renderings(decisions),
        renderings(await keyward.keys.list()),
        renderings(await keyward.queryUsage({ limit: 100 })),
        renderings(rotated.previous),
        renderings(rotated.record),
        ...onErrorTexts,
      ].join('\n')
      expectNoKey(printed, keys, 'printed objects')
      const secrets =
        pepper !== null && typeof pepper === 'object' && 'current' in pepper
          ? [pepper.current, ...(pepper.previous ?? [])]
          : []
      for (const p of secrets)
        if (typeof p === 'string') expect(printed.includes(p), 'the pepper is printed').toBe(false)
      // The stores were given hashes, ids and records — never a key.
      expect(seen.length).toBeGreaterThan(20)
      expectNoKey(renderings(seen), keys, 'store call arguments and results')
      expect(onErrorTexts.length).toBeGreaterThan(0)
    })
  }

  it('K3: dashboard answers to bad create bodies never hold a key, even when a key is pasted into the wrong field', async () => {
    const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
    const { key } = await keyward.keys.create({ name: 'k' })
    const dashboard = createDashboard(keyward, { authorize: bearerTokenGuard(DASHBOARD_TOKEN) })
    const texts: string[] = []
    for (const body of pastedKeyBodies(key)) {
      const response = await dashboard.handle({
        method: 'POST',
        path: '/api-keys',
        query: '',
        headers: { authorization: `Bearer ${DASHBOARD_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        bodyTooLarge: false,
        requestId: keyward.requestId(),
        ip: null,
      })
      expect(response.status).toBe(400)
      texts.push(response.body)
    }
    for (const id of [key, `${key}/revoke`]) {
      const response = await dashboard.handle({
        method: id.endsWith('/revoke') ? 'POST' : 'GET',
        path: `/api-keys/${id}`,
        query: '',
        headers: { authorization: `Bearer ${DASHBOARD_TOKEN}` },
        body: null,
        bodyTooLarge: false,
        requestId: keyward.requestId(),
        ip: null,
      })
      expect(response.status).toBe(404)
      texts.push(response.body)
    }
    expectNoKey(texts.join('\n'), [key], 'dashboard answers')
  })

  it('K3: key manager errors for bad create input never hold a key pasted into a field (a limits field name included)', async () => {
    const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
    const { key } = await keyward.keys.create({ name: 'k' })
    for (const body of pastedKeyBodies(key)) {
      const error = await keyward.keys.create(body as never).then(
        () => new Error('accepted'),
        (e: unknown) => e,
      )
      expect((error as Error).name).toBe('KeyInputError')
      expectNoKey(renderings(error), [key], `the error for ${JSON.stringify(Object.keys(body as object))}`)
    }
  })

  it('K3: revoke(), rotate() and get() called with the key instead of its id (an easy mistake) do not put the key in the error', async () => {
    const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
    const { key } = await keyward.keys.create({ name: 'k' })
    expect(await keyward.keys.get(key)).toBeUndefined()
    for (const [what, attempt] of [
      ['revoke', () => keyward.keys.revoke(key)],
      ['rotate', () => keyward.keys.rotate(key)],
    ] as const) {
      const error = await attempt().then(
        () => new Error('accepted'),
        (e: unknown) => e,
      )
      expect((error as Error).name).toBe('KeyNotFoundError')
      expectNoKey(renderings(error), [key], `the ${what}() error`)
    }
  })
})

/** Create bodies with a key where it does not belong. */
function pastedKeyBodies(key: string): Record<string, unknown>[] {
  return [
    { name: 'x', scopes: [key] },
    { name: 'x', scopes: ['ip', 'ip'], note: key },
    { name: 'x', limits: { perMinute: key } },
    { name: 'x', limits: { [key]: 1 } },
    { name: 'x', expiresAt: key },
    { name: 'x', sandbox: key },
    { name: key.repeat(3) },
  ]
}

// ---------------------------------------------------------------------------------------------
// The dashboard token (E5)
// ---------------------------------------------------------------------------------------------

describe('the dashboard token is compared in constant time (E5)', () => {
  it('E5: every token comparison is crypto.timingSafeEqual over two 32-byte SHA-256 digests, whatever the length of the token sent', () => {
    const guard = bearerTokenGuard(DASHBOARD_TOKEN)
    for (const candidate of [
      'x',
      'y'.repeat(15),
      DASHBOARD_TOKEN.slice(0, -1),
      `${DASHBOARD_TOKEN}z`,
      'w'.repeat(10_000),
      DASHBOARD_TOKEN,
    ]) {
      timingSafeCalls.length = 0
      const admitted = guard({ headers: { authorization: `Bearer ${candidate}` } })
      expect(admitted).toBe(candidate === DASHBOARD_TOKEN)
      expect(timingSafeCalls).toEqual([{ a: 32, b: 32 }])
    }
  })

  for (const framework of FRAMEWORKS) {
    it(`E5: ${framework} — wrong tokens of every length 0–200, and the token with one character changed at each position, get the identical 401 (status, headers and body, apart from request id and date)`, async () => {
      const keyward = createKeyward({ defaultScopes: SEED_SCOPES })
      // Hundreds of wrong tokens from one address: the dashboard's brute-force limit (tested in
      // test/dashboard/) is off here, so every candidate reaches the comparison.
      const app = await startApp(framework, keyward, {
        dashboard: { authorize: bearerTokenGuard(DASHBOARD_TOKEN), failedAuthLimit: 0 },
      })
      try {
        const shapes = new Set<string>()
        const candidates: string[] = []
        for (let length = 0; length <= 200; length += 1) candidates.push('t'.repeat(length))
        for (let i = 0; i < DASHBOARD_TOKEN.length; i++) {
          candidates.push(
            DASHBOARD_TOKEN.slice(0, i) + (DASHBOARD_TOKEN[i] === 'x' ? 'y' : 'x') + DASHBOARD_TOKEN.slice(i + 1),
          )
        }
        candidates.push(DASHBOARD_TOKEN.slice(0, -1), `${DASHBOARD_TOKEN}x`, DASHBOARD_TOKEN.toUpperCase())
        timingSafeCalls.length = 0
        for (const token of candidates) {
          const response = await rawRequest(
            app.port,
            requestBytes('GET', '/api/dashboard/api-keys', [['Authorization', `Bearer ${token}`]]),
          )
          const headers = response.headerLines.filter(([name]) => name !== 'x-request-id' && name !== 'date')
          shapes.add(JSON.stringify({ status: response.status, headers, body: response.body }))
        }
        expect(shapes.size, [...shapes].join('\n')).toBe(1)
        expect(JSON.parse([...shapes][0]!).status).toBe(401)
        // Every candidate that reached the comparison was compared digest to digest.
        expect(timingSafeCalls.length).toBeGreaterThan(DASHBOARD_TOKEN.length)
        expect(timingSafeCalls.every((c) => c.a === 32 && c.b === 32)).toBe(true)
        const right = await call(app.base, '/api/dashboard/api-keys', { headers: dashboardAuth })
        expect(right.status).toBe(200)
      } finally {
        await app.close()
      }
    })
  }
})

// ---------------------------------------------------------------------------------------------
// Pepper rotation, end to end over HTTP (K3)
// ---------------------------------------------------------------------------------------------

const url = sharedRedisUrl(inject('keywardRedis'))

describe.skipIf(url === null)('pepper rotation over HTTP, keys kept in Redis across restarts (K3)', () => {
  const prefix = uniquePrefix('pepper-rotation')
  let inspector: Redis
  beforeAll(async () => {
    inspector = await ioredisClient(url!)
  })
  afterAll(async () => {
    inspector?.disconnect()
    await deletePrefix(url!, prefix)
  })

  /** One "deployment": a reference app on the shared Redis prefix with the given pepper. */
  async function deploy(framework: Framework, pepper: KeywardOptions['pepper']) {
    const client = await ioredisClient(url!)
    const keyward: Keyward = createKeyward({
      defaultScopes: SEED_SCOPES,
      stores: createRedisStores({ client, prefix }),
      pepper,
    })
    const app: RunningApp = await startApp(framework, keyward)
    return {
      app,
      async stop() {
        await app.close()
        await keyward.close()
        client.disconnect()
      },
    }
  }

  const storedUnder = async (hash: string) => (await inspector.exists(`${prefix}:{${hash}}:key`)) === 1
  const authTest = async (app: RunningApp, key: string) => {
    const r = await call(app.base, '/api/v1/ip/lookup?ip=192.0.2.1', { headers: { Authorization: `Bearer ${key}` } })
    return { status: r.status, code: r.body.error?.code, remaining: r.headers.get('x-ratelimit-remaining') }
  }

  it('K3: none → A → { current: B, previous: [A, none] } → B: old keys verify while both are configured, new keys are hashed with B, revocation and limits carry over, and dropping A makes A-keys 401', async () => {
    const A: Pepper = 'pepper-A-7f3e0b9c2d41a6e8'
    const B: Pepper = Buffer.from('pepper-B-bytes-1c5d9e2f7a0b3c4d')

    // 0. No pepper yet: plain sha256 (K3).
    const v0 = await deploy('fastify', null)
    const k0 = await createKey(v0.app.base, { name: 'before any pepper' })
    expect(await storedUnder(hashKey(k0.key))).toBe(true)
    await v0.stop()

    // 1. Pepper A introduced; keys from before stay valid through `previous: [null]`.
    const v1 = await deploy('express', { current: A, previous: [null] })
    expect((await authTest(v1.app, k0.key)).status).toBe(200)
    const kA = await createKey(v1.app.base, { name: 'under A', sandbox: true })
    const kArevoke = await createKey(v1.app.base, { name: 'under A, revoked later' })
    expect(await storedUnder(hashKey(kA.key, A))).toBe(true)
    expect(await storedUnder(hashKey(kA.key))).toBe(false)
    for (let i = 0; i < 3; i++) expect((await authTest(v1.app, kA.key)).status).toBe(200)
    await v1.stop()

    // 2. Rotation: B is current, A (and none) still verify.
    const v2 = await deploy('hono', { current: B, previous: [A, null] })
    const afterRestart = await authTest(v2.app, kA.key)
    expect(afterRestart.status).toBe(200)
    // The same record and counters: 3 of 10 used before the restart, this is the 4th.
    expect(afterRestart.remaining).toBe('6')
    expect((await authTest(v2.app, k0.key)).status).toBe(200)
    const kB = await createKey(v2.app.base, { name: 'under B' })
    expect(await storedUnder(hashKey(kB.key, B))).toBe(true)
    expect(await storedUnder(hashKey(kB.key, A))).toBe(false)
    expect((await authTest(v2.app, kB.key)).status).toBe(200)
    const revoked = await call(v2.app.base, `/api/dashboard/api-keys/${kArevoke.id}/revoke`, {
      method: 'POST',
      headers: dashboardAuth,
    })
    expect(revoked.status).toBe(200)
    expect((await authTest(v2.app, kArevoke.key)).code).toBe('API_KEY_REVOKED')
    await v2.stop()

    // 3. A dropped: keys hashed with A (or none) no longer verify; B keys do.
    const v3 = await deploy('fastify', B)
    expect(await authTest(v3.app, kA.key)).toMatchObject({ status: 401, code: 'INVALID_API_KEY' })
    expect(await authTest(v3.app, k0.key)).toMatchObject({ status: 401, code: 'INVALID_API_KEY' })
    expect((await authTest(v3.app, kB.key)).status).toBe(200)
    // The dashboard still lists every record (masked): operators can see which keys to replace.
    const list = await call(v3.app.base, '/api/dashboard/api-keys', { headers: dashboardAuth })
    expect((list.body.data as unknown[]).length).toBe(4)
    await v3.stop()
  })

  it('K3: with a pepper, a leaked Redis dump cannot be checked offline — sha256 of a key matches nothing stored', async () => {
    const v = await deploy('express', 'pepper-dump-test-0123456789')
    const k = await createKey(v.app.base, { name: 'dump' })
    expect(await storedUnder(hashKey(k.key))).toBe(false)
    expect(await storedUnder(hashKey(k.key, 'pepper-dump-test-0123456789'))).toBe(true)
    // Nothing under the prefix holds the key or the unpeppered hash.
    const names: string[] = []
    let cursor = '0'
    do {
      const [next, batch] = await inspector.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
      cursor = next
      names.push(...batch)
    } while (cursor !== '0')
    const dump = [names.join('\n')]
    for (const name of names)
      if ((await inspector.type(name)) === 'hash') dump.push(JSON.stringify(await inspector.hgetall(name)))
    const text = dump.join('\n')
    expectNoKey(text, [k.key], 'the Redis dump')
    expect(text.includes(hashKey(k.key))).toBe(false)
    expect(text.includes(crypto.createHash('sha256').update(k.key).digest('hex'))).toBe(false)
    await v.stop()
  })
})
