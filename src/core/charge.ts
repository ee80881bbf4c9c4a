/**
 * `apiKey.charge(n)` (M2): units counted after admission in every limit of a key and its owner,
 * whatever those limits hold, and taken from its credits (down to none, M3). It never refuses: a window it pushes over its limit refuses the next
 * requests until it frees. Named limits go through the limiter's `charge`; the per-minute limit
 * and the quota through `consume` with no ceiling, which counts without refusing in the same
 * state the key's requests count in.
 */
import { ledgerOf } from './credits.js'
import { namedLimitsOf, policyAsList } from './key-limits.js'
import type { MeterGroup } from './meter-types.js'
import type { KeywardSettings } from './keyward-options.js'
import { ownerCounterId, resolvePolicy, UNLIMITED_PER_MINUTE } from './limits-math.js'
import { checkedUnits } from './metering.js'
import type { ReportFault, StoreCalls } from './store-calls.js'
import type { Awaitable, LimitPolicy, RateLimiter, StoredKey } from './types.js'

/** Counts `units` for `key` after its request `requestId` was admitted; settles once counted, never rejects. */
export type Charge = (key: StoredKey, units: number, requestId: string) => Promise<void>

const DONE = Promise.resolve()

export function createCharge(
  settings: Pick<KeywardSettings, 'stores' | 'clock' | 'defaults' | 'ownerLimits'>,
  calls: Pick<StoreCalls, 'bounded'>,
  report: ReportFault,
  /** Told of units the limits took (N1's counters), once they took them. */
  onCharged?: (key: StoredKey, units: number, at: number) => void,
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
      const counted: Awaitable<unknown>[] = []
      if (Array.isArray(ownerPolicy)) {
        // M1: an owner's named limits, and the key's as its requests are metered beside them.
        const own = namedLimitsOf(key.limits) ?? policyAsList(resolvePolicy(key, defaults))
        const owner: MeterGroup = { id: ownerId, scope: 'owner', limits: namedLimitsOf(ownerPolicy)! }
        counted.push(chargeNamed(limiter, [{ id: key.id, scope: 'key', limits: own }, owner], units, now))
      } else {
        counted.push(chargeKey(limiter, key, units, now, defaults))
        if (ownerPolicy !== null)
          counted.push(limiter.consume(ownerId, withoutCeiling(ownerPolicy as LimitPolicy), now, units))
      }
      if (key.credits !== null) counted.push(ledgerOf(limiter).charge(key.id, key.credits, units, now))
      return calls.bounded(Promise.all(counted)).then(
        () => onCharged?.(key, units, now),
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
): Awaitable<unknown> {
  const named = namedLimitsOf(key.limits)
  if (named === null) return limiter.consume(key.id, withoutCeiling(resolvePolicy(key, defaults)), now, units)
  return chargeNamed(limiter, [{ id: key.id, scope: 'key', limits: named }], units, now)
}

/** Named limits through the limiter's `charge`. */
function chargeNamed(limiter: RateLimiter, groups: MeterGroup[], units: number, now: number): Awaitable<unknown> {
  if (typeof limiter.charge !== 'function') {
    throw new TypeError('keyward: charge() on named limits needs a RateLimiter with charge()')
  }
  return limiter.charge(
    groups.filter((group) => group.limits.length > 0),
    units,
    now,
  )
}

/** A policy whose windows are counted as `policy`'s but never refuse. */
function withoutCeiling(policy: LimitPolicy): LimitPolicy {
  return { perMinute: UNLIMITED_PER_MINUTE, perMonth: policy.perMonth === null ? null : UNLIMITED_PER_MINUTE }
}
