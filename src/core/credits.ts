/**
 * Credits (M3): a balance a key spends its requests' costs from, refilled to a fixed amount at the
 * start of each day or billing month. This file holds the arithmetic every ledger shares (memory,
 * the Redis scripts mirror it), the input rules and the shape the records show.
 *
 * The record keeps the balance as it was last set; the live balance lives in the limiter's ledger
 * beside the limits it is decided with, so keys stored elsewhere (Postgres) still spend exactly.
 */
import type {
  CreditBalance,
  CreditBalanceOwner,
  CreditDecision,
  CreditLedger,
  CreditRefill,
  CreditState,
  KeyCredits,
  KeyCreditsInput,
  StoredCredits,
} from './credit-types.js'
import { KeyInputError } from './errors.js'
import type { AuthorizeOutcome, LimitDecision } from './types.js'
import { periodEndSeconds, periodOf } from './windows.js'

export type {
  CreditBalance,
  CreditBalanceOwner,
  CreditDecision,
  CreditLedger,
  CreditRefill,
  CreditState,
  KeyCredits,
  KeyCreditsInput,
  StoredCredits,
} from './credit-types.js'

/** The largest balance, refill and top-up: far beyond any plan, and exact in Lua's doubles. */
export const MAX_CREDITS = 1_000_000_000_000

const DAY_MS = 86_400_000

/** The refill period `now` falls in: a UTC day index or a billing-month index; -1 without a refill. */
export function creditPeriod(refill: CreditRefill | undefined, now: number): number {
  if (refill === undefined) return -1
  return refill.every === 'day' ? Math.floor(now / DAY_MS) : periodOf(now, refill.day)
}

/** Epoch seconds at which the refill period after `period` starts; null without a refill. */
export function nextRefillSeconds(refill: CreditRefill | undefined, period: number): number | null {
  if (refill === undefined) return null
  return refill.every === 'day' ? (period + 1) * 86_400 : periodEndSeconds(period, refill.day)
}

/**
 * The balance at `now`: a key without one, or with one from an earlier setting, starts from the
 * record's `remaining` in the period of its `since`; a refill period later than the balance's sets
 * it to the refill amount (it does not add). A balance of a later period (a clock stepped back) is
 * kept as it is.
 */
export function balanceAt(held: CreditBalance | undefined, credits: StoredCredits, now: number): CreditBalance {
  const period = creditPeriod(credits.refill, now)
  const { since } = credits
  const base =
    held === undefined || held.since < since
      ? { remaining: credits.remaining, period: creditPeriod(credits.refill, since), since }
      : held
  if (credits.refill !== undefined && period > base.period)
    return { remaining: credits.refill.amount, period, since: base.since }
  return base
}

/**
 * The balance credits were last set or refilled to at `now`: the refill amount once a refill
 * period has begun since they were set, else what they were set to. Usage is measured against it.
 */
export function creditAllowance(credits: StoredCredits, now: number): number {
  const { refill, since } = credits
  const refilled = refill !== undefined && creditPeriod(refill, now) > creditPeriod(refill, since)
  return refilled ? refill.amount : credits.remaining
}

/** Whether a request of `cost` may spend from `remaining` (a cost of 0 always may). */
export function creditsAdmit(remaining: number, cost: number): boolean {
  return cost <= remaining
}

/** The state the headers show of a balance. */
export function creditState(balance: CreditBalance, credits: KeyCredits): CreditState {
  const refillAt = nextRefillSeconds(credits.refill, Math.max(balance.period, 0))
  return { remaining: balance.remaining, refillAt: credits.refill === undefined ? null : refillAt }
}

/** Seconds (at least 1) from `now` until `refillAt`. */
export function secondsUntil(refillAt: number, now: number): number {
  return Math.max(1, Math.ceil((refillAt * 1000 - now) / 1000))
}

/** `limits` with what the credits hold after the request, built field by field: a spread of an object this wide costs more per request. */
export function limitsWithCredits(limits: LimitDecision, credits: CreditDecision): LimitDecision {
  return {
    allowed: limits.allowed,
    minute: limits.minute,
    month: limits.month,
    retryAfter: limits.retryAfter,
    binding: limits.binding,
    named: limits.named,
    credits,
    parts: limits.parts,
  }
}

/** An outcome whose limits become `limits` (the same result, key and counting). */
export function withLimits(outcome: AuthorizeOutcome, limits: LimitDecision): AuthorizeOutcome {
  if (outcome.result === 'ok') return { result: 'ok', key: outcome.key, limits, consumed: outcome.consumed }
  if (outcome.result === 'forbidden') return { ...outcome, limits }
  return outcome
}

/**
 * The limits of a request the credits refused (nothing was counted): refused, with Retry-After
 * until the refill, `untilRefill` seconds away (and until the limits admit too), or none (0)
 * without a refill.
 */
export function refusedForCredits(limits: LimitDecision, credits: CreditDecision, untilRefill: number): LimitDecision {
  const retryAfter = untilRefill === 0 ? 0 : Math.max(untilRefill, limits.allowed ? 0 : limits.retryAfter)
  return { ...limits, allowed: false, retryAfter, credits }
}

function fault(field: string, problem: string): never {
  throw new KeyInputError(field, `${field} ${problem}`)
}

function count(value: unknown, field: string, least: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least || value > MAX_CREDITS) {
    fault(field, `must be an integer from ${least} to ${MAX_CREDITS.toLocaleString('en-US')}`)
  }
  return value
}

function fieldsOf(value: unknown, field: string, known: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fault(field, 'must be an object')
  for (const name of Object.keys(value)) {
    if (!known.includes(name)) fault(field, `has an unknown field; known fields are ${known.join(', ')}`)
  }
  return value as Record<string, unknown>
}

function validateRefill(value: unknown): CreditRefill | undefined {
  if (value === undefined || value === null) return undefined
  const refill = fieldsOf(value, 'credits.refill', ['amount', 'every', 'day'])
  const amount = count(refill.amount, 'credits.refill.amount', 1)
  if (refill.every === 'day') {
    if (refill.day !== undefined) fault('credits.refill.day', 'is only for a monthly refill')
    return Object.freeze({ amount, every: 'day' as const })
  }
  if (refill.every !== 'month') fault('credits.refill.every', 'must be "day" or "month"')
  const day = refill.day === undefined ? 1 : refill.day
  if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 28) {
    fault('credits.refill.day', 'must be an integer from 1 to 28 (the billing day)')
  }
  return Object.freeze({ amount, every: 'month' as const, day })
}

/** A key's credits as stored (frozen), or null for none; throws `KeyInputError` naming the field. */
export function validateCredits(value: unknown): KeyCredits | null {
  if (value === undefined || value === null) return null
  const credits = fieldsOf(value, 'credits', ['remaining', 'refill'])
  const remaining = count(credits.remaining, 'credits.remaining', 0)
  const refill = validateRefill(credits.refill)
  return Object.freeze(refill === undefined ? { remaining } : { remaining, refill })
}

/** What `keys.update()` takes for credits: new credits (replacing), null for none, or `{ add }` (a top-up). */
export type CreditsChange = KeyCreditsInput | null | { add: number }

/** An update's credits: `{ add }` as the units to top up, else the credits to store. */
export function validateCreditsChange(value: unknown): { add: number } | { set: KeyCredits | null } {
  if (typeof value === 'object' && value !== null && 'add' in value) {
    const change = fieldsOf(value, 'credits', ['add'])
    return { add: count(change.add, 'credits.add', 1) }
  }
  return { set: validateCredits(value) }
}

/** The record's credits with the live balance in place of the stored one. */
export function withRemaining(credits: KeyCredits, remaining: number): KeyCredits {
  return credits.refill === undefined ? { remaining } : { remaining, refill: { ...credits.refill } }
}

/**
 * The id a ledger keeps a key's balance under: its own, or, for a rotation's keys, the id of the
 * first key of the rotation, so that the old key and its replacement spend one balance.
 */
export function balanceIdOf(key: { id: string; credits: StoredCredits | null }): string {
  return key.credits?.balance?.id ?? key.id
}

/** The balance a rotation's replacement spends: the one `old` spends, so both keys draw on it. */
export function sharedBalance(old: { id: string; hash: string; credits: StoredCredits | null }): CreditBalanceOwner {
  return old.credits?.balance ?? { id: old.id, hash: old.hash }
}

/** The ledger of a limiter; a TypeError when a key has credits and the limiter keeps none. */
export function ledgerOf(limiter: { credits?: CreditLedger | undefined }): CreditLedger {
  const ledger = limiter.credits
  if (ledger === undefined || typeof ledger.spend !== 'function') {
    throw new TypeError(
      'keyward: keys with credits need a RateLimiter with a credits ledger (the memory and Redis limiters have one)',
    )
  }
  return ledger
}
