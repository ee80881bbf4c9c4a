/**
 * T3: the reference server as `npm start` runs it. METRICS=1 serves Prometheus text at /metrics
 * (decisions by outcome, the store's answer time as a histogram, lifecycle counts), outside the
 * API's paths and without a key; LOG_FORMAT=json writes one JSON line per request with its request
 * id, status, outcome, key id and owner id. Neither ever holds a key.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type ServerProcess, startServer } from '../server/support.js'

const TOKEN = 'dashboard-token-for-telemetry-tests'
const running: ServerProcess[] = []
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; base: string }> {
  const server = startServer({ PORT: '0', DASHBOARD_TOKEN: TOKEN, ...env })
  running.push(server)
  const line = await server.listening
  return { server, base: /listening on (http:\/\/\S+)/.exec(line)![1]! }
}

interface LogLine {
  level: string
  msg: string
  requestId: string | null
  method: string
  path: string
  status: number
  outcome: string | null
  keyId: string | null
  ownerId: string | null
  durationMs: number
}

const jsonLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine)

/** Waits (bounded) until the server has logged `count` request lines. */
async function requestLines(server: ServerProcess, count: number): Promise<LogLine[]> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const lines = jsonLines(server.stdout()).filter((l) => l.msg === 'request')
    if (lines.length >= count) return lines
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`fewer than ${count} request lines in: ${server.stdout()}`)
}

const sample = (text: string, name: string) => Number(new RegExp(`^${name.replace(/[{}"+.]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1])

describe.each(['fastify', 'express', 'hono'] as const)('FRAMEWORK=%s', (framework) => {
  it('T3: /metrics counts each outcome and the store time; one JSON line per request; never a key', { timeout: 60_000 }, async () => {
    const { server, base } = await start({ FRAMEWORK: framework, METRICS: '1', LOG_FORMAT: 'json' })
    const live = /demo live key: (\S+)/.exec(server.stdout())![1]!
    const test = /demo test key: (\S+)/.exec(server.stdout())![1]!
    const created = await fetch(`${base}/api/dashboard/api-keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'email only', scopes: ['email'], ownerId: 'org_t3' }),
    })
    const emailOnly = (await created.json()).data as { key: string; id: string }
    const ip = (key?: string) => fetch(`${base}/api/v1/ip/lookup?ip=192.0.2.1`, { headers: key ? { Authorization: `Bearer ${key}` } : {} })

    const responses = [await ip(live), await ip(), await ip(`${live.slice(0, -6)}AAAAAA`), await ip(emailOnly.key)]
    for (let i = 0; i < 11; i++) responses.push(await ip(test)) // the test key's default limit is 10 a minute
    expect(responses.map((r) => r.status)).toEqual([200, 401, 401, 403, ...Array(10).fill(200), 429])

    const metrics = await fetch(`${base}/metrics`)
    expect(metrics.status).toBe(200)
    expect(metrics.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await metrics.text()
    expect(text).toContain('# TYPE keyward_decisions_total counter\n')
    const decisions = (outcome: string) => sample(text, `keyward_decisions_total{outcome="${outcome}"}`)
    expect(['ok', 'UNAUTHORIZED', 'INVALID_API_KEY_FORMAT', 'forbidden', 'rate_limited', 'INTERNAL_ERROR'].map(decisions)).toEqual([11, 1, 1, 1, 1, 0])
    expect(text).toContain('# TYPE keyward_store_duration_seconds histogram\n')
    const count = sample(text, 'keyward_store_duration_seconds_count{operation="authorize"}')
    expect(count).toBe(13) // every decision but the one without a key and the malformed one
    expect(sample(text, 'keyward_store_duration_seconds_bucket{operation="authorize",le="+Inf"}')).toBe(count)
    const buckets = [...text.matchAll(/^keyward_store_duration_seconds_bucket\{[^}]*\} (\d+)$/gm)].map((m) => Number(m[1]))
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b)) // cumulative
    expect(sample(text, 'keyward_key_lifecycle_total{type="created"}')).toBe(3)
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    for (const key of [live, test, emailOnly.key]) expect(text).not.toContain(key)
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405)

    const lines = await requestLines(server, responses.length + 3)
    const byId = new Map(lines.map((l) => [l.requestId, l]))
    const logged = responses.map((r) => byId.get(r.headers.get('x-request-id')))
    expect(logged.map((l) => [l?.status, l?.outcome])).toEqual(responses.map((r, i) => [r.status, expectedOutcome(i)]))
    expect(logged[3]).toMatchObject({ level: 'info', method: 'GET', path: '/api/v1/ip/lookup', keyId: emailOnly.id, ownerId: 'org_t3' })
    expect(logged[3]!.durationMs).toBeGreaterThanOrEqual(0)
    expect(lines.find((l) => l.path === '/metrics')).toMatchObject({ status: 200, outcome: null, keyId: null })
    const jsonText = jsonLines(server.stdout()).map((l) => JSON.stringify(l)).join('\n')
    for (const key of [live, test, emailOnly.key]) expect(jsonText).not.toContain(key)
    expect(jsonLines(server.stdout()).filter((l) => l.msg === 'key lifecycle')).toHaveLength(3)
  })
})

function expectedOutcome(index: number): string {
  return ['ok', 'UNAUTHORIZED', 'INVALID_API_KEY_FORMAT', 'forbidden', ...Array(10).fill('ok'), 'rate_limited'][index]!
}

describe('T3 off by default, and checked', () => {
  it('T3: without METRICS, /metrics is not served and stdout has no JSON lines', { timeout: 60_000 }, async () => {
    const { server, base } = await start({})
    const response = await fetch(`${base}/metrics`)
    expect(response.headers.get('content-type') ?? '').not.toContain('version=0.0.4')
    await response.arrayBuffer()
    await fetch(`${base}/api/v1/ip/lookup?ip=192.0.2.1`)
    expect(jsonLines(server.stdout())).toEqual([])
  })

  it.each([
    [{ METRICS: 'yes' }, 'keyward: invalid environment: METRICS must be 1 or 0 (got "yes")'],
    [{ LOG_FORMAT: 'xml' }, 'keyward: invalid environment: LOG_FORMAT must be text or json (got "xml")'],
  ])('T3: %j stops the server with exit code 2 and one line naming the variable', { timeout: 60_000 }, async (env, message) => {
    const server = startServer({ PORT: '0', ...env })
    running.push(server)
    expect(await server.exited).toBe(2)
    expect(server.stderr().trim()).toBe(message)
  })
})
