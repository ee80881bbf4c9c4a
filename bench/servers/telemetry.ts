/**
 * The OpenTelemetry SDK of the `telemetry-sdk` variant, registered as an application registers it:
 * a BasicTracerProvider with a BatchSpanProcessor (its default queue, batch size and delay) and
 * the default sampler (every span recorded), the AsyncLocalStorage context manager, and a
 * MeterProvider with a PeriodicExportingMetricReader collecting every second. Both exporters drop
 * what they are given, so the run measures what the SDK does in the server, not a collector.
 */
import { context, metrics, type Span, SpanKind, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base'
import type { FastifyInstance } from 'fastify'

/** ExportResultCode.SUCCESS of @opentelemetry/core. */
const SUCCESS = 0

const droppingSpans: SpanExporter = {
  export: (_spans, done) => done({ code: SUCCESS }),
  shutdown: async () => undefined,
}

const droppingMetrics: PushMetricExporter = {
  export: (_metrics, done) => done({ code: SUCCESS }),
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
}

/** Registers the SDK globally; `shutdown()` flushes and stops it. */
export async function registerBenchSdk(): Promise<{ shutdown(): Promise<void> }> {
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(droppingSpans)] })
  const meterProvider = new MeterProvider({
    readers: [new PeriodicExportingMetricReader({ exporter: droppingMetrics, exportIntervalMillis: 1000 })],
  })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  return {
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()])
    },
  }
}

/**
 * The `telemetry-span` variant's hooks: one span per request, started before keyward's hook and
 * ended with the response, with the attributes keyward's span has for an admitted request. What
 * the SDK costs for the span alone, with nothing of keyward's in between.
 */
export function hostSpanHooks(app: FastifyInstance): void {
  const tracer = trace.getTracer('bench-host')
  const spans = new WeakMap<object, Span>()
  app.addHook('onRequest', (request, _reply, done) => {
    const attributes = { 'http.request.method': request.method, 'url.path': request.url.split('?', 1)[0]! }
    spans.set(request, tracer.startSpan('keyward.authenticate', { kind: SpanKind.INTERNAL, attributes }))
    done()
  })
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request)
    if (span) {
      const apiKey = (request as { apiKey?: { id: string; ownerId: string | null } }).apiKey
      span.setAttribute('keyward.outcome', 'ok')
      span.setAttribute('keyward.request_id', String(reply.getHeader('x-request-id')))
      span.setAttribute('keyward.key_id', apiKey?.id ?? '')
      span.setAttribute('keyward.key_type', 'live')
      span.setAttribute('keyward.owner_id', apiKey?.ownerId ?? '')
      span.end()
    }
    done()
  })
}
