import { isAfter, matchesFilter, newestFirst } from '../../core/key-list.js'
import type { LimitWindow } from '../../core/meter-types.js'
import type { KeyLimitList, KeyLimits, KeyListQuery, KeyPage, KeyPatch, KeyStore, StoredKey } from '../../core/types.js'
import { deepFreeze, NO_SCOPES } from '../../core/key-input.js'

/** A `KeyStore` that answers synchronously, with the number of keys it holds. */
export interface MemoryKeyStore extends KeyStore {
  insert(key: StoredKey): void
  findByHash(hash: string): StoredKey | undefined
  get(id: string): StoredKey | undefined
  list(query: KeyListQuery): KeyPage
  update(id: string, patch: KeyPatch): StoredKey | undefined
  revokeAll(ownerId: string, at: number): number
  revoke(id: string, at: number): StoredKey | undefined
  shortenExpiry(id: string, expiresAt: number): StoredKey | undefined
  touch(id: string, at: number): void
  /** Keys held. */
  readonly size: number
}

/**
 * Key records in process memory: two maps, hash → record and id → record, sharing
 * one compact record per key (about 450 bytes of heap with its strings and map entries; no
 * per-record closures, nothing allocated for empty `scopes` or null `limits`). Everything is lost when the process exits, so
 * this store suits tests, demos and single-process services whose keys are created at start.
 *
 * Reads return the stored record itself, not a copy, so the hot path allocates nothing: callers
 * must treat records as read-only, and a record they hold reflects later `revoke`,
 * `shortenExpiry` and `touch` calls. `scopes` and `limits` are frozen copies, so the caller's
 * arrays passed to `insert` can change afterwards without affecting the store.
 *
 * @example
 * import { createMemoryKeyStore } from 'keyward'
 * const keys = createMemoryKeyStore()
 * keys.insert(record)
 * keys.findByHash(hashKey(token))?.id
 */
export function createMemoryKeyStore(): MemoryKeyStore {
  const byHash = new Map<string, StoredKey>()
  const byId = new Map<string, StoredKey>()
  // Listing order indexes: every key, and each owner's keys (O4: an owner's page reads only its keys).
  const all = new OrderedKeys()
  const byOwner = new Map<string, OrderedKeys>()

  return {
    insert(key) {
      // Checked before either map is written, so a rejected insert leaves nothing behind.
      if (byId.has(key.id)) throw new Error(`keyward: a key with id ${JSON.stringify(key.id)} already exists`)
      if (byHash.has(key.hash)) throw new Error('keyward: a key with this hash already exists')
      const record = copyRecord(key)
      byId.set(record.id, record)
      byHash.set(record.hash, record)
      all.add(record)
      if (record.ownerId !== null) ownedBy(byOwner, record.ownerId).add(record)
    },

    findByHash(hash) {
      return byHash.get(hash)
    },

    get(id) {
      return byId.get(id)
    },

    list(query) {
      if (query.ownerId === undefined) return all.page(query)
      return byOwner.get(query.ownerId)?.page(query) ?? { keys: [], more: false }
    },

    update(id, patch) {
      const record = byId.get(id)
      if (record !== undefined && record.revokedAt === null) applyPatch(record, patch)
      return record
    },

    revoke(id, at) {
      const record = byId.get(id)
      if (record !== undefined && record.revokedAt === null) record.revokedAt = at
      return record
    },

    revokeAll(ownerId, at) {
      let revoked = 0
      for (const record of byOwner.get(ownerId)?.newestFirst() ?? []) {
        if (record.revokedAt === null) {
          record.revokedAt = at
          revoked++
        }
      }
      return revoked
    },

    shortenExpiry(id, expiresAt) {
      const record = byId.get(id)
      if (record !== undefined && (record.expiresAt === null || expiresAt < record.expiresAt)) {
        record.expiresAt = expiresAt
      }
      return record
    },

    touch(id, at) {
      const record = byId.get(id)
      if (record !== undefined && (record.lastUsedAt === null || at > record.lastUsedAt)) record.lastUsedAt = at
    },

    get size() {
      return byId.size
    },
  }
}

/**
 * A record of one fixed shape (one hidden class for every key keeps them compact and reads
 * monomorphic), holding only the contract's fields even when the caller's object has more.
 */
/** A frozen copy; most keys hold no scope, and those share one empty array. */
function frozenScopes(scopes: readonly string[]): readonly string[] {
  return scopes.length === 0 ? NO_SCOPES : Object.freeze(scopes.slice())
}

function copyRecord(key: StoredKey): StoredKey {
  return {
    id: flat(key.id),
    hash: flat(key.hash),
    name: flat(key.name),
    keyType: key.keyType,
    last4: flat(key.last4),
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    lastUsedAt: key.lastUsedAt,
    scopes: frozenScopes(key.scopes),
    limits: key.limits === null ? null : copyLimits(key.limits),
    ownerId: key.ownerId == null ? null : flat(key.ownerId),
    meta: copyMeta(key.meta),
    enabled: key.enabled !== false,
    allowedIps: key.allowedIps == null ? null : Object.freeze(key.allowedIps.slice()),
    roles: key.roles == null ? null : Object.freeze(key.roles.slice()),
    credits: copyCredits(key.credits),
  }
}

function copyCredits(credits: StoredKey['credits'] | undefined): StoredKey['credits'] {
  return credits == null ? null : deepFreeze(structuredClone(credits))
}

function copyMeta(meta: StoredKey['meta'] | undefined): StoredKey['meta'] {
  return meta == null ? null : deepFreeze(structuredClone(meta))
}

/** O5: records are shared with readers, so fields are replaced, never mutated in place. */
function applyPatch(record: StoredKey, patch: KeyPatch): void {
  if (patch.name !== undefined) record.name = flat(patch.name)
  if (patch.meta !== undefined) record.meta = copyMeta(patch.meta)
  if (patch.scopes !== undefined) record.scopes = frozenScopes(patch.scopes)
  if (patch.limits !== undefined) record.limits = patch.limits === null ? null : copyLimits(patch.limits)
  if (patch.enabled !== undefined) record.enabled = patch.enabled
  if (patch.expiresAt !== undefined) record.expiresAt = patch.expiresAt
  if (patch.allowedIps !== undefined)
    record.allowedIps = patch.allowedIps === null ? null : Object.freeze(patch.allowedIps.slice())
  if (patch.roles !== undefined) record.roles = patch.roles === null ? null : Object.freeze(patch.roles.slice())
  if (patch.credits !== undefined) record.credits = copyCredits(patch.credits)
}

function ownedBy(byOwner: Map<string, OrderedKeys>, ownerId: string): OrderedKeys {
  let keys = byOwner.get(ownerId)
  if (keys === undefined) {
    keys = new OrderedKeys()
    byOwner.set(ownerId, keys)
  }
  return keys
}

/**
 * Records oldest first, so that a key created now (the usual insert) appends and a page walks
 * back from the end; an insert out of order (an import) finds its place by binary search.
 */
class OrderedKeys {
  private readonly keys: StoredKey[] = []

  add(key: StoredKey): void {
    const keys = this.keys
    if (keys.length === 0 || newestFirst(keys[keys.length - 1]!, key) > 0) {
      keys.push(key)
      return
    }
    keys.splice(this.indexAfter(key), 0, key)
  }

  /** The index of the first key newer than `position`. */
  private indexAfter(position: { createdAt: number; id: string }): number {
    let low = 0
    let high = this.keys.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (newestFirst(this.keys[mid]!, position) < 0) high = mid
      else low = mid + 1
    }
    return low
  }

  *newestFirst(): Iterable<StoredKey> {
    for (let i = this.keys.length - 1; i >= 0; i--) yield this.keys[i]!
  }

  page(query: KeyListQuery): KeyPage {
    const found: StoredKey[] = []
    let i = query.after === undefined ? this.keys.length - 1 : this.indexAfter(query.after) - 1
    for (; i >= 0; i--) {
      const key = this.keys[i]!
      if (!isAfter(key, query.after) || !matchesFilter(key, query)) continue
      if (found.length === query.limit) return { keys: found, more: true }
      found.push(key)
    }
    return { keys: found, more: false }
  }
}

/**
 * A string built from pieces is kept as a chain of them, several times its flat size; reading a
 * character flattens it in place. The content is unchanged: only memory is saved.
 */
function flat(text: string): string {
  text.charCodeAt(0)
  return text
}

function copyLimits(limits: KeyLimits | KeyLimitList): KeyLimits | KeyLimitList {
  if (Array.isArray(limits)) {
    const list = limits as KeyLimitList
    return Object.freeze(list.map((limit) => Object.freeze({ ...limit, window: copyWindow(limit.window) })))
  }
  const shorthands = limits as KeyLimits
  const copy: KeyLimits = {}
  if (shorthands.perMinute !== undefined) copy.perMinute = shorthands.perMinute
  if (shorthands.perMonth !== undefined) copy.perMonth = shorthands.perMonth
  return Object.freeze(copy)
}

function copyWindow(window: LimitWindow): LimitWindow {
  return typeof window === 'object' ? Object.freeze({ month: Object.freeze({ day: window.month.day }) }) : window
}
