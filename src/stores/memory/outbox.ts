/**
 * The webhook outbox in process memory (W1): for one instance. Each endpoint has its own queue
 * ordered by due time, so a claim takes only what is due for its endpoint and never looks at
 * deliveries due later. Settled deliveries beyond the newest `keepSettled` are dropped; pending
 * ones are kept until they settle.
 */
import type { DeliverySettlement, EventOutbox, OutboxDelivery } from '../../core/outbox.js'
import { createDueQueue, type DueQueue } from './due-queue.js'

interface Held {
  delivery: OutboxDelivery
  owner: string | null
  /** Raised at each reschedule: queue entries of an older version are outdated. */
  version: number
}

export function createMemoryOutbox(keepSettled = 1000): EventOutbox {
  const held = new Map<string, Held>()
  const queues = new Map<string, DueQueue>()
  const marks = new Map<string, number>()
  const settled: string[] = []
  const copy = (delivery: OutboxDelivery): OutboxDelivery => ({ ...delivery })

  /** Queues a pending delivery at its due time, outdating where it was queued before. */
  function schedule(entry: Held): void {
    const url = entry.delivery.endpointUrl
    let queue = queues.get(url)
    if (queue === undefined) {
      queue = createDueQueue()
      queues.set(url, queue)
    }
    queue.push({ at: entry.delivery.nextAttemptAt, id: entry.delivery.id, version: ++entry.version })
  }

  /** The next delivery of `queue` due at `now` that is still pending and queued at that time. */
  function nextDue(queue: DueQueue, now: number): Held | undefined {
    for (let due = queue.takeDue(now); due !== undefined; due = queue.takeDue(now)) {
      const entry = held.get(due.id)
      if (entry !== undefined && entry.version === due.version && entry.delivery.state === 'pending') return entry
    }
    return undefined
  }

  return {
    async enqueue(deliveries) {
      for (const delivery of deliveries) {
        if (held.has(delivery.id)) continue
        const entry: Held = { delivery: copy(delivery), owner: null, version: 0 }
        held.set(delivery.id, entry)
        if (delivery.state === 'pending') schedule(entry)
      }
    },
    async claim(owner, now, leaseUntil, limit, endpointUrl) {
      const queue = queues.get(endpointUrl)
      const taken: OutboxDelivery[] = []
      if (queue === undefined) return taken
      while (taken.length < limit) {
        const entry = nextDue(queue, now)
        if (entry === undefined) break
        entry.owner = owner
        entry.delivery.nextAttemptAt = leaseUntil
        // Due again when the lease ends, for another owner if this one never settles.
        schedule(entry)
        taken.push(copy(entry.delivery))
      }
      if (queue.size === 0) queues.delete(endpointUrl)
      return taken
    },
    async settle(id, owner, settlement: DeliverySettlement) {
      const entry = held.get(id)
      if (entry === undefined || entry.owner !== owner || entry.delivery.state !== 'pending') return false
      Object.assign(entry.delivery, settlement)
      entry.owner = null
      if (settlement.state === 'pending') schedule(entry)
      else forget(id)
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
