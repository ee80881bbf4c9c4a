/**
 * The reference server's telemetry (T3), built on keyward's hooks:
 *
 * - `METRICS=1`: Prometheus text at `GET /metrics` (prom-client, a registry of the server's own),
 *   outside the API's paths and without a key: decisions by outcome, the store's answer time as a
 *   histogram, key lifecycle changes, store faults, and prom-client's default process metrics.
 * - `LOG_FORMAT=json`: one JSON line per request on stdout (pino): request id, method, path, status,
 *   outcome, key id, owner id and duration; lifecycle changes and store faults as lines of their own.
 *   Never a key: paths are masked and events hold none.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'
import {
  type DecisionEvent,
  type KeywardOptions,
  type LifecycleEvent,
  maskKeysInPath,
  type StoreFaultEvent,
} from '../src/index.js'
import { EnvError } from './env.js'
import { logFormatOf, type ServerLog } from './log.js'

export interface ServerTelemetry {
  /** The `telemetry` option for `createKeyward()`: hooks only when METRICS or LOG_FORMAT=json ask. */
  keywardOptions: Pick<KeywardOptions, 'telemetry'>
  /** Serves `/metrics` and logs each request, around the app's own request listener. */
  attach(server: Server): void
}

/** METRICS and LOG_FORMAT, checked as E6's other variables are: an EnvError names the bad one. */
export function parseTelemetryEnv(env: NodeJS.ProcessEnv): { metrics: boolean; logFormat: 'text' | 'json' } {
  const metrics = (env.METRICS ?? '').trim().toLowerCase()
  if (!['', '0', '1', 'false', 'true', 'off', 'on'].includes(metrics))
    throw new EnvError(`METRICS must be 1 or 0 (got ${JSON.stringify(env.METRICS)})`)
  const logFormat = logFormatOf(env)
  if (logFormat === null) throw new EnvError(`LOG_FORMAT must be text or json (got ${JSON.stringify(env.LOG_FORMAT)})`)
  return { metrics: metrics === '1' || metrics === 'true' || metrics === 'on', logFormat }
}

/**
 * @example
 * const telemetry = createServerTelemetry(process.env, config.keyPrefix, log) // throws EnvError
 * const keyward = createKeyward({ ...telemetry.keywardOptions })
 * telemetry.attach(app.server)
 */
export function createServerTelemetry(
  env: NodeJS.ProcessEnv,
  keyPrefix: string,
  serverLog: ServerLog,
): ServerTelemetry {
  const settings = parseTelemetryEnv(env)
  const metrics = settings.metrics ? createMetrics() : null
  const log =
    settings.logFormat === 'json' && serverLog.json !== null ? createRequestLog(keyPrefix, serverLog.json) : null
  if (metrics === null && log === null) return { keywardOptions: {}, attach: () => undefined }
  return {
    keywardOptions: {
      telemetry: {
        onDecision(event) {
          metrics?.decision(event)
          log?.decision(event)
        },
        onLifecycle(event) {
          metrics?.lifecycle(event)
          log?.logger.info({ ...event }, 'key lifecycle')
        },
        onStoreFault(event) {
          metrics?.fault(event)
          log?.logger.error({ ...event }, 'store fault')
        },
      },
    },
    attach: (server) => wrapRequests(server, metrics, log),
  }
}

/** Puts `/metrics` and the request log in front of the app's own request listeners. */
function wrapRequests(server: Server, metrics: Metrics | null, log: RequestLog | null): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]
  server.removeAllListeners('request')
  server.on('request', function telemetryFirst(req: IncomingMessage, res: ServerResponse) {
    if (log !== null) log.watch(req, res)
    if (metrics !== null && (req.url === '/metrics' || req.url?.startsWith('/metrics?')))
      return serveMetrics(metrics.registry, req, res)
    for (const listener of listeners) listener.call(server, req, res)
  })
}

function serveMetrics(registry: Registry, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n')
    return
  }
  // keyward tells its hooks on a timer set before it answered: a timer set now runs after those of
  // every response already sent, so a scrape counts each of them.
  setTimeout(() => registry.metrics().then(answer, fail), 0)
  function answer(body: string): void {
    res.writeHead(200, {
      'Content-Type': registry.contentType,
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  function fail(error: unknown): void {
    console.error('keyward: /metrics could not be collected:', error)
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n')
  }
}

/** The request log: decisions wait here, by request id, for their response to close. */
interface RequestLog {
  logger: Logger
  decision(event: DecisionEvent): void
  watch(req: IncomingMessage, res: ServerResponse): void
}

/** Decisions whose response never closes (none should) are dropped past this many. */
const PENDING_MAX = 10_000

function createRequestLog(keyPrefix: string, logger: Logger): RequestLog {
  const decisions = new Map<string, DecisionEvent>()
  function line(req: IncomingMessage, res: ServerResponse, start: number): void {
    const requestId = requestIdOf(res)
    const decision = requestId === null ? undefined : decisions.get(requestId)
    if (requestId !== null) decisions.delete(requestId)
    logger.info(
      {
        requestId,
        method: req.method ?? null,
        path: maskKeysInPath((req.url ?? '').split('?')[0]!, keyPrefix),
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

/** Decision outcomes (and fault phases) listed at zero from the start, so a dashboard sees every series at once. */
const OUTCOMES = [
  'ok',
  'UNAUTHORIZED',
  'INVALID_API_KEY_FORMAT',
  'INVALID_API_KEY',
  'API_KEY_REVOKED',
  'API_KEY_EXPIRED',
  'API_KEY_DISABLED',
  'forbidden',
  'rate_limited',
  'INTERNAL_ERROR',
]
/** Seconds, as keyward's OpenTelemetry histogram has them. */
const BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/** The server's metrics, fed by keyward's hooks, on a registry of its own (not prom-client's global one). */
interface Metrics {
  registry: Registry
  decision(event: DecisionEvent): void
  lifecycle(event: LifecycleEvent): void
  fault(event: StoreFaultEvent): void
}

function createMetrics(): Metrics {
  const registry = new Registry()
  const registers = [registry]
  const decisions = new Counter({
    name: 'keyward_decisions_total',
    help: 'Decisions of keyward, by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  })
  const store = new Histogram({
    name: 'keyward_store_duration_seconds',
    help: 'How long the store took to decide a request, in seconds.',
    labelNames: ['operation'] as const,
    buckets: BUCKETS,
    registers,
  })
  const lifecycle = new Counter({
    name: 'keyward_key_lifecycle_total',
    help: 'Keys created, updated, revoked and rotated (revoke-all counts each key).',
    labelNames: ['type'] as const,
    registers,
  })
  const faults = new Counter({
    name: 'keyward_store_faults_total',
    help: 'Store faults, by what keyward was doing.',
    labelNames: ['phase'] as const,
    registers,
  })
  for (const outcome of OUTCOMES) decisions.inc({ outcome }, 0)
  for (const phase of ['authenticate', 'usage', 'manage', 'events']) faults.inc({ phase }, 0)
  store.zero({ operation: 'authorize' })
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    decision(event) {
      decisions.inc({ outcome: event.outcome })
      if (event.storeMs !== null) store.observe({ operation: 'authorize' }, event.storeMs / 1000)
    },
    lifecycle: (event) => lifecycle.inc({ type: event.type }, event.type === 'revoked-all' ? event.count : 1),
    fault: (event) => faults.inc({ phase: event.phase }),
  }
}
