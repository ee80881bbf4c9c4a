import { validateEnabled } from './access-input.js'
import { validateAllowedIps } from './address-allowlist.js'
import { validateKeyRoles } from './roles.js'
import { KeyInputError } from './errors.js'
import { KEY_SCOPE_PATTERN } from './permissions.js'
import { KEY_CHECKSUM_LENGTH, KEY_RANDOM_LENGTH } from './key-format.js'
import {
  type CreditsChange,
  type KeyCredits,
  type KeyCreditsInput,
  validateCredits,
  validateCreditsChange,
} from './credits.js'
import { canonicalLimitList } from './key-limits.js'
import type { NamedLimit } from './meter-types.js'
import type { KeyLimitList, KeyLimits, KeyMeta, KeyPatch, KeyType } from './types.js'

/** What `keys.create()` takes. Each field is checked; a bad one throws `KeyInputError` naming it. */
export interface CreateKeyInput {
  /**
   * 1–100 characters (code points) after trimming; no control characters, no unpaired surrogates,
   * and nothing shaped like a key (a name is stored and shown, a key never is).
   */
  name: string
  /** `test` (sandbox, `svc_test_`) or `live` (default). `sandbox: true` is the same as `keyType: 'test'`. */
  keyType?: KeyType
  sandbox?: boolean
  /** When the key stops working; must be in the future. null or absent: never. */
  expiresAt?: Date | string | number | null
  /**
   * What the key may do. Absent: the host's `defaultScopes` (none unless set). `['*']` gives every
   * scope; an empty array reaches no scoped route.
   */
  scopes?: readonly string[]
  /**
   * Per-key overrides of the type's default limits (positive integers), or the key's own list of
   * up to 10 named limits `{ name, limit, window }`, which replaces the type's defaults entirely.
   */
  limits?: KeyLimits | readonly NamedLimit[] | null
  /** The customer that holds the key: 1–128 of `A-Z a-z 0-9 . _ : @ -`; null or absent: the service's own key. */
  ownerId?: string | null
  /** The host's data on the key: a JSON object of at most 4 KiB. */
  meta?: KeyMeta | null
  /** false creates the key suspended; default true. */
  enabled?: boolean
  /** Up to 100 IPv4/IPv6 addresses or CIDR ranges the key may be used from; null or absent: any address. */
  allowedIps?: readonly string[] | null
  /** Names of roles `createKeyward({ roles })` defines; null or absent: none. */
  roles?: readonly string[] | null
  /**
   * What the key may spend (each admitted request spends its cost) and how it refills: set back
   * to `refill.amount` at 00:00 UTC each day, or each month on billing day `refill.day` (1–28).
   * null or absent: no credits.
   */
  credits?: KeyCreditsInput | null
}

/** A create request after validation. */
export interface ValidCreateKeyInput {
  name: string
  keyType: KeyType
  expiresAt: number | null
  scopes: readonly string[]
  limits: KeyLimits | KeyLimitList | null
  ownerId: string | null
  meta: Readonly<Record<string, unknown>> | null
  enabled: boolean
  allowedIps: readonly string[] | null
  roles: readonly string[] | null
  credits: KeyCredits | null
}

/** What `keys.update()` takes: the fields to replace; absent ones are kept. */
export interface UpdateKeyInput {
  name?: string
  meta?: KeyMeta | null
  /** The scopes the key holds from now on; `['*']` for every scope. */
  scopes?: readonly string[]
  limits?: KeyLimits | readonly NamedLimit[] | null
  /** false suspends the key, true resumes it; a revoked key cannot be enabled. */
  enabled?: boolean
  /** The addresses and CIDR ranges the key may be used from; null allows any address. */
  allowedIps?: readonly string[] | null
  /** Names of defined roles; null for none. */
  roles?: readonly string[] | null
  /**
   * New credits, replacing what is left; null for none; or `{ add: n }` to top up what is left
   * (atomic: concurrent top-ups and requests lose nothing).
   */
  credits?: CreditsChange
  /**
   * A new expiry, later or earlier (an ISO 8601 string, epoch ms or a Date, in the future), or
   * null for none.
   */
  expiresAt?: Date | string | number | null
}

/** Field names short and plain enough to repeat in a message (a long one could be a pasted key). */
export const ECHOABLE_FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/

/** ISO 8601 date-time with a zone (`Z` or `±hh:mm`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i

function codePointLength(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): they garble logs, terminals and tables. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
/** A whole key body of any prefix (K1): 32 random and 6 checksum base62 characters after `_live_` / `_test_`. */
const ANY_PREFIX_KEY = new RegExp(`[a-z0-9]_(?:live|test)_[0-9A-Za-z]{${KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH}}`)

function validateName(name: unknown, keyPrefix: string): string {
  if (typeof name !== 'string') throw new KeyInputError('name', 'name is required and must be a string')
  const trimmed = name.trim()
  const length = codePointLength(trimmed)
  if (length < 1 || length > 100) {
    throw new KeyInputError('name', 'name must be 1 to 100 characters after trimming')
  }
  // Whitespace that trimming removed (a trailing newline) is gone; what is stored is checked.
  if (CONTROL_CHARACTER.test(trimmed)) {
    throw new KeyInputError('name', 'name must not contain control characters (U+0000 to U+001F, U+007F to U+009F)')
  }
  if (LONE_SURROGATE.test(trimmed)) {
    throw new KeyInputError('name', 'name must be valid Unicode text: it holds an unpaired surrogate')
  }
  // K3: a name is stored, listed and logged in full, so it must never carry a key. Anything that
  // starts like a key of this service counts, whatever follows; of another prefix, a whole key.
  if (keyShaped(trimmed, keyPrefix)) {
    throw new KeyInputError(
      'name',
      'name must not contain an API key or anything shaped like one; name the key after what uses it',
    )
  }
  return trimmed
}

const BASE62_CHARACTER = /^[0-9A-Za-z]$/

function keyShaped(name: string, keyPrefix: string): boolean {
  if (ANY_PREFIX_KEY.test(name)) return true
  for (const head of [`${keyPrefix}_live_`, `${keyPrefix}_test_`]) {
    for (let at = name.indexOf(head); at !== -1; at = name.indexOf(head, at + 1)) {
      if (BASE62_CHARACTER.test(name.charAt(at + head.length))) return true
    }
  }
  return false
}

/** An expiry as epoch ms (an ISO 8601 string, epoch ms or a Date), null for none; it must be after `now`. */
export function validateExpiresAt(value: unknown, now: number): number | null {
  if (value === undefined || value === null) return null
  let ms: number
  if (value instanceof Date) ms = value.getTime()
  else if (typeof value === 'number') ms = value
  else if (typeof value === 'string') {
    if (!ISO_INSTANT.test(value)) {
      throw new KeyInputError(
        'expiresAt',
        'expiresAt must be an ISO 8601 instant with a time zone, e.g. 2027-01-01T00:00:00Z',
      )
    }
    ms = Date.parse(value)
    // Date.parse rolls impossible dates forward (2027-02-30 → 2027-03-02); refuse them instead.
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
    const calendar = new Date(Date.UTC(year, month - 1, day))
    if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
      throw new KeyInputError('expiresAt', 'expiresAt is not a real calendar date')
    }
  } else {
    throw new KeyInputError('expiresAt', 'expiresAt must be an ISO 8601 instant, or null for no expiry')
  }
  if (!Number.isFinite(ms)) throw new KeyInputError('expiresAt', 'expiresAt is not a valid instant')
  if (ms <= now) throw new KeyInputError('expiresAt', 'expiresAt must be in the future')
  return ms
}

/** Why null is refused: it used to mean every scope, and a key now holds only what it is given. */
const NULL_SCOPES = "scopes cannot be null: give ['*'] for every scope, [] for none, or the scopes the key may use"

/**
 * A key's scopes, checked; `fallback` when absent (the host's default scopes on create). Null is
 * refused, so nothing grants every scope by omission.
 */
export function validateScopes(value: unknown, fallback?: readonly string[]): readonly string[] {
  if (value === undefined && fallback !== undefined) return fallback
  if (value === null) throw new KeyInputError('scopes', NULL_SCOPES)
  if (!Array.isArray(value)) throw new KeyInputError('scopes', 'scopes must be an array of scope names')
  if (value.length > 50) throw new KeyInputError('scopes', 'scopes may hold at most 50 entries')
  const seen = new Set<string>()
  for (const scope of value) {
    if (typeof scope !== 'string' || !KEY_SCOPE_PATTERN.test(scope)) {
      throw new KeyInputError(
        'scopes',
        'scopes: each scope must be a lowercase letter then up to 63 of a-z, 0-9 and : . _ -, or end in the wildcard segment .* (or be * alone)',
      )
    }
    if (seen.has(scope)) throw new KeyInputError('scopes', `scopes: "${scope}" is listed twice`)
    seen.add(scope)
  }
  return Object.freeze([...seen])
}

/** A key's `limits` as stored: null, the `{ perMinute, perMonth }` overrides, or a canonical list. */
export function validateLimits(value: unknown): KeyLimits | KeyLimitList | null {
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) {
    return canonicalLimitList(value, 'limits', (field, problem) => {
      throw new KeyInputError(field, `${field} ${problem}`)
    })
  }
  if (typeof value !== 'object') {
    throw new KeyInputError(
      'limits',
      'limits must be an object { perMinute?, perMonth? }, a list of named limits, or null',
    )
  }
  const limits: KeyLimits = {}
  for (const [field, limit] of Object.entries(value as Record<string, unknown>)) {
    if (field !== 'perMinute' && field !== 'perMonth') {
      // A field name is echoed only when it is short and plain: it could be a pasted key.
      const shown = ECHOABLE_FIELD.test(field) ? `limits.${field}` : 'limits'
      throw new KeyInputError(shown, `${shown} has an unknown field; known fields are perMinute and perMonth`)
    }
    if (limit === undefined) continue
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
      throw new KeyInputError(`limits.${field}`, `limits.${field} must be a positive integer`)
    }
    limits[field] = limit
  }
  return Object.keys(limits).length === 0 ? null : limits
}

/** What an owner id must match: 1–128 of `A-Z a-z 0-9 . _ : @ -`. */
export const OWNER_ID_PATTERN = /^[A-Za-z0-9._:@-]{1,128}$/

/** O1: a valid owner id, or null for none; throws `KeyInputError` (field `ownerId`) otherwise. */
export function validateOwnerId(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string' || !OWNER_ID_PATTERN.test(value)) {
    throw new KeyInputError('ownerId', 'ownerId must be 1 to 128 characters of letters, digits and . _ : @ -')
  }
  return value
}

/** The largest `meta` a key may hold, in bytes of its JSON text (4 KiB). */
export const MAX_META_BYTES = 4096
const RESERVED_META_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_META_DEPTH = 16

/** O2: a frozen copy of a JSON object of at most 4 KiB, or null; throws `KeyInputError` (field `meta`). */
export function validateMeta(value: unknown, keyPrefix: string): Readonly<Record<string, unknown>> | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value))
    throw new KeyInputError('meta', 'meta must be a JSON object or null')
  for (const field of Object.keys(value)) {
    if (RESERVED_META_KEYS.has(field))
      throw new KeyInputError('meta', `meta must not have a top-level "${field}" field`)
  }
  checkJsonValue(value, 0)
  const json = JSON.stringify(value)
  if (Buffer.byteLength(json, 'utf8') > MAX_META_BYTES) {
    throw new KeyInputError('meta', `meta must be at most ${MAX_META_BYTES} bytes as JSON`)
  }
  if (keyShaped(json, keyPrefix))
    throw new KeyInputError('meta', 'meta must not contain an API key or anything shaped like one')
  return deepFreeze(JSON.parse(json) as Record<string, unknown>)
}

/** Only what JSON holds as it is: no undefined, functions, NaN, dates or class instances. */
function checkJsonValue(value: unknown, depth: number): void {
  if (depth > MAX_META_DEPTH)
    throw new KeyInputError('meta', `meta must be nested at most ${MAX_META_DEPTH} levels deep`)
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return
    throw new KeyInputError('meta', 'meta must hold only finite numbers')
  }
  if (Array.isArray(value)) {
    for (const item of value) checkJsonValue(item, depth + 1)
    return
  }
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined
  if (proto !== Object.prototype && proto !== null) {
    throw new KeyInputError(
      'meta',
      'meta must hold only JSON values: strings, numbers, booleans, null, arrays and plain objects',
    )
  }
  for (const item of Object.values(value as object)) checkJsonValue(item, depth + 1)
}

/** O2: stored meta is frozen all the way down, so no reader can change what another sees. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item)
    Object.freeze(value)
  }
  return value
}

/** What a key created without scopes holds when the host sets no default: nothing. */
export const NO_SCOPES: readonly string[] = Object.freeze([])

const UPDATABLE = 'name, meta, scopes, limits, enabled, allowedIps, roles, credits or expiresAt'

/** An update after validation: the fields to store, the credits to set or to add, if any. */
export interface ValidKeyUpdate {
  /** Every field but `credits`. */
  patch: KeyPatch
  /** New credits (null: none); stored with the time they were set. */
  credits?: KeyCredits | null
  /** `credits: { add }`: the units to top up. */
  addCredits?: number
}

/**
 * Checks an update (O5) and returns the patch to store: only the fields given, each checked as
 * at creation (`expiresAt` in the future of `now`). Throws `KeyInputError` for an unknown field or
 * an empty update.
 */
export function validateUpdateKeyInput(input: UpdateKeyInput, keyPrefix: string, now: number): ValidKeyUpdate {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new KeyInputError(
      'body',
      'expected an object { name?, meta?, scopes?, limits?, enabled?, allowedIps?, roles?, credits?, expiresAt? }',
    )
  }
  const patch: KeyPatch = {}
  let addCredits: number | undefined
  let credits: KeyCredits | null | undefined
  for (const field of Object.keys(input)) {
    if ((input as Record<string, unknown>)[field] === undefined) continue
    if (field === 'name') patch.name = validateName(input.name, keyPrefix)
    else if (field === 'meta') patch.meta = validateMeta(input.meta, keyPrefix)
    else if (field === 'scopes') patch.scopes = validateScopes(input.scopes)
    else if (field === 'limits') patch.limits = validateLimits(input.limits)
    else if (field === 'enabled') patch.enabled = validateEnabled(input.enabled, true)
    else if (field === 'allowedIps') patch.allowedIps = validateAllowedIps(input.allowedIps)
    else if (field === 'roles') patch.roles = validateKeyRoles(input.roles, 'names-only')
    else if (field === 'expiresAt') patch.expiresAt = validateExpiresAt(input.expiresAt, now)
    else if (field === 'credits') {
      const change = validateCreditsChange(input.credits)
      if ('add' in change) addCredits = change.add
      else credits = change.set
    } else {
      const shown = ECHOABLE_FIELD.test(field) ? field : 'body'
      throw new KeyInputError(shown, `${shown === 'body' ? 'a field' : shown} cannot be updated; ${UPDATABLE} can`)
    }
  }
  if (Object.keys(patch).length === 0 && addCredits === undefined && credits === undefined) {
    throw new KeyInputError('body', `nothing to update: give ${UPDATABLE}`)
  }
  const update: ValidKeyUpdate = { patch }
  if (credits !== undefined) update.credits = credits
  if (addCredits !== undefined) update.addCredits = addCredits
  return update
}

/**
 * Checks a create request against the field rules of E5 and returns it normalized. Throws
 * `KeyInputError` naming the field for the first rule broken. `keyPrefix` is the instance's
 * (`svc` by default): a name beginning a key of that prefix is refused.
 */
export function validateCreateKeyInput(
  input: CreateKeyInput,
  now: number,
  keyPrefix = 'svc',
  defaultScopes: readonly string[] = NO_SCOPES,
): ValidCreateKeyInput {
  if (typeof input !== 'object' || input === null) {
    throw new KeyInputError(
      'body',
      'expected an object { name, sandbox?, expiresAt?, scopes?, limits?, ownerId?, meta? }',
    )
  }
  const name = validateName(input.name, keyPrefix)
  if (input.sandbox !== undefined && typeof input.sandbox !== 'boolean') {
    throw new KeyInputError('sandbox', 'sandbox must be true or false')
  }
  if (input.keyType !== undefined && input.keyType !== 'live' && input.keyType !== 'test') {
    throw new KeyInputError('keyType', 'keyType must be "live" or "test"')
  }
  if (input.sandbox !== undefined && input.keyType !== undefined && input.sandbox !== (input.keyType === 'test')) {
    throw new KeyInputError('sandbox', 'sandbox and keyType disagree')
  }
  const keyType: KeyType = input.keyType ?? (input.sandbox ? 'test' : 'live')
  return {
    name,
    keyType,
    expiresAt: validateExpiresAt(input.expiresAt, now),
    scopes: validateScopes(input.scopes, defaultScopes),
    limits: validateLimits(input.limits),
    ownerId: validateOwnerId(input.ownerId),
    meta: validateMeta(input.meta, keyPrefix),
    enabled: validateEnabled(input.enabled, true),
    allowedIps: validateAllowedIps(input.allowedIps),
    roles: validateKeyRoles(input.roles, 'names-only'),
    credits: validateCredits(input.credits),
  }
}

/** The fields of a stored record that create decides from its input. */
export type StoredKeyFields = Omit<ValidCreateKeyInput, 'keyType' | 'expiresAt'>

/**
 * Checks a record made elsewhere (`keys import`) against the rules create applies to the same
 * fields, so nothing is stored that create would refuse (K3, O1, O2, E5), and returns the fields
 * as create would store them. Throws `KeyInputError` naming the field for the first rule broken.
 */
export function validateStoredKeyFields(
  fields: { [F in keyof StoredKeyFields]: unknown },
  keyPrefix = 'svc',
): StoredKeyFields {
  const name = validateName(fields.name, keyPrefix)
  if (name !== fields.name)
    throw new KeyInputError('name', 'name has leading or trailing whitespace, which create never stores')
  return {
    name,
    scopes: validateScopes(fields.scopes, NO_SCOPES),
    limits: validateLimits(fields.limits),
    ownerId: validateOwnerId(fields.ownerId),
    meta: validateMeta(fields.meta, keyPrefix),
    enabled: validateEnabled(fields.enabled, true),
    allowedIps: validateAllowedIps(fields.allowedIps),
    roles: validateKeyRoles(fields.roles, 'names-only'),
    credits: validateCredits(fields.credits),
  }
}
