/**
 * What a keyward instance offers: the interface the adapters' kit (`http/`), the dashboard and the
 * command line program against. `createKeyward()` in `src/keyward.ts` builds one; it lives above
 * core because it wires in telemetry and the default memory stores.
 */
import type { KeyManager } from './key-manager.js'
import type { MessageNames } from './messages.js'
import type { errorResponse } from './responses.js'
import type {
  ApiKeyContext,
  AuthDecision,
  Awaitable,
  Clock,
  KeywardStores,
  RequestView,
  RouteRequirements,
  UsageEntry,
  UsageQuery,
} from './types.js'
import type { UsageOutcome } from './usage-recorder.js'

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
