/**
 * `keyward.events` (W1, W2): events are built here, queued in the stores' outbox and delivered by
 * the dispatcher. Nothing here is on a request's path: lifecycle events are queued after the
 * change has been stored, thresholds after the decision, and neither is awaited by the caller, so
 * a store fault while queueing loses the event (reported), never the change.
 */
import type { OnCharged } from '../core/charge.js'
import type { DeliveryView, KeywardEvents } from '../core/events.js'
import { maskKeysIn, randomBase62 } from '../core/key-format.js'
import type { KeyManager } from '../core/key-manager.js'
import type { KeywardSettings } from '../core/keyward-options.js'
import type { OutboxDelivery } from '../core/outbox.js'
import type { ReportFault, StoreCalls } from '../core/store-calls.js'
import type { LifecycleEvent } from '../core/telemetry-events.js'
import type { Decisions } from '../core/decisions.js'
import type { ApiKeyContext, StoredKey } from '../core/types.js'
import type { EventType, WebhookSettings } from '../core/webhook-options.js'
import { startDispatcher } from './dispatcher.js'
import { expiryWarning } from './expiry.js'
import { chargeCrossings, createSeenMarks, crossings, type ThresholdCrossing } from './thresholds.js'

/** The events part of a keyward instance. */
export interface EventsPart {
  events: KeywardEvents
  /** Told of each key change (T1's lifecycle events). */
  lifecycle(event: LifecycleEvent): void
  /** Told of each admitted request's key, with its record (for its credits). */
  admitted(apiKey: ApiKeyContext, key: StoredKey): void
  /** Told of each `charge(n)` once the store took it, with what it left (usage thresholds count it too). */
  charged: OnCharged
  /** Starts the expiry checks, which read keys through the key manager. */
  watchExpiry(keys: KeyManager): void
  close(): Promise<void>
}

const NO_EVENTS: KeywardEvents = {
  emit: async () => undefined,
  endpoints: () => [],
  deliveries: async () => [],
}

export function createEvents(
  settings: KeywardSettings,
  calls: StoreCalls,
  report: ReportFault,
): EventsPart | undefined {
  const webhooks = settings.webhooks
  const outbox = settings.stores.outbox
  if (webhooks === undefined || outbox === undefined) return undefined
  const { clock, keyPrefix } = settings
  const fault = (error: unknown) => report(error, '', 'events')
  const dispatcher = startDispatcher({ outbox, call: calls.call, settings: webhooks, clock, report: fault })
  const queued = new Set<Promise<void>>()
  const seen = createSeenMarks()
  let expiryTimer: ReturnType<typeof setInterval> | undefined

  function emit(type: EventType, data: Readonly<Record<string, unknown>>): Promise<void> {
    const deliveries = deliveriesOf(webhooks!, type, data, clock.now(), keyPrefix)
    if (deliveries.length === 0) return Promise.resolve()
    const done = calls
      .call(outbox!.enqueue(deliveries), 'outbox.enqueue')
      .then(() => dispatcher.wake(), fault)
      .finally(() => queued.delete(done))
    queued.add(done)
    return done
  }

  /** Sends `type` once across every instance: the first to set `mark` in the store sends it. */
  async function emitOnce(mark: string, until: number, type: EventType, data: Record<string, unknown>) {
    try {
      if (await calls.call(outbox!.once(mark, clock.now(), until), 'outbox.once')) await emit(type, data)
    } catch (error) {
      fault(error)
    }
  }

  function sendCrossings(found: readonly ThresholdCrossing[]): void {
    for (const crossing of found) void emitOnce(crossing.mark, crossing.periodEnd, 'usage.threshold', crossing.data)
  }

  const wanted = (type: EventType) => webhooks.endpoints.some((e) => e.events === null || e.events.has(type))

  return {
    events: {
      emit: ({ type, data }) => emit(type, data),
      endpoints: () =>
        webhooks.endpoints.map((e) => ({ url: e.url, events: e.events === null ? null : [...e.events] })),
      async deliveries(limit = 50) {
        const bounded = Math.min(Math.max(1, Math.floor(limit) || 1), 1000)
        return (await calls.call(outbox.recent(bounded), 'outbox.recent')).map(viewOf)
      },
    },
    lifecycle(event) {
      const { type, ...data } = event
      void emit(LIFECYCLE_TYPES[type], data)
    },
    admitted(apiKey, key) {
      if (!apiKey.consumed || !wanted('usage.threshold')) return
      sendCrossings(crossings(apiKey, key, webhooks.thresholds, seen.firstTime))
    },
    charged(key, _units, at, usage) {
      if (!wanted('usage.threshold')) return
      sendCrossings(chargeCrossings(key, at, usage, webhooks.thresholds, seen.firstTime))
    },
    watchExpiry(keys) {
      if (!wanted('key.expiring') && !wanted('key.expired')) return
      let checking = false
      const check = async () => {
        if (checking) return
        checking = true
        try {
          const now = clock.now()
          for await (const key of keys.listAll()) {
            const warning = expiryWarning(key, now, webhooks.expiringBeforeMs)
            if (warning && seen.firstTime(warning.mark))
              await emitOnce(warning.mark, warning.markUntil, warning.type, warning.data)
          }
        } catch (error) {
          fault(error)
        } finally {
          checking = false
        }
      }
      expiryTimer = setInterval(check, webhooks.expiryCheckIntervalMs)
      expiryTimer.unref?.()
      setTimeout(check, 0).unref?.()
    },
    async close() {
      clearInterval(expiryTimer)
      await Promise.all(queued)
      await dispatcher.close()
    },
  }
}

export { NO_EVENTS }

/** `decisions` that tell `admitted` of each admitted request that counted, with the key's record. */
export function watchingDecisions(
  decisions: Decisions,
  admitted: (apiKey: ApiKeyContext, key: StoredKey) => void,
): Decisions {
  return {
    ...decisions,
    fromOutcome(outcome, facts) {
      const decision = decisions.fromOutcome(outcome, facts)
      if (decision.ok && outcome.result === 'ok') admitted(decision.apiKey, outcome.key)
      return decision
    },
  }
}

const LIFECYCLE_TYPES: Record<LifecycleEvent['type'], EventType> = {
  created: 'key.created',
  updated: 'key.updated',
  revoked: 'key.revoked',
  'revoked-all': 'key.revoked',
  rotated: 'key.rotated',
}

/** One delivery per endpoint that receives `type`, all with the same event id and body. */
function deliveriesOf(
  webhooks: WebhookSettings,
  type: EventType,
  data: Readonly<Record<string, unknown>>,
  now: number,
  keyPrefix: string,
): OutboxDelivery[] {
  const endpoints = webhooks.endpoints.filter((e) => e.events === null || e.events.has(type))
  if (endpoints.length === 0) return []
  const eventId = `msg_${randomBase62(24)}`
  // A key pasted into data by a caller must not leave the process (K3).
  const body = maskKeysIn(JSON.stringify({ type, timestamp: new Date(now).toISOString(), data }), keyPrefix)
  return endpoints.map((endpoint) => ({
    id: `${eventId}.${endpoint.id}`,
    eventId,
    endpointUrl: endpoint.url,
    eventType: type,
    body,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
    lastStatus: null,
    lastError: null,
    lastAttemptAt: null,
  }))
}

function viewOf(d: OutboxDelivery): DeliveryView {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    eventId: d.eventId,
    eventType: d.eventType as EventType,
    url: d.endpointUrl,
    state: d.state,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAt: new Date(d.createdAt).toISOString(),
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
  }
}
