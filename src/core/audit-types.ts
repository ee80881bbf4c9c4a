/**
 * The shape of audit entries and the contract of the stores that keep them. Types only, with no
 * imports, so the store contracts in `types.ts` can name them.
 */
/** What happened to a key. */
export type AuditAction =
  | 'created'
  | 'updated'
  | 'suspended'
  | 'enabled'
  | 'revoked'
  | 'revoked_all'
  | 'rotated'
  | 'imported'

/** One change to a key, as stored and as listed. */
export interface AuditEntry {
  /** `aud_` + 24 base62 characters. */
  id: string
  /** ISO 8601 UTC with milliseconds. */
  time: string
  action: AuditAction
  /**
   * Who made the change: `admin` or `owner:<ownerId>` on the dashboard, `cli`, `system:<part>` for
   * keyward acting on its own (`system:secret-scanning`), or `host:<actor>` for the `actor` your
   * code passed; null when nobody said.
   */
  actor: string | null
  /** The key changed; null for `revoked_all`, which names the owner only. */
  keyId: string | null
  ownerId: string | null
  /** Names of the fields the change set (`name`, `scopes`, `revokedAt`, …), never their values. */
  fields: string[]
}

/** Where a page of entries resumes: strictly after this entry, newest first. */
export interface AuditPosition {
  time: number
  id: string
}

/** What a store is asked for: newest first, after `after`, at most `limit` entries. */
export interface AuditQuery {
  ownerId?: string | undefined
  keyId?: string | undefined
  limit: number
  after?: AuditPosition | undefined
}

/** Options of the stores' audit logs. */
export interface AuditLogOptions {
  /** Days an entry is kept. Default 365. */
  retentionDays?: number
  /** Entries one retention batch deletes at most. Default 1000. */
  deleteBatch?: number
}

/**
 * Where audit entries are kept, beside the keys (memory, Redis, Postgres). Every implementation
 * must pass `test/contracts/audit-log.contract.ts`.
 */
export interface AuditLog {
  append(entry: AuditEntry): void | Promise<void>
  /** Newest first (time, then id), strictly after `query.after`, at most `query.limit`. */
  list(query: AuditQuery): AuditEntry[] | Promise<AuditEntry[]>
  /**
   * Deletes entries older than the retention period as of `now` (default: the current time), a
   * bounded batch at a time; resolves with how many were deleted.
   */
  deleteExpired(now?: number): number | Promise<number>
}
