/**
 * T1, T2 over HTTP on every framework (the reference apps, as the parity suite runs them), with the
 * OpenTelemetry SDK registered globally for the file (in-memory span exporter and metric reader):
 * each request is one decision event with the status the client got, one span and one count with
 * its outcome, and no key anywhere in what is exported; hooks that throw, reject or never settle
 * leave every response as it is without them.
 */
import { SpanStatusCode } from '@opentelemetry/api'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { KeywardOptions } from '../../src/keyward.js'
import { type Harness, startHarness, TARGETS } from '../adapters/support/harness.js'
import type { RawResponse } from '../adapters/support/raw-http.js'
import { collectEvents, delivered, expectNoSecret } from './support/events.js'
import { exportedSpans, registerSdk, type TestSdk, unregisterSdk } from './support/sdk.js'

let sdk: TestSdk
beforeAll(() => {
  sdk = registerSdk()
})
afterAll(unregisterSdk)
beforeEach(() => sdk.reset())

const harnesses: Harness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()))
})

async function start(target: (typeof TARGETS)[number], keyward: KeywardOptions, asyncStore: boolean): Promise<Harness> {
  const harness = await startHarness(target, { keyward, asyncStore })
  harnesses.push(harness)
  return harness
}

const IP = '/api/v1/ip/lookup?ip=192.0.2.1'
const get = (h: Harness, key?: string) => h.send({ path: IP, headers: key ? [['Authorization', `Bearer ${key}`]] : [] })

/** One request of each outcome: ok, 401, 403, ok then 429 (a limit of 1 a minute), 500. */
async function everyOutcome(h: Harness): Promise<{ responses: RawResponse[]; keys: string[] }> {
  const full = await h.keyward.keys.create({ name: 'full', ownerId: 'org_http' })
  const emailOnly = await h.keyward.keys.create({ name: 'email', scopes: ['email'] })
  const limited = await h.keyward.keys.create({ name: 'limited', keyType: 'test', limits: { perMinute: 1 } })
  const responses = [
    await get(h, full.key),
    await get(h),
    await get(h, emailOnly.key),
    await get(h, limited.key),
    await get(h, limited.key),
  ]
  h.setStore('throw')
  responses.push(await get(h, full.key))
  h.setStore('ok')
  return { responses, keys: [full.key, emailOnly.key, limited.key] }
}

const OUTCOMES = ['ok', 'UNAUTHORIZED', 'forbidden', 'ok', 'rate_limited', 'INTERNAL_ERROR']
const STATUSES = [200, 401, 403, 200, 429, 500]

describe.each(TARGETS.map((t) => [t.name, t] as const))('%s', (_name, target) => {
  it.each([false, true])(
    'T1, T2: one decision event, one span and one count per request, with its outcome (store promises: %s)',
    async (asyncStore) => {
      const events = collectEvents()
      const h = await start(target, { telemetry: events.hooks }, asyncStore)
      const { responses, keys } = await everyOutcome(h)
      await delivered()
      expect(responses.map((r) => r.status)).toEqual(STATUSES)
      expect(events.decisions.map((e) => e.outcome)).toEqual(OUTCOMES)
      expect(events.decisions.map((e) => e.status ?? 200)).toEqual(STATUSES)
      // The request id the client got is the event's.
      expect(events.decisions.map((e) => e.requestId)).toEqual(responses.map((r) => r.header('x-request-id')))
      expect(events.decisions[0]).toMatchObject({
        method: 'GET',
        path: '/api/v1/ip/lookup',
        ownerId: 'org_http',
        keyType: 'live',
      })
      expect(events.faults).toMatchObject([
        { phase: 'authenticate', operation: 'authorize', requestId: responses[5]!.header('x-request-id') },
      ])

      const spans = sdk.decisionSpans()
      expect(spans.map((s) => s.attributes['keyward.outcome'])).toEqual(OUTCOMES)
      expect(spans.map((s) => s.attributes['keyward.request_id'])).toEqual(
        responses.map((r) => r.header('x-request-id')),
      )
      expect(spans.map((s) => s.attributes['keyward.key_id'] ?? null)).toEqual(events.decisions.map((e) => e.keyId))
      expect(spans[0]!.attributes).toMatchObject({ 'keyward.owner_id': 'org_http', 'keyward.key_type': 'live' })
      // OpenTelemetry's HTTP attributes: the status only where keyward answered (the handler answers the rest).
      expect(spans.map((s) => s.attributes['http.response.status_code'] ?? null)).toEqual(
        STATUSES.map((s) => (s === 200 ? null : s)),
      )
      expect(
        spans.every(
          (s) => s.attributes['http.request.method'] === 'GET' && s.attributes['url.path'] === '/api/v1/ip/lookup',
        ),
      ).toBe(true)
      // http.route is the template the framework matched; Hono's middleware runs before routing and a
      // fetch handler is given no template: neither names one.
      const route =
        target.name === 'hono 4 (node-server)' || target.name.startsWith('fetch') ? undefined : '/api/v1/ip/lookup'
      expect(spans.map((s) => s.attributes['http.route'])).toEqual(Array(6).fill(route))
      expect(spans.map((s) => s.status.code)).toEqual([...Array(5).fill(SpanStatusCode.UNSET), SpanStatusCode.ERROR])
      const metrics = await sdk.collect()
      expect(metrics.countsBy('keyward.decisions', 'keyward.outcome')).toEqual({
        ok: 2,
        UNAUTHORIZED: 1,
        forbidden: 1,
        rate_limited: 1,
        INTERNAL_ERROR: 1,
      })
      expectNoSecret([events.all(), exportedSpans(sdk.spans()), metrics.exported], keys)
    },
  )

  it('T1: hooks that throw, reject, never settle or take seconds change and delay no response', async () => {
    const summary = (r: RawResponse) => ({
      status: r.status,
      code: r.status === 200 ? null : r.json().error.code,
      limit: r.header('x-ratelimit-remaining') ?? null,
    })
    const plain = await start(target, {}, true)
    const expected = (await everyOutcome(plain)).responses.map(summary)
    const called: string[] = []
    const hooked = await start(
      target,
      {
        telemetry: {
          onDecision: () => {
            called.push('decision')
            throw new Error('hook bug')
          },
          onLifecycle: () => {
            called.push('lifecycle')
            return new Promise(() => undefined)
          },
          onStoreFault: () => {
            called.push('fault')
            return new Promise((resolve) => setTimeout(resolve, 5000))
          },
        },
      },
      true,
    )
    const started = performance.now()
    const got = (await everyOutcome(hooked)).responses.map(summary)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(got).toEqual(expected)
    await delivered()
    expect(called.filter((c) => c === 'decision')).toHaveLength(6)
    expect(called.filter((c) => c === 'fault')).toHaveLength(1)
    expect(hooked.errors.filter((e) => (e as Error).message === 'hook bug')).toHaveLength(1)
  })
})
