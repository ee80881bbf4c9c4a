/**
 * Credits in process memory (M3): one balance per key, read, refilled and spent in one
 * synchronous step, so nothing runs between a request's check and its spend.
 */
import {
  type CreditBalance,
  type CreditDecision,
  type CreditLedger,
  type CreditState,
  type KeyCredits,
  balanceAt,
  creditPeriod,
  creditState,
  creditsAdmit,
} from '../../core/credits.js'

/** The memory ledger: every call answers synchronously. */
export interface MemoryCreditLedger extends CreditLedger {
  spend(keyId: string, credits: KeyCredits, cost: number, now: number, consume: boolean): CreditDecision
  refund(keyId: string, credits: KeyCredits, units: number, now: number): void
  add(keyId: string, credits: KeyCredits, units: number, now: number): CreditState
  set(keyId: string, credits: KeyCredits, now: number): void
}

export function createMemoryCreditLedger(): MemoryCreditLedger {
  const balances = new Map<string, CreditBalance>()
  const current = (keyId: string, credits: KeyCredits, now: number): CreditBalance =>
    balanceAt(balances.get(keyId), credits, now)
  return {
    spend(keyId, credits, cost, now, consume) {
      const balance = current(keyId, credits, now)
      const allowed = creditsAdmit(balance.remaining, cost)
      if (allowed && consume && cost > 0) {
        const spent = { remaining: balance.remaining - cost, period: balance.period }
        balances.set(keyId, spent)
        return { allowed, ...creditState(spent, credits) }
      }
      return { allowed, ...creditState(balance, credits) }
    },
    refund(keyId, credits, units, now) {
      const held = balances.get(keyId)
      // A refill since the spend has set the balance afresh: the refund would add to it.
      if (held === undefined || held.period !== creditPeriod(credits.refill, now)) return
      balances.set(keyId, { remaining: held.remaining + units, period: held.period })
    },
    add(keyId, credits, units, now) {
      const balance = current(keyId, credits, now)
      const added = { remaining: balance.remaining + units, period: balance.period }
      balances.set(keyId, added)
      return creditState(added, credits)
    },
    set(keyId, credits, now) {
      balances.set(keyId, { remaining: credits.remaining, period: creditPeriod(credits.refill, now) })
    },
  }
}
