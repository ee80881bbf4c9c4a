/**
 * The line format of `keys export` and `keys import`: one stored record (K3: the hash and the
 * last 4 characters, never the key) as a JSON object, times as ISO 8601 UTC with milliseconds
 * (K5). Import checks every field, so a line from anywhere else is refused before it is stored.
 */
import { OWNER_ID_PATTERN } from '../../key-input.js'
import type { KeyLimits, StoredKey } from '../../types.js'

const FIELDS = ['id', 'hash', 'name', 'keyType', 'last4', 'ownerId', 'meta', 'createdAt', 'expiresAt', 'revokedAt', 'lastUsedAt', 'scopes', 'limits'] as const
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const KEY_ID = /^key_[0-9A-Za-z]{1,64}$/
const HASH = /^[0-9a-f]{64}$/
const LAST4 = /^[0-9A-Za-z]{4}$/

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

function time(value: unknown, field: string, nullable: boolean): number | null {
  if (value === null && nullable) return null
  const text = matching(value, ISO, field)
  const ms = Date.parse(text)
  return Number.isFinite(ms) ? ms : fail(`"${field}" is not a valid time`)
}

function scopes(value: unknown): string[] | null {
  if (value === null) return null
  if (!Array.isArray(value) || value.some((scope) => typeof scope !== 'string')) fail('"scopes" must be null or an array of strings')
  return value as string[]
}

function limits(value: unknown): KeyLimits | null {
  if (value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) fail('"limits" must be null or an object')
  const result: KeyLimits = {}
  for (const [name, limit] of Object.entries(value as object)) {
    if ((name !== 'perMinute' && name !== 'perMonth') || !Number.isSafeInteger(limit) || (limit as number) < 1) fail('"limits" holds only perMinute and perMonth, positive integers')
    result[name] = limit as number
  }
  return result
}

function record(value: Record<string, unknown>): StoredKey {
  const name = value.name
  if (typeof name !== 'string' || name.trim() === '' || name.length > 400) fail('"name" must be a non-empty string')
  if (value.keyType !== 'live' && value.keyType !== 'test') fail('"keyType" must be live or test')
  const meta = value.meta
  if (meta !== null && (typeof meta !== 'object' || Array.isArray(meta))) fail('"meta" must be null or an object')
  return {
    id: matching(value.id, KEY_ID, 'id'),
    hash: matching(value.hash, HASH, 'hash'),
    name,
    keyType: value.keyType,
    last4: matching(value.last4, LAST4, 'last4'),
    ownerId: value.ownerId === null ? null : matching(value.ownerId, OWNER_ID_PATTERN, 'ownerId'),
    meta: meta as StoredKey['meta'],
    createdAt: time(value.createdAt, 'createdAt', false)!,
    expiresAt: time(value.expiresAt, 'expiresAt', true),
    revokedAt: time(value.revokedAt, 'revokedAt', true),
    lastUsedAt: time(value.lastUsedAt, 'lastUsedAt', true),
    scopes: scopes(value.scopes),
    limits: limits(value.limits),
  }
}

/**
 * The record a line holds; `RecordLineError` saying what is wrong otherwise (never echoing the
 * line: it could hold anything, a key included).
 */
export function parseRecordLine(text: string): StoredKey {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    fail('it is not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('it is not a JSON object')
  const fields = Object.keys(value)
  if (fields.some((field) => !(FIELDS as readonly string[]).includes(field))) fail('it has a field keys export does not write')
  const missing = FIELDS.find((field) => !fields.includes(field))
  if (missing !== undefined) fail(`"${missing}" is missing`)
  return record(value as Record<string, unknown>)
}
