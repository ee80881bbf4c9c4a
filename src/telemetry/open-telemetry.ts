/**
 * The OpenTelemetry bridge (T2). `@opentelemetry/api` is an optional peer: it is looked up once,
 * synchronously, and without it keyward adds nothing to a decision. With it, each decision asks
 * the API which providers are registered now (two global reads, `observe.ts`); while no SDK is,
 * it records nothing.
 */
import { createRequire } from 'node:module'
import type * as OpenTelemetryApi from '@opentelemetry/api'
import type { Attributes, Histogram, Span, Tracer } from '@opentelemetry/api'
import type { DecisionOutcome } from '../core/telemetry-events.js'

export type Api = typeof OpenTelemetryApi

const PACKAGE = '@opentelemetry/api'

let loaded: Api | null | undefined

/** `@opentelemetry/api` when it can be loaded, else null. Looked up once per process. */
export function loadOpenTelemetry(): Api | null {
  if (loaded === undefined) loaded = tryLoad()
  return loaded
}

function tryLoad(): Api | null {
  try {
    // The ESM build makes a require from its own location; in the CJS build import.meta is empty
    // and the module's own require is there.
    const url: unknown = import.meta.url
    const load = typeof url === 'string' ? createRequire(url) : require
    const api = load(PACKAGE) as Api
    return typeof api?.trace?.getTracerProvider === 'function' && typeof api.metrics?.getMeterProvider === 'function'
      ? api
      : null
  } catch {
    return null
  }
}

/** What keyward records with, from the providers registered now. */
export interface Instruments {
  tracer: Tracer | null
  decisions: DecisionTally | null
  storeDuration: Histogram | null
}

/** `keyward.decisions` of one meter provider: counted in process, read by the SDK when it collects. */
export interface DecisionTally {
  count(outcome: DecisionOutcome): void
}

/** The request as the span's start attributes name it (OpenTelemetry's HTTP conventions). */
export interface SpanRequest {
  method: string | null
  path: string | null
  route: string | null
}

/** The methods OpenTelemetry's HTTP conventions call known: RFC 9110's, PATCH and QUERY. */
const KNOWN_METHODS = ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']

/**
 * The known methods. The conventions name OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS as the override:
 * a comma-separated, case-sensitive list that replaces the default. Read once per instance.
 */
export function knownHttpMethods(env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> {
  const listed = env.OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS
  return new Set(
    listed === undefined
      ? KNOWN_METHODS
      : listed
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
  )
}

/**
 * Starts the decision's span; the caller ends it with `endDecisionSpan`. A method the conventions
 * do not know is `_OTHER`, the method as sent in `http.request.method_original`.
 */
export function startDecisionSpan(api: Api, tracer: Tracer, request: SpanRequest, methods: ReadonlySet<string>): Span {
  const attributes: Attributes = {}
  if (request.method !== null) {
    if (methods.has(request.method)) attributes['http.request.method'] = request.method
    else {
      attributes['http.request.method'] = '_OTHER'
      attributes['http.request.method_original'] = request.method
    }
  }
  if (request.route !== null) attributes['http.route'] = request.route
  if (request.path !== null) attributes['url.path'] = request.path
  return tracer.startSpan('keyward.authenticate', { kind: api.SpanKind.INTERNAL, attributes })
}

/** What the span ends with: the outcome, the key when one was found, and keyward's answer. */
export interface DecisionFacts {
  outcome: DecisionOutcome
  status: number | null
  requestId: string
  key: { id: string; ownerId: string | null; keyType: string } | null
}

export function endDecisionSpan(api: Api, span: Span, facts: DecisionFacts): void {
  if (span.isRecording()) {
    span.setAttribute('keyward.outcome', facts.outcome)
    span.setAttribute('keyward.request_id', facts.requestId)
    if (facts.key !== null) {
      span.setAttribute('keyward.key_id', facts.key.id)
      span.setAttribute('keyward.key_type', facts.key.keyType)
      if (facts.key.ownerId !== null) span.setAttribute('keyward.owner_id', facts.key.ownerId)
    }
    if (facts.status !== null) span.setAttribute('http.response.status_code', facts.status)
    // As on an HTTP server span: a refusal (4xx) is the answer working as meant; a 5xx is an error,
    // its status code as error.type.
    if (facts.status !== null && facts.status >= 500) {
      span.setAttribute('error.type', String(facts.status))
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: facts.outcome })
    }
  }
  span.end()
}

/** Attribute sets are few (one per outcome, per store call): built once each, not per decision. */
export function createAttributeCache(): {
  outcome(outcome: DecisionOutcome): Attributes
  store(operation: string, failed: boolean): Attributes
} {
  const outcomes = new Map<string, Attributes>()
  const stores = new Map<string, Attributes>()
  return {
    outcome(outcome) {
      let attributes = outcomes.get(outcome)
      if (attributes === undefined) {
        attributes = Object.freeze({ 'keyward.outcome': outcome })
        outcomes.set(outcome, attributes)
      }
      return attributes
    },
    store(operation, failed) {
      const name = failed ? `${operation}!` : operation
      let attributes = stores.get(name)
      if (attributes === undefined) {
        attributes = Object.freeze(
          failed
            ? { 'keyward.store.operation': operation, 'error.type': 'store_fault' }
            : { 'keyward.store.operation': operation },
        )
        stores.set(name, attributes)
      }
      return attributes
    },
  }
}
