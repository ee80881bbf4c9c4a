/**
 * T1: the telemetry hooks on the memory stores, answering synchronously and with promises (as on
 * Redis): one decision event per authenticate() with its outcome and key, lifecycle events for
 * each change, store faults with their operation; never a key or its hash; a hook that throws,
 * rejects or never settles changes nothing about any decision.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { StoreTimeoutError } from '../../src/core/errors.js'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type KeywardOptions } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { AuthDecision, RequestView, RouteRequirements } from '../../src/core/types.js'
import { collectEvents, delivered, expectNoSecret, switchableStores } from './support/events.js'

const REQUEST_ID = 'req_telemetryTelemetryTelemetry'
const bearer = (key: string) => `Bearer ${key}`

afterEach(() => vi.restoreAllMocks())

function setup(async: boolean, options: KeywardOptions = {}) {
  const events = collectEvents()
  const clock = createManualClock()
  const { stores, setMode } = switchableStores(async)
  const errors: unknown[] = []
  const keyward = createKeyward({
    clock,
    stores,
    failedAuthLimit: 0,
    storeTimeoutMs: 100,
    onError: (e) => errors.push(e),
    telemetry: events.hooks,
    ...options,
  })
  const decide = async (request: RequestView, route?: RouteRequirements): Promise<AuthDecision> => {
    const decision = await keyward.authenticate(
      { method: 'GET', path: '/v1/things', requestId: REQUEST_ID, ...request },
      route,
    )
    await delivered()
    return decision
  }
  return { events, clock, keyward, setMode, errors, decide }
}

describe.each([
  ['synchronous', false],
  ['promise', true],
])('T1 decision events, memory stores answering %s', (_name, async) => {
  it('T1: ok carries the key id, owner id, key type, method, path, route, request id and durations', async () => {
    const t = setup(async)
    const { key, record } = await t.keyward.keys.create({ name: 'a', ownerId: 'org_acme' })
    const decision = await t.decide({ authorization: bearer(key), route: '/v1/:things' })
    expect(decision.ok).toBe(true)
    expect(t.events.decisions).toEqual([
      {
        outcome: 'ok',
        status: null,
        keyId: record.id,
        ownerId: 'org_acme',
        keyType: 'live',
        method: 'GET',
        path: '/v1/things',
        route: '/v1/:things',
        requestId: REQUEST_ID,
        durationMs: expect.any(Number),
        storeMs: expect.any(Number),
      },
    ])
    const [event] = t.events.decisions
    expect(event!.durationMs).toBeGreaterThanOrEqual(event!.storeMs!)
    expectNoSecret(t.events.all(), [key])
  })

  it('T1: 401 without a key: the code, status 401, no key and no store call', async () => {
    const t = setup(async)
    await t.decide({})
    expect(t.events.decisions).toMatchObject([
      { outcome: 'UNAUTHORIZED', status: 401, keyId: null, ownerId: null, keyType: null, storeMs: null },
    ])
  })

  it('T1: 401 for an unknown key: no key id (none was found), the store was asked', async () => {
    const t = setup(async)
    const key = generateKey('test')
    await t.decide({ authorization: bearer(key) })
    expect(t.events.decisions).toMatchObject([
      { outcome: 'INVALID_API_KEY', status: 401, keyId: null, storeMs: expect.any(Number) },
    ])
    expectNoSecret(t.events.all(), [key])
  })

  it('T1: 401 for a revoked and an expired key name the key', async () => {
    const t = setup(async)
    const revoked = await t.keyward.keys.create({ name: 'r', ownerId: 'o1' })
    await t.keyward.keys.revoke(revoked.record.id)
    const expiring = await t.keyward.keys.create({
      name: 'e',
      keyType: 'test',
      expiresAt: new Date(t.clock.now() + 1000),
    })
    t.clock.advance(2000)
    await t.decide({ authorization: bearer(revoked.key) })
    await t.decide({ authorization: bearer(expiring.key) })
    expect(t.events.decisions).toMatchObject([
      { outcome: 'API_KEY_REVOKED', status: 401, keyId: revoked.record.id, ownerId: 'o1', keyType: 'live' },
      { outcome: 'API_KEY_EXPIRED', status: 401, keyId: expiring.record.id, ownerId: null, keyType: 'test' },
    ])
    expectNoSecret(t.events.all(), [revoked.key, expiring.key])
  })

  it('T1: 403 (a scope the key lacks) and 429 (over its limit) name the key', async () => {
    const t = setup(async)
    const { key, record } = await t.keyward.keys.create({
      name: 'a',
      ownerId: 'o2',
      scopes: ['read'],
      limits: { perMinute: 1 },
    })
    await t.decide({ authorization: bearer(key) }, { scopes: ['write'] })
    await t.decide({ authorization: bearer(key) })
    await t.decide({ authorization: bearer(key) })
    expect(t.events.decisions.map((e) => [e.outcome, e.status, e.keyId, e.ownerId])).toEqual([
      ['forbidden', 403, record.id, 'o2'],
      ['ok', null, record.id, 'o2'],
      ['rate_limited', 429, record.id, 'o2'],
    ])
  })

  it('T1: 500 on a store fault: a decision event and a store fault event with the request id, the hash masked', async () => {
    const t = setup(async)
    const { key } = await t.keyward.keys.create({ name: 'a' })
    t.setMode('throw')
    const decision = await t.decide({ authorization: bearer(key) })
    expect(decision.ok || decision.response.status).toBe(500)
    expect(t.events.decisions).toMatchObject([{ outcome: 'INTERNAL_ERROR', status: 500, keyId: null }])
    expect(t.events.faults).toEqual([
      {
        phase: 'authenticate',
        operation: 'authorize',
        requestId: REQUEST_ID,
        error: { name: 'Error', message: 'store unavailable (test fault) while looking up <hash>', code: null },
      },
    ])
    expect(t.errors).toHaveLength(1) // onError still gets the error itself
    expectNoSecret(t.events.all(), [key])
  })

  it('T1: a key in the path is masked in the event', async () => {
    const t = setup(async)
    const { key } = await t.keyward.keys.create({ name: 'a' })
    await t.decide({ authorization: bearer(key), path: `/v1/keys/${key}` })
    expect(t.events.decisions[0]!.path).toMatch(/^\/v1\/keys\/svc_live_\*\*\*\*[0-9A-Za-z]{4}$/)
    expectNoSecret(t.events.all(), [key])
  })

  it('T1: hooks are told after authenticate() has returned its decision, never during it', async () => {
    const seen: boolean[] = []
    let returned = false
    const t = setup(async, { telemetry: { onDecision: () => void seen.push(returned) } })
    const pending = t.keyward.authenticate({ requestId: REQUEST_ID })
    returned = true
    await pending
    expect(seen).toEqual([])
    await delivered()
    expect(seen).toEqual([true])
  })
})

describe('T1 a store that does not answer', () => {
  it('T1: the timeout is a 500 decision and a StoreTimeoutError fault, in the bounded time', async () => {
    const t = setup(true)
    const { key } = await t.keyward.keys.create({ name: 'a' })
    t.setMode('hang')
    const started = performance.now()
    await t.decide({ authorization: bearer(key) })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(t.events.decisions).toMatchObject([{ outcome: 'INTERNAL_ERROR', status: 500, storeMs: null }])
    expect(t.events.faults).toMatchObject([
      { phase: 'authenticate', operation: 'authorize', error: { name: 'StoreTimeoutError' } },
    ])
    expect(new StoreTimeoutError(100).name).toBe('StoreTimeoutError')
  })
})

describe('T1 a hook that fails or never settles changes nothing', () => {
  async function decisionsWith(telemetry: KeywardOptions['telemetry'], onError?: KeywardOptions['onError']) {
    const clock = createManualClock()
    const keyward = createKeyward({ clock, failedAuthLimit: 0, telemetry, ...(onError ? { onError } : {}) })
    const { key } = await keyward.keys.create({ name: 'a', limits: { perMinute: 2 } })
    const requests: RequestView[] = [
      { authorization: bearer(key) },
      {},
      { authorization: bearer(key) },
      { authorization: bearer(key) },
    ]
    const decisions = requests.map((r) => keyward.authenticate({ ...r, requestId: REQUEST_ID }) as AuthDecision)
    await delivered()
    return decisions.map((d) =>
      d.ok
        ? { ok: true, headers: d.headers }
        : { ok: false, status: d.response.status, body: d.response.body, headers: d.response.headers },
    )
  }

  it('T1: a throwing hook: every decision is as without hooks, the hook is called each time, onError told once (phase hook)', async () => {
    const calls: number[] = []
    const errors: [unknown, unknown][] = []
    const throwing = () => {
      calls.push(1)
      throw new Error('hook bug')
    }
    const withHook = await decisionsWith({ onDecision: throwing }, (error, info) => errors.push([error, info]))
    expect(withHook).toEqual(await decisionsWith(undefined))
    expect(calls).toHaveLength(4)
    expect(errors).toEqual([[new Error('hook bug'), { requestId: '', phase: 'hook' }]])
  })

  it('T1: without onError, the first failure of each hook goes to console.error, once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await decisionsWith({
      onDecision: () => {
        throw new Error('sync')
      },
    })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![0])).toMatch(/^keyward: the telemetry hook onDecision failed/)
  })

  it('T1: a rejecting async hook is caught and reported once; decisions unchanged', async () => {
    const errors: unknown[] = []
    const withHook = await decisionsWith(
      { onDecision: async () => Promise.reject(new Error('async hook bug')) },
      (error) => errors.push(error),
    )
    await delivered()
    expect(withHook).toEqual(await decisionsWith(undefined))
    expect(errors).toEqual([new Error('async hook bug')])
  })

  it('T1: a hook that never settles, or takes its time, delays no decision', async () => {
    const clock = createManualClock()
    let called = 0
    const keyward = createKeyward({
      clock,
      stores: switchableStores(true).stores,
      telemetry: {
        onDecision: () => {
          called++
          return called % 2 === 0 ? new Promise(() => undefined) : new Promise((resolve) => setTimeout(resolve, 5000))
        },
      },
    })
    const { key } = await keyward.keys.create({ name: 'a' })
    const started = performance.now()
    for (let i = 0; i < 5; i++) expect((await keyward.authenticate({ authorization: bearer(key) })).ok).toBe(true)
    expect(performance.now() - started).toBeLessThan(500)
    await delivered()
    expect(called).toBe(5)
  })
})

describe('T1 lifecycle events', () => {
  it('T1: created, updated (the fields changed), revoked, rotated and revoked-all, each once; never the key', async () => {
    const t = setup(false)
    const at = () => new Date(t.clock.now()).toISOString()
    const a = await t.keyward.keys.create({ name: 'a', ownerId: 'org_1', meta: { plan: 'pro' } })
    await t.keyward.keys.update(a.record.id, { name: 'renamed', scopes: ['read'] })
    const rotated = await t.keyward.keys.rotate(a.record.id)
    const graced = await t.keyward.keys.rotate(rotated.record.id, { gracePeriodMs: 60_000 })
    await t.keyward.keys.revoke(graced.record.id)
    const revokedAt = at()
    t.clock.advance(1000)
    await t.keyward.keys.revoke(graced.record.id) // already revoked: it keeps its time, no event
    const b = await t.keyward.keys.create({ name: 'b', ownerId: 'org_1', keyType: 'test' })
    expect(await t.keyward.keys.revokeAll('org_1')).toBe(2) // b, and the key still in its grace period
    expect(await t.keyward.keys.revokeAll('org_1')).toBe(0)
    await delivered()
    const key = (id: string) => ({ keyId: id, ownerId: 'org_1', keyType: 'live', at: at() })
    const start = (id: string) => ({ ...key(id), at: revokedAt })
    expect(t.events.lifecycle).toEqual([
      { type: 'created', ...start(a.record.id) },
      { type: 'updated', changed: ['name', 'scopes'], ...start(a.record.id) },
      { type: 'rotated', previousKeyId: a.record.id, previousExpiresAt: null, ...start(rotated.record.id) },
      {
        type: 'rotated',
        previousKeyId: rotated.record.id,
        previousExpiresAt: new Date(Date.parse(revokedAt) + 60_000).toISOString(),
        ...start(graced.record.id),
      },
      { type: 'revoked', ...key(graced.record.id), at: revokedAt },
      { type: 'created', ...key(b.record.id), keyType: 'test' },
      { type: 'revoked-all', ownerId: 'org_1', count: 2, at: at() },
    ])
    expectNoSecret(t.events.all(), [a.key, rotated.key, graced.key, b.key])
  })

  it('T1: a call that fails tells nothing', async () => {
    const t = setup(false)
    await expect(t.keyward.keys.update('key_000000000000000000000000', { name: 'x' })).rejects.toThrow()
    await expect(t.keyward.keys.create({ name: '' })).rejects.toThrow()
    await delivered()
    expect(t.events.lifecycle).toEqual([])
  })
})

describe('T1 store faults outside decisions', () => {
  it('T1: a key store that rejects: keys.create fails as before, and onStoreFault names keys.insert', async () => {
    const events = collectEvents()
    const memory = createMemoryStores()
    const stores = {
      ...memory,
      keys: {
        ...memory.keys,
        insert: () => Promise.reject(Object.assign(new Error('connection reset'), { code: 'ECONNRESET' })),
      },
    }
    const keyward = createKeyward({ stores, telemetry: events.hooks })
    await expect(keyward.keys.create({ name: 'a' })).rejects.toThrow('connection reset')
    await delivered()
    expect(events.faults).toEqual([
      {
        phase: 'manage',
        operation: 'keys.insert',
        requestId: null,
        error: { name: 'Error', message: 'connection reset', code: 'ECONNRESET' },
      },
    ])
    expect(events.lifecycle).toEqual([])
  })

  it('T1: a usage log that fails: the fault names usage.append and the request', async () => {
    const events = collectEvents()
    const memory = createMemoryStores()
    const stores = {
      ...memory,
      usage: {
        ...memory.usage,
        append: () => {
          throw new Error('disk full')
        },
      },
    }
    const keyward = createKeyward({ stores, telemetry: events.hooks, onError: () => undefined })
    const { key } = await keyward.keys.create({ name: 'a' })
    const decision = keyward.authenticate({ authorization: bearer(key), requestId: REQUEST_ID }) as AuthDecision
    if (!decision.ok) throw new Error('expected an admitted request')
    keyward.recordUsage(decision.apiKey, { method: 'GET', path: '/v1', status: 200 })
    await delivered()
    expect(events.faults).toMatchObject([
      { phase: 'usage', operation: 'usage.append', requestId: REQUEST_ID, error: { message: 'disk full' } },
    ])
  })
})

describe('T1 the telemetry option', () => {
  it.each([
    [
      'x',
      'keyward: option "telemetry" must be an object { onDecision?, onLifecycle?, onStoreFault?, openTelemetry? } (got "x")',
    ],
    [{ onDecision: 1 }, 'keyward: option "telemetry.onDecision" must be a function (got 1)'],
    [{ onStoreFault: 'log' }, 'keyward: option "telemetry.onStoreFault" must be a function (got "log")'],
    [{ openTelemetry: 'no' }, 'keyward: option "telemetry.openTelemetry" must be true or false (got "no")'],
  ])('T1: telemetry %j is refused at once with a TypeError naming the option', (telemetry, message) => {
    expect(() => createKeyward({ telemetry: telemetry as never })).toThrow(new TypeError(message))
  })

  it('T1: an unknown member is refused with the near name', () => {
    expect(() => createKeyward({ telemetry: { ondecision: () => undefined } as never })).toThrow(
      /^keyward: option "telemetry\.ondecision" is not an option of "telemetry" \(did you mean "telemetry\.onDecision"\?\)/,
    )
  })

  it('T1, T2: with no decision hook and OpenTelemetry off, authenticate() is the pipeline itself: no wrapper, no event built', () => {
    expect(createKeyward({ telemetry: { openTelemetry: false } }).authenticate.name).toBe('authenticate')
    expect(createKeyward({ telemetry: { openTelemetry: false, onLifecycle: () => undefined } }).authenticate.name).toBe(
      'authenticate',
    )
    expect(createKeyward({ telemetry: { openTelemetry: false, onDecision: () => undefined } }).authenticate.name).toBe(
      'observedAuthenticate',
    )
  })
})
