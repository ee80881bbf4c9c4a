/**
 * What the `telemetry` option of `createKeyward()` tells the host: one event per decision,
 * per change of a key's lifecycle and per store fault. No event ever holds a key or a key's hash.
 */
import type { ErrorCode } from './messages.js'
import type { KeyType } from './types.js'

/** `ok` when the request may proceed, else the error code it was refused with. */
export type DecisionOutcome = 'ok' | ErrorCode

/** One decision of `authenticate()`, on every framework and store. */
export interface DecisionEvent {
  outcome: DecisionOutcome
  /** The status keyward answered with; null when the request went on to its handler. */
  status: number | null
  /** The key the request presented, once the store found it (also on revoked, expired, 403, 429). */
  keyId: string | null
  ownerId: string | null
  keyType: KeyType | null
  method: string | null
  /** The request's path, anything shaped like a key masked; null when the adapter gave none. */
  path: string | null
  /** The route the framework matched, when known. */
  route: string | null
  requestId: string
  /** From the call of `authenticate()` to its decision, in milliseconds of a monotonic clock. */
  durationMs: number
  /** How long the store's authorize step took; null when no store was asked (no key, bad format). */
  storeMs: number | null
}

/** The key a lifecycle event is about: never the key itself, only what names it. */
interface KeyLifecycleFields {
  keyId: string
  ownerId: string | null
  keyType: KeyType
  /** When keyward made the change (ISO 8601, from the instance's clock). */
  at: string
}

/** One change a key manager call made; calls that change nothing tell nothing. */
export type LifecycleEvent =
  | ({ type: 'created' } & KeyLifecycleFields)
  | ({
      type: 'updated'
      changed: readonly (
        | 'name'
        | 'meta'
        | 'scopes'
        | 'limits'
        | 'enabled'
        | 'allowedIps'
        | 'roles'
        | 'credits'
        | 'expiresAt'
      )[]
    } & KeyLifecycleFields)
  | ({ type: 'revoked' } & KeyLifecycleFields)
  /** `keyId` is the replacement; the previous key is revoked now, or expires at `previousExpiresAt`. */
  | ({ type: 'rotated'; previousKeyId: string; previousExpiresAt: string | null } & KeyLifecycleFields)
  /** `revokeAll(ownerId)`: one event for the owner, with how many keys it revoked. */
  | { type: 'revoked-all'; ownerId: string; count: number; at: string }

/** A store that threw, rejected or did not answer in time. */
export interface StoreFaultEvent {
  /** What keyward was doing: deciding a request, writing usage, managing keys, counting a key's `charge()`, keeping webhook events, or counting outcomes. */
  phase: 'authenticate' | 'usage' | 'manage' | 'charge' | 'events' | 'analytics'
  /** The store call, when keyward knows it (`keys.insert`, `keys.revoke`, …). */
  operation: string | null
  /** The request it failed, when it failed one. */
  requestId: string | null
  /** The fault as a summary (anything shaped like a key or a key hash masked); `onError` gets the error itself. */
  error: { name: string; message: string; code: string | null }
}

/**
 * The `telemetry` option. Hooks are called after the response is decided, never awaited: one that
 * throws or takes long changes nothing about any response.
 */
export interface TelemetryOptions {
  onDecision?: (event: DecisionEvent) => unknown
  onLifecycle?: (event: LifecycleEvent) => unknown
  onStoreFault?: (event: StoreFaultEvent) => unknown
  /**
   * Spans and metrics through `@opentelemetry/api` when it is installed. Default true;
   * false leaves OpenTelemetry alone.
   */
  openTelemetry?: boolean
}

/** The `telemetry` option as keyward reads it. */
export interface TelemetrySettings {
  onDecision: TelemetryOptions['onDecision'] | undefined
  onLifecycle: TelemetryOptions['onLifecycle'] | undefined
  onStoreFault: TelemetryOptions['onStoreFault'] | undefined
  openTelemetry: boolean
}

/** The hooks by name, for reporting which one failed. */
export type HookName = 'onDecision' | 'onLifecycle' | 'onStoreFault'
