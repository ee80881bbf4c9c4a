/**
 * The Redis data layout: every key name keyward uses, in one place.
 *
 * | key                              | type   | holds                                          | TTL                      |
 * | -------------------------------- | ------ | ---------------------------------------------- | ------------------------ |
 * | `<prefix>:{<hash>}:key`          | HASH   | the key record (never the key itself, K3)      | none                     |
 * | `<prefix>:{<hash>}:rl`           | HASH   | per-minute buckets, second → count (≤ 61),     | ≥ 119 s after last use ¹ |
 * |                                  |        | `t`, `n`, `o` ², and with a quota `m` = UTC    | with a quota: 1 day past |
 * |                                  |        | month index, `q` = requests in it: ≤ 66 fields | the month's end          |
 * | `<prefix>:id:<id>`               | STRING | id → hash index, for `get`, `revoke`, limiter  | none                     |
 * | `<prefix>:keys`                  | ZSET   | every hash, scored by `createdAt`, for `list`  | none                     |
 * | `<prefix>:usage`                 | LIST   | usage entries of every key, newest first (JSON)| capped (100,000)         |
 * | `<prefix>:usage:<id>`            | LIST   | usage entries of one key, newest first (JSON)  | capped (1,000)           |
 * | `<prefix>:{id:<id>}:rl`          | HASH   | limiter state of an id with no record          | as `:rl`                 |
 * | `<prefix>:{id:failed-auth:<a>}`  | HASH   | E7: failed authentications of client address   | as `:rl`                 |
 * | `:rl`                            |        | `<a>` (`clientAddressKey`), counted by the     |                          |
 * |                                  |        | limit script, read by the authorize script ³   |                          |
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
 * The `{<hash>}` hash tag puts a key's record and limit state in one cluster slot, so the hot-path
 * script touches one slot. Record fields: `id`, `name`, `keyType`, `last4`, `createdAt`, and when
 * set `expiresAt`, `revokedAt`, `lastUsedAt` (epoch ms), `scopes` and `limits` (JSON).
 */

/** The names of the keys one key's state lives in; all share the hash tag `{<tag>}`. */
export interface TaggedKeys {
  record: string
  minute: string
}

/** Names every Redis key under one prefix. */
export interface Layout {
  prefix: string
  /** Record and limit state of the key whose hash is `hash`. */
  ofHash(hash: string): TaggedKeys
  /** Limit state of an id that has no record (RateLimiter used on its own). */
  ofOrphanId(id: string): TaggedKeys
  idIndex(id: string): string
  keyIndex: string
  usageAll: string
  usageOf(id: string): string
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
    throw new TypeError(`keyward/redis: a key ${what} must be non-empty and hold no braces (got ${JSON.stringify(value)})`)
  }
}

export function createLayout(prefix: string): Layout {
  const tagged = (tag: string): TaggedKeys => {
    const base = `${prefix}:{${tag}}`
    return { record: `${base}:key`, minute: `${base}:rl` }
  }
  return {
    prefix,
    ofHash(hash) {
      assertTaggable(hash, 'hash')
      return tagged(hash)
    },
    ofOrphanId(id) {
      assertTaggable(id, 'id')
      return tagged(`id:${id}`)
    },
    idIndex: (id) => `${prefix}:id:${id}`,
    keyIndex: `${prefix}:keys`,
    usageAll: `${prefix}:usage`,
    usageOf: (id) => `${prefix}:usage:${id}`,
  }
}
