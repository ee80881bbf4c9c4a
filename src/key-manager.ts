/**
 * The key manager (K3–K6): create, read, list, revoke and rotate keys in the key store. The full
 * key exists only in what `create` and `rotate` return; the store keeps its hash.
 */
import { KeyNotFoundError } from './errors.js'
import { type CreateKeyInput, validateCreateKeyInput } from './key-input.js'
import { generateKey, generateKeyId, hashKey, maskKey } from './key-format.js'
import type { KeywardSettings } from './keyward-options.js'
import type { StoreCalls } from './store-calls.js'
import type { ApiKeyRecord, StoredKey } from './types.js'

/** A key as `create` and `rotate` return it: the only time the full key is ever available. */
export interface CreatedKey {
  /** The full key. Show it once; it is not stored and cannot be read again (K3). */
  key: string
  record: ApiKeyRecord
}

/** Options of `rotate()`. */
export interface RotateOptions {
  /** Let the old key work this long instead of revoking it at once (never past its own expiry). */
  gracePeriodMs?: number
  /** The replacement's expiry; none when absent. */
  expiresAt?: CreateKeyInput['expiresAt']
  /** The replacement's name; the old key's when absent. */
  name?: string
}

/** Key lifecycle (K5, K6). */
export interface KeyManager {
  create(input: CreateKeyInput): Promise<CreatedKey>
  get(id: string): Promise<ApiKeyRecord | undefined>
  /** Every key, newest first, masked (K4). */
  list(): Promise<ApiKeyRecord[]>
  /** Revokes at once and for good (K6, K7). Idempotent; throws KeyNotFoundError for an unknown id. */
  revoke(id: string): Promise<ApiKeyRecord>
  /**
   * Creates a replacement with the same name, type, scopes and limits, then revokes the old key
   * at once, or, with `gracePeriodMs`, lets it expire after that period (never later than its
   * own expiry). The replacement gets `expiresAt` when given, else none.
   */
  rotate(id: string, options?: RotateOptions): Promise<CreatedKey & { previous: ApiKeyRecord }>
}

/** K5: a stored key as the public record, with its status derived at `now` (K6). */
export function toRecord(key: StoredKey, now: number, keyPrefix: string): ApiKeyRecord {
  const status =
    key.revokedAt !== null ? 'revoked' : key.expiresAt !== null && key.expiresAt <= now ? 'expired' : 'active'
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    id: key.id,
    name: key.name,
    keyType: key.keyType,
    maskedKey: maskKey(key.keyType, key.last4, keyPrefix),
    status,
    createdAt: new Date(key.createdAt).toISOString(),
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    lastUsedAt: iso(key.lastUsedAt),
    scopes: key.scopes === null ? null : [...key.scopes],
    limits: key.limits === null ? null : { ...key.limits },
  }
}

/** What the key manager works with. */
interface Manager {
  settings: KeywardSettings
  call: StoreCalls['call']
}

export function createKeyManager(settings: KeywardSettings, { call }: StoreCalls): KeyManager {
  const { stores, clock, keyPrefix } = settings
  const m: Manager = { settings, call }
  return {
    create: (input) => createKey(m, input),
    async get(id) {
      const stored = await call(stores.keys.get(id))
      return stored && toRecord(stored, clock.now(), keyPrefix)
    },
    async list() {
      const all = await call(stores.keys.list())
      const now = clock.now()
      return all.map((k) => toRecord(k, now, keyPrefix))
    },
    async revoke(id) {
      const now = clock.now()
      const stored = await call(stores.keys.revoke(id, now))
      if (!stored) throw new KeyNotFoundError(id)
      return toRecord(stored, now, keyPrefix)
    },
    rotate: (id, options) => rotate(m, id, options),
  }
}

async function createKey({ settings, call }: Manager, input: CreateKeyInput): Promise<CreatedKey> {
  const { clock, keyPrefix, peppers, stores } = settings
  const now = clock.now()
  const valid = validateCreateKeyInput(input, now, keyPrefix)
  const key = generateKey(valid.keyType, keyPrefix)
  const stored: StoredKey = {
    id: generateKeyId(),
    hash: hashKey(key, peppers[0]),
    name: valid.name,
    keyType: valid.keyType,
    last4: key.slice(-4),
    createdAt: now,
    expiresAt: valid.expiresAt,
    revokedAt: null,
    lastUsedAt: null,
    scopes: valid.scopes,
    limits: valid.limits,
  }
  await call(stores.keys.insert(stored))
  return { key, record: toRecord(stored, now, keyPrefix) }
}

async function rotate(m: Manager, id: string, options: RotateOptions = {}): Promise<CreatedKey & { previous: ApiKeyRecord }> {
  const { clock, keyPrefix, stores } = m.settings
  const old = await m.call(stores.keys.get(id))
  if (!old) throw new KeyNotFoundError(id)
  const grace = options.gracePeriodMs
  if (grace !== undefined && (!Number.isFinite(grace) || grace < 0)) {
    throw new TypeError('keyward: rotate() option "gracePeriodMs" must be a non-negative number of milliseconds')
  }
  const created = await createKey(m, {
    name: options.name ?? old.name,
    keyType: old.keyType,
    expiresAt: options.expiresAt ?? null,
    scopes: old.scopes,
    limits: old.limits,
  })
  const now = clock.now()
  const after =
    grace === undefined || grace === 0
      ? await m.call(stores.keys.revoke(id, now))
      : await m.call(stores.keys.shortenExpiry(id, now + grace))
  if (!after) throw new KeyNotFoundError(id)
  return { ...created, previous: toRecord(after, now, keyPrefix) }
}
