/**
 * T2: with `@opentelemetry/api` installed and an SDK registered (the tests' own recording one),
 * each decision is one span `keyward.authenticate` that starts before authentication and ends
 * with the decision, one count of `keyward.decisions` by outcome, and the store's answer time in
 * `keyward.store.duration` (seconds). Nothing exported holds a key or its hash.
 */
import { context, trace } from '@opentelemetry/api'
import { afterEach, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/clock.js'
import { composeAuthorize } from '../../src/compose-authorize.js'
import { createKeyward, type KeywardOptions } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/memory/index.js'
import type { AuthDecision, AuthorizeInput, KeywardStores } from '../../src/types.js'
import { expectNoSecret, switchableStores } from './support/events.js'
import { createRecordingSdk, registerSdk, unregisterSdk } from './support/recording-provider.js'

afterEach(unregisterSdk)

const bearer = (key: string) => `Bearer ${key}`

function instance(options: KeywardOptions = {}, async = false) {
  const { stores, setMode } = switchableStores(async)
  const keyward = createKeyward({ clock: createManualClock(), stores, failedAuthLimit: 0, onError: () => undefined, ...options })
  return { keyward, setMode }
}

/** Memory stores whose authorize step answers after `ms` milliseconds. */
function slowStores(ms: number, during?: () => void): KeywardStores {
  const memory = createMemoryStores()
  const authorize = composeAuthorize(memory)
  return {
    ...memory,
    authorize: (input: AuthorizeInput) => {
      during?.()
      return new Promise((resolve) => setTimeout(() => (during?.(), resolve(authorize(input))), ms))
    },
  }
}

describe.each([
  ['synchronous', false],
  ['promise', true],
])('T2 spans and metrics, stores answering %s', (_name, async) => {
  it('T2: one span and one count per decision, with outcome, key id, key type and owner id; never the key', async () => {
    const sdk = registerSdk()
    const { keyward, setMode } = instance({}, async)
    const owned = await keyward.keys.create({ name: 'a', ownerId: 'org_9', scopes: ['read'], limits: { perMinute: 1 } })
    const plain = await keyward.keys.create({ name: 'b', keyType: 'test' })
    const requests: [string | undefined, string[] | undefined][] = [
      [owned.key, undefined],
      [undefined, undefined],
      [owned.key, ['write']],
      [owned.key, undefined],
      [`svc_live_${'A'.repeat(38)}`, undefined],
      [plain.key, undefined],
    ]
    for (const [key, scopes] of requests) {
      await keyward.authenticate({ authorization: key && bearer(key), method: 'GET', path: `/v1/x/${owned.key}` }, scopes ? { scopes } : undefined)
    }
    setMode('throw')
    await keyward.authenticate({ authorization: bearer(plain.key), method: 'POST', path: '/v1/y' })

    const spans = sdk.decisionSpans()
    const outcomes = ['ok', 'UNAUTHORIZED', 'forbidden', 'rate_limited', 'INVALID_API_KEY_FORMAT', 'ok', 'INTERNAL_ERROR']
    expect(spans.map((s) => s.attributes['keyward.outcome'])).toEqual(outcomes)
    expect(spans[0]!.attributes).toMatchObject({
      'keyward.key_id': owned.record.id,
      'keyward.key_type': 'live',
      'keyward.owner_id': 'org_9',
      'http.request.method': 'GET',
      'url.path': expect.stringMatching(/^\/v1\/x\/svc_live_\*\*\*\*[0-9A-Za-z]{4}$/),
    })
    expect(spans[0]!.attributes).not.toHaveProperty('http.response.status_code')
    expect(spans[1]!.attributes).not.toHaveProperty('keyward.key_id')
    expect(spans[1]!.attributes).toMatchObject({ 'http.response.status_code': 401 })
    expect(spans[2]!.attributes).toMatchObject({ 'keyward.key_id': owned.record.id, 'http.response.status_code': 403 })
    expect(spans[3]!.attributes).toMatchObject({ 'keyward.key_id': owned.record.id, 'http.response.status_code': 429 })
    expect(spans[5]!.attributes).toMatchObject({ 'keyward.key_id': plain.record.id, 'keyward.key_type': 'test' })
    expect(spans[5]!.attributes).not.toHaveProperty('keyward.owner_id')
    expect(spans[6]!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 500 })
    expect(spans.map((s) => s.status?.code ?? 'unset')).toEqual([...Array(6).fill('unset'), 2])
    expect(spans.every((s) => s.end !== null && s.end >= s.start)).toBe(true)

    expect(sdk.of('keyward.decisions').map((m) => [m.value, m.attributes])).toEqual(outcomes.map((outcome) => [1, { 'keyward.outcome': outcome }]))
    const durations = sdk.of('keyward.store.duration')
    expect(durations[0]!.options).toMatchObject({ unit: 's' })
    // Every decision that reached the store: all but the missing key and the malformed one.
    expect(durations.map((m) => m.attributes)).toEqual([
      ...Array(4).fill({ 'keyward.store.operation': 'authorize' }),
      { 'keyward.store.operation': 'authorize', 'error.type': 'store_fault' },
    ])
    expect(durations.every((m) => m.value >= 0 && m.value < 1)).toBe(true)
    expectNoSecret([sdk.spans, sdk.measurements], [owned.key, plain.key])
  })
})

describe('T2 span times and context', () => {
  it('T2: the span starts before authentication and ends with the decision (a store taking 30 ms)', async () => {
    const sdk = registerSdk()
    const keyward = createKeyward({ stores: slowStores(30) })
    const { key } = await keyward.keys.create({ name: 'a' })
    const before = performance.now()
    const decision = await keyward.authenticate({ authorization: bearer(key) })
    const after = performance.now()
    expect(decision.ok).toBe(true)
    const [span] = sdk.decisionSpans()
    expect(span!.start).toBeGreaterThanOrEqual(before)
    expect(span!.end!).toBeLessThanOrEqual(after)
    expect(span!.end! - span!.start).toBeGreaterThanOrEqual(25)
    expect(sdk.of('keyward.store.duration')[0]!.value).toBeGreaterThanOrEqual(0.025)
  })

  it('T2: the store runs inside the span (its own spans nest under it), and the span is a child of the caller’s', async () => {
    const sdk = registerSdk()
    const seen: (string | undefined)[] = []
    const keyward = createKeyward({ stores: slowStores(5, () => seen.push(trace.getActiveSpan()?.spanContext().spanId)) })
    const { key } = await keyward.keys.create({ name: 'a' })
    const parent = sdk.tracerProvider.getTracer('app').startSpan('GET /v1/x')
    await context.with(trace.setSpan(context.active(), parent), () => keyward.authenticate({ authorization: bearer(key) }))
    parent.end()
    const [span] = sdk.decisionSpans()
    expect(span!.parentSpanId).toBe(parent.spanContext().spanId)
    expect(seen).toEqual([span!.spanId, span!.spanId])
    expect(trace.getActiveSpan()).toBeUndefined()
  })
})

describe('T2 when the SDK is registered, and when not', () => {
  it('T2: an SDK registered after createKeyward() is used from the next decision', async () => {
    const { keyward } = instance()
    const { key } = await keyward.keys.create({ name: 'a' })
    keyward.authenticate({ authorization: bearer(key) })
    const sdk = registerSdk()
    keyward.authenticate({ authorization: bearer(key) })
    expect(sdk.decisionSpans()).toHaveLength(1)
    expect(sdk.of('keyward.decisions')).toHaveLength(1)
  })

  it('T2: metrics alone (no tracer provider) still count; traces alone still span', async () => {
    const metricsOnly = registerSdk({ traces: false })
    const { keyward } = instance()
    keyward.authenticate({})
    expect(metricsOnly.of('keyward.decisions')).toHaveLength(1)
    expect(metricsOnly.spans).toEqual([])
    unregisterSdk()
    const tracesOnly = registerSdk({ metrics: false })
    keyward.authenticate({})
    expect(tracesOnly.decisionSpans()).toHaveLength(1)
    expect(tracesOnly.measurements).toEqual([])
  })

  it('T2: openTelemetry: false records nothing, an SDK registered or not', async () => {
    const sdk = registerSdk()
    const { keyward } = instance({ telemetry: { openTelemetry: false } })
    keyward.authenticate({})
    expect(sdk.spans).toEqual([])
    expect(sdk.measurements).toEqual([])
  })

  it('T2: with the API installed and no SDK registered, decisions are what they are without telemetry', async () => {
    const withApi = instance()
    const without = instance({ telemetry: { openTelemetry: false } })
    const decide = async (keyward: typeof withApi.keyward) => {
      const { key } = await keyward.keys.create({ name: 'a' })
      const d = (await keyward.authenticate({ authorization: bearer(key) })) as AuthDecision
      return d.ok ? Object.keys(d.headers) : d.response.status
    }
    expect(await decide(withApi.keyward)).toEqual(await decide(without.keyward))
  })

  it('T2: an SDK whose span throws on end loses that record; the decision stands', async () => {
    const sdk = createRecordingSdk()
    const failing = {
      getTracer: () => ({
        startSpan: () => Object.assign(sdk.tracerProvider.getTracer('x').startSpan('keyward.authenticate'), { end: () => { throw new Error('exporter bug') } }),
        startActiveSpan: () => undefined as never,
      }),
    }
    trace.setGlobalTracerProvider(failing)
    const { keyward } = instance()
    const { key } = await keyward.keys.create({ name: 'a' })
    expect(((await keyward.authenticate({ authorization: bearer(key) })) as AuthDecision).ok).toBe(true)
  })
})
