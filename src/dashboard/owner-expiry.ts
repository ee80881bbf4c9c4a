/**
 * An owner may shorten its keys' lifetime, never extend it: an `expiresAt` it sets, on an update
 * or for a rotation's replacement, is no later than the key's (never none when the key has one);
 * a key without an expiry may be given any. An expired key's lifetime is over, so an owner cannot
 * rotate it. A malformed or past instant is left to the key manager, which refuses it (400).
 */
import type { ApiKeyRecord } from '../core/types.js'

/** Whether `asked` (the body's `expiresAt`: absent, null or an ISO 8601 string) would end later than `record`. */
function endsLater(record: ApiKeyRecord, asked: unknown): boolean {
  if (asked === undefined || record.expiresAt === null) return false
  if (asked === null) return true
  const wanted = typeof asked === 'string' ? Date.parse(asked) : Number.NaN
  return !Number.isNaN(wanted) && wanted > Date.parse(record.expiresAt)
}

/** Whether an owner's update body extends the lifetime of `record`. */
export function extendsExpiryOnUpdate(record: ApiKeyRecord, input: { expiresAt?: unknown }): boolean {
  // A revoked key cannot be changed at all: the update answers that (409).
  return record.status !== 'revoked' && endsLater(record, input.expiresAt)
}

/** Whether an owner's rotation of `record` would give a replacement a longer lifetime than the key's. */
export function extendsExpiryOnRotate(record: ApiKeyRecord, options: { expiresAt?: unknown }): boolean {
  return record.status === 'expired' || endsLater(record, options.expiresAt)
}
