import type { UsageEntry, UsageLog, UsageQuery } from '../../core/types.js'
import { warnAtMostEvery } from '../../core/background-warning.js'
import { array, integer, text, badReply } from './codec.js'
import { type RedisContext, type RedisStoreOptions, createContext } from './context.js'
import { USAGE_SCRIPT } from './scripts/usage.js'
import { createUsageBuffer } from './usage-buffer.js'

/**
 * How usage entries are written. `append` only buffers; the buffer is written in
 * one `EVALSHA` of the usage script per flush, which pushes every entry onto the global list, its
 * key's list and its owner's list (when the key has an owner) and trims them, so usage adds at
 * most one command per request and far less under load. On a cluster the lists live in different
 * slots and a flush sends one call per list, in parallel, in one round trip.
 *
 * Nothing is silently dropped while Redis is healthy: a failed flush puts its entries back at the
 * head of the buffer, reports the error to `onError`, and is retried with a backoff (up to 1 s)
 * until Redis takes it. The buffer is bounded (`maxBuffered`): past it, while Redis refuses
 * writes, the oldest entries are dropped and the drop is reported. A flush that timed out may
 * still have been applied: each list keeps the set of request ids it holds, so its retry adds
 * nothing and every entry is stored once (the sets cost about as many bytes again as the ids).
 * `close()` writes the buffer; a process killed without it loses what is still buffered (at most
 * `flushIntervalMs`).
 */
export interface RedisUsageOptions {
  /** Longest time an entry waits in the buffer. Default 5 ms. */
  flushIntervalMs?: number
  /** Entries that trigger a flush at once, and the most one flush writes. Default 200. */
  maxBatch?: number
  /** Entries kept per key (`LTRIM`). Default 1000, the most one query returns. */
  perKeyLimit?: number
  /** Entries kept per owner, across its keys (`LTRIM`). Default 1000, the most one query returns. */
  perOwnerLimit?: number
  /** Entries kept in the list of every key's usage. Default 100,000. */
  globalLimit?: number
  /** Entries buffered while Redis refuses writes before the oldest are dropped. Default 10,000. */
  maxBuffered?: number
  /** Told when a flush fails (it will be retried) or entries are dropped. Default: a process warning. */
  onError?: (error: unknown) => void
}

/** The UsageLog on Redis: `append` buffers (it never blocks a request), the rest answer with promises. */
export interface RedisUsageLog extends UsageLog {
  append(entry: UsageEntry): void
  query(query: UsageQuery): Promise<UsageEntry[]>
  /** Resolves once every entry appended before the call is in Redis; rejects if Redis refuses (entries stay queued). */
  flush(): Promise<void>
  /** Writes out what is buffered and stops the flush timer. */
  close(): Promise<void>
}

interface Pending {
  keyId: string
  ownerId: string | null
  json: string
  /** The request id as the JSON writes it, between its quotes: what the lists' id sets hold. */
  requestId: string
}

/** The caps of the lists, checked. */
interface Caps {
  global: string
  perKey: string
  perOwner: string
}

function positiveInteger(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`keyward/redis: option "usage.${name}" must be a positive integer (got ${String(value)})`)
  }
  return value
}

function decodeEntry(value: unknown): UsageEntry {
  const entry = JSON.parse(text(value, 'a usage entry')) as UsageEntry
  if (typeof entry !== 'object' || entry === null || typeof entry.keyId !== 'string')
    throw badReply('a usage entry', value)
  // An entry appended without the field (the type requires it) reads as one without owner; one
  // written before refusals were recorded has no code, as an admitted request's is null.
  entry.ownerId ??= null
  entry.code ??= null
  return entry
}

/** A character JSON.stringify escapes, or one this fast path leaves to it (non-ASCII). */
const NOT_PLAIN = /["\\\u0000-\u001f\u007f-\uffff]/

/** A string as JSON: printable ASCII without quote or backslash as it is, anything else by JSON.stringify. */
function jsonString(value: string): string {
  if (typeof value !== 'string' || NOT_PLAIN.test(value)) return JSON.stringify(value ?? null)
  return `"${value}"`
}

/** A value that is a string, null or absent (omitted), as JSON.stringify writes an object's field. */
function jsonField(name: string, value: string | null | undefined): string {
  if (value === undefined) return ''
  return value === null ? `,"${name}":null` : `,"${name}":${jsonString(value)}`
}

/**
 * The parts of the last entry that the next one most likely shares (its key and owner, method and
 * path, address and country), as JSON: under load most entries repeat them, and each is then
 * neither tested for escapes nor built again.
 */
let headKeyId: string | undefined
let headOwnerId: string | null | undefined
let head = ''
let middleMethod: string | undefined
let middlePath: string | undefined
let middle = ''
let tailIp: string | null | undefined
let tailCountry: string | null | undefined
let tail = ''
let lastTimestamp: string | undefined
let timestampJson = ''

/**
 * An entry as the JSON its list holds: the same text as `JSON.stringify` of its fields in this
 * order (test/redis/entry-json.test.ts compares them), built without an intermediate object.
 */
export function entryJson(entry: UsageEntry): string {
  const { keyId, ownerId, method, path, ip, country, timestamp, code } = entry
  if (keyId !== headKeyId || ownerId !== headOwnerId || head === '') {
    head = `{"keyId":${jsonString(keyId)}${jsonField('ownerId', ownerId)},"requestId":`
    headKeyId = keyId
    headOwnerId = ownerId
  }
  if (method !== middleMethod || path !== middlePath || middle === '') {
    middle = `,"method":${jsonString(method)},"path":${jsonString(path)},"status":`
    middleMethod = method
    middlePath = path
  }
  if (ip !== tailIp || country !== tailCountry || tail === '') {
    tail = `${jsonField('ip', ip)}${jsonField('country', country)}}`
    tailIp = ip
    tailCountry = country
  }
  if (timestamp !== lastTimestamp || timestampJson === '') {
    timestampJson = `,"timestamp":${jsonString(timestamp)}`
    lastTimestamp = timestamp
  }
  const status =
    typeof entry.status === 'number' && Number.isFinite(entry.status)
      ? String(entry.status)
      : JSON.stringify(entry.status ?? null)
  // Admitted requests (most of them) have no code: their text is a constant.
  const codeJson = code === null ? ',"code":null' : jsonField('code', code)
  return head + jsonString(entry.requestId) + timestampJson + middle + status + codeJson + tail
}

/** The options with their defaults, checked (a TypeError names the option). */
function usageSettings(options: RedisUsageOptions) {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('keyward/redis: option "usage" must be an object')
  const flushIntervalMs = options.flushIntervalMs ?? 5
  if (typeof flushIntervalMs !== 'number' || !Number.isFinite(flushIntervalMs) || flushIntervalMs < 0) {
    throw new TypeError(
      `keyward/redis: option "usage.flushIntervalMs" must be a non-negative number (got ${String(flushIntervalMs)})`,
    )
  }
  const maxBatch = positiveInteger('maxBatch', options.maxBatch, 200)
  const perKeyLimit = positiveInteger('perKeyLimit', options.perKeyLimit, 1000)
  const perOwnerLimit = positiveInteger('perOwnerLimit', options.perOwnerLimit, 1000)
  const globalLimit = positiveInteger('globalLimit', options.globalLimit, 100_000)
  const maxBuffered = positiveInteger('maxBuffered', options.maxBuffered, 10_000)
  const onError = options.onError ?? warnAtMostEvery(10_000, 'keyward/redis: usage entries not written yet, will retry')
  if (typeof onError !== 'function') throw new TypeError('keyward/redis: option "usage.onError" must be a function')
  return { flushIntervalMs, maxBatch, perKeyLimit, perOwnerLimit, globalLimit, maxBuffered, onError }
}

/**
 * Writes one batch: one script call; on a cluster one per list, since each list is its own slot.
 * The entries go as one argument, a line each, and the lists each goes to as another (empty when
 * they all go to every list): two strings joined once, where an argument per entry would be
 * copied, measured and framed one by one by the client.
 */
function writeBatch(context: RedisContext, caps: Caps, batch: Pending[]): Promise<void> {
  return context.connection.cluster ? writeToEachList(context, caps, batch) : writeInOneCall(context, caps, batch)
}

/** A single node: one call for every list; the script pushes each entry onto the lists numbered for it. */
async function writeInOneCall({ connection, layout }: RedisContext, caps: Caps, batch: Pending[]): Promise<void> {
  const keys: string[] = [layout.usageAll]
  const args = [caps.global]
  const numberOf = (lists: Map<string, string>, id: string, list: () => string, cap: string): string => {
    let number = lists.get(id)
    if (number === undefined) {
      keys.push(list())
      args.push(cap)
      number = String(keys.length)
      lists.set(id, number)
    }
    return number
  }
  const keyNumbers = new Map<string, string>()
  const ownerNumbers = new Map<string, string>()
  /** Per key, the list numbers of its last entry, and that entry's owner: its next entries share them. */
  const routes = new Map<string, { ownerId: string | null; numbers: string }>()
  const numbers: string[] = []
  const lines: string[] = []
  const requestIds: string[] = []
  let unowned = 0
  for (const { keyId, ownerId, json, requestId } of batch) {
    let route = routes.get(keyId)
    if (route === undefined || route.ownerId !== ownerId) {
      const keyNumber = numberOf(keyNumbers, keyId, () => layout.usageOf(keyId), caps.perKey)
      const ownerNumber =
        ownerId === null ? '' : numberOf(ownerNumbers, ownerId, () => layout.usageOfOwner(ownerId), caps.perOwner)
      route = { ownerId, numbers: ownerId === null ? keyNumber : `${keyNumber}.${ownerNumber}` }
      routes.set(keyId, route)
    }
    if (ownerId === null) unowned++
    numbers.push(route.numbers)
    lines.push(json)
    requestIds.push(requestId)
  }
  // One key (and at most its one owner, for every entry): each entry goes onto every list.
  const everyList = keyNumbers.size === 1 && (ownerNumbers.size === 0 || (ownerNumbers.size === 1 && unowned === 0))
  args.push(everyList ? '' : numbers.join(','), lines.join('\n'), requestIds.join('\n'))
  const idSets = keys.map((list) => layout.usageIdsOf(list))
  integer(await connection.script(USAGE_SCRIPT, [...keys, ...idSets], args), 'the usage script')
}

/** A cluster: one call per list (each its own slot), sent together. */
async function writeToEachList({ connection, layout }: RedisContext, caps: Caps, batch: Pending[]): Promise<void> {
  const perKey = new Map<string, Pending[]>()
  const perOwner = new Map<string, Pending[]>()
  for (const entry of batch) {
    entriesOf(perKey, entry.keyId).push(entry)
    if (entry.ownerId !== null) entriesOf(perOwner, entry.ownerId).push(entry)
  }
  const write = (list: string, cap: string, entries: Pending[]) =>
    connection.script(
      USAGE_SCRIPT,
      [list, layout.usageIdsOf(list)],
      [cap, '', entries.map((entry) => entry.json).join('\n'), entries.map((entry) => entry.requestId).join('\n')],
    )
  const calls = [write(layout.usageAll, caps.global, batch)]
  for (const [keyId, lines] of perKey) calls.push(write(layout.usageOf(keyId), caps.perKey, lines))
  for (const [ownerId, lines] of perOwner) calls.push(write(layout.usageOfOwner(ownerId), caps.perOwner, lines))
  for (const reply of await Promise.all(calls)) integer(reply, 'the usage script')
}

function entriesOf(lists: Map<string, Pending[]>, id: string): Pending[] {
  let entries = lists.get(id)
  if (entries === undefined) {
    entries = []
    lists.set(id, entries)
  }
  return entries
}

/** The batched UsageLog on a shared context, with `close()` to stop its timer. */
export function usageLogOn(context: RedisContext, options: RedisUsageOptions = {}): RedisUsageLog {
  const { connection, layout } = context
  const { flushIntervalMs, maxBatch, perKeyLimit, perOwnerLimit, globalLimit, maxBuffered, onError } =
    usageSettings(options)
  const caps: Caps = { global: String(globalLimit), perKey: String(perKeyLimit), perOwner: String(perOwnerLimit) }
  const buffer = createUsageBuffer<Pending>({
    flushIntervalMs,
    maxBatch,
    maxBuffered,
    write: (batch) => writeBatch(context, caps, batch),
    report(error) {
      try {
        onError(error)
      } catch {
        // A failing reporter must not stop the retries.
      }
    },
  })

  return {
    append(entry) {
      buffer.append({
        keyId: entry.keyId,
        ownerId: entry.ownerId ?? null,
        json: entryJson(entry),
        requestId: jsonString(entry.requestId).slice(1, -1),
      })
    },

    /** With a key: its list, only `ownerId`'s entries when given; else the owner's list; else every key's. */
    async query({ keyId, ownerId, limit }) {
      if (ownerId !== undefined && typeof ownerId !== 'string') {
        throw new TypeError(`keyward/redis: a usage query's "ownerId" must be a string (got ${String(ownerId)})`)
      }
      // Read your own writes: this instance's buffered entries go out first.
      await buffer.flush()
      const [list, cap] =
        keyId !== undefined
          ? [layout.usageOf(keyId), perKeyLimit]
          : ownerId !== undefined
            ? [layout.usageOfOwner(ownerId), perOwnerLimit]
            : [layout.usageAll, globalLimit]
      // As the memory log: a limit below 1 (or not a number) returns nothing; above the cap, the cap.
      const count = Math.min(Math.floor(limit), cap)
      if (!(count >= 1)) return []
      const reply = array(
        await connection.command(['LRANGE', list, '0', String(count - 1)], list),
        'LRANGE of a usage list',
      )
      const entries = reply.map(decodeEntry)
      // A key's entries all carry its owner (set at creation, never changed): all or none match.
      return keyId !== undefined && ownerId !== undefined
        ? entries.filter((entry) => entry.ownerId === ownerId)
        : entries
    },

    flush: () => buffer.flush(),

    close: () => buffer.close(),
  }
}

/**
 * The usage audit log on Redis: capped lists, newest first, appends batched (see
 * `RedisUsageOptions` for how and when entries are written).
 *
 * @example
 * import Redis from 'ioredis'
 * import { createRedisUsageLog } from 'keyward/redis'
 * const usage = createRedisUsageLog({ client: new Redis({ enableOfflineQueue: false }) })
 * await usage.query({ limit: 100 })
 */
export function createRedisUsageLog(options: RedisStoreOptions & { usage?: RedisUsageOptions }): RedisUsageLog {
  return usageLogOn(createContext(options), options.usage)
}
