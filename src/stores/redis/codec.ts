/**
 * Encoding of key records into Redis hash fields, and decoding of script replies. Replies are
 * checked as they are read: a reply of the wrong shape is a fault (a rejected promise), never a
 * guess that could let a request through.
 */
import { deepFreeze } from '../../core/key-input.js'
import type { KeyLimits, LimitDecision, StoredKey } from '../../core/types.js'

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

/** The record as `HSET` field/value pairs: optional fields are absent when null. */
export function encodeRecord(key: StoredKey): string[] {
  const fields = [
    'id', key.id,
    'name', key.name,
    'keyType', key.keyType,
    'last4', key.last4,
    'createdAt', String(key.createdAt),
  ]
  if (key.expiresAt !== null) fields.push('expiresAt', String(key.expiresAt))
  if (key.revokedAt !== null) fields.push('revokedAt', String(key.revokedAt))
  if (key.lastUsedAt !== null) fields.push('lastUsedAt', String(key.lastUsedAt))
  if (key.scopes !== null) fields.push('scopes', JSON.stringify(key.scopes))
  if (key.limits !== null) fields.push('limits', JSON.stringify(key.limits))
  if (key.ownerId != null) fields.push('ownerId', key.ownerId)
  if (key.meta != null) fields.push('meta', JSON.stringify(key.meta))
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

/** `HGETALL` pairs as a StoredKey; undefined for an empty reply (no record). */
export function decodeRecord(hash: string, reply: unknown): StoredKey | undefined {
  const pairs = array(reply, 'a key record')
  if (pairs.length === 0) return undefined
  const fields = new Map<string, string>()
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    fields.set(text(pairs[i], 'a record field'), text(pairs[i + 1], 'a record value'))
  }
  const required = (name: string): string => {
    const value = fields.get(name)
    if (value === undefined) throw badReply(`a key record (no ${name})`, reply)
    return value
  }
  const time = (name: string): number | null => {
    const value = fields.get(name)
    return value === undefined ? null : Number(value)
  }
  const keyType = required('keyType')
  if (keyType !== 'live' && keyType !== 'test') throw badReply('a key record (keyType)', reply)
  const scopes = fields.get('scopes')
  const limits = fields.get('limits')
  return {
    id: required('id'),
    hash,
    name: required('name'),
    keyType,
    last4: required('last4'),
    createdAt: Number(required('createdAt')),
    expiresAt: time('expiresAt'),
    revokedAt: time('revokedAt'),
    lastUsedAt: time('lastUsedAt'),
    scopes: scopes === undefined ? null : (JSON.parse(scopes) as string[]),
    limits: limits === undefined ? null : (JSON.parse(limits) as KeyLimits),
    ownerId: fields.get('ownerId') ?? null,
    meta: decodeMeta(fields.get('meta'), reply),
  }
}

/**
 * The authorize script's record: the values of id, name, keyType, last4, createdAt, expiresAt,
 * revokedAt, lastUsedAt, scopes, limits, ownerId and meta in that order, each a string, or the
 * integer 0 where the field is absent. Every field is read from Redis on every call that sends the record whole;
 * a call that names the record it holds gets only expiresAt and lastUsedAt (`authorize.ts`).
 */
export function decodeRecordValues(hash: string, reply: unknown): StoredKey {
  const values = array(reply, 'a key record')
  if (values.length !== 12) throw badReply('a key record', reply)
  const optional = (i: number, name: string): string | undefined => {
    const value = values[i]
    if (typeof value === 'string') return value
    if (value === 0) return undefined
    return text(value, `a record value (${name})`)
  }
  const required = (i: number, name: string): string => {
    const value = optional(i, name)
    if (value === undefined) throw badReply(`a key record (no ${name})`, reply)
    return value
  }
  const time = (i: number, name: string): number | null => {
    const value = optional(i, name)
    return value === undefined ? null : Number(value)
  }
  const keyType = required(2, 'keyType')
  if (keyType !== 'live' && keyType !== 'test') throw badReply('a key record (keyType)', reply)
  const scopes = optional(8, 'scopes')
  const limits = optional(9, 'limits')
  return {
    id: required(0, 'id'),
    hash,
    name: required(1, 'name'),
    keyType,
    last4: required(3, 'last4'),
    createdAt: Number(required(4, 'createdAt')),
    expiresAt: time(5, 'expiresAt'),
    revokedAt: time(6, 'revokedAt'),
    lastUsedAt: time(7, 'lastUsedAt'),
    scopes: scopes === undefined ? null : (JSON.parse(scopes) as string[]),
    limits: limits === undefined ? null : (JSON.parse(limits) as KeyLimits),
    ownerId: optional(10, 'ownerId') ?? null,
    meta: decodeMeta(optional(11, 'meta'), reply),
  }
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
