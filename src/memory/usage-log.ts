import type { UsageEntry, UsageLog, UsageQuery } from '../types.js'

/** Options of `createMemoryUsageLog`. */
export interface MemoryUsageLogOptions {
  /** Entries kept per key; the oldest of that key goes first. Default 1,000 (E5's largest `limit`). */
  maxEntriesPerKey?: number
  /** Entries kept across all keys; the oldest overall goes first. Default 100,000. */
  maxEntries?: number
}

/** A `UsageLog` that answers synchronously, with the number of entries it holds. */
export interface MemoryUsageLog extends UsageLog {
  append(entry: UsageEntry): void
  query(query: UsageQuery): UsageEntry[]
  /** Entries held. */
  readonly size: number
}

/** An entry and whether it is still held; evicted slots are skipped and compacted lazily. */
interface Slot {
  readonly entry: UsageEntry
  live: boolean
}

/** A key's slots in append order; `slots[head]` is its oldest held entry. */
interface KeyQueue {
  slots: Slot[]
  head: number
}

const DEFAULT_MAX_ENTRIES_PER_KEY = 1000
const DEFAULT_MAX_ENTRIES = 100_000
/** Below this much garbage an array is not worth copying. */
const COMPACT_MIN = 1024

/**
 * The usage audit log in process memory (E5), newest first by append order, with bounded memory:
 * at most `maxEntriesPerKey` entries per key and `maxEntries` overall, the oldest evicted first.
 * Entries are held in one global append-ordered list and in one list per key, so a key's query
 * costs O(limit). An entry evicted for its key's bound is only marked in the global list, skipped
 * by queries across keys and dropped once such garbage outweighs what is held (amortized O(1) per
 * append; the global list never holds more than twice `maxEntries` plus 1,024 slots).
 *
 * Query results hold the appended entry objects themselves: callers must not mutate them.
 *
 * @example
 * import { createMemoryUsageLog } from 'keyward'
 * const usage = createMemoryUsageLog({ maxEntries: 10_000 })
 * usage.query({ keyId: 'key_…', limit: 100 })
 */
export function createMemoryUsageLog(options: MemoryUsageLogOptions = {}): MemoryUsageLog {
  const maxEntriesPerKey = positiveInteger('maxEntriesPerKey', options.maxEntriesPerKey ?? DEFAULT_MAX_ENTRIES_PER_KEY)
  const maxEntries = positiveInteger('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES)

  const byKey = new Map<string, KeyQueue>()
  /** Every slot in append order from `head`, live or not. */
  let order: Slot[] = []
  let head = 0
  /** Slots at or after `head` that are no longer live. */
  let dead = 0
  let live = 0

  function evictOldest(): void {
    let slot = order[head]!
    while (!slot.live) {
      dead--
      slot = order[++head]!
    }
    head++
    slot.live = false
    live--
    // The oldest entry overall is also the oldest of its key, so it is at the head of its queue.
    const queue = byKey.get(slot.entry.keyId)!
    queue.head++
    if (queue.head === queue.slots.length) byKey.delete(slot.entry.keyId)
    else compactQueue(queue)
  }

  return {
    append(entry) {
      const slot: Slot = { entry, live: true }
      order.push(slot)
      live++
      let queue = byKey.get(entry.keyId)
      if (queue === undefined) {
        queue = { slots: [], head: 0 }
        byKey.set(entry.keyId, queue)
      }
      queue.slots.push(slot)
      if (queue.slots.length - queue.head > maxEntriesPerKey) {
        queue.slots[queue.head++]!.live = false
        live--
        dead++
        compactQueue(queue)
      }
      while (live > maxEntries) evictOldest()
      if (head + dead > COMPACT_MIN && head + dead > live) {
        order = order.slice(head).filter((held) => held.live)
        head = 0
        dead = 0
      }
    },

    query({ keyId, limit }) {
      const wanted = Math.max(0, Math.floor(limit))
      const result: UsageEntry[] = []
      if (keyId !== undefined) {
        const queue = byKey.get(keyId)
        if (queue === undefined) return result
        for (let i = queue.slots.length - 1; i >= queue.head && result.length < wanted; i--) {
          result.push(queue.slots[i]!.entry)
        }
        return result
      }
      for (let i = order.length - 1; i >= head && result.length < wanted; i--) {
        const slot = order[i]!
        if (slot.live) result.push(slot.entry)
      }
      return result
    },

    get size() {
      return live
    },
  }
}

/** Copies a key's queue down once its evicted prefix outweighs what it holds. */
function compactQueue(queue: KeyQueue): void {
  if (queue.head > 64 && queue.head * 2 > queue.slots.length) {
    queue.slots = queue.slots.slice(queue.head)
    queue.head = 0
  }
}

function positiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`keyward: option "${name}" must be a positive integer (got ${String(value)})`)
  }
  return value
}
