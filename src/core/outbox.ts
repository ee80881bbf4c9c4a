/**
 * The event outbox (W1): webhook deliveries kept in the store the keys use, so every instance
 * sharing that store sees the same queue. A delivery is leased by one instance at a time (its due
 * time moves to the lease's end, so an instance that dies mid-delivery lets another take it once
 * the lease runs out), and settled only by the instance holding the lease. Deliveries are claimed
 * endpoint by endpoint, so one endpoint's backlog never stands in front of another's, and a claim
 * reads only what is due: its cost does not grow with deliveries that are not.
 * Every implementation must pass `test/contracts/outbox.contract.ts`.
 */

/** Where a delivery stands. */
export type DeliveryState = 'pending' | 'delivered' | 'failed'

/** One event for one endpoint. `eventId` is the `webhook-id`, the same on every attempt. */
export interface OutboxDelivery {
  /** `<eventId>.<endpointId>`: unique per event and endpoint. */
  id: string
  eventId: string
  endpointUrl: string
  eventType: string
  /** The JSON payload exactly as it is signed and sent. */
  body: string
  /** Epoch ms. */
  createdAt: number
  attempts: number
  /** Epoch ms at which it is next due (while leased: when the lease ends). */
  nextAttemptAt: number
  state: DeliveryState
  /** The HTTP status of the last attempt; null before the first, or when none arrived. */
  lastStatus: number | null
  lastError: string | null
  lastAttemptAt: number | null
}

/** What the leaseholder records after an attempt. */
export interface DeliverySettlement {
  state: DeliveryState
  attempts: number
  /** When pending: the next attempt's time. */
  nextAttemptAt: number
  lastStatus: number | null
  lastError: string | null
  lastAttemptAt: number | null
}

export interface EventOutbox {
  /** Stores new deliveries, each due at its `nextAttemptAt`; an id already stored is left as it is. */
  enqueue(deliveries: readonly OutboxDelivery[]): Promise<void>
  /**
   * Leases up to `limit` pending deliveries to `endpointUrl` due at `now` to `owner` until
   * `leaseUntil`, oldest due first, and returns them. A delivery leased by another owner is not due
   * until its lease ends. Reads only that endpoint's due deliveries, never the others.
   */
  claim(owner: string, now: number, leaseUntil: number, limit: number, endpointUrl: string): Promise<OutboxDelivery[]>
  /** Records an attempt's outcome; false (and nothing changed) when `owner` no longer holds the lease. */
  settle(id: string, owner: string, settlement: DeliverySettlement): Promise<boolean>
  /** The newest deliveries first, at most `limit`, for the administrator's view. */
  recent(limit: number): Promise<OutboxDelivery[]>
  /**
   * True for the first caller of `mark` on every instance sharing the store, until `expiresAt`
   * (epoch ms): the deduplication of events that must be sent once (thresholds, expiry).
   */
  once(mark: string, now: number, expiresAt: number): Promise<boolean>
}
