/**
 * What the `keys` commands share: the store settings, Redis or Postgres (flags and environment),
 * and the options that name or describe a key (id, owner, meta, scopes, limits, durations), each
 * checked before the store is contacted so a bad value is a usage error whether or not it is
 * reachable.
 */
import { KeyInputError } from '../../core/errors.js'
import { assertKeyPrefix } from '../../core/key-format.js'
import { validateOwnerId } from '../../core/key-input.js'
import type { ApiKeyRecord, KeyMeta } from '../../core/types.js'
import { type OptionSpec, type OptionValues, stringOption } from '../args.js'
import type { CommandContext } from '../command.js'
import { parseDuration } from '../duration.js'
import { EXIT, usageError } from '../exit-status.js'
import { printable } from '../output.js'
import {
  DEFAULT_REDIS_PREFIX,
  DEFAULT_REDIS_URL,
  keyInputUsageError,
  keyNotFound,
  type StoreSettings,
  type StoreView,
} from '../store.js'
import { keysElsewhere } from '../stored-prefixes.js'
import { POSTGRES_ENVIRONMENT, POSTGRES_OPTIONS, postgresSettings } from '../postgres-store.js'

export const STORE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
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
      'the keyPrefix your app gives createKeyward(): acme in acme_live_…\n(default: $KEYWARD_KEY_PREFIX, else the one the app recorded in the\nstore when it started, else svc; keys create and rotate take svc only\nwhen named)',
  },
  ...POSTGRES_OPTIONS,
}

export const STORE_ENVIRONMENT: readonly (readonly [string, string])[] = [
  ['REDIS_URL', `the Redis URL when --redis-url is not given (default ${DEFAULT_REDIS_URL})`],
  ['KEYWARD_REDIS_PREFIX', 'the Redis prefix when --prefix is not given'],
  ...POSTGRES_ENVIRONMENT,
  ['KEYWARD_KEY_PREFIX', 'the key prefix when --key-prefix is not given'],
  [
    'KEYWARD_PEPPER',
    "the service's pepper for HMAC key hashes, if it uses one; read only\nfrom the environment, never a flag, so it stays out of process lists",
  ],
  ['KEYWARD_DEBUG', 'set to 1 to print stack traces of unexpected errors'],
]

export const STORE_EXITS = [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.store, EXIT.missingPackage] as const
export const BY_ID_EXITS = [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.notFound, EXIT.store, EXIT.missingPackage] as const

/** The `--owner` option of create (list and revoke describe it their own way). */
export const OWNER_OPTION: OptionSpec = {
  type: 'string',
  value: '<owner-id>',
  description:
    "your app's id for the customer that holds the key, set once: 1-128\nletters, digits and . _ : @ - (default: none, a key of the service itself)",
}

/** The `--meta` option of create and update. */
export const META_OPTION: OptionSpec = {
  type: 'string',
  value: '<json>',
  description:
    'your app\'s data on the key: a JSON object of at most 4 KiB,\ne.g. \'{"plan":"pro"}\'; shown in records, never to the key holder',
}

/** The `--scopes` option of create and update. */
export const SCOPES_OPTION: OptionSpec = {
  type: 'string',
  value: '<list>',
  description: 'comma-separated scopes, e.g. ip,email; all (or *): every scope;\nan empty value: no scoped route',
}

/** Ids are `key_` + base62; anything outside this cannot exist and is not looked up. */
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}

/**
 * The key prefix `--key-prefix` or KEYWARD_KEY_PREFIX names (`named`, undefined when neither does),
 * else `svc`; one that is not a key prefix is a usage error.
 */
export function keyPrefixOf({ values, env }: Pick<CommandContext, 'values' | 'env'>): {
  named: string | undefined
  keyPrefix: string
} {
  const named = stringOption(values, 'key-prefix') ?? nonEmpty(env.KEYWARD_KEY_PREFIX)
  const keyPrefix = named ?? 'svc'
  try {
    assertKeyPrefix(keyPrefix)
  } catch {
    throw usageError(
      `the key prefix (--key-prefix or KEYWARD_KEY_PREFIX) must be 1-32 lowercase letters and digits starting with a letter (got ${JSON.stringify(keyPrefix.slice(0, 40))})`,
    )
  }
  return { named, keyPrefix }
}

/**
 * The store settings from flags and environment. `writesKey` names a command that prints a new
 * key: without a key prefix named or recorded in the store by the app, it refuses to guess one.
 */
export function storeSettings(
  { values, env }: CommandContext,
  writesKey?: 'keys create' | 'keys rotate',
): StoreSettings {
  const { named: namedKeyPrefix, keyPrefix } = keyPrefixOf({ values, env })
  const pepper = env.KEYWARD_PEPPER
  if (pepper !== undefined && pepper === '') {
    throw usageError('KEYWARD_PEPPER is set but empty: unset it, or set it to the pepper the service hashes keys with')
  }
  const namedRedisPrefix = stringOption(values, 'prefix') ?? nonEmpty(env.KEYWARD_REDIS_PREFIX)
  return {
    redisUrl: stringOption(values, 'redis-url') ?? nonEmpty(env.REDIS_URL) ?? DEFAULT_REDIS_URL,
    redisPrefix: namedRedisPrefix ?? DEFAULT_REDIS_PREFIX,
    redisPrefixStated: namedRedisPrefix !== undefined,
    keyPrefix,
    keyPrefixStated: namedKeyPrefix !== undefined,
    ...(writesKey === undefined ? {} : { writesKey }),
    pepper: pepper ?? null,
    ...postgresSettings(values, env),
  }
}

/** Exit 3 for an id with no record, saying where keys are when this prefix holds none. */
export async function notFound(id: string, store: StoreView): Promise<never> {
  const elsewhere = await keysElsewhere(store)
  throw keyNotFound(id, store.where, elsewhere === null ? '' : `; that prefix holds no keys, but ${elsewhere}`)
}

export function keyIdArgument(positionals: readonly string[], command: string): string {
  const id = positionals[0]
  if (id === undefined) throw usageError(`${command} needs a key id (key_…); keyward keys list shows them`)
  if (!KEY_ID_PATTERN.test(id)) {
    throw usageError(
      `${JSON.stringify(id.slice(0, 40))} is not a key id: ids look like key_ and 24 letters and digits (keyward keys list shows them)`,
    )
  }
  return id
}

export function durationOption(values: OptionValues, name: string): number | undefined {
  const text = stringOption(values, name)
  if (text === undefined) return undefined
  const parsed = parseDuration(text)
  if (!parsed.ok)
    throw usageError(`option --${name}: bad duration ${JSON.stringify(text.slice(0, 40))}: ${parsed.reason}`)
  return parsed.ms
}

/** `--scopes`: undefined when absent, `['*']` for `all` (every scope), [] for an empty value. */
export function scopesOption(values: OptionValues): string[] | undefined {
  const text = values.scopes
  if (text === undefined || typeof text !== 'string') return undefined
  // An empty value is a key that reaches no scoped route (an empty array).
  if (text.trim() === '') return []
  if (text.trim() === 'all') return ['*']
  const scopes = text.split(',').map((scope) => scope.trim())
  if (scopes.some((scope) => scope === ''))
    throw usageError('option --scopes: a comma-separated list of scope names, e.g. ip,email, with no empty entries')
  return scopes
}

/** `--owner`, checked as the store checks it; undefined when absent. */
export function ownerOption(values: OptionValues): string | undefined {
  const text = stringOption(values, 'owner')
  if (text === undefined) return undefined
  try {
    return validateOwnerId(text) ?? undefined
  } catch (error) {
    if (error instanceof KeyInputError) throw keyInputUsageError(error)
    throw error
  }
}

/** `--meta` as JSON: an object, or null (`--meta null`); undefined when absent. Checked by the key rules later. */
export function metaOption(values: OptionValues): KeyMeta | null | undefined {
  const text = stringOption(values, 'meta')
  if (text === undefined) return undefined
  const example = `quoted for the shell, e.g. --meta '{"plan":"pro"}', or null`
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    // The parser's message quotes the value, which may hold the host's private data.
    throw usageError(`option --meta is not valid JSON: give a JSON object, ${example}`)
  }
  if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw usageError(
      `option --meta must be a JSON object, not ${Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`}: ${example}`,
    )
  }
  return parsed as KeyMeta | null
}

export const keyLabel = (record: ApiKeyRecord) =>
  `${record.id} (${record.maskedKey}, ${JSON.stringify(printable(record.name))})`
