/**
 * The key record as Redis stores it, HASH `<prefix>:{<hash>}:key`: one table of its fields from
 * which the codec (`codec.ts`), the record script's update check and the authorize scripts' field
 * lists are derived. Adding a field is a row here (and whatever uses the field); the Lua lines are
 * generated from the table when this module loads, so each script's text stays a constant and its
 * SHA pinned (`test/redis/scripts.test.ts`).
 */
import type { StoredKey } from '../types.js'

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
}

type Flags = Partial<Pick<RecordField, 'required' | 'replaceable' | 'wholeOnly'>>

const NO_FLAGS = { required: false, replaceable: false, wholeOnly: false }

function row(property: RecordField['property'], field: string, encoding: FieldEncoding, flags: Flags = {}): RecordField {
  return { property, field, encoding, ...NO_FLAGS, ...flags }
}

/** Every field of the record, in the order the authorize script sends the record whole. */
export const RECORD_LAYOUT: readonly RecordField[] = [
  //  property      Redis field   encoding
  row('id',         'id',         'text',        { required: true }),
  row('name',       'name',       'text',        { required: true, replaceable: true }),
  row('keyType',    'keyType',    'key-type',    { required: true }),
  row('last4',      'last4',      'text',        { required: true, wholeOnly: true }),
  row('createdAt',  'createdAt',  'epoch-ms',    { required: true, wholeOnly: true }),
  row('expiresAt',  'expiresAt',  'epoch-ms'),
  row('revokedAt',  'revokedAt',  'epoch-ms'),
  row('lastUsedAt', 'lastUsedAt', 'epoch-ms'),
  row('scopes',     'scopes',     'json',        { replaceable: true }),
  row('limits',     'limits',     'json',        { replaceable: true }),
  row('ownerId',    'ownerId',    'text'),
  row('meta',       'meta',       'json-object', { replaceable: true }),
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

/** A Lua list of quoted strings: `{'a', 'b'}`. */
function luaList(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ')}}`
}

const decided = RECORD_LAYOUT.filter((f) => !f.wholeOnly)
const wholeOnly = RECORD_LAYOUT.filter((f) => f.wholeOnly)

/**
 * The Lua the authorize function reads the record with, generated from the table:
 * RECORD_FIELDS (every field, in reply order), DECIDING_FIELDS (the fields read first when the
 * caller holds a record), WHOLE_ONLY_FIELDS and REPLACEABLE (indexes into the record), and
 * deciding_record(r), the record in reply order from the values of DECIDING_FIELDS, 0 where absent
 * or not read.
 */
export const LUA_RECORD_FIELDS = `
-- Generated from RECORD_LAYOUT (src/redis/record-layout.ts).
local RECORD_FIELDS = ${luaList(RECORD_LAYOUT.map((f) => f.field))}
local DECIDING_FIELDS = ${luaList(decided.map((f) => f.field))}
local WHOLE_ONLY_FIELDS = ${luaList(wholeOnly.map((f) => f.field))}
local WHOLE_ONLY = ${luaList(wholeOnly.map((f) => LUA_INDEX[f.property]))}
local REPLACEABLE = ${luaList(REPLACEABLE_FIELDS.map((f) => LUA_INDEX[f.property]))}
local function deciding_record(r)
  return {${RECORD_LAYOUT.map((f) => (f.wholeOnly ? '0' : `r[${decided.indexOf(f) + 1}] or 0`)).join(', ')}}
end
`

/** The Lua set of the hash fields an update may replace (the record script). */
export const LUA_REPLACEABLE_SET = `{ ${REPLACEABLE_FIELDS.map((f) => `${f.field} = true`).join(', ')} }`
