/**
 * The key manager (K3–K6): create, read, list, revoke and rotate keys in the key store. The full
 * key exists only in what `create` and `rotate` return; the store keeps its hash.
 */
import { KeyNotFoundError, KeyRevokedError } from './errors.js'
import { type CreateKeyInput, validateCreateKeyInput } from './key-input.js'
import { generateKey, generateKeyId, hashKey, maskKey } from './key-format.js'
import type { KeywardSettings } from './keyward-options.js'
import type { ReportFault, StoreCalls } from './store-calls.js'
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
   * own expiry). The replacement gets `expiresAt` when given, else none. A revoked key cannot be
   * rotated (KeyRevokedError); when the old key cannot be revoked or shortened, the replacement
   * is revoked before the error is thrown, so no key is left active that the caller never got.
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
  report: ReportFault
}

export function createKeyManager(settings: KeywardSettings, { call }: StoreCalls, report: ReportFault): KeyManager {
  const { stores, clock, keyPrefix } = settings
  const m: Manager = { settings, call, report }
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
  const grace = options.gracePeriodMs ?? 0
  if (typeof grace !== 'number' || !Number.isFinite(grace) || grace < 0) {
    throw new TypeError('keyward: rotate() option "gracePeriodMs" must be a non-negative number of milliseconds')
  }
  const old = await m.call(m.settings.stores.keys.get(id))
  if (!old) throw new KeyNotFoundError(id)
  if (old.revokedAt !== null) throw new KeyRevokedError(id, 'rotated')
  const created = await createKey(m, {
    name: options.name ?? old.name,
    keyType: old.keyType,
    expiresAt: options.expiresAt ?? null,
    scopes: old.scopes,
    limits: old.limits,
  })
  try {
    return { ...created, previous: await retire(m, id, grace) }
  } catch (error) {
    await withdraw(m, created.record)
    throw error
  }
}

/**
 * Revokes the old key, or shortens its expiry to the grace period. Refused when it was revoked
 * meanwhile (by another caller): the rotation must not hand out a replacement for it.
 */
async function retire({ settings, call }: Manager, id: string, grace: number): Promise<ApiKeyRecord> {
  const { clock, keyPrefix, stores } = settings
  const now = clock.now()
  const after = grace === 0 ? await call(stores.keys.revoke(id, now)) : await call(stores.keys.shortenExpiry(id, now + grace))
  if (after === undefined) throw new KeyNotFoundError(id)
  const revokedMeanwhile = after.revokedAt !== null && (grace !== 0 || after.revokedAt !== now)
  if (revokedMeanwhile) throw new KeyRevokedError(id, 'rotated')
  return toRecord(after, now, keyPrefix)
}

/** Best effort: the replacement of a rotation that failed must not stay active unknown to anyone. */
async function withdraw({ settings, call, report }: Manager, replacement: ApiKeyRecord): Promise<void> {
  try {
    await call(settings.stores.keys.revoke(replacement.id, settings.clock.now()))
  } catch (error) {
    const message = `keyward: rotate() failed and its replacement key ${replacement.id} could not be revoked; revoke it`
    report(new Error(message, { cause: error }), '', 'manage')
  }
}
