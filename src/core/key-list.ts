/**
 * Listing keys a page at a time (O4): the order every store lists in, the filters, and the
 * opaque cursor that carries a position from one page to the next. Paging resumes after a
 * position, not at an offset, so keys created meanwhile (they sort first) shift nothing.
 */
import { KeyInputError } from './errors.js'
import type { KeyPosition, KeyStatus, KeyType, StoredKey } from './types.js'

/** K6: `expired` is derived from `expiresAt`; a revoked key stays `revoked` after it expires. */
export function keyStatus(key: StoredKey, now: number): KeyStatus {
  if (key.revokedAt !== null) return 'revoked'
  return key.expiresAt !== null && key.expiresAt <= now ? 'expired' : 'active'
}

/** Listing order: newest `createdAt` first; equal times, the larger id (code-unit order) first. */
export function newestFirst(a: KeyPosition, b: KeyPosition): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/** Whether `key` comes strictly after `position` in the listing order. */
export function isAfter(key: KeyPosition, position: KeyPosition | undefined): boolean {
  return position === undefined || newestFirst(position, key) < 0
}

/** The filters of a listing that a store applies to each record it reads. */
export interface KeyFilter {
  ownerId?: string | undefined
  status?: KeyStatus | undefined
  keyType?: KeyType | undefined
  now: number
}

export function matchesFilter(key: StoredKey, filter: KeyFilter): boolean {
  if (filter.ownerId !== undefined && key.ownerId !== filter.ownerId) return false
  if (filter.keyType !== undefined && key.keyType !== filter.keyType) return false
  return filter.status === undefined || keyStatus(key, filter.now) === filter.status
}

/** O4: `limit` 1–100, default 50. */
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 100

const CURSOR = /^[0-9A-Za-z_-]{1,200}$/
const POSITION = /^(\d{1,16})\.(key_[0-9A-Za-z]{1,64})$/

/** The opaque cursor of the page after `position`. */
export function encodeCursor(position: KeyPosition): string {
  return Buffer.from(`${position.createdAt}.${position.id}`, 'utf8').toString('base64url')
}

/** The position a cursor carries; throws `KeyInputError` (field `cursor`) for anything else. */
export function decodeCursor(cursor: string): KeyPosition {
  const decoded = CURSOR.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
  const match = POSITION.exec(decoded)
  if (match === null || !Number.isSafeInteger(Number(match[1]))) {
    throw new KeyInputError('cursor', 'cursor is not one this listing returned; start again without it')
  }
  return { createdAt: Number(match[1]), id: match[2]! }
}
