/**
 * Roles: named sets of scopes the host defines once (`createKeyward({ roles })`). A key names its
 * roles; what they grant is read from the table when a request is decided, so changing a role's
 * scopes changes every key that has it at once. A key holds a name when its own scopes or one of
 * its roles' scopes cover it (wildcards included).
 */
import { KeyInputError } from './errors.js'
import { KEY_SCOPE_PATTERN } from './permissions.js'
import { scopeCovered } from './permissions.js'

/** The host's roles: each name with the scopes it grants. */
export type RoleTable = ReadonlyMap<string, readonly string[]>

/** What a role name must match. */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/
const MAX_ROLES = 100
const MAX_KEY_ROLES = 20
const MAX_ROLE_SCOPES = 100

/** `createKeyward({ roles })` checked: a TypeError names the option for the first mistake. */
export function resolveRoles(
  option: unknown,
  fail: (option: string, rule: string, value: unknown) => never,
): RoleTable | undefined {
  if (option === undefined) return undefined
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    return fail('roles', 'must be an object { <role name>: [scopes] }', option)
  }
  const entries = Object.entries(option as Record<string, unknown>)
  if (entries.length > MAX_ROLES) fail('roles', `may define at most ${MAX_ROLES} roles`, option)
  const table = new Map<string, readonly string[]>()
  for (const [name, scopes] of entries) {
    if (!ROLE_NAME_PATTERN.test(name)) fail('roles', `names roles matching ${ROLE_NAME_PATTERN.source}`, name)
    const valid =
      Array.isArray(scopes) &&
      scopes.length <= MAX_ROLE_SCOPES &&
      scopes.every((scope) => typeof scope === 'string' && KEY_SCOPE_PATTERN.test(scope))
    if (!valid) {
      fail(
        `roles.${name}`,
        `must be an array of at most ${MAX_ROLE_SCOPES} scopes (a scope name, name.*, or *)`,
        scopes,
      )
    }
    table.set(name, Object.freeze([...new Set(scopes as string[])]))
  }
  return table
}

/**
 * A key's `roles` checked: null (none) or up to 20 distinct role names, each one `table`
 * defines (without a table, only the name rule is checked: records imported from elsewhere).
 * Throws `KeyInputError` naming the field.
 */
export function validateKeyRoles(
  value: unknown,
  table: RoleTable | undefined | 'names-only',
): readonly string[] | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value) || value.length > MAX_KEY_ROLES) {
    throw new KeyInputError('roles', `roles must be null or an array of at most ${MAX_KEY_ROLES} role names`)
  }
  const names = new Set<string>()
  for (const name of value) {
    if (typeof name !== 'string' || !ROLE_NAME_PATTERN.test(name)) {
      throw new KeyInputError('roles', `roles: each role name must match ${ROLE_NAME_PATTERN.source}`)
    }
    if (table !== 'names-only' && !table?.has(name)) {
      const defined =
        table === undefined || table.size === 0 ? 'none are defined' : `defined: ${[...table.keys()].join(', ')}`
      throw new KeyInputError('roles', `roles: "${name}" is not a role (${defined})`)
    }
    names.add(name)
  }
  return Object.freeze([...names])
}

/** Whether a key with these scopes and roles holds `name`. */
export function keyHolds(
  scopes: readonly string[],
  roles: readonly string[] | null,
  table: RoleTable | undefined,
  name: string,
): boolean {
  if (scopeCovered(scopes, name)) return true
  if (roles === null || table === undefined) return false
  for (const role of roles) {
    const granted = table.get(role)
    if (granted !== undefined && scopeCovered(granted, name)) return true
  }
  return false
}

/** The roles of `table` whose scopes cover `name`: what the Redis script checks a key's roles against. */
export function rolesGranting(table: RoleTable | undefined, name: string): string[] {
  const roles: string[] = []
  if (table !== undefined) for (const [role, scopes] of table) if (scopeCovered(scopes, name)) roles.push(role)
  return roles
}
