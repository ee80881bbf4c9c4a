/**
 * The outcome counters on Redis (N1, N5). Each subject (a key, an owner, the service) keeps its
 * buckets in chunk hashes under one hash tag, `<prefix>:{an:<scope>:<id>}:<granularity>:<chunk>`:
 * an hour of minutes, a day of hours, 30 days of days. Fields are `r:<bucket>:<outcome>` (requests)
 * and `u:<bucket>:<outcome>` (units).
 *
 * - A flush sends one script call per subject (one slot, so it runs on a cluster). Beside the
 *   chunks, the subject keeps per sender the number of the last batch it applied,
 *   `<prefix>:{an:<scope>:<id>}:batch:<sender>`, for a day: a batch sent again after a timeout
 *   adds nothing, and one key per sender, not per batch, keeps that cheap.
 * - Retention is Redis's own expiry: a chunk expires once its newest bucket is past retention,
 *   so nothing newer is ever deleted; the core leaves out older buckets a live chunk still holds.
 * - A series reads the chunks its span covers, one HGETALL each, all sent at once.
 */
import {
  type AnalyticsBatch,
  type AnalyticsGranularity,
  type AnalyticsRetention,
  type AnalyticsStore,
  type AnalyticsStoreOptions,
  analyticsRetentionOf,
  BATCH_MEMORY_MS,
  bucketStart,
  type OutcomeCount,
  type StoredPoint,
  type StoredSeriesQuery,
} from '../../core/analytics-types.js'
import type { RedisContext } from './context.js'
import { ANALYTICS_SCRIPT } from './scripts/analytics.js'

/** How much time one chunk hash covers, per granularity. */
const CHUNK_MS: Readonly<Record<AnalyticsGranularity, number>> = {
  minute: 3_600_000,
  hour: 86_400_000,
  day: 30 * 86_400_000,
}

export interface RedisAnalyticsStore extends AnalyticsStore {
  add(counts: readonly OutcomeCount[], now: number, batch: AnalyticsBatch): Promise<void>
  series(query: StoredSeriesQuery): Promise<StoredPoint[]>
  /** Redis expires chunks on its own: nothing to delete here. */
  deleteExpired(now: number): Promise<number>
}

function chunkOf(time: number, granularity: AnalyticsGranularity): number {
  const size = CHUNK_MS[granularity]
  return time - (((time % size) + size) % size)
}

/** Braces would end the hash tag early; an id holding one is written with it escaped. */
function taggable(id: string): string {
  return id.replace(/[{}%]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)
}

export function analyticsOn(context: RedisContext, options?: AnalyticsStoreOptions): RedisAnalyticsStore {
  const { connection, layout } = context
  const retention: AnalyticsRetention = analyticsRetentionOf(options, 'keyward/redis')
  const subjectBase = (scope: string, id: string) => `${layout.prefix}:{an:${scope}:${taggable(id)}}`
  const chunkKey = (base: string, granularity: AnalyticsGranularity, chunk: number) => `${base}:${granularity}:${chunk}`

  /** One subject's counts as the script's KEYS and ARGV; counts already past retention are left out. */
  function scriptCall(
    counts: readonly OutcomeCount[],
    now: number,
    batch: AnalyticsBatch,
  ): { keys: string[]; args: string[] } | null {
    const base = subjectBase(counts[0]!.scope, counts[0]!.id)
    const keys: string[] = [`${base}:batch:${batch.source}`]
    const leading: string[] = [String(batch.sequence), String(BATCH_MEMORY_MS)]
    const numbers = new Map<string, number>()
    const rest: string[] = []
    for (const count of counts) {
      const chunk = chunkOf(count.time, count.granularity)
      const ttl = chunk + CHUNK_MS[count.granularity] + retention[count.granularity] - now
      if (ttl <= 0) continue
      const key = chunkKey(base, count.granularity, chunk)
      let number = numbers.get(key)
      if (number === undefined) {
        keys.push(key)
        leading.push(String(Math.ceil(ttl)))
        number = keys.length
        numbers.set(key, number)
      }
      rest.push(String(number), `${count.time}:${count.outcome}`, String(count.requests), String(count.units))
    }
    return keys.length === 1 ? null : { keys, args: [...leading, ...rest] }
  }

  return {
    retention,
    async add(counts, now, batch) {
      const bySubject = new Map<string, OutcomeCount[]>()
      for (const count of counts) {
        const name = `${count.scope}\u0000${count.id}`
        const list = bySubject.get(name)
        if (list === undefined) bySubject.set(name, [count])
        else list.push(count)
      }
      const calls: Promise<unknown>[] = []
      for (const subject of bySubject.values()) {
        const call = scriptCall(subject, now, batch)
        if (call !== null) calls.push(connection.script(ANALYTICS_SCRIPT, call.keys, call.args))
      }
      await Promise.all(calls)
    },
    async series({ scope, id, granularity, from, to }) {
      const base = subjectBase(scope, id)
      const keys: string[] = []
      for (let chunk = chunkOf(from, granularity); chunk < to; chunk += CHUNK_MS[granularity]) {
        keys.push(chunkKey(base, granularity, chunk))
      }
      const replies = await Promise.all(keys.map((key) => connection.command(['HGETALL', key], key)))
      const points = new Map<string, StoredPoint>()
      for (const reply of replies) {
        for (const [field, value] of fieldsOf(reply)) {
          const match = /^([ru]):(-?\d+):(.+)$/.exec(field)
          if (match === null) continue
          const time = Number(match[2])
          if (time < from || time >= to || bucketStart(time, granularity) !== time) continue
          const name = `${match[2]}:${match[3]}`
          let point = points.get(name)
          if (point === undefined) {
            point = { time, outcome: match[3]!, requests: 0, units: 0 }
            points.set(name, point)
          }
          if (match[1] === 'r') point.requests = Number(value)
          else point.units = Number(value)
        }
      }
      return [...points.values()].sort((a, b) => a.time - b.time || (a.outcome < b.outcome ? -1 : 1))
    },
    async deleteExpired() {
      return 0
    },
  }
}

/** HGETALL's reply as pairs: a flat array under RESP2, a map (object or Map) under RESP3. */
function fieldsOf(reply: unknown): [string, string][] {
  if (Array.isArray(reply)) {
    const pairs: [string, string][] = []
    for (let i = 0; i + 1 < reply.length; i += 2) pairs.push([String(reply[i]), String(reply[i + 1])])
    return pairs
  }
  if (reply instanceof Map) return [...reply].map(([k, v]) => [String(k), String(v)])
  if (typeof reply === 'object' && reply !== null) {
    return Object.entries(reply).map(([k, v]) => [k, String(v)])
  }
  return []
}
