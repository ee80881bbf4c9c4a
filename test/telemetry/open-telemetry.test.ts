/**
 * T2: with `@opentelemetry/api` installed and the OpenTelemetry SDK registered globally (an
 * in-memory span exporter and metric reader), each decision is one span `keyward.authenticate`
 * that starts before authentication and ends with the decision, one count of `keyward.decisions`
 * by outcome, and the store's answer time in `keyward.store.duration` (seconds). HTTP attributes
 * follow OpenTelemetry's HTTP semantic conventions. Nothing exported holds a key or its hash.
 */
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterEach, describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { createKeyward, type KeywardOptions } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { AuthDecision, AuthorizeInput, KeywardStores } from '../../src/core/types.js'
import { expectNoSecret, switchableStores } from './support/events.js'
import { exportedSpans, millisOf, registerSdk, unregisterSdk } from './support/sdk.js'

afterEach(unregisterSdk)

const bearer = (key: string) => `Bearer ${key}`
/** The histogram's bucket boundaries in seconds, as keyward advises them. */
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

function instance(options: KeywardOptions = {}, async = false) {
  const { stores, setMode } = switchableStores(async)
  const keyward = createKeyward({
    clock: createManualClock(),
    stores,
    failedAuthLimit: 0,
    onError: () => undefined,
    ...options,
  })
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
      return new Promise((resolve) =>
        setTimeout(() => {
          during?.()
          resolve(authorize(input))
        }, ms),
      )
    },
  }
}

const outcomesOf = (spans: ReadableSpan[]) => spans.map((s) => s.attributes['keyward.outcome'])
/** How many of each outcome a list holds, as the counter reports them. */
const tally = (outcomes: unknown[]) => {
  const counts: Record<string, number> = {}
  for (const o of outcomes) counts[String(o)] = (counts[String(o)] ?? 0) + 1
  return counts
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
      await keyward.authenticate(
        { authorization: key && bearer(key), method: 'GET', path: `/v1/x/${owned.key}` },
        scopes ? { scopes } : undefined,
      )
    }
    setMode('throw')
    await keyward.authenticate({ authorization: bearer(plain.key), method: 'POST', path: '/v1/y' })

    const spans = sdk.decisionSpans()
    const outcomes = [
      'ok',
      'UNAUTHORIZED',
      'forbidden',
      'rate_limited',
      'INVALID_API_KEY_FORMAT',
      'ok',
      'INTERNAL_ERROR',
    ]
    expect(outcomesOf(spans)).toEqual(outcomes)
    expect(
      spans.every((s) => s.kind === SpanKind.INTERNAL && s.instrumentationScope.name === 'keyward' && s.ended),
    ).toBe(true)
    expect(spans[0]!.attributes).toEqual({
      'keyward.outcome': 'ok',
      'keyward.key_id': owned.record.id,
      'keyward.key_type': 'live',
      'keyward.owner_id': 'org_9',
      'keyward.request_id': expect.stringMatching(/^req_/),
      'http.request.method': 'GET',
      'url.path': expect.stringMatching(/^\/v1\/x\/svc_live_\*\*\*\*[0-9A-Za-z]{4}$/),
    })
    expect(spans[1]!.attributes).not.toHaveProperty('keyward.key_id')
    expect(spans[1]!.attributes).toMatchObject({ 'http.response.status_code': 401 })
    expect(spans[2]!.attributes).toMatchObject({ 'keyward.key_id': owned.record.id, 'http.response.status_code': 403 })
    expect(spans[3]!.attributes).toMatchObject({ 'keyward.key_id': owned.record.id, 'http.response.status_code': 429 })
    expect(spans[5]!.attributes).toMatchObject({ 'keyward.key_id': plain.record.id, 'keyward.key_type': 'test' })
    expect(spans[5]!.attributes).not.toHaveProperty('keyward.owner_id')
    expect(spans[6]!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.response.status_code': 500,
      'error.type': '500',
    })
    // A refusal is keyward doing its job: only the 500 is an error, and only it has error.type.
    expect(spans.map((s) => s.status.code)).toEqual([...Array(6).fill(SpanStatusCode.UNSET), SpanStatusCode.ERROR])
    expect(spans.slice(0, 6).some((s) => 'error.type' in s.attributes)).toBe(false)

    const metrics = await sdk.collect()
    expect(metrics.sums('keyward.decisions').every((s) => Object.keys(s.attributes).join() === 'keyward.outcome')).toBe(
      true,
    )
    expect(metrics.countsBy('keyward.decisions', 'keyward.outcome')).toEqual(tally(outcomes))
    expect(metrics.descriptor('keyward.store.duration')).toMatchObject({ unit: 's' })
    // Every decision that reached the store: all but the missing key and the malformed one.
    const durations = metrics.histograms('keyward.store.duration')
    expect(durations.map((d) => [d.attributes, d.value.count])).toEqual([
      [{ 'keyward.store.operation': 'authorize' }, 4],
      [{ 'keyward.store.operation': 'authorize', 'error.type': 'store_fault' }, 1],
    ])
    expect(durations[0]!.value.buckets.boundaries).toEqual(STORE_BUCKETS)
    expect(durations.every((d) => d.value.min! >= 0 && d.value.max! < 1)).toBe(true)
    expectNoSecret([exportedSpans(sdk.spans()), metrics.exported], [owned.key, plain.key])
  })
})

describe('T2 HTTP attributes follow the semantic conventions', () => {
  it('T2: http.route when the framework matched one; a method the conventions do not know is _OTHER with http.request.method_original', async () => {
    const sdk = registerSdk()
    const { keyward } = instance()
    const { key } = await keyward.keys.create({ name: 'a' })
    await keyward.authenticate({
      authorization: bearer(key),
      method: 'DELETE',
      path: '/v1/things/42',
      route: '/v1/things/:id',
    })
    await keyward.authenticate({ authorization: bearer(key), method: 'PROPFIND', path: '/v1/things' })
    await keyward.authenticate({ authorization: bearer(key), method: 'get', path: '/v1/things' })
    const [routed, unknown, lower] = sdk.decisionSpans().map((s) => s.attributes)
    expect(routed).toMatchObject({
      'http.request.method': 'DELETE',
      'http.route': '/v1/things/:id',
      'url.path': '/v1/things/42',
    })
    expect(unknown).toMatchObject({ 'http.request.method': '_OTHER', 'http.request.method_original': 'PROPFIND' })
    expect(unknown).not.toHaveProperty('http.route')
    expect(lower).toMatchObject({ 'http.request.method': '_OTHER', 'http.request.method_original': 'get' })
    expect(routed).not.toHaveProperty('http.request.method_original')
  })

  it('T2: OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS replaces the known methods, read when the instance is created', async () => {
    const sdk = registerSdk()
    const previous = process.env.OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS
    process.env.OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS = 'GET, PROPFIND'
    let keyward: ReturnType<typeof instance>['keyward']
    try {
      keyward = instance().keyward
    } finally {
      if (previous === undefined) delete process.env.OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS
      else process.env.OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS = previous
    }
    for (const method of ['PROPFIND', 'GET', 'POST']) await keyward.authenticate({ method, path: '/v1/x' })
    expect(
      sdk
        .decisionSpans()
        .map((s) => [s.attributes['http.request.method'], s.attributes['http.request.method_original']]),
    ).toEqual([
      ['PROPFIND', undefined],
      ['GET', undefined],
      ['_OTHER', 'POST'],
    ])
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
    // The SDK times a span by the monotonic clock: its duration covers the store's wait and lies within the call.
    expect(millisOf(span!.duration)).toBeGreaterThanOrEqual(25)
    expect(millisOf(span!.duration)).toBeLessThanOrEqual(after - before + 1)
    const [stored] = (await sdk.collect()).histograms('keyward.store.duration')
    expect(stored!.value.min).toBeGreaterThanOrEqual(0.025)
  })

  it('T2: the store runs inside the span (its own spans nest under it), and the span is a child of the caller’s', async () => {
    const sdk = registerSdk()
    const seen: (string | undefined)[] = []
    const keyward = createKeyward({
      stores: slowStores(5, () => seen.push(trace.getActiveSpan()?.spanContext().spanId)),
    })
    const { key } = await keyward.keys.create({ name: 'a' })
    const parent = sdk.tracerProvider.getTracer('app').startSpan('GET /v1/x')
    await context.with(trace.setSpan(context.active(), parent), () =>
      keyward.authenticate({ authorization: bearer(key) }),
    )
    parent.end()
    const [span] = sdk.decisionSpans()
    expect(span!.parentSpanContext?.spanId).toBe(parent.spanContext().spanId)
    expect(span!.spanContext().traceId).toBe(parent.spanContext().traceId)
    expect(seen).toEqual([span!.spanContext().spanId, span!.spanContext().spanId])
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
    expect((await sdk.collect()).countsBy('keyward.decisions', 'keyward.outcome')).toEqual({ ok: 1 })
  })

  it('T2: decisions of several instances add up in one keyward.decisions; each collection reports what came since the last; a new SDK starts from zero', async () => {
    let sdk = registerSdk()
    const [a, b] = [instance().keyward, instance().keyward]
    const [keyA, keyB] = [(await a.keys.create({ name: 'a' })).key, (await b.keys.create({ name: 'b' })).key]
    for (let i = 0; i < 2; i++) a.authenticate({ authorization: bearer(keyA) })
    for (let i = 0; i < 3; i++) b.authenticate({ authorization: bearer(keyB) })
    b.authenticate({})
    expect((await sdk.collect()).countsBy('keyward.decisions', 'keyward.outcome')).toEqual({ ok: 5, UNAUTHORIZED: 1 })
    a.authenticate({ authorization: bearer(keyA) })
    // A delta exporter may report an outcome not seen since as 0.
    const since = Object.entries((await sdk.collect()).countsBy('keyward.decisions', 'keyward.outcome')).filter(
      ([, n]) => n !== 0,
    )
    expect(Object.fromEntries(since)).toEqual({ ok: 1 })
    await unregisterSdk()
    sdk = registerSdk()
    b.authenticate({ authorization: bearer(keyB) })
    expect((await sdk.collect()).countsBy('keyward.decisions', 'keyward.outcome')).toEqual({ ok: 1 })
  })

  it('T2: metrics alone (no tracer provider) still count; traces alone still span', async () => {
    const metricsOnly = registerSdk({ traces: false })
    const { keyward } = instance()
    keyward.authenticate({})
    expect((await metricsOnly.collect()).countsBy('keyward.decisions', 'keyward.outcome')).toEqual({ UNAUTHORIZED: 1 })
    expect(metricsOnly.spans()).toEqual([])
    await unregisterSdk()
    const tracesOnly = registerSdk({ metrics: false })
    keyward.authenticate({})
    expect(outcomesOf(tracesOnly.decisionSpans())).toEqual(['UNAUTHORIZED'])
    expect((await tracesOnly.collect()).exported).toEqual([])
  })

  it('T2: openTelemetry: false records nothing, an SDK registered or not', async () => {
    const sdk = registerSdk()
    const { keyward } = instance({ telemetry: { openTelemetry: false } })
    keyward.authenticate({})
    expect(sdk.spans()).toEqual([])
    expect((await sdk.collect()).exported).toEqual([])
  })

  it('T2, E7: watched or not, decisions share one failed-authentication guard: an address blocked while an SDK listened stays blocked after', async () => {
    // The memory stores' own composed step: no store reads the address's count, only the guard does.
    const keyward = createKeyward({ clock: createManualClock(), failedAuthLimit: 3 })
    const { key } = await keyward.keys.create({ name: 'a' })
    const ip = '203.0.113.9'
    const status = (d: AuthDecision) => (d.ok ? 200 : d.response.status)
    for (let i = 0; i < 2; i++)
      expect(status(await keyward.authenticate({ authorization: 'Bearer nope', ip }))).toBe(401)
    const sdk = registerSdk()
    expect(status(await keyward.authenticate({ authorization: 'Bearer nope', ip }))).toBe(401)
    expect(sdk.decisionSpans()).toHaveLength(1)
    await unregisterSdk()
    // The third failure filled the address's window: even a valid key is refused now, watched or not.
    expect(status(await keyward.authenticate({ authorization: bearer(key), ip }))).toBe(429)
    expect(status(await keyward.authenticate({ authorization: bearer(key), ip: '203.0.113.10' }))).toBe(200)
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

  const throwing = (when: 'onStart' | 'onEnd'): SpanProcessor => ({
    onStart: () => {
      if (when === 'onStart') throw new Error('processor bug')
    },
    onEnd: () => {
      if (when === 'onEnd') throw new Error('exporter bug')
    },
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  })

  it.each(['onStart', 'onEnd'] as const)(
    'T2: an SDK whose span processor throws in %s loses that span; the decision and its count stand',
    async (when) => {
      const sdk = registerSdk({ spanProcessors: [throwing(when)] })
      const { keyward } = instance({}, true)
      const { key } = await keyward.keys.create({ name: 'a' })
      const decision = (await keyward.authenticate({ authorization: bearer(key) })) as AuthDecision
      expect(decision.ok).toBe(true)
      expect(sdk.decisionSpans()).toEqual([])
      expect((await sdk.collect()).countsBy('keyward.decisions', 'keyward.outcome')).toEqual({ ok: 1 })
    },
  )
})
