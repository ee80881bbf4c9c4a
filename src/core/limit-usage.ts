/**
 * How much of each limit a key or an owner has used right now (N3's meters): read from the same
 * limiter state the requests are decided on, so a meter and the rate-limit headers agree. Reads
 * only: nothing is counted.
 */
import { namedLimitsOf, policyAsList } from './key-limits.js'
import type { KeywardSettings } from './keyward-options.js'
import { ownerCounterId, resolvePolicy, UNLIMITED_PER_MINUTE } from './limits-math.js'
import type { NamedWindowState, ResolvedLimit } from './meter-types.js'
import { describeLimit } from './windows.js'
import type { KeyLimitList, KeyType, LimitDecision, LimitPolicy, RateLimiter, StoredKey } from './types.js'

/** One limit of a key or of its owner, and how much of it is used. */
export interface LimitUsage {
  /** The limit's name: `minute` and `month` for the shorthand limits. */
  name: string
  /** Whose limit: the key's own, or its owner's for keys of `keyType`. */
  scope: 'key' | 'owner'
  keyType: KeyType
  limit: number
  /** Units counted in the window now (at most `limit` as shown; a charge may have gone past it). */
  used: number
  /** A rolling window in ms, the calendar month, or a billing month starting on `day`. */
  window: number | 'month' | { month: { day: number } }
  /** When `used` next falls, ISO 8601 UTC. */
  reset: string
}

/** A limit's state as the limiter reported it, as a usage row. */
function usageOf(
  state: { limit: number; remaining: number; reset: number },
  name: string,
  scope: LimitUsage['scope'],
  keyType: KeyType,
  window: LimitUsage['window'],
): LimitUsage {
  const used = Math.max(0, state.limit - state.remaining)
  return { name, scope, keyType, limit: state.limit, used, window, reset: new Date(state.reset * 1000).toISOString() }
}

/** The shorthand windows of a policy as usage rows; a per-minute limit that is unlimited is left out. */
function shorthandUsage(decision: LimitDecision, policy: LimitPolicy, scope: LimitUsage['scope'], keyType: KeyType) {
  const rows: LimitUsage[] = []
  if (policy.perMinute < UNLIMITED_PER_MINUTE) rows.push(usageOf(decision.minute, 'minute', scope, keyType, 60_000))
  if (decision.month !== null) rows.push(usageOf(decision.month, 'month', scope, keyType, 'month'))
  return rows
}

export interface LimitUsageReader {
  /** Every limit of the key (its own or its type's), then its owner's, in the order requests meet them. */
  ofKey(key: StoredKey, now: number): Promise<LimitUsage[]>
  /** The owner's own limits (O7), for its live keys, then its test keys; empty when it has none. */
  ofOwner(ownerId: string, now: number): Promise<LimitUsage[]>
}

export function createLimitUsageReader(
  settings: Pick<KeywardSettings, 'defaults' | 'ownerLimits'>,
  limiter: RateLimiter,
): LimitUsageReader {
  const { defaults, ownerLimits } = settings

  /** Named limits as the meter counts them, read without counting. */
  async function namedUsage(
    id: string,
    scope: LimitUsage['scope'],
    keyType: KeyType,
    limits: readonly ResolvedLimit[],
    now: number,
  ): Promise<LimitUsage[]> {
    if (limits.length === 0 || typeof limiter.peekMeter !== 'function') return []
    const decision = await limiter.peekMeter([{ id, scope, limits }], 1, now)
    return decision.limits.map((state: NamedWindowState, i) =>
      usageOf(state, state.name, scope, keyType, describeLimit(limits[i]!).window as LimitUsage['window']),
    )
  }

  async function ownerUsage(ownerId: string, keyType: KeyType, now: number): Promise<LimitUsage[]> {
    const policy = ownerLimits?.policyOf(ownerId, keyType) ?? null
    if (policy === null) return []
    const id = ownerCounterId(ownerId, keyType)
    if (Array.isArray(policy)) return namedUsage(id, 'owner', keyType, namedLimitsOf(policy as KeyLimitList)!, now)
    const windows = policy as LimitPolicy
    return shorthandUsage(await limiter.peek(id, windows, now), windows, 'owner', keyType)
  }

  async function keyUsage(key: StoredKey, now: number): Promise<LimitUsage[]> {
    const named = namedLimitsOf(key.limits)
    if (named !== null) return namedUsage(key.id, 'key', key.keyType, named, now)
    const policy = resolvePolicy(key, defaults)
    // Beside an owner's named limits, a key on its type's limits is metered by the limits they stand for.
    const owner = key.ownerId === null ? null : (ownerLimits?.policyOf(key.ownerId, key.keyType) ?? null)
    if (Array.isArray(owner)) return namedUsage(key.id, 'key', key.keyType, policyAsList(policy), now)
    return shorthandUsage(await limiter.peek(key.id, policy, now), policy, 'key', key.keyType)
  }

  return {
    async ofKey(key, now) {
      const own = await keyUsage(key, now)
      return key.ownerId === null ? own : [...own, ...(await ownerUsage(key.ownerId, key.keyType, now))]
    },
    async ofOwner(ownerId, now) {
      return [...(await ownerUsage(ownerId, 'live', now)), ...(await ownerUsage(ownerId, 'test', now))]
    },
  }
}
