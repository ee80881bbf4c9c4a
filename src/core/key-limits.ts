/**
 * A key's own list of named limits (M1) on the way in (validated, stored in one canonical form)
 * and on the way to a limiter (resolved once per stored list), and the metered decision as the
 * headers and messages read it (M8).
 */
import { UNLIMITED_PER_MINUTE } from './limits-math.js'
import { requestsLeft } from './metering.js'
import type { MeterDecision, MeterGroup, NamedLimit, NamedWindowState, ResolvedLimit } from './meter-types.js'
import { MESSAGES, type MessageNames } from './messages.js'
import type { KeyLimitList, KeyLimits, LimitDecision, LimitPolicy, WindowState } from './types.js'
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
export function withOwner(key: LimitDecision, owner: LimitDecision, cost = 1): LimitDecision {
  const named = key.named!
  return meteredWithOwner(named.decision, named.limits, owner, cost, key.allowed)
}

/**
 * `withOwner` from the key's metered decision over `limits`, before it is read as a LimitDecision;
 * `ownAllowed`: the key's side (a decision the credits refused is refused whatever its limits say).
 */
export function meteredWithOwner(
  metered: MeterDecision,
  limits: readonly ResolvedLimit[],
  owner: LimitDecision,
  cost = 1,
  ownAllowed = metered.allowed,
): LimitDecision {
  const states: NamedWindowState[] = metered.limits.slice()
  if (owner.minute.limit < UNLIMITED_PER_MINUTE) states.push(ownerState('minute', owner.minute))
  if (owner.month !== null) states.push(ownerState('month', owner.month))
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
  let { refusedBy, retryAfter } = metered
  if (!owner.allowed && owner.retryAfter > retryAfter) {
    const refusing = owner.binding ?? 'minute'
    refusedBy = states.findIndex((state) => state.scope === 'owner' && state.name === refusing)
    retryAfter = owner.retryAfter
  }
  const decision: MeterDecision = {
    allowed: ownAllowed && owner.allowed,
    limits: states,
    binding,
    refusedBy,
    retryAfter,
  }
  return decisionOver(decision, joined(limits, ownerLimitsOf(owner)))
}

function ownerState(name: 'minute' | 'month', window: WindowState): NamedWindowState {
  return { name, limit: window.limit, scope: 'owner', remaining: window.remaining, reset: window.reset }
}

// The owner's windows as named limits (by per-minute limit, then quota), and a key's list with
// them, built once per pair of values and lists: every request of an owner's key meets the same ones.
const ownerLists = new Map<number, Map<number, readonly ResolvedLimit[]>>()
const withOwnerLists = new WeakMap<readonly ResolvedLimit[], WeakMap<readonly ResolvedLimit[], ResolvedLimit[]>>()

/** The owner's windows as named limits, in `withOwner`'s order. */
function ownerLimitsOf(owner: LimitDecision): readonly ResolvedLimit[] {
  return windowsAsList(owner.minute.limit, owner.month === null ? null : owner.month.limit)
}

/**
 * Per-minute and monthly windows as the named limits they stand for: `minute` over 60 s (none when
 * unlimited) and the calendar `month` (none without a quota). A key on its type's limits is
 * metered by these when its owner's limits are a named list, in memory and on Redis alike.
 */
export function policyAsList(policy: LimitPolicy): readonly ResolvedLimit[] {
  return windowsAsList(policy.perMinute, policy.perMonth)
}

/** The same frozen list for the same two values. */
function windowsAsList(perMinute: number, perMonth: number | null): readonly ResolvedLimit[] {
  const minute = perMinute < UNLIMITED_PER_MINUTE ? perMinute : 0
  const month = perMonth ?? 0
  let byMonth = ownerLists.get(minute)
  if (byMonth === undefined) {
    byMonth = new Map()
    ownerLists.set(minute, byMonth)
  }
  let limits = byMonth.get(month)
  if (limits === undefined) {
    const list: ResolvedLimit[] = []
    if (minute > 0) list.push(rollingLimit('minute', minute, 60_000))
    if (month > 0) list.push(monthLimit('month', month))
    // Owner windows come from the host's options: a handful of pairs, never a request's input.
    limits = Object.freeze(list)
    byMonth.set(month, limits)
  }
  return limits
}

/** `key` then `owner`, the same array for the same two lists. */
function joined(key: readonly ResolvedLimit[], owner: readonly ResolvedLimit[]): readonly ResolvedLimit[] {
  let byOwner = withOwnerLists.get(key)
  if (byOwner === undefined) {
    byOwner = new WeakMap()
    withOwnerLists.set(key, byOwner)
  }
  let both = byOwner.get(owner)
  if (both === undefined) {
    both = [...key, ...owner]
    byOwner.set(owner, both)
  }
  return both
}

// Where each list's quota is (its limit named `month`, else its first month), found once per list.
const quotaIndexes = new WeakMap<readonly ResolvedLimit[], number>()

function quotaIndexOf(limits: readonly ResolvedLimit[]): number {
  let quota = quotaIndexes.get(limits)
  if (quota === undefined) {
    quota = limits.findIndex((limit) => limit.kind === 'month' && limit.name === 'month')
    if (quota === -1) quota = limits.findIndex((limit) => limit.kind === 'month')
    quotaIndexes.set(limits, quota)
  }
  return quota
}

/**
 * A metered decision as the headers and messages read a decision: `minute` is the binding
 * limit, `month` the month limit named `month` (else the first month limit of the key) for
 * the quota headers, and `named` the whole metered decision.
 */
export function toLimitDecision(decision: MeterDecision, groups: readonly MeterGroup[]): LimitDecision {
  const limits = groups.length === 1 ? groups[0]!.limits : groups.flatMap((group) => group.limits)
  return decisionOver(decision, limits)
}

/** `toLimitDecision` over the groups' limits, in order. */
function decisionOver(decision: MeterDecision, limits: readonly ResolvedLimit[]): LimitDecision {
  const states = decision.limits
  const binding = states[decision.binding]
  const minute: WindowState = binding
    ? { limit: binding.limit, remaining: binding.remaining, reset: binding.reset }
    : { limit: 0, remaining: 0, reset: 0 }
  const monthState = states[quotaIndexOf(limits)]
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
