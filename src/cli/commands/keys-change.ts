/**
 * `keyward keys update` and `keyward keys revoke`: change a key's name, meta, scopes, limits,
 * access or expiry (O5, M5, M6, M7, B2), revoke one key (K6, K7) or every key of an owner (O6). A revoked key cannot be updated.
 */
import { KeyNotFoundError } from '../../core/errors.js'
import type { UpdateKeyInput } from '../../core/key-input.js'
import type { Keyward } from '../../keyward.js'
import type { ApiKeyRecord, KeyLimitList, KeyLimits } from '../../core/types.js'
import { type OptionValues, stringOption } from '../args.js'
import type { CommandContext, CommandResult, CommandSpec } from '../command.js'
import { usageError } from '../exit-status.js'
import { lines, recordLines } from '../output.js'
import { checkUpdateInput, type StoreView } from '../store.js'
import { CLI_ACTOR, withStoreKeyward } from '../store-keyward.js'
import { keysElsewhere } from '../stored-prefixes.js'
import {
  BY_ID_EXITS,
  durationOption,
  keyIdArgument,
  keyLabel,
  META_OPTION,
  metaOption,
  notFound,
  OWNER_OPTION,
  ownerOption,
  SCOPES_OPTION,
  scopesOption,
  STORE_ENVIRONMENT,
  STORE_OPTIONS,
  storeSettings,
} from './key-options.js'
import { accessOptions, roleNames, UPDATE_ACCESS_OPTIONS } from './access-options.js'
import { UPDATE_CREDIT_OPTIONS, updateCreditsOption } from './credit-options.js'
import { DEFAULT_LIMITS_OPTION, LIMIT_OPTION, limitOptions, namedLimitsOption, oneLimitForm } from './limit-options.js'

type LimitChanges = ReturnType<typeof limitOptions>

/** The key's limits with the changes: a number sets a limit, null drops it back to the key type's. */
function mergeLimits(current: KeyLimits | KeyLimitList | null, changes: LimitChanges): KeyLimits | null {
  // A key's own list of named limits is replaced by the shorthands given.
  const merged: KeyLimits = Array.isArray(current) ? {} : { ...(current as KeyLimits | null) }
  for (const field of ['perMinute', 'perMonth'] as const) {
    const change = changes[field]
    if (change === null) delete merged[field]
    else if (change !== undefined) merged[field] = change
  }
  return Object.keys(merged).length === 0 ? null : merged
}

/** The changes named on the command line, checked before the store is contacted. */
function updateChanges(
  values: OptionValues,
  keyPrefix: string,
): { changes: UpdateKeyInput; limits: LimitChanges; credits: CreditsOption } {
  const changes: UpdateKeyInput = {}
  const name = stringOption(values, 'name')
  const meta = metaOption(values)
  const scopes = scopesOption(values)
  if (name !== undefined) changes.name = name
  if (meta !== undefined) changes.meta = meta
  if (scopes !== undefined) changes.scopes = scopes
  oneLimitForm(values)
  const list = namedLimitsOption(values)
  if (list !== undefined) changes.limits = list
  else if (values['default-limits'] === true) changes.limits = null
  Object.assign(changes, accessOptions(values))
  const expiry = expiryChange(values)
  if (expiry !== undefined) changes.expiresAt = expiry
  const limits = limitOptions(values, true)
  const credits = updateCreditsOption(values)
  if (Object.keys(changes).length === 0 && Object.keys(limits).length === 0 && credits === undefined) {
    throw usageError(
      'keys update needs something to change: --name, --meta, --scopes, --limit, --default-limits, --per-minute, --per-month, --disable, --enable, --allow-ip, --any-ip, --role, --no-roles, --credits, --refill, --add-credits, --no-credits, --expires-in or --no-expiry (see keyward keys update --help)',
    )
  }
  if (Object.keys(changes).length > 0) checkUpdateInput(changes, keyPrefix)
  return { changes, limits, credits }
}

type CreditsOption = ReturnType<typeof updateCreditsOption>

/** `--expires-in` (from now, later or earlier than the key's expiry) or `--no-expiry`; undefined for neither. */
function expiryChange(values: OptionValues): number | null | undefined {
  const expiresIn = durationOption(values, 'expires-in')
  if (values['no-expiry'] === true) {
    if (expiresIn !== undefined) throw usageError('option --no-expiry cannot be combined with --expires-in')
    return null
  }
  return expiresIn === undefined ? undefined : Date.now() + expiresIn
}

/**
 * M3: the live balance of a key in Postgres is kept by the app's limiter, which the command line
 * does not open: a top-up here would go to a throwaway one. Setting the balance works (the record
 * carries when it was set, and every limiter starts again from it).
 */
function refuseLostTopUp(change: UpdateKeyInput, store: StoreView): void {
  const credits = change.credits
  if (store.settings.databaseUrl === undefined || credits === null || credits === undefined) return
  if ('add' in credits) {
    throw usageError(
      "option --add-credits cannot reach a key stored in Postgres: its live balance is kept by your app's limiter. Top up from the app with keys.update(id, { credits: { add } }), or set the balance with --credits <n>",
    )
  }
}

/** Updates the key; the limits given are merged into the key's own, so one can change alone. */
async function update(
  keyward: Keyward,
  store: StoreView,
  id: string,
  changes: UpdateKeyInput,
  limits: LimitChanges,
  credits: CreditsOption,
): Promise<ApiKeyRecord> {
  try {
    if (Object.keys(limits).length === 0 && credits === undefined)
      return await keyward.keys.update(id, changes, CLI_ACTOR)
    const current = await keyward.keys.get(id)
    if (current === undefined) return await notFound(id, store)
    const merged: UpdateKeyInput = { ...changes }
    if (Object.keys(limits).length > 0) merged.limits = mergeLimits(current.limits, limits)
    if (credits !== undefined) merged.credits = await credits(async () => current)
    refuseLostTopUp(merged, store)
    return await keyward.keys.update(id, merged, CLI_ACTOR)
  } catch (error) {
    if (error instanceof KeyNotFoundError) return notFound(id, store)
    throw error
  }
}

/** How a changed field is named in the summary line. */
function changeWord(field: string, changes: UpdateKeyInput): string {
  if (field === 'allowedIps') return 'addresses'
  if (field === 'enabled') return changes.enabled ? 'resumed' : 'suspended'
  return field
}

export const keysUpdate: CommandSpec = {
  name: 'keys update',
  summary: "change a key's name, meta, scopes, limits, access or expiry; suspend or resume it",
  usage:
    'keys update <id> [--name <name>] [--meta <json>] [--scopes <list>] [--limit <name>=<n>/<window> ...]\n       [--default-limits] [--per-minute <n>] [--per-month <n>] [--disable | --enable]\n       [--allow-ip <address|cidr> ... | --any-ip] [--role <name> ... | --no-roles]\n       [--credits <n>] [--refill <n>/day|<n>/month[@day]] [--add-credits <n> | --no-credits]\n       [--expires-in <duration> | --no-expiry] [options]',
  description: [
    'Changes what is given and keeps the rest. New scopes, limits, addresses and roles apply from\nthe next request on every instance sharing the store. --disable suspends the key (refused\nuntil --enable resumes it). A revoked key cannot be updated (exit 2); its owner never changes.',
    'With --json, prints { "record" }.',
  ],
  positionals: [{ name: 'id', required: true, description: 'the key id (key_…), as keyward keys list shows it' }],
  options: {
    name: { type: 'string', value: '<name>', description: 'the new name, 1-100 characters' },
    meta: {
      ...META_OPTION,
      description: `${META_OPTION.description};\nreplaces the key's meta as a whole; null removes it`,
    },
    scopes: SCOPES_OPTION,
    limit: { ...LIMIT_OPTION, description: `${LIMIT_OPTION.description} or the key's own list` },
    'default-limits': DEFAULT_LIMITS_OPTION,
    'per-minute': {
      type: 'string',
      value: '<n>',
      description: "requests per minute, or default for the key type's limit",
    },
    'per-month': {
      type: 'string',
      value: '<n>',
      description: "requests per calendar month, or default for the key type's quota",
    },
    ...UPDATE_ACCESS_OPTIONS,
    ...UPDATE_CREDIT_OPTIONS,
    'expires-in': {
      type: 'string',
      value: '<duration>',
      description: 'expire this long from now, later or earlier than now set: 30s, 15m, 1h, 7d, 4w',
    },
    'no-expiry': { type: 'boolean', description: 'remove the expiry: the key never expires' },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: BY_ID_EXITS,
  examples: [
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --meta \'{"plan":"pro"}\' --per-month 100000',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --scopes all --per-minute default',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --limit burst=100/10s --limit billing=5000/month@15',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --default-limits',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --disable',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --enable --any-ip --role admin --role billing',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --add-credits 5000',
    'keyward keys update key_4fQ2x9ZpLw0aB7cD1eF3gH5j --expires-in 30d',
  ],
  async run(context) {
    const id = keyIdArgument(context.positionals, 'keys update')
    const named = storeSettings(context)
    const { changes, limits, credits } = updateChanges(context.values, named.keyPrefix)
    const settings = { ...named, ...roleNames(changes) }
    const record = await withStoreKeyward(settings, (keyward, store) =>
      update(keyward, store, id, changes, limits, credits),
    )
    const changed = [
      ...Object.keys(changes).map((field) => changeWord(field, changes)),
      ...(Object.keys(limits).length > 0 ? ['limits'] : []),
      ...(credits !== undefined ? ['credits'] : []),
    ]
    return {
      json: { record },
      text: lines(`Updated ${keyLabel(record)}: ${changed.join(', ')}.`, '', ...recordLines(record)),
    }
  },
}

/** `keys revoke --owner <id> --all` (O6). */
async function revokeAllOfOwner(context: CommandContext): Promise<CommandResult> {
  const { values, positionals } = context
  if (values.all !== true) {
    throw usageError(
      '--owner needs --all: keys revoke --owner <owner-id> --all revokes every key of the owner (to revoke one key, pass its id instead)',
    )
  }
  if (values.owner === undefined) {
    throw usageError('--all needs --owner <owner-id>: it revokes every key of one owner, never every key in the store')
  }
  if (positionals.length > 0)
    throw usageError('keys revoke takes either a key id or --owner <owner-id> --all, not both')
  const ownerId = ownerOption(values)!
  const { revoked, hint } = await withStoreKeyward(storeSettings(context), async (keyward, store) => {
    const revoked = await keyward.keys.revokeAll(ownerId, CLI_ACTOR)
    const elsewhere = revoked === 0 ? await keysElsewhere(store) : null
    return { revoked, hint: elsewhere === null ? store.scope : `(that prefix holds no keys, but ${elsewhere})` }
  })
  const text =
    revoked === 0
      ? `Owner ${ownerId} has no key that is not revoked already ${hint}; nothing changed.`
      : `Revoked ${revoked} key${revoked === 1 ? '' : 's'} of owner ${ownerId}. Requests with ${revoked === 1 ? 'it' : 'them'} now get 401 API_KEY_REVOKED.`
  return { json: { ownerId, revoked }, text: lines(text) }
}

export const keysRevoke: CommandSpec = {
  name: 'keys revoke',
  summary: 'revoke a key, or every key of an owner, at once and for good',
  usage: 'keys revoke <id> [options]\n       keyward keys revoke --owner <owner-id> --all [options]',
  description: [
    'Revokes the key: every instance sharing the store rejects it from now on with 401\nAPI_KEY_REVOKED. Nothing can make it active again. Revoking a revoked key changes nothing\nand succeeds.',
    'With --owner and --all, revokes every key of that owner that is not revoked yet (an account\nclosed) and prints how many.',
    'With --json, prints { "record", "alreadyRevoked" }; with --owner --all, { "ownerId", "revoked" }.',
  ],
  positionals: [{ name: 'id', required: true, description: 'the key id (key_…), as keyward keys list shows it' }],
  options: {
    owner: { ...OWNER_OPTION, description: 'with --all: the owner whose keys to revoke' },
    all: { type: 'boolean', description: 'with --owner: revoke every key of the owner' },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: BY_ID_EXITS,
  examples: ['keyward keys revoke key_4fQ2x9ZpLw0aB7cD1eF3gH5j', 'keyward keys revoke --owner acct_42 --all'],
  async run(context) {
    if (context.values.all !== undefined || context.values.owner !== undefined) return revokeAllOfOwner(context)
    const id = keyIdArgument(context.positionals, 'keys revoke')
    const { record, alreadyRevoked } = await withStoreKeyward(storeSettings(context), async (keyward, store) => {
      const before = await keyward.keys.get(id)
      if (before === undefined) return notFound(id, store)
      return { record: await keyward.keys.revoke(id, CLI_ACTOR), alreadyRevoked: before.status === 'revoked' }
    })
    const headline = alreadyRevoked
      ? `${keyLabel(record)} was already revoked at ${record.revokedAt}; nothing changed.`
      : `Revoked ${keyLabel(record)}. Requests with it now get 401 API_KEY_REVOKED.`
    return { json: { record, alreadyRevoked }, text: lines(headline, '', ...recordLines(record)) }
  },
}
