/**
 * A small OpenTelemetry SDK of the tests' own: a TracerProvider, a MeterProvider and a context
 * manager implementing `@opentelemetry/api`'s interfaces, registered globally as an application
 * registers the real SDK. It keeps every span and every measurement for the tests to read.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import {
  type Attributes,
  type AttributeValue,
  type Context,
  type ContextManager,
  context,
  createNoopMeter,
  type Meter,
  type MeterProvider,
  metrics,
  type MetricOptions,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  type SpanKind,
  type SpanOptions,
  type SpanStatus,
  trace,
  TraceFlags,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api'

export interface RecordedSpan {
  name: string
  kind: SpanKind | undefined
  attributes: Record<string, AttributeValue>
  status: SpanStatus | undefined
  /** Milliseconds of performance.now(). */
  start: number
  end: number | null
  traceId: string
  spanId: string
  parentSpanId: string | null
}

export interface Measurement {
  instrument: string
  kind: 'counter' | 'histogram'
  options: MetricOptions | undefined
  value: number
  attributes: Attributes
}

class RecordingSpan implements Span {
  readonly record: RecordedSpan
  private readonly context: SpanContext
  constructor(name: string, options: SpanOptions, parent: SpanContext | undefined) {
    this.context = { traceId: parent?.traceId ?? randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex'), traceFlags: TraceFlags.SAMPLED }
    this.record = {
      name,
      kind: options.kind,
      attributes: { ...(options.attributes as Record<string, AttributeValue>) },
      status: undefined,
      start: performance.now(),
      end: null,
      traceId: this.context.traceId,
      spanId: this.context.spanId,
      parentSpanId: parent?.spanId ?? null,
    }
  }
  spanContext = () => this.context
  setAttribute(key: string, value: AttributeValue) {
    if (this.record.end === null) this.record.attributes[key] = value
    return this
  }
  setAttributes(attributes: Attributes) {
    for (const [key, value] of Object.entries(attributes)) if (value !== undefined) this.setAttribute(key, value)
    return this
  }
  addEvent = () => this
  addLink = () => this
  addLinks = () => this
  setStatus(status: SpanStatus) {
    this.record.status = status
    return this
  }
  updateName(name: string) {
    this.record.name = name
    return this
  }
  end() {
    if (this.record.end !== null) throw new Error(`span ${this.record.name} ended twice`)
    this.record.end = performance.now()
  }
  isRecording = () => this.record.end === null
  recordException = () => undefined
}

class RecordingTracer implements Tracer {
  constructor(private readonly spans: RecordedSpan[]) {}
  startSpan(name: string, options: SpanOptions = {}, parentContext: Context = context.active()): Span {
    const span = new RecordingSpan(name, options, options.root ? undefined : trace.getSpan(parentContext)?.spanContext())
    this.spans.push(span.record)
    return span
  }
  startActiveSpan(): never {
    throw new Error('keyward is expected to start its spans with startSpan')
  }
}

function recordingMeter(measurements: Measurement[]): Meter {
  const noop = createNoopMeter()
  const record = (instrument: string, kind: Measurement['kind'], options: MetricOptions | undefined) => (value: number, attributes: Attributes = {}) =>
    void measurements.push({ instrument, kind, options, value, attributes: { ...attributes } })
  return Object.assign(Object.create(noop) as Meter, {
    createCounter: (name: string, options?: MetricOptions) => ({ add: record(name, 'counter', options) }),
    createHistogram: (name: string, options?: MetricOptions) => ({ record: record(name, 'histogram', options) }),
  })
}

/** Context kept across awaits, as the SDK's AsyncLocalStorage context manager keeps it. */
class AsyncContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>()
  active = () => this.storage.getStore() ?? ROOT_CONTEXT
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args))
  }
  bind<T>(_ctx: Context, target: T): T {
    return target
  }
  enable = () => this
  disable() {
    this.storage.disable()
    return this
  }
}

export interface RecordingSdk {
  tracerProvider: TracerProvider
  meterProvider: MeterProvider
  spans: RecordedSpan[]
  measurements: Measurement[]
  /** Spans named `keyward.authenticate`. */
  decisionSpans(): RecordedSpan[]
  /** Measurements of one instrument. */
  of(instrument: string): Measurement[]
}

export function createRecordingSdk(): RecordingSdk {
  const spans: RecordedSpan[] = []
  const measurements: Measurement[] = []
  return {
    spans,
    measurements,
    decisionSpans: () => spans.filter((span) => span.name === 'keyward.authenticate'),
    of: (instrument) => measurements.filter((m) => m.instrument === instrument),
    tracerProvider: { getTracer: () => new RecordingTracer(spans) },
    meterProvider: { getMeter: () => recordingMeter(measurements) },
  }
}

/** Registers a recording SDK globally, as `sdk.start()` does; `unregisterSdk()` removes it. */
export function registerSdk(parts: { traces?: boolean; metrics?: boolean } = {}): RecordingSdk {
  const sdk = createRecordingSdk()
  if (parts.traces !== false) {
    context.setGlobalContextManager(new AsyncContextManager())
    trace.setGlobalTracerProvider(sdk.tracerProvider)
  }
  if (parts.metrics !== false) metrics.setGlobalMeterProvider(sdk.meterProvider)
  return sdk
}

export function unregisterSdk(): void {
  trace.disable()
  metrics.disable()
  context.disable()
}
