/**
 * Telemetry of one keyward instance (T1, T2): the decision hook, spans and metrics around
 * `authenticate()`, store durations and faults, lifecycle events. When no hook is given and no
 * OpenTelemetry API is loaded, `createTelemetry` returns null and keyward runs unwrapped.
 *
 * A decision is watched by an Observation made only when someone listens (`events.ts` records it);
 * it then runs the `authenticate()` built over the watched authorize step, which finds it in
 * `pending`: `authenticate()` calls the step synchronously, so the observation set just before is
 * the request's own, whatever the step then waits on. A decision nobody listens to asks which
 * OpenTelemetry providers are registered now, and runs the plain `authenticate()`.
 */
import type { Meter, MeterProvider, ObservableResult, Tracer, TracerProvider } from '@opentelemetry/api'
import type { Authenticate } from '../core/authenticate.js'
import type { AuthorizeStep } from '../core/fused-authorize.js'
import type { KeywardSettings } from '../core/keyward-options.js'
import { isPromise, type StoreObserver } from '../core/store-calls.js'
import type {
  DecisionEvent,
  DecisionOutcome,
  HookName,
  LifecycleEvent,
  StoreFaultEvent,
} from '../core/telemetry-events.js'
import type { AuthDecision, Awaitable } from '../core/types.js'
import { createHookDispatcher, type Deliver } from './dispatch.js'
import { faultEvent, finish, Observation, operationOf, startSpan, type StoreMetrics, type Watch } from './events.js'
import { watchStore, withSpan } from './events.js'
import { type Api, createAttributeCache, type DecisionTally, type Instruments } from './open-telemetry.js'
import { knownHttpMethods, loadOpenTelemetry } from './open-telemetry.js'

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
                fault?.(faultEvent(error, phaseOf(operation), operation, null, keyPrefix))
              } catch {
                // An error that cannot even be described still rejects to the caller; the hook misses it.
              }
            },
          },
    storeFault:
      fault &&
      ((error, requestId, phase) => {
        // Key manager and outbox faults reach the hook through the store calls, which name the operation.
        if (phase !== 'manage' && phase !== 'events')
          fault(faultEvent(error, phase, operationOf(phase, requestId), requestId || null, keyPrefix))
      }),
    lifecycle: onLifecycle && ((event) => deliver('onLifecycle', onLifecycle, event)),
  }
}

/** What keyward was doing when a store call named `operation` failed. */
function phaseOf(operation: string): 'usage' | 'events' | 'manage' {
  return operation.startsWith('usage.') ? 'usage' : operation.startsWith('outbox.') ? 'events' : 'manage'
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

const SCOPE = 'keyward'
/** Seconds: a memory store answers in microseconds, a remote one in milliseconds, a timeout in one. */
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/**
 * One tally per meter provider, shared by every keyward instance of the process: each decision is
 * a Map increment instead of an SDK record (which hashes its attributes every time), and the
 * provider reads the running totals through an observable counter, the same monotonic sum a
 * counter exports. A provider registered later starts from zero.
 */
const tallies = new WeakMap<MeterProvider, DecisionTally>()

function tallyOf(meters: MeterProvider, meter: Meter): DecisionTally {
  let tally = tallies.get(meters)
  if (tally === undefined) {
    const counts = new Map<DecisionOutcome, number>()
    const attributes = createAttributeCache()
    meter
      .createObservableCounter('keyward.decisions', {
        description: 'Decisions of keyward, by outcome',
        unit: '{decision}',
      })
      .addCallback((result: ObservableResult) => {
        for (const [outcome, count] of counts) result.observe(count, attributes.outcome(outcome))
      })
    tally = { count: (outcome) => void counts.set(outcome, (counts.get(outcome) ?? 0) + 1) }
    tallies.set(meters, tally)
  }
  return tally
}

/** The global tracer provider as the API hands it out: a proxy for the SDK's, once one is set. */
interface ProxyProvider extends TracerProvider {
  getDelegate?(): TracerProvider
  getDelegateTracer?(name: string): Tracer | undefined
}

/**
 * The instruments of the providers registered now, or null while none is: a provider registered
 * after `createKeyward()` is picked up by the next decision. An SDK that throws gives null, and
 * the decision goes on without telemetry.
 */
export function createInstrumentSource(api: Api): () => Instruments | null {
  let tracerSource: unknown
  let meterProvider: unknown
  let instruments: Instruments | null = null
  return function currentInstruments() {
    try {
      const proxy = api.trace.getTracerProvider() as ProxyProvider
      const source = typeof proxy.getDelegate === 'function' ? proxy.getDelegate() : proxy
      const meters = api.metrics.getMeterProvider()
      if (source !== tracerSource || meters !== meterProvider) {
        tracerSource = source
        meterProvider = meters
        instruments = instrumentsOf(api, proxy, meters)
      }
      return instruments
    } catch {
      return null
    }
  }
}

function instrumentsOf(api: Api, proxy: ProxyProvider, meters: MeterProvider): Instruments | null {
  // A proxy without a delegate hands out no-op spans: no SDK is registered.
  const tracer =
    typeof proxy.getDelegateTracer === 'function' ? (proxy.getDelegateTracer(SCOPE) ?? null) : proxy.getTracer(SCOPE)
  const meter: Meter = meters.getMeter(SCOPE)
  const metered = typeof api.createNoopMeter !== 'function' || meter !== api.createNoopMeter()
  if (tracer === null && !metered) return null
  return {
    tracer,
    decisions: metered ? tallyOf(meters, meter) : null,
    storeDuration: metered
      ? meter.createHistogram('keyward.store.duration', {
          description: 'How long keyward waited on its stores',
          unit: 's',
          advice: { explicitBucketBoundaries: STORE_BUCKETS },
        })
      : null,
  }
}
