/**
 * `apiKey.charge(n)` (M2): units counted after admission in every limit of a key and its owner,
 * whatever those limits hold, and taken from its credits (down to none, M3). It never refuses: a window it pushes over its limit refuses the next
 * requests until it frees. Named limits go through the limiter's `charge`; the per-minute limit
 * and the quota through `consume` with no ceiling, which counts without refusing in the same
 * state the key's requests count in.
 */
import type { CreditState } from './credit-types.js'
import { balanceIdOf, ledgerOf } from './credits.js'
import { namedLimitsOf, policyAsList } from './key-limits.js'
import type { MeterDecision, MeterGroup, ResolvedLimit } from './meter-types.js'
import type { KeywardSettings } from './keyward-options.js'
import { ownerCounterId, resolvePolicy, UNLIMITED_PER_MINUTE } from './limits-math.js'
import { checkedUnits } from './metering.js'
import type { ReportFault, StoreCalls } from './store-calls.js'
import type { Awaitable, LimitDecision, LimitPolicy, OwnWindows, RateLimiter, StoredKey } from './types.js'

/** Counts `units` for `key` after its request `requestId` was admitted; settles once counted, never rejects. */
export type Charge = (key: StoredKey, units: number, requestId: string) => Promise<void>

/**
 * What a charge left behind, as the store answered it, for usage thresholds: the named limits'
 * states beside the limits in their order, or each side's per-minute limit and quota (at their
 * real sizes), and what is left of the credits.
 */
export interface ChargedUsage {
  named: { decision: MeterDecision; limits: readonly ResolvedLimit[] } | null
  key: OwnWindows | null
  owner: OwnWindows | null
  credits: CreditState | null
}

/** Told of units a charge counted, once the store took them, with what they left behind. */
export type OnCharged = (key: StoredKey, units: number, at: number, usage: ChargedUsage) => void

const DONE = Promise.resolve()

export function createCharge(
  settings: Pick<KeywardSettings, 'stores' | 'clock' | 'defaults' | 'ownerLimits'>,
  calls: Pick<StoreCalls, 'bounded'>,
  report: ReportFault,
  /** Told of units the limits took (N1's counters, usage thresholds), once they took them. */
  onCharged?: OnCharged,
): Charge {
  const { stores, clock, defaults, ownerLimits } = settings
  return function charge(key, units, requestId) {
    checkedUnits(units, 'charge(units)')
    if (units === 0) return DONE
    try {
      const now = clock.now()
      const limiter = stores.limiter
      const ownerPolicy = key.ownerId === null ? null : (ownerLimits?.policyOf(key.ownerId, key.keyType) ?? null)
      const ownerId = key.ownerId === null ? '' : ownerCounterId(key.ownerId, key.keyType)
      const usage: ChargedUsage = { named: null, key: null, owner: null, credits: null }
      const counted: Awaitable<unknown>[] = []
      if (Array.isArray(ownerPolicy)) {
        // M1: an owner's named limits, and the key's as its requests are metered beside them.
        const own = namedLimitsOf(key.limits) ?? policyAsList(resolvePolicy(key, defaults))
        const owner: MeterGroup = { id: ownerId, scope: 'owner', limits: namedLimitsOf(ownerPolicy)! }
        counted.push(chargeNamed(limiter, [{ id: key.id, scope: 'key', limits: own }, owner], units, now, usage))
      } else {
        counted.push(chargeKey(limiter, key, units, now, defaults, usage))
        if (ownerPolicy !== null) {
          const policy = ownerPolicy as LimitPolicy
          counted.push(
            then(limiter.consume(ownerId, withoutCeiling(policy), now, units), (d) => {
              usage.owner = windowsAt(d, policy)
            }),
          )
        }
      }
      if (key.credits !== null) {
        counted.push(
          then(ledgerOf(limiter).charge(balanceIdOf(key), key.credits, units, now), (state) => {
            usage.credits = state
          }),
        )
      }
      return calls.bounded(Promise.all(counted)).then(
        () => onCharged?.(key, units, now, usage),
        (error: unknown) => report(error, requestId, 'charge'),
      )
    } catch (error) {
      report(error, requestId, 'charge')
      return DONE
    }
  }
}

/** The key's own named limits through the limiter's `charge`, else its per-minute limit and quota. */
function chargeKey(
  limiter: RateLimiter,
  key: StoredKey,
  units: number,
  now: number,
  defaults: KeywardSettings['defaults'],
  usage: ChargedUsage,
): Awaitable<unknown> {
  const named = namedLimitsOf(key.limits)
  if (named !== null) return chargeNamed(limiter, [{ id: key.id, scope: 'key', limits: named }], units, now, usage)
  const policy = resolvePolicy(key, defaults)
  return then(limiter.consume(key.id, withoutCeiling(policy), now, units), (d) => {
    usage.key = windowsAt(d, policy)
  })
}

/** Named limits through the limiter's `charge`. */
function chargeNamed(
  limiter: RateLimiter,
  groups: MeterGroup[],
  units: number,
  now: number,
  usage: ChargedUsage,
): Awaitable<unknown> {
  if (typeof limiter.charge !== 'function') {
    throw new TypeError('keyward: charge() on named limits needs a RateLimiter with charge()')
  }
  const charged = groups.filter((group) => group.limits.length > 0)
  return then(limiter.charge(charged, units, now), (decision) => {
    usage.named = { decision, limits: charged.flatMap((group) => group.limits) }
  })
}

/** The windows a no-ceiling count left, at the sizes `policy` gives them. */
function windowsAt(decision: LimitDecision, policy: LimitPolicy): OwnWindows {
  const sized = (limit: number, state: LimitDecision['minute']) => ({
    limit,
    remaining: limit - (state.limit - state.remaining),
    reset: state.reset,
  })
  const { minute, month } = decision
  return {
    minute: sized(policy.perMinute, minute),
    month: policy.perMonth === null || month === null ? null : sized(policy.perMonth, month),
  }
}

/** `use(value)` once `value` is there, without a turn of the event loop when it already is. */
function then<T>(value: Awaitable<T>, use: (value: T) => void): Awaitable<void> {
  if (typeof (value as Promise<T> | undefined)?.then === 'function') return (value as Promise<T>).then(use)
  use(value as T)
}

/** A policy whose windows are counted as `policy`'s but never refuse. */
function withoutCeiling(policy: LimitPolicy): LimitPolicy {
  return { perMinute: UNLIMITED_PER_MINUTE, perMonth: policy.perMonth === null ? null : UNLIMITED_PER_MINUTE }
}
