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

/**
 * A key's held entries: a ring of their slots in the log's columns, in append order, the oldest at
 * `head`. It never holds more than `min(maxEntriesPerKey, maxEntries)` slots.
 */
interface KeyQueue {
  /** The key id as first appended (equal by value to every later one). */
  readonly keyId: string
  slots: Int32Array
  head: number
  count: number
  /** The re-layout that last renumbered this queue's slots (see `relayout`). */
  layout: number
}

/** The log's columns: slot i of each holds one entry's field (see `createMemoryUsageLog`). */
interface Columns {
  queues: (KeyQueue | null)[]
  requestIds: (string | null)[]
  timestamps: (string | null)[]
  methods: (string | null)[]
  paths: (string | null)[]
  ips: (string | null)[]
  countries: (string | null)[]
  statuses: Uint16Array | Float64Array
}

const DEFAULT_MAX_ENTRIES_PER_KEY = 1000
const DEFAULT_MAX_ENTRIES = 100_000
/** Slots of a new log and of a new key's queue; both grow by doubling up to their bound. */
const INITIAL_CAPACITY = 64
const INITIAL_KEY_CAPACITY = 4
/** Entries of the cache of canonical paths (a power of 2), and the longest path cached. */
const CANONICAL_SLOTS = 256
const CANONICAL_MAX_LENGTH = 256

/**
 * The usage audit log in process memory (E5), newest first by append order, with bounded memory:
 * at most `maxEntriesPerKey` entries per key and `maxEntries` overall, the oldest evicted first.
 *
 * Under load every request appends an entry that is held for up to `maxEntries` requests, long
 * enough to survive young-generation scavenges: whatever an append makes or holds is promoted to
 * old space and costs GC time on every request. So an append allocates nothing (but amortized
 * growth) and holds little: entries are stored column-wise in a ring of slots (arrays of the
 * entry's strings, a typed array of statuses), never as the caller's object; each key's entries
 * are a ring of slot indexes; the path is replaced by an equal one already held (`canonical`); and
 * an evicted entry's strings are let go at once.
 *
 * A slot evicted for its key's bound is cleared where it stands; slots at the ring's head that are
 * no longer held are dropped at once, so the head is always the oldest entry held. When the ring
 * is full it is compacted in place if at least half of it is cleared slots, else doubled (up to
 * twice `maxEntries` slots); both renumber the held slots and rebuild every key's queue, which is
 * amortized O(1) per append since at least half the ring is then free. A key's query costs
 * O(limit), a query across keys O(limit) plus the cleared slots it skips.
 *
 * Query results are built afresh from the held columns: equal by value to the appended entries.
 *
 * @example
 * import { createMemoryUsageLog } from 'keyward'
 * const usage = createMemoryUsageLog({ maxEntries: 10_000 })
 * usage.query({ keyId: 'key_…', limit: 100 })
 */
export function createMemoryUsageLog(options: MemoryUsageLogOptions = {}): MemoryUsageLog {
  const maxEntriesPerKey = positiveInteger('maxEntriesPerKey', options.maxEntriesPerKey ?? DEFAULT_MAX_ENTRIES_PER_KEY)
  const maxEntries = positiveInteger('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES)
  /** A key's queue never holds more: its bound, or every entry held. */
  const maxKeyCapacity = Math.min(maxEntriesPerKey, maxEntries)
  /** With at most `maxEntries` held, a ring this large is at least half free after compaction. */
  const maxCapacity = 2 * maxEntries

  const byKey = new Map<string, KeyQueue>()
  let capacity = Math.min(INITIAL_CAPACITY, maxCapacity)
  // The columns: slot i holds one entry, or nulls once evicted. `queues[i]` is null exactly then.
  let queues = column<KeyQueue>(capacity)
  let requestIds = column<string>(capacity)
  let timestamps = column<string>(capacity)
  let methods = column<string>(capacity)
  let paths = column<string>(capacity)
  let ips = column<string>(capacity)
  let countries = column<string>(capacity)
  /** HTTP statuses fit 16 bits; any other number widens the column once, so that it is kept exactly. */
  let statuses: Uint16Array | Float64Array = new Uint16Array(capacity)
  let wideStatuses = false
  /** The oldest slot; always held while `used` > 0. */
  let head = 0
  /** Slots from `head` in append order, held or cleared. */
  let used = 0
  let live = 0
  let layout = 0
  /** The last timestamp appended: entries of one millisecond share one string. */
  let lastTimestamp = ''
  const canonicalPaths = column<string>(CANONICAL_SLOTS)

  function clearSlot(slot: number): void {
    queues[slot] = null
    requestIds[slot] = null
    timestamps[slot] = null
    methods[slot] = null
    paths[slot] = null
    ips[slot] = null
    countries[slot] = null
  }

  /** Drops the cleared slots at the head, so that the head is the oldest entry held. */
  function trimHead(): void {
    while (used > 0 && queues[head] === null) {
      head = head + 1 === capacity ? 0 : head + 1
      used--
    }
  }

  /** Evicts a key's oldest entry; the queue is kept even when emptied (the caller refills it). */
  function evictOldestOfKey(queue: KeyQueue): void {
    const slot = queue.slots[queue.head]!
    queue.head = queue.head + 1 === queue.slots.length ? 0 : queue.head + 1
    queue.count--
    clearSlot(slot)
    live--
    if (slot === head) trimHead()
  }

  /** Evicts the oldest entry overall, which is also the oldest of its key; forgets an emptied key. */
  function evictOldest(): void {
    const queue = queues[head]!
    queue.head = queue.head + 1 === queue.slots.length ? 0 : queue.head + 1
    queue.count--
    if (queue.count === 0) byKey.delete(queue.keyId)
    clearSlot(head)
    live--
    trimHead()
  }

  /**
   * Makes room in a full ring: compacts the held slots in place when at least half are cleared,
   * else moves them into columns twice as large. Either way every key's queue is renumbered.
   */
  function relayout(): void {
    layout++
    const grow = live * 2 > capacity && capacity < maxCapacity
    const size = grow ? Math.min(capacity * 2, maxCapacity) : capacity
    // Compaction moves the held slots down within the columns; growth into new ones, from slot 0.
    const to: Columns = grow
      ? {
          queues: column(size),
          requestIds: column(size),
          timestamps: column(size),
          methods: column(size),
          paths: column(size),
          ips: column(size),
          countries: column(size),
          statuses: wideStatuses ? new Float64Array(size) : new Uint16Array(size),
        }
      : { queues, requestIds, timestamps, methods, paths, ips, countries, statuses }
    let at = grow ? 0 : head
    let from = head
    for (let n = 0; n < used; n++) {
      const queue = queues[from]
      if (queue != null) {
        if (grow || at !== from) {
          to.queues[at] = queue
          to.requestIds[at] = requestIds[from]!
          to.timestamps[at] = timestamps[from]!
          to.methods[at] = methods[from]!
          to.paths[at] = paths[from]!
          to.ips[at] = ips[from]!
          to.countries[at] = countries[from]!
          to.statuses[at] = statuses[from]!
        }
        renumber(queue, at)
        at = at + 1 === size ? 0 : at + 1
      }
      from = from + 1 === capacity ? 0 : from + 1
    }
    if (grow) {
      ;({ queues, requestIds, timestamps, methods, paths, ips, countries, statuses } = to)
      capacity = size
      head = 0
    } else {
      // The slots moved from now lie past the held ones: clear them so they hold no strings.
      for (let n = live; n < used; n++) {
        clearSlot(at)
        at = at + 1 === capacity ? 0 : at + 1
      }
    }
    used = live
  }

  /** Appends `slot` to a queue being renumbered, restarting it on its first slot of this re-layout. */
  function renumber(queue: KeyQueue, slot: number): void {
    if (queue.layout !== layout) {
      queue.layout = layout
      queue.head = 0
      queue.count = 0
    }
    queue.slots[queue.count++] = slot
  }

  function entryAt(slot: number, keyId: string): UsageEntry {
    return {
      keyId,
      requestId: requestIds[slot]!,
      timestamp: timestamps[slot]!,
      method: methods[slot]!,
      path: paths[slot]!,
      status: statuses[slot]!,
      ip: ips[slot] as string | null,
      country: countries[slot] as string | null,
    }
  }

  return {
    append(entry) {
      const keyId = entry.keyId
      let queue = byKey.get(keyId)
      // Evicting first (at most one entry, as the bounds require) may free the ring's head.
      if (queue !== undefined && queue.count === maxEntriesPerKey) {
        evictOldestOfKey(queue)
      } else if (live === maxEntries) {
        evictOldest()
        if (queue !== undefined && queue.count === 0) byKey.set(queue.keyId, queue)
      }
      if (used === capacity) relayout()
      let slot = head + used
      if (slot >= capacity) slot -= capacity

      if (queue === undefined) {
        queue = { keyId, slots: new Int32Array(Math.min(INITIAL_KEY_CAPACITY, maxKeyCapacity)), head: 0, count: 0, layout }
        byKey.set(keyId, queue)
      } else if (queue.count === queue.slots.length) {
        growQueue(queue, maxKeyCapacity)
      }
      let at = queue.head + queue.count
      if (at >= queue.slots.length) at -= queue.slots.length
      queue.slots[at] = slot
      queue.count++

      const timestamp = entry.timestamp
      const status = entry.status
      // 0xffff & status differs from status for every number a Uint16Array cannot hold, but -0.
      if (!wideStatuses && ((status & 0xffff) !== status || (status === 0 && 1 / status < 0))) {
        statuses = Float64Array.from(statuses)
        wideStatuses = true
      }
      queues[slot] = queue
      requestIds[slot] = entry.requestId
      timestamps[slot] = timestamp === lastTimestamp ? lastTimestamp : (lastTimestamp = timestamp)
      methods[slot] = entry.method
      paths[slot] = canonical(canonicalPaths, entry.path)
      ips[slot] = entry.ip
      countries[slot] = entry.country
      statuses[slot] = status
      used++
      live++
    },

    query({ keyId, limit }) {
      const wanted = Math.max(0, Math.floor(limit))
      const result: UsageEntry[] = []
      if (keyId !== undefined) {
        const queue = byKey.get(keyId)
        if (queue === undefined) return result
        const size = queue.slots.length
        let at = queue.head + queue.count - 1
        if (at >= size) at -= size
        for (let n = 0; n < queue.count && result.length < wanted; n++) {
          result.push(entryAt(queue.slots[at]!, queue.keyId))
          at = at === 0 ? size - 1 : at - 1
        }
        return result
      }
      let slot = head + used - 1
      if (slot >= capacity) slot -= capacity
      for (let n = 0; n < used && result.length < wanted; n++) {
        const queue = queues[slot]
        if (queue != null) result.push(entryAt(slot, queue.keyId))
        slot = slot === 0 ? capacity - 1 : slot - 1
      }
      return result
    },

    get size() {
      return live
    },
  }
}

/** A column of `length` empty slots, packed (not holey) so that V8 keeps its accesses fast. */
function column<T>(length: number): (T | null)[] {
  const values: (T | null)[] = []
  for (let i = 0; i < length; i++) values.push(null)
  return values
}

/**
 * `path`, or an equal path appended before. A request's path is sliced from its URL, so holding it
 * holds the whole URL, a new string for every request: kept as long as its entry, it would be
 * promoted to old space with its URL. Most requests repeat a few paths, so one string of each is
 * held instead. Measured on a request-like loop (16 KB of other garbage per request): about half
 * the bytes promoted per append and a fifth less GC time with 100 busy keys, less GC time with
 * one; where entries die young anyway (little other garbage), the comparison costs tens of ns.
 * The cache is direct-mapped on the length and two characters: a lookup costs one string
 * comparison, a miss replaces the entry. Client addresses are not cached: Node gives the same
 * string for every request of a connection, and a comparison would cost more than it saves.
 */
function canonical(cache: (string | null)[], path: string): string {
  const length = path.length
  if (length === 0 || length > CANONICAL_MAX_LENGTH) return path
  const at = (length * 31 + path.charCodeAt(length - 1) * 7 + path.charCodeAt(length >> 1)) & (CANONICAL_SLOTS - 1)
  const known = cache[at]
  if (known === path) return known
  cache[at] = path
  return path
}

/** Doubles a full key queue (up to `max` slots), unrolling its ring from the oldest slot. */
function growQueue(queue: KeyQueue, max: number): void {
  const slots = new Int32Array(Math.min(queue.slots.length * 2, max))
  slots.set(queue.slots.subarray(queue.head))
  slots.set(queue.slots.subarray(0, queue.head), queue.slots.length - queue.head)
  queue.slots = slots
  queue.head = 0
}

function positiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`keyward: option "${name}" must be a positive integer (got ${String(value)})`)
  }
  return value
}
