/**
 * Telemetry of one keyward instance (T1, T2): the decision hook, spans and metrics around
 * `authenticate()`, store durations and faults, lifecycle events. When no hook is given and no
 * OpenTelemetry API is loaded, `createTelemetry` returns null and keyward runs unwrapped.
 *
 * A decision is watched by an Observation made only when someone listens. The authorize step
 * (wrapped once) finds it in `pending`: `authenticate()` calls the step synchronously, so the
 * observation set just before is the request's own, whatever the step then waits on.
 */
import type { Span, Tracer } from '@opentelemetry/api'
import type { Authenticate } from '../core/authenticate.js'
import type { AuthorizeStep } from '../core/fused-authorize.js'
import { maskKeysIn, maskKeysInPath, METHOD_MAX, storedText } from '../core/key-format.js'
import type { KeywardSettings } from '../core/keyward-options.js'
import { isPromise, type StoreObserver } from '../core/store-calls.js'
import type { AuthDecision, AuthorizeInput, AuthorizeOutcome, Awaitable, KeyType, RequestView } from '../core/types.js'
import { createHookDispatcher, type Deliver } from './dispatch.js'
import type {
  DecisionEvent,
  DecisionOutcome,
  HookName,
  LifecycleEvent,
  StoreFaultEvent,
} from '../core/telemetry-events.js'
import {
  type Api,
  createAttributeCache,
  createInstrumentSource,
  endDecisionSpan,
  type Instruments,
  knownHttpMethods,
  loadOpenTelemetry,
  startDecisionSpan,
} from './open-telemetry.js'

/** What keyward wires in when someone listens. */
export interface Telemetry {
  /** The authorize step, timed and watched for the key it found. */
  observeStep(step: AuthorizeStep): AuthorizeStep
  /** `authenticate`, watched: a decision someone listens to runs `watched`, built over `observeStep`'s step. */
  observeAuthenticate(authenticate: Authenticate, watched: Authenticate): Authenticate
  /** Durations and faults of the store calls keyward names (key manager, usage queries); undefined when no one listens. */
  storeObserver: StoreObserver | undefined
  /** A fault `onError` is told of, told to `onStoreFault` too; undefined when no one listens. */
  storeFault: ((error: unknown, requestId: string, phase: StoreFaultEvent['phase']) => void) | undefined
  lifecycle: ((event: LifecycleEvent) => void) | undefined
}

/** A key as events name it. */
interface KeyFacts {
  id: string
  ownerId: string | null
  keyType: KeyType
}

class Observation {
  readonly start = performance.now()
  storeMs: number | null = null
  key: KeyFacts | null = null
  constructor(
    readonly request: RequestView,
    readonly instruments: Instruments | null,
    readonly span: Span | null,
  ) {}
}

export function createTelemetry(settings: KeywardSettings): Telemetry | null {
  const { onDecision, onLifecycle, onStoreFault, openTelemetry } = settings.telemetry
  const api = openTelemetry ? loadOpenTelemetry() : null
  if (api === null && onDecision === undefined && onLifecycle === undefined && onStoreFault === undefined) return null
  const deliver = createHookDispatcher((error, hook) => reportHookFailure(settings, error, hook))
  const metrics = createStoreMetrics(api)
  const keyPrefix = settings.keyPrefix
  const decisions = createDecisionWatch(api, onDecision, deliver, metrics, keyPrefix)
  const fault = onStoreFault && ((event: StoreFaultEvent) => deliver('onStoreFault', onStoreFault, event))
  return {
    observeStep: decisions.observeStep,
    observeAuthenticate: decisions.observeAuthenticate,
    storeObserver:
      api === null && fault === undefined
        ? undefined
        : {
            settled: (operation, ms, failed) => metrics.record(metrics.current?.() ?? null, operation, ms, failed),
            fault(error, operation) {
              try {
                fault?.(
                  faultEvent(error, operation.startsWith('usage.') ? 'usage' : 'manage', operation, null, keyPrefix),
                )
              } catch {
                // An error that cannot even be described still rejects to the caller; the hook misses it.
              }
            },
          },
    storeFault:
      fault &&
      ((error, requestId, phase) => {
        // Key manager faults reach the hook through the store calls, which name the operation.
        if (phase !== 'manage')
          fault(faultEvent(error, phase, operationOf(phase, requestId), requestId || null, keyPrefix))
      }),
    lifecycle: onLifecycle && ((event) => deliver('onLifecycle', onLifecycle, event)),
  }
}

/** The failure of a host's hook: told once per hook, to `onError` when given, else the console. */
function reportHookFailure(settings: KeywardSettings, error: unknown, hook: HookName): void {
  if (settings.onError) settings.onError(error, { requestId: '', phase: 'hook' })
  else
    console.error(
      `keyward: the telemetry hook ${hook} failed; keyward goes on calling it and reports only this first failure:`,
      error,
    )
}

/** The `keyward.store.duration` histogram, when the API is loaded. */
interface StoreMetrics {
  current: (() => Instruments | null) | undefined
  record(instruments: Instruments | null, operation: string, ms: number, failed: boolean): void
}

function createStoreMetrics(api: Api | null): StoreMetrics {
  const attributes = createAttributeCache()
  return {
    current: api === null ? undefined : createInstrumentSource(api),
    record(instruments, operation, ms, failed) {
      try {
        instruments?.storeDuration?.record(ms / 1000, attributes.store(operation, failed))
      } catch {
        // An SDK that throws loses this record; the store's answer stands.
      }
    },
  }
}

/** Which store call a fault reported through `onError` came from. */
function operationOf(phase: StoreFaultEvent['phase'], requestId: string): string | null {
  if (phase === 'usage') return 'usage.append'
  // The failed-authentication guard reports with no request; the authorize step with its request.
  return phase === 'authenticate' && requestId !== '' ? 'authorize' : null
}

/** A fault as hooks see it: its name, code and message, with keys and key hashes masked. */
function faultEvent(
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
interface Watch {
  api: Api | null
  onDecision: ((event: DecisionEvent) => unknown) | undefined
  deliver: Deliver
  metrics: StoreMetrics
  keyPrefix: string
  /** The HTTP methods the span names as they are; others are `_OTHER`. */
  methods: ReadonlySet<string>
}

/** The decision path: wraps the authorize step and `authenticate()` of one instance. */
function createDecisionWatch(
  api: Api | null,
  onDecision: ((event: DecisionEvent) => unknown) | undefined,
  deliver: Deliver,
  metrics: StoreMetrics,
  keyPrefix: string,
): Pick<Telemetry, 'observeStep' | 'observeAuthenticate'> {
  // Nothing listens to decisions (only lifecycle or fault hooks): the decision path stays as it is.
  if (api === null && onDecision === undefined)
    return { observeStep: (step) => step, observeAuthenticate: (authenticate) => authenticate }
  const w: Watch = { api, onDecision, deliver, metrics, keyPrefix, methods: knownHttpMethods() }
  const currentInstruments = metrics.current
  let pending: Observation | null = null
  return {
    observeStep(step) {
      const authorize = step.authorize
      return {
        ...step,
        authorize: function observedAuthorize(input) {
          const o = pending
          if (o === null) return authorize(input)
          pending = null
          return watchStore(w, o, authorize, input)
        },
      }
    },
    observeAuthenticate(authenticate, watched) {
      return function observedAuthenticate(request, route) {
        const instruments = currentInstruments === undefined ? null : currentInstruments()
        if (instruments === null && onDecision === undefined) return authenticate(request, route)
        const span = instruments?.tracer ? startSpan(w, instruments.tracer, request) : null
        const o = new Observation(request, instruments, span)
        let decision: Awaitable<AuthDecision>
        pending = o
        try {
          decision = span?.isRecording() ? withSpan(api!, span, () => watched(request, route)) : watched(request, route)
        } finally {
          pending = null
        }
        if (isPromise(decision)) decision.then((d) => finish(w, o, d))
        else finish(w, o, decision)
        return decision
      }
    },
  }
}

function watchStore(
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
function finish(w: Watch, o: Observation, decision: AuthDecision): void {
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
function startSpan(w: Watch, tracer: Tracer, request: RequestView): Span | null {
  try {
    return startDecisionSpan(w.api!, tracer, spanRequest(request, w.keyPrefix), w.methods)
  } catch {
    return null
  }
}

/** Store clients' own spans (a Redis instrumentation's) become children of the decision's. */
function withSpan<T>(api: Api, span: Span, run: () => T): T {
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
