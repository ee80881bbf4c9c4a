/**
 * The options of `createKeyward()`, checked in one place. Every mistake throws at once a TypeError
 * of one shape: `keyward: option "<name>" <rule> (got <value>)`.
 */
import { type RoleTable, resolveRoles } from './roles.js'
import { systemClock } from './clock.js'
import { KeyInputError } from './errors.js'
import { NO_SCOPES, OWNER_ID_PATTERN, validateScopes } from './key-input.js'
import { assertKeyPrefix } from './key-format.js'
import { UNLIMITED_PER_MINUTE } from './limits-math.js'
import { IETF_RATELIMIT_DRAFTS, type IetfRateLimitDraft } from './responses.js'
import type { Clock, KeyType, KeywardStores, LimitPolicy, OwnerLimitsCheck, OwnerPolicy } from './types.js'
import type { NamedLimit } from './meter-types.js'
import { canonicalLimitList } from './key-limits.js'
import type { Remedies } from './messages.js'
import type { TelemetryOptions, TelemetrySettings } from './telemetry-events.js'
import { resolveWebhooks, type WebhookOptions, type WebhookSettings } from './webhook-options.js'

/** A pepper for HMAC-SHA-256 key hashing. */
export type Pepper = string | Uint8Array

/** An owner's windows of one key type; a window not set is unlimited. */
export interface OwnerWindows {
  perMinute?: number
  perMonth?: number
}

/** An owner's limits of one key type: per-minute and monthly windows, or up to 10 named limits. */
export type OwnerLimitSet = OwnerWindows | readonly NamedLimit[]

/**
 * Limits per owner and key type, so a customer cannot multiply a quota by creating keys.
 * `live` and `test` apply to every owner; `owners` overrides them for one owner: windows field by
 * field over windows, and a list of named limits replaces whatever it overrides.
 */
export interface OwnerLimitsOptions {
  live?: OwnerLimitSet
  test?: OwnerLimitSet
  owners?: Record<string, { live?: OwnerLimitSet; test?: OwnerLimitSet }>
}

/** Options of `createKeyward()`. Every option is checked at once; a bad or unknown one throws a TypeError naming it. */
export interface KeywardOptions {
  /** The brand prefix of keys: `svc` in `svc_live_…`. Default `svc`. */
  keyPrefix?: string
  /** The service name in messages and the `WWW-Authenticate` realm. Default `Svc`. */
  serviceName?: string
  /** Where keys, limits and usage live. Default: fresh memory stores. */
  stores?: KeywardStores
  /** The time source. Default: the system clock. */
  clock?: Clock
  /**
   * Server-side secret for HMAC-SHA-256 key hashes. `{ current, previous }` rotates it: keys
   * hashed with a previous pepper still verify, new keys use `current`.
   */
  pepper?: Pepper | { current: Pepper | null; previous?: readonly (Pepper | null)[] } | null
  /** Default limits per key type; a key's own `limits` override them. */
  limits?: { live?: Partial<LimitPolicy>; test?: Partial<LimitPolicy> }
  /**
   * Per-minute and monthly limits per owner and key type. A request of a key with an
   * `ownerId` then counts once against its key's limits and once against its owner's, and is
   * refused (429) when either is exhausted, counting against neither. Off unless set; keys
   * without an owner are never owner-limited.
   *
   * @example
   * createKeyward({ ownerLimits: { test: { perMonth: 1000 }, owners: { 'acct_big': { test: { perMonth: 50_000 } } } } })
   */
  ownerLimits?: OwnerLimitsOptions
  /** How long a store may take before the request fails with 500. Default 1000 ms. */
  storeTimeoutMs?: number
  /**
   * Also send the IETF RateLimit fields, written as this revision of the draft writes them (the
   * values of express-rate-limit's `standardHeaders`): `'draft-6'` (`RateLimit-Policy`,
   * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`), `'draft-7'` (`RateLimit-Policy`
   * and one combined `RateLimit`) or `'draft-8'` (named policies). `true` means `'draft-6'`.
   * Default false: none.
   */
  ietfRateLimitHeaders?: boolean | IetfRateLimitDraft
  /** Accept the legacy `x-api-key` header. Default true. */
  legacyApiKeyHeader?: boolean
  /** What requests authenticated by `x-api-key` are told (RFC 9745 `Deprecation` and a `Link`). */
  deprecation?: { since?: Date; link?: string }
  /** Take a proxy's `X-Request-ID` when it is a well-formed `req_<id>`. Default false. */
  trustRequestId?: boolean
  /** Country of a client address for usage entries. Default: none (null). */
  resolveCountry?: (ip: string) => string | null
  /**
   * Named sets of scopes a key may be given by name (`keys.create({ roles: ['analyst'] })`). A
   * key holds its own scopes and its roles' scopes; a role's scopes are read when a request is
   * decided, so changing them here changes every key that has the role.
   *
   * @example
   * createKeyward({ roles: { analyst: ['reports.read', 'billing.read'], admin: ['*'] } })
   */
  roles?: Readonly<Record<string, readonly string[]>>
  /**
   * The scopes a key created without `scopes` holds. Default none (`[]`): a key holds only what it
   * is given, and `['*']` is how every scope is given.
   *
   * @example
   * createKeyward({ defaultScopes: ['reports.read'] })
   */
  defaultScopes?: readonly string[]
  /**
   * Failed authentications (401s) per minute per client address (`RequestView.ip`) before
   * every request from it to a protected route gets 429, valid keys included. 0 turns it off.
   * Default 60. Behind a proxy, give adapters `trustProxy` so addresses are the clients'.
   */
  failedAuthLimit?: number
  /**
   * Counts every decision in the stores' outcome counters, for `keyward.analytics.series()`, the
   * dashboard's analytics routes and the Usage view. `false` counts nothing (then a series
   * rejects). Default true.
   */
  analytics?: boolean
  /**
   * Told about store faults (never given a key), and about the first failure of each telemetry
   * hook (`phase: 'hook'`). Default: none.
   */
  onError?: (
    error: unknown,
    info: {
      requestId: string
      phase: 'authenticate' | 'usage' | 'manage' | 'charge' | 'events' | 'analytics' | 'hook'
    },
  ) => void
  /**
   * Hooks told of every decision, key lifecycle change and store fault, never awaited and never
   * given a key; and OpenTelemetry spans and metrics when `@opentelemetry/api` is installed
   * (`openTelemetry: false` turns them off). Default: no hooks, OpenTelemetry on.
   */
  telemetry?: TelemetryOptions
  /**
   * What key holders are told to do next, after the fixed start of a message: where your users
   * make a new key. Default: "create a new key in the dashboard" and the like.
   */
  remedies?: Remedies
  /**
   * Signed webhooks (Standard Webhooks) for key lifecycle events, expiry warnings, usage
   * thresholds and leaked keys, delivered from an outbox in the stores (at least once on the
   * Redis and Postgres stores; the memory outbox dies with the process), in the background: a
   * slow or failing endpoint never delays a request. Default: none.
   *
   * @example
   * createKeyward({ webhooks: { endpoints: [{ url: 'https://example.com/hooks', secret: process.env.WEBHOOK_SECRET }] } })
   */
  webhooks?: WebhookOptions
}

/** The options with every default applied, as the parts of keyward read them. */
export interface KeywardSettings {
  keyPrefix: string
  serviceName: string
  clock: Clock
  stores: KeywardStores
  /** The current pepper first (null: plain SHA-256), then the previous ones. */
  peppers: readonly (Pepper | null)[]
  defaults: { live: LimitPolicy; test: LimitPolicy }
  /** O7: the owner limits, or undefined when none is set. */
  ownerLimits: OwnerLimitsCheck | undefined
  storeTimeoutMs: number
  ietfRateLimitHeaders: IetfRateLimitDraft | false
  legacyApiKeyHeader: boolean
  trustRequestId: boolean
  /** What the `x-api-key` deprecation headers say. */
  deprecationHeaders: Readonly<Record<string, string>>
  resolveCountry: ((ip: string) => string | null) | undefined
  onError: KeywardOptions['onError']
  telemetry: TelemetrySettings
  failedAuthLimit: number
  /** N1: whether decisions are counted (the stores must keep analytics too). */
  analytics: boolean
  remedies: Readonly<Remedies> | undefined
  /** M7: the host's roles, or undefined when none are defined. */
  roles: RoleTable | undefined
  /** What a key created without scopes holds. */
  defaultScopes: readonly string[]
  /** W1: the webhook endpoints and delivery settings, or undefined when none are set. */
  webhooks: WebhookSettings | undefined
}

/** L1: the default limits of each key type. */
export const DEFAULT_LIMITS: Readonly<{ live: LimitPolicy; test: LimitPolicy }> = Object.freeze({
  live: Object.freeze({ perMinute: 1000, perMonth: null }),
  test: Object.freeze({ perMinute: 10, perMonth: 1000 }),
})

const OPTION_NAMES = [
  'analytics',
  'clock',
  'defaultScopes',
  'deprecation',
  'failedAuthLimit',
  'ietfRateLimitHeaders',
  'keyPrefix',
  'legacyApiKeyHeader',
  'limits',
  'onError',
  'ownerLimits',
  'pepper',
  'remedies',
  'resolveCountry',
  'roles',
  'serviceName',
  'storeTimeoutMs',
  'stores',
  'telemetry',
  'trustRequestId',
  'webhooks',
] as const satisfies readonly (keyof KeywardOptions)[]
// An option added to KeywardOptions but not to OPTION_NAMES fails to compile here.
type EveryOptionListed<Unlisted extends never> = Unlisted
// biome-ignore lint/correctness/noUnusedVariables: the check is the alias's compilation; nothing reads it
type OptionsListed = EveryOptionListed<Exclude<keyof KeywardOptions, (typeof OPTION_NAMES)[number]>>

const SERVICE_NAME_PATTERN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/

/** The one shape of every option mistake. `secret` values are described, never shown. */
export function optionError(option: string, rule: string, value: unknown, secret = false): never {
  throw new TypeError(`keyward: option "${option}" ${rule} (got ${secret ? kindOf(value) : shown(value)})`)
}

function shown(value: unknown): string {
  if (typeof value === 'function') return 'a function'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** What a value is, without its content: for secrets, and for unknown options that may hold one. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (typeof value === 'string') return `a string of ${value.length} characters`
  if (value instanceof Uint8Array) return `${value.length} bytes`
  if (Array.isArray(value)) return `an array of ${value.length}`
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Refuses any member of `given` not in `known`, naming it and listing the known ones. */
function refuseUnknown(given: object, known: readonly string[], path: string): void {
  for (const name of Object.keys(given)) {
    if (known.includes(name)) continue
    const near = known.find((k) => k.toLowerCase() === name.toLowerCase())
    const hint = near === undefined ? '' : ` (did you mean "${path}${near}"?)`
    const where = path === '' ? 'createKeyward()' : `"${path.slice(0, -1)}"`
    optionError(
      `${path}${name}`,
      `is not an option of ${where}${hint}; the options are ${known.join(', ')}`,
      (given as Record<string, unknown>)[name],
      true,
    )
  }
}

/**
 * Checks every option and applies the defaults. `defaultStores` makes the stores when none are
 * given (createKeyward passes the memory stores: core knows no store).
 *
 * @example
 * resolveOptions({ keyprefix: 'acme' }, createMemoryStores)
 * // TypeError: keyward: option "keyprefix" is not an option of createKeyward() (did you mean "keyPrefix"?); the options are clock, …
 */
export function resolveOptions(options: KeywardOptions, defaultStores: () => KeywardStores): KeywardSettings {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    optionError('options', 'must be an object', options)
  refuseUnknown(options, OPTION_NAMES, '')
  const keyPrefix = options.keyPrefix ?? 'svc'
  assertKeyPrefix(keyPrefix)
  const serviceName = options.serviceName ?? 'Svc'
  if (typeof serviceName !== 'string' || !SERVICE_NAME_PATTERN.test(serviceName)) {
    optionError('serviceName', 'must be 1-64 printable ASCII characters without quotes or backslashes', serviceName)
  }
  const clock = options.clock ?? systemClock
  if (typeof clock?.now !== 'function') optionError('clock', 'must have a now() method', clock)
  const storeTimeoutMs = options.storeTimeoutMs ?? 1000
  if (typeof storeTimeoutMs !== 'number' || !Number.isFinite(storeTimeoutMs) || storeTimeoutMs <= 0) {
    optionError('storeTimeoutMs', 'must be a positive number of milliseconds', storeTimeoutMs)
  }
  const failedAuthLimit = options.failedAuthLimit ?? 60
  if (!Number.isSafeInteger(failedAuthLimit) || failedAuthLimit < 0) {
    optionError(
      'failedAuthLimit',
      'must be a whole number of failures per minute, 0 to turn the guard off',
      failedAuthLimit,
    )
  }
  const stores = resolveStores(options.stores, defaultStores)
  const ownerLimits = resolveOwnerLimits(options.ownerLimits)
  if (ownerLimits !== undefined && typeof stores.limiter.consumeAll !== 'function') {
    optionError(
      'ownerLimits',
      'needs a stores.limiter with consumeAll(), to count a key and its owner at once (the memory and Redis limiters have it)',
      options.ownerLimits,
    )
  }
  return {
    keyPrefix,
    serviceName,
    clock,
    stores,
    peppers: resolvePeppers(options.pepper),
    defaults: resolveLimits(options.limits),
    ownerLimits,
    storeTimeoutMs,
    ietfRateLimitHeaders: resolveIetfDraft(options.ietfRateLimitHeaders),
    legacyApiKeyHeader: flag(options, 'legacyApiKeyHeader', true),
    trustRequestId: flag(options, 'trustRequestId', false),
    deprecationHeaders: resolveDeprecation(options.deprecation),
    resolveCountry: optionalFunction(options, 'resolveCountry'),
    onError: optionalFunction(options, 'onError'),
    failedAuthLimit,
    analytics: flag(options, 'analytics', true),
    remedies: resolveRemedies(options.remedies),
    telemetry: resolveTelemetry(options.telemetry),
    roles: resolveRoles(options.roles, optionError),
    defaultScopes: resolveDefaultScopes(options.defaultScopes),
    webhooks: resolveStoredWebhooks(options.webhooks, stores),
  }
}

/** The host's default scopes, checked as a key's own scopes are. */
function resolveDefaultScopes(scopes: unknown): readonly string[] {
  if (scopes === undefined) return NO_SCOPES
  try {
    return validateScopes(scopes)
  } catch (error) {
    if (!(error instanceof KeyInputError)) throw error
    return optionError('defaultScopes', `must be a list of scopes as a key takes them (${error.message})`, scopes)
  }
}

/** W1: webhooks need an outbox in the stores, so every instance sharing them shares deliveries. */
function resolveStoredWebhooks(webhooks: unknown, stores: KeywardStores): WebhookSettings | undefined {
  const settings = resolveWebhooks(webhooks, { optionError, refuseUnknown })
  if (settings !== undefined && stores.outbox === undefined)
    optionError(
      'webhooks',
      'needs stores with an outbox (the memory, Redis and Postgres stores have one)',
      'stores without one',
    )
  return settings
}

const HOOK_NAMES = ['onDecision', 'onLifecycle', 'onStoreFault'] as const

function resolveTelemetry(telemetry: TelemetryOptions | undefined): TelemetrySettings {
  if (telemetry === undefined)
    return { onDecision: undefined, onLifecycle: undefined, onStoreFault: undefined, openTelemetry: true }
  if (!isObject(telemetry))
    optionError(
      'telemetry',
      'must be an object { onDecision?, onLifecycle?, onStoreFault?, openTelemetry? }',
      telemetry,
    )
  refuseUnknown(telemetry, [...HOOK_NAMES, 'openTelemetry'], 'telemetry.')
  for (const hook of HOOK_NAMES) {
    if (telemetry[hook] !== undefined && typeof telemetry[hook] !== 'function')
      optionError(`telemetry.${hook}`, 'must be a function', telemetry[hook])
  }
  const openTelemetry = telemetry.openTelemetry ?? true
  if (typeof openTelemetry !== 'boolean') optionError('telemetry.openTelemetry', 'must be true or false', openTelemetry)
  const { onDecision, onLifecycle, onStoreFault } = telemetry as TelemetryOptions
  return { onDecision, onLifecycle, onStoreFault, openTelemetry }
}

const REMEDY_NAMES = ['expired', 'masked', 'revoked'] as const
/** A sentence or two of printable text: it ends a message a client reads. */
const REMEDY_PATTERN = /^[^\x00-\x1f\x7f-\x9f]{1,200}$/u

function resolveRemedies(remedies: Remedies | undefined): Readonly<Remedies> | undefined {
  if (remedies === undefined) return undefined
  if (!isObject(remedies)) optionError('remedies', 'must be an object { revoked?, expired?, masked? }', remedies)
  refuseUnknown(remedies, REMEDY_NAMES, 'remedies.')
  for (const name of REMEDY_NAMES) {
    const text = remedies[name]
    if (text !== undefined && (typeof text !== 'string' || !REMEDY_PATTERN.test(text))) {
      optionError(`remedies.${name}`, 'must be 1-200 characters of text without control characters', text)
    }
  }
  return Object.freeze({ ...remedies })
}

/** `true` is draft-6, as express-rate-limit's `standardHeaders: true` is. */
function resolveIetfDraft(value: KeywardOptions['ietfRateLimitHeaders']): IetfRateLimitDraft | false {
  if (value === undefined || value === false) return false
  if (value === true) return 'draft-6'
  if (!IETF_RATELIMIT_DRAFTS.includes(value)) {
    const drafts = IETF_RATELIMIT_DRAFTS.map((draft) => `"${draft}"`).join(', ')
    optionError('ietfRateLimitHeaders', `must be ${drafts}, true (draft-6) or false`, value)
  }
  return value
}

function flag(
  options: KeywardOptions,
  name: 'legacyApiKeyHeader' | 'trustRequestId' | 'analytics',
  fallback: boolean,
): boolean {
  const value = options[name]
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') optionError(name, 'must be true or false', value)
  return value
}

function optionalFunction<K extends 'resolveCountry' | 'onError'>(options: KeywardOptions, name: K): KeywardOptions[K] {
  const value = options[name]
  if (value !== undefined && typeof value !== 'function') optionError(name, 'must be a function', value)
  return value
}

function isPepper(value: unknown): value is Pepper {
  return (typeof value === 'string' && value.length > 0) || value instanceof Uint8Array
}

/** Pepper values are secrets: a mistake says what was given, never its content. */
function resolvePeppers(pepper: KeywardOptions['pepper']): (Pepper | null)[] {
  if (pepper === undefined || pepper === null) return [null]
  if (isPepper(pepper)) return [pepper]
  if (!isObject(pepper))
    optionError('pepper', 'must be a non-empty string, bytes, or { current, previous }', pepper, true)
  refuseUnknown(pepper, ['current', 'previous'], 'pepper.')
  const { current, previous = [] } = pepper
  if (current !== null && !isPepper(current))
    optionError('pepper.current', 'must be a non-empty string, bytes or null', current, true)
  if (!Array.isArray(previous)) optionError('pepper.previous', 'must be an array', previous, true)
  for (const p of previous)
    if (p !== null && !isPepper(p)) optionError('pepper.previous', 'must hold strings, bytes or null', p, true)
  return [current, ...previous]
}

function resolveLimits(limits: KeywardOptions['limits']): KeywardSettings['defaults'] {
  if (limits === undefined) return DEFAULT_LIMITS
  if (!isObject(limits)) optionError('limits', 'must be an object { live?, test? }', limits)
  refuseUnknown(limits, ['live', 'test'], 'limits.')
  return {
    live: resolvePolicy('limits.live', limits.live, DEFAULT_LIMITS.live),
    test: resolvePolicy('limits.test', limits.test, DEFAULT_LIMITS.test),
  }
}

function resolvePolicy(option: string, given: Partial<LimitPolicy> | undefined, fallback: LimitPolicy): LimitPolicy {
  if (given === undefined) return fallback
  if (!isObject(given)) optionError(option, 'must be an object { perMinute?, perMonth? }', given)
  refuseUnknown(given, ['perMinute', 'perMonth'], `${option}.`)
  const perMinute = given.perMinute ?? fallback.perMinute
  const perMonth = given.perMonth === undefined ? fallback.perMonth : given.perMonth
  if (!Number.isSafeInteger(perMinute) || perMinute < 1)
    optionError(`${option}.perMinute`, 'must be a positive integer', perMinute)
  if (perMonth !== null && (!Number.isSafeInteger(perMonth) || perMonth < 1)) {
    optionError(`${option}.perMonth`, 'must be a positive integer or null (no quota)', perMonth)
  }
  return { perMinute, perMonth }
}

const KEY_TYPES = ['live', 'test'] as const

/**
 * O7: the owner limits as a lookup with every override applied, or undefined when no window is
 * set anywhere (then requests carry no owner step at all).
 */
function resolveOwnerLimits(option: OwnerLimitsOptions | undefined): OwnerLimitsCheck | undefined {
  if (option === undefined) return undefined
  if (!isObject(option)) optionError('ownerLimits', 'must be an object { live?, test?, owners? }', option)
  refuseUnknown(option, ['live', 'owners', 'test'], 'ownerLimits.')
  const given: OwnerLimitsOptions = option
  const defaults = {
    live: ownerWindows('ownerLimits.live', given.live, undefined),
    test: ownerWindows('ownerLimits.test', given.test, undefined),
  }
  const owners = new Map<string, Record<KeyType, OwnerPolicy | null>>()
  const overrides = given.owners ?? {}
  if (!isObject(overrides))
    optionError('ownerLimits.owners', 'must be an object of owner ids to { live?, test? }', overrides)
  for (const [ownerId, override] of Object.entries(overrides)) {
    const where = `ownerLimits.owners.${ownerId}`
    if (!OWNER_ID_PATTERN.test(ownerId))
      optionError(
        'ownerLimits.owners',
        'must be keyed by owner ids: 1-128 characters of letters, digits and . _ : @ -',
        ownerId,
      )
    if (!isObject(override)) optionError(where, 'must be an object { live?, test? }', override)
    refuseUnknown(override, KEY_TYPES, `${where}.`)
    const typed: { live?: OwnerLimitSet; test?: OwnerLimitSet } = override
    owners.set(ownerId, {
      live: ownerWindows(`${where}.live`, typed.live, given.live, defaults.live),
      test: ownerWindows(`${where}.test`, typed.test, given.test, defaults.test),
    })
  }
  const any = (policies: Record<KeyType, OwnerPolicy | null>) => policies.live !== null || policies.test !== null
  if (!any(defaults) && ![...owners.values()].some(any)) return undefined
  const listed = (policies: Record<KeyType, OwnerPolicy | null>) =>
    Array.isArray(policies.live) || Array.isArray(policies.test)
  return Object.freeze({
    policyOf: (ownerId: string, keyType: KeyType) => (owners.get(ownerId) ?? defaults)[keyType],
    lists: listed(defaults) || [...owners.values()].some(listed),
  })
}

/**
 * One owner's limits of one key type: a list of named limits as given (M1), else windows over
 * `base` field by field; with no limits of its own over a `base` list, that list as resolved
 * (`listed`), and windows replace a `base` list whole. Null when none is set.
 */
function ownerWindows(
  option: string,
  given: OwnerLimitSet | undefined,
  base: OwnerLimitSet | undefined,
  listed?: OwnerPolicy | null,
): OwnerPolicy | null {
  if (Array.isArray(given)) return canonicalLimitList(given, option)
  if (Array.isArray(base) && given === undefined) return listed ?? null
  const under: OwnerWindows | undefined = Array.isArray(base) ? undefined : (base as OwnerWindows | undefined)
  if (given !== undefined) {
    if (!isObject(given))
      optionError(option, 'must be an object { perMinute?, perMonth? } or a list of { name, limit, window }', given)
    refuseUnknown(given, ['perMinute', 'perMonth'], `${option}.`)
    for (const field of ['perMinute', 'perMonth'] as const) {
      const value: unknown = (given as OwnerWindows)[field]
      if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= 1))
        optionError(`${option}.${field}`, 'must be a positive integer', value)
    }
  }
  const windows: OwnerWindows | undefined = given
  const perMinute = windows?.perMinute ?? under?.perMinute
  const perMonth = windows?.perMonth ?? under?.perMonth
  if (perMinute === undefined && perMonth === undefined) return null
  return Object.freeze({ perMinute: perMinute ?? UNLIMITED_PER_MINUTE, perMonth: perMonth ?? null })
}

function resolveDeprecation(deprecation: KeywardOptions['deprecation']): Readonly<Record<string, string>> {
  if (deprecation !== undefined && !isObject(deprecation))
    optionError('deprecation', 'must be an object { since?, link? }', deprecation)
  if (deprecation !== undefined) refuseUnknown(deprecation, ['since', 'link'], 'deprecation.')
  const since = deprecation?.since ?? new Date('2025-01-01T00:00:00Z')
  if (!(since instanceof Date) || Number.isNaN(since.getTime()))
    optionError('deprecation.since', 'must be a valid Date', since)
  const link = deprecation?.link ?? '/docs/authentication#bearer'
  if (typeof link !== 'string' || /[<>\s]/.test(link))
    optionError('deprecation.link', 'must be a URL without spaces or angle brackets', link)
  return Object.freeze({
    // RFC 9745: a structured-field date; the Link points at the migration docs.
    Deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    Link: `<${link}>; rel="deprecation"; type="text/html"`,
  })
}

/** Each store contract and the methods keyward calls on it. */
const STORE_CONTRACTS = {
  keys: { contract: 'KeyStore', methods: ['insert', 'findByHash', 'get', 'list', 'revoke', 'shortenExpiry', 'touch'] },
  limiter: { contract: 'RateLimiter', methods: ['consume', 'peek'] },
  usage: { contract: 'UsageLog', methods: ['append', 'query'] },
} as const

/** The stores, or fresh default ones; each part must have the methods of its contract. */
function resolveStores(stores: KeywardStores | undefined, defaultStores: () => KeywardStores): KeywardStores {
  if (stores === undefined) return defaultStores()
  if (!isObject(stores))
    optionError('stores', 'must be an object { keys, limiter, usage } such as createMemoryStores() returns', stores)
  for (const [part, { contract, methods }] of Object.entries(STORE_CONTRACTS)) {
    const store: unknown = stores[part as keyof typeof STORE_CONTRACTS]
    if (!isObject(store)) optionError(`stores.${part}`, `is required: a ${contract} with ${methods.join(', ')}`, store)
    for (const method of methods) {
      if (typeof store[method] !== 'function')
        optionError(`stores.${part}.${method}`, `must be a function (the ${contract} contract)`, store[method])
    }
  }
  for (const method of ['authorize', 'close'] as const) {
    if (stores[method] !== undefined && typeof stores[method] !== 'function')
      optionError(`stores.${method}`, 'must be a function when given', stores[method])
  }
  if (stores.usage.flush !== undefined && typeof stores.usage.flush !== 'function') {
    optionError('stores.usage.flush', 'must be a function when given', stores.usage.flush)
  }
  const bound = stores.timeoutMs
  if (bound !== undefined && (typeof bound !== 'number' || !(bound > 0)))
    optionError('stores.timeoutMs', 'must be a positive number of milliseconds when given', bound)
  return stores
}
