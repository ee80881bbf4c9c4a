/**
 * The types of credits (M3): a key's credits as records hold them, the balance a ledger keeps and
 * the ledger contract; `credits.ts` holds the arithmetic and the input rules.
 */

/** How a key's credits refill: set back to `amount` at 00:00 UTC each day, or each billing month on `day`. */
export type CreditRefill = { amount: number; every: 'day' } | { amount: number; every: 'month'; day: number }

/** A key's credits: what is left, and how they refill (absent: never). */
export interface KeyCredits {
  remaining: number
  refill?: CreditRefill
}

/**
 * Credits as a key store keeps them: as last set, and when (epoch ms). A ledger holding a balance
 * from an earlier setting starts again from these, so a setting made anywhere (another instance,
 * the command line) replaces what is left.
 */
export interface StoredCredits extends KeyCredits {
  since: number
  /**
   * The balance these credits spend, when it is another key's: a rotation's replacement spends the
   * balance of the key it replaced, which during its grace period spends the same one, so the keys
   * of one rotation hold one balance. `id` is the key whose balance it is; `hash` its stored hash,
   * which names where a store keeps the balance beside that key's record. Absent: the key's own.
   */
  balance?: CreditBalanceOwner
}

/** The key whose credit balance a rotation's keys share (see `StoredCredits.balance`). */
export interface CreditBalanceOwner {
  id: string
  hash: string
}

/** What a key's credits may be set to: `refill.day` (1–28, default 1) only with `every: 'month'`. */
export interface KeyCreditsInput {
  remaining: number
  refill?: { amount: number; every: 'day' | 'month'; day?: number } | null
}

/**
 * A ledger's state of one key: the balance, the refill period it belongs to (-1: no refill) and
 * the setting it started from (`StoredCredits.since`).
 */
export interface CreditBalance {
  remaining: number
  period: number
  since: number
}

/** What a ledger read or decided, as the headers and the 429 show it. */
export interface CreditState {
  remaining: number
  /** Epoch seconds of the next refill; null without one. */
  refillAt: number | null
}

/** A spend: admitted when the cost fits in what is left (refused, nothing is spent). */
export interface CreditDecision extends CreditState {
  allowed: boolean
}

/**
 * The live balances, kept by a limiter beside its windows. Each call is atomic for its key.
 * `credits` is the record's value: where a key has no balance yet, or one from an earlier setting,
 * it starts from `remaining` (as of `since`).
 */
export interface CreditLedger {
  /** Spends `cost` when it fits in what is left and `consume` is true; otherwise only reads. */
  spend(
    keyId: string,
    credits: StoredCredits,
    cost: number,
    now: number,
    consume: boolean,
  ): Promise<CreditDecision> | CreditDecision
  /** Gives back `units` a refused request spent, unless a refill came in between. */
  refund(keyId: string, credits: StoredCredits, units: number, now: number): Promise<void> | void
  /**
   * Takes `units` measured after admission (`charge(n)`): never refuses, and takes what is left
   * when `units` is more, so the next requests are refused until a refill or a top-up.
   */
  charge(keyId: string, credits: StoredCredits, units: number, now: number): Promise<CreditState> | CreditState
  /** Adds `units` to what is left (a top-up). */
  add(keyId: string, credits: StoredCredits, units: number, now: number): Promise<CreditState> | CreditState
  /**
   * False when two keys cannot spend one balance (`StoredCredits.balance`): on a Redis Cluster
   * each key's balance lives in its key's own slot, which one script call cannot leave. A key with
   * credits is then rotated only without a grace period. Absent: they can.
   */
  readonly sharedBalances?: boolean
}
