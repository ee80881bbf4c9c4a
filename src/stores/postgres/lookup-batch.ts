/**
 * Lookups by hash made in one event-loop turn go out as one prepared statement
 * (`WHERE hash = ANY($1)`), sent from a `setImmediate` (after the turn's I/O callbacks), so N
 * concurrent requests cost one round trip and one statement's work instead of N (S4).
 *
 * - A lookup joins only a batch not yet sent: one that starts after `revoke()` returned is read by
 *   a statement sent after it (K7). Rows answer the batch they were read for and are then dropped:
 *   nothing is kept for a later request (S3).
 * - Lookups of one hash in a batch share its one row (and one promise).
 * - A batch settles within `timeoutMs` of its first lookup, the wait for a pooled connection
 *   included; a fault or a timeout rejects every lookup in it (R5, S5).
 */
import type { Row } from './connection.js'

/** The most distinct hashes one statement looks up; a busier turn sends several statements. */
export const MAX_BATCH_HASHES = 256

/** Runs the statement for `hashes`, bounded from `startedAt` (a `performance.now()` time). */
export type RunLookup = (hashes: string[], startedAt: number) => Promise<Row[]>

/** The answer of one hash in a batch, shared by every lookup of that hash. */
interface Waiting<T> {
  readonly promise: Promise<T | undefined>
  resolve: (value: T | undefined) => void
  reject: (error: unknown) => void
}

interface Batch<T> {
  /** When its first lookup came: the batch's bound counts from here. */
  readonly startedAt: number
  readonly waiting: Map<string, Waiting<T>>
}

/**
 * `lookUp(hash)`: the decoded row of `hash`, or undefined when no row has it, from the statement
 * of the lookup's turn. `decode` turns each row read into the value its lookups get.
 */
export function createLookupBatch<T>(
  run: RunLookup,
  decode: (row: Row) => T,
): (hash: string) => Promise<T | undefined> {
  let current: Batch<T> | null = null
  let scheduled = false

  function flush(): void {
    scheduled = false
    if (current !== null) send()
  }

  function send(): void {
    const batch = current!
    current = null
    run(Array.from(batch.waiting.keys()), batch.startedAt).then(
      (rows) => settle(batch, rows, decode),
      (error: unknown) => {
        for (const waiting of batch.waiting.values()) waiting.reject(error)
      },
    )
  }

  return function lookUp(hash: string): Promise<T | undefined> {
    if (current === null) {
      current = { startedAt: performance.now(), waiting: new Map() }
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    }
    const joined = current.waiting.get(hash)
    if (joined !== undefined) return joined.promise
    const waiting = deferred<T>()
    current.waiting.set(hash, waiting)
    // A full batch goes out now; later lookups of this turn start the next one.
    if (current.waiting.size >= MAX_BATCH_HASHES) send()
    return waiting.promise
  }
}

/** Each hash's lookups get its row decoded once, or undefined when the statement found none. */
function settle<T>(batch: Batch<T>, rows: Row[], decode: (row: Row) => T): void {
  for (const row of rows) {
    const waiting = batch.waiting.get(row.hash!)
    if (waiting === undefined) continue
    batch.waiting.delete(row.hash!)
    try {
      waiting.resolve(decode(row))
    } catch (error) {
      waiting.reject(error)
    }
  }
  for (const waiting of batch.waiting.values()) waiting.resolve(undefined)
}

function deferred<T>(): Waiting<T> {
  let resolve!: (value: T | undefined) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T | undefined>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
