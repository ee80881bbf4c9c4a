/**
 * The reference server's telemetry (T3), built on keyward's hooks:
 *
 * - `METRICS=1`: Prometheus text at `GET /metrics`, outside the API's paths and without a key:
 *   decisions by outcome, the store's answer time as a histogram, key lifecycle changes, store
 *   faults, and the process's memory and start time.
 * - `LOG_FORMAT=json`: one JSON line per request on stdout (pino): request id, method, path, status,
 *   outcome, key id, owner id and duration; lifecycle changes and store faults as lines of their own.
 *   Never a key: paths are masked and events hold none.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { pino, type Logger } from 'pino'
import { maskKeysIn, type KeywardOptions } from '../src/index.js'
import { EnvError } from './env.js'

// The hooks' event types, read off the public option type.
type Hooks = NonNullable<KeywardOptions['telemetry']>
type DecisionEvent = Parameters<NonNullable<Hooks['onDecision']>>[0]
type LifecycleEvent = Parameters<NonNullable<Hooks['onLifecycle']>>[0]
type StoreFaultEvent = Parameters<NonNullable<Hooks['onStoreFault']>>[0]

export interface ServerTelemetry {
  /** The `telemetry` option for `createKeyward()`: hooks only when METRICS or LOG_FORMAT=json ask. */
  keywardOptions: Pick<KeywardOptions, 'telemetry'>
  /** Serves `/metrics` and logs each request, around the app's own request listener. */
  attach(server: Server): void
}

/** METRICS and LOG_FORMAT, checked as E6's other variables are: an EnvError names the bad one. */
export function parseTelemetryEnv(env: NodeJS.ProcessEnv): { metrics: boolean; logFormat: 'text' | 'json' } {
  const metrics = (env.METRICS ?? '').trim().toLowerCase()
  if (!['', '0', '1', 'false', 'true', 'off', 'on'].includes(metrics)) throw new EnvError(`METRICS must be 1 or 0 (got ${JSON.stringify(env.METRICS)})`)
  const logFormat = (env.LOG_FORMAT ?? '').trim().toLowerCase() || 'text'
  if (logFormat !== 'text' && logFormat !== 'json') throw new EnvError(`LOG_FORMAT must be text or json (got ${JSON.stringify(env.LOG_FORMAT)})`)
  return { metrics: metrics === '1' || metrics === 'true' || metrics === 'on', logFormat }
}

/**
 * @example
 * const telemetry = createServerTelemetry(process.env, config.keyPrefix) // throws EnvError
 * const keyward = createKeyward({ ...telemetry.keywardOptions })
 * telemetry.attach(app.server)
 */
export function createServerTelemetry(env: NodeJS.ProcessEnv, keyPrefix: string): ServerTelemetry {
  const { metrics, logFormat } = parseTelemetryEnv(env)
  const registry = metrics ? createRegistry() : null
  const log = logFormat === 'json' ? createRequestLog(keyPrefix) : null
  if (registry === null && log === null) return { keywardOptions: {}, attach: () => undefined }
  return {
    keywardOptions: {
      telemetry: {
        onDecision(event) {
          registry?.decision(event)
          log?.decision(event)
        },
        onLifecycle(event) {
          registry?.lifecycle(event)
          log?.logger.info({ ...event }, 'key lifecycle')
        },
        onStoreFault(event) {
          registry?.fault(event)
          log?.logger.error({ ...event }, 'store fault')
        },
      },
    },
    attach: (server) => wrapRequests(server, registry, log),
  }
}

/** Puts `/metrics` and the request log in front of the app's own request listeners. */
function wrapRequests(server: Server, registry: Registry | null, log: RequestLog | null): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]
  server.removeAllListeners('request')
  server.on('request', function telemetryFirst(req: IncomingMessage, res: ServerResponse) {
    if (log !== null) log.watch(req, res)
    if (registry !== null && (req.url === '/metrics' || req.url?.startsWith('/metrics?'))) return serveMetrics(registry, req, res)
    for (const listener of listeners) listener.call(server, req, res)
  })
}

function serveMetrics(registry: Registry, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n')
    return
  }
  const body = registry.render()
  res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** The request log: decisions wait here, by request id, for their response to close. */
interface RequestLog {
  logger: Logger
  decision(event: DecisionEvent): void
  watch(req: IncomingMessage, res: ServerResponse): void
}

/** Decisions whose response never closes (none should) are dropped past this many. */
const PENDING_MAX = 10_000

function createRequestLog(keyPrefix: string): RequestLog {
  const logger = pino(
    { base: null, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    pino.destination({ dest: 1, sync: true }),
  )
  const decisions = new Map<string, DecisionEvent>()
  function line(req: IncomingMessage, res: ServerResponse, start: number): void {
    const requestId = requestIdOf(res)
    const decision = requestId === null ? undefined : decisions.get(requestId)
    if (requestId !== null) decisions.delete(requestId)
    logger.info(
      {
        requestId,
        method: req.method ?? null,
        path: maskKeysIn((req.url ?? '').split('?')[0]!.slice(0, 2048), keyPrefix),
        // 499: the client closed the connection before the response was complete.
        status: res.writableFinished ? res.statusCode : 499,
        outcome: decision?.outcome ?? null,
        keyId: decision?.keyId ?? null,
        ownerId: decision?.ownerId ?? null,
        durationMs: Math.round((performance.now() - start) * 1000) / 1000,
      },
      'request',
    )
  }
  return {
    logger,
    decision(event) {
      decisions.set(event.requestId, event)
      if (decisions.size > PENDING_MAX) decisions.delete(decisions.keys().next().value!)
    },
    watch(req, res) {
      const start = performance.now()
      // keyward tells its hooks on a timer set when it decided, so a timer set now runs after them.
      res.once('close', () => setTimeout(line, 0, req, res, start))
    },
  }
}

/**
 * The X-Request-ID the response was sent with. Fastify and Hono hand their headers to writeHead,
 * which getHeader does not see; the head as sent holds them on all three frameworks.
 */
function requestIdOf(res: ServerResponse): string | null {
  const set = res.getHeader('x-request-id')
  if (typeof set === 'string') return set
  const head = (res as { _header?: unknown })._header
  return typeof head === 'string' ? (/^x-request-id: *([^\r\n]+)/im.exec(head)?.[1] ?? null) : null
}

/** Decision outcomes listed at zero from the start, so a dashboard sees every series at once. */
const OUTCOMES = ['ok', 'UNAUTHORIZED', 'INVALID_API_KEY_FORMAT', 'INVALID_API_KEY', 'API_KEY_REVOKED', 'API_KEY_EXPIRED', 'forbidden', 'rate_limited', 'INTERNAL_ERROR']
/** Seconds, as keyward's OpenTelemetry histogram has them. */
const BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

interface Registry {
  decision(event: DecisionEvent): void
  lifecycle(event: LifecycleEvent): void
  fault(event: StoreFaultEvent): void
  render(): string
}

function createRegistry(): Registry {
  const decisions = new Map<string, number>(OUTCOMES.map((outcome) => [outcome, 0]))
  const lifecycle = new Map<string, number>()
  const faults = new Map<string, number>()
  const store = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }
  const add = (counts: Map<string, number>, label: string, by = 1) => counts.set(label, (counts.get(label) ?? 0) + by)
  return {
    decision(event) {
      add(decisions, event.outcome)
      if (event.storeMs === null) return
      const seconds = event.storeMs / 1000
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) store.buckets[i]!++
      store.sum += seconds
      store.count++
    },
    lifecycle: (event) => add(lifecycle, event.type, event.type === 'revoked-all' ? event.count : 1),
    fault: (event) => add(faults, event.phase),
    render: () =>
      [
        counter('keyward_decisions_total', 'Decisions of keyward, by outcome.', 'outcome', decisions),
        histogram('keyward_store_duration_seconds', 'How long the store took to decide a request, in seconds.', 'operation="authorize"', store),
        counter('keyward_key_lifecycle_total', 'Keys created, updated, revoked and rotated (revoke-all counts each key).', 'type', lifecycle),
        counter('keyward_store_faults_total', 'Store faults, by what keyward was doing.', 'phase', faults),
        processMetrics(),
      ].join(''),
  }
}

/** A label value in the text format: backslash, quote and newline escaped. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')

function counter(name: string, help: string, label: string, counts: Map<string, number>): string {
  let text = `# HELP ${name} ${help}\n# TYPE ${name} counter\n`
  for (const [value, count] of counts) text += `${name}{${label}="${labelValue(value)}"} ${count}\n`
  return text
}

function histogram(name: string, help: string, labels: string, h: { buckets: number[]; sum: number; count: number }): string {
  let text = `# HELP ${name} ${help}\n# TYPE ${name} histogram\n`
  BUCKETS.forEach((le, i) => (text += `${name}_bucket{${labels},le="${le}"} ${h.buckets[i]}\n`))
  text += `${name}_bucket{${labels},le="+Inf"} ${h.count}\n${name}_sum{${labels}} ${h.sum}\n${name}_count{${labels}} ${h.count}\n`
  return text
}

function processMetrics(): string {
  const start = Math.round((Date.now() - performance.now()) / 10) / 100
  return (
    `# HELP process_resident_memory_bytes Resident memory size in bytes.\n# TYPE process_resident_memory_bytes gauge\n` +
    `process_resident_memory_bytes ${process.memoryUsage.rss()}\n` +
    `# HELP process_start_time_seconds Start time of the process since the Unix epoch, in seconds.\n# TYPE process_start_time_seconds gauge\n` +
    `process_start_time_seconds ${start}\n`
  )
}
