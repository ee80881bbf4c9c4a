import { matchesFilter } from '../../core/key-list.js'
import type { KeyListQuery, KeyPage, KeyPatch, KeyStore, StoredKey } from '../../core/types.js'
import { array, decodeRecord, encodeRecord, encodeValue, integer, text } from './codec.js'
import type { RedisContext } from './context.js'
import { type IndexEntry, assertIndexableId, indexBoundAfter, indexMember, parseIndexMember } from './layout.js'
import { REPLACEABLE_FIELDS } from './record-layout.js'
import { RECORD_SCRIPT } from './scripts/record.js'

/** The KeyStore on Redis: every operation answers with a promise. */
export interface RedisKeyStore extends KeyStore {
  insert(key: StoredKey): Promise<void>
  findByHash(hash: string): Promise<StoredKey | undefined>
  get(id: string): Promise<StoredKey | undefined>
  list(query: KeyListQuery): Promise<KeyPage>
  update(id: string, patch: KeyPatch): Promise<StoredKey | undefined>
  revokeAll(ownerId: string, at: number): Promise<number>
  revoke(id: string, at: number): Promise<StoredKey | undefined>
  shortenExpiry(id: string, expiresAt: number): Promise<StoredKey | undefined>
  touch(id: string, at: number): Promise<void>
}

/**
 * Most index members read in one call (and records read at once after it): a filtered page may
 * walk many non-matching keys, so batches grow up to this, and every call stays bounded.
 */
const MAX_BATCH = 500

/** One slice of a listing index, newest first. */
interface IndexSlice {
  entries: IndexEntry[]
  /** The exclusive bound the next slice starts below; null when the index has no more. */
  next: string | null
}

/** Up to `count` members of `index` below `bound` (a `ZREVRANGEBYLEX` max), newest first. */
async function readIndex(context: RedisContext, index: string, bound: string, count: number): Promise<IndexSlice> {
  const reply = array(
    await context.connection.command(['ZREVRANGEBYLEX', index, bound, '-', 'LIMIT', '0', String(count)], index),
    'ZREVRANGEBYLEX of a key index',
  )
  const members = reply.map((member) => text(member, 'a key index member'))
  const entries: IndexEntry[] = []
  for (const member of members) {
    const entry = parseIndexMember(member)
    if (entry !== undefined) entries.push(entry)
  }
  return { entries, next: members.length < count ? null : `(${members[members.length - 1]!}` }
}

/**
 * The records the entries name, in their order, all read at once. An entry whose record is gone
 * or does not match it is skipped: the listing never shows a record out of its place.
 */
async function readRecords(context: RedisContext, entries: readonly IndexEntry[]): Promise<StoredKey[]> {
  const { connection, layout } = context
  const replies = await Promise.all(
    entries.map((entry) => {
      const record = layout.ofHash(entry.hash).record
      return connection.command(['HGETALL', record], record)
    }),
  )
  const keys: StoredKey[] = []
  replies.forEach((reply, i) => {
    const entry = entries[i]!
    const key = decodeRecord(entry.hash, reply)
    if (key !== undefined && key.id === entry.id && key.createdAt === entry.createdAt) keys.push(key)
  })
  return keys
}

/**
 * O4: one page of the owner's index (or of every key's), after `query.after`. Batches start at
 * `limit + 1` records (a page and the one that says more follow) and grow while filters skip
 * records; only records the index names are read, so an owner's page reads only its own.
 */
async function listPage(context: RedisContext, query: KeyListQuery): Promise<KeyPage> {
  const { layout } = context
  const index = query.ownerId === undefined ? layout.keyIndex : layout.ownerIndex(query.ownerId)
  const found: StoredKey[] = []
  let bound: string | null = query.after === undefined ? '+' : indexBoundAfter(query.after)
  let count = Math.min(query.limit + 1, MAX_BATCH)
  while (bound !== null) {
    const slice = await readIndex(context, index, bound, count)
    for (const key of await readRecords(context, slice.entries)) {
      if (!matchesFilter(key, query)) continue
      if (found.length === query.limit) return { keys: found, more: true }
      found.push(key)
    }
    bound = slice.next
    count = Math.min(count * 2, MAX_BATCH)
  }
  return { keys: found, more: false }
}

/** O6: revokes every key in the owner's index not revoked yet, a batch at a time; how many it revoked. */
async function revokeOwned(context: RedisContext, ownerId: string, at: number): Promise<number> {
  const { connection, layout } = context
  const index = layout.ownerIndex(ownerId)
  let revoked = 0
  let bound: string | null = '+'
  while (bound !== null) {
    const slice = await readIndex(context, index, bound, MAX_BATCH)
    const replies = await Promise.all(
      slice.entries.map((entry) =>
        connection.script(RECORD_SCRIPT, [layout.ofHash(entry.hash).record], ['revoke-owned', String(at), ownerId]),
      ),
    )
    for (const reply of replies) revoked += integer(reply, 'the record revoke-owned')
    bound = slice.next
  }
  return revoked
}

/** O5: the record script's update arguments: the fields to set, then the fields to delete (null). */
function patchArguments(patch: KeyPatch): string[] {
  const set: string[] = []
  const removed: string[] = []
  const put = (field: string, value: string | null): void => {
    if (value === null) removed.push(field)
    else set.push(field, value)
  }
  for (const { property, field, encoding } of REPLACEABLE_FIELDS) {
    const value = patch[property as keyof KeyPatch]
    if (value !== undefined) put(field, value === null ? null : encodeValue(encoding, value))
  }
  return ['update', String(set.length / 2), ...set, ...removed]
}

/** The KeyStore on a shared context (used by `createRedisStores` and `createRedisKeyStore` in index.ts). */
export function keyStoreOn(context: RedisContext): RedisKeyStore {
  return {
    insert: (key) => insertKey(context, key),
    async findByHash(hash) {
      const key = await recordOp(context, hash, ['get'])
      if (key) context.remember(key.id, hash)
      return key
    },
    get: (id) => byId(context, id, ['get']),
    list: (query) => listPage(context, query),
    update: (id, patch) => byId(context, id, patchArguments(patch)),
    revokeAll: (ownerId, at) => revokeOwned(context, ownerId, at),
    revoke: (id, at) => byId(context, id, ['revoke', String(at)]),
    shortenExpiry: (id, expiresAt) => byId(context, id, ['shorten', String(expiresAt)]),
    async touch(id, at) {
      await byId(context, id, ['touch', String(at)])
    },
  }
}

/** The record, with its id reserved first and the listing indexes (every key's, the owner's) written after it. */
async function insertKey(context: RedisContext, key: StoredKey): Promise<void> {
  const { connection, layout } = context
  assertIndexableId(key.id)
  const member = indexMember(key)
  const record = layout.ofHash(key.hash).record
  const idKey = layout.idIndex(key.id)
  // The id is reserved first: SET NX is the uniqueness check for ids, the script's EXISTS for hashes.
  const reserved = await connection.command(['SET', idKey, key.hash, 'NX'], idKey)
  if (reserved === null || reserved === undefined) {
    throw new Error(`keyward/redis: a key with id ${JSON.stringify(key.id)} already exists`)
  }
  const created = integer(
    await connection.script(RECORD_SCRIPT, [record], ['insert', ...encodeRecord(key)]),
    'the record insert',
  )
  if (created !== 1) {
    // Only undo what is known to be ours; after a fault the reservation stays (harmless: the
    // caller never learned the key).
    await connection.command(['DEL', idKey], idKey)
    throw new Error('keyward/redis: a key with the same hash already exists')
  }
  // Each index is its own key (any slot): one command each, sent together.
  const indexes = [layout.keyIndex]
  if (key.ownerId != null) indexes.push(layout.ownerIndex(key.ownerId))
  await Promise.all(indexes.map((index) => connection.command(['ZADD', index, '0', member], index)))
  context.remember(key.id, key.hash)
}

async function recordOp(context: RedisContext, hash: string, args: string[]): Promise<StoredKey | undefined> {
  const reply = await context.connection.script(RECORD_SCRIPT, [context.layout.ofHash(hash).record], args)
  return decodeRecord(hash, reply)
}

/**
 * Runs a record operation on the key with this id. A cached id → hash pair whose record is gone
 * (Redis was emptied) is dropped and the index read again, so a stale cache never answers.
 */
async function byId(context: RedisContext, id: string, args: string[]): Promise<StoredKey | undefined> {
  for (const fresh of [false, true]) {
    const hash = await context.hashOf(id, fresh)
    if (hash === undefined) return undefined
    const key = await recordOp(context, hash, args)
    if (key !== undefined && key.id === id) return key
    context.forget(id)
  }
  return undefined
}
