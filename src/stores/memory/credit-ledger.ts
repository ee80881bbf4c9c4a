/**
 * Credits in process memory (M3): one balance per key, read, refilled and spent in one
 * synchronous step, so nothing runs between a request's check and its spend.
 */
import {
  type CreditBalance,
  type CreditDecision,
  type CreditLedger,
  type CreditState,
  type StoredCredits,
  balanceAt,
  creditPeriod,
  creditState,
  creditsAdmit,
} from '../../core/credits.js'

/** The memory ledger: every call answers synchronously. */
export interface MemoryCreditLedger extends CreditLedger {
  spend(keyId: string, credits: StoredCredits, cost: number, now: number, consume: boolean): CreditDecision
  refund(keyId: string, credits: StoredCredits, units: number, now: number): void
  charge(keyId: string, credits: StoredCredits, units: number, now: number): CreditState
  add(keyId: string, credits: StoredCredits, units: number, now: number): CreditState
}

export function createMemoryCreditLedger(): MemoryCreditLedger {
  const balances = new Map<string, CreditBalance>()
  const current = (keyId: string, credits: StoredCredits, now: number): CreditBalance =>
    balanceAt(balances.get(keyId), credits, now)
  return {
    spend(keyId, credits, cost, now, consume) {
      let balance = current(keyId, credits, now)
      const allowed = creditsAdmit(balance.remaining, cost)
      if (allowed && consume && cost > 0) {
        balance = { remaining: balance.remaining - cost, period: balance.period, since: balance.since }
        balances.set(keyId, balance)
      }
      const { remaining, refillAt } = creditState(balance, credits)
      return { allowed, remaining, refillAt }
    },
    refund(keyId, credits, units, now) {
      const held = balances.get(keyId)
      // A refill or a setting since the spend has set the balance afresh: the refund would add to it.
      if (held === undefined || held.since !== credits.since || held.period !== creditPeriod(credits.refill, now))
        return
      balances.set(keyId, { ...held, remaining: held.remaining + units })
    },
    charge: (keyId, credits, units, now) => moved(keyId, credits, now, (left) => Math.max(0, left - units)),
    add: (keyId, credits, units, now) => moved(keyId, credits, now, (left) => left + units),
  }

  function moved(keyId: string, credits: StoredCredits, now: number, to: (left: number) => number): CreditState {
    const balance = current(keyId, credits, now)
    const next = { ...balance, remaining: to(balance.remaining) }
    balances.set(keyId, next)
    return creditState(next, credits)
  }
}
