/**
 * The write-behind buffer of the Redis usage log: entries wait here, in append order, and are
 * written in batches off the request's path. A failed write puts its batch back at the head and
 * is retried with a back-off; past `maxBuffered` the oldest entries are dropped and reported.
 */

/** The longest wait before a failed write is tried again. */
const MAX_RETRY_DELAY_MS = 1000

export interface UsageBufferSettings<T> {
  flushIntervalMs: number
  maxBatch: number
  maxBuffered: number
  /** Writes one batch, in order; rejects when Redis did not take it. */
  write(batch: T[]): Promise<void>
  /** Told about failed writes (they are retried) and drops. */
  report(error: unknown): void
}

export interface UsageBuffer<T> {
  append(entry: T): void
  /** Resolves once every entry appended before the call is written (or dropped); rejects on a failed write. */
  flush(): Promise<void>
  /** Stops the timer and writes what is buffered. */
  close(): Promise<void>
}

export function createUsageBuffer<T>(settings: UsageBufferSettings<T>): UsageBuffer<T> {
  const buffer = new WriteBehind(settings)
  return {
    append: (entry) => buffer.append(entry),
    flush: () => buffer.flush(),
    close: () => buffer.close(),
  }
}

/** The buffer's state and steps (see `createUsageBuffer`). */
class WriteBehind<T> {
  readonly entries: T[] = []
  /** Entries ever appended, and entries ever written or dropped: flush() waits for the second to reach the first. */
  appended = 0
  settled = 0
  inFlight: Promise<void> | null = null
  timer: ReturnType<typeof setTimeout> | null = null
  retryDelay = 0

  constructor(readonly settings: UsageBufferSettings<T>) {}

  append(entry: T): void {
    const { maxBuffered, maxBatch, flushIntervalMs } = this.settings
    this.entries.push(entry)
    this.appended++
    if (this.entries.length > maxBuffered) {
      const dropped = this.entries.splice(0, this.entries.length - maxBuffered)
      this.settled += dropped.length
      this.settings.report(
        new Error(
          `keyward/redis: dropped ${dropped.length} usage entries: Redis has not accepted writes and the buffer is full (usage.maxBuffered = ${maxBuffered})`,
        ),
      )
    }
    if (this.entries.length >= maxBatch && this.inFlight === null) void this.drain()
    else this.schedule(flushIntervalMs)
  }

  async flush(): Promise<void> {
    try {
      await this.writeUntil(this.appended)
    } catch (error) {
      this.schedule(this.retryDelay)
      throw error
    }
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    await this.flush()
  }

  schedule(delay: number): void {
    if (this.timer !== null || this.entries.length === 0) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.drain()
    }, delay)
    this.timer.unref?.()
  }

  /**
   * The timer's flush: writes what is buffered now, then waits for the next interval (or goes on
   * at once when a full batch is waiting), so each write carries everything since the last.
   */
  async drain(): Promise<void> {
    try {
      await this.writeUntil(this.appended)
    } catch (error) {
      this.settings.report(error)
      this.schedule(this.retryDelay)
      return
    }
    if (this.entries.length >= this.settings.maxBatch) void this.drain()
    else this.schedule(this.settings.flushIntervalMs)
  }

  /** Writes until every entry appended before `target` is written (or dropped); rejects on a failed write. */
  async writeUntil(target: number): Promise<void> {
    while (this.settled < target) {
      if (this.inFlight) {
        await this.inFlight.catch(() => undefined)
        continue
      }
      await this.writeNext()
    }
  }

  /** Writes the oldest batch; one write at a time keeps the lists in append order. */
  writeNext(): Promise<void> {
    const batch = this.entries.splice(0, this.settings.maxBatch)
    const attempt = this.settings.write(batch).then(
      () => {
        this.settled += batch.length
        this.retryDelay = 0
      },
      (error: unknown) => {
        this.entries.unshift(...batch)
        this.retryDelay = Math.min(MAX_RETRY_DELAY_MS, Math.max(50, this.retryDelay * 2, this.settings.flushIntervalMs))
        throw error
      },
    )
    const current: Promise<void> = attempt.finally(() => {
      if (this.inFlight === current) this.inFlight = null
    })
    this.inFlight = current
    return current
  }
}
