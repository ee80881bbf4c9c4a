/**
 * The Redis data layout: every key name keyward uses, in one place.
 *
 * | key                              | type   | holds                                          | TTL                      |
 * | -------------------------------- | ------ | ---------------------------------------------- | ------------------------ |
 * | `<prefix>:settings`              | HASH   | the app's `keyPrefix` and `serviceName`,       | none                     |
 * |                                  |        | recorded at start, for the command line        |                          |
 * | `<prefix>:{<hash>}:key`          | HASH   | the key record (never the key itself, K3)      | none                     |
 * | `<prefix>:{<hash>}:rl`           | HASH   | per-minute buckets, second → count (≤ 61),     | ≥ 119 s after last use ¹ |
 * |                                  |        | `t`, `n`, `o` ², and with a quota `m` = UTC    | with a quota: 1 day past |
 * |                                  |        | month index, `q` = requests in it: ≤ 66 fields | the month's end          |
 * | `<prefix>:{<hash>}:cr`           | HASH   | M3: the key's credits, `r` left, `p` the refill | none                     |
 * |                                  |        | period; `{id:<id>}:cr` for a key stored elsewhere|                          |
 * |                                  |        | A rotation's keys spend the first key's balance  |                          |
 * |                                  |        | (the record's credits name its id and hash)      |                          |
 * | `<prefix>:{<hash>}:changing`     | SET    | S9, keys in Postgres: tokens of the changes of | 60 s past the last one   |
 * |                                  |        | the record under way (`record-cache` script)   |                          |
 * | `<prefix>:{<hash>}:filling`      | SET    | S9: tokens of the cache fills under way        | 10 s past the last one   |
 * | `<prefix>:{<hash>}:floor`        | HASH   | S9: `v` = the highest record version a change  | 60 s past the last one   |
 * |                                  |        | settled                                        |                          |
 * | `<prefix>:id:<id>`               | STRING | id → hash index, for `get`, `revoke`, limiter  | none                     |
 * | `<prefix>:keys`                  | ZSET   | every key as an index member ⁴, for `list`     | none                     |
 * | `<prefix>:owner:<ownerId>`       | ZSET   | the owner's keys as index members ⁴, for       | none                     |
 * |                                  |        | `list({ ownerId })` and `revokeAll` (O4, O6)   |                          |
 * | `<prefix>:usage`                 | LIST   | usage entries of every key, newest first (JSON)| capped (100,000)         |
 * | `<prefix>:usage:<id>`            | LIST   | usage entries of one key, newest first (JSON)  | capped (1,000)           |
 * | `<prefix>:usage-owner:<owner>`   | LIST   | usage entries of one owner's keys (JSON)       | capped (1,000)           |
 * | `<prefix>:usage-ids:{<list>}`    | SET    | the request ids a usage list <list> holds, so  | as its list              |
 * |                                  |        | an entry written again is stored once          |                          |
 * | `<prefix>:audit`                 | ZSET   | audit entries of every key ⁵                   | retention (1 year)       |
 * | `<prefix>:audit-owner:<owner>`   | ZSET   | audit entries of one owner's keys ⁵            | retention (1 year)       |
 * | `<prefix>:audit-key:<id>`        | ZSET   | audit entries of one key ⁵                     | retention (1 year)       |
 * | `<prefix>:{id:<id>}:rl`          | HASH   | limiter state of an id with no record          | as `:rl`                 |
 * | `<prefix>:{id:failed-auth:<a>}`  | HASH   | E7: failed authentications of client address   | as `:rl`                 |
 * | `:rl`                            |        | `<a>` (`clientAddressKey`), counted by the     |                          |
 * |                                  |        | limit script, read by the authorize script ³   |                          |
 * | `<prefix>:{id:owner:<t>:<o>}:rl` | HASH   | O7: windows of owner <o>'s keys of type <t>    | as `:rl`                 |
 * | `<prefix>:{outbox}:…`            | …      | W1: webhook deliveries (`outbox.ts` lists them)| settled: 7 days          |
 * | `<prefix>:{an:<s>:<id>}:<g>:<c>` | HASH   | N1: outcome counters of subject <s> (`key`,    | past its newest bucket's |
 * |                                  |        | `owner`, `service`) <id>, granularity <g>,     | retention (`analytics.ts`)|
 * |                                  |        | chunk starting <c>: `r:`/`u:<bucket>:<outcome>`|                          |
 * | `<prefix>:{an:<s>:<id>}:batch:`  | HASH   | N1: `sequence`, the number of the last batch   | a day after it was set   |
 * | `<x>`                            |        | of sender <x> applied to the subject's counters|                          |
 *
 * ¹ Set when a request creates a bucket: at least 120 s from then and past the newest bucket's
 * lifetime; requests into an existing bucket (the same second) leave it as it is.
 * ² Bookkeeping kept by the scripts so a request reads O(1) fields: `t` = the sum of the bucket
 * counts held, `n` = the newest second held, `o` = the oldest second held, written with the first
 * bucket: a hash without them holds no bucket.
 * ³ In the same script call as the key (KEYS[3]) on a single node, so the check costs no command of
 * its own; on a cluster it lives in another slot and is peeked with the limit script first. A
 * guard of another namespace (the dashboard's) keeps its counters the same way under its own name.
 *
 * ⁴ `<createdAt: 16 digits> <id> <hash>`, every member scored 0: lexical order is listing order
 * (`newestFirst` read backwards), so a page after a position is one `ZREVRANGEBYLEX` from an
 * exclusive bound, and the member names the record to read. Each index is one key of its own, in
 * whatever slot its name falls, and every command touches one key.
 *
 * ⁵ `<time: 16 digits> <entry id> <entry JSON>`, every member scored 0, listed as the key indexes
 * are; old entries are removed from all three sets by the retention pass (`audit.ts`).
 *
 * The `{<hash>}` hash tag puts a key's record and limit state in one cluster slot, so the hot-path
 * script touches one slot. The record's fields and their encodings: `RECORD_LAYOUT` in
 * `record-layout.ts`.
 */
import type { KeyPosition } from '../../core/types.js'

/** The names of the keys one key's state lives in; all share the hash tag `{<tag>}`. */
export interface TaggedKeys {
  record: string
  minute: string
  /** M3: the key's credit balance (r, p), beside its limit state. */
  credits: string
}

/** The keys of one cached record, in the order of the record-cache script's KEYS. */
export type CacheKeys = readonly [record: string, changing: string, filling: string, floor: string]

/** Names every Redis key under one prefix. */
export interface Layout {
  prefix: string
  /** Record and limit state of the key whose hash is `hash`. */
  ofHash(hash: string): TaggedKeys
  /** S9: the marks of a record cached in front of Postgres (`scripts/record-cache.ts`), beside it. */
  cacheOf(hash: string): CacheKeys
  /** Limit state of an id that has no record (RateLimiter used on its own). */
  ofOrphanId(id: string): TaggedKeys
  idIndex(id: string): string
  /** Every key, as index members (`indexMember`). */
  keyIndex: string
  /** The app's settings (`AppSettings`), recorded when it starts. */
  appSettings: string
  /** One owner's keys, as index members. */
  ownerIndex(ownerId: string): string
  usageAll: string
  usageOf(id: string): string
  /** One owner's usage entries across its keys; `usage-owner:` never collides with `usage:<id>`. */
  usageOfOwner(ownerId: string): string
  /** The request ids a usage list holds, in the list's slot (its whole name is the hash tag). */
  usageIdsOf(list: string): string
  /** The base of the webhook outbox's keys, one hash tag for all of them. */
  outbox: string
  /** Audit entries of every key, of one owner, of one key. */
  auditAll: string
  auditOfOwner(ownerId: string): string
  auditOfKey(id: string): string
}

/** Throws a TypeError unless `prefix` can start every key name (no hash-tag braces). */
export function assertRedisPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string' || !/^[^\s{}]{1,64}$/.test(prefix)) {
    throw new TypeError(
      `keyward/redis: option "prefix" must be 1-64 characters without whitespace or braces (got ${JSON.stringify(prefix)})`,
    )
  }
}

/** A hash or id inside a hash tag must not hold a brace, or the tag would end early. */
function assertTaggable(value: string, what: string): void {
  if (value.length === 0 || value.includes('{') || value.includes('}')) {
    throw new TypeError(
      `keyward/redis: a key ${what} must be non-empty and hold no braces (got ${JSON.stringify(value)})`,
    )
  }
}

export function createLayout(prefix: string): Layout {
  const tagged = (tag: string): TaggedKeys => {
    const base = `${prefix}:{${tag}}`
    return { record: `${base}:key`, minute: `${base}:rl`, credits: `${base}:cr` }
  }
  return {
    prefix,
    ofHash(hash) {
      assertTaggable(hash, 'hash')
      return tagged(hash)
    },
    cacheOf(hash) {
      assertTaggable(hash, 'hash')
      const base = `${prefix}:{${hash}}`
      return [`${base}:key`, `${base}:changing`, `${base}:filling`, `${base}:floor`]
    },
    ofOrphanId(id) {
      assertTaggable(id, 'id')
      return tagged(`id:${id}`)
    },
    idIndex: (id) => `${prefix}:id:${id}`,
    keyIndex: `${prefix}:keys`,
    appSettings: `${prefix}:settings`,
    ownerIndex: (ownerId) => `${prefix}:owner:${ownerId}`,
    usageAll: `${prefix}:usage`,
    usageOf: (id) => `${prefix}:usage:${id}`,
    usageOfOwner: (ownerId) => `${prefix}:usage-owner:${ownerId}`,
    usageIdsOf: (list) => `${prefix}:usage-ids:{${list}}`,
    outbox: `${prefix}:{outbox}`,
    auditAll: `${prefix}:audit`,
    auditOfOwner: (ownerId) => `${prefix}:audit-owner:${ownerId}`,
    auditOfKey: (id) => `${prefix}:audit-key:${id}`,
  }
}

/** What an index member names: the key's place in the listing order and its record. */
export interface IndexEntry extends KeyPosition {
  hash: string
}

/** Digits of `createdAt` in a member: every safe integer fits, so text order is time order. */
const TIME_DIGITS = 16
const MEMBER = /^(\d{16}) ([\x21-\x7e]+) (.+)$/s

function paddedTime(createdAt: number): string {
  if (!Number.isSafeInteger(createdAt) || createdAt < 0) {
    throw new TypeError(`keyward/redis: createdAt must be epoch milliseconds (got ${String(createdAt)})`)
  }
  return String(createdAt).padStart(TIME_DIGITS, '0')
}

/**
 * Throws a TypeError unless `id` can sit in an index member: printable ASCII without spaces, so
 * the space after it sorts below any longer id that starts with it (ties order by id, O4).
 */
export function assertIndexableId(id: string): void {
  if (!/^[\x21-\x7e]+$/.test(id)) {
    throw new TypeError(`keyward/redis: a key id must be printable ASCII without spaces (got ${JSON.stringify(id)})`)
  }
}

/** The member of `key` in the listing indexes (see the table above, ⁴). */
export function indexMember(key: IndexEntry): string {
  return `${paddedTime(key.createdAt)} ${key.id} ${key.hash}`
}

/** The entry a member names; undefined for a member of another shape (never listed). */
export function parseIndexMember(member: string): IndexEntry | undefined {
  const match = MEMBER.exec(member)
  if (match === null) return undefined
  return { createdAt: Number(match[1]), id: match[2]!, hash: match[3]! }
}

/**
 * The exclusive `ZREVRANGEBYLEX` upper bound below which lie exactly the members after `position`
 * in listing order: older keys, and keys of the same time with a smaller id.
 */
export function indexBoundAfter(position: KeyPosition): string {
  return `(${paddedTime(position.createdAt)} ${position.id} `
}
