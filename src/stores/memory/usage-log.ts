import type { UsageEntry, UsageLog, UsageQuery } from '../../core/types.js'

/** Options of `createMemoryUsageLog`. */
export interface MemoryUsageLogOptions {
  /** Entries kept per key; the oldest of that key goes first. Default 1,000 (the dashboard's largest page). */
  maxEntriesPerKey?: number
  /**
   * Entries an owner's query can reach, across its keys: its newest entries still held; the oldest
   * of them leaves the owner's view (its key still holds it). Default 1,000 (the dashboard's largest page).
   */
  maxEntriesPerOwner?: number
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
 * The slots of one key's entries: a ring of slot indexes into the log's columns, in append order,
 * the oldest at `head`. It holds exactly the key's held entries.
 */
interface SlotQueue {
  /** The key or owner id as first appended (equal by value to every later one). */
  readonly id: string
  slots: Int32Array
  head: number
  count: number
  /** The re-layout that last renumbered this queue's slots (see `relayout`). */
  layout: number
}

/**
 * The slots of one owner's entries, as a key's, but an entry evicted for its key's bound stays
 * as a cleared slot (skipped by queries) until it reaches the head, the queue is compacted or the
 * ring re-laid out: the head is always held. Every held entry of the owner appended since the head
 * is in it: the owner's view, whose oldest leaves it when `held` reaches `maxEntriesPerOwner`.
 */
interface OwnerQueue extends SlotQueue {
  held: number
}

/** The log's columns: slot i of each holds one entry's field (see `createMemoryUsageLog`). */
interface Columns {
  queues: (SlotQueue | null)[]
  owners: (OwnerQueue | null)[]
  requestIds: (string | null)[]
  timestamps: (string | null)[]
  methods: (string | null)[]
  paths: (string | null)[]
  ips: (string | null)[]
  countries: (string | null)[]
  /** A refusal's error code, null for an admitted request: a few constant strings, held by every entry. */
  codes: (string | null)[]
  statuses: Uint16Array | Float64Array
}

/** The bounds of one log, checked. */
interface Bounds {
  perKey: number
  perOwner: number
  entries: number
  /** A key's queue never holds more: its bound, or every entry held. */
  keyCapacity: number
  /** An owner's queue never holds more slots: twice its bound (see `appendToOwner`), or the largest ring's. */
  ownerCapacity: number
  /** With at most `entries` held, a ring this large is at least half free after compaction. */
  ringCapacity: number
}

const DEFAULT_MAX_ENTRIES_PER_KEY = 1000
const DEFAULT_MAX_ENTRIES_PER_OWNER = 1000
const DEFAULT_MAX_ENTRIES = 100_000
/** Slots of a new log and of a new key's or owner's queue; all grow by doubling up to their bound. */
const INITIAL_CAPACITY = 64
const INITIAL_QUEUE_CAPACITY = 4
/** Entries of the cache of canonical paths (a power of 2), and the longest path cached. */
const CANONICAL_SLOTS = 256
const CANONICAL_MAX_LENGTH = 256

/**
 * The usage audit log in process memory, newest first by append order, with bounded memory:
 * at most `maxEntriesPerKey` entries per key and `maxEntries` overall, the oldest evicted first.
 *
 * Under load every request appends an entry that is held for up to `maxEntries` requests, long
 * enough to survive young-generation scavenges: whatever an append makes or holds is promoted to
 * old space and costs GC time on every request. So an append allocates nothing (but amortized
 * growth) and holds little: entries are stored column-wise in a ring of slots (arrays of the
 * entry's strings, a typed array of statuses), never as the caller's object; each key's entries
 * and each owner's are a ring of slot indexes, and a slot refers to its key's and owner's queue,
 * whose id is the one string held for all of them; the path is replaced by an equal one already
 * held (`canonicalPaths`); and an evicted entry's strings are let go at once.
 *
 * A slot evicted for its key's bound is cleared where it stands; slots at the ring's head that are
 * no longer held are dropped at once, so the head is always the oldest entry held. When the ring
 * is full it is compacted in place if at least half of it is cleared slots, else doubled (up to
 * twice `maxEntries` slots); both renumber the held slots and rebuild every queue, which is
 * amortized O(1) per append since at least half the ring is then free. A key's query costs
 * O(limit), an owner's O(limit) plus the cleared slots in its queue (which holds at most twice
 * `maxEntriesPerOwner` slots), a query across keys O(limit) plus the cleared slots it skips.
 *
 * Query results are built afresh from the held columns: equal by value to the appended entries.
 *
 * An entry is stored once: an append whose request id is held already stores nothing. (An append
 * is synchronous and never retried; the check keeps a caller's repeated append from counting twice.)
 *
 * @example
 * import { createMemoryUsageLog } from 'keyward'
 * const usage = createMemoryUsageLog({ maxEntries: 10_000 })
 * usage.query({ ownerId: 'acct-42', limit: 100 })
 */
export function createMemoryUsageLog(options: MemoryUsageLogOptions = {}): MemoryUsageLog {
  const perKey = positiveInteger('maxEntriesPerKey', options.maxEntriesPerKey ?? DEFAULT_MAX_ENTRIES_PER_KEY)
  const perOwner = positiveInteger('maxEntriesPerOwner', options.maxEntriesPerOwner ?? DEFAULT_MAX_ENTRIES_PER_OWNER)
  const entries = positiveInteger('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES)
  const ringCapacity = 2 * entries
  const ring = new UsageRing({
    perKey,
    perOwner,
    entries,
    keyCapacity: Math.min(perKey, entries),
    ownerCapacity: Math.min(2 * perOwner, ringCapacity),
    ringCapacity,
  })
  return {
    // Bound, not wrapped: an append is one call into the ring.
    append: ring.append.bind(ring),
    query: (query) => ring.query(query),
    get size() {
      return ring.live
    },
  }
}

/** The state of one memory usage log and its operations (see `createMemoryUsageLog`). */
class UsageRing {
  readonly byKey = new Map<string, SlotQueue>()
  readonly byOwner = new Map<string, OwnerQueue>()
  /** The request ids of the entries held: an entry appended again with one of them is not stored twice. */
  readonly heldRequestIds = new Set<string>()
  capacity: number
  // The columns (set by useColumns): slot i holds one entry, or nulls once evicted. `queues[i]` is
  // null exactly then.
  queues!: (SlotQueue | null)[]
  /** The owner's queue of each slot's entry (null: no owner), kept while the slot is held. */
  owners!: (OwnerQueue | null)[]
  requestIds!: (string | null)[]
  timestamps!: (string | null)[]
  methods!: (string | null)[]
  paths!: (string | null)[]
  ips!: (string | null)[]
  countries!: (string | null)[]
  codes!: (string | null)[]
  /** HTTP statuses fit 16 bits; any other number widens the column once, so that it is kept exactly. */
  statuses!: Uint16Array | Float64Array
  wideStatuses = false
  /** The oldest slot; always held while `used` > 0. */
  head = 0
  /** Slots from `head` in append order, held or cleared. */
  used = 0
  live = 0
  layout = 0
  /** The last timestamp appended: entries of one millisecond share one string. */
  lastTimestamp = ''
  /**
   * Paths appended before, so that an entry holds an equal string already held rather than its own.
   * A request's path is sliced from its URL, so holding it holds the whole URL, a new string for
   * every request: kept as long as its entry, it would be promoted to old space with its URL. Most
   * requests repeat a few paths, so one string of each is held instead. Measured on a request-like
   * loop (16 KB of other garbage per request): about half the bytes promoted per append and a fifth
   * less GC time with 100 busy keys, less GC time with one; where entries die young anyway (little
   * other garbage), the comparison costs tens of ns. The cache is direct-mapped on the length and
   * two characters: a lookup costs one string comparison, a miss replaces the entry. Client
   * addresses are not cached: Node gives the same string for every request of a connection, and a
   * comparison would cost more than it saves.
   */
  readonly canonicalPaths = column<string>(CANONICAL_SLOTS)

  constructor(readonly bounds: Bounds) {
    this.capacity = Math.min(INITIAL_CAPACITY, bounds.ringCapacity)
    this.useColumns(this.newColumns(this.capacity))
  }

  append(entry: UsageEntry): void {
    const requestId = entry.requestId
    if (this.heldRequestIds.has(requestId)) return
    this.heldRequestIds.add(requestId)
    const keyId = entry.keyId
    let queue = this.byKey.get(keyId)
    // Evicting first (at most one entry, as the bounds require) may free the ring's head.
    if (queue !== undefined && queue.count === this.bounds.perKey) {
      this.evictOldestOfKey(queue)
    } else if (this.live === this.bounds.entries) {
      this.evictOldest()
      if (queue !== undefined && queue.count === 0) this.byKey.set(queue.id, queue)
    }
    if (this.used === this.capacity) this.relayout()
    let slot = this.head + this.used
    if (slot >= this.capacity) slot -= this.capacity

    if (queue === undefined) {
      queue = newQueue(keyId, this.bounds.keyCapacity, this.layout)
      this.byKey.set(keyId, queue)
    }
    push(queue, slot, this.bounds.keyCapacity)
    const ownerId = entry.ownerId
    this.owners[slot] = typeof ownerId === 'string' ? this.appendToOwner(ownerId, slot) : null
    this.queues[slot] = queue
    this.store(slot, entry)
    this.used++
    this.live++
  }

  /**
   * Adds `slot` to its owner's queue, whose oldest held entry leaves it first when it holds its
   * bound. A queue full of slots is then at least half cleared ones: it is compacted, not grown.
   */
  appendToOwner(ownerId: string, slot: number): OwnerQueue {
    let owner = this.byOwner.get(ownerId)
    if (owner === undefined) {
      const slots = new Int32Array(Math.min(INITIAL_QUEUE_CAPACITY, this.bounds.ownerCapacity))
      owner = { id: ownerId, slots, head: 0, count: 0, layout: this.layout, held: 0 }
      this.byOwner.set(ownerId, owner)
    } else if (owner.held === this.bounds.perOwner) {
      dropOldest(owner)
      owner.held--
      this.skipCleared(owner)
    }
    if (owner.count === this.bounds.ownerCapacity) this.compactOwner(owner)
    push(owner, slot, this.bounds.ownerCapacity)
    owner.held++
    return owner
  }

  /** Drops an owner's cleared slots in place, keeping its head where it is. */
  compactOwner(owner: OwnerQueue): void {
    const slots = owner.slots
    const size = slots.length
    let to = owner.head
    let from = owner.head
    for (let n = 0; n < owner.count; n++) {
      const slot = slots[from]!
      if (this.queues[slot] != null) {
        slots[to] = slot
        to = to + 1 === size ? 0 : to + 1
      }
      from = from + 1 === size ? 0 : from + 1
    }
    owner.count = owner.held
  }

  /** Writes an entry's fields into `slot`'s columns. */
  store(slot: number, entry: UsageEntry): void {
    const timestamp = entry.timestamp
    const status = entry.status
    // 0xffff & status differs from status for every number a Uint16Array cannot hold, but -0.
    if (!this.wideStatuses && ((status & 0xffff) !== status || (status === 0 && 1 / status < 0))) {
      this.statuses = Float64Array.from(this.statuses)
      this.wideStatuses = true
    }
    this.requestIds[slot] = entry.requestId
    if (timestamp !== this.lastTimestamp) this.lastTimestamp = timestamp
    this.timestamps[slot] = this.lastTimestamp
    this.methods[slot] = entry.method
    const path = entry.path
    const length = path.length
    // See `canonicalPaths`: one string held per path.
    if (length > 0 && length <= CANONICAL_MAX_LENGTH) {
      const at = (length * 31 + path.charCodeAt(length - 1) * 7 + path.charCodeAt(length >> 1)) & (CANONICAL_SLOTS - 1)
      if (this.canonicalPaths[at] !== path) this.canonicalPaths[at] = path
      this.paths[slot] = this.canonicalPaths[at]!
    } else this.paths[slot] = path
    this.ips[slot] = entry.ip
    this.countries[slot] = entry.country
    this.codes[slot] = entry.code ?? null
    this.statuses[slot] = status
  }

  clearSlot(slot: number): void {
    this.queues[slot] = null
    this.owners[slot] = null
    this.requestIds[slot] = null
    this.timestamps[slot] = null
    this.methods[slot] = null
    this.paths[slot] = null
    this.ips[slot] = null
    this.countries[slot] = null
    this.codes[slot] = null
  }

  /** Drops the cleared slots at the head, so that the head is the oldest entry held. */
  trimHead(): void {
    while (this.used > 0 && this.queues[this.head] === null) {
      this.head = this.head + 1 === this.capacity ? 0 : this.head + 1
      this.used--
    }
  }

  /** Drops the cleared slots at an owner's head, so that its head is held. */
  skipCleared(owner: OwnerQueue): void {
    while (owner.count > 0 && this.queues[owner.slots[owner.head]!] === null) dropOldest(owner)
  }

  /** Evicts a key's oldest entry; the queue is kept even when emptied (the caller refills it). */
  evictOldestOfKey(queue: SlotQueue): void {
    const slot = queue.slots[queue.head]!
    dropOldest(queue)
    this.evict(slot)
    if (slot === this.head) this.trimHead()
  }

  /** Evicts the oldest entry overall, which is also the oldest of its key; forgets an emptied key. */
  evictOldest(): void {
    const slot = this.head
    const queue = this.queues[slot]!
    dropOldest(queue)
    if (queue.count === 0) this.byKey.delete(queue.id)
    this.evict(slot)
    this.trimHead()
  }

  /**
   * Clears a held slot. Its owner's queue keeps it until it reaches the head: a cleared slot is
   * reused only once the ring's head has passed it, and the owner's held head is older.
   */
  evict(slot: number): void {
    const owner = this.owners[slot]
    const inView = owner != null && this.inOwnerQueue(owner, slot)
    this.heldRequestIds.delete(this.requestIds[slot]!)
    this.clearSlot(slot)
    this.live--
    if (!inView) return
    owner.held--
    if (owner.slots[owner.head] === slot) {
      this.skipCleared(owner)
      if (owner.count === 0) this.byOwner.delete(owner.id)
    }
  }

  /** Whether a held slot of `owner` is in its queue: appended since the queue's head (held too). */
  inOwnerQueue(owner: OwnerQueue, slot: number): boolean {
    if (owner.count === 0) return false
    const first = owner.slots[owner.head]!
    // Positions in append order: held slots lie within `used` slots from the ring's head.
    const position = slot >= this.head ? slot - this.head : slot + this.capacity - this.head
    const firstPosition = first >= this.head ? first - this.head : first + this.capacity - this.head
    return position >= firstPosition
  }

  /**
   * Makes room in a full ring: compacts the held slots in place when at least half are cleared,
   * else moves them into columns twice as large. Either way every queue is renumbered.
   */
  relayout(): void {
    this.layout++
    const grow = this.live * 2 > this.capacity && this.capacity < this.bounds.ringCapacity
    const size = grow ? Math.min(this.capacity * 2, this.bounds.ringCapacity) : this.capacity
    // Compaction moves the held slots down within the columns; growth into new ones, from slot 0.
    const to = grow ? this.newColumns(size) : this.columns()
    let at = grow ? 0 : this.head
    let from = this.head
    for (let n = 0; n < this.used; n++) {
      const queue = this.queues[from]
      if (queue != null) {
        if (grow || at !== from) this.moveSlot(to, from, at)
        this.renumber(queue, from, at)
        at = at + 1 === size ? 0 : at + 1
      }
      from = from + 1 === this.capacity ? 0 : from + 1
    }
    if (grow) {
      this.useColumns(to)
      this.capacity = size
      this.head = 0
    } else {
      // The slots moved from now lie past the held ones: clear them so they hold no strings.
      for (let n = this.live; n < this.used; n++) {
        this.clearSlot(at)
        at = at + 1 === this.capacity ? 0 : at + 1
      }
    }
    this.used = this.live
  }

  /**
   * Appends a held slot's new number to its key's queue and, if the owner's queue holds it, to the
   * owner's: each queue restarts on its first slot of this re-layout. An owner's queue holds its
   * entries from its head on (older ones were dropped for its bound), and its head is held.
   */
  renumber(queue: SlotQueue, from: number, at: number): void {
    restartOnce(queue, this.layout)
    queue.slots[queue.count++] = at
    const owner = this.owners[from]
    if (owner == null) return
    if (owner.layout !== this.layout) {
      if (owner.count === 0 || owner.slots[owner.head] !== from) return
      restartOnce(owner, this.layout)
    }
    owner.slots[owner.count++] = at
  }

  moveSlot(to: Columns, from: number, at: number): void {
    to.queues[at] = this.queues[from]!
    to.owners[at] = this.owners[from]!
    to.requestIds[at] = this.requestIds[from]!
    to.timestamps[at] = this.timestamps[from]!
    to.methods[at] = this.methods[from]!
    to.paths[at] = this.paths[from]!
    to.ips[at] = this.ips[from]!
    to.countries[at] = this.countries[from]!
    to.codes[at] = this.codes[from]!
    to.statuses[at] = this.statuses[from]!
  }

  columns(): Columns {
    const { queues, owners, requestIds, timestamps, methods, paths, ips, countries, codes, statuses } = this
    return { queues, owners, requestIds, timestamps, methods, paths, ips, countries, codes, statuses }
  }

  newColumns(size: number): Columns {
    return {
      queues: column(size),
      owners: column(size),
      requestIds: column(size),
      timestamps: column(size),
      methods: column(size),
      paths: column(size),
      ips: column(size),
      countries: column(size),
      codes: column(size),
      statuses: this.wideStatuses ? new Float64Array(size) : new Uint16Array(size),
    }
  }

  useColumns(columns: Columns): void {
    ;({
      queues: this.queues,
      owners: this.owners,
      requestIds: this.requestIds,
      timestamps: this.timestamps,
      methods: this.methods,
      paths: this.paths,
      ips: this.ips,
      countries: this.countries,
      codes: this.codes,
      statuses: this.statuses,
    } = columns)
  }

  /** With a key: its entries, of `ownerId` when given; else an owner's entries; else every key's. */
  query({ keyId, ownerId, limit }: UsageQuery): UsageEntry[] {
    if (ownerId !== undefined && typeof ownerId !== 'string') {
      throw new TypeError(`keyward: a usage query's "ownerId" must be a string (got ${String(ownerId)})`)
    }
    const wanted = Math.max(0, Math.floor(limit))
    if (keyId !== undefined) return this.newestOf(this.byKey.get(keyId), wanted, ownerId)
    if (ownerId !== undefined) return this.newestOf(this.byOwner.get(ownerId), wanted, undefined)
    const result: UsageEntry[] = []
    let slot = this.head + this.used - 1
    if (slot >= this.capacity) slot -= this.capacity
    for (let n = 0; n < this.used && result.length < wanted; n++) {
      if (this.queues[slot] != null) result.push(this.entryAt(slot))
      slot = slot === 0 ? this.capacity - 1 : slot - 1
    }
    return result
  }

  /** A queue's held entries newest first, only those of `ownerId` when given. */
  newestOf(queue: SlotQueue | undefined, wanted: number, ownerId: string | undefined): UsageEntry[] {
    const result: UsageEntry[] = []
    if (queue === undefined) return result
    const size = queue.slots.length
    let at = queue.head + queue.count - 1
    if (at >= size) at -= size
    for (let n = 0; n < queue.count && result.length < wanted; n++) {
      const slot = queue.slots[at]!
      if (this.queues[slot] != null && (ownerId === undefined || this.owners[slot]?.id === ownerId)) {
        result.push(this.entryAt(slot))
      }
      at = at === 0 ? size - 1 : at - 1
    }
    return result
  }

  entryAt(slot: number): UsageEntry {
    return {
      keyId: this.queues[slot]!.id,
      ownerId: this.owners[slot]?.id ?? null,
      requestId: this.requestIds[slot]!,
      timestamp: this.timestamps[slot]!,
      method: this.methods[slot]!,
      path: this.paths[slot]!,
      status: this.statuses[slot]!,
      code: this.codes[slot] as string | null,
      ip: this.ips[slot] as string | null,
      country: this.countries[slot] as string | null,
    }
  }
}

function newQueue(id: string, max: number, layout: number): SlotQueue {
  return { id, slots: new Int32Array(Math.min(INITIAL_QUEUE_CAPACITY, max)), head: 0, count: 0, layout }
}

/** Appends a slot to a queue, doubling it (up to `max` slots) when full. */
function push(queue: SlotQueue, slot: number, max: number): void {
  if (queue.count === queue.slots.length) growQueue(queue, max)
  let at = queue.head + queue.count
  if (at >= queue.slots.length) at -= queue.slots.length
  queue.slots[at] = slot
  queue.count++
}

function dropOldest(queue: SlotQueue): void {
  queue.head = queue.head + 1 === queue.slots.length ? 0 : queue.head + 1
  queue.count--
}

/** Empties a queue on its first slot of a re-layout, so that it is refilled in the new numbering. */
function restartOnce(queue: SlotQueue, layout: number): void {
  if (queue.layout !== layout) {
    queue.layout = layout
    queue.head = 0
    queue.count = 0
  }
}

/** A column of `length` empty slots, packed (not holey) so that V8 keeps its accesses fast. */
function column<T>(length: number): (T | null)[] {
  const values: (T | null)[] = []
  for (let i = 0; i < length; i++) values.push(null)
  return values
}

/** Doubles a full queue (up to `max` slots), unrolling its ring from the oldest slot. */
function growQueue(queue: SlotQueue, max: number): void {
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
