/**
 * `createKeyward()`: checks the options (`core/keyward-options.ts`), picks the authorize step
 * (`core/fused-authorize.ts`) and wires the authentication pipeline (`core/authenticate.ts`), the
 * key manager (`core/key-manager.ts`) and the usage recorder (`core/decisions.ts`) into one
 * instance. It sits above core, telemetry and the memory stores because it wires all three in.
 */
import { createAuthenticate, createAuthenticationGuard } from './core/authenticate.js'
import { countDecision, createAnalytics } from './core/analytics.js'
import { type AnalyticsCounter, createAnalyticsCounter } from './core/analytics-counter.js'
import { createCharge, type OnCharged } from './core/charge.js'
import { createDecisions, createUsageRecorder } from './core/decisions.js'
import { authorizeStepOf } from './core/fused-authorize.js'
import type { Keyward } from './core/instance.js'
import { createAuditTrail, createAuditWriter } from './core/audit.js'
import { createKeyManager } from './core/key-manager.js'
import { type KeywardOptions, resolveOptions } from './core/keyward-options.js'
import type { MessageNames } from './core/messages.js'
import type { LifecycleEvent } from './core/telemetry-events.js'
import { errorResponse, resolveRequestId } from './core/responses.js'
import { createAdmittedRouteCheck } from './core/admitted-route.js'
import { createFaultReporter, createStoreCalls, type StoreCalls, withTimeout } from './core/store-calls.js'
import { createOpenApi } from './core/openapi/index.js'
import { createMemoryStores } from './stores/memory/index.js'
import { createTelemetry } from './telemetry/observe.js'
import { NO_EVENTS, createEvents, watchingDecisions } from './events/events.js'
import type { Clock, KeywardStores, StoredKey } from './core/types.js'
import { KeyNotFoundError } from './core/errors.js'
import { createLimitUsageReader, type LimitUsageReader } from './core/limit-usage.js'

export type { Keyward } from './core/instance.js'
export {
  DEFAULT_LIMITS,
  type KeywardOptions,
  type OwnerLimitsOptions,
  type OwnerWindows,
  type Pepper,
} from './core/keyward-options.js'
export {
  toRecord,
  type CreatedKey,
  type KeyListPage,
  type KeyManager,
  type ListKeysOptions,
  type RotateOptions,
} from './core/key-manager.js'
export type { ApiKeyContext, AuthDecision, AuthFailure, AuthSuccess } from './core/types.js'
export type { UsageOutcome } from './core/decisions.js'
export type { DeliveryView, EndpointView, KeywardEvent, KeywardEvents } from './core/events.js'
export type { EventType, WebhookEndpoint, WebhookOptions } from './core/webhook-options.js'
export type {
  DecisionEvent,
  DecisionOutcome,
  LifecycleEvent,
  StoreFaultEvent,
  TelemetryOptions,
} from './core/telemetry-events.js'

/**
 * Creates a keyward instance. An unknown or invalid option throws a TypeError naming it.
 *
 * @example
 * import { createKeyward } from 'keyward'
 * const keyward = createKeyward({ keyPrefix: 'acme', serviceName: 'Acme' })
 * const { key } = await keyward.keys.create({ name: 'CI' })
 * const decision = await keyward.authenticate({ authorization: `Bearer ${key}` })
 * decision.ok // true
 */
export function createKeyward(options: KeywardOptions = {}): Keyward {
  const settings = resolveOptions(options, createMemoryStores)
  const { keyPrefix, serviceName, clock, stores, trustRequestId, deprecationHeaders } = settings
  const step = authorizeStepOf(stores)
  // T1, T2: null unless a hook is given or the OpenTelemetry API is loaded; then nothing is wrapped.
  const telemetry = createTelemetry(settings)
  // R5: stores.timeoutMs vouches for the stores as their family built them; once one is
  // replaced, keyward bounds every call itself.
  const calls = createStoreCalls(
    settings.storeTimeoutMs,
    step.storesAsBuilt ? stores.timeoutMs : undefined,
    telemetry?.storeObserver,
  )
  const report = createFaultReporter(settings.onError, telemetry?.storeFault)
  const names: MessageNames = { keyPrefix, serviceName, remedies: settings.remedies }
  // N1: counted off the request's path, in the store the keys use; nothing when it keeps none.
  const counter: AnalyticsCounter | null =
    stores.analytics === undefined || !settings.analytics
      ? null
      : createAnalyticsCounter({
          store: stores.analytics,
          clock,
          // Its own timer whatever the stores vouch for: a flush a second is cheap to bound twice.
          bounded: (promise) => withTimeout(promise, settings.storeTimeoutMs),
          report: (error) => report(error, '', 'analytics'),
        })
  const events = createEvents(settings, calls, report)
  const counted =
    counter === null
      ? undefined
      : (key: StoredKey, units: number, at: number) => counter.count(key.id, key.ownerId, 'ok', at, 0, units)
  const charged: OnCharged | undefined =
    counted && events
      ? (key, units, at, usage) => {
          counted(key, units, at)
          events.charged(key, units, at, usage)
        }
      : (counted ?? events?.charged)
  const decided = createDecisions(
    names,
    { ietfRateLimitHeaders: settings.ietfRateLimitHeaders },
    deprecationHeaders,
    createCharge(settings, calls, report, charged),
  )
  const decisions = events === undefined ? decided : watchingDecisions(decided, events.admitted)
  const usage = createUsageRecorder(settings, report)
  const parts = {
    settings,
    step,
    calls,
    decisions,
    report,
    guard: createAuthenticationGuard(settings, report),
    count: counter === null ? null : countDecision(counter),
    recordRefusal: usage.refused,
  }
  const authenticate = createAuthenticate(parts)
  const lifecycle = telemetry?.lifecycle
  const tell =
    events && lifecycle
      ? (event: LifecycleEvent) => {
          lifecycle(event)
          events.lifecycle(event)
        }
      : (events?.lifecycle ?? lifecycle)
  const keys = createKeyManager(settings, calls, report, createAuditWriter(stores.audit, calls, report), tell)
  events?.watchExpiry(keys)
  // Watched decisions go through the watched step; the others, while nothing listens, skip it.
  const decide = telemetry
    ? telemetry.observeAuthenticate(authenticate, createAuthenticate({ ...parts, step: telemetry.observeStep(step) }))
    : authenticate
  // Tools that open the same store (the command line) read the key prefix from it; `ready()` waits.
  stores.recordAppSettings?.({ keyPrefix, serviceName }).catch((error: unknown) => report(error, '', 'manage'))
  return {
    keyPrefix,
    serviceName,
    clock,
    stores,
    names,
    roleNames: Object.freeze([...(settings.roles?.keys() ?? [])]),
    defaultScopes: settings.defaultScopes,
    limitDefaults: Object.freeze({
      live: Object.freeze({ ...settings.defaults.live }),
      test: Object.freeze({ ...settings.defaults.test }),
    }),
    deprecationHeaders,
    authenticate: decide,
    recordUsage: usage.admitted,
    queryUsage: (query) => calls.call(stores.usage.query(query), 'usage.query'),
    analytics: createAnalytics(counter === null ? undefined : stores.analytics, counter, stores.keys, clock, (value) =>
      calls.call(value, 'analytics.series'),
    ),
    limitUsage: limitUsageOf(createLimitUsageReader(settings, stores.limiter), stores.keys, clock, calls),
    requestId: (incoming) => resolveRequestId(incoming, trustRequestId),
    errorResponse,
    admittedRouteCheck: createAdmittedRouteCheck(settings, names),
    openapi: () => createOpenApi(settings),
    keys,
    events: events?.events ?? NO_EVENTS,
    audit: createAuditTrail(stores.audit, calls),
    async close() {
      await events?.close()
      await counter?.close().catch((error: unknown) => report(error, '', 'analytics'))
      await stores.usage.flush?.()
      await stores.close?.()
    },
  }
}

/** `keyward.limitUsage()`: the key looked up (unknown: KeyNotFoundError), then its limits read, bounded (R5). */
function limitUsageOf(
  reader: LimitUsageReader,
  keys: KeywardStores['keys'],
  clock: Clock,
  calls: StoreCalls,
): Keyward['limitUsage'] {
  return async (subject) => {
    if ('ownerId' in subject) return calls.call(reader.ofOwner(subject.ownerId, clock.now()), 'limiter.peek')
    const key = await calls.call(keys.get(subject.keyId), 'keys.get')
    if (key === undefined) throw new KeyNotFoundError(subject.keyId)
    return calls.call(reader.ofKey(key, clock.now()), 'limiter.peek')
  }
}
