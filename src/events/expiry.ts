/**
 * `key.expiring` and `key.expired` (W2): every instance looks through the keys on a timer and
 * marks each warning in the store before sending it, so each is sent once across the fleet.
 * The marks are named after the key and its `expiresAt`, so a key whose expiry moves is warned
 * of again. Keys that expired more than `LOOK_BACK_MS` ago are not looked at: an instance
 * started long after does not announce them.
 */
import type { ApiKeyRecord } from '../core/types.js'

const LOOK_BACK_MS = 7 * 24 * 3600_000

export interface ExpiryWarning {
  mark: string
  /** Until when the mark must hold: past any later look at this key. */
  markUntil: number
  type: 'key.expiring' | 'key.expired'
  data: Record<string, unknown>
}

/** The warning a key is due at `now`, if any. */
export function expiryWarning(key: ApiKeyRecord, now: number, expiringBeforeMs: number): ExpiryWarning | undefined {
  if (key.expiresAt === null || key.revokedAt !== null) return undefined
  const expiresAt = Date.parse(key.expiresAt)
  const data = { keyId: key.id, ownerId: key.ownerId, keyType: key.keyType, name: key.name, expiresAt: key.expiresAt }
  const markUntil = expiresAt + LOOK_BACK_MS + 24 * 3600_000
  if (expiresAt <= now) {
    if (now - expiresAt > LOOK_BACK_MS) return undefined
    return { mark: `expired:${key.id}:${expiresAt}`, markUntil, type: 'key.expired', data }
  }
  if (expiresAt - now > expiringBeforeMs) return undefined
  return { mark: `expiring:${key.id}:${expiresAt}`, markUntil, type: 'key.expiring', data }
}
