/**
 * The generic hot path: key lookup, status, route checks and limits built from the KeyStore and
 * RateLimiter contracts. Stores that can do it in one atomic step (Redis, in one script) provide
 * `KeywardStores.authorize` instead, with the same semantics; both pass
 * `test/contracts/authorize.contract.ts`.
 */
import { addressAllowed } from './address-allowlist.js'
import {
  type CreditDecision,
  type StoredCredits,
  balanceIdOf,
  ledgerOf,
  limitsWithCredits,
  refusedForCredits,
  secondsUntil,
  withLimits,
} from './credits.js'
import { meteredWithOwner, namedLimitsOf, policyAsList, toLimitDecision } from './key-limits.js'
import { combineDecisions, ownerCounterId, resolvePolicy } from './limits-math.js'
import type { MeterDecision, MeterGroup, ResolvedLimit } from './meter-types.js'
import { routeRefusal } from './route-checks.js'
import { isPromise } from './store-calls.js'
import type {
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  ForbiddenReason,
  KeyLimitList,
  KeyStore,
  KeywardStores,
  LimitDecision,
  LimitPolicy,
  LimitRequest,
  OwnerLimitsCheck,
  RateLimiter,
  StoredKey,
} from './types.js'

const UNKNOWN: AuthorizeOutcome = Object.freeze({ result: 'unknown' })

/**
 * Builds `authorize(input)` from a key store and a limiter. The decision, in order:
 *
 * 0. E7: with `input.failedAuth`, `limiter.peek` of the address's failure counter; when it is full
 *    → `blocked` with its retry-after, before any key is looked up. (keyward passes it only when
 *    the limiter is shared: a process-local count is known to the guard already.) A counter that
 *    cannot be read is reported to `failedAuth.unreadable` and refuses nothing.
 * 1. The first of `input.hashes` (current pepper first, then previous ones) that
 *    `keys.findByHash` knows; none → `unknown`.
 * 2. `revokedAt` set → `revoked` (a revoked key that has also expired is `revoked`, K6); else
 *    `expiresAt <= now` → `expired`; else `enabled` not true → `disabled` (M5).
 * 3. Route checks (L6): a test key on a live-only route → `forbidden`, reason `live-only`; then
 *    a client address outside the key's `allowedIps` (M6) → reason `address`; then
 *    a required scope missing from the key's `scopes` (null holds every scope) → `forbidden`,
 *    reason `scope`; then the route's permission query unmet (M7) → reason `permission`. Live-only is checked first because it is the answer that tells the caller
 *    what to do (use a live key): no scope could make a test key pass. A forbidden outcome
 *    carries a `peek` of the limits for the L3 headers and consumes nothing (L4a).
 * 4. The key's policy is its type's defaults with its own `limits` over them (L1). With
 *    `input.consume`, `limiter.consume`; when that admits, `keys.touch(id, now)` runs before the
 *    answer and the outcome says `consumed: true` (L4a). Without it, `limiter.peek` (L5).
 *    O7: when `input.ownerLimits` gives the key's owner windows for its type, the key and its
 *    owner's counter are consumed together by `limiter.consumeAll` (both or neither), peeked
 *    together otherwise (and for step 3), and the two decisions combined (`combineDecisions`).
 *    M2: every limit counts `input.cost` units (default 1), and needs max(cost, 1) of them left.
 *
 * The result is synchronous when every store call answers synchronously (the memory stores: no
 * promise is allocated) and a promise as soon as one answers with a promise. Store faults surface
 * the same way: a synchronous throw from a synchronous store, a rejection otherwise; callers
 * handle both (R5). The steps are not atomic across stores: two concurrent requests for one key
 * are each decided by the limiter's own atomic `consume`, so limits still hold (L2).
 *
 * @example
 * const stores = createMemoryStores()
 * const authorize = stores.authorize ?? composeAuthorize(stores)
 */
export function composeAuthorize(
  stores: Pick<KeywardStores, 'keys' | 'limiter'>,
): (input: AuthorizeInput) => Awaitable<AuthorizeOutcome> {
  const { keys, limiter } = stores

  function decide(key: StoredKey | undefined, input: AuthorizeInput): Awaitable<AuthorizeOutcome> {
    if (key === undefined) return UNKNOWN
    const now = input.now
    if (key.revokedAt !== null) return { result: 'revoked', key }
    if (key.expiresAt !== null && key.expiresAt <= now) return { result: 'expired', key }
    // Fail closed: a record that does not say it is enabled is not let through.
    if (key.enabled !== true) return { result: 'disabled', key }

    const owner = input.ownerLimits === undefined ? null : ownerWindowOf(key, input.ownerLimits)
    const reason = forbiddenReason(key, input)
    const cost = input.cost ?? 1
    if (key.credits !== null) return spendCredits(key, key.credits, owner, reason, input, cost)
    return decideLimits(key, owner, reason, input, cost, input.consume)
  }

  /** Steps 4 and 5: the key's (and its owner's) limits, counted when `consume` and the route admits the key. */
  function decideLimits(
    key: StoredKey,
    owner: OwnerStep | null,
    reason: ForbiddenReason | null,
    input: AuthorizeInput,
    cost: number,
    consume: boolean,
  ): Awaitable<AuthorizeOutcome> {
    const now = input.now
    // Checked here so a key on its type's limits never calls into the named-limit code.
    if (Array.isArray(key.limits)) {
      const asked = consume === input.consume ? input : { ...input, consume }
      return meterNamed(key, namedLimitsOf(key.limits)!, owner, reason, asked, cost)
    }
    const policy = resolvePolicy(key, input.defaults)
    if (owner !== null && !('policy' in owner)) {
      const asked = consume === input.consume ? input : { ...input, consume }
      return meterNamed(key, policyAsList(policy), owner, reason, asked, cost)
    }
    if (reason !== null) {
      return andThen(peekLimits(key, policy, owner, now, cost), (peeked) => forbidden(key, reason, peeked))
    }
    if (!consume) return andThen(peekLimits(key, policy, owner, now, cost), (peeked) => notConsumed(key, peeked))
    if (owner === null) {
      const limits = limiter.consume(key.id, policy, now, cost)
      if (isPromise(limits)) return Promise.resolve(limits).then((decision) => afterConsume(key, decision, now))
      return afterConsume(key, limits, now)
    }
    const both = consumeAll(limiter, [{ id: key.id, policy }, owner], now, cost)
    return andThen(both, (decisions) => afterConsume(key, combineDecisions(decisions[0]!, decisions[1]!, cost), now))
  }

  /**
   * M3, M4: a key with credits. An admitted request's cost is taken from the ledger first (refused
   * there: the limits are only peeked), then the limits decide; when they refuse, the credits go
   * back, so a refused request spends nothing. On the memory stores nothing runs in between.
   */
  function spendCredits(
    key: StoredKey,
    credits: StoredCredits,
    owner: OwnerStep | null,
    reason: ForbiddenReason | null,
    input: AuthorizeInput,
    cost: number,
  ): Awaitable<AuthorizeOutcome> {
    const ledger = ledgerOf(limiter)
    const wanted = reason === null && input.consume
    const balance = balanceIdOf(key)
    return andThen(ledger.spend(balance, credits, cost, input.now, wanted), (spent) => {
      if (!wanted)
        return andThen(decideLimits(key, owner, reason, input, cost, input.consume), (o) => withCredits(o, spent))
      if (!spent.allowed) {
        return andThen(decideLimits(key, owner, reason, input, cost, false), (o) => refusedOutcome(o, spent, input.now))
      }
      return andThen(decideLimits(key, owner, reason, input, cost, true), (outcome) => {
        if (outcome.result === 'ok' && outcome.consumed) return withCredits(outcome, spent)
        const back = { ...spent, remaining: spent.remaining + cost }
        return andThen(ledger.refund(balance, credits, cost, input.now), () => withCredits(outcome, back))
      })
    })
  }

  /**
   * M1, M4: a key with its own named limits, counted only when the route admits the key and every
   * limit admits the request. O7: with a limiter that can `reserve` (memory, Redis),
   * `countedOwnerFirst`; with one that cannot, its owner's counter is peeked first, the key metered
   * (counted only when the owner admits), then the owner counted only when the key was.
   */
  function meterNamed(
    key: StoredKey,
    limits: readonly ResolvedLimit[],
    owner: OwnerStep | null,
    reason: ForbiddenReason | null,
    input: AuthorizeInput,
    cost: number,
  ): Awaitable<AuthorizeOutcome> {
    const now = input.now
    const groups: MeterGroup[] = [{ id: key.id, scope: 'key', limits }]
    // M1, M4: an owner's named limits are metered with the key's, all or nothing.
    if (owner !== null && !('policy' in owner)) groups.push(owner)
    const wanted = reason === null && input.consume
    const finish = (decision: LimitDecision, counted: boolean): Awaitable<AuthorizeOutcome> => {
      if (reason !== null) return forbidden(key, reason, decision)
      return counted ? afterConsume(key, decision, now) : notConsumed(key, decision)
    }
    const meterKey = (count: boolean) =>
      count ? metering(limiter).meter(groups, cost, now) : metering(limiter).peekMeter(groups, cost, now)
    if (owner === null || !('policy' in owner)) {
      return andThen(meterKey(wanted), (decision) => finish(toLimitDecision(decision, groups), wanted))
    }
    if (wanted && typeof limiter.reserve === 'function') {
      return countedOwnerFirst(limiter.reserve.bind(limiter), owner, meterKey, limits, finish, now, cost)
    }
    return andThen(limiter.peek(owner.id, owner.policy, now, cost), (ownerPeek) =>
      andThen(meterKey(wanted && ownerPeek.allowed), (metered) => {
        if (!(wanted && ownerPeek.allowed && metered.allowed)) {
          return finish(meteredWithOwner(metered, limits, ownerPeek, cost), false)
        }
        return andThen(limiter.consume(owner.id, owner.policy, now, cost), (theirs) =>
          finish(meteredWithOwner(metered, limits, theirs, cost), theirs.allowed),
        )
      }),
    )
  }

  /**
   * O7, L4: the owner is counted first, with a receipt, so no peek can be stale (other processes
   * may count in a shared limiter between two calls) and an admitted request reads the owner's
   * counter once. The key is metered only when the owner admitted, and the owner's count is given
   * back when the key refuses. Between the two a concurrent request may be refused early, never
   * admitted beyond a limit, and a refused request stays counted nowhere.
   */
  function countedOwnerFirst(
    reserve: NonNullable<RateLimiter['reserve']>,
    owner: LimitRequest,
    meterKey: (count: boolean) => Awaitable<MeterDecision>,
    limits: readonly ResolvedLimit[],
    finish: (decision: LimitDecision, counted: boolean) => Awaitable<AuthorizeOutcome>,
    now: number,
    cost: number,
  ): Awaitable<AuthorizeOutcome> {
    return andThen(reserve(owner.id, owner.policy, now, cost), (reservation) => {
      const theirs = reservation.decision
      if (!theirs.allowed) {
        return andThen(meterKey(false), (peeked) => finish(meteredWithOwner(peeked, limits, theirs, cost), false))
      }
      return andThen(meterKey(true), (metered) => {
        if (metered.allowed) return finish(meteredWithOwner(metered, limits, theirs, cost), true)
        return andThen(reservation.giveBack(), () =>
          andThen(limiter.peek(owner.id, owner.policy, now, cost), (back) =>
            finish(meteredWithOwner(metered, limits, back, cost), false),
          ),
        )
      })
    })
  }

  /** The key's limits, and with an owner step its owner's, peeked and combined (O7). */
  function peekLimits(
    key: StoredKey,
    policy: LimitPolicy,
    owner: LimitRequest | null,
    now: number,
    cost: number,
  ): Awaitable<LimitDecision> {
    const own = limiter.peek(key.id, policy, now, cost)
    if (owner === null) return own
    const theirs = limiter.peek(owner.id, owner.policy, now, cost)
    if (!isPromise(own) && !isPromise(theirs)) return combineDecisions(own, theirs, cost)
    return Promise.all([own, theirs]).then(([a, b]) => combineDecisions(a, b, cost))
  }

  function afterConsume(key: StoredKey, limits: LimitDecision, now: number): Awaitable<AuthorizeOutcome> {
    if (!limits.allowed) return notConsumed(key, limits)
    const outcome: AuthorizeOutcome = { result: 'ok', key, limits, consumed: true }
    const touched = keys.touch(key.id, now)
    if (isPromise(touched)) return Promise.resolve(touched).then(() => outcome)
    return outcome
  }

  function lookUp(input: AuthorizeInput): Awaitable<AuthorizeOutcome> {
    // One pepper, one lookup: the common case needs no search.
    const hashes = input.hashes
    const found = hashes.length === 1 ? keys.findByHash(hashes[0]!) : findFirst(keys, hashes, 0)
    if (isPromise(found)) return Promise.resolve(found).then((key) => decide(key, input))
    return decide(found, input)
  }

  return function authorize(input: AuthorizeInput): Awaitable<AuthorizeOutcome> {
    const check = input.failedAuth
    if (check === undefined) return lookUp(input)
    // The address's counter is defence in depth: when it cannot be read, the key alone decides.
    const unreadable = (error: unknown) => {
      check.unreadable?.(error)
      return lookUp(input)
    }
    let counted: Awaitable<LimitDecision>
    try {
      counted = limiter.peek(check.counter, { perMinute: check.limit, perMonth: null }, input.now)
    } catch (error) {
      return unreadable(error)
    }
    if (isPromise(counted)) {
      return Promise.resolve(counted).then(
        (decision) => (decision.allowed ? lookUp(input) : blocked(decision)),
        unreadable,
      )
    }
    return counted.allowed ? lookUp(input) : blocked(counted)
  }
}

/** The outcome with what the key's credits hold after it (for `X-Credits-Remaining`). */
function withCredits(outcome: AuthorizeOutcome, credits: CreditDecision): AuthorizeOutcome {
  if (outcome.result !== 'ok' && outcome.result !== 'forbidden') return outcome
  return withLimits(outcome, limitsWithCredits(outcome.limits, credits))
}

/** M3: refused for want of credits, nothing counted. */
function refusedOutcome(outcome: AuthorizeOutcome, credits: CreditDecision, now: number): AuthorizeOutcome {
  if (outcome.result !== 'ok') return outcome
  const untilRefill = credits.refillAt === null ? 0 : secondsUntil(credits.refillAt, now)
  return { ...outcome, limits: refusedForCredits(outcome.limits, credits, untilRefill) }
}

/** `f(value)`, synchronously when `value` is not a promise. */
function andThen<T, U>(value: Awaitable<T>, f: (settled: T) => Awaitable<U>): Awaitable<U> {
  return isPromise(value) ? Promise.resolve(value).then(f) : f(value)
}

/**
 * O7: the owner's counter the key's requests also count against, or null for none: its windows,
 * or (M1) its named limits as a meter group.
 */
function ownerWindowOf(key: StoredKey, check: OwnerLimitsCheck): OwnerStep | null {
  if (key.ownerId === null) return null
  const policy = check.policyOf(key.ownerId, key.keyType)
  if (policy === null) return null
  const id = ownerCounterId(key.ownerId, key.keyType)
  if (!Array.isArray(policy)) return { id, policy: policy as LimitPolicy }
  return { id, scope: 'owner', limits: namedLimitsOf(policy as KeyLimitList)! }
}

/** The owner's windows, counted beside the key's, or its named limits, metered with them. */
type OwnerStep = LimitRequest | MeterGroup

/** O7: owner limits need the limiter's atomic multi-limit consume; counting one by one could not undo. */
function consumeAll(
  limiter: RateLimiter,
  requests: readonly LimitRequest[],
  now: number,
  cost: number,
): Awaitable<LimitDecision[]> {
  if (typeof limiter.consumeAll !== 'function') {
    throw new TypeError(
      'keyward: owner limits need a RateLimiter with consumeAll() (the memory and Redis limiters have it)',
    )
  }
  return limiter.consumeAll(requests, now, cost)
}

/** M1: named limits need a limiter that meters them (the memory and Redis limiters do). */
function metering(limiter: RateLimiter): Required<Pick<RateLimiter, 'meter' | 'peekMeter'>> {
  if (typeof limiter.meter !== 'function' || typeof limiter.peekMeter !== 'function') {
    throw new TypeError(
      'keyward: keys with named limits need a RateLimiter with meter() (the memory and Redis limiters have it)',
    )
  }
  return limiter as Required<Pick<RateLimiter, 'meter' | 'peekMeter'>>
}

/** E7: the failure count of the address is full; nothing else was read. */
function blocked(decision: LimitDecision): AuthorizeOutcome {
  return { result: 'blocked', retryAfter: Math.max(1, decision.retryAfter) }
}

/**
 * The first key found under `hashes[from…]`, looked up one after another (the current pepper's
 * hash first, so the common case is one lookup), going asynchronous only when a lookup does.
 */
function findFirst(keys: KeyStore, hashes: readonly string[], from: number): Awaitable<StoredKey | undefined> {
  for (let i = from; i < hashes.length; i++) {
    const found = keys.findByHash(hashes[i]!)
    if (isPromise(found)) {
      return Promise.resolve(found).then((key) => (key !== undefined ? key : findFirst(keys, hashes, i + 1)))
    }
    if (found !== undefined) return found
  }
  return undefined
}

/** L6, M6, M7: why `key` may not use the route, or null: live-only, then its address, then its grants. */
function forbiddenReason(key: StoredKey, input: AuthorizeInput): ForbiddenReason | null {
  const refusal = routeRefusal(key, input.liveOnly, input.requiredScopes, input.requiredPermissions, input.roles)
  if (refusal === 'live-only') return refusal
  // Checked here so a key without an allowlist never calls into the address code.
  if (key.allowedIps !== null && !addressAllowed(key.allowedIps, input.clientAddress)) return 'address'
  return refusal
}

function forbidden(key: StoredKey, reason: ForbiddenReason, limits: LimitDecision): AuthorizeOutcome {
  return { result: 'forbidden', key, reason, limits }
}

function notConsumed(key: StoredKey, limits: LimitDecision): AuthorizeOutcome {
  return { result: 'ok', key, limits, consumed: false }
}
