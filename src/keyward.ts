/**
 * `createKeyward()`: checks the options (`keyward-options.ts`), picks the authorize step
 * (`fused-authorize.ts`) and wires the authentication pipeline (`authenticate.ts`), the key
 * manager (`key-manager.ts`) and the usage recorder (`usage-recorder.ts`) into one instance.
 */
import { createAuthenticate } from './authenticate.js'
import { createDecisions } from './decisions.js'
import { authorizeStepOf } from './fused-authorize.js'
import { createKeyManager, type KeyManager } from './key-manager.js'
import { type KeywardOptions, resolveOptions } from './keyward-options.js'
import type { MessageNames } from './messages.js'
import { resolveRequestId } from './request-id.js'
import { errorResponse } from './responses.js'
import { createFaultReporter, createStoreCalls } from './store-calls.js'
import { createTelemetry } from './telemetry/observe.js'
import type { ApiKeyContext, AuthDecision, Awaitable, Clock, KeywardStores, RequestView, RouteRequirements, UsageEntry, UsageQuery } from './types.js'
import { createUsageRecorder, type UsageOutcome } from './usage-recorder.js'

export { DEFAULT_LIMITS, type KeywardOptions, type OwnerLimitsOptions, type OwnerWindows, type Pepper } from './keyward-options.js'
export { toRecord, type CreatedKey, type KeyListPage, type KeyManager, type ListKeysOptions, type RotateOptions } from './key-manager.js'
export type { ApiKeyContext, AuthDecision, AuthFailure, AuthSuccess } from './types.js'
export type { UsageOutcome } from './usage-recorder.js'
export type { DecisionEvent, DecisionOutcome, LifecycleEvent, StoreFaultEvent, TelemetryOptions } from './telemetry/events.js'

/** A keyward instance: one per application, shared by every adapter and route. */
export interface Keyward {
  readonly keyPrefix: string
  readonly serviceName: string
  readonly clock: Clock
  readonly stores: KeywardStores
  /** What the `x-api-key` deprecation headers say (H8). */
  readonly deprecationHeaders: Readonly<Record<string, string>>
  /**
   * Decides a request: credentials (H1–H10), key format (K1, K2), store lookup and status (H9),
   * route requirements (L6) and limits (L1–L5). Synchronous on memory stores; a Promise on stores
   * that answer asynchronously. Never rejects: store faults become 500 decisions (R5).
   */
  authenticate(request: RequestView, route?: RouteRequirements): Awaitable<AuthDecision>
  /** Records the usage entry of a request that consumed (L4a, E5). Call once the status is known. */
  recordUsage(apiKey: ApiKeyContext, outcome: UsageOutcome): void
  /** The usage audit log, newest first (E5). */
  queryUsage(query: UsageQuery): Promise<UsageEntry[]>
  /** The request id for a new request (R2). */
  requestId(incoming?: string): string
  /** The same message names every response uses. */
  readonly names: MessageNames
  /** `errorResponse()` of `keyward` itself: the error envelope (R1) with its status and request id. */
  errorResponse: typeof errorResponse
  readonly keys: KeyManager
  /** Writes out buffered usage and releases what the stores own. */
  close(): Promise<void>
}

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
  const settings = resolveOptions(options)
  const { keyPrefix, serviceName, clock, stores, trustRequestId, deprecationHeaders } = settings
  const step = authorizeStepOf(stores)
  // T1, T2: null unless a hook is given or the OpenTelemetry API is loaded; then nothing is wrapped.
  const telemetry = createTelemetry(settings)
  // R5: stores.timeoutMs vouches for the stores as their family built them; once one is
  // replaced, keyward bounds every call itself.
  const calls = createStoreCalls(settings.storeTimeoutMs, step.storesAsBuilt ? stores.timeoutMs : undefined, telemetry?.storeObserver)
  const report = createFaultReporter(settings.onError, telemetry?.storeFault)
  const names: MessageNames = { keyPrefix, serviceName, remedies: settings.remedies }
  const decisions = createDecisions(names, { ietfRateLimitHeaders: settings.ietfRateLimitHeaders }, deprecationHeaders)
  // Tools that open the same store (the command line) read the key prefix from it; `ready()` waits.
  stores.recordAppSettings?.({ keyPrefix, serviceName }).catch((error: unknown) => report(error, '', 'manage'))
  return {
    keyPrefix,
    serviceName,
    clock,
    stores,
    names,
    deprecationHeaders,
    authenticate: telemetry
      ? telemetry.observeAuthenticate(createAuthenticate({ settings, step: telemetry.observeStep(step), calls, decisions, report }))
      : createAuthenticate({ settings, step, calls, decisions, report }),
    recordUsage: createUsageRecorder(settings, report),
    queryUsage: (query) => calls.call(stores.usage.query(query), 'usage.query'),
    requestId: (incoming) => resolveRequestId(incoming, trustRequestId),
    errorResponse,
    keys: createKeyManager(settings, calls, report, telemetry?.lifecycle),
    async close() {
      await stores.usage.flush?.()
      await stores.close?.()
    },
  }
}
