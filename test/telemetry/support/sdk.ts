/**
 * The OpenTelemetry SDK as an application registers it, for the tests to read what keyward
 * exported: a BasicTracerProvider whose SimpleSpanProcessor hands each ended span to an
 * InMemorySpanExporter, a MeterProvider whose PeriodicExportingMetricReader exports to an
 * InMemoryMetricExporter when flushed, and the AsyncLocalStorage context manager, each registered
 * through the API's globals as `NodeSDK.start()` does.
 */
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { type Attributes, context, metrics, trace } from '@opentelemetry/api'
import {
  AggregationTemporality,
  DataPointType,
  type Histogram,
  InMemoryMetricExporter,
  type MetricData,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base'

/** One series of an instrument: its attributes and what was recorded with them since the last reset. */
export interface Series<V> {
  attributes: Attributes
  value: V
}

export interface CollectedMetrics {
  /** Every metric the SDK exported, as the exporter received it. */
  exported: MetricData[]
  /** A counter's series. */
  sums(name: string): Series<number>[]
  /** A counter's totals by the value of one attribute. */
  countsBy(name: string, attribute: string): Record<string, number>
  /** A histogram's series. */
  histograms(name: string): Series<Histogram>[]
  /** The metric's descriptor (name, unit, description), as exported. */
  descriptor(name: string): MetricData['descriptor'] | undefined
}

export interface TestSdk {
  tracerProvider: BasicTracerProvider
  meterProvider: MeterProvider
  /** Spans ended so far, in the order they ended. */
  spans(): ReadableSpan[]
  /** Spans named `keyward.authenticate`. */
  decisionSpans(): ReadableSpan[]
  /** Collects and exports the metrics now: what was recorded since the last collect or reset. */
  collect(): Promise<CollectedMetrics>
  /** Forgets the spans and metrics recorded so far. */
  reset(): Promise<void>
}

export interface SdkParts {
  traces?: boolean
  metrics?: boolean
  /** Processors in front of the in-memory exporter's (one that throws, say). */
  spanProcessors?: SpanProcessor[]
}

/** Builds the SDK and registers it globally; `unregisterSdk()` takes it down again. */
export function registerSdk(parts: SdkParts = {}): TestSdk {
  const spanExporter = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [...(parts.spanProcessors ?? []), new SimpleSpanProcessor(spanExporter)],
  })
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA)
  // Exports only when flushed: the tests decide when to read.
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
  const meterProvider = new MeterProvider({ readers: [reader] })
  if (parts.traces !== false) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    trace.setGlobalTracerProvider(tracerProvider)
  }
  if (parts.metrics !== false) metrics.setGlobalMeterProvider(meterProvider)
  registered.push(async () => {
    await tracerProvider.shutdown()
    await meterProvider.shutdown()
  })
  const spans = () => spanExporter.getFinishedSpans()
  return {
    tracerProvider,
    meterProvider,
    spans,
    decisionSpans: () => spans().filter((span) => span.name === 'keyward.authenticate'),
    async collect() {
      await reader.forceFlush()
      const exported = metricExporter.getMetrics().flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics))
      metricExporter.reset()
      return collected(exported)
    },
    async reset() {
      await reader.forceFlush()
      metricExporter.reset()
      spanExporter.reset()
    },
  }
}

const registered: (() => Promise<void>)[] = []

/** Removes the SDK from the API's globals and shuts it down. */
export async function unregisterSdk(): Promise<void> {
  trace.disable()
  metrics.disable()
  context.disable()
  await Promise.all(registered.splice(0).map((shutdown) => shutdown()))
}

const attributeKey = (attributes: Attributes) =>
  JSON.stringify(Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b)))

function collected(exported: MetricData[]): CollectedMetrics {
  const of = (name: string) => exported.filter((m) => m.descriptor.name === name)
  return {
    exported,
    descriptor: (name) => of(name)[0]?.descriptor,
    sums(name) {
      const series = new Map<string, Series<number>>()
      for (const metric of of(name)) {
        if (metric.dataPointType !== DataPointType.SUM) throw new Error(`${name} is not a counter`)
        for (const point of metric.dataPoints) {
          const key = attributeKey(point.attributes)
          const seen = series.get(key)
          series.set(key, { attributes: point.attributes, value: (seen?.value ?? 0) + point.value })
        }
      }
      return [...series.values()]
    },
    countsBy(name, attribute) {
      const counts: Record<string, number> = {}
      for (const { attributes, value } of this.sums(name))
        counts[String(attributes[attribute])] = (counts[String(attributes[attribute])] ?? 0) + value
      return counts
    },
    histograms(name) {
      return of(name).flatMap((metric) => {
        if (metric.dataPointType !== DataPointType.HISTOGRAM) throw new Error(`${name} is not a histogram`)
        return metric.dataPoints.map((point) => ({ attributes: point.attributes, value: point.value }))
      })
    },
  }
}

/** What an exporter would send of each span, as plain data (a ReadableSpan also holds its tracer). */
export function exportedSpans(spans: readonly ReadableSpan[]): unknown[] {
  return spans.map((span) => ({
    name: span.name,
    kind: span.kind,
    attributes: span.attributes,
    status: span.status,
    events: span.events,
    links: span.links,
    resource: span.resource.attributes,
    scope: span.instrumentationScope,
  }))
}

/** Milliseconds of an SDK time ([seconds, nanoseconds]). */
export const millisOf = (time: readonly [number, number]) => time[0] * 1000 + time[1] / 1e6
