/**
 * What telemetry records of a decision someone listens to (T1, T2): the store's time and the key it
 * found, the span, the count and the hook's event; and store faults as hooks see them. Decisions
 * nobody listens to run none of it.
 */
import type { Span, Tracer } from '@opentelemetry/api'
import type { AuthorizeStep } from '../core/fused-authorize.js'
import { maskKeysIn, maskKeysInPath, METHOD_MAX, storedText } from '../core/key-format.js'
import { isPromise } from '../core/store-calls.js'
import type { DecisionEvent, DecisionOutcome, StoreFaultEvent } from '../core/telemetry-events.js'
import type { AuthDecision, AuthorizeInput, AuthorizeOutcome, Awaitable, KeyType, RequestView } from '../core/types.js'
import type { Deliver } from './dispatch.js'
import { type Api, endDecisionSpan, type Instruments, startDecisionSpan } from './open-telemetry.js'

/** A key as events name it. */
interface KeyFacts {
  id: string
  ownerId: string | null
  keyType: KeyType
}

export class Observation {
  readonly start = performance.now()
  storeMs: number | null = null
  key: KeyFacts | null = null
  constructor(
    readonly request: RequestView,
    readonly instruments: Instruments | null,
    readonly span: Span | null,
  ) {}
}
/** The `keyward.store.duration` histogram, when the API is loaded. */
export interface StoreMetrics {
  current: (() => Instruments | null) | undefined
  record(instruments: Instruments | null, operation: string, ms: number, failed: boolean): void
}

/** Which store call a fault reported through `onError` came from. */
export function operationOf(phase: StoreFaultEvent['phase'], requestId: string): string | null {
  if (phase === 'usage') return 'usage.append'
  if (phase === 'charge') return 'limiter.charge'
  // The failed-authentication guard reports with no request; the authorize step with its request.
  return phase === 'authenticate' && requestId !== '' ? 'authorize' : null
}

/** A fault as hooks see it: its name, code and message, with keys and key hashes masked. */
export function faultEvent(
  error: unknown,
  phase: StoreFaultEvent['phase'],
  operation: string | null,
  requestId: string | null,
  keyPrefix: string,
): StoreFaultEvent {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown
    message?: unknown
    code?: unknown
  }
  const message = typeof e.message === 'string' ? e.message : String(error)
  return {
    phase,
    operation,
    requestId,
    error: {
      name: typeof e.name === 'string' ? e.name : typeof error,
      message: maskKeysIn(message.slice(0, 1000), keyPrefix).replace(/[0-9a-fA-F]{64}/g, '<hash>'),
      code: typeof e.code === 'string' ? e.code : null,
    },
  }
}

/** What the decision path of one instance records with. */
export interface Watch {
  api: Api | null
  onDecision: ((event: DecisionEvent) => unknown) | undefined
  deliver: Deliver
  metrics: StoreMetrics
  keyPrefix: string
  /** The HTTP methods the span names as they are; others are `_OTHER`. */
  methods: ReadonlySet<string>
}

export function watchStore(
  w: Watch,
  o: Observation,
  authorize: AuthorizeStep['authorize'],
  input: AuthorizeInput,
): Awaitable<AuthorizeOutcome> {
  const start = performance.now()
  let outcome: Awaitable<AuthorizeOutcome>
  try {
    outcome = authorize(input)
  } catch (error) {
    storeSettled(w, o, start, null)
    throw error
  }
  if (!isPromise(outcome)) {
    storeSettled(w, o, start, outcome)
    return outcome
  }
  return outcome.then(
    (settled) => {
      storeSettled(w, o, start, settled)
      return settled
    },
    (error: unknown) => {
      storeSettled(w, o, start, null)
      throw error
    },
  )
}

/** The store answered (`outcome`) or failed (null): its time, and the key it found. */
function storeSettled(w: Watch, o: Observation, start: number, outcome: AuthorizeOutcome | null): void {
  o.storeMs = performance.now() - start
  if (outcome !== null && outcome.result !== 'blocked' && outcome.result !== 'unknown') o.key = outcome.key
  w.metrics.record(o.instruments, 'authorize', o.storeMs, outcome === null)
}

/** The decision is made: the count, the span's end, and the event for the hook. */
export function finish(w: Watch, o: Observation, decision: AuthDecision): void {
  const outcome: DecisionOutcome = decision.ok ? 'ok' : decision.error.code
  const key = decision.ok ? decision.apiKey : o.key
  const status = decision.ok ? null : decision.response.status
  o.instruments?.decisions?.count(outcome)
  try {
    if (o.span !== null) endDecisionSpan(w.api!, o.span, { outcome, status, requestId: decision.requestId, key })
  } catch {
    // Telemetry never turns a decision into an exception: an SDK that throws loses this span.
  }
  if (w.onDecision !== undefined)
    w.deliver('onDecision', w.onDecision, decisionEvent(o, decision.requestId, outcome, status, key, w.keyPrefix))
}

/** The decision's span; null when the SDK throws starting it. */
export function startSpan(w: Watch, tracer: Tracer, request: RequestView): Span | null {
  try {
    return startDecisionSpan(w.api!, tracer, spanRequest(request, w.keyPrefix), w.methods)
  } catch {
    return null
  }
}

/** Store clients' own spans (a Redis instrumentation's) become children of the decision's. */
export function withSpan<T>(api: Api, span: Span, run: () => T): T {
  return api.context.with(api.trace.setSpan(api.context.active(), span), run)
}

function spanRequest(
  request: RequestView,
  keyPrefix: string,
): { method: string | null; path: string | null; route: string | null } {
  return { method: methodOf(request, keyPrefix), path: pathOf(request, keyPrefix), route: routeOf(request, keyPrefix) }
}

// A caller of authenticate() may pass anything: what is not text is left out, never thrown on.
const methodOf = (request: RequestView, keyPrefix: string) =>
  typeof request.method === 'string' ? storedText(request.method, keyPrefix, METHOD_MAX) : null
const pathOf = (request: RequestView, keyPrefix: string) =>
  typeof request.path === 'string' ? maskKeysInPath(request.path, keyPrefix) : null
const routeOf = (request: RequestView, keyPrefix: string) =>
  typeof request.route === 'string' ? maskKeysInPath(request.route, keyPrefix) : null

function decisionEvent(
  o: Observation,
  requestId: string,
  outcome: DecisionOutcome,
  status: number | null,
  key: KeyFacts | null,
  keyPrefix: string,
): DecisionEvent {
  return {
    outcome,
    status,
    keyId: key?.id ?? null,
    ownerId: key?.ownerId ?? null,
    keyType: key?.keyType ?? null,
    method: methodOf(o.request, keyPrefix),
    path: pathOf(o.request, keyPrefix),
    route: routeOf(o.request, keyPrefix),
    requestId,
    durationMs: performance.now() - o.start,
    storeMs: o.storeMs,
  }
}
