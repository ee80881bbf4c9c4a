/**
 * `keyward keys …`: create, rotate and read the usage of keys in a Redis or Postgres store, the
 * same store the service's instances share (K5, K6, K7, E5, O1, O2); list, update and revoke are in their own
 * files. The full key is printed once, by `create` and `rotate`; everything else shows the masked
 * key only (K3, K4).
 *
 * A key works only on a service with the same key prefix, Redis prefix and pepper. The CLI cannot
 * read the app's configuration, so it guesses none of them for a new key: the key prefix is the
 * one the app recorded in the store when it started, or must be named, and the Redis prefix is
 * named unless the app recorded its settings or keys are stored under it.
 */
import type { CreateKeyInput } from '../../core/key-input.js'
import { positiveInteger, stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { formatDuration } from '../duration.js'
import { usageError } from '../exit-status.js'
import { lines, printable, recordLines, usageTable } from '../output.js'
import { checkKeyInput } from '../store.js'
import { CLI_ACTOR, withStoreKeyward } from '../store-keyward.js'
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
  STORE_EXITS,
  STORE_OPTIONS,
  storeSettings,
} from './key-options.js'
import { keysRevoke, keysUpdate } from './keys-change.js'
import { createLimitsOption, LIMIT_OPTION } from './limit-options.js'
import { accessOptions, CREATE_ACCESS_OPTIONS, roleNames } from './access-options.js'
import { CREATE_CREDIT_OPTIONS, createCreditsOption } from './credit-options.js'
import { keysList } from './keys-list.js'

const ONCE_WARNING =
  'This is the only time the full key is shown: keyward stores only its hash. Put it in your secret store now.'

/** The paragraph of `create` and `rotate` help on matching the app's settings. */
const SAME_SETTINGS =
  'The key works only on a service with the same settings: --key-prefix is the keyPrefix your\napp gives createKeyward(), --prefix the prefix it gives createRedisStores(), KEYWARD_PEPPER\nits pepper. Nothing is guessed: the key prefix is the one the app recorded in the store when\nit started, else it must be named (flag or environment); the Redis prefix must be named too\nunless the app recorded its settings or keys are already stored under the default one.'

export const keysCreate: CommandSpec = {
  name: 'keys create',
  summary: 'create an API key and print it, once',
  usage:
    'keys create --name <name> [--owner <owner-id>] [--meta <json>] [--sandbox] [--expires-in <duration>]\n       [--scopes <list>] [--limit <name>=<n>/<window> ...] [--per-minute <n>] [--per-month <n>]\n       [--disable] [--allow-ip <address|cidr> ...] [--role <name> ...] [options]',
  description: [
    'Creates a key in the store and prints the full key exactly once, on a line of its own, with\nthe masked record. keyward keeps only a hash of it: it cannot be shown again.',
    SAME_SETTINGS,
    'With --json, prints { "key", "record" }.',
  ],
  positionals: [],
  options: {
    name: { type: 'string', value: '<name>', description: 'what the key is for, 1-100 characters (required)' },
    owner: OWNER_OPTION,
    meta: META_OPTION,
    sandbox: { type: 'boolean', description: 'create a test key (<key-prefix>_test_…) instead of a live key' },
    'expires-in': {
      type: 'string',
      value: '<duration>',
      description: 'expire after this long: 30s, 15m, 1h, 7d, 4w (default: never)',
    },
    scopes: { ...SCOPES_OPTION, description: `${SCOPES_OPTION.description} (default: none)` },
    limit: LIMIT_OPTION,
    'per-minute': { type: 'string', value: '<n>', description: "requests per minute (default: the key type's limit)" },
    'per-month': {
      type: 'string',
      value: '<n>',
      description: "requests per calendar month (default: the key type's quota)",
    },
    ...CREATE_ACCESS_OPTIONS,
    ...CREATE_CREDIT_OPTIONS,
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: [
    'keyward keys create --key-prefix acme --prefix acme --name "billing service" --scopes ip,email --expires-in 52w',
    'KEYWARD_KEY_PREFIX=acme keyward keys create --name "local dev" --sandbox --json',
    'keyward keys create --key-prefix acme --name "acme-42 production" --owner acct_42 --meta \'{"plan":"pro"}\'',
    'keyward keys create --name "paid plan" --limit burst=100/10s --limit monthly=10000/month',
    'keyward keys create --name "office job" --allow-ip 203.0.113.7 --allow-ip 10.0.0.0/8 --role reader --disable',
    'keyward keys create --name "pay as you go" --credits 1000 --refill 1000/month@15',
  ],
  async run(context) {
    const { values } = context
    const name = stringOption(values, 'name')
    if (name === undefined) throw usageError('keys create needs --name <name> (see keyward keys create --help)')
    const expiresIn = durationOption(values, 'expires-in')
    const scopes = scopesOption(values)
    const limits = createLimitsOption(values)
    const ownerId = ownerOption(values) ?? null
    const meta = metaOption(values) ?? null
    const access = accessOptions(values)
    const credits = createCreditsOption(values)
    const input = (now: number): CreateKeyInput => ({
      name,
      sandbox: values.sandbox === true,
      expiresAt: expiresIn === undefined ? null : now + expiresIn,
      scopes: scopes ?? [],
      limits,
      ownerId,
      meta,
      ...access,
      credits,
    })
    checkKeyInput(input(Date.now()))
    const settings = { ...storeSettings(context, 'keys create'), ...roleNames(access) }
    // withStoreKeyward confirms the Redis prefix of a new key (settings.writesKey) before the key prefix.
    const created = await withStoreKeyward(settings, (keyward) =>
      keyward.keys.create(input(keyward.clock.now()), CLI_ACTOR),
    )
    const { key, record } = created
    return {
      json: { key, record },
      text: lines(
        `Created ${record.keyType} key ${keyLabel(record)}${record.ownerId === null ? '' : ` for owner ${record.ownerId}`}.`,
        '',
        key,
        '',
        ONCE_WARNING,
        '',
        ...recordLines(record),
      ),
    }
  },
}

export const keysRotate: CommandSpec = {
  name: 'keys rotate',
  summary: 'replace a key: a new key now, the old one revoked or expiring',
  usage: 'keys rotate <id> [--grace <duration>] [--expires-in <duration>] [--name <name>] [options]',
  description: [
    "Creates a replacement with the old key's name, type, scopes and limits that expires when the\nold key would have (a rotation never extends a key's lifetime) and prints the new key once.\nWithout --grace the old key is revoked at once; with --grace it keeps working for that long,\nthen expires (never later than it would have anyway), so holders can move to the new key first.",
    SAME_SETTINGS,
    'With --json, prints { "key", "record", "previous" }: the new key, its record and the old\nkey\'s record afterwards.',
  ],
  positionals: [{ name: 'id', required: true, description: 'the id of the key to replace (key_…)' }],
  options: {
    grace: {
      type: 'string',
      value: '<duration>',
      description: 'keep the old key working this long: 30s, 15m, 1h, 7d, 4w\n(default: revoke it now)',
    },
    'expires-in': {
      type: 'string',
      value: '<duration>',
      description:
        'the new key expires after this long, never later than the old key\n(default: when the old key would have, or never when it has no expiry)',
    },
    name: { type: 'string', value: '<name>', description: "the new key's name (default: the old key's)" },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: BY_ID_EXITS,
  examples: [
    'keyward keys rotate key_4fQ2x9ZpLw0aB7cD1eF3gH5j --key-prefix acme --grace 1h',
    'KEYWARD_KEY_PREFIX=acme keyward keys rotate key_4fQ2x9ZpLw0aB7cD1eF3gH5j --json > rotated.json   # then store .key, shred the file',
  ],
  async run(context) {
    const { values } = context
    const id = keyIdArgument(context.positionals, 'keys rotate')
    const grace = durationOption(values, 'grace')
    const expiresIn = durationOption(values, 'expires-in')
    const name = stringOption(values, 'name')
    if (name !== undefined) checkKeyInput({ name })
    const settings = storeSettings(context, 'keys rotate')
    const rotated = await withStoreKeyward(settings, async (keyward, store) => {
      if ((await keyward.keys.get(id)) === undefined) return notFound(id, store)
      return keyward.keys.rotate(id, {
        ...(grace === undefined ? {} : { gracePeriodMs: grace }),
        ...(expiresIn === undefined ? {} : { expiresAt: keyward.clock.now() + expiresIn }),
        ...(name === undefined ? {} : { name }),
        ...CLI_ACTOR,
      })
    })
    const { key, record, previous } = rotated
    const oldState =
      previous.status === 'revoked'
        ? `The old key ${previous.id} is revoked (${previous.revokedAt}).`
        : previous.status === 'expired'
          ? `The old key ${previous.id} is expired.`
          : `The old key ${previous.id} keeps working until ${previous.expiresAt}${grace === undefined ? '' : ` (grace ${formatDuration(grace)})`}, then expires.`
    return {
      json: { key, record, previous },
      text: lines(
        `Rotated ${previous.id} → ${record.id} (${record.keyType}, ${JSON.stringify(printable(record.name))}).`,
        '',
        key,
        '',
        ONCE_WARNING,
        oldState,
        '',
        'New key:',
        ...recordLines(record),
        '',
        'Old key:',
        ...recordLines(previous),
      ),
    }
  },
}

export const keysUsage: CommandSpec = {
  name: 'keys usage',
  summary: "show a key's usage audit log, newest first",
  usage: 'keys usage [id] [--limit <n>] [options]',
  description: [
    "Shows the recorded requests of one key, or of every key when no id is given, newest first:\nadmitted ones, and those refused for the key itself (revoked, expired, suspended, not allowed\non the route, over a limit, out of credits) with the refusal's code. Auth test and ping calls\nare not recorded.",
    'With --json, prints { "entries": [{ keyId, requestId, timestamp, method, path, status, code, ip, country }] }\n(code is null for an admitted request).',
  ],
  positionals: [{ name: 'id', required: false, description: 'the key id (key_…); every key when left out' }],
  options: {
    limit: { type: 'string', value: '<n>', description: 'at most this many entries, 1-1000 (default 100)' },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: BY_ID_EXITS,
  examples: ['keyward keys usage key_4fQ2x9ZpLw0aB7cD1eF3gH5j --limit 20', 'keyward keys usage --json'],
  async run(context) {
    const id = context.positionals.length === 0 ? undefined : keyIdArgument(context.positionals, 'keys usage')
    const limitText = stringOption(context.values, 'limit')
    const limit = limitText === undefined ? 100 : positiveInteger(limitText, 'limit', 1000)
    const entries = await withStoreKeyward(storeSettings(context), async (keyward, store) => {
      if (id !== undefined && (await keyward.keys.get(id)) === undefined) return notFound(id, store)
      return keyward.queryUsage(id === undefined ? { limit } : { keyId: id, limit })
    })
    const none = id === undefined ? 'No usage recorded.' : `No usage recorded for ${id}.`
    return {
      json: { entries },
      text: entries.length === 0 ? lines(none) : lines(...usageTable(entries)),
    }
  },
}

export const KEYS_COMMANDS: readonly CommandSpec[] = [
  keysCreate,
  keysList,
  keysUpdate,
  keysRevoke,
  keysRotate,
  keysUsage,
]
