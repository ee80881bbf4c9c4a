import {
  type AuditEntry,
  type AuditLog,
  type AuditLogOptions,
  type AuditQuery,
  MAX_AUDIT_DELETE_BATCHES,
  auditRetention,
  newestEntryFirst,
  positionOf,
} from '../../core/audit.js'

/** Options of `createMemoryAuditLog`. */
export interface MemoryAuditLogOptions extends AuditLogOptions {
  /** Entries kept at most; past it the oldest goes first. Default 100,000. */
  maxEntries?: number
}

/** An `AuditLog` that answers synchronously. */
export interface MemoryAuditLog extends AuditLog {
  append(entry: AuditEntry): void
  list(query: AuditQuery): AuditEntry[]
  deleteExpired(now?: number): number
  /** Entries held. */
  readonly size: number
}

const DEFAULT_MAX_ENTRIES = 100_000

/**
 * The audit trail in process memory, oldest first in one array (entries arrive in time order, so
 * an append is a push but for a clock that stepped back). Each append drops a batch of the entries
 * expired as of its own time, so memory stays bounded without a timer.
 *
 * @example
 * import { createMemoryAuditLog } from 'keyward'
 * const audit = createMemoryAuditLog({ retentionDays: 30 })
 */
export function createMemoryAuditLog(options: MemoryAuditLogOptions = {}): MemoryAuditLog {
  const { retentionMs, deleteBatch } = auditRetention(options, 'keyward')
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError(`keyward: option "audit.maxEntries" must be a positive integer (got ${String(maxEntries)})`)
  }
  const entries: AuditEntry[] = []

  /** One batch: at most `deleteBatch` of the oldest entries, those expired as of `now`. */
  function deleteBatchAt(now: number): number {
    const cutoff = now - retentionMs
    let count = 0
    while (count < deleteBatch && count < entries.length && Date.parse(entries[count]!.time) < cutoff) count++
    entries.splice(0, count)
    return count
  }

  function deleteExpired(now = Date.now()): number {
    let deleted = 0
    for (let batch = 0; batch < MAX_AUDIT_DELETE_BATCHES; batch++) {
      const count = deleteBatchAt(now)
      deleted += count
      if (count < deleteBatch) break
    }
    return deleted
  }

  return {
    append(entry) {
      const copy = structuredClone(entry)
      let at = entries.length
      // Oldest first: step back past any entry that lists before this one would.
      while (at > 0 && newestEntryFirst(positionOf(entries[at - 1]!), positionOf(copy)) < 0) at--
      entries.splice(at, 0, copy)
      if (entries.length > maxEntries) entries.splice(0, entries.length - maxEntries)
      // The new entry's time is the log's now: no timer, and a test clock is followed.
      deleteBatchAt(Date.parse(copy.time))
    },
    list({ ownerId, keyId, limit, after }) {
      const page: AuditEntry[] = []
      for (let i = entries.length - 1; i >= 0 && page.length < limit; i--) {
        const entry = entries[i]!
        if (after !== undefined && newestEntryFirst(after, positionOf(entry)) >= 0) continue
        if (ownerId !== undefined && entry.ownerId !== ownerId) continue
        if (keyId !== undefined && entry.keyId !== keyId) continue
        page.push(structuredClone(entry))
      }
      return page
    },
    deleteExpired,
    get size() {
      return entries.length
    },
  }
}
