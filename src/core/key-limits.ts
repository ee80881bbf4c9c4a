/**
 * A key's own list of named limits (M1) on the way in (validated, stored in one canonical form)
 * and on the way to a limiter (resolved once per stored list), and the metered decision as the
 * headers and messages read it (M8).
 */
import { UNLIMITED_PER_MINUTE } from './limits-math.js'
import type { MeterDecision, MeterGroup, NamedLimit, ResolvedLimit } from './meter-types.js'
import { MESSAGES, type MessageNames } from './messages.js'
import type { KeyLimitList, KeyLimits, LimitDecision, LimitPolicy, WindowState } from './types.js'

type NamedDecision = NonNullable<LimitDecision['named']>
import { type LimitFault, describeLimit, monthLimit, parseLimits, rollingLimit } from './windows.js'

/** A validated list in the stored form: windows in ms, `"month"` or `{ month: { day } }`, frozen. */
export function canonicalLimitList(input: unknown, option: string, fault?: LimitFault): KeyLimitList {
  return Object.freeze(parseLimits(input, option, fault).map((limit) => Object.freeze(describeLimit(limit))))
}

// Stored lists are frozen and shared by every request of their key: resolved once each.
const resolved = new WeakMap<KeyLimitList, readonly ResolvedLimit[]>()

/** The named limits of a key with its own list, or null for a key on its type's per-minute and monthly limits. */
export function namedLimitsOf(limits: KeyLimits | KeyLimitList | null): readonly ResolvedLimit[] | null {
  if (limits === null || !Array.isArray(limits)) return null
  const list = limits as KeyLimitList
  let found = resolved.get(list)
  if (found === undefined) {
    found = Object.freeze(parseLimits(list as NamedLimit[], 'limits'))
    resolved.set(list, found)
  }
  return found
}

const ownerLimits = new WeakMap<LimitPolicy, readonly ResolvedLimit[]>()

/** O7's owner windows as named limits `minute` and `month` (an unlimited minute has none). */
export function ownerNamedLimits(policy: LimitPolicy): readonly ResolvedLimit[] {
  let found = ownerLimits.get(policy)
  if (found === undefined) {
    const list: ResolvedLimit[] = []
    if (policy.perMinute < UNLIMITED_PER_MINUTE) list.push(rollingLimit('minute', policy.perMinute, 60_000))
    if (policy.perMonth !== null) list.push(monthLimit('month', policy.perMonth))
    found = Object.freeze(list)
    ownerLimits.set(policy, found)
  }
  return found
}

/** The meter groups of a key with its own list, and of its owner when owner limits apply (O7). */
export function meterGroups(
  keyId: string,
  limits: readonly ResolvedLimit[],
  owner: { id: string; policy: LimitPolicy } | null,
): MeterGroup[] {
  const groups: MeterGroup[] = [{ id: keyId, scope: 'key', limits }]
  if (owner !== null) groups.push({ id: owner.id, scope: 'owner', limits: ownerNamedLimits(owner.policy) })
  return groups
}

/**
 * A metered decision as the headers and messages read a decision: `minute` is the binding
 * limit (M8), `month` the month limit named `month` (else the first month limit of the key) for
 * the quota headers, and `named` the whole metered decision.
 */
export function toLimitDecision(decision: MeterDecision, groups: readonly MeterGroup[]): LimitDecision {
  const states = decision.limits
  const binding = states[decision.binding]
  const minute: WindowState = binding
    ? { limit: binding.limit, remaining: binding.remaining, reset: binding.reset }
    : { limit: 0, remaining: 0, reset: 0 }
  const limits = groups.flatMap((group) => group.limits)
  let quota = limits.findIndex((limit) => limit.kind === 'month' && limit.name === 'month')
  if (quota === -1) quota = limits.findIndex((limit) => limit.kind === 'month')
  const monthState = states[quota]
  const month: WindowState | null = monthState
    ? { limit: monthState.limit, remaining: monthState.remaining, reset: monthState.reset }
    : null
  const refusing = limits[decision.refusedBy]
  return {
    allowed: decision.allowed,
    minute,
    month,
    retryAfter: decision.retryAfter,
    binding: decision.allowed ? null : refusing?.kind === 'month' ? 'month' : 'minute',
    named: { decision, limits },
  }
}

/** M1, L4: the message of a refusal by named limits, naming the refusing limit that waits longest. */
export function refusalMessage(names: MessageNames, named: NamedDecision, retryAfter: number): string {
  const limit = named.limits[named.decision.refusedBy]
  if (limit === undefined) return MESSAGES.namedLimit(names, 'limit', 0, null, retryAfter)
  return MESSAGES.namedLimit(
    names,
    limit.name,
    limit.limit,
    limit.kind === 'month' ? null : perWindow(limit.windowMs),
    retryAfter,
  )
}

const UNITS: readonly [ms: number, one: string, many: string][] = [
  [86_400_000, 'day', 'days'],
  [3_600_000, 'hour', 'hours'],
  [60_000, 'minute', 'minutes'],
  [1000, 'second', 'seconds'],
]

/** A window in words: `minute`, `10 seconds`, `30 days`, `1500 ms`. */
export function perWindow(ms: number): string {
  for (const [size, one, many] of UNITS) {
    if (ms % size === 0) return ms === size ? one : `${ms / size} ${many}`
  }
  return `${ms} ms`
}
