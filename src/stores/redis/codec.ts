/**
 * Encoding of key records into Redis hash fields, and decoding of script replies. Replies are
 * checked as they are read: a reply of the wrong shape is a fault (a rejected promise), never a
 * guess that could let a request through.
 */
import { addressRanges } from '../../core/address-allowlist.js'
import { deepFreeze } from '../../core/key-input.js'
import type { LimitDecision, StoredKey } from '../../core/types.js'
import { type FieldEncoding, RECORD_LAYOUT, type RecordField } from './record-layout.js'

/** A reply that is not what the script returns. */
export function badReply(what: string, reply: unknown): Error {
  let shown: string
  try {
    shown = JSON.stringify(reply)?.slice(0, 200) ?? String(reply)
  } catch {
    shown = String(reply)
  }
  return new Error(`keyward/redis: unexpected reply to ${what}: ${shown}`)
}

/** A bulk string as text, whichever way the client hands it over. */
export function text(value: unknown, what: string): string {
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  throw badReply(what, value)
}

export function integer(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'bigint') return Number(value)
  // Some clients hand integers over as strings.
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value)
  throw badReply(what, value)
}

export function array(value: unknown, what: string): unknown[] {
  if (Array.isArray(value)) return value
  throw badReply(what, value)
}

/** A record value as its hash value (`RECORD_LAYOUT`'s encodings). */
export function encodeValue(encoding: FieldEncoding, value: unknown): string {
  switch (encoding) {
    case 'epoch-ms':
      return String(value)
    case 'json':
    case 'json-object':
      return JSON.stringify(value)
    case 'flag':
      return value === true ? '1' : '0'
    case 'address-ranges': {
      const entries = value as readonly string[]
      return `${addressRanges(entries)} ${JSON.stringify(entries)}`
    }
    default:
      return value as string
  }
}

/** The record as `HSET` field/value pairs, in layout order: optional fields are absent when null. */
export function encodeRecord(key: StoredKey): string[] {
  const fields: string[] = []
  for (const { property, field, encoding } of RECORD_LAYOUT) {
    const value = key[property]
    if (value != null) fields.push(field, encodeValue(encoding, value))
  }
  return fields
}

/** O2: the stored `meta` text as a frozen JSON object; anything else is a bad reply (a fault). */
export function decodeMeta(value: string | undefined, reply: unknown): StoredKey['meta'] {
  if (value === undefined) return null
  let meta: unknown
  try {
    meta = JSON.parse(value)
  } catch {
    throw badReply('a key record (meta is not JSON)', reply)
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw badReply('a key record (meta is not a JSON object)', reply)
  }
  return deepFreeze(meta as Record<string, unknown>)
}

/** M6: the entries of an `allowedIps` value (after its ranges and a space), frozen; a fault otherwise. */
function decodeAddressEntries(value: string, reply: unknown): readonly string[] {
  const space = value.indexOf(' ')
  let entries: unknown
  try {
    entries = JSON.parse(value.slice(space + 1))
  } catch {
    throw badReply('a key record (allowedIps)', reply)
  }
  if (space < 0 || !Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string')) {
    throw badReply('a key record (allowedIps)', reply)
  }
  return Object.freeze(entries as string[])
}

/** A hash value of `field` as its record value; `reply` is the whole reply, shown in a fault. */
function decodeValue(field: RecordField, value: string | undefined, reply: unknown): unknown {
  if (value === undefined) {
    if (field.required) throw badReply(`a key record (no ${field.field})`, reply)
    return field.absent
  }
  switch (field.encoding) {
    case 'text':
      return value
    case 'key-type':
      if (value !== 'live' && value !== 'test') throw badReply(`a key record (${field.field})`, reply)
      return value
    case 'epoch-ms':
      return Number(value)
    case 'json':
      return JSON.parse(value)
    case 'json-object':
      return decodeMeta(value, reply)
    case 'flag':
      if (value !== '1' && value !== '0') throw badReply(`a key record (${field.field})`, reply)
      return value === '1'
    case 'address-ranges':
      return decodeAddressEntries(value, reply)
  }
}

/** The record whose field values `fieldValue` gives (undefined where absent), in layout order. */
function decodeFields(
  hash: string,
  fieldValue: (i: number, field: RecordField) => string | undefined,
  reply: unknown,
): StoredKey {
  // id and hash first, then the rest: every record decoded has the same shape.
  const key: Record<string, unknown> = { id: undefined, hash }
  for (let i = 0; i < RECORD_LAYOUT.length; i++) {
    const field = RECORD_LAYOUT[i]!
    key[field.property] = decodeValue(field, fieldValue(i, field), reply)
  }
  return key as unknown as StoredKey
}

/** `HGETALL` pairs as a StoredKey; undefined for an empty reply (no record). */
export function decodeRecord(hash: string, reply: unknown): StoredKey | undefined {
  const pairs = array(reply, 'a key record')
  if (pairs.length === 0) return undefined
  const fields = new Map<string, string>()
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    fields.set(text(pairs[i], 'a record field'), text(pairs[i + 1], 'a record value'))
  }
  return decodeFields(hash, (_, { field }) => fields.get(field), reply)
}

/**
 * The authorize script's record: the values of the fields of RECORD_LAYOUT in its order, each a
 * string, or the integer 0 where the field is absent. Every field is read from Redis on every call
 * that sends the record whole; a call that names the record it holds gets only expiresAt and
 * lastUsedAt (`authorize.ts`).
 */
export function decodeRecordValues(hash: string, reply: unknown): StoredKey {
  const values = array(reply, 'a key record')
  if (values.length !== RECORD_LAYOUT.length) throw badReply('a key record', reply)
  return decodeFields(
    hash,
    (i, { field }) => {
      const value = values[i]
      if (typeof value === 'string') return value
      if (value === 0) return undefined
      return text(value, `a record value (${field})`)
    },
    reply,
  )
}

/** A record time the authorize script sends on its own: epoch ms as a string, or the integer 0 when absent. */
export function optionalTime(value: unknown, name: string): number | null {
  if (value === 0) return null
  const time = Number(text(value, `a record value (${name})`))
  if (!Number.isSafeInteger(time)) throw badReply(`a record value (${name})`, value)
  return time
}

/** The decision array of the Lua `limit()` function (see scripts/limits-library.ts). */
export function decodeDecision(reply: unknown): LimitDecision {
  const d = array(reply, 'a limit decision')
  if (d.length !== 9) throw badReply('a limit decision', reply)
  const n = (i: number) => integer(d[i], 'a limit decision')
  const monthLimit = n(4)
  const binding = n(8)
  return {
    allowed: n(0) === 1,
    minute: { limit: n(1), remaining: n(2), reset: n(3) },
    month: monthLimit < 0 ? null : { limit: monthLimit, remaining: n(5), reset: n(6) },
    retryAfter: n(7),
    binding: binding === 2 ? 'month' : binding === 1 ? 'minute' : null,
  }
}
