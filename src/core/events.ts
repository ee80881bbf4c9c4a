/**
 * What `keyward.events` offers the host (W1, W2): sending an event to the registered webhook
 * endpoints, and what an administrator sees of them.
 */
import type { DeliveryState } from './outbox.js'
import type { EventType } from './webhook-options.js'

/** An event as it is sent: `{ type, timestamp, data }`. `data` never holds a key. */
export interface KeywardEvent {
  type: EventType
  /** ISO 8601 UTC, when keyward emitted it. */
  timestamp: string
  data: Readonly<Record<string, unknown>>
}

/** A registered endpoint as an administrator sees it: never its secret. */
export interface EndpointView {
  url: string
  /** The events it receives; null for every event. */
  events: readonly EventType[] | null
}

/** One delivery of one event to one endpoint. */
export interface DeliveryView {
  /** The `webhook-id` the endpoint receives, the same on every attempt. */
  eventId: string
  eventType: EventType
  url: string
  state: DeliveryState
  attempts: number
  /** The HTTP status of the last attempt; null before the first or when none arrived. */
  lastStatus: number | null
  lastError: string | null
  createdAt: string
  lastAttemptAt: string | null
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: string | null
}

export interface KeywardEvents {
  /**
   * Queues an event for every endpoint that receives its type and resolves once it is in the
   * outbox; never rejects (a store fault goes to `onError`, phase `events`). Anything shaped like
   * a key in `data` is masked. Without webhooks it does nothing.
   *
   * @example
   * await keyward.events.emit({ type: 'key.leaked', data: { keyId, url, source: 'github' } })
   */
  emit(event: { type: EventType; data: Readonly<Record<string, unknown>> }): Promise<void>
  /** The registered endpoints, without their secrets. */
  endpoints(): EndpointView[]
  /** The newest deliveries first (at most `limit`, default 50, up to 1000). */
  deliveries(limit?: number): Promise<DeliveryView[]>
}
