/**
 * A key's own list of named limits (M1) on the way in (validated, stored in one canonical form)
 * and on the way to a limiter (resolved once per stored list), and the metered decision as the
 * headers and messages read it (M8).
 */
import { UNLIMITED_PER_MINUTE } from './limits-math.js'
import { requestsLeft } from './metering.js'
import type { MeterDecision, MeterGroup, NamedLimit, NamedWindowState, ResolvedLimit } from './meter-types.js'
import { MESSAGES, type MessageNames } from './messages.js'
import type { KeyLimitList, KeyLimits, LimitDecision, WindowState } from './types.js'
import { type LimitFault, describeLimit, monthLimit, parseLimits, rollingLimit } from './windows.js'

type NamedDecision = NonNullable<LimitDecision['named']>

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

/**
 * O7: a key's named decision with its owner's windows, which stay in the owner's own counter (the
 * one its keys on per-minute limits count in too): each window the owner has becomes a limit of
 * scope `owner` (`minute`, `month`); admitted only when both admit; a refusal waits for the
 * longer of the two and names the owner's window when the owner's wait is the longer. The headers
 * show the window with the fewest requests of `cost` left (M8).
 */
export function withOwner(key: LimitDecision, owner: LimitDecision, ownerId: string, cost = 1): LimitDecision {
  const named = key.named!
  const ownerGroup: MeterGroup = { id: ownerId, scope: 'owner', limits: ownerLimitsOf(owner) }
  const windows = owner.month === null ? [owner.minute] : [owner.minute, owner.month]
  const states: NamedWindowState[] = [...named.decision.limits]
  for (const [i, window] of windows.entries()) {
    if (i === 0 && window.limit >= UNLIMITED_PER_MINUTE) continue
    const name = i === 0 ? 'minute' : 'month'
    states.push({ name, limit: window.limit, scope: 'owner', remaining: window.remaining, reset: window.reset })
  }
  let binding = -1
  let bindingLeft = 0
  for (let i = 0; i < states.length; i++) {
    const state = states[i]!
    const left = requestsLeft(state.remaining, cost)
    if (binding === -1 || left < bindingLeft || (left === bindingLeft && state.reset < states[binding]!.reset)) {
      binding = i
      bindingLeft = left
    }
  }
  let { refusedBy, retryAfter } = named.decision
  if (!owner.allowed && owner.retryAfter > retryAfter) {
    const refusing = owner.binding ?? 'minute'
    refusedBy = states.findIndex((state) => state.scope === 'owner' && state.name === refusing)
    retryAfter = owner.retryAfter
  }
  const decision: MeterDecision = {
    allowed: key.allowed && owner.allowed,
    limits: states,
    binding,
    refusedBy,
    retryAfter,
  }
  return toLimitDecision(decision, [{ id: '', scope: 'key', limits: named.limits }, ownerGroup])
}

/** The owner's windows as named limits, in `withOwner`'s order. */
function ownerLimitsOf(owner: LimitDecision): ResolvedLimit[] {
  const limits: ResolvedLimit[] = []
  if (owner.minute.limit < UNLIMITED_PER_MINUTE) limits.push(rollingLimit('minute', owner.minute.limit, 60_000))
  if (owner.month !== null) limits.push(monthLimit('month', owner.month.limit))
  return limits
}

/**
 * A metered decision as the headers and messages read a decision: `minute` is the binding
 * limit, `month` the month limit named `month` (else the first month limit of the key) for
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
