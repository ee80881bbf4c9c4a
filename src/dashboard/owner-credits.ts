/**
 * M9: an owner may lower its own keys' credits but never raise them: no top-up, no balance above
 * what is left, no larger or more frequent refill, and no removing them (a key without credits
 * spends freely). So a key without credits may be given any (as a key it creates may): without
 * them it would spend freely.
 */
import type { CreditRefill, KeyCredits } from '../core/credits.js'

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
