/**
 * Who may use a key, on the command line: `--disable` / `--enable` (suspend and resume),
 * `--allow-ip` (repeatable) / `--any-ip` for the addresses it may come from, and `--role`
 * (repeatable) / `--no-roles` for the host's roles it has. Checked before the store is contacted,
 * so a bad value is a usage error naming the flag.
 */
import { KeyInputError } from '../../core/errors.js'
import { MAX_ALLOWED_IPS, validateAllowedIps } from '../../core/address-allowlist.js'
import { ROLE_NAME_PATTERN, validateKeyRoles } from '../../core/roles.js'
import { type OptionSpec, type OptionValues, shown } from '../args.js'
import { usageError } from '../exit-status.js'

export interface AccessChanges {
  enabled?: boolean
  allowedIps?: readonly string[] | null
  roles?: readonly string[] | null
}

const DISABLE_OPTION: OptionSpec = {
  type: 'boolean',
  description: 'suspend the key: it is refused until enabled again',
}

const ALLOW_IP_OPTION: OptionSpec = {
  type: 'string',
  multiple: true,
  value: '<address|cidr>',
  description: `an address or range the key may be used from, repeatable (up to ${MAX_ALLOWED_IPS}):\n203.0.113.7, 10.0.0.0/8, 2001:db8::/32; requests from elsewhere\nare refused (default: any address)`,
}

const ROLE_OPTION: OptionSpec = {
  type: 'string',
  multiple: true,
  value: '<name>',
  description:
    "a role your app defines in createKeyward({ roles }), repeatable; the\nCLI cannot see your app's roles, so it takes any well-formed name\n(a-z, 0-9, _ and -): a name your app does not define grants nothing",
}

/** The access options of `keys create`. */
export const CREATE_ACCESS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  disable: { ...DISABLE_OPTION, description: 'create the key suspended: it is refused until enabled' },
  'allow-ip': ALLOW_IP_OPTION,
  role: ROLE_OPTION,
}

/** The access options of `keys update`: each list replaces the key's, and can be cleared. */
export const UPDATE_ACCESS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  disable: DISABLE_OPTION,
  enable: { type: 'boolean', description: 'resume a suspended key (a revoked key stays revoked)' },
  'allow-ip': { ...ALLOW_IP_OPTION, description: `${ALLOW_IP_OPTION.description};\nreplaces the key's list` },
  'any-ip': { type: 'boolean', description: 'drop the address list: the key may be used from any address' },
  role: { ...ROLE_OPTION, description: `${ROLE_OPTION.description};\nreplaces the key's roles` },
  'no-roles': { type: 'boolean', description: 'remove every role from the key' },
}

function listOf(values: OptionValues, name: string): string[] | undefined {
  const given = values[name]
  if (given === undefined) return undefined
  return Array.isArray(given) ? given : [String(given)]
}

/** Refuses two flags that set the same field opposite ways. */
function oneOf(values: OptionValues, first: string, second: string): void {
  if (values[first] !== undefined && values[second] !== undefined) {
    throw usageError(`options --${first} and --${second} cannot be combined`)
  }
}

function allowedIpsOption(values: OptionValues): readonly string[] | undefined {
  const texts = listOf(values, 'allow-ip')
  if (texts === undefined) return undefined
  if (texts.length > MAX_ALLOWED_IPS) {
    throw usageError(`option --allow-ip takes at most ${MAX_ALLOWED_IPS} addresses or ranges (got ${texts.length})`)
  }
  for (const text of texts) {
    try {
      validateAllowedIps([text])
    } catch (error) {
      if (!(error instanceof KeyInputError)) throw error
      throw usageError(
        `option --allow-ip ${shown(text)} is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32)`,
      )
    }
  }
  return validateAllowedIps(texts) ?? undefined
}

function rolesOption(values: OptionValues): readonly string[] | undefined {
  const names = listOf(values, 'role')
  if (names === undefined) return undefined
  const bad = names.find((name) => !ROLE_NAME_PATTERN.test(name))
  if (bad !== undefined) {
    throw usageError(
      `option --role ${shown(bad)} is not a role name: 1-32 lowercase letters, digits, _ and -, starting with a letter`,
    )
  }
  try {
    return validateKeyRoles(names, 'names-only') ?? undefined
  } catch (error) {
    if (!(error instanceof KeyInputError)) throw error
    // Only the count is left to break once each name has passed: the core rule says how many.
    const most = /at most \d+/.exec(error.message)?.[0] ?? 'fewer'
    throw usageError(`option --role takes ${most} roles (got ${names.length})`)
  }
}

/** The access fields given on the command line; update also takes the flags that clear or resume. */
export function accessOptions(values: OptionValues): AccessChanges {
  oneOf(values, 'disable', 'enable')
  oneOf(values, 'allow-ip', 'any-ip')
  oneOf(values, 'role', 'no-roles')
  const changes: AccessChanges = {}
  if (values.disable === true) changes.enabled = false
  if (values.enable === true) changes.enabled = true
  const allowedIps = allowedIpsOption(values)
  if (allowedIps !== undefined) changes.allowedIps = allowedIps
  if (values['any-ip'] === true) changes.allowedIps = null
  const roles = rolesOption(values)
  if (roles !== undefined) changes.roles = roles
  if (values['no-roles'] === true) changes.roles = null
  return changes
}

/** The role names to define on the command's instance so it stores them (see `StoreSettings.roleNames`). */
export function roleNames(changes: AccessChanges): { roleNames?: readonly string[] } {
  return changes.roles === undefined || changes.roles === null ? {} : { roleNames: changes.roles }
}
