/**
 * The delivery loop (W1): every instance leases due deliveries from the shared outbox, endpoint by
 * endpoint, at most `concurrency` in flight to each endpoint, and posts them in the background on
 * unref'd timers, so neither a request nor the process's exit ever waits for an endpoint. Each
 * endpoint has slots of its own: a slow, failing or silent endpoint holds only its own, and the
 * others' deliveries go on at their pace. A failed attempt is due again after an exponential
 * backoff until `retryForMs` after the event; then it is given up. An instance claims only the
 * deliveries of the endpoints it registers; another endpoint's wait for an instance that does.
 */
import { randomUUID } from 'node:crypto'
import type { StoreCalls } from '../core/store-calls.js'
import type { Clock } from '../core/types.js'
import type { DeliverySettlement, EventOutbox, OutboxDelivery } from '../core/outbox.js'
import type { ResolvedEndpoint, WebhookSettings } from '../core/webhook-options.js'
import { postSigned } from './post.js'

/** Each retry waits twice as long as the one before, up to this. */
const MAX_WAIT_MS = 2 * 3600_000
/** Beyond an attempt's own timeout: time to record its outcome before another instance may take it. */
const LEASE_MARGIN_MS = 5000

export interface Dispatcher {
  /** Looks for due deliveries now (after an event is enqueued). */
  wake(): void
  /** Stops the loop; attempts in flight are cut short and handed back for another instance at once. */
  close(): Promise<void>
}

export interface DispatcherOptions {
  outbox: EventOutbox
  /** Bounds and observes each outbox call, as every store call of keyward is. */
  call: StoreCalls['call']
  settings: WebhookSettings
  clock: Clock
  report(error: unknown): void
}

/** The wait before attempt `attempts + 1`: doubling from the first, with ±20 % jitter so a fleet's retries spread. */
export function backoff(attempts: number, firstRetryMs: number): number {
  const wait = Math.min(firstRetryMs * 2 ** (attempts - 1), MAX_WAIT_MS)
  return Math.round(wait * (0.8 + Math.random() * 0.4))
}

export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const { outbox, settings, clock, report, call } = options
  const owner = `inst_${randomUUID()}`
  const leaseMs = settings.timeoutMs + LEASE_MARGIN_MS
  const inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>()
  /** Attempts in flight per endpoint URL. */
  const busy = new Map<string, number>()
  let closed = false
  let looking = false
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined

  function schedule(): void {
    if (closed) return
    clearTimeout(timer)
    timer = setTimeout(look, settings.pollIntervalMs)
    timer.unref?.()
  }

  async function look(): Promise<void> {
    if (closed) return
    if (looking) {
      again = true
      return
    }
    looking = true
    try {
      const now = clock.now()
      await Promise.all(settings.endpoints.map((endpoint) => claimFor(endpoint, now)))
    } finally {
      looking = false
      if (again && !closed) {
        again = false
        void look()
      } else schedule()
    }
  }

  /** Fills the endpoint's free slots with its due deliveries; a store fault is reported, the others go on. */
  async function claimFor(endpoint: ResolvedEndpoint, now: number): Promise<void> {
    const free = settings.concurrency - (busy.get(endpoint.url) ?? 0)
    if (free <= 0) return
    try {
      const claimed = await call(outbox.claim(owner, now, now + leaseMs, free, endpoint.url), 'outbox.claim')
      for (const delivery of claimed) start(delivery, endpoint)
    } catch (error) {
      report(error)
    }
  }

  function start(delivery: OutboxDelivery, endpoint: ResolvedEndpoint): void {
    const abort = new AbortController()
    busy.set(endpoint.url, (busy.get(endpoint.url) ?? 0) + 1)
    const done = attempt(delivery, endpoint, abort.signal)
      .catch(report)
      .finally(() => {
        inFlight.delete(delivery.id)
        busy.set(endpoint.url, busy.get(endpoint.url)! - 1)
        // A slot freed: take the next due delivery without waiting for the timer.
        if (!closed) void look()
      })
    inFlight.set(delivery.id, { abort, done })
  }

  async function attempt(delivery: OutboxDelivery, endpoint: ResolvedEndpoint, signal: AbortSignal): Promise<void> {
    const message = { url: endpoint.url, key: endpoint.key, id: delivery.eventId, body: delivery.body }
    const result = await postSigned(message, settings.timeoutMs, signal)
    if (signal.aborted) {
      // Closing: hand it back as it was, due now, for another instance.
      await settle(delivery, { ...unchanged(delivery), nextAttemptAt: clock.now() })
      return
    }
    if (!result.ok) return settle(delivery, afterFailure(delivery, result))
    const now = clock.now()
    const record = { attempts: delivery.attempts + 1, lastStatus: result.status, lastError: null, lastAttemptAt: now }
    await settle(delivery, { ...record, state: 'delivered', nextAttemptAt: now })
  }

  /** A failed attempt: due again after the backoff, or given up once that is past the retry period. */
  function afterFailure(delivery: OutboxDelivery, result: { status: number | null; error: string | null }) {
    const attempts = delivery.attempts + 1
    const now = clock.now()
    const next = now + backoff(attempts, settings.firstRetryMs)
    const state: DeliverySettlement['state'] = next - delivery.createdAt > settings.retryForMs ? 'failed' : 'pending'
    return {
      attempts,
      lastStatus: result.status,
      lastError: result.error,
      lastAttemptAt: now,
      state,
      nextAttemptAt: next,
    }
  }

  async function settle(delivery: OutboxDelivery, settlement: DeliverySettlement): Promise<void> {
    // False when the lease ran out and another instance took the delivery: its outcome counts.
    await call(outbox.settle(delivery.id, owner, settlement), 'outbox.settle')
  }

  schedule()
  return {
    wake() {
      if (!closed) void look()
    },
    async close() {
      closed = true
      clearTimeout(timer)
      for (const { abort } of inFlight.values()) abort.abort()
      await Promise.all([...inFlight.values()].map(({ done }) => done))
    },
  }
}

function unchanged(d: OutboxDelivery): DeliverySettlement {
  const { state, attempts, nextAttemptAt, lastStatus, lastError, lastAttemptAt } = d
  return { state, attempts, nextAttemptAt, lastStatus, lastError, lastAttemptAt }
}
