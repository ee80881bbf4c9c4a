/**
 * The outcome counters' in-process side (N1): a request adds to one tally in a map, and nothing
 * else; a timer flushes the tallies to the store in one batch, spread over the key, its owner and
 * the service, each in minute, hour and day buckets.
 *
 * A batch is cut once, numbered in this counter's order, and sent unchanged until the store
 * accepts it: a timed-out write may still be applied, and the store adds a batch it has already
 * applied only once. Counts made meanwhile wait for the next batch; past `maxTallies` the oldest
 * of them are dropped and reported. Old buckets are deleted after a flush at most once per
 * `retentionIntervalMs`.
 */
import {
  type AnalyticsBatch,
  type AnalyticsStore,
  bucketStart,
  GRANULARITIES,
  GRANULARITY_MS,
  type OutcomeCount,
} from './analytics-types.js'
import { randomBase62 } from './key-format.js'
import type { Clock } from './types.js'

export interface AnalyticsCounterSettings {
  store: AnalyticsStore
  clock: Clock
  /** Bounds a store call in time (R5): a stalled store never holds a flush for long. */
  bounded<T>(promise: Promise<T>): Promise<T>
  /** Told of failed flushes (retried), drops and failed retention passes. */
  report(error: unknown): void
  /** Longest time a tally waits before it is written. Default 1 s. */
  flushIntervalMs?: number
  /** How often old buckets are deleted. Default 1 hour. */
  retentionIntervalMs?: number
  /** Tallies held while the store refuses writes before the oldest unsent are dropped. Default 100,000. */
  maxTallies?: number
}

/** Requests and units of one key (or none: an unknown key) for one outcome in one minute. */
interface Tally {
  minute: number
  keyId: string | null
  ownerId: string | null
  outcome: string
  requests: number
  units: number
}

/** A batch cut from the tallies: sent as it is, however often, until the store accepts it. */
interface CutBatch {
  batch: AnalyticsBatch
  counts: OutcomeCount[]
  /** How many tallies it was cut from, for the bound on what is held. */
  tallies: number
}

export interface AnalyticsCounter {
  /** Counts one decision (`requests` 1) or units charged after it (`requests` 0) at `time`. */
  count(
    keyId: string | null,
    ownerId: string | null,
    outcome: string,
    time: number,
    requests: number,
    units: number,
  ): void
  /** Resolves once everything counted before the call is written; rejects when the store refused it. */
  flush(): Promise<void>
  /** Stops the timer and writes what is held. */
  close(): Promise<void>
}

export function createAnalyticsCounter(settings: AnalyticsCounterSettings): AnalyticsCounter {
  const { store, clock, bounded, report } = settings
  const flushIntervalMs = settings.flushIntervalMs ?? 1000
  const retentionIntervalMs = settings.retentionIntervalMs ?? 3_600_000
  const maxTallies = settings.maxTallies ?? 100_000
  const source = randomBase62(16)
  let sequence = 0
  let tallies = new Map<string, Tally>()
  /** The batch cut and not yet accepted: the next write sends it again before cutting another. */
  let pending: CutBatch | null = null
  // The tally counted last: a busy key's requests follow one another, and finding it again this
  // way spares building its name and looking it up. Forgotten whenever `tallies` is replaced.
  let last: Tally | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight: Promise<void> | null = null
  let lastRetention = -Infinity
  let pruning: Promise<void> = Promise.resolve()
  let closed = false

  /** The tally of one minute, key and outcome, made empty when there is none yet. */
  function tallyOf(minute: number, keyId: string | null, ownerId: string | null, outcome: string): Tally {
    const held = last
    if (held !== null && held.minute === minute && held.keyId === keyId && held.outcome === outcome) {
      if (held.ownerId === ownerId) return held
    }
    const id = `${minute}\u0000${outcome}\u0000${keyId ?? ''}\u0000${ownerId ?? ''}`
    let found = tallies.get(id)
    if (found === undefined) {
      found = { minute, keyId, ownerId, outcome, requests: 0, units: 0 }
      tallies.set(id, found)
    }
    last = found
    return found
  }

  function schedule(): void {
    if (timer !== null || closed) return
    timer = setTimeout(() => {
      timer = null
      flush().catch(report)
    }, flushIntervalMs)
    timer.unref?.()
  }

  /** Drops the oldest unsent tallies past the bound; the batch under retry goes only if it alone exceeds it. */
  function bound(): void {
    let excess = tallies.size + (pending?.tallies ?? 0) - maxTallies
    if (excess <= 0) return
    let dropped = 0
    const oldest = [...tallies].sort((a, b) => a[1].minute - b[1].minute).slice(0, excess)
    for (const [id] of oldest) tallies.delete(id)
    last = null
    dropped += oldest.length
    excess -= oldest.length
    if (excess > 0 && pending !== null) {
      dropped += pending.tallies
      pending = null
    }
    report(
      new Error(
        `keyward: dropped ${dropped} analytics counts: the store has not accepted writes and the buffer is full (${maxTallies} counts)`,
      ),
    )
  }

  function cut(): CutBatch {
    const batch: CutBatch = { batch: { source, sequence: ++sequence }, counts: spread(tallies), tallies: tallies.size }
    tallies = new Map()
    last = null
    return batch
  }

  async function send(cutBatch: CutBatch): Promise<void> {
    try {
      await bounded(Promise.resolve(store.add(cutBatch.counts, clock.now(), cutBatch.batch)))
    } catch (error) {
      bound()
      schedule()
      throw error
    }
    if (pending === cutBatch) pending = null
  }

  async function writeOnce(): Promise<void> {
    if (pending === null && tallies.size === 0) return
    if (pending !== null) await send(pending)
    if (tallies.size > 0) {
      pending = cut()
      await send(pending)
    }
    pruneWhenDue()
  }

  // Closing writes what is left, but starts no retention pass: the host may end its pool next.
  function pruneWhenDue(): void {
    const now = clock.now()
    if (closed || (now - lastRetention < retentionIntervalMs && now >= lastRetention)) return
    lastRetention = now
    pruning = Promise.resolve()
      .then(() => bounded(Promise.resolve(store.deleteExpired(now))))
      .then(() => undefined, report)
  }

  async function flush(): Promise<void> {
    // One write at a time; the one under way may predate this call's counts, so write again after it.
    while (inFlight !== null) await inFlight.catch(() => undefined)
    const current = writeOnce().finally(() => {
      if (inFlight === current) inFlight = null
    })
    inFlight = current
    await current
  }

  return {
    count(keyId, ownerId, outcome, time, requests, units) {
      const held = tallyOf(time - (time % GRANULARITY_MS.minute), keyId, ownerId, outcome)
      held.requests += requests
      held.units += units
      if (timer === null) schedule()
    },
    flush,
    async close() {
      closed = true
      if (timer !== null) clearTimeout(timer)
      timer = null
      await flush()
      await pruning
    },
  }
}

/** The tallies as counts of the service, each key and each owner, in every granularity, summed per bucket. */
function spread(batch: Map<string, Tally>): OutcomeCount[] {
  const counts = new Map<string, OutcomeCount>()
  const put = (scope: OutcomeCount['scope'], id: string, tally: Tally): void => {
    for (const granularity of GRANULARITIES) {
      const time = bucketStart(tally.minute, granularity)
      const name = `${scope}\u0000${id}\u0000${granularity}\u0000${time}\u0000${tally.outcome}`
      const held = counts.get(name)
      if (held === undefined) {
        counts.set(name, {
          scope,
          id,
          granularity,
          time,
          outcome: tally.outcome,
          requests: tally.requests,
          units: tally.units,
        })
      } else {
        held.requests += tally.requests
        held.units += tally.units
      }
    }
  }
  for (const tally of batch.values()) {
    put('service', '', tally)
    if (tally.keyId !== null) put('key', tally.keyId, tally)
    if (tally.ownerId !== null) put('owner', tally.ownerId, tally)
  }
  return [...counts.values()]
}
