/**
 * T3: the reference server as `npm start` runs it. METRICS=1 serves Prometheus text at /metrics
 * (decisions by outcome, the store's answer time as a histogram, lifecycle counts), outside the
 * API's paths and without a key; LOG_FORMAT=json writes one JSON line per request with its request
 * id, status, outcome, key id and owner id. Neither ever holds a key.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { rawRequest } from '../adapters/support/raw-http.js'
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
  // With LOG_FORMAT=json the line is a JSON object: the address ends at the closing quote.
  return { server, base: /listening on (http:\/\/[^\s"]+)/.exec(line)![1]! }
}

interface LogLine {
  level: string
  time: string
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

const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)

/** Waits (bounded) until the server has logged `count` request lines. */
async function requestLines(server: ServerProcess, count: number): Promise<LogLine[]> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const lines = jsonLines(server.stdout()).filter((l) => l.msg === 'request')
    if (lines.length >= count) return lines
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`fewer than ${count} request lines in: ${server.stdout()}`)
}

/** The samples of one metric in Prometheus text, each with its labels (in any order). */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return [...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? (\S+)$/gm)]
    .filter((m) => m[1] === name)
    .map((m) => ({
      labels: Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!])),
      value: Number(m[3]),
    }))
}

/** The value of the one sample of `name` whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text, name).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)} in:\n${text}`)
  return found[0]!.value
}

/** One request of each outcome the reference server's demo keys can give, and their responses. */
async function everyOutcome(server: ServerProcess, base: string) {
  const live = /demo live key: ([^\s"]+)/.exec(server.stdout())![1]!
  const test = /demo test key: ([^\s"]+)/.exec(server.stdout())![1]!
  const created = await fetch(`${base}/api/dashboard/api-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'email only', scopes: ['email'], ownerId: 'org_t3' }),
  })
  const emailOnly = (await created.json()).data as { key: string; id: string }
  const ip = (key?: string) =>
    fetch(`${base}/api/v1/ip/lookup?ip=192.0.2.1`, { headers: key ? { Authorization: `Bearer ${key}` } : {} })
  const responses = [await ip(live), await ip(), await ip(`${live.slice(0, -6)}AAAAAA`), await ip(emailOnly.key)]
  for (let i = 0; i < 11; i++) responses.push(await ip(test)) // the test key's default limit is 10 a minute
  return { responses, keys: [live, test, emailOnly.key], emailOnly }
}

const OUTCOMES = ['ok', 'UNAUTHORIZED', 'INVALID_API_KEY_FORMAT', 'forbidden', ...Array(10).fill('ok'), 'rate_limited']

/** T3: what /metrics answers after `everyOutcome` (prom-client's text, label order its own). */
function expectMetrics(text: string): void {
  expect(text).toContain('# TYPE keyward_decisions_total counter\n')
  const decisions = (outcome: string) => sample(text, 'keyward_decisions_total', { outcome })
  expect(
    [
      'ok',
      'UNAUTHORIZED',
      'INVALID_API_KEY_FORMAT',
      'forbidden',
      'rate_limited',
      'INTERNAL_ERROR',
      'API_KEY_REVOKED',
    ].map(decisions),
  ).toEqual([11, 1, 1, 1, 1, 0, 0])
  expect(text).toContain('# TYPE keyward_store_duration_seconds histogram\n')
  const authorize = { operation: 'authorize' }
  const count = sample(text, 'keyward_store_duration_seconds_count', authorize)
  expect(count).toBe(13) // every decision but the one without a key and the malformed one
  expect(sample(text, 'keyward_store_duration_seconds_bucket', { ...authorize, le: '+Inf' })).toBe(count)
  const buckets = samples(text, 'keyward_store_duration_seconds_bucket')
  expect(buckets.map((b) => b.labels.le)).toEqual([...BUCKET_BOUNDS, '+Inf'])
  expect(buckets.map((b) => b.value)).toEqual(buckets.map((b) => b.value).sort((a, b) => a - b)) // cumulative
  expect(sample(text, 'keyward_store_duration_seconds_sum', authorize)).toBeGreaterThan(0)
  expect(sample(text, 'keyward_key_lifecycle_total', { type: 'created' })).toBe(3)
  expect(
    ['authenticate', 'usage', 'manage', 'events'].map((phase) => sample(text, 'keyward_store_faults_total', { phase })),
  ).toEqual([0, 0, 0, 0])
  expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
  expect(sample(text, 'process_start_time_seconds')).toBeGreaterThan(0)
}

/** Prometheus `le` labels of the store histogram, as prom-client writes them. */
const BUCKET_BOUNDS = [
  '0.0001',
  '0.00025',
  '0.0005',
  '0.001',
  '0.0025',
  '0.005',
  '0.01',
  '0.025',
  '0.05',
  '0.1',
  '0.25',
  '0.5',
  '1',
  '2.5',
]

describe.each(['fastify', 'express', 'hono'] as const)('FRAMEWORK=%s', (framework) => {
  it('T3: /metrics counts each outcome and the store time; one JSON line per request; never a key', {
    timeout: 60_000,
  }, async () => {
    const { server, base } = await start({ FRAMEWORK: framework, METRICS: '1', LOG_FORMAT: 'json' })
    const { responses, keys, emailOnly } = await everyOutcome(server, base)
    expect(responses.map((r) => r.status)).toEqual([200, 401, 401, 403, ...Array(10).fill(200), 429])

    const metrics = await fetch(`${base}/metrics`)
    expect(metrics.status).toBe(200)
    expect(metrics.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await metrics.text()
    expectMetrics(text)
    for (const key of keys) expect(text).not.toContain(key)
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405)

    const lines = await requestLines(server, responses.length + 3)
    const ids = responses.map((r) => r.headers.get('x-request-id'))
    // One line per request: each request id the clients got appears on exactly one line.
    expect(ids.map((id) => lines.filter((l) => l.requestId === id).length)).toEqual(ids.map(() => 1))
    const logged = ids.map((id) => lines.find((l) => l.requestId === id))
    expect(logged.map((l) => [l?.status, l?.outcome])).toEqual(responses.map((r, i) => [r.status, OUTCOMES[i]]))
    expect(logged[3]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      msg: 'request',
      requestId: ids[3],
      method: 'GET',
      path: '/api/v1/ip/lookup',
      status: 403,
      outcome: 'forbidden',
      keyId: emailOnly.id,
      ownerId: 'org_t3',
      durationMs: expect.any(Number),
    })
    expect(lines.find((l) => l.path === '/metrics')).toMatchObject({ status: 200, outcome: null, keyId: null })
    // The demo keys are printed once at start-up (E6, as JSON lines too); no other line holds a key.
    const demoLine = (l: LogLine) => l.msg.startsWith('demo ') || l.msg.startsWith('try: curl')
    const jsonText = jsonLines(server.stdout())
      .filter((l) => !demoLine(l))
      .map((l) => JSON.stringify(l))
      .join('\n')
    for (const key of keys) expect(jsonText).not.toContain(key)
    expect(server.stdout()).not.toContain(emailOnly.key)
    expect(jsonLines(server.stdout()).filter((l) => l.msg === 'key lifecycle')).toHaveLength(3)
  })
})

describe.each(['fastify', 'express', 'hono'] as const)('FRAMEWORK=%s, LOG_FORMAT=json', (framework) => {
  it('T3: every line of stdout and stderr is a JSON object, from start-up through requests and warnings', {
    timeout: 60_000,
  }, async () => {
    const { server, base } = await start({ FRAMEWORK: framework, LOG_FORMAT: 'json' })
    const { responses } = await everyOutcome(server, base)
    // A forwarded address the server does not trust: keyward warns once, as a JSON line too.
    await fetch(`${base}/api/v1/ping`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })
    await requestLines(server, responses.length + 2)
    const notJson = (text: string) =>
      text.split('\n').filter((line) => {
        if (line === '') return false
        try {
          return typeof JSON.parse(line) !== 'object'
        } catch {
          return true
        }
      })
    expect({ stdout: notJson(server.stdout()), stderr: notJson(server.stderr()) }).toEqual({ stdout: [], stderr: [] })
    const startUp = jsonLines(server.stdout()).map((l) => l.msg)
    expect(startUp).toContainEqual(
      expect.stringMatching(/^keyward reference server \(\w+, memory store\) listening on http:\/\/127\.0\.0\.1:\d+$/),
    )
    expect(startUp).toContainEqual(expect.stringMatching(/^demo live key: svc_live_\w+$/))
    expect(jsonLines(server.stderr())).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringContaining('X-Forwarded-For') }),
    )
  })
})

describe('A9: keys in the path of logged requests', () => {
  it('A9, T3: a key sent percent-encoded in the path is masked on the JSON log line, in every spelling', {
    timeout: 60_000,
  }, async () => {
    const { server, base } = await start({ LOG_FORMAT: 'json', KEY_PREFIX: 'acme' })
    const created = await fetch(`${base}/api/dashboard/api-keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'in the path' }),
    })
    const { key } = (await created.json()).data as { key: string }
    const rest = key.slice('acme_live_'.length)
    const paths = [
      `/api/v1/x/%61cme_live_${rest}`,
      `/api/v1/x/acme%5Flive%5F${rest}`,
      `/api/v1/x/acme%5flive%5f${rest}`,
      `/api/v1/x/%2561cme_live_${rest}`,
    ]
    // fetch() would normalise the path: sent as written, over a socket of its own.
    const port = Number(new URL(base).port)
    for (const path of paths)
      expect((await rawRequest(port, { path, headers: [['Authorization', `Bearer ${key}`]] })).status).toBe(404)
    const logged = (await requestLines(server, paths.length + 1)).slice(-paths.length)
    expect(logged.map((l) => l.path)).toEqual(paths.map(() => `/api/v1/x/acme_live_****${key.slice(-4)}`))
    expect(server.stdout()).not.toContain(rest.slice(0, 32))
  })
})

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
  ])(
    'T3: %j stops the server with exit code 2 and one line naming the variable',
    { timeout: 60_000 },
    async (env, message) => {
      const server = startServer({ PORT: '0', ...env })
      running.push(server)
      expect(await server.exited).toBe(2)
      expect(server.stderr().trim()).toBe(message)
    },
  )
})
