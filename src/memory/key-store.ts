import type { KeyLimits, KeyStore, StoredKey } from '../types.js'

/** A `KeyStore` that answers synchronously, with the number of keys it holds. */
export interface MemoryKeyStore extends KeyStore {
  insert(key: StoredKey): void
  findByHash(hash: string): StoredKey | undefined
  get(id: string): StoredKey | undefined
  list(): StoredKey[]
  revoke(id: string, at: number): StoredKey | undefined
  shortenExpiry(id: string, expiresAt: number): StoredKey | undefined
  touch(id: string, at: number): void
  /** Keys held. */
  readonly size: number
}

/**
 * Key records in process memory (K3, K5, K6): two maps, hash → record and id → record, sharing
 * one compact record per key (about 450 bytes of heap with its strings and map entries; no
 * per-record closures, nothing allocated for null `scopes` or `limits`). Everything is lost when the process exits, so
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

  return {
    insert(key) {
      // Checked before either map is written, so a rejected insert leaves nothing behind.
      if (byId.has(key.id)) throw new Error(`keyward: a key with id ${JSON.stringify(key.id)} already exists`)
      if (byHash.has(key.hash)) throw new Error('keyward: a key with this hash already exists')
      const record = copyRecord(key)
      byId.set(record.id, record)
      byHash.set(record.hash, record)
    },

    findByHash(hash) {
      return byHash.get(hash)
    },

    get(id) {
      return byId.get(id)
    },

    list() {
      return Array.from(byId.values()).sort(newestFirst)
    },

    revoke(id, at) {
      const record = byId.get(id)
      if (record !== undefined && record.revokedAt === null) record.revokedAt = at
      return record
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
    scopes: key.scopes === null ? null : Object.freeze(key.scopes.slice()),
    limits: key.limits === null ? null : copyLimits(key.limits),
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

function copyLimits(limits: KeyLimits): KeyLimits {
  const copy: KeyLimits = {}
  if (limits.perMinute !== undefined) copy.perMinute = limits.perMinute
  if (limits.perMonth !== undefined) copy.perMonth = limits.perMonth
  return Object.freeze(copy)
}

/** `list()` order: newest `createdAt` first; equal times, the larger id (code-unit order) first. */
function newestFirst(a: StoredKey, b: StoredKey): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}
