import type { KeyStore, StoredKey } from '../types.js'
import { array, decodeRecord, encodeRecord, integer, text } from './codec.js'
import { type RedisContext, type RedisStoreOptions, createContext } from './context.js'
import { RECORD_SCRIPT } from './scripts/record.js'

/** The KeyStore on Redis: every operation answers with a promise. */
export interface RedisKeyStore extends KeyStore {
  insert(key: StoredKey): Promise<void>
  findByHash(hash: string): Promise<StoredKey | undefined>
  get(id: string): Promise<StoredKey | undefined>
  list(): Promise<StoredKey[]>
  revoke(id: string, at: number): Promise<StoredKey | undefined>
  shortenExpiry(id: string, expiresAt: number): Promise<StoredKey | undefined>
  touch(id: string, at: number): Promise<void>
}

/** How many records `list()` reads at once. */
const LIST_CONCURRENCY = 256

/** The KeyStore on a shared context (used by `createRedisStores` and `createRedisKeyStore`). */
export function keyStoreOn(context: RedisContext): RedisKeyStore {
  const { connection, layout } = context

  async function recordOp(hash: string, args: string[]): Promise<StoredKey | undefined> {
    const reply = await connection.script(RECORD_SCRIPT, [layout.ofHash(hash).record], args)
    return decodeRecord(hash, reply)
  }

  /**
   * Runs a record operation on the key with this id. A cached id → hash pair whose record is gone
   * (Redis was emptied) is dropped and the index read again, so a stale cache never answers.
   */
  async function byId(id: string, args: string[]): Promise<StoredKey | undefined> {
    for (const fresh of [false, true]) {
      const hash = await context.hashOf(id, fresh)
      if (hash === undefined) return undefined
      const key = await recordOp(hash, args)
      if (key !== undefined && key.id === id) return key
      context.forget(id)
    }
    return undefined
  }

  return {
    async insert(key) {
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
      await connection.command(['ZADD', layout.keyIndex, String(key.createdAt), key.hash], layout.keyIndex)
      context.remember(key.id, key.hash)
    },

    async findByHash(hash) {
      const key = await recordOp(hash, ['get'])
      if (key) context.remember(key.id, hash)
      return key
    },

    get(id) {
      return byId(id, ['get'])
    },

    async list() {
      const reply = array(
        await connection.command(['ZREVRANGE', layout.keyIndex, '0', '-1'], layout.keyIndex),
        'ZREVRANGE of the key index',
      )
      const hashes = reply.map((h) => text(h, 'a key index member'))
      const keys: StoredKey[] = []
      for (let i = 0; i < hashes.length; i += LIST_CONCURRENCY) {
        const chunk = await Promise.all(hashes.slice(i, i + LIST_CONCURRENCY).map((h) => recordOp(h, ['get'])))
        for (const key of chunk) if (key) keys.push(key)
      }
      // Newest first; ties: the larger id first (the KeyStore contract).
      return keys.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    },

    revoke(id, at) {
      return byId(id, ['revoke', String(at)])
    },

    shortenExpiry(id, expiresAt) {
      return byId(id, ['shorten', String(expiresAt)])
    },

    async touch(id, at) {
      await byId(id, ['touch', String(at)])
    },
  }
}

/**
 * Key records on Redis (K3, K5, K6, K7). Only hashes and the last 4 characters are stored.
 * Revocation writes the record every instance's hot path reads, so it takes effect at once.
 *
 * @example
 * import Redis from 'ioredis'
 * import { createRedisKeyStore } from 'keyward/redis'
 * const keys = createRedisKeyStore({ client: new Redis({ enableOfflineQueue: false }) })
 */
export function createRedisKeyStore(options: RedisStoreOptions): RedisKeyStore {
  return keyStoreOn(createContext(options))
}
