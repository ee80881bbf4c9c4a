/**
 * What the host lets owners grant (`createDashboard({ owners })`): the scopes, roles and `meta`
 * fields an owner session may give its keys. Checked once at setup; the scopes may depend on the
 * owner, so they are resolved per request.
 */
import type { Keyward } from '../core/instance.js'
import { KEY_SCOPE_PATTERN } from '../core/permissions.js'
import type { DashboardOwnerOptions } from './types.js'

/** What one owner may give its keys. */
export interface OwnerGrants {
  readonly scopes: readonly string[]
  readonly meta: readonly string[]
  readonly roles: readonly string[]
}

/** The grants of an owner, as the host declared them. */
export type GrantsOf = (ownerId: string) => Promise<OwnerGrants>

const OWNER_FIELDS = ['scopes', 'meta', 'roles'] as const

/** Top-level `meta` field names as a host writes them: 1 to 128 characters. */
const META_FIELD = /^[\s\S]{1,128}$/

function optionError(what: string): TypeError {
  return new TypeError(`keyward: createDashboard() option "owners${what}`)
}

function isScopeList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((scope) => typeof scope === 'string' && KEY_SCOPE_PATTERN.test(scope))
}

const SCOPE_RULE = 'an array of key scopes (such as "reports.read", "reports.*" or "*")'

function checkNames(value: unknown, field: 'meta' | 'roles', allowed: (name: string) => boolean, rule: string) {
  if (value === undefined) return Object.freeze([] as string[])
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && allowed(name))) {
    throw optionError(`.${field}" must be ${rule}`)
  }
  return Object.freeze([...new Set(value as string[])])
}

/** `owners` checked, as the function that gives an owner's grants; a TypeError names the option that is wrong. */
export function readOwnerGrants(keyward: Keyward, owners: DashboardOwnerOptions | undefined): GrantsOf {
  if (owners !== undefined && (typeof owners !== 'object' || owners === null || Array.isArray(owners))) {
    throw optionError('" must be an object { scopes?, meta?, roles? }')
  }
  for (const field of Object.keys(owners ?? {})) {
    if (!(OWNER_FIELDS as readonly string[]).includes(field)) {
      throw optionError(`" takes scopes, meta and roles; "${field.slice(0, 32)}" is not one of them`)
    }
  }
  const meta = checkNames(
    owners?.meta,
    'meta',
    (name) => META_FIELD.test(name),
    'an array of top-level meta field names',
  )
  const roleNames = keyward.roleNames
  const roles = checkNames(
    owners?.roles,
    'roles',
    (name) => roleNames.includes(name),
    `an array of roles createKeyward() defines (${roleNames.length === 0 ? 'none are' : roleNames.join(', ')})`,
  )
  const scopes = owners?.scopes ?? keyward.defaultScopes
  if (typeof scopes === 'function') {
    return async (ownerId) => {
      const given = await scopes(ownerId)
      // A host function that answers something else fails closed: the request is a fault, never wider.
      if (!isScopeList(given)) throw new TypeError(`keyward: option "owners.scopes" must give ${SCOPE_RULE}`)
      return { scopes: Object.freeze([...given]), meta, roles }
    }
  }
  if (!isScopeList(scopes))
    throw optionError(`.scopes" must be ${SCOPE_RULE}, or a function of the owner id giving one`)
  const fixed: OwnerGrants = Object.freeze({ scopes: Object.freeze([...scopes]), meta, roles })
  return async () => fixed
}
