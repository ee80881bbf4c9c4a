/**
 * The OpenTelemetry SDK of the `telemetry-sdk` variant, registered as an application registers it:
 * a BasicTracerProvider with a BatchSpanProcessor (its default queue, batch size and delay) and
 * the default sampler (every span recorded), the AsyncLocalStorage context manager, and a
 * MeterProvider with a PeriodicExportingMetricReader collecting every second. Both exporters drop
 * what they are given, so the run measures what the SDK does in the server, not a collector.
 */
import { context, metrics, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base'

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
  const meterProvider = new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: droppingMetrics, exportIntervalMillis: 1000 })] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  return {
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()])
    },
  }
}
