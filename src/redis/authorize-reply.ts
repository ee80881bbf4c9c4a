/**
 * The authorize script's reply for one request, as an outcome, and the records held for the short
 * reply. A call names the record this instance holds for the hash; when Redis still holds that
 * record, the reply carries only what changes (expiresAt, lastUsedAt) and the decision: the rest
 * of a record never changes once written (K5), and an id is never reused. Status, scopes and
 * limits are still decided in Redis on every call (K7).
 */
import type { AuthorizeOutcome, StoredKey } from '../types.js'
import { array, badReply, decodeDecision, decodeRecordValues, integer, optionalTime } from './codec.js'
import { type RedisContext, setBounded } from './context.js'

/** Enough for the keys of a large deployment that are in use at once; the oldest added goes first. */
const RECORD_CACHE_LIMIT = 10_000

export const UNKNOWN: AuthorizeOutcome = Object.freeze({ result: 'unknown' })

/** Reply codes of the authorize script (see `scripts/authorize.ts`). */
const NO_RECORD = 0
const SHORT_OK = 6
const BLOCKED = 8

const WHAT = 'the authorize script'

export interface ReplyReader {
  /** The record this instance holds for a hash: its id goes as ARGV[8]. */
  held(hash: string): StoredKey | undefined
  /**
   * The outcome of a reply to a call made while `held` was held for `hash`; null when the hash has
   * no record. Throws on a reply of the wrong shape (never a guess that could let a request in).
   */
  read(hash: string, raw: unknown, held: StoredKey | undefined): AuthorizeOutcome | null
}

export function createReplyReader(context: RedisContext): ReplyReader {
  const records = new Map<string, StoredKey>()
  return {
    held: (hash) => records.get(hash),
    read(hash, raw, held) {
      const reply = array(raw, WHAT)
      const code = integer(reply[0], WHAT)
      if (code === BLOCKED) return blockedOutcome(reply)
      if (code === SHORT_OK) return shortOutcome(hash, reply, held)
      if (code === NO_RECORD) {
        records.delete(hash)
        return null
      }
      const key = decodeRecordValues(hash, reply[1])
      context.remember(key.id, hash)
      setBounded(records, hash, key, RECORD_CACHE_LIMIT)
      return wholeOutcome(code, key, reply)
    },
  }
}

function blockedOutcome(reply: unknown[]): AuthorizeOutcome {
  const retryAfter = reply.length === 2 ? integer(reply[1], WHAT) : 0
  if (retryAfter < 1) throw badReply(WHAT, reply)
  return { result: 'blocked', retryAfter }
}

/** {6, expiresAt, lastUsedAt, decision, consumed}: admitted, the rest of the record as held. */
function shortOutcome(hash: string, reply: unknown[], held: StoredKey | undefined): AuthorizeOutcome {
  if (held === undefined || reply.length !== 5) throw badReply(WHAT, reply)
  return {
    result: 'ok',
    key: {
      id: held.id,
      hash,
      name: held.name,
      keyType: held.keyType,
      last4: held.last4,
      createdAt: held.createdAt,
      expiresAt: optionalTime(reply[1], 'expiresAt'),
      revokedAt: null,
      lastUsedAt: optionalTime(reply[2], 'lastUsedAt'),
      scopes: held.scopes,
      limits: held.limits,
    },
    limits: decodeDecision(reply[3]),
    consumed: integer(reply[4], WHAT) === 1,
  }
}

/** A reply that sent the record whole: {1..5, record, …}. */
function wholeOutcome(code: number, key: StoredKey, reply: unknown[]): AuthorizeOutcome {
  switch (code) {
    case 1:
      return { result: 'revoked', key }
    case 2:
      return { result: 'expired', key }
    case 3:
      return { result: 'forbidden', key, reason: 'scope', limits: decodeDecision(reply[2]) }
    case 4:
      return { result: 'forbidden', key, reason: 'live-only', limits: decodeDecision(reply[2]) }
    case 5:
      return { result: 'ok', key, limits: decodeDecision(reply[2]), consumed: integer(reply[3], WHAT) === 1 }
    default:
      throw badReply(WHAT, reply)
  }
}
