/**
 * The audit trail: one entry for every change to a key, saying who made it and which fields it
 * touched (never their values, so never key material). Stores keep the entries (`AuditLog`);
 * this module decides their shape, the paging cursor and how the key manager writes them.
 */
import { KeyInputError } from './errors.js'
import { BASE62_ALPHABET, randomBase62 } from './key-format.js'
import { validateOwnerId } from './key-input.js'
import type { ReportFault, StoreCalls } from './store-calls.js'
import type { AuditAction, AuditEntry, AuditLog, AuditLogOptions, AuditPosition, AuditQuery } from './audit-types.js'
import { startRetention } from './retention-timer.js'

export type {
  AuditAction,
  AuditEntry,
  AuditLog,
  AuditLogOptions,
  AuditPosition,
  AuditQuery,
} from './audit-types.js'

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'created',
  'updated',
  'suspended',
  'enabled',
  'revoked',
  'revoked_all',
  'rotated',
  'imported',
]

/** Options of the audit logs in Redis and Postgres, which delete old entries on a timer. */
export interface TimedAuditLogOptions extends AuditLogOptions {
  /** How often old entries are deleted; 0 leaves it to you (`deleteExpired()`). Default 1 hour. */
  retentionIntervalMs?: number
  /** Told when a retention pass fails (the next one tries again). Default: a process warning at most every 10 s. */
  onError?: (error: unknown) => void
}

/** Options of `keyward.audit.list()`. */
export interface ListAuditOptions {
  ownerId?: string
  keyId?: string
  /** 1–100, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

/** One page of the audit trail. */
export interface AuditPage {
  /** Newest first. */
  entries: AuditEntry[]
  /** Pass it as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

/** Reading the audit trail. */
export interface AuditTrail {
  /** One page of entries, newest first, of one owner, one key or every key. */
  list(options?: ListAuditOptions): Promise<AuditPage>
}

/** What `keys.*` take beside their own arguments. */
export interface ChangeOptions {
  /** Who is making the change, as the audit trail records it (your user id, `billing-job`, …). */
  actor?: string
}

export const DEFAULT_AUDIT_RETENTION_DAYS = 365
export const DEFAULT_AUDIT_DELETE_BATCH = 1000
export const DEFAULT_AUDIT_PAGE = 50
export const MAX_AUDIT_PAGE = 100
/** Batches one `deleteExpired` call deletes at most before leaving the rest to the next call. */
export const MAX_AUDIT_DELETE_BATCHES = 1000
const DAY_MS = 86_400_000

const ACTOR = /^[\x20-\x7e]{1,128}$/
const CURSOR = /^[0-9A-Za-z_-]{1,200}$/
const POSITION = /^(\d{1,16})\.(aud_[0-9A-Za-z]{1,64})$/
const KEY_ID = /^[A-Za-z0-9_-]{1,128}$/

/** Changes made in one millisecond by this process, so far: the id orders them (see generateAuditId). */
const sequence = { at: -1, count: 0 }

function base62(value: number, width: number): string {
  let text = ''
  for (let rest = Math.max(0, Math.floor(value)); text.length < width; rest = Math.floor(rest / 62))
    text = BASE62_ALPHABET[rest % 62] + text
  return text
}

/**
 * `aud_` + 24 base62 characters: the time `at` (8), a count of the ids made in that millisecond by
 * this process (4), then 12 random ones. Base62 in this alphabet sorts as the numbers do, so entries
 * of one millisecond list in the order they were made, not at random.
 */
export function generateAuditId(at = Date.now()): string {
  if (at === sequence.at) sequence.count++
  else Object.assign(sequence, { at, count: 0 })
  return `aud_${base62(at, 8)}${base62(sequence.count, 4)}${randomBase62(12)}`
}

/** Listing order of entries: newest time first; equal times, the larger id first. */
export function newestEntryFirst(a: AuditPosition, b: AuditPosition): number {
  if (a.time !== b.time) return b.time - a.time
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

export function positionOf(entry: AuditEntry): AuditPosition {
  return { time: Date.parse(entry.time), id: entry.id }
}

export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(`${position.time}.${position.id}`, 'utf8').toString('base64url')
}

/** The position a cursor carries; throws `KeyInputError` (field `cursor`) for anything else. */
export function decodeAuditCursor(cursor: string): AuditPosition {
  const decoded = CURSOR.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
  const match = POSITION.exec(decoded)
  if (match === null || !Number.isSafeInteger(Number(match[1]))) {
    throw new KeyInputError('cursor', 'cursor is not one this listing returned; start again without it')
  }
  return { time: Number(match[1]), id: match[2]! }
}

/** The retention options with their defaults; a TypeError names the option. */
export function auditRetention(options: AuditLogOptions | undefined, where: string) {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`${where}: option "audit" must be an object`)
  }
  const days = options?.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS
  if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0) {
    throw new TypeError(`${where}: option "audit.retentionDays" must be a positive number (got ${String(days)})`)
  }
  const batch = options?.deleteBatch ?? DEFAULT_AUDIT_DELETE_BATCH
  if (typeof batch !== 'number' || !Number.isSafeInteger(batch) || batch < 1) {
    throw new TypeError(`${where}: option "audit.deleteBatch" must be a positive integer (got ${String(batch)})`)
  }
  return { retentionMs: days * DAY_MS, deleteBatch: batch }
}

/** An audit log whose every method answers with a promise and whose retention runs on a timer (Redis, Postgres). */
export interface TimedAuditLog extends AuditLog {
  append(entry: AuditEntry): Promise<void>
  list(query: AuditQuery): Promise<AuditEntry[]>
  deleteExpired(now?: number): Promise<number>
  /** Stops the retention timer. */
  close(): void
}

/**
 * Runs `deleteExpired` every `intervalMs` (never two passes at once; 0: never). A TypeError names
 * the option when the interval is not a non-negative number.
 */
export function startAuditRetention(
  options: TimedAuditLogOptions | undefined,
  deleteExpired: () => Promise<number>,
  report: (error: unknown) => void,
  where: string,
): { stop(): void } {
  const intervalMs = options?.retentionIntervalMs ?? 3_600_000
  if (typeof intervalMs !== 'number' || !Number.isFinite(intervalMs) || intervalMs < 0) {
    throw new TypeError(
      `${where}: option "audit.retentionIntervalMs" must be a non-negative number (got ${String(intervalMs)})`,
    )
  }
  return startRetention(intervalMs, deleteExpired, report)
}

/**
 * Who keyward itself records a change as: the dashboard's administrator (`admin`) or an owner
 * acting on its own keys (`owner:<ownerId>`), the command line (`cli`), or a part of keyward that
 * acts on its own (`system:secret-scanning`, `system:expiry`).
 */
export type OwnActor = 'admin' | 'cli' | `owner:${string}` | `system:${string}`

/** Not exported from the package: only keyward's own parts can name an actor that is not `host:`. */
const OWN_ACTOR = Symbol('keyward.ownActor')

/** The change options of a change keyward makes itself, recorded under `actor` as it is. */
export function ownActor(actor: OwnActor): ChangeOptions {
  return { [OWN_ACTOR]: actor } as ChangeOptions
}

/**
 * The actor a change is recorded under: keyward's own (`ownActor`), else `host:` and the `actor`
 * the host passed, so a host's actor never reads as `admin`, `cli` or an owner. A TypeError names
 * the option for anything but a short printable string.
 */
export function checkActor(options: ChangeOptions | undefined): string | null {
  if (options === undefined) return null
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('keyward: the options of a key change must be an object such as { actor: "billing-job" }')
  }
  const own = (options as { [OWN_ACTOR]?: unknown })[OWN_ACTOR]
  if (typeof own === 'string') return own
  const { actor } = options
  if (actor === undefined) return null
  if (typeof actor !== 'string' || !ACTOR.test(actor)) {
    throw new TypeError('keyward: option "actor" must be 1 to 128 printable ASCII characters')
  }
  return `host:${actor}`
}

/** A change as the key manager describes it. */
export interface AuditedChange {
  action: AuditAction
  keyId: string | null
  ownerId: string | null
  fields: readonly string[]
  actor: string | null
  /** When the change was made (epoch ms). */
  at: number
}

/** The entry of a change, with a fresh id. */
export function auditEntry(change: AuditedChange): AuditEntry {
  return {
    id: generateAuditId(change.at),
    time: new Date(change.at).toISOString(),
    action: change.action,
    actor: change.actor,
    keyId: change.keyId,
    ownerId: change.ownerId,
    fields: [...change.fields],
  }
}

/**
 * How the key manager writes an entry: after the change, which the store has already made. A
 * failed write cannot undo the change, so the caller still gets its result (a created key must
 * reach whoever asked for it); the failure goes to `onError` with the whole entry, so no change
 * goes unrecorded silently.
 */
export function createAuditWriter(log: AuditLog | undefined, { call }: StoreCalls, report: ReportFault) {
  return async function write(change: AuditedChange): Promise<void> {
    if (log === undefined) return
    const entry = auditEntry(change)
    try {
      await call(log.append(entry), 'audit.append')
    } catch (error) {
      const message = `keyward: the change was made but its audit entry could not be stored: ${JSON.stringify(entry)}`
      report(new Error(message, { cause: error }), '', 'manage')
    }
  }
}

/** `keyward.audit`: pages of the trail, the options checked (KeyInputError names the field). */
export function createAuditTrail(log: AuditLog | undefined, { call }: StoreCalls): AuditTrail {
  return {
    async list(options = {}) {
      const query = auditQuery(options)
      if (log === undefined) return { entries: [], nextCursor: null }
      // One more than asked says whether another page follows.
      const entries = await call(log.list({ ...query, limit: query.limit + 1 }), 'audit.list')
      const page = entries.slice(0, query.limit)
      const last = page[page.length - 1]
      const more = entries.length > query.limit && last !== undefined
      return { entries: page, nextCursor: more ? encodeAuditCursor(positionOf(last)) : null }
    },
  }
}

function auditQuery(options: ListAuditOptions): AuditQuery {
  if (typeof options !== 'object' || options === null) {
    throw new KeyInputError('options', 'audit.list() takes an options object')
  }
  const { keyId, limit = DEFAULT_AUDIT_PAGE, cursor } = options
  const ownerId = options.ownerId === undefined ? undefined : (validateOwnerId(options.ownerId) ?? undefined)
  if (keyId !== undefined && (typeof keyId !== 'string' || !KEY_ID.test(keyId))) {
    throw new KeyInputError('keyId', 'keyId must be a key id (key_ and 24 letters and digits)')
  }
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE) {
    throw new KeyInputError('limit', `limit must be an integer from 1 to ${MAX_AUDIT_PAGE}`)
  }
  const after = cursor === undefined || cursor === null ? undefined : decodeAuditCursor(String(cursor))
  return { ownerId, keyId, limit, after }
}
