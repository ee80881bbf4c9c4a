/**
 * What an owner session may do to its own keys: give only the scopes, roles and `meta` fields the
 * host lets owners grant, narrow what an administrator gave but never widen it, add or narrow an
 * address list but never lift one, and never raise limits or credits. One function a rule, each
 * true when the change is refused; `refusedOnCreate` and `refusedOnUpdate` run them in order and
 * answer the field refused. The administrator is never checked here.
 */
import { isDeepStrictEqual } from 'node:util'
import { entryWithin } from '../core/address-allowlist.js'
import type { Keyward } from '../core/instance.js'
import {
  type CreateKeyInput,
  type UpdateKeyInput,
  validateCreateKeyInput,
  validateUpdateKeyInput,
} from '../core/key-input.js'
import type { ApiKeyRecord } from '../core/types.js'
import { ownerMayUpdateCredits } from './owner-credits.js'
import type { OwnerGrants } from './owner-grants.js'
import { ownerMayCreateWithLimits, ownerMayUpdateLimits } from './owner-limits.js'

/** The field an owner's change was refused for. */
export type OwnerRefusal = 'scopes' | 'roles' | 'meta' | 'allowedIps' | 'limits' | 'credits'

type Meta = Readonly<Record<string, unknown>> | null

/**
 * Whether the held scope grants every scope `given` grants: a wildcard is counted by what it
 * grants, so `reports.*` is covered only by `reports.*`, a shorter wildcard such as `*`, and `*`
 * only by `*`.
 */
function covers(held: string, given: string): boolean {
  if (held === '*' || held === given) return true
  if (given === '*' || !held.endsWith('.*')) return false
  const stem = held.slice(0, -1)
  const givenStem = given.endsWith('.*') ? given.slice(0, -1) : given
  return givenStem.length > stem.length && givenStem.startsWith(stem)
}

function coveredBy(held: readonly string[], given: string): boolean {
  return held.some((scope) => covers(scope, given))
}

/** Scopes as what they grant: null (kept by older stores and releases) is every scope. */
function granted(scopes: readonly string[] | null): readonly string[] {
  return scopes ?? ['*']
}

/**
 * Scopes: each new one within what owners may grant, or, on a key that has scopes (`current`;
 * undefined on create), within those it has already (narrowing).
 */
export function scopesRefused(
  grants: OwnerGrants,
  current: readonly string[] | null | undefined,
  next: readonly string[] | null,
): boolean {
  return granted(next).some(
    (scope) => !coveredBy(grants.scopes, scope) && (current === undefined || !coveredBy(granted(current), scope)),
  )
}

/** Roles: each one grantable by owners or held by the key already (removing is always allowed). */
export function rolesRefused(
  grants: OwnerGrants,
  current: readonly string[] | null,
  next: readonly string[] | null,
): boolean {
  return (next ?? []).some((role) => !grants.roles.includes(role) && !(current ?? []).includes(role))
}

/** Meta: only the fields owners may write differ from what the key holds (on create, from nothing). */
export function metaRefused(grants: OwnerGrants, current: Meta, next: Meta): boolean {
  const before = current ?? {}
  const after = next ?? {}
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const field of fields) {
    if (grants.meta.includes(field)) continue
    const was = Object.hasOwn(before, field) ? before[field] : undefined
    const is = Object.hasOwn(after, field) ? after[field] : undefined
    if (!isDeepStrictEqual(was, is)) return true
  }
  return false
}

/**
 * Addresses: a key without a list may be given one; a list may be narrowed (every new entry
 * inside one it has), never removed or widened.
 */
export function addressesRefused(current: readonly string[] | null, next: readonly string[] | null): boolean {
  if (current === null) return false
  if (next === null) return true
  return next.some((entry) => !current.some((outer) => entryWithin(entry, outer)))
}

/** The field an owner's create body is refused for, or null; bad input throws as create would. */
export function refusedOnCreate(keyward: Keyward, grants: OwnerGrants, input: CreateKeyInput): OwnerRefusal | null {
  const valid = validateCreateKeyInput(input, keyward.clock.now(), keyward.keyPrefix)
  if (scopesRefused(grants, undefined, valid.scopes)) return 'scopes'
  if (rolesRefused(grants, null, valid.roles)) return 'roles'
  if (metaRefused(grants, null, valid.meta)) return 'meta'
  if (!ownerMayCreateWithLimits(valid.limits, keyward.limitDefaults[valid.keyType])) return 'limits'
  return null
}

/** The field an owner's update of `record` is refused for, or null; bad input throws as the update would. */
export function refusedOnUpdate(
  keyward: Keyward,
  grants: OwnerGrants,
  record: ApiKeyRecord,
  input: UpdateKeyInput,
): OwnerRefusal | null {
  // A revoked key cannot be changed at all: the update answers that (409), whatever the body.
  if (record.status === 'revoked') return null
  const { patch, credits, addCredits } = validateUpdateKeyInput(input, keyward.keyPrefix, keyward.clock.now())
  if (patch.scopes !== undefined && scopesRefused(grants, record.scopes, patch.scopes)) return 'scopes'
  if (patch.roles !== undefined && rolesRefused(grants, record.roles, patch.roles)) return 'roles'
  if (patch.meta !== undefined && metaRefused(grants, record.meta, patch.meta)) return 'meta'
  if (patch.allowedIps !== undefined && addressesRefused(record.allowedIps, patch.allowedIps)) return 'allowedIps'
  const defaults = keyward.limitDefaults[record.keyType]
  if (patch.limits !== undefined && !ownerMayUpdateLimits(record.limits, patch.limits, defaults)) return 'limits'
  if (addCredits !== undefined) return 'credits'
  if (credits !== undefined && !ownerMayUpdateCredits(record.credits, credits)) return 'credits'
  return null
}
