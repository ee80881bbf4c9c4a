/**
 * What a keyward instance offers: the interface the adapters' kit (`http/`), the dashboard and the
 * command line program against. `createKeyward()` in `src/keyward.ts` builds one; it lives above
 * core because it wires in telemetry and the default memory stores.
 */
import type { AdmittedRouteCheck } from './admitted-route.js'
import type { KeywardEvents } from './events.js'
import type { Analytics } from './analytics.js'
import type { KeyManager } from './key-manager.js'
import type { LimitUsage } from './limit-usage.js'
import type { MessageNames } from './messages.js'
import type { KeywardOpenApi } from './openapi/index.js'
import type { errorResponse } from './responses.js'
import type {
  ApiKeyContext,
  AuthDecision,
  Awaitable,
  Clock,
  KeyType,
  KeywardStores,
  LimitPolicy,
  RequestView,
  RouteRequirements,
  UsageEntry,
  UsageQuery,
} from './types.js'
import type { AuditTrail } from './audit.js'
import type { UsageOutcome } from './decisions.js'

/** A keyward instance: one per application, shared by every adapter and route. */
export interface Keyward {
  readonly keyPrefix: string
  readonly serviceName: string
  readonly clock: Clock
  readonly stores: KeywardStores
  /** What the `x-api-key` deprecation headers say. */
  readonly deprecationHeaders: Readonly<Record<string, string>>
  /**
   * Decides a request: credentials, key format, store lookup and status,
   * route requirements and limits. Synchronous on memory stores; a Promise on stores
   * that answer asynchronously. Never rejects: store faults become 500 decisions.
   */
  authenticate(request: RequestView, route?: RouteRequirements): Awaitable<AuthDecision>
  /** Records the usage entry of a request that consumed. Call once the status is known. */
  recordUsage(apiKey: ApiKeyContext, outcome: UsageOutcome): void
  /** The usage audit log, newest first. */
  queryUsage(query: UsageQuery): Promise<UsageEntry[]>
  /** Requests and units over time per outcome, for a key, an owner or the service. */
  readonly analytics: Analytics
  /**
   * How much of each limit is used now: a key's own (or its type's) and its owner's, or an
   * owner's own limits. Counts nothing. Rejects with KeyNotFoundError for an unknown key id.
   */
  limitUsage(subject: { keyId: string } | { ownerId: string }): Promise<LimitUsage[]>
  /** The request id for a new request. */
  requestId(incoming?: string): string
  /** The same message names every response uses. */
  readonly names: MessageNames
  /** What a key created without `scopes` holds (`createKeyward({ defaultScopes })`; none by default). */
  readonly defaultScopes: readonly string[]
  /** The names of the roles `createKeyward({ roles })` defined, in their order; empty for none. */
  readonly roleNames: readonly string[]
  /** The limits of each key type for a key without limits of its own. */
  readonly limitDefaults: Readonly<Record<KeyType, Readonly<LimitPolicy>>>
  /** `errorResponse()` of `keyward` itself: the error envelope with its status and request id. */
  errorResponse: typeof errorResponse
  /**
   * What a route asks of a key keyward admitted earlier in the same request (an app's own route
   * behind the adapter's router): the 403 when the key lacks it, else null, once the route's
   * `units` beyond what the admission counted are charged. For adapters.
   */
  admittedRouteCheck: AdmittedRouteCheck
  readonly keys: KeyManager
  /** The audit trail of key changes, newest first. */
  readonly audit: AuditTrail
  /**
   * Signed webhooks: `emit()` sends an event to the endpoints of `createKeyward({ webhooks })`;
   * `endpoints()` and `deliveries()` show them to an administrator. Without webhooks, `emit()`
   * does nothing and both lists are empty.
   */
  readonly events: KeywardEvents
  /**
   * keyward's part of the host's OpenAPI 3.1 document: security schemes, the responses keyward
   * answers with and their headers, and `complete()` to add them to a document.
   */
  openapi(): KeywardOpenApi
  /**
   * Writes out buffered usage and queued events, stops webhook delivery (a delivery in flight is
   * handed back to the outbox for another instance) and releases what the stores own.
   */
  /** Writes out buffered usage and analytics counts and releases what the stores own. */
  close(): Promise<void>
}
