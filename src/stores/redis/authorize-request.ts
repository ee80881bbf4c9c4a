/**
 * The authorize script's KEYS and ARGV for one request (their meaning is listed at the top of
 * `scripts/authorize.ts`). The batch encoding takes its parts from these same arrays.
 */
import { addressHex } from '../../core/address-allowlist.js'
import { type RoleTable, rolesGranting } from '../../core/roles.js'
import { namedLimitsOf, policyAsList } from '../../core/key-limits.js'
import { ownerCounterId, resolvePolicy } from '../../core/limits-math.js'
import type { MeterGroup } from '../../core/meter-types.js'
import type {
  AuthorizeInput,
  FailedAuthCheck,
  KeyLimitList,
  LimitPolicy,
  OwnerLimitsCheck,
  OwnerPolicy,
} from '../../core/types.js'
import type { Held } from './authorize-reply.js'
import type { TaggedKeys } from './layout.js'

/** Where ARGV holds `now` (ARGV[1]). */
export const NOW = 0
/** Where it holds '1' when an admitted request consumes (ARGV[2]). */
export const CONSUME = 1
/** Where it holds '1' for a live-only route (ARGV[3]). */
export const LIVE_ONLY = 2
/** Where it holds the type defaults (ARGV[4..7]: live perMinute and perMonth, then test's). */
export const DEFAULTS = 3
/** Where it holds what the caller holds for the hash: the record's id and fingerprint (ARGV[8]). */
export const KNOWN = 7
/** Where it holds the failed-authentication limit of the address checked first (ARGV[9], E7). */
export const FAILURE_LIMIT = 8
/** Where it holds the owner step (ARGV[10], O7): one of the `OWNER_*` marks. */
export const OWNER = 9
/** Where it holds the owner counter's perMinute and perMonth (ARGV[11], ARGV[12]). */
export const OWNER_MINUTE = 10
export const OWNER_MONTH = 11
/** Where it holds the client address as 32 hex digits, '' when unknown (ARGV[13], M6). */
export const ADDRESS = 12
/** Where it holds the units the request costs in every limit (ARGV[14], M2). */
export const COST = 13
/** Where its scopes start (ARGV[15..]), then after a '?' its permission query in postfix order (M7). */
export const SCOPES = 14

/** O7, ARGV[10]: no owner step. */
export const OWNER_NONE = ''
/** Owner limits apply, but the key's owner is not known to this instance yet. */
export const OWNER_ASK = '?'
/** A cluster: the caller counts the owner's counter itself, in its own slot. */
export const OWNER_BY_CALLER = 'c'
/** The owner's counter is named in KEYS (the single script gets its index in KEYS instead). */
export const OWNER_NAMED = 'k'

/** KEYS: the record, the limit state and, when the script checks them, the address's and the owner's counters. */
export function authorizeKeys(keys: TaggedKeys, counter: string | undefined, owner?: string): string[] {
  const names = counter === undefined ? [keys.record, keys.minute] : [keys.record, keys.minute, counter]
  if (owner !== undefined) names.push(owner)
  return names
}

/** The single script's ARGV[10] for a call whose KEYS are `names`: the owner counter's index when named. */
export function singleScriptArguments(args: string[], owner: string | undefined, names: readonly string[]): string[] {
  if (owner !== undefined) args[OWNER] = String(names.length)
  return args
}

/**
 * ARGV, with ARGV[8] and the owner step left for `fillHeld`. `defaults` comes from
 * `createArgumentCache`; `failureLimit` is '' when the script checks no address.
 */
export function authorizeArguments(
  input: AuthorizeInput,
  now: string,
  defaults: readonly string[],
  failureLimit: string,
): string[] {
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
    OWNER_NONE,
    '',
    '',
    addressHex(input.clientAddress) ?? '',
    costArgument(input.cost),
  ]
  const scopes = input.requiredScopes
  const roles = input.roles
  if (scopes != null) for (let i = 0; i < scopes.length; i++) args.push(nameToken(scopes[i]!, roles))
  // M7: the permission query in postfix order after a '?' (no scope name is '?').
  const query = input.requiredPermissions
  if (query != null) {
    args.push('?')
    for (const token of query.postfix) args.push(token.length === 1 ? token : nameToken(token, roles))
  }
  return args
}

/** M2: the units a request's ARGV asks the script to count. */
export function costOf(args: readonly string[]): number {
  return Number(args[COST])
}

/** M2: ARGV[14], the cost as the script reads it (the usual cost of 1 converted once). */
function costArgument(cost: number | undefined): string {
  return cost === undefined || cost === 1 ? '1' : String(cost)
}

/**
 * M7: a required name as the script reads it: the name, then, space-separated, the roles whose
 * scopes cover it (the roles are read now, so a changed role applies from the next request).
 */
function nameToken(name: string, roles: RoleTable | undefined): string {
  if (roles === undefined) return name
  const granting = rolesGranting(roles, name)
  return granting.length === 0 ? name : `${name} ${granting.join(' ')}`
}

/**
 * Fills ARGV[8] and the owner step (O7) from what this instance holds for the hash, and returns
 * the owner's counter when the script is to count it. Owner and key type never change (O1), so a
 * held record tells them; with none held the script is asked, and answers an owned key with
 * `NEEDS_OWNER`. On a cluster the owner's counter is in another slot: the caller counts it.
 */
export function fillHeld(
  args: string[],
  held: Held | undefined,
  owners: OwnerLimitsCheck | undefined,
  cluster: boolean,
  cache: ArgumentCache,
): string | undefined {
  args[KNOWN] = held === undefined ? '' : held.known
  args[OWNER] = OWNER_NONE
  args[OWNER_MINUTE] = ''
  args[OWNER_MONTH] = ''
  if (owners === undefined) return undefined
  if (held === undefined) {
    // A cluster meters the owner itself, and needs to know whose key it is first only when an
    // owner's named limits decide how the key is metered (M1).
    args[OWNER] = cluster && owners.lists === false ? OWNER_BY_CALLER : OWNER_ASK
    return undefined
  }
  const { ownerId, keyType } = held.key
  const policy = ownerId === null ? null : owners.policyOf(ownerId, keyType)
  if (cluster) {
    args[OWNER] = OWNER_BY_CALLER
    if (policy !== null && Array.isArray(policy)) args[OWNER_MINUTE] = cache.policy(policy)[0]
    return undefined
  }
  if (policy === null || held.ownerCounter === null) return undefined
  const [minute, month] = cache.policy(policy)
  args[OWNER] = OWNER_NAMED
  args[OWNER_MINUTE] = minute
  args[OWNER_MONTH] = month
  return held.ownerCounter
}

/**
 * M1: the groups a reply for an owned key whose owner's limits are named is decoded with: the
 * key's own list, else its policy as the named limits it stands for (the type defaults from
 * `defaults[at..at + 3]`, as ARGV[4..7] hold them), then, unless the caller meters the owner
 * itself (a cluster), the owner's limits. Undefined otherwise.
 */
export function namedOwnerGroups(
  held: Held | undefined,
  owners: OwnerLimitsCheck | undefined,
  defaults: readonly string[],
  at: number,
  cluster: boolean,
): MeterGroup[] | undefined {
  const key = held?.key
  if (key === undefined || key.ownerId === null || owners === undefined) return undefined
  const policy = owners.policyOf(key.ownerId, key.keyType)
  if (policy === null || !Array.isArray(policy)) return undefined
  const own = namedLimitsOf(key.limits) ?? policyAsList(resolvePolicy(key, defaultsOf(defaults, at)))
  const groups: MeterGroup[] = [{ id: key.id, scope: 'key', limits: own }]
  if (!cluster)
    groups.push({ id: ownerCounterId(key.ownerId, key.keyType), scope: 'owner', limits: namedLimitsOf(policy)! })
  return groups
}

/** The type defaults from their ARGV form at `at` (live perMinute, perMonth, then test's; '' for no quota). */
function defaultsOf(args: readonly string[], at: number): AuthorizeInput['defaults'] {
  const month = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text))
  return {
    live: { perMinute: Number(args[at]), perMonth: month(args[at + 1]) },
    test: { perMinute: Number(args[at + 2]), perMonth: month(args[at + 3]) },
  }
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
  /** An owner's limits as ARGV[11..12] (O7), converted once per policy object; a named list as JSON (M1). */
  policy(policy: OwnerPolicy): readonly [string, string]
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
  const policies = new WeakMap<
    LimitPolicy,
    { perMinute: number; perMonth: number | null; text: readonly [string, string] }
  >()
  return {
    defaults({ live: l, test: t }) {
      // The policies are compared by value too: a host may change one in place.
      if (
        l !== live ||
        t !== test ||
        l.perMinute !== liveMinute ||
        l.perMonth !== liveMonth ||
        t.perMinute !== testMinute ||
        t.perMonth !== testMonth
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
    policy(given) {
      if (Array.isArray(given)) return listArguments(given as KeyLimitList)
      const policy = given as LimitPolicy
      const { perMinute, perMonth } = policy
      let held = policies.get(policy)
      // Compared by value too: a policy object may be changed in place.
      if (held === undefined || held.perMinute !== perMinute || held.perMonth !== perMonth) {
        held = { perMinute, perMonth, text: [String(perMinute), perMonth === null ? '' : String(perMonth)] }
        policies.set(policy, held)
      }
      return held.text
    },
  }
}

// Owner lists are frozen and come from the host's options: each is written as JSON once.
const listTexts = new WeakMap<KeyLimitList, readonly [string, string]>()

/** An owner's named limits as ARGV[11..12]: the list as a key record holds its own, and no quota. */
function listArguments(list: KeyLimitList): readonly [string, string] {
  let text = listTexts.get(list)
  if (text === undefined) {
    text = [JSON.stringify(list), '']
    listTexts.set(list, text)
  }
  return text
}
