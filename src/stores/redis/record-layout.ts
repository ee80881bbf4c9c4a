/**
 * The key record as Redis stores it, HASH `<prefix>:{<hash>}:key`: one table of its fields from
 * which the codec (`codec.ts`), the record script's update check and the authorize scripts' field
 * lists are derived. Adding a field is a row here (and whatever uses the field); the Lua lines are
 * generated from the table when this module loads, so each script's text stays a constant and its
 * SHA pinned (`test/redis/scripts.test.ts`).
 */
import type { StoredKey } from '../../core/types.js'

/** How a field's value is written as a hash value, and read back. */
export type FieldEncoding =
  /** The text itself. */
  | 'text'
  /** 'live' or 'test'; anything else read back is a fault. */
  | 'key-type'
  /** Epoch milliseconds as decimal digits. */
  | 'epoch-ms'
  /** `JSON.stringify` of the value. */
  | 'json'
  /** A JSON object, read back frozen (O2); anything else read back is a fault. */
  | 'json-object'
  /** A boolean as '1' or '0'; anything else read back is a fault. */
  | 'flag'
  /**
   * Address entries (M6): their hex ranges for the authorize script, a space, and the entries as
   * JSON (`src/core/address-allowlist.ts`); anything else read back is a fault.
   */
  | 'address-ranges'

export interface RecordField {
  /** The StoredKey property (`hash` is not stored: it names the Redis key). */
  readonly property: Exclude<keyof StoredKey, 'hash'>
  /** The Redis hash field. */
  readonly field: string
  readonly encoding: FieldEncoding
  /** Written with every record; a record without it is a fault. Other fields are absent when null. */
  readonly required: boolean
  /** O5: an update may replace it; a held record is matched by the fingerprint of these. */
  readonly replaceable: boolean
  /**
   * Neither decides a request nor changes once written (K5): the authorize script reads it only
   * when its reply sends the record whole.
   */
  readonly wholeOnly: boolean
  /** What an absent field reads as: null, or for scopes none (a record never holds every scope by omission). */
  readonly absent: null | readonly never[]
}

type Flags = Partial<Pick<RecordField, 'required' | 'replaceable' | 'wholeOnly' | 'absent'>>

const NO_FLAGS = { required: false, replaceable: false, wholeOnly: false, absent: null }

/** One field of the table: see `RecordField`. */
function row(property: RecordField['property'], field: string, encoding: FieldEncoding, flags: Flags = {}) {
  const fields: RecordField = { property, field, encoding, ...NO_FLAGS, ...flags }
  return fields
}

/** Every field of the record, in the order the authorize script sends the record whole. */
export const RECORD_LAYOUT: readonly RecordField[] = [
  //  property      Redis field   encoding
  row('id', 'id', 'text', { required: true }),
  row('name', 'name', 'text', { required: true, replaceable: true }),
  row('keyType', 'keyType', 'key-type', { required: true }),
  row('last4', 'last4', 'text', { required: true, wholeOnly: true }),
  row('createdAt', 'createdAt', 'epoch-ms', { required: true, wholeOnly: true }),
  row('expiresAt', 'expiresAt', 'epoch-ms', { replaceable: true }),
  row('revokedAt', 'revokedAt', 'epoch-ms'),
  row('lastUsedAt', 'lastUsedAt', 'epoch-ms'),
  row('scopes', 'scopes', 'json', { replaceable: true, absent: Object.freeze([]) }),
  row('limits', 'limits', 'json', { replaceable: true }),
  row('ownerId', 'ownerId', 'text'),
  row('meta', 'meta', 'json-object', { replaceable: true }),
  // Required, so a record that does not say it is enabled is a fault, never a key let through (M5).
  row('enabled', 'enabled', 'flag', { required: true, replaceable: true }),
  row('allowedIps', 'allowedIps', 'address-ranges', { replaceable: true }),
  row('roles', 'roles', 'json', { replaceable: true }),
  // M3: as last set; the live balance is the limiter's (HASH <prefix>:{<hash>}:cr).
  row('credits', 'credits', 'json', { replaceable: true }),
]

/** The hash field of a property. */
export const FIELD = Object.fromEntries(RECORD_LAYOUT.map((f) => [f.property, f.field])) as Readonly<
  Record<RecordField['property'], string>
>

/** Where a property is in the record the authorize script sends whole: a Lua index, from 1. */
export const LUA_INDEX = Object.fromEntries(RECORD_LAYOUT.map((f, i) => [f.property, i + 1])) as Readonly<
  Record<RecordField['property'], number>
>

/** The fields an update may replace (O5), in layout order. */
export const REPLACEABLE_FIELDS: readonly RecordField[] = RECORD_LAYOUT.filter((f) => f.replaceable)

/** Lua string literals: `'a', 'b'`. */
function luaStrings(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ')
}

const deciding = RECORD_LAYOUT.filter((f) => !f.wholeOnly)
const wholeOnly = RECORD_LAYOUT.filter((f) => f.wholeOnly)

/**
 * Lua generated from the table for the authorize function, written out (no table built per
 * script run): the record's fields in reply order, the fields read first when the caller holds a
 * record (DECIDING) and the rest (WHOLE_ONLY), where each lands in the record, and the places of
 * the replaceable fields.
 */
export const LUA_RECORD = {
  /** `HMGET` arguments: every field, in reply order. */
  fields: luaStrings(RECORD_LAYOUT.map((f) => f.field)),
  /** `HMGET` arguments: the fields that decide a request. */
  decidingFields: luaStrings(deciding.map((f) => f.field)),
  /** How many of them. */
  decidingCount: deciding.length,
  /** The record in reply order from `r`, the values of the deciding fields: 0 where absent or not read. */
  fromDeciding: `{${RECORD_LAYOUT.map((f) => (f.wholeOnly ? '0' : `r[${deciding.indexOf(f) + 1}] or 0`)).join(', ')}}`,
  /** `HMGET` arguments: the fields read only for a whole reply. */
  wholeOnlyFields: luaStrings(wholeOnly.map((f) => f.field)),
  /** Assignment targets for them in the record, and their values from `rest` (0 where absent). */
  wholeOnlyTargets: wholeOnly.map((f) => `record[${LUA_INDEX[f.property]}]`).join(', '),
  wholeOnlyValues: wholeOnly.map((_, i) => `rest[${i + 1}] or 0`).join(', '),
  /** Any of them present. */
  wholeOnlyFound: wholeOnly.map((_, i) => `rest[${i + 1}]`).join(' or '),
  /** A Lua list of the places of the replaceable fields in the record. */
  replaceable: `{${REPLACEABLE_FIELDS.map((f) => LUA_INDEX[f.property]).join(', ')}}`,
}

/** The Lua set of the hash fields an update may replace (the record script). */
export const LUA_REPLACEABLE_SET = `{ ${REPLACEABLE_FIELDS.map((f) => `${f.field} = true`).join(', ')} }`
