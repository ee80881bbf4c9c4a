/**
 * The webhook outbox in process memory (W1): for one instance. Settled deliveries beyond the
 * newest `keepSettled` are dropped; pending ones are kept until they settle.
 */
import type { DeliverySettlement, EventOutbox, OutboxDelivery } from '../../core/outbox.js'

interface Held {
  delivery: OutboxDelivery
  owner: string | null
}

export function createMemoryOutbox(keepSettled = 1000): EventOutbox {
  const held = new Map<string, Held>()
  const marks = new Map<string, number>()
  const settled: string[] = []
  const copy = (delivery: OutboxDelivery): OutboxDelivery => ({ ...delivery })
  return {
    async enqueue(deliveries) {
      for (const delivery of deliveries) {
        if (!held.has(delivery.id)) held.set(delivery.id, { delivery: copy(delivery), owner: null })
      }
    },
    async claim(owner, now, leaseUntil, limit) {
      const due = [...held.values()]
        .filter(({ delivery }) => delivery.state === 'pending' && delivery.nextAttemptAt <= now)
        .sort((a, b) => a.delivery.nextAttemptAt - b.delivery.nextAttemptAt)
        .slice(0, limit)
      for (const entry of due) {
        entry.owner = owner
        entry.delivery.nextAttemptAt = leaseUntil
      }
      return due.map(({ delivery }) => copy(delivery))
    },
    async settle(id, owner, settlement: DeliverySettlement) {
      const entry = held.get(id)
      if (entry === undefined || entry.owner !== owner || entry.delivery.state !== 'pending') return false
      Object.assign(entry.delivery, settlement)
      entry.owner = null
      if (settlement.state !== 'pending') forget(id)
      return true
    },
    async recent(limit) {
      return [...held.values()]
        .map(({ delivery }) => copy(delivery))
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .slice(0, limit)
    },
    async once(mark, now, expiresAt) {
      const until = marks.get(mark)
      if (until !== undefined && until > now) return false
      marks.set(mark, expiresAt)
      if (marks.size > 10_000) for (const [name, at] of marks) if (at <= now) marks.delete(name)
      return true
    },
  }

  /** Keeps the newest settled deliveries for the administrator's view, drops the oldest. */
  function forget(id: string): void {
    settled.push(id)
    while (settled.length > keepSettled) held.delete(settled.shift()!)
  }
}
