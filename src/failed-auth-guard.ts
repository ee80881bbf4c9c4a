import { clientAddressKey } from './client-address.js'
import type { Awaitable, LimitDecision, LimitPolicy, RateLimiter } from './types.js'

/**
 * E7: limits failed authentications per client address. Every method takes the address as the
 * adapter resolved it and counts it under `clientAddressKey(ip)`: one budget for every spelling of
 * an address, IPv4-mapped IPv6 counted as its IPv4, and one budget per IPv6 /64 network.
 *
 * Failures are counted in the store's own RateLimiter (so a fleet on Redis shares the counts)
 * under `<namespace>:<address>`, a name no key id can take. Whether an address is blocked is read
 * from a local map filled by those counts, so the check costs no store round trip on the hot path.
 * On a shared store, an instance learns that an address is blocked on the first failure it sees
 * from it.
 */
export interface FailedAuthGuard {
  /** Seconds until the address may try again, or 0 when it is not blocked. */
  blockedFor(ip: string, now: number): number
  /**
   * Counts one failed authentication of the address. Resolves to the seconds the address must
   * wait when this failure is beyond the limit (answer 429, not 401), else 0. The count is atomic
   * in the store, so a concurrent burst gets exactly `limit` 401s, also on a shared store.
   */
  recordFailure(ip: string, now: number): Awaitable<number>
}

const SWEEP_AT = 10_000

export function createFailedAuthGuard(
  limit: number,
  limiter: RateLimiter,
  onError: (error: unknown) => void,
  /** The limiter name's first part; each guard counts under its own, which no key id can take. */
  namespace = 'failed-auth',
): FailedAuthGuard {
  const policy: LimitPolicy = { perMinute: limit, perMonth: null }
  // address key → epoch ms at which it may try again
  const blockedUntil = new Map<string, number>()

  // The last address named and its key: a client's requests come one after another, and an IPv6
  // address's key is a new string each time it is worked out.
  let lastIp = ''
  let lastKey = ''
  function keyOf(ip: string): string {
    if (ip !== lastIp) {
      lastKey = clientAddressKey(ip)
      lastIp = ip
    }
    return lastKey
  }

  function learn(key: string, decision: LimitDecision): void {
    // Blocked once the window is full: no further failure would be admitted.
    if (!decision.allowed || decision.minute.remaining === 0) {
      blockedUntil.set(key, decision.minute.reset * 1000)
      if (blockedUntil.size > SWEEP_AT) sweep(Date.now())
    }
  }

  function sweep(now: number): void {
    for (const [key, until] of blockedUntil) if (until <= now) blockedUntil.delete(key)
  }

  return {
    blockedFor(ip, now) {
      if (blockedUntil.size === 0) return 0
      const key = keyOf(ip)
      const until = blockedUntil.get(key)
      if (until === undefined) return 0
      if (until <= now) {
        blockedUntil.delete(key)
        return 0
      }
      return Math.ceil((until - now) / 1000)
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
      if (typeof (counted as Promise<LimitDecision>).then === 'function') {
        return (counted as Promise<LimitDecision>).then(
          (decision) => settle(key, decision),
          (error: unknown) => {
            // The request already failed authentication: answering its 401 lets nothing through.
            onError(error)
            return 0
          },
        )
      }
      return settle(key, counted as LimitDecision)
    },
  }

  function settle(key: string, decision: LimitDecision): number {
    learn(key, decision)
    return decision.allowed ? 0 : Math.max(1, decision.retryAfter)
  }
}
