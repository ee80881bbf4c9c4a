/**
 * The authorize script's KEYS and ARGV for one request (their meaning is listed at the top of
 * `scripts/authorize.ts`). The batch encoding takes its parts from these same arrays.
 */
import type { AuthorizeInput, FailedAuthCheck, LimitPolicy } from '../types.js'
import type { TaggedKeys } from './layout.js'

/** Where ARGV holds `now` (ARGV[1]). */
export const NOW = 0
/** Where it holds '1' when an admitted request consumes (ARGV[2]). */
export const CONSUME = 1
/** Where it holds '1' for a live-only route (ARGV[3]). */
export const LIVE_ONLY = 2
/** Where it holds the id of the record the caller holds (ARGV[8]). */
export const KNOWN = 7
/** Where it holds the failed-authentication limit of the address checked first (ARGV[9], E7). */
export const FAILURE_LIMIT = 8
/** Where its scopes start (ARGV[10..]). */
export const SCOPES = 9

/** KEYS: the record, the limit state and, when the script checks the address, its failure counter. */
export function authorizeKeys(keys: TaggedKeys, counter: string | undefined): string[] {
  return counter === undefined ? [keys.record, keys.minute] : [keys.record, keys.minute, counter]
}

/**
 * ARGV, with ARGV[8] left '' for the caller to name the record it holds. `defaults` comes from
 * `createArgumentCache`; `failureLimit` is '' when the script checks no address.
 */
export function authorizeArguments(input: AuthorizeInput, now: string, defaults: readonly string[], failureLimit: string): string[] {
  const args = [
    now,
    input.consume ? '1' : '0',
    input.liveOnly ? '1' : '0',
    defaults[0]!,
    defaults[1]!,
    defaults[2]!,
    defaults[3]!,
    '',
    failureLimit,
  ]
  const scopes = input.requiredScopes
  if (scopes != null) for (let i = 0; i < scopes.length; i++) args.push(scopes[i]!)
  return args
}

/** The numbers of the arguments as strings, converted again only when they change. */
export interface ArgumentCache {
  /**
   * The type defaults as ARGV[4..7]: the same array while they stay the same, so that a batch
   * tells requests with the same defaults apart from others by identity.
   */
  defaults(defaults: AuthorizeInput['defaults']): string[]
  /** The failure limit as ARGV[9], or '' without a check. */
  failureLimit(check: FailedAuthCheck | undefined): string
}

export function createArgumentCache(): ArgumentCache {
  let live: LimitPolicy | null = null
  let test: LimitPolicy | null = null
  let liveMinute = 0
  let liveMonth: number | null = null
  let testMinute = 0
  let testMonth: number | null = null
  let defaultArgs: string[] = []
  let failureLimit = 0
  let failureLimitText = ''
  return {
    defaults({ live: l, test: t }) {
      // The policies are compared by value too: a host may change one in place.
      if (
        l !== live || t !== test ||
        l.perMinute !== liveMinute || l.perMonth !== liveMonth || t.perMinute !== testMinute || t.perMonth !== testMonth
      ) {
        live = l
        test = t
        liveMinute = l.perMinute
        liveMonth = l.perMonth
        testMinute = t.perMinute
        testMonth = t.perMonth
        defaultArgs = [
          String(liveMinute),
          liveMonth === null ? '' : String(liveMonth),
          String(testMinute),
          testMonth === null ? '' : String(testMonth),
        ]
      }
      return defaultArgs
    },
    failureLimit(check) {
      if (check === undefined) return ''
      if (check.limit !== failureLimit) {
        failureLimit = check.limit
        failureLimitText = String(check.limit)
      }
      return failureLimitText
    },
  }
}
