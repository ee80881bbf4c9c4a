/**
 * The line format of `keys export` and `keys import`: one stored record (K3: the hash and the
 * last 4 characters, never the key) as a JSON object, times as ISO 8601 UTC with milliseconds
 * (K5). Import checks every field, with the rules create applies where create decides the field,
 * so a line from anywhere else is refused before anything is stored.
 */
import { withRemaining } from '../../core/credits.js'
import { KeyInputError } from '../../core/errors.js'
import { type StoredKeyFields, validateStoredKeyFields } from '../../core/key-input.js'
import type { StoredKey } from '../../core/types.js'

const FIELDS = [
  'id',
  'hash',
  'name',
  'keyType',
  'last4',
  'ownerId',
  'meta',
  'createdAt',
  'expiresAt',
  'revokedAt',
  'lastUsedAt',
  'scopes',
  'limits',
  'enabled',
  'allowedIps',
  'roles',
  'credits',
] as const
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const KEY_ID = /^key_[0-9A-Za-z]{24}$/
const HASH = /^[0-9a-f]{64}$/
const LAST4 = /^[0-9A-Za-z]{4}$/
/** Far longer than any record keys export writes (4 KiB of meta, 50 scopes); a longer line is not one. */
export const MAX_LINE_LENGTH = 64 * 1024
/** Clocks of the instances that made records may run ahead of this one's; a day is no skew. */
const FUTURE_SLACK_MS = 86_400_000

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** One record as its line (without the newline), fields in a fixed order. */
export function encodeRecord(key: StoredKey): string {
  return JSON.stringify({
    id: key.id,
    hash: key.hash,
    name: key.name,
    keyType: key.keyType,
    last4: key.last4,
    ownerId: key.ownerId,
    meta: key.meta,
    createdAt: iso(key.createdAt),
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    lastUsedAt: iso(key.lastUsedAt),
    scopes: key.scopes,
    limits: key.limits,
    enabled: key.enabled,
    allowedIps: key.allowedIps,
    roles: key.roles,
    credits: key.credits === null ? null : withRemaining(key.credits, key.credits.remaining),
  })
}

/** A line that is not a record as `keys export` writes it. */
export class RecordLineError extends Error {}

function fail(reason: string): never {
  throw new RecordLineError(reason)
}

function matching(value: unknown, pattern: RegExp, field: string): string {
  return typeof value === 'string' && pattern.test(value) ? value : fail(`"${field}" is not valid`)
}

/** A real instant written exactly as export writes it (`2027-02-30…` is not one). */
function time(value: unknown, field: string, nullable: boolean): number | null {
  if (value === null && nullable) return null
  const text = matching(value, ISO, field)
  const ms = Date.parse(text)
  return Number.isFinite(ms) && new Date(ms).toISOString() === text ? ms : fail(`"${field}" is not a real time`)
}

/** The fields create decides, checked by create's own rules; a broken rule becomes the line's reason. */
function createRules(value: Record<string, unknown>, keyPrefix: string) {
  try {
    return validateStoredKeyFields(value as Record<keyof StoredKeyFields, unknown>, keyPrefix)
  } catch (error) {
    if (error instanceof KeyInputError) fail(error.message)
    throw error
  }
}

function record(value: Record<string, unknown>, keyPrefix: string, now: number): StoredKey {
  if (value.keyType !== 'live' && value.keyType !== 'test') fail('"keyType" must be live or test')
  const id = matching(value.id, KEY_ID, 'id')
  const hash = matching(value.hash, HASH, 'hash')
  const last4 = matching(value.last4, LAST4, 'last4')
  const createdAt = time(value.createdAt, 'createdAt', false)!
  // A record from the future would head every listing for ever.
  if (createdAt > now + FUTURE_SLACK_MS) fail('"createdAt" is in the future')
  const fields = createRules(value, keyPrefix)
  return {
    id,
    hash,
    keyType: value.keyType,
    last4,
    createdAt,
    expiresAt: time(value.expiresAt, 'expiresAt', true),
    revokedAt: time(value.revokedAt, 'revokedAt', true),
    lastUsedAt: time(value.lastUsedAt, 'lastUsedAt', true),
    ...fields,
    // M3: the balance the file holds is set afresh in this store as of the import.
    credits: fields.credits === null ? null : { ...fields.credits, since: now },
  }
}

/**
 * The record a line holds; `RecordLineError` saying what is wrong otherwise (never echoing the
 * line: it could hold anything, a key included). `keyPrefix` is the service's, for the name and
 * meta rules; `now` bounds `createdAt`.
 */
export function parseRecordLine(text: string, keyPrefix: string, now: number): StoredKey {
  if (text.length > MAX_LINE_LENGTH) fail(`it is longer than ${MAX_LINE_LENGTH / 1024} KiB, far more than a record`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    fail('it is not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('it is not a JSON object')
  const fields = Object.keys(value)
  if (fields.some((field) => !(FIELDS as readonly string[]).includes(field)))
    fail('it has a field keys export does not write')
  const missing = FIELDS.find((field) => !fields.includes(field))
  if (missing !== undefined) fail(`"${missing}" is missing`)
  return record(value as Record<string, unknown>, keyPrefix, now)
}
