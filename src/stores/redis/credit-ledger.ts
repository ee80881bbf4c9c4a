/**
 * Credits on Redis (M3): each call is one credits script call on the key's balance, HASH
 * `<prefix>:{<tag>}:cr`, in the key's slot beside its record and limit state, where the authorize
 * script spends from it too.
 */
import type { CreditDecision, CreditLedger, CreditState, StoredCredits } from '../../core/credits.js'
import type { AuthorizeOutcome } from '../../core/types.js'
import type { RedisConnection } from './client.js'
import { array, badReply, integer } from './codec.js'
import type { RedisContext } from './context.js'
import { CREDITS_SCRIPT } from './scripts/credits.js'

const WHAT = 'the credits script'

/** The credits script's (and the authorize script's) credit triple as a decision. */
export function decodeCredits(reply: unknown): CreditDecision {
  const values = array(reply, WHAT)
  if (values.length !== 3) throw badReply(WHAT, reply)
  const refillAt = integer(values[2], WHAT)
  return {
    allowed: integer(values[0], WHAT) === 1,
    remaining: integer(values[1], WHAT),
    refillAt: refillAt < 0 ? null : refillAt,
  }
}

/** The credits script's ARGV[4..8] for a record's credits. */
export function creditArguments(credits: StoredCredits): string[] {
  const { refill, remaining, since } = credits
  if (refill === undefined) return [String(remaining), '', '', '', String(since)]
  const day = refill.every === 'month' ? refill.day : 1
  return [String(remaining), String(refill.amount), refill.every, String(day), String(since)]
}

/**
 * The ledger on a context. `balanceOf(id)` names the balance of a key id: beside its record when
 * the key is stored in this Redis, under the id's own tag otherwise. `shared`: whether a
 * rotation's keys can spend one balance (not when the authorize script decides beside each record
 * on a cluster: the balance is then in another slot).
 */
export function creditLedgerOn(
  context: RedisContext,
  balanceOf: (id: string) => string | Promise<string>,
  shared: boolean,
): CreditLedger {
  async function run(
    op: string,
    id: string,
    credits: StoredCredits,
    units: number,
    now: number,
  ): Promise<CreditDecision> {
    const key = await balanceOf(id)
    const args = [op, context.nowArgument(now), String(units), ...creditArguments(credits)]
    return decodeCredits(await context.connection.script(CREDITS_SCRIPT, [key], args))
  }
  const state = ({ remaining, refillAt }: CreditDecision): CreditState => ({ remaining, refillAt })
  return {
    spend: (id, credits, cost, now, consume) => run(consume ? 's' : 'p', id, credits, cost, now),
    async refund(id, credits, units, now) {
      await run('r', id, credits, units, now)
    },
    charge: async (id, credits, units, now) => state(await run('c', id, credits, units, now)),
    add: async (id, credits, units, now) => state(await run('a', id, credits, units, now)),
    sharedBalances: shared,
  }
}

/**
 * M3, M4 on a cluster, once the caller has decided the owner's counter (`decided`, from the
 * script's `counted`): the credits the script reported stay on the outcome (`X-Credits-Remaining`),
 * and a request its owner refused spends none of them: the cost the script spent is given back
 * (not waited for) and the outcome shows the credits as before.
 */
export function creditsGivenBack(
  connection: RedisConnection,
  balance: string,
  counted: AuthorizeOutcome,
  decided: AuthorizeOutcome,
  now: string,
  cost: number,
): AuthorizeOutcome {
  if (counted.result !== 'ok' && counted.result !== 'forbidden') return decided
  if (decided.result !== 'ok' && decided.result !== 'forbidden') return decided
  const spent = counted.limits.credits
  const credits = counted.key.credits
  if (spent === undefined || credits === null) return decided
  const refused = counted.result === 'ok' && counted.consumed && decided.result === 'ok' && !decided.consumed
  if (refused && cost > 0) {
    const args = ['r', now, String(cost), ...creditArguments(credits)]
    connection.script(CREDITS_SCRIPT, [balance], args).catch(() => undefined)
  }
  const shown = refused ? { ...spent, remaining: spent.remaining + cost } : spent
  return { ...decided, limits: { ...decided.limits, credits: shown } }
}
