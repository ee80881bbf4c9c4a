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
  const { flushIntervalMs, maxBatch, maxBuffered, write, report } = settings
  const buffer: T[] = []
  /** Entries ever appended, and entries ever written or dropped: flush() waits for the second to reach the first. */
  let appended = 0
  let settled = 0
  let inFlight: Promise<void> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let retryDelay = 0

  function schedule(delay: number): void {
    if (timer !== null || buffer.length === 0) return
    timer = setTimeout(() => {
      timer = null
      void drain()
    }, delay)
    timer.unref?.()
  }

  /** Writes the oldest batch; one write at a time keeps the lists in append order. */
  function writeNext(): Promise<void> {
    const batch = buffer.splice(0, maxBatch)
    const attempt = write(batch).then(
      () => {
        settled += batch.length
        retryDelay = 0
      },
      (error: unknown) => {
        buffer.unshift(...batch)
        retryDelay = Math.min(MAX_RETRY_DELAY_MS, Math.max(50, retryDelay * 2, flushIntervalMs))
        throw error
      },
    )
    const current: Promise<void> = attempt.finally(() => {
      if (inFlight === current) inFlight = null
    })
    inFlight = current
    return current
  }

  /** Writes until every entry appended before `target` is written (or dropped); rejects on a failed write. */
  async function writeUntil(target: number): Promise<void> {
    while (settled < target) {
      if (inFlight) {
        await inFlight.catch(() => undefined)
        continue
      }
      await writeNext()
    }
  }

  /**
   * The timer's flush: writes what is buffered now, then waits for the next interval (or goes on
   * at once when a full batch is waiting), so each write carries everything since the last.
   */
  async function drain(): Promise<void> {
    try {
      await writeUntil(appended)
    } catch (error) {
      report(error)
      schedule(retryDelay)
      return
    }
    if (buffer.length >= maxBatch) void drain()
    else schedule(flushIntervalMs)
  }

  async function flush(): Promise<void> {
    try {
      await writeUntil(appended)
    } catch (error) {
      schedule(retryDelay)
      throw error
    }
  }

  function append(entry: T): void {
    buffer.push(entry)
    appended++
    if (buffer.length > maxBuffered) {
      const dropped = buffer.splice(0, buffer.length - maxBuffered)
      settled += dropped.length
      report(new Error(`keyward/redis: dropped ${dropped.length} usage entries: Redis has not accepted writes and the buffer is full (usage.maxBuffered = ${maxBuffered})`))
    }
    if (buffer.length >= maxBatch && inFlight === null) void drain()
    else schedule(flushIntervalMs)
  }

  async function close(): Promise<void> {
    if (timer !== null) clearTimeout(timer)
    timer = null
    await flush()
  }

  return { append, flush, close }
}
