/**
 * `keyward keys …`: create, list, revoke, rotate and read the usage of keys in a Redis store, the
 * same store the service's instances share (K5, K6, K7, E5). The full key is printed once, by
 * `create` and `rotate`; everything else shows the masked key only (K3, K4).
 *
 * A key works only on a service with the same key prefix, Redis prefix and pepper. The CLI cannot
 * read the app's configuration, so it guesses none of them for a new key: the key prefix must be
 * named (the store does not record it), and the Redis prefix too unless keys are stored under it.
 */
import type { CreateKeyInput } from '../../key-input.js'
import { assertKeyPrefix } from '../../key-format.js'
import type { ApiKeyRecord, KeyLimits } from '../../types.js'
import { type OptionSpec, type OptionValues, positiveInteger, stringOption } from '../args.js'
import type { CommandContext, CommandSpec } from '../command.js'
import { formatDuration, parseDuration } from '../duration.js'
import { EXIT, usageError } from '../exit-status.js'
import { lines, printable, recordLines, recordTable, usageTable } from '../output.js'
import {
  checkKeyInput,
  DEFAULT_REDIS_PREFIX,
  DEFAULT_REDIS_URL,
  keyNotFound,
  type StoreSettings,
  type StoreView,
  withRedisKeyward,
} from '../store.js'
import { confirmPrefixForNewKey, keysElsewhere } from '../stored-prefixes.js'

const STORE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'redis-url': {
    type: 'string',
    value: '<url>',
    description: `the Redis the service uses (default: $REDIS_URL, else ${DEFAULT_REDIS_URL})`,
  },
  prefix: {
    type: 'string',
    value: '<redis-prefix>',
    description: `the prefix your app gives createRedisStores({ prefix }) (default:\n$KEYWARD_REDIS_PREFIX, else ${DEFAULT_REDIS_PREFIX} as there; keys create takes the\ndefault only when keys are already stored under it)`,
  },
  'key-prefix': {
    type: 'string',
    value: '<key-prefix>',
    description:
      'the keyPrefix your app gives createKeyward(): acme in acme_live_…\n(default: $KEYWARD_KEY_PREFIX, else svc; keys create and rotate need\nit named, since the store does not record it)',
  },
}

const STORE_ENVIRONMENT: readonly (readonly [string, string])[] = [
  ['REDIS_URL', `the Redis URL when --redis-url is not given (default ${DEFAULT_REDIS_URL})`],
  ['KEYWARD_REDIS_PREFIX', 'the Redis prefix when --prefix is not given'],
  ['KEYWARD_KEY_PREFIX', 'the key prefix when --key-prefix is not given'],
  [
    'KEYWARD_PEPPER',
    "the service's pepper for HMAC key hashes, if it uses one; read only\nfrom the environment, never a flag, so it stays out of process lists",
  ],
  ['KEYWARD_DEBUG', 'set to 1 to print stack traces of unexpected errors'],
]

const STORE_EXITS = [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.store, EXIT.missingPackage] as const
const BY_ID_EXITS = [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.notFound, EXIT.store, EXIT.missingPackage] as const

/** Ids are `key_` + base62 (K5); anything outside this cannot exist and is not looked up. */
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

const ONCE_WARNING =
  'This is the only time the full key is shown: keyward stores only its hash. Put it in your secret store now.'

/** The paragraph of `create` and `rotate` help on matching the app's settings. */
const SAME_SETTINGS =
  "The key works only on a service with the same settings: --key-prefix is the keyPrefix your\napp gives createKeyward(), --prefix the prefix it gives createRedisStores(), KEYWARD_PEPPER\nits pepper. Nothing is guessed: the key prefix must be named (flag or environment), and the\nRedis prefix too unless keys are already stored under the default one."

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}

/**
 * The store settings from flags and environment. `writesKey` names a command that prints a new
 * key: it refuses to take the default key prefix, which nothing in the store can confirm.
 */
function storeSettings({ values, env }: CommandContext, writesKey?: 'keys create' | 'keys rotate'): StoreSettings {
  const namedKeyPrefix = stringOption(values, 'key-prefix') ?? nonEmpty(env.KEYWARD_KEY_PREFIX)
  const keyPrefix = namedKeyPrefix ?? 'svc'
  try {
    assertKeyPrefix(keyPrefix)
  } catch {
    throw usageError(
      `the key prefix (--key-prefix or KEYWARD_KEY_PREFIX) must be 1-32 lowercase letters and digits starting with a letter (got ${JSON.stringify(keyPrefix.slice(0, 40))})`,
    )
  }
  const pepper = env.KEYWARD_PEPPER
  if (pepper !== undefined && pepper === '') {
    throw usageError('KEYWARD_PEPPER is set but empty: unset it, or set it to the pepper the service hashes keys with')
  }
  if (writesKey !== undefined && namedKeyPrefix === undefined) {
    throw usageError(
      `${writesKey} makes a key that only a service with the same key prefix accepts, and the store does not record which one it uses: pass --key-prefix with the keyPrefix your app gives createKeyward() (--key-prefix svc if it gives none), or set KEYWARD_KEY_PREFIX`,
    )
  }
  const namedRedisPrefix = stringOption(values, 'prefix') ?? nonEmpty(env.KEYWARD_REDIS_PREFIX)
  return {
    redisUrl: stringOption(values, 'redis-url') ?? nonEmpty(env.REDIS_URL) ?? DEFAULT_REDIS_URL,
    redisPrefix: namedRedisPrefix ?? DEFAULT_REDIS_PREFIX,
    redisPrefixStated: namedRedisPrefix !== undefined,
    keyPrefix,
    pepper: pepper ?? null,
  }
}

/** Exit 3 for an id with no record, saying where keys are when this prefix holds none. */
async function notFound(id: string, store: StoreView): Promise<never> {
  const elsewhere = await keysElsewhere(store)
  throw keyNotFound(id, store.where, elsewhere === null ? '' : `; that prefix holds no keys, but ${elsewhere}`)
}

function keyIdArgument(positionals: readonly string[], command: string): string {
  const id = positionals[0]
  if (id === undefined) throw usageError(`${command} needs a key id (key_…); keyward keys list shows them`)
  if (!KEY_ID_PATTERN.test(id)) {
    throw usageError(`${JSON.stringify(id.slice(0, 40))} is not a key id: ids look like key_ and 24 letters and digits (keyward keys list shows them)`)
  }
  return id
}

function durationOption(values: OptionValues, name: string): number | undefined {
  const text = stringOption(values, name)
  if (text === undefined) return undefined
  const parsed = parseDuration(text)
  if (!parsed.ok) throw usageError(`option --${name}: bad duration ${JSON.stringify(text.slice(0, 40))}: ${parsed.reason}`)
  return parsed.ms
}

function scopesOption(values: OptionValues): string[] | undefined {
  const text = values.scopes
  if (text === undefined || typeof text !== 'string') return undefined
  // An empty value is a key that reaches no scoped route (E5: an empty array).
  if (text.trim() === '') return []
  const scopes = text.split(',').map((scope) => scope.trim())
  if (scopes.some((scope) => scope === '')) throw usageError('option --scopes: a comma-separated list of scope names, e.g. ip,email, with no empty entries')
  return scopes
}

function limitsOption(values: OptionValues): KeyLimits | null {
  const limits: KeyLimits = {}
  const perMinute = stringOption(values, 'per-minute')
  const perMonth = stringOption(values, 'per-month')
  if (perMinute !== undefined) limits.perMinute = positiveInteger(perMinute, 'per-minute')
  if (perMonth !== undefined) limits.perMonth = positiveInteger(perMonth, 'per-month')
  return Object.keys(limits).length === 0 ? null : limits
}

const keyLabel = (record: ApiKeyRecord) => `${record.id} (${record.maskedKey}, ${JSON.stringify(printable(record.name))})`

export const keysCreate: CommandSpec = {
  name: 'keys create',
  summary: 'create an API key and print it, once',
  usage: 'keys create --name <name> [--sandbox] [--expires-in <duration>] [--scopes <list>] [--per-minute <n>] [--per-month <n>] [options]',
  description: [
    'Creates a key in the Redis store and prints the full key exactly once, on a line of its own,\nwith the masked record. keyward keeps only a hash of it: it cannot be shown again.',
    SAME_SETTINGS,
    'With --json, prints { "key", "record" }.',
  ],
  positionals: [],
  options: {
    name: { type: 'string', value: '<name>', description: 'what the key is for, 1-100 characters (required)' },
    sandbox: { type: 'boolean', description: 'create a test key (<key-prefix>_test_…) instead of a live key' },
    'expires-in': {
      type: 'string',
      value: '<duration>',
      description: 'expire after this long: 30s, 15m, 1h, 7d, 4w (default: never)',
    },
    scopes: {
      type: 'string',
      value: '<list>',
      description: 'comma-separated scopes, e.g. ip,email (default: every scope;\nan empty value: no scoped route)',
    },
    'per-minute': { type: 'string', value: '<n>', description: "requests per minute (default: the key type's limit)" },
    'per-month': { type: 'string', value: '<n>', description: "requests per calendar month (default: the key type's quota)" },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: [
    'keyward keys create --key-prefix acme --prefix acme --name "billing service" --scopes ip,email --expires-in 52w',
    'KEYWARD_KEY_PREFIX=acme keyward keys create --name "local dev" --sandbox --json',
  ],
  async run(context) {
    const { values } = context
    const name = stringOption(values, 'name')
    if (name === undefined) throw usageError('keys create needs --name <name> (see keyward keys create --help)')
    const expiresIn = durationOption(values, 'expires-in')
    const scopes = scopesOption(values)
    const limits = limitsOption(values)
    const input = (now: number): CreateKeyInput => ({
      name,
      sandbox: values.sandbox === true,
      expiresAt: expiresIn === undefined ? null : now + expiresIn,
      scopes: scopes ?? null,
      limits,
    })
    checkKeyInput(input(Date.now()))
    const settings = storeSettings(context, 'keys create')
    const created = await withRedisKeyward(settings, async (keyward, store) => {
      await confirmPrefixForNewKey(store, usageError)
      return keyward.keys.create(input(keyward.clock.now()))
    })
    const { key, record } = created
    return {
      json: { key, record },
      text: lines(
        `Created ${record.keyType} key ${keyLabel(record)}.`,
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

export const keysList: CommandSpec = {
  name: 'keys list',
  summary: 'list every key, newest first (masked)',
  usage: 'keys list [options]',
  description: [
    'Lists the keys in the Redis store, newest first. Keys are shown masked, never in full. When\nthe prefix holds no keys, says which prefixes of this Redis do.',
    'With --json, prints { "keys": [records] }.',
  ],
  positionals: [],
  options: STORE_OPTIONS,
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: ['keyward keys list', "keyward keys list --json | jq -r '.keys[] | select(.status == \"active\") | .id'"],
  async run(context) {
    const { keys, none } = await withRedisKeyward(storeSettings(context), async (keyward, store) => {
      const keys = await keyward.keys.list()
      if (keys.length > 0) return { keys, none: '' }
      const elsewhere = await keysElsewhere(store)
      const none = `No keys under the prefix ${store.settings.redisPrefix} in ${store.redis}`
      return { keys, none: elsewhere === null ? `${none}.` : `${none}, but ${elsewhere}.` }
    })
    return {
      json: { keys },
      text: keys.length === 0 ? lines(none) : lines(...recordTable(keys), '', `${keys.length} key${keys.length === 1 ? '' : 's'}.`),
    }
  },
}

export const keysRevoke: CommandSpec = {
  name: 'keys revoke',
  summary: 'revoke a key, at once and for good',
  usage: 'keys revoke <id> [options]',
  description: [
    'Revokes the key: every instance sharing the store rejects it from now on with 401\nAPI_KEY_REVOKED. Nothing can make it active again. Revoking a revoked key changes nothing\nand succeeds.',
    'With --json, prints { "record", "alreadyRevoked" }.',
  ],
  positionals: [{ name: 'id', required: true, description: 'the key id (key_…), as keyward keys list shows it' }],
  options: STORE_OPTIONS,
  environment: STORE_ENVIRONMENT,
  exitStatuses: BY_ID_EXITS,
  examples: ['keyward keys revoke key_4fQ2x9ZpLw0aB7cD1eF3gH5j'],
  async run(context) {
    const id = keyIdArgument(context.positionals, 'keys revoke')
    const { record, alreadyRevoked } = await withRedisKeyward(storeSettings(context), async (keyward, store) => {
      const before = await keyward.keys.get(id)
      if (before === undefined) return notFound(id, store)
      return { record: await keyward.keys.revoke(id), alreadyRevoked: before.status === 'revoked' }
    })
    const headline = alreadyRevoked
      ? `${keyLabel(record)} was already revoked at ${record.revokedAt}; nothing changed.`
      : `Revoked ${keyLabel(record)}. Requests with it now get 401 API_KEY_REVOKED.`
    return { json: { record, alreadyRevoked }, text: lines(headline, '', ...recordLines(record)) }
  },
}

export const keysRotate: CommandSpec = {
  name: 'keys rotate',
  summary: 'replace a key: a new key now, the old one revoked or expiring',
  usage: 'keys rotate <id> [--grace <duration>] [--expires-in <duration>] [--name <name>] [options]',
  description: [
    "Creates a replacement with the old key's name, type, scopes and limits and prints the new\nkey once. Without --grace the old key is revoked at once; with --grace it keeps working\nfor that long, then expires (never later than it would have anyway), so holders can move\nto the new key first.",
    SAME_SETTINGS,
    'With --json, prints { "key", "record", "previous" }: the new key, its record and the old\nkey\'s record afterwards.',
  ],
  positionals: [{ name: 'id', required: true, description: 'the id of the key to replace (key_…)' }],
  options: {
    grace: { type: 'string', value: '<duration>', description: 'keep the old key working this long: 30s, 15m, 1h, 7d, 4w\n(default: revoke it now)' },
    'expires-in': { type: 'string', value: '<duration>', description: 'the new key expires after this long (default: never)' },
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
    const rotated = await withRedisKeyward(settings, async (keyward, store) => {
      if ((await keyward.keys.get(id)) === undefined) return notFound(id, store)
      return keyward.keys.rotate(id, {
        ...(grace === undefined ? {} : { gracePeriodMs: grace }),
        ...(expiresIn === undefined ? {} : { expiresAt: keyward.clock.now() + expiresIn }),
        ...(name === undefined ? {} : { name }),
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
    'Shows the recorded requests of one key, or of every key when no id is given, newest first.\nAuth test and ping calls are not recorded.',
    'With --json, prints { "entries": [{ keyId, requestId, timestamp, method, path, status, ip, country }] }.',
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
    const entries = await withRedisKeyward(storeSettings(context), async (keyward, store) => {
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

export const KEYS_COMMANDS: readonly CommandSpec[] = [keysCreate, keysList, keysRevoke, keysRotate, keysUsage]
