/**
 * The authorize script's reply for one request, as an outcome, and the records held for the short
 * reply. A call names the record this instance holds for the hash (its id and a fingerprint of
 * the fields an update may replace: name, scopes, limits, meta); while Redis still holds exactly
 * that, the reply carries only what changes on its own (expiresAt, lastUsedAt) and the decision:
 * id, keyType, last4, createdAt and ownerId never change once written (K5, O1), and an id is never
 * reused. Status, scopes and limits are still decided in Redis on every call (K7).
 */
import { createHash } from 'node:crypto'
import { limitsWithCredits, refusedForCredits, withLimits } from '../../core/credits.js'
import { withOwner } from '../../core/key-limits.js'
import { combineDecisions, ownerCounterId } from '../../core/limits-math.js'
import type { AuthorizeOutcome, ForbiddenReason, LimitDecision, StoredKey } from '../../core/types.js'
import { array, badReply, decodeDecision, decodeRecordValues, integer, optionalTime, text } from './codec.js'
import { type RedisContext, setBounded } from './context.js'
import { decodeCredits } from './credit-ledger.js'
import { decodeNamedDecision, decodeNamedGroups } from './meter.js'
import type { MeterGroup } from '../../core/meter-types.js'
import { LUA_INDEX, REPLACEABLE_FIELDS } from './record-layout.js'

/** Enough for the keys of a large deployment that are in use at once; the oldest added goes first. */
const RECORD_CACHE_LIMIT = 10_000

export const UNKNOWN: AuthorizeOutcome = Object.freeze({ result: 'unknown' })

/**
 * O7: the script's answer that the key has an owner whose counter the call did not name. Nothing
 * was written; the record is held now, so the call can be made again naming it.
 */
export const NEEDS_OWNER = Object.freeze({ result: 'needs-owner' as const })
export type NeedsOwner = typeof NEEDS_OWNER

/** Reply codes of the authorize script (see `scripts/authorize.ts`). */
const NO_RECORD = 0
const SHORT_OK = 6
const BLOCKED = 8
const OWNER_NOT_NAMED = 9
const DISABLED = 10
const ADDRESS_FORBIDDEN = 11
const PERMISSION_FORBIDDEN = 12
/** The reason of each forbidden reply code. */
const FORBIDDEN: Readonly<Record<number, ForbiddenReason>> = {
  3: 'scope',
  4: 'live-only',
  [ADDRESS_FORBIDDEN]: 'address',
  [PERMISSION_FORBIDDEN]: 'permission',
}

const WHAT = 'the authorize script'

/** A record this instance holds for a hash. */
export interface Held {
  key: StoredKey
  /** ARGV[8] of a call for this hash: the record's id, ':' and its fingerprint. */
  known: string
  /** O7: the Redis key of the owner's counter for the key's type; null for a key without an owner. */
  ownerCounter: string | null
}

/**
 * What a reply may carry after its decision: with `owner`, the owner counter's decision, combined
 * into the outcome's limits; with `receipt` (a cluster caller counting the owner itself, read by
 * `receiptOf`), what was counted; with null, nothing.
 */
export type ReplyExtra = 'owner' | 'receipt' | null

export interface ReplyReader {
  held(hash: string): Held | undefined
  /**
   * The outcome of a reply to a call made while `held` was held for `hash`; null when the hash has
   * no record; `NEEDS_OWNER` when the call must be made again naming the owner's counter. Throws
   * on a reply of the wrong shape (never a guess that could let a request in). `cost`: the units
   * the call asked for (M2), which decide the window the headers show.
   */
  read(
    hash: string,
    raw: unknown,
    held: Held | undefined,
    extra: ReplyExtra,
    cost: number,
    groups?: readonly MeterGroup[],
  ): AuthorizeOutcome | NeedsOwner | null
}

export function createReplyReader(context: RedisContext): ReplyReader {
  const records = new Map<string, Held>()
  return {
    held: (hash) => records.get(hash),
    read(hash, raw, held, extra, cost, groups) {
      const reply = array(raw, WHAT)
      const code = integer(reply[0], WHAT)
      if (code === BLOCKED) return blockedOutcome(reply)
      if (code === SHORT_OK)
        return withCredits(held?.key, reply, (body) => shortOutcome(hash, body, held, extra, cost, groups))
      if (code === NO_RECORD) {
        records.delete(hash)
        return null
      }
      const whole = decodeAuthorizeRecord(hash, reply[1], context)
      context.remember(whole.key.id, hash)
      setBounded(records, hash, whole, RECORD_CACHE_LIMIT)
      if (code === OWNER_NOT_NAMED) {
        if (reply.length !== 2) throw badReply(WHAT, reply)
        return NEEDS_OWNER
      }
      if (code === 1 || code === 2 || code === DISABLED)
        return wholeOutcome(code, whole.key, reply, extra, cost, groups)
      return withCredits(whole.key, reply, (body) => wholeOutcome(code, whole.key, body, extra, cost, groups))
    },
  }
}

/**
 * M3: a reply of a key with credits ends with them; the rest is read as any other reply and the
 * outcome's limits get them (refused for want of them when they did not admit).
 */
function withCredits(
  key: StoredKey | undefined,
  reply: unknown[],
  read: (body: unknown[]) => AuthorizeOutcome,
): AuthorizeOutcome {
  if (key === undefined || key.credits === null) return read(reply)
  const outcome = read(reply.slice(0, -1))
  if (outcome.result !== 'ok' && outcome.result !== 'forbidden') return outcome
  const values = array(reply[reply.length - 1], WHAT)
  if (values.length !== 5) throw badReply(WHAT, reply)
  const credits = decodeCredits(values.slice(0, 3))
  const limits =
    integer(values[4], WHAT) === 1
      ? refusedForCredits(outcome.limits, credits, integer(values[3], WHAT))
      : limitsWithCredits(outcome.limits, credits)
  return withLimits(outcome, limits)
}

function blockedOutcome(reply: unknown[]): AuthorizeOutcome {
  const retryAfter = reply.length === 2 ? integer(reply[1], WHAT) : 0
  if (retryAfter < 1) throw badReply(WHAT, reply)
  return { result: 'blocked', retryAfter }
}

/** The decision at `at`, with the owner counter's (at `ownerAt`, last) combined in when the reply has one (O7). */
function limitsOf(
  key: StoredKey,
  reply: unknown[],
  at: number,
  ownerAt: number,
  extra: ReplyExtra,
  cost: number,
  groups: readonly MeterGroup[] | undefined,
): LimitDecision {
  // M1: beside an owner's named limits, the key's and the owner's were metered together.
  if (groups !== undefined) return decodeNamedGroups(reply[at], groups, false, cost)
  // M1: a key with its own list gets the meter's decision, its owner's windows within it.
  if (Array.isArray(key.limits)) {
    const named = decodeNamedDecision(reply[at], key, false, cost)
    if (reply.length === ownerAt || extra !== 'owner') return named
    return withOwner(named, decodeDecision(reply[ownerAt]), cost)
  }
  const own = decodeDecision(reply[at])
  if (reply.length === ownerAt || extra !== 'owner') return own
  return combineDecisions(own, decodeDecision(reply[ownerAt]), cost)
}

/** Whether `reply` has `length` elements, or one more where the call may get an extra one. */
function lengthFits(reply: unknown[], length: number, extra: ReplyExtra): boolean {
  return reply.length === length || (extra !== null && reply.length === length + 1)
}

/** {6, expiresAt, lastUsedAt, decision, consumed[, extra]}: admitted, the rest of the record as held. */
function shortOutcome(
  hash: string,
  reply: unknown[],
  held: Held | undefined,
  extra: ReplyExtra,
  cost: number,
  groups: readonly MeterGroup[] | undefined,
): AuthorizeOutcome {
  if (held === undefined || !lengthFits(reply, 5, extra)) throw badReply(WHAT, reply)
  return {
    result: 'ok',
    // Every field as held but the two that change on their own; revokedAt is unset (the script
    // never answers a revoked key this way).
    key: {
      ...held.key,
      hash,
      expiresAt: optionalTime(reply[1], 'expiresAt'),
      revokedAt: null,
      lastUsedAt: optionalTime(reply[2], 'lastUsedAt'),
    },
    limits: limitsOf(held.key, reply, 3, 5, extra, cost, groups),
    consumed: integer(reply[4], WHAT) === 1,
  }
}

/** A reply that sent the record whole: {1..5, 10, 11 or 12, record, …}. */
function wholeOutcome(
  code: number,
  key: StoredKey,
  reply: unknown[],
  extra: ReplyExtra,
  cost: number,
  groups: readonly MeterGroup[] | undefined,
): AuthorizeOutcome {
  switch (code) {
    case 1:
    case 2:
    case DISABLED:
      if (reply.length !== 2) throw badReply(WHAT, reply)
      return { result: code === 1 ? 'revoked' : code === 2 ? 'expired' : 'disabled', key }
    case 3:
    case 4:
    case ADDRESS_FORBIDDEN:
    case PERMISSION_FORBIDDEN:
      if (!lengthFits(reply, 3, extra)) throw badReply(WHAT, reply)
      return {
        result: 'forbidden',
        key,
        reason: FORBIDDEN[code]!,
        limits: limitsOf(key, reply, 2, 3, extra, cost, groups),
      }
    case 5:
      if (!lengthFits(reply, 4, extra)) throw badReply(WHAT, reply)
      return {
        result: 'ok',
        key,
        limits: limitsOf(key, reply, 2, 4, extra, cost, groups),
        consumed: integer(reply[3], WHAT) === 1,
      }
    default:
      throw badReply(WHAT, reply)
  }
}

/** What an admitted request counted on a cluster (O7), to give back when its owner refuses. */
export interface Receipt {
  /** The key's decision as a peek just before it was counted. */
  before: LimitDecision
  /** The bucket it was counted in, and the month ('' without a quota). */
  second: string
  month: string
  /** lastUsedAt before the request ('' for none), and the one it wrote ('' when it wrote none). */
  previousLastUsedAt: string
  writtenLastUsedAt: string
}

/** The receipt of an admitted reply {5, …, extra} or {6, …, extra} to a cluster call that counts the owner itself. */
export function receiptOf(raw: unknown): Receipt {
  const reply = array(raw, WHAT)
  const code = integer(reply[0], WHAT)
  const receipt = array(reply[code === SHORT_OK ? 5 : 4], WHAT)
  if (receipt.length !== 5) throw badReply(WHAT, reply)
  const month = integer(receipt[2], WHAT)
  const written = (value: unknown): string => (value === 0 ? '' : text(value, WHAT))
  return {
    before: decodeDecision(receipt[0]),
    second: String(integer(receipt[1], WHAT)),
    month: month < 0 ? '' : String(month),
    previousLastUsedAt: written(receipt[3]),
    writtenLastUsedAt: written(receipt[4]),
  }
}

/** The authorize script's record (`decodeRecordValues`), held with what a call names it by. */
function decodeAuthorizeRecord(hash: string, reply: unknown, context: RedisContext): Held {
  const key = decodeRecordValues(hash, reply)
  const { ownerId, keyType } = key
  const ownerCounter = ownerId === null ? null : context.layout.ofOrphanId(ownerCounterId(ownerId, keyType)).minute
  return { key, known: knownArgument(reply as unknown[]), ownerCounter }
}

/** Where the id and the replaceable fields are in the record the script sends whole. */
const ID_AT = LUA_INDEX.id - 1
const REPLACEABLE_AT = REPLACEABLE_FIELDS.map((field) => LUA_INDEX[field.property] - 1)

/**
 * ARGV[8] for a record as the authorize script sends it whole (`RECORD_LAYOUT`'s values): its id,
 * ':' and the fingerprint of its replaceable fields, as the script computes it.
 */
export function knownArgument(record: readonly unknown[]): string {
  const texts = record.map((value, i) => (value === 0 ? undefined : text(value, `a record value (${i})`)))
  return `${texts[ID_AT]}:${fingerprint(REPLACEABLE_AT.map((at) => texts[at]))}`
}

/** The script's `fingerprint()`: SHA-1 of each replaceable field as its UTF-8 length, ':' and itself. */
function fingerprint(replaceable: readonly (string | undefined)[]): string {
  const sha1 = createHash('sha1')
  for (const value of replaceable) sha1.update(`${Buffer.byteLength(value ?? '')}:${value ?? ''}`)
  return sha1.digest('hex')
}

/**
 * The reply the batch script means by 7 (`scripts/authorize-batch.ts`): `previous`, the admitted
 * reply {5, …} or {6, …} before it, with `cost` more counted in every limit (the key's decision,
 * then its owner counter's when there is one) and spent from the credits. `key`: the record that
 * reply was read with (whether it has credits); `named`: its decision is of named limits (M1).
 * Within one script run the resets and the record stay as they were.
 */
export function countedAgain(previous: unknown, key: StoredKey, named: boolean, cost: number): unknown[] {
  const reply = array(previous, WHAT).slice()
  const code = integer(reply[0], WHAT)
  if (code !== 5 && code !== SHORT_OK) throw badReply(WHAT, reply)
  const at = code === SHORT_OK ? 3 : 2
  reply[at] = named ? namedCountedAgain(reply[at], cost) : windowsCountedAgain(reply[at], cost)
  let end = reply.length
  if (key.credits !== null) {
    const credits = array(reply[end - 1], WHAT).slice()
    credits[1] = integer(credits[1], WHAT) - cost
    reply[--end] = credits
  }
  // After the consumed flag: the owner counter's decision (O7), when the reply has one.
  if (end === at + 3) reply[at + 2] = windowsCountedAgain(reply[at + 2], cost)
  return reply
}

/** A limit() decision (see `scripts/limits-library.ts`) with `cost` less remaining in each window. */
function windowsCountedAgain(raw: unknown, cost: number): unknown[] {
  const decision = array(raw, WHAT).slice()
  decision[2] = integer(decision[2], WHAT) - cost
  if (integer(decision[4], WHAT) >= 0) decision[5] = integer(decision[5], WHAT) - cost
  return decision
}

/** A named decision (`named_decision`): each limit's count `cost` more, the count before it the previous one's. */
function namedCountedAgain(raw: unknown, cost: number): unknown[] {
  const decision = array(raw, WHAT).slice()
  for (let at = 2; at < decision.length; at += 7) {
    decision[at + 4] = decision[at]
    decision[at + 5] = decision[at + 1]
    decision[at] = integer(decision[at], WHAT) + cost
  }
  return decision
}
