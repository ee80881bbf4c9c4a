/**
 * The options of `createKeyward()`, checked in one place. Every mistake throws at once a TypeError
 * of one shape: `keyward: option "<name>" <rule> (got <value>)`.
 */
import { systemClock } from './clock.js'
import { assertKeyPrefix } from './key-format.js'
import { createMemoryStores } from './memory/index.js'
import type { Clock, KeywardStores, LimitPolicy } from './types.js'

/** A pepper for HMAC-SHA-256 key hashing (K3). */
export type Pepper = string | Uint8Array

/** Options of `createKeyward()`. Every option is checked at once; a bad one throws a TypeError naming it. */
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
   * Server-side secret for HMAC-SHA-256 key hashes (K3). `{ current, previous }` rotates it: keys
   * hashed with a previous pepper still verify, new keys use `current`.
   */
  pepper?: Pepper | { current: Pepper | null; previous?: readonly (Pepper | null)[] } | null
  /** Default limits per key type (L1); a key's own `limits` override them. */
  limits?: { live?: Partial<LimitPolicy>; test?: Partial<LimitPolicy> }
  /** How long a store may take before the request fails with 500 (R5). Default 1000 ms. */
  storeTimeoutMs?: number
  /** Also send the IETF `RateLimit` / `RateLimit-Policy` fields (L3). Default false. */
  ietfRateLimitHeaders?: boolean
  /** Accept the legacy `x-api-key` header (H8). Default true. */
  legacyApiKeyHeader?: boolean
  /** What requests authenticated by `x-api-key` are told (RFC 9745 `Deprecation` and a `Link`). */
  deprecation?: { since?: Date; link?: string }
  /** Take a proxy's `X-Request-ID` when it is a well-formed `req_<id>` (R2). Default false. */
  trustRequestId?: boolean
  /** Country of a client address for usage entries (E5). Default: none (null). */
  resolveCountry?: (ip: string) => string | null
  /**
   * E7: failed authentications (401s) per minute per client address (`RequestView.ip`) before
   * every request from it to a protected route gets 429, valid keys included. 0 turns it off.
   * Default 60. Behind a proxy, give adapters `trustProxy` so addresses are the clients'.
   */
  failedAuthLimit?: number
  /** Told about store faults (never given a key). Default: none. */
  onError?: (error: unknown, info: { requestId: string; phase: 'authenticate' | 'usage' | 'manage' }) => void
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
  storeTimeoutMs: number
  ietfRateLimitHeaders: boolean
  legacyApiKeyHeader: boolean
  trustRequestId: boolean
  /** What the `x-api-key` deprecation headers say (H8). */
  deprecationHeaders: Readonly<Record<string, string>>
  resolveCountry: ((ip: string) => string | null) | undefined
  onError: KeywardOptions['onError']
  failedAuthLimit: number
}

/** L1: the default limits of each key type. */
export const DEFAULT_LIMITS: Readonly<{ live: LimitPolicy; test: LimitPolicy }> = Object.freeze({
  live: Object.freeze({ perMinute: 1000, perMonth: null }),
  test: Object.freeze({ perMinute: 10, perMonth: 1000 }),
})

const SERVICE_NAME_PATTERN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/

/** The one shape of every option mistake. */
export function optionError(option: string, rule: string, value: unknown): never {
  throw new TypeError(`keyward: option "${option}" ${rule} (got ${shown(value)})`)
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

/**
 * Checks every option and applies the defaults.
 */
export function resolveOptions(options: KeywardOptions): KeywardSettings {
  if (typeof options !== 'object' || options === null) optionError('options', 'must be an object', options)
  const keyPrefix = options.keyPrefix ?? 'svc'
  assertKeyPrefix(keyPrefix)
  const serviceName = options.serviceName ?? 'Svc'
  if (typeof serviceName !== 'string' || !SERVICE_NAME_PATTERN.test(serviceName)) {
    optionError('serviceName', 'must be 1-64 printable ASCII characters without quotes or backslashes', serviceName)
  }
  const clock = options.clock ?? systemClock
  if (typeof clock?.now !== 'function') optionError('clock', 'must have a now() method', clock)
  const storeTimeoutMs = options.storeTimeoutMs ?? 1000
  if (!Number.isFinite(storeTimeoutMs) || storeTimeoutMs <= 0) {
    optionError('storeTimeoutMs', 'must be a positive number of milliseconds', storeTimeoutMs)
  }
  const failedAuthLimit = options.failedAuthLimit ?? 60
  if (!Number.isSafeInteger(failedAuthLimit) || failedAuthLimit < 0) {
    optionError('failedAuthLimit', 'must be a whole number of failures per minute, 0 to turn the guard off', failedAuthLimit)
  }
  return {
    keyPrefix,
    serviceName,
    clock,
    stores: resolveStores(options.stores),
    peppers: resolvePeppers(options.pepper),
    defaults: resolveLimits(options.limits),
    storeTimeoutMs,
    ietfRateLimitHeaders: options.ietfRateLimitHeaders === true,
    legacyApiKeyHeader: options.legacyApiKeyHeader ?? true,
    trustRequestId: options.trustRequestId === true,
    deprecationHeaders: resolveDeprecation(options.deprecation),
    resolveCountry: optionalFunction(options, 'resolveCountry'),
    onError: optionalFunction(options, 'onError'),
    failedAuthLimit,
  }
}

function optionalFunction<K extends 'resolveCountry' | 'onError'>(options: KeywardOptions, name: K): KeywardOptions[K] {
  const value = options[name]
  if (value !== undefined && typeof value !== 'function') optionError(name, 'must be a function', value)
  return value
}

function isPepper(value: unknown): value is Pepper {
  return (typeof value === 'string' && value.length > 0) || value instanceof Uint8Array
}

function resolvePeppers(pepper: KeywardOptions['pepper']): (Pepper | null)[] {
  if (pepper === undefined || pepper === null) return [null]
  if (isPepper(pepper)) return [pepper]
  if (typeof pepper !== 'object') optionError('pepper', 'must be a non-empty string, bytes, or { current, previous }', pepper)
  const { current, previous = [] } = pepper
  if (current !== null && !isPepper(current)) optionError('pepper.current', 'must be a non-empty string, bytes or null', current)
  if (!Array.isArray(previous)) optionError('pepper.previous', 'must be an array', previous)
  for (const p of previous) if (p !== null && !isPepper(p)) optionError('pepper.previous', 'must hold strings, bytes or null', p)
  return [current, ...previous]
}

function resolveLimits(limits: KeywardOptions['limits']): KeywardSettings['defaults'] {
  return {
    live: resolvePolicy('limits.live', limits?.live, DEFAULT_LIMITS.live),
    test: resolvePolicy('limits.test', limits?.test, DEFAULT_LIMITS.test),
  }
}

function resolvePolicy(option: string, given: Partial<LimitPolicy> | undefined, fallback: LimitPolicy): LimitPolicy {
  if (given === undefined) return fallback
  if (typeof given !== 'object' || given === null) optionError(option, 'must be an object { perMinute?, perMonth? }', given)
  const perMinute = given.perMinute ?? fallback.perMinute
  const perMonth = given.perMonth === undefined ? fallback.perMonth : given.perMonth
  if (!Number.isSafeInteger(perMinute) || perMinute < 1) optionError(`${option}.perMinute`, 'must be a positive integer', perMinute)
  if (perMonth !== null && (!Number.isSafeInteger(perMonth) || perMonth < 1)) {
    optionError(`${option}.perMonth`, 'must be a positive integer or null (no quota)', perMonth)
  }
  return { perMinute, perMonth }
}

function resolveDeprecation(deprecation: KeywardOptions['deprecation']): Readonly<Record<string, string>> {
  const since = deprecation?.since ?? new Date('2025-01-01T00:00:00Z')
  if (!(since instanceof Date) || Number.isNaN(since.getTime())) optionError('deprecation.since', 'must be a valid Date', since)
  const link = deprecation?.link ?? '/docs/authentication#bearer'
  if (typeof link !== 'string' || /[<>\s]/.test(link)) optionError('deprecation.link', 'must be a URL without spaces or angle brackets', link)
  return Object.freeze({
    // RFC 9745: a structured-field date; the Link points at the migration docs.
    Deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    Link: `<${link}>; rel="deprecation"; type="text/html"`,
  })
}

/** The stores, or fresh memory ones. */
function resolveStores(stores: KeywardStores | undefined): KeywardStores {
  if (stores === undefined) return createMemoryStores()
  for (const part of ['keys', 'limiter', 'usage'] as const) {
    if (typeof stores?.[part] !== 'object' || stores[part] === null) optionError(`stores.${part}`, 'is required', stores?.[part])
  }
  return stores
}
