import { clientAddressKey } from './address-key.js'
import { isPromise } from './store-calls.js'
import type { Awaitable, FailedAuthCheck, LimitDecision, LimitPolicy, LimitReservation, RateLimiter } from './types.js'

/**
 * E7: limits failed authentications per client address. Every method takes the address as the
 * adapter resolved it and counts it under `clientAddressKey(ip)`: one budget for every spelling of
 * an address, IPv4-mapped IPv6 counted as its IPv4, and one budget per IPv6 /64 network.
 *
 * Failures are counted in the store's own RateLimiter (so a fleet on Redis shares the counts)
 * under `<namespace>:<address>`, a name no key id can take. A local map of the addresses this
 * process has seen blocked answers most repeat requests of a blocked address with no store call;
 * it only ever holds blocks the limiter reported, so it can never admit what the store blocks.
 * With a shared limiter (`RateLimiter.shared`, Redis) another instance may have blocked an address
 * this one has never seen fail: `check` then asks the limiter, and keyward's own requests have the
 * store's `authorize` step read the count (`AuthorizeInput.failedAuth`, `counterOf`) in the same
 * call that looks the key up.
 */
export interface FailedAuthGuard {
  /**
   * Seconds until the address may try again as far as this process has seen (a block it counted
   * or was told of), or 0. Synchronous and exact on a process-local limiter; with a shared one,
   * 0 only means "not blocked here": use `check`, or the store's `authorize` with `counterOf`.
   */
  blockedFor(ip: string, now: number): number
  /**
   * Seconds until the address may try again, or 0 when it is not blocked, on every instance:
   * `blockedFor`, then, with a shared limiter, a peek at the shared count (which consumes
   * nothing). Synchronous on a process-local limiter. When the shared count cannot be read the
   * fault goes to `onError` and the answer is 0: the guard is defence in depth, the caller's own
   * checks still decide.
   */
  check(ip: string, now: number): Awaitable<number>
  /**
   * Counts one failed authentication of the address. Resolves to the seconds the address must
   * wait when this failure is beyond the limit (answer 429, not 401), else 0. The count is atomic
   * in the store, so a concurrent burst gets exactly `limit` 401s, also on a shared store.
   */
  recordFailure(ip: string, now: number): Awaitable<number>
  /**
   * Counts an attempt of the address before its credentials are checked (the dashboard's order:
   * reserve, check, give back on success), so concurrent attempts never get more checks than the
   * limit. Only refusals block the address: when every slot is held by attempts still being
   * checked, the answer is `busy` (try again shortly), not a wait. Needs `limiter.reserve`.
   * Rejects (or throws) when the limiter does.
   */
  reserve(ip: string, now: number): Awaitable<ReservedAttempt>
  /** The address's counter, for `AuthorizeInput.failedAuth`. */
  counterOf(ip: string): FailedAuthCheck
  /** Remembers that the store answered the address `blocked` for `retryAfter` seconds. */
  learnBlocked(ip: string, retryAfter: number, now: number): void
  /** Whether the limiter's counts are shared with other processes (`RateLimiter.shared`). */
  readonly shared: boolean
  /** When each address key this process has seen blocked may try again (epoch ms); empty spares a lookup. */
  readonly blocked: ReadonlyMap<string, number>
}

/** An attempt counted before its credentials were checked. */
export interface ReservedAttempt {
  /** Seconds the address must wait when its refusals fill the limit (nothing was counted), else 0. */
  retryAfter: number
  /**
   * Every slot is held by attempts of the address still being checked (nothing was counted): one
   * of them may yet be admitted and give its slot back, so the caller tries again shortly.
   */
  busy: boolean
  /** The credentials were right: the count is given back. */
  admitted(): Awaitable<void>
  /**
   * The credentials were wrong: the count stays, the refusal is counted, and once refusals fill
   * the limit the address is remembered as blocked. Rejects (or throws) when the limiter does.
   */
  refused(): Awaitable<void>
}

const SWEEP_AT = 10_000
const NOTHING = (): void => undefined

/** The addresses this process has seen blocked, by address key, with when each may try again. */
interface BlockList {
  /** When each address key may try again (epoch ms); read-only outside the list. */
  readonly until: ReadonlyMap<string, number>
  /** Remembers that the address key may not try again before `until` (epoch ms). */
  block(key: string, until: number): void
  /** Seconds until the address key may try again, or 0 (a lapsed entry is dropped). */
  secondsLeft(key: string, now: number): number
}

function createBlockList(): BlockList {
  const blockedUntil = new Map<string, number>()
  return {
    until: blockedUntil,
    block(key, until) {
      blockedUntil.set(key, until)
      if (blockedUntil.size > SWEEP_AT) {
        const now = Date.now()
        for (const [k, at] of blockedUntil) if (at <= now) blockedUntil.delete(k)
      }
    },
    secondsLeft(key, now) {
      const until = blockedUntil.get(key)
      if (until === undefined) return 0
      if (until > now) return Math.ceil((until - now) / 1000)
      blockedUntil.delete(key)
      return 0
    },
  }
}

/**
 * `clientAddressKey` remembering the last address: a client's requests come one after another,
 * and an IPv6 address's key is a new string each time it is worked out.
 */
function lastAddressKey(): (ip: string) => string {
  let lastIp = ''
  let lastKey = ''
  return (ip) => {
    if (ip !== lastIp) {
      lastKey = clientAddressKey(ip)
      lastIp = ip
    }
    return lastKey
  }
}

export function createFailedAuthGuard(
  limit: number,
  limiter: RateLimiter,
  onError: (error: unknown) => void,
  /** The limiter name's first part; each guard counts under its own, which no key id can take. */
  namespace = 'failed-auth',
): FailedAuthGuard {
  const policy: LimitPolicy = { perMinute: limit, perMonth: null }
  const shared = limiter.shared === true
  const blocks = createBlockList()
  const keyOf = lastAddressKey()
  // The last counter handed out, for the same reason as keyOf: one object while one client is busy.
  let lastCheckedKey: string | null = null
  let lastCheck: FailedAuthCheck = { counter: '', limit }

  function blockedFor(ip: string, now: number): number {
    return blocks.until.size === 0 ? 0 : blocks.secondsLeft(keyOf(ip), now)
  }

  /** The seconds a peek or a reservation says the address must wait, remembered when it must. */
  function waitOf(key: string, decision: LimitDecision, now: number): number {
    if (decision.allowed) return 0
    const retryAfter = Math.max(1, decision.retryAfter)
    blocks.block(key, now + retryAfter * 1000)
    return retryAfter
  }

  function settle(key: string, decision: LimitDecision): number {
    // Blocked once the window is full: no further failure would be admitted.
    if (!decision.allowed || decision.minute.remaining === 0) blocks.block(key, decision.minute.reset * 1000)
    return decision.allowed ? 0 : Math.max(1, decision.retryAfter)
  }

  /**
   * Two counts per address: attempts (refused, or still being checked) bound how many checks run;
   * refusals alone decide a block, so admitted attempts never lock their address out.
   */
  const attemptsOf = (key: string) => `${namespace}-attempts:${key}`
  const refusalsOf = (key: string) => `${namespace}:${key}`

  function reservedAttempt(key: string, reservation: LimitReservation, now: number): Awaitable<ReservedAttempt> {
    if (reservation.decision.allowed) {
      return {
        retryAfter: 0,
        busy: false,
        admitted: () => reservation.giveBack(),
        refused: () => {
          const counted = limiter.consume(refusalsOf(key), policy, now)
          if (isPromise(counted)) return counted.then((decision) => void settle(key, decision))
          settle(key, counted)
        },
      }
    }
    // Every slot is taken: by refusals (a block), or by attempts still being checked (busy).
    const peeked = limiter.peek(refusalsOf(key), policy, now)
    if (isPromise(peeked)) return peeked.then((decision) => fullAttempt(key, decision, now))
    return fullAttempt(key, peeked, now)
  }

  function fullAttempt(key: string, refusals: LimitDecision, now: number): ReservedAttempt {
    const retryAfter = waitOf(key, refusals, now)
    return { retryAfter, busy: retryAfter === 0, admitted: NOTHING, refused: NOTHING }
  }

  return {
    shared,
    blocked: blocks.until,
    blockedFor,
    reserve(ip, now) {
      const key = keyOf(ip)
      const reserved = limiter.reserve!(attemptsOf(key), policy, now)
      if (isPromise(reserved)) return reserved.then((reservation) => reservedAttempt(key, reservation, now))
      return reservedAttempt(key, reserved, now)
    },
    check(ip, now) {
      const known = blockedFor(ip, now)
      if (known > 0 || !shared) return known
      const key = keyOf(ip)
      const unreadable = (error: unknown) => {
        onError(error)
        return 0
      }
      let peeked: Awaitable<LimitDecision>
      try {
        peeked = limiter.peek(`${namespace}:${key}`, policy, now)
      } catch (error) {
        return unreadable(error)
      }
      if (isPromise(peeked)) return peeked.then((decision) => waitOf(key, decision, now), unreadable)
      return waitOf(key, peeked, now)
    },
    recordFailure(ip, now) {
      const key = keyOf(ip)
      let counted: Awaitable<LimitDecision>
      try {
        counted = limiter.consume(`${namespace}:${key}`, policy, now)
      } catch (error) {
        onError(error)
        return 0
      }
      if (!isPromise(counted)) return settle(key, counted)
      return counted.then(
        (decision) => settle(key, decision),
        (error: unknown) => {
          // The request already failed authentication: answering its 401 lets nothing through.
          onError(error)
          return 0
        },
      )
    },
    counterOf(ip) {
      const key = keyOf(ip)
      if (key !== lastCheckedKey) {
        lastCheckedKey = key
        lastCheck = { counter: `${namespace}:${key}`, limit, unreadable: onError }
      }
      return lastCheck
    },
    learnBlocked(ip, retryAfter, now) {
      if (retryAfter > 0) blocks.block(keyOf(ip), now + retryAfter * 1000)
    },
  }
}
