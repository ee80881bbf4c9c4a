import type { UsageEntry, UsageLog, UsageQuery } from '../types.js'
import { array, integer, text, badReply } from './codec.js'
import { type RedisContext, type RedisStoreOptions, createContext } from './context.js'
import { USAGE_SCRIPT } from './scripts/usage.js'
import { createUsageBuffer } from './usage-buffer.js'

/**
 * How usage entries are written (E5, L4a, P1). `append` only buffers; the buffer is written in
 * one `EVALSHA` of the usage script per flush, which pushes every entry onto the global list and
 * its key's list and trims both, so usage adds at most one command per request and far less
 * under load. On a cluster the lists live in different slots and a flush sends one call per list,
 * in parallel, in one round trip.
 *
 * Nothing is silently dropped while Redis is healthy: a failed flush puts its entries back at the
 * head of the buffer, reports the error to `onError`, and is retried with a backoff (up to 1 s)
 * until Redis takes it. The buffer is bounded (`maxBuffered`): past it, while Redis refuses
 * writes, the oldest entries are dropped and the drop is reported. Delivery is at least once: a
 * flush that timed out may still have been applied, and its retry then writes the entries again.
 */
export interface RedisUsageOptions {
  /** Longest time an entry waits in the buffer. Default 5 ms. */
  flushIntervalMs?: number
  /** Entries that trigger a flush at once, and the most one flush writes. Default 200. */
  maxBatch?: number
  /** Entries kept per key (`LTRIM`). Default 1000, the most one query returns. */
  perKeyLimit?: number
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
  json: string
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
  if (typeof entry !== 'object' || entry === null || typeof entry.keyId !== 'string') throw badReply('a usage entry', value)
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
 * The parts of the last entry that the next one most likely shares (its key, method and path,
 * address and country), as JSON: under load most entries repeat them, and each is then neither
 * tested for escapes nor built again.
 */
let headKeyId: string | undefined
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
  const { keyId, method, path, ip, country, timestamp } = entry
  if (keyId !== headKeyId || head === '') {
    head = `{"keyId":${jsonString(keyId)},"requestId":`
    headKeyId = keyId
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
  const status = typeof entry.status === 'number' && Number.isFinite(entry.status) ? String(entry.status) : JSON.stringify(entry.status ?? null)
  return head + jsonString(entry.requestId) + timestampJson + middle + status + tail
}

/** The options with their defaults, checked (a TypeError names the option). */
function usageSettings(options: RedisUsageOptions) {
  if (typeof options !== 'object' || options === null) throw new TypeError('keyward/redis: option "usage" must be an object')
  const flushIntervalMs = options.flushIntervalMs ?? 5
  if (typeof flushIntervalMs !== 'number' || !Number.isFinite(flushIntervalMs) || flushIntervalMs < 0) {
    throw new TypeError(`keyward/redis: option "usage.flushIntervalMs" must be a non-negative number (got ${String(flushIntervalMs)})`)
  }
  const maxBatch = positiveInteger('maxBatch', options.maxBatch, 200)
  const perKeyLimit = positiveInteger('perKeyLimit', options.perKeyLimit, 1000)
  const globalLimit = positiveInteger('globalLimit', options.globalLimit, 100_000)
  const maxBuffered = positiveInteger('maxBuffered', options.maxBuffered, 10_000)
  const onError = options.onError ?? warnAtMostEvery(10_000)
  if (typeof onError !== 'function') throw new TypeError('keyward/redis: option "usage.onError" must be a function')
  return { flushIntervalMs, maxBatch, perKeyLimit, globalLimit, maxBuffered, onError }
}

/**
 * Writes one batch: one script call; on a cluster one per list, since each list is its own slot.
 * The entries go as one argument, a line each, and the list each goes to as another (empty when
 * they all go to one key's list): two strings joined once, where an argument per entry would be
 * copied, measured and framed one by one by the client.
 */
async function writeBatch(context: RedisContext, globalLimit: number, perKeyLimit: number, batch: Pending[]): Promise<void> {
  const { connection, layout } = context
  if (!connection.cluster) {
    const keys = [layout.usageAll]
    const args = [String(globalLimit)]
    const listIndex = new Map<string, string>()
    const numbers: string[] = []
    const lines: string[] = []
    for (const entry of batch) {
      let index = listIndex.get(entry.keyId)
      if (index === undefined) {
        keys.push(layout.usageOf(entry.keyId))
        args.push(String(perKeyLimit))
        index = String(keys.length)
        listIndex.set(entry.keyId, index)
      }
      // Each entry once: the script pushes it onto the list of every key and onto its key's list.
      numbers.push(index)
      lines.push(entry.json)
    }
    args.push(keys.length === 2 ? '' : numbers.join(','), lines.join('\n'))
    integer(await connection.script(USAGE_SCRIPT, keys, args), 'the usage script')
    return
  }
  const perKey = new Map<string, string[]>()
  const all: string[] = []
  for (const entry of batch) {
    all.push(entry.json)
    let lines = perKey.get(entry.keyId)
    if (lines === undefined) perKey.set(entry.keyId, (lines = []))
    lines.push(entry.json)
  }
  const calls = [connection.script(USAGE_SCRIPT, [layout.usageAll], [String(globalLimit), '', all.join('\n')])]
  for (const [keyId, lines] of perKey) {
    calls.push(connection.script(USAGE_SCRIPT, [layout.usageOf(keyId)], [String(perKeyLimit), '', lines.join('\n')]))
  }
  for (const reply of await Promise.all(calls)) integer(reply, 'the usage script')
}

/** The batched UsageLog on a shared context, with `close()` to stop its timer. */
export function usageLogOn(context: RedisContext, options: RedisUsageOptions = {}): RedisUsageLog {
  const { connection, layout } = context
  const { flushIntervalMs, maxBatch, perKeyLimit, globalLimit, maxBuffered, onError } = usageSettings(options)
  const buffer = createUsageBuffer<Pending>({
    flushIntervalMs,
    maxBatch,
    maxBuffered,
    write: (batch) => writeBatch(context, globalLimit, perKeyLimit, batch),
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
      buffer.append({ keyId: entry.keyId, json: entryJson(entry) })
    },

    async query({ keyId, limit }) {
      // Read your own writes: this instance's buffered entries go out first.
      await buffer.flush()
      const list = keyId === undefined ? layout.usageAll : layout.usageOf(keyId)
      const cap = keyId === undefined ? globalLimit : perKeyLimit
      // As the memory log: a limit below 1 (or not a number) returns nothing; above the cap, the cap.
      const count = Math.min(Math.floor(limit), cap)
      if (!(count >= 1)) return []
      const reply = array(await connection.command(['LRANGE', list, '0', String(count - 1)], list), 'LRANGE of a usage list')
      return reply.map(decodeEntry)
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

/**
 * The default reporter: one process warning at most every `ms`, with how many failures it stands
 * for. A Redis outage fails a flush every retry; a warning for each would flood the logs.
 */
export function warnAtMostEvery(ms: number): (error: unknown) => void {
  let last = -Infinity
  let suppressed = 0
  return (error) => {
    const now = Date.now()
    if (now - last < ms) {
      suppressed++
      return
    }
    const more = suppressed > 0 ? ` (${suppressed} more failures since the last warning)` : ''
    last = now
    suppressed = 0
    process.emitWarning(`keyward/redis: usage entries not written yet, will retry: ${(error as Error)?.message ?? String(error)}${more}`)
  }
}
