/**
 * `lastUsedAt` off the request's path (S4): `touch` only notes the time in memory; a timer writes
 * the noted times in one statement per batch, each key at most once a minute. Until a time is
 * written, this process's reads show it (`overlay`), so an instance sees its own touches at once;
 * other instances see them within about a minute. Revocation does not depend on this (S3).
 */
import type { StoredKey } from '../types.js'

/** A key's `lastUsedAt` is written at most this often. */
export const LAST_USED_INTERVAL_MS = 60_000

export interface LastUsedSettings {
  /** How often the timer looks for times that are due. */
  tickMs: number
  /** A key is written at most once in this many milliseconds. Default `LAST_USED_INTERVAL_MS`. */
  intervalMs?: number
  /** Writes `(id, at)` pairs; each row's `last_used_at` only ever moves forward. */
  write(ids: string[], times: number[]): Promise<void>
  /** Told when a write fails (the times stay noted and are tried again). */
  report(error: unknown): void
}

export interface LastUsedWriter {
  touch(id: string, at: number): void
  /** The key with `lastUsedAt` as this process knows it (a noted time not yet written wins when later). */
  overlay(key: StoredKey): StoredKey
  /** Writes every noted time now, due or not; rejects when the write fails. */
  flush(): Promise<void>
  /** Stops the timer and writes what is noted. */
  close(): Promise<void>
}

/** At most this many keys in one statement. */
const MAX_BATCH = 1000

export function createLastUsedWriter(settings: LastUsedSettings): LastUsedWriter {
  const intervalMs = settings.intervalMs ?? LAST_USED_INTERVAL_MS
  const noted = new Map<string, number>()
  const writing = new Map<string, number>()
  /** When (process time) each key was last written, to keep to one write a minute. */
  const writtenAt = new Map<string, number>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let current: Promise<void> | null = null

  function schedule(): void {
    if (timer !== null || noted.size === 0) return
    timer = setTimeout(() => {
      timer = null
      void writeDue(false).catch(settings.report).finally(schedule)
    }, settings.tickMs)
    timer.unref?.()
  }

  /** Writes the noted times that are due (all of them when `all`), one batch at a time. */
  async function writeDue(all: boolean): Promise<void> {
    while (current !== null) await current.catch(() => {})
    const now = performance.now()
    for (const [id, at] of writtenAt) if (now - at >= intervalMs) writtenAt.delete(id)
    const due = [...noted].filter(([id]) => all || !writtenAt.has(id))
    for (let i = 0; i < due.length; i += MAX_BATCH) {
      current = writeBatch(due.slice(i, i + MAX_BATCH), now)
      try {
        await current
      } finally {
        current = null
      }
    }
  }

  async function writeBatch(batch: [string, number][], now: number): Promise<void> {
    for (const [id, at] of batch) {
      noted.delete(id)
      writing.set(id, at)
    }
    try {
      await settings.write(
        batch.map(([id]) => id),
        batch.map(([, at]) => at),
      )
      for (const [id] of batch) writtenAt.set(id, now)
    } catch (error) {
      // Noted again for the next tick, unless a later time was noted meanwhile.
      for (const [id, at] of batch) if (!((noted.get(id) ?? -Infinity) >= at)) noted.set(id, at)
      throw error
    } finally {
      for (const [id, at] of batch) if (writing.get(id) === at) writing.delete(id)
    }
  }

  return {
    touch(id, at) {
      const known = Math.max(noted.get(id) ?? -Infinity, writing.get(id) ?? -Infinity)
      if (at <= known) return
      noted.set(id, at)
      schedule()
    },

    overlay(key) {
      const at = Math.max(noted.get(key.id) ?? -Infinity, writing.get(key.id) ?? -Infinity)
      if (key.lastUsedAt !== null && key.lastUsedAt >= at) return key
      return at === -Infinity ? key : { ...key, lastUsedAt: at }
    },

    flush: () => writeDue(true),

    async close() {
      if (timer !== null) clearTimeout(timer)
      timer = null
      await writeDue(true)
    },
  }
}
