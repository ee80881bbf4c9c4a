/**
 * M9: an owner may lower its own keys' credits but never raise them: no top-up, no balance above
 * what is left, no larger or more frequent refill, and no removing them (a key without credits
 * spends freely). So a key without credits may be given any (as a key it creates may): without
 * them it would spend freely.
 */
import { type CreditRefill, type KeyCredits, validateCreditsChange } from '../core/credits.js'
import type { UpdateKeyInput } from '../core/key-input.js'
import type { ApiKeyRecord } from '../core/types.js'

/** Whether `next` refills no more, and no more often, than `current`. */
function refillsNoMore(current: CreditRefill | undefined, next: CreditRefill | undefined): boolean {
  if (next === undefined) return true
  if (current === undefined || next.every !== current.every || next.amount > current.amount) return false
  return next.every === 'day' || (current.every === 'month' && next.day === current.day)
}

/** Whether an owner may replace credits `current` (live) with `next` (both validated). */
export function ownerMayUpdateCredits(current: KeyCredits | null, next: KeyCredits | null): boolean {
  if (current === null) return true
  if (next === null) return false
  return next.remaining <= current.remaining && refillsNoMore(current.refill, next.refill)
}

/** Whether an owner's update body raises the credits of `record`; bad credits throw as the update would. */
export function raisesCreditsOnUpdate(record: ApiKeyRecord, input: UpdateKeyInput): boolean {
  // A revoked key cannot be changed at all: the update answers that (409), whatever the credits.
  if (!Object.hasOwn(input, 'credits') || input.credits === undefined || record.status === 'revoked') return false
  const change = validateCreditsChange(input.credits)
  return 'add' in change || !ownerMayUpdateCredits(record.credits, change.set)
}
