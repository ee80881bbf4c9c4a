/**
 * `lastUsedAt` off the request's path (S4): `touch` only notes the time in memory; a timer writes
 * the noted times in one statement per batch, each key at most once a minute. Until a time is
 * written, this process's reads show it (`overlay`), so an instance sees its own touches at once;
 * other instances see them within about a minute. Revocation does not depend on this (S3).
 */
import type { StoredKey } from '../../core/types.js'

/** A key's `lastUsedAt` is written at most this often. */
export const LAST_USED_INTERVAL_MS = 60_000

/** At most this many keys in one statement. */
const MAX_BATCH = 1000

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

export class LastUsedWriter {
  /** Times noted and not yet sent. */
  private readonly noted = new Map<string, number>()
  /** Times being written now. */
  private readonly writing = new Map<string, number>()
  /** When (process time) each key was last written, to keep to one write per interval. */
  private readonly writtenAt = new Map<string, number>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private current: Promise<void> | null = null
  private readonly intervalMs: number

  constructor(private readonly settings: LastUsedSettings) {
    this.intervalMs = settings.intervalMs ?? LAST_USED_INTERVAL_MS
  }

  touch(id: string, at: number): void {
    if (at <= this.known(id)) return
    this.noted.set(id, at)
    this.schedule()
  }

  /** The key with `lastUsedAt` as this process knows it (a noted time not yet written wins when later). */
  overlay(key: StoredKey): StoredKey {
    const at = this.known(key.id)
    if (at === -Infinity || (key.lastUsedAt !== null && key.lastUsedAt >= at)) return key
    return { ...key, lastUsedAt: at }
  }

  /** Writes every noted time now, due or not; rejects when the write fails. */
  flush(): Promise<void> {
    return this.writeDue(true)
  }

  /** Stops the timer and writes what is noted. */
  async close(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    await this.writeDue(true)
  }

  private known(id: string): number {
    return Math.max(this.noted.get(id) ?? -Infinity, this.writing.get(id) ?? -Infinity)
  }

  private schedule(): void {
    if (this.timer !== null || this.noted.size === 0) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.writeDue(false)
        .catch(this.settings.report)
        .finally(() => this.schedule())
    }, this.settings.tickMs)
    this.timer.unref?.()
  }

  /** Writes the noted times that are due (all of them when `all`), one batch at a time. */
  private async writeDue(all: boolean): Promise<void> {
    while (this.current !== null) await this.current.catch(() => {})
    const now = performance.now()
    for (const [id, at] of this.writtenAt) if (now - at >= this.intervalMs) this.writtenAt.delete(id)
    const due = [...this.noted].filter(([id]) => all || !this.writtenAt.has(id))
    for (let i = 0; i < due.length; i += MAX_BATCH) {
      this.current = this.writeBatch(due.slice(i, i + MAX_BATCH), now)
      try {
        await this.current
      } finally {
        this.current = null
      }
    }
  }

  private async writeBatch(batch: [string, number][], now: number): Promise<void> {
    for (const [id, at] of batch) {
      this.noted.delete(id)
      this.writing.set(id, at)
    }
    try {
      await this.settings.write(
        batch.map(([id]) => id),
        batch.map(([, at]) => at),
      )
      for (const [id] of batch) this.writtenAt.set(id, now)
    } catch (error) {
      // Noted again for the next tick, unless a later time was noted meanwhile.
      for (const [id, at] of batch) if (!((this.noted.get(id) ?? -Infinity) >= at)) this.noted.set(id, at)
      throw error
    } finally {
      for (const [id, at] of batch) if (this.writing.get(id) === at) this.writing.delete(id)
    }
  }
}
