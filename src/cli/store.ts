/**
 * Opens a keyward instance on the Redis store for one `keys` command and closes it afterwards.
 * ioredis is loaded only here, so `keyward check` works where it is not installed, and its absence
 * is an exit status of its own. The client neither queues nor retries: an unreachable Redis is a
 * clean exit 4 within seconds, not a hang. A Redis whose maxmemory-policy may evict keyward's data
 * is exit 4 too, before any command runs.
 */
import { KeyInputError, KeyNotFoundError, KeyRevokedError, KeywardError } from '../core/errors.js'
import {
  type CreateKeyInput,
  type UpdateKeyInput,
  validateCreateKeyInput,
  validateUpdateKeyInput,
} from '../core/key-input.js'
import { createKeyward, type Keyward } from '../keyward.js'
import type { AppSettings, KeywardStores } from '../core/types.js'
import { createRedisStores, RedisEvictionPolicyError, type RedisStores } from '../stores/redis/index.js'
import { CliError, EXIT, usageError } from './exit-status.js'
import {
  confirmPrefixForNewKey,
  keysStoredUnder,
  type PrefixScanClient,
  recordedPrefixes,
  type StoredPrefixes,
  storedPrefixes,
} from './stored-prefixes.js'

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379'
/**
 * Bounds connecting as a whole. ioredis's `connectTimeout` (2 s) ends only the TCP connect; a
 * Redis that accepts connections but does not answer (frozen, overloaded) would stall its ready
 * check for ever.
 */
const CONNECT_TIMEOUT_MS = 3000
const CONNECT_TIMED_OUT = Symbol('connect timed out')
/** Bounds one Redis call. */
const REDIS_CALL_TIMEOUT_MS = 3000
/** Bounds one key-manager call (one page of a listing, one revoke-all). */
const OPERATION_TIMEOUT_MS = 60_000

/** What `createRedisStores()` names its keys with when the app passes no `prefix`. */
export const DEFAULT_REDIS_PREFIX = 'keyward'

export interface StoreSettings {
  redisUrl: string
  /** Prefix of the Redis key names, as the app gives `createRedisStores({ prefix })`. */
  redisPrefix: string
  /** False when `redisPrefix` is the default because nothing named one. */
  redisPrefixStated: boolean
  /** The key prefix named (flag or environment), else the default `svc`; the app's recorded one wins over the default. */
  keyPrefix: string
  /** False when `keyPrefix` is the default because nothing named one. */
  keyPrefixStated: boolean
  /** The command prints a new key: it takes the default key prefix only when it is named. */
  writesKey?: 'keys create' | 'keys rotate'
  pepper: string | null
  /**
   * The role names a command writes, each defined with no scopes: the CLI cannot read the app's
   * role table, and the instance checks a key's roles against its own. What a role grants is
   * decided by the app's table when a request is decided.
   */
  roleNames?: readonly string[]
  /** With a Postgres store (--database-url): its URL and schema; the Redis fields are then unused. */
  databaseUrl?: string
  schema?: string
  /** With --database-url and --redis-url both: the Redis the app caches its Postgres keys in, under `redisPrefix`. */
  cacheRedisUrl?: string
}

/** What a command may ask about the Redis it runs on, beside the keyward instance. */
export interface StoreView {
  /** `Redis at redis://host:port`, never a password. */
  redis: string
  /** `Redis at redis://host:port (prefix p)`, never a password. */
  where: string
  /** Where in that store the keys are: `under the prefix p`, or `in the schema s` on Postgres. */
  scope: string
  settings: StoreSettings
  /** How many keys are stored under `settings.redisPrefix`. */
  keysStored(): Promise<number>
  /** Which prefixes of this Redis hold keyward keys, and how many each. */
  storedPrefixes(): Promise<StoredPrefixes>
  /** What the app recorded in this store when it started; undefined when nothing was recorded. */
  appSettings(): Promise<AppSettings | undefined>
  /** Which Redis prefixes hold settings an app recorded (none on Postgres). */
  recordedPrefixes(): Promise<string[]>
}

/** What the CLI needs of a set of stores beside the keyward instance built on them. */
export interface CliStores {
  close?(): Promise<void>
  appSettings?(): Promise<AppSettings | undefined>
}

/**
 * The stores for the CLI's keyward instance: it reads the settings the app recorded and must
 * never record its own (a guessed or mistyped key prefix) as the app's.
 */
export function withoutRecording<S extends KeywardStores>(stores: S): S {
  return { ...stores, recordAppSettings: undefined }
}

/** Reads the app's settings once per command. */
export function recordedOnce(stores: CliStores): () => Promise<AppSettings | undefined> {
  let read: Promise<AppSettings | undefined> | undefined
  return () => (read ??= stores.appSettings?.() ?? Promise.resolve(undefined))
}

/**
 * The key prefix of the command: the one named when the app recorded none or the same, the
 * app's when none is named, else the default `svc` (refused for a new key: nothing confirms it).
 * A named prefix that contradicts the app's is a usage error: its keys would be refused.
 */
export function keyPrefixFor(settings: StoreSettings, recorded: AppSettings | undefined, where: string): string {
  if (recorded !== undefined) {
    if (!settings.keyPrefixStated || settings.keyPrefix === recorded.keyPrefix) return recorded.keyPrefix
    throw usageError(
      `the app using ${where} recorded the key prefix ${recorded.keyPrefix} when it started (its keys begin ${recorded.keyPrefix}_live_ and ${recorded.keyPrefix}_test_), but --key-prefix (or KEYWARD_KEY_PREFIX) says ${settings.keyPrefix}, whose keys that app refuses: leave the key prefix out, or pass --key-prefix ${recorded.keyPrefix}`,
    )
  }
  if (settings.keyPrefixStated || settings.writesKey === undefined) return settings.keyPrefix
  throw usageError(
    `${settings.writesKey} makes a key that only a service with the same key prefix accepts, and no app has recorded its key prefix in ${where} (an app does when it starts, on this version of keyward): start your app once, or pass --key-prefix with the keyPrefix your app gives createKeyward() (--key-prefix svc if it gives none), or set KEYWARD_KEY_PREFIX`,
  )
}

/** The URL without its password, for messages. */
export function redactUrl(url: URL): string {
  const copy = new URL(url.href)
  if (copy.password !== '') copy.password = '***'
  return copy.href.replace(/\/$/, '')
}

/** Checks a Redis URL: redis:// or rediss:// with a host. */
export function parseRedisUrl(text: string, from: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usageError(`${from} must be a redis:// or rediss:// URL, e.g. ${DEFAULT_REDIS_URL}`)
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    throw usageError(`${from} must be a redis:// or rediss:// URL, e.g. ${DEFAULT_REDIS_URL}`)
  }
  return url
}

/** Flag names for the fields of `KeyInputError` (E5 field rules). */
const FIELD_FLAGS: Record<string, string> = {
  name: '--name',
  expiresAt: '--expires-in',
  scopes: '--scopes',
  sandbox: '--sandbox',
  'limits.perMinute': '--per-minute',
  'limits.perMonth': '--per-month',
  ownerId: '--owner',
  meta: '--meta',
  enabled: '--enable',
  allowedIps: '--allow-ip',
  roles: '--role',
}

/** A library message without its `keyward…:` label, with option names as the CLI spells them. */
function cliWording(message: string): string {
  return message
    .replace(/^keyward(\/redis|\/postgres)?: /, '')
    .replace(/option "prefix"/g, '--prefix (or KEYWARD_REDIS_PREFIX)')
    .replace(/option "keyPrefix"/g, '--key-prefix (or KEYWARD_KEY_PREFIX)')
    .replace(/option "pepper"/g, 'KEYWARD_PEPPER')
}

/** "name must be …" → "must be …", "scopes: each …" → "each …": the flag is named instead. */
function withoutField(message: string, field: string): string {
  for (const name of [field, field.split('.').pop()!]) {
    if (message.startsWith(`${name}: `)) return message.slice(name.length + 2)
    if (message.startsWith(`${name} `)) return message.slice(name.length + 1)
  }
  return message
}

/** A field rule broken (E5) as a usage error naming the flag. */
export function keyInputUsageError(error: KeyInputError): CliError {
  const flag = FIELD_FLAGS[error.field]
  return usageError(
    flag === undefined ? cliWording(error.message) : `${flag}: ${withoutField(cliWording(error.message), error.field)}`,
  )
}

/**
 * Checks key-manager input before Redis is contacted, so a bad flag is exit 2 whether or not Redis
 * is reachable. The key manager checks it again with the store's clock.
 */
export function checkKeyInput(input: CreateKeyInput): void {
  try {
    validateCreateKeyInput(input, Date.now())
  } catch (error) {
    if (error instanceof KeyInputError) throw keyInputUsageError(error)
    throw error
  }
}

/** Checks an update (`keys update`) before Redis is contacted, as `checkKeyInput` a new key. */
export function checkUpdateInput(changes: UpdateKeyInput, keyPrefix: string): void {
  try {
    validateUpdateKeyInput(changes, keyPrefix, Date.now())
  } catch (error) {
    if (error instanceof KeyInputError) throw keyInputUsageError(error)
    throw error
  }
}

/** `createKeyward({ roles })` for `settings.roleNames`: each name with no scopes of its own. */
export function roleTable(settings: StoreSettings): { roles?: Record<string, string[]> } {
  if (settings.roleNames === undefined) return {}
  return { roles: Object.fromEntries(settings.roleNames.map((name) => [name, []])) }
}

/** Errors a JavaScript engine throws for a bug, which must not be reported as a Redis fault. */
function isProgrammingError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof RangeError ||
    error instanceof SyntaxError
  )
}

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(CONNECT_TIMED_OUT), ms)
  })
  promise.catch(() => {})
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

type IoRedisModule = { Redis: typeof import('ioredis').Redis }

function isModuleNotFound(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false
  return typeof message === 'string' && (message.includes(`'${name}'`) || message.includes(`"${name}"`))
}

export async function loadIoRedis(): Promise<IoRedisModule> {
  try {
    return await import('ioredis')
  } catch (error) {
    const message = isModuleNotFound(error, 'ioredis')
      ? 'the keys commands reach Redis through the ioredis package, which is not installed here: npm install ioredis (needed by the command even when your app uses another Redis client)'
      : `the ioredis package is installed but does not load (${(error as Error)?.message ?? String(error)}): reinstall it with npm install ioredis`
    throw new CliError(EXIT.missingPackage, 'missing_package', message, { package: 'ioredis' }, { cause: error })
  }
}

/** A key id that has no record, as the CLI reports it (exit 3). */
export function keyNotFound(id: string, where: string, hint = ''): CliError {
  return new CliError(EXIT.notFound, 'not_found', `no API key with id ${id} in ${where}${hint}`)
}

/** A Redis client that neither queues nor retries, and the last error it reported. */
interface Connection {
  client: InstanceType<IoRedisModule['Redis']>
  lastError(): Error | undefined
}

export function openConnection({ Redis }: IoRedisModule, url: URL): Connection {
  const client = new Redis(url.href, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: REDIS_CALL_TIMEOUT_MS,
    lazyConnect: true,
    // One attempt: a command-line tool reports a fault, it does not wait for Redis to come back.
    retryStrategy: () => null,
  })
  let lastError: Error | undefined
  client.on('error', (error: Error) => {
    lastError = error
  })
  return { client, lastError: () => lastError }
}

/**
 * The stores, and the keyward instance for a key prefix; both built once before connecting, so a
 * bad --prefix or --key-prefix is a usage error even when Redis is down.
 */
function buildKeyward(
  connection: Connection,
  settings: StoreSettings,
): { stores: RedisStores; keywardFor(keyPrefix: string): Keyward } {
  try {
    // The app warns of a Redis without persistence when it starts; a command's stderr stays one line.
    const stores = createRedisStores({
      client: connection.client,
      prefix: settings.redisPrefix,
      timeoutMs: REDIS_CALL_TIMEOUT_MS,
      persistenceWarning: false,
    })
    const keywardFor = (keyPrefix: string) =>
      createKeyward({
        stores: withoutRecording(stores),
        keyPrefix,
        pepper: settings.pepper,
        storeTimeoutMs: OPERATION_TIMEOUT_MS,
        ...roleTable(settings),
      })
    keywardFor(settings.keyPrefix)
    return { stores, keywardFor }
  } catch (error) {
    if (error instanceof TypeError) throw usageError(cliWording(error.message))
    throw error
  }
}

/** Connects within CONNECT_TIMEOUT_MS and checks that Redis keeps keyward's data (eviction policy). */
async function connect(connection: Connection, stores: RedisStores, redis: string): Promise<void> {
  try {
    await withinTime(connection.client.connect(), CONNECT_TIMEOUT_MS)
  } catch (error) {
    const reason =
      error === CONNECT_TIMED_OUT
        ? `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`
        : (connection.lastError()?.message ?? (error as Error)?.message ?? String(error))
    throw new CliError(EXIT.store, 'store_unavailable', `cannot connect to ${redis}: ${reason}`, {}, { cause: error })
  }
  try {
    await stores.ready()
  } catch (error) {
    if (!(error instanceof RedisEvictionPolicyError)) throw error
    // The command has no allowEviction flag: the remedy is the Redis configuration.
    const reason = cliWording(error.message).replace(/,? (or|and) pass allowEviction: true .*$/, '')
    throw new CliError(EXIT.store, 'store_unavailable', `${redis} cannot be used: ${reason}`, {}, { cause: error })
  }
}

/** What a failure of a command on Redis is reported as; a bug stays itself (exit 1). */
export function asCliFailure(error: unknown, where: string): unknown {
  if (error instanceof CliError) return error
  if (error instanceof KeyInputError) return keyInputUsageError(error)
  if (error instanceof KeyNotFoundError) {
    return new CliError(EXIT.notFound, 'not_found', `${cliWording(error.message).replace(/^No /, 'no ')} in ${where}`)
  }
  // Asked of a key that cannot do it (rotating or updating a revoked key): the request, not the store, is wrong.
  if (error instanceof KeyRevokedError) return new CliError(EXIT.usage, 'conflict', cliWording(error.message))
  if (isProgrammingError(error) && !(error instanceof KeywardError)) return error
  const reason = (error as Error)?.message ?? String(error)
  return new CliError(EXIT.store, 'store_unavailable', `${where} failed: ${cliWording(reason)}`, {}, { cause: error })
}

/**
 * Makes the stores ready, builds the keyward instance with the key prefix of the command (named,
 * or recorded by the app), runs `operation` and closes the stores whatever happens; a failure
 * becomes the CLI's error naming `view.where`.
 */
export async function runOnStores<T>(
  stores: CliStores,
  keywardFor: (keyPrefix: string) => Keyward,
  view: StoreView,
  ready: () => Promise<void>,
  operation: (keyward: Keyward, store: StoreView) => Promise<T>,
): Promise<T> {
  try {
    await ready()
    // Where the app keeps its keys first: its recorded key prefix is read from there.
    if (view.settings.writesKey === 'keys create') await confirmPrefixForNewKey(view, usageError)
    const keyPrefix = keyPrefixFor(view.settings, await view.appSettings(), view.where)
    return await operation(keywardFor(keyPrefix), view)
  } catch (error) {
    throw asCliFailure(error, view.where)
  } finally {
    await stores.close?.().catch(() => {})
  }
}

/**
 * Runs `operation` on a keyward instance backed by Redis; always disconnects. `store.where` names
 * the store for messages (never a password).
 */
export async function withRedisKeyward<T>(
  settings: StoreSettings,
  operation: (keyward: Keyward, store: StoreView) => Promise<T>,
): Promise<T> {
  const url = parseRedisUrl(settings.redisUrl, 'the Redis URL (--redis-url or REDIS_URL)')
  const redis = `Redis at ${redactUrl(url)}`
  const where = `${redis} (prefix ${settings.redisPrefix})`
  const connection = openConnection(await loadIoRedis(), url)
  try {
    const { stores, keywardFor } = buildKeyward(connection, settings)
    const scanClient: PrefixScanClient = connection.client
    const view: StoreView = {
      redis,
      where,
      scope: `under the prefix ${settings.redisPrefix}`,
      settings,
      keysStored: () => keysStoredUnder(scanClient, settings.redisPrefix),
      storedPrefixes: () => storedPrefixes(scanClient),
      appSettings: recordedOnce(stores),
      recordedPrefixes: () => recordedPrefixes(scanClient),
    }
    return await runOnStores(stores, keywardFor, view, () => connect(connection, stores, redis), operation)
  } finally {
    connection.client.disconnect()
  }
}
