/**
 * The key manager: create, read, list, update, revoke and rotate keys in the key store. The full
 * key exists only in what `create` and `rotate` return; the store keeps its hash.
 */
import { type AuditAction, type AuditedChange, type ChangeOptions, checkActor } from './audit.js'
import { type KeyCredits, type StoredCredits, balanceIdOf, ledgerOf, sharedBalance, withRemaining } from './credits.js'
import { KeyInputError, KeyNotFoundError, KeyRevokedError } from './errors.js'
import {
  type CreateKeyInput,
  type UpdateKeyInput,
  validateCreateKeyInput,
  validateExpiresAt,
  validateOwnerId,
  validateUpdateKeyInput,
} from './key-input.js'
import { generateKey, generateKeyId, hashKey, isWellFormedKey, maskKey } from './key-format.js'
import { validateKeyRoles } from './roles.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, decodeCursor, encodeCursor, keyStatus } from './key-list.js'
import type { KeywardSettings } from './keyward-options.js'
import type { ReportFault, StoreCalls } from './store-calls.js'
import type { LifecycleEvent } from './telemetry-events.js'
import type { ApiKeyRecord, KeyListQuery, KeyMeta, KeyStatus, KeyType, StoredKey } from './types.js'

/** A key as `create` and `rotate` return it: the only time the full key is ever available. */
export interface CreatedKey {
  /** The full key. Show it once; it is not stored and cannot be read again. */
  key: string
  record: ApiKeyRecord
}

/** Options of `rotate()`. */
export interface RotateOptions extends ChangeOptions {
  /** Let the old key work this long instead of revoking it at once (never past its own expiry). */
  gracePeriodMs?: number
  /**
   * The replacement's expiry, null for none. When absent, the replacement expires when the old key
   * would have (never, when it had no expiry). A rotation never extends a key's lifetime: a later
   * instant, or null, for a key that has an expiry is refused (KeyInputError naming `expiresAt`).
   */
  expiresAt?: CreateKeyInput['expiresAt']
  /** The replacement's name; the old key's when absent. */
  name?: string
}

/** What `list()` returns keys of. */
export interface ListKeysOptions {
  /** Only this owner's keys; only those are read, however many keys the store holds. */
  ownerId?: string
  status?: KeyStatus
  keyType?: KeyType
  /** 1–100, default 50. */
  limit?: number
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

/** One page of keys. */
export interface KeyListPage {
  /** Newest first, masked. */
  keys: ApiKeyRecord[]
  /** Pass it as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

/**
 * Key lifecycle. Every change takes `{ actor }`, the name the audit trail records it under; a
 * change is recorded once the store has made it.
 */
export interface KeyManager {
  create(input: CreateKeyInput, options?: ChangeOptions): Promise<CreatedKey>
  get(id: string): Promise<ApiKeyRecord | undefined>
  /**
   * The record of a full key (one reported as leaked, say), whatever its status; undefined when
   * the key is malformed (no store lookup then) or no record has it. The key is neither kept nor logged.
   */
  findByKey(key: string): Promise<ApiKeyRecord | undefined>
  /**
   * One page of keys, newest first. Paging with `nextCursor` while keys are being created skips
   * and repeats none of the keys that existed at the first page (new keys sort before them).
   */
  list(options?: ListKeysOptions): Promise<KeyListPage>
  /** Every matching key, a page at a time (for exports and scripts). */
  listAll(options?: Omit<ListKeysOptions, 'cursor' | 'limit'>): AsyncIterable<ApiKeyRecord>
  /**
   * Replaces `name`, `meta`, `scopes`, `limits`, `enabled`, `allowedIps`, `roles`, `credits` or
   * `expiresAt` (a future instant, later or earlier, or null for none) of a key. KeyRevokedError
   * for a revoked key, KeyNotFoundError for an unknown id. Every change applies from the next
   * request: `enabled: false` suspends the key at once on every instance, `enabled: true` resumes
   * it, and a key whose new `expiresAt` has passed is refused as expired.
   */
  update(id: string, changes: UpdateKeyInput, options?: ChangeOptions): Promise<ApiKeyRecord>
  /** Revokes at once and for good. Idempotent; throws KeyNotFoundError for an unknown id. */
  revoke(id: string, options?: ChangeOptions): Promise<ApiKeyRecord>
  /** Revokes every key of the owner that is not revoked yet and returns how many. */
  revokeAll(ownerId: string, options?: ChangeOptions): Promise<number>
  /**
   * Creates a replacement with the same name, type, scopes and limits, then revokes the old key
   * at once, or, with `gracePeriodMs`, lets it expire after that period (never later than its
   * own expiry). The replacement expires when the old key would have (no expiry when it had none),
   * or at the earlier `expiresAt` given: a rotation never extends a key's lifetime, so a later
   * `expiresAt`, or null, for a key with an expiry, and the rotation of an expired key, are refused
   * (KeyInputError naming `expiresAt`). A revoked key cannot be rotated (KeyRevokedError); when the old key cannot be revoked or shortened, the
   * replacement is revoked before the error is thrown, so no key is left active that the caller
   * never got.
   */
  rotate(id: string, options?: RotateOptions): Promise<CreatedKey & { previous: ApiKeyRecord }>
}

/** K5: a stored key as the public record, with its status derived at `now` (K6). */
export function toRecord(key: StoredKey, now: number, keyPrefix: string): ApiKeyRecord {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    id: key.id,
    name: key.name,
    keyType: key.keyType,
    maskedKey: maskKey(key.keyType, key.last4, keyPrefix),
    status: keyStatus(key, now),
    ownerId: key.ownerId,
    meta: key.meta === null ? null : (structuredClone(key.meta) as KeyMeta),
    createdAt: new Date(key.createdAt).toISOString(),
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    lastUsedAt: iso(key.lastUsedAt),
    scopes: [...key.scopes],
    limits: key.limits === null ? null : (structuredClone(key.limits) as ApiKeyRecord['limits']),
    enabled: key.enabled,
    allowedIps: key.allowedIps === null ? null : [...key.allowedIps],
    roles: key.roles === null ? null : [...key.roles],
    credits: key.credits === null ? null : withRemaining(key.credits, key.credits.remaining),
  }
}

/** What the key manager works with. */
interface Manager {
  settings: KeywardSettings
  call: StoreCalls['call']
  report: ReportFault
  /** T1: told of each change, when the host listens (the event is not built otherwise). */
  tell: ((event: LifecycleEvent) => void) | undefined
  /** N4: records each change in the audit trail, after the store made it. */
  audit: (change: AuditedChange) => Promise<void>
}

/** T1: what a lifecycle event says of a key. */
function named(record: ApiKeyRecord, at: number) {
  return { keyId: record.id, ownerId: record.ownerId, keyType: record.keyType, at: new Date(at).toISOString() }
}

/** N4: the names of the record fields a create input sets (a value, not left to its default). */
function givenFields(input: object): string[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([field]) => (field === 'sandbox' ? 'keyType' : field))
}

/** N4: an update that sets `enabled` is a suspension or a resumption, whatever else it changes. */
function updateAction(enabled: boolean | undefined): AuditAction {
  return enabled === false ? 'suspended' : enabled === true ? 'enabled' : 'updated'
}

export function createKeyManager(
  settings: KeywardSettings,
  { call }: StoreCalls,
  report: ReportFault,
  audit: (change: AuditedChange) => Promise<void>,
  tell?: (event: LifecycleEvent) => void,
): KeyManager {
  const { stores, clock, keyPrefix } = settings
  const m: Manager = { settings, call, report, tell, audit }
  return {
    async create(input, options) {
      const actor = checkActor(options)
      const created = await createKey(m, input)
      const { id, ownerId, createdAt } = created.record
      const at = Date.parse(createdAt)
      await audit({ action: 'created', keyId: id, ownerId, fields: givenFields(input), actor, at })
      tell?.({ type: 'created', ...named(created.record, at) })
      return created
    },
    async get(id) {
      const stored = await call(stores.keys.get(id), 'keys.get')
      return stored && live(m, stored)
    },
    async findByKey(key) {
      if (typeof key !== 'string' || !isWellFormedKey(key, keyPrefix)) return undefined
      // With a rotated pepper a key may be stored under any of the accepted ones.
      for (const pepper of settings.peppers) {
        const stored = await call(stores.keys.findByHash(hashKey(key, pepper)), 'keys.findByHash')
        if (stored) return live(m, stored)
      }
      return undefined
    },
    list: (options) => listKeys(m, options),
    listAll: (options) => listAll(m, options),
    async update(id, changes, options) {
      const actor = checkActor(options)
      const { patch, credits, addCredits } = validateUpdateKeyInput(changes, keyPrefix, clock.now())
      if (patch.roles !== undefined) validateKeyRoles(patch.roles, settings.roles)
      if (credits !== undefined) patch.credits = credits === null ? null : await setting(m, id, credits)
      const changed = Object.keys(patch).length > 0
      const stored = await call(changed ? stores.keys.update(id, patch) : stores.keys.get(id), 'keys.update')
      if (!stored) throw new KeyNotFoundError(id)
      if (stored.revokedAt !== null) throw new KeyRevokedError(id, 'updated')
      const now = clock.now()
      const record = addCredits !== undefined ? await topUp(m, stored, addCredits, now) : await live(m, stored)
      const fields = Object.keys(patch) as (keyof typeof patch)[]
      if (addCredits !== undefined && patch.credits === undefined) fields.push('credits')
      if (fields.length > 0) {
        const action = updateAction(patch.enabled)
        await audit({ action, keyId: record.id, ownerId: record.ownerId, fields, actor, at: now })
      }
      tell?.({ type: 'updated', changed: fields, ...named(record, now) })
      return record
    },
    async revoke(id, options) {
      const actor = checkActor(options)
      const now = clock.now()
      const stored = await call(stores.keys.revoke(id, now), 'keys.revoke')
      if (!stored) throw new KeyNotFoundError(id)
      const record = toRecord(stored, now, keyPrefix)
      // Revoking a revoked key changes nothing: it keeps its first revocation time.
      if (stored.revokedAt === now) {
        await audit({ action: 'revoked', keyId: id, ownerId: record.ownerId, fields: ['revokedAt'], actor, at: now })
        tell?.({ type: 'revoked', ...named(record, now) })
      }
      return record
    },
    async revokeAll(ownerId, options) {
      const actor = checkActor(options)
      const owner = validateOwnerId(ownerId)
      if (owner === null) throw new KeyInputError('ownerId', 'revokeAll() needs the ownerId whose keys to revoke')
      const now = clock.now()
      const count = await call(stores.keys.revokeAll(owner, now), 'keys.revokeAll')
      // The store answers how many, not which: one event and one audit entry for the owner (T1, N4).
      if (count > 0) {
        await audit({ action: 'revoked_all', keyId: null, ownerId: owner, fields: ['revokedAt'], actor, at: now })
        tell?.({ type: 'revoked-all', ownerId: owner, count, at: new Date(now).toISOString() })
      }
      return count
    },
    rotate: (id, options) => rotate(m, id, options),
  }
}

const STATUSES: readonly string[] = ['active', 'revoked', 'expired']

/** O4: the store query of `options`, checked; throws KeyInputError naming the field. */
function listQuery(options: ListKeysOptions, now: number): KeyListQuery {
  if (typeof options !== 'object' || options === null)
    throw new KeyInputError('options', 'list() takes an options object')
  const { status, keyType, limit = DEFAULT_PAGE_SIZE, cursor } = options
  const ownerId = options.ownerId === undefined ? undefined : (validateOwnerId(options.ownerId) ?? undefined)
  if (status !== undefined && !STATUSES.includes(status)) {
    throw new KeyInputError('status', 'status must be "active", "revoked" or "expired"')
  }
  if (keyType !== undefined && keyType !== 'live' && keyType !== 'test') {
    throw new KeyInputError('keyType', 'keyType must be "live" or "test"')
  }
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new KeyInputError('limit', `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`)
  }
  const after = cursor === undefined || cursor === null ? undefined : decodeCursor(String(cursor))
  return { ownerId, status, keyType, limit, after, now }
}

async function listKeys({ settings, call }: Manager, options: ListKeysOptions = {}): Promise<KeyListPage> {
  const { clock, stores } = settings
  const now = clock.now()
  const page = await call(stores.keys.list(listQuery(options, now)), 'keys.list')
  const last = page.keys[page.keys.length - 1]
  const m = { settings, call } as Manager
  return {
    keys: await Promise.all(page.keys.map((k) => live(m, k, now))),
    nextCursor: page.more && last !== undefined ? encodeCursor(last) : null,
  }
}

async function* listAll(
  m: Manager,
  options: Omit<ListKeysOptions, 'cursor' | 'limit'> = {},
): AsyncIterable<ApiKeyRecord> {
  let cursor: string | null = null
  do {
    const page: KeyListPage = await listKeys(m, { ...options, limit: MAX_PAGE_SIZE, cursor })
    yield* page.keys
    cursor = page.nextCursor
  } while (cursor !== null)
}

/**
 * `now` is the creation time; a rotation passes the instant it decided the replacement's expiry
 * at, and the old key's credits, whose balance the replacement shares (its record shows it live).
 */
async function createKey(
  { settings, call }: Manager,
  input: CreateKeyInput,
  now = settings.clock.now(),
  shared?: StoredCredits,
): Promise<CreatedKey> {
  const { keyPrefix, peppers, stores } = settings
  const valid = validateCreateKeyInput(input, now, keyPrefix, settings.defaultScopes)
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
    ownerId: valid.ownerId,
    meta: valid.meta,
    enabled: valid.enabled,
    allowedIps: valid.allowedIps,
    // M7: only roles this instance defines; the names were checked with the other fields.
    roles: validateKeyRoles(valid.roles, settings.roles),
    // The balance starts from these as of now, so refills due before the first request count.
    credits: shared ?? (valid.credits === null ? null : { ...valid.credits, since: now }),
  }
  // Checked before anything is stored: a key with credits needs a limiter that keeps them.
  if (stored.credits !== null) ledgerOf(stores.limiter)
  await call(stores.keys.insert(stored), 'keys.insert')
  return {
    key,
    record: shared === undefined ? toRecord(stored, now, keyPrefix) : await live({ settings, call }, stored, now),
  }
}

/** The record of `stored` with its credits' live balance (what the limiter's ledger holds now). */
async function live(
  { settings, call }: Pick<Manager, 'settings' | 'call'>,
  stored: StoredKey,
  now = settings.clock.now(),
): Promise<ApiKeyRecord> {
  const record = toRecord(stored, now, settings.keyPrefix)
  const credits = stored.credits
  if (credits === null) return record
  const ledger = ledgerOf(settings.stores.limiter)
  const state = await call(ledger.spend(balanceIdOf(stored), credits, 0, now, false), 'credits.read')
  return { ...record, credits: withRemaining(credits, state.remaining) }
}

/**
 * M3: new credits as stored: a setting replaces what is left wherever the balance is kept, so it
 * is stamped later than the one it replaces, even within the same millisecond. A rotation's keys
 * keep sharing their balance: the setting replaces it for both.
 */
async function setting(m: Manager, id: string, credits: KeyCredits): Promise<StoredCredits> {
  const before = await m.call(m.settings.stores.keys.get(id), 'keys.get')
  const since = Math.max(m.settings.clock.now(), (before?.credits?.since ?? 0) + 1)
  const balance = before?.credits?.balance
  return balance === undefined ? { ...credits, since } : { ...credits, since, balance }
}

/** M3: adds `units` to what the key has left, atomically in the ledger. */
async function topUp(m: Manager, stored: StoredKey, units: number, now: number): Promise<ApiKeyRecord> {
  const credits = stored.credits
  if (credits === null) {
    throw new KeyInputError('credits', 'credits.add needs a key with credits: set credits.remaining first')
  }
  const ledger = ledgerOf(m.settings.stores.limiter)
  const state = await m.call(ledger.add(balanceIdOf(stored), credits, units, now), 'credits.add')
  return { ...toRecord(stored, now, m.settings.keyPrefix), credits: withRemaining(credits, state.remaining) }
}

async function rotate(
  m: Manager,
  id: string,
  options: RotateOptions = {},
): Promise<CreatedKey & { previous: ApiKeyRecord }> {
  const grace = options.gracePeriodMs ?? 0
  if (typeof grace !== 'number' || !Number.isFinite(grace) || grace < 0) {
    throw new TypeError('keyward: rotate() option "gracePeriodMs" must be a non-negative number of milliseconds')
  }
  const actor = checkActor(options)
  const old = await m.call(m.settings.stores.keys.get(id), 'keys.get')
  if (!old) throw new KeyNotFoundError(id)
  if (old.revokedAt !== null) throw new KeyRevokedError(id, 'rotated')
  const now = m.settings.clock.now()
  const input: CreateKeyInput = {
    name: options.name ?? old.name,
    keyType: old.keyType,
    expiresAt: replacementExpiry(old, options.expiresAt, now),
    scopes: old.scopes,
    limits: old.limits,
    ownerId: old.ownerId,
    meta: old.meta as KeyMeta | null,
    // A suspension outlives a rotation: the replacement of a suspended key starts suspended.
    enabled: old.enabled,
    allowedIps: old.allowedIps,
    roles: old.roles,
    credits: old.credits === null ? null : withRemaining(old.credits, old.credits.remaining),
  }
  const shared = old.credits === null ? undefined : await replacementCredits(m, old, old.credits, grace, now)
  const created = await createKey(m, input, now, shared)
  let previous: ApiKeyRecord
  try {
    previous = await retire(m, id, grace)
  } catch (error) {
    await withdraw(m, created.record)
    throw error
  }
  const previousExpiresAt = grace === 0 ? null : previous.expiresAt
  const { ownerId } = previous
  await m.audit({ action: 'created', keyId: created.record.id, ownerId, fields: givenFields(input), actor, at: now })
  const retired = grace === 0 ? 'revokedAt' : 'expiresAt'
  await m.audit({ action: 'rotated', keyId: id, ownerId, fields: [retired], actor, at: now })
  m.tell?.({
    type: 'rotated',
    previousKeyId: id,
    previousExpiresAt,
    ...named(created.record, Date.parse(created.record.createdAt)),
  })
  return { ...created, previous }
}

/**
 * A rotation never extends the lifetime the key was given: the replacement expires when the old
 * key would have, or earlier when asked; a key with no expiry gives a replacement with the one asked.
 */
function replacementExpiry(old: StoredKey, asked: CreateKeyInput['expiresAt'], now: number): number | null {
  const wanted = validateExpiresAt(asked, now)
  if (old.expiresAt === null) return wanted
  const latest = new Date(old.expiresAt).toISOString()
  if (old.expiresAt <= now) {
    throw new KeyInputError(
      'expiresAt',
      `API key ${old.id} expired at ${latest}, and a rotation cannot extend its lifetime: create a new key, or give it a later expiresAt with update() first`,
    )
  }
  if (asked === undefined) return old.expiresAt
  if (wanted === null || wanted > old.expiresAt) {
    throw new KeyInputError(
      'expiresAt',
      `expiresAt of a rotation may not be later than the old key's, ${latest}: a rotation cannot extend a key's lifetime`,
    )
  }
  return wanted
}

/**
 * The replacement's credits: it spends the old key's balance (no copy of it), so the two keys,
 * during the grace period, hold one balance. Where a ledger cannot share one (a Redis Cluster), the
 * replacement starts from what the old key has left, and only a rotation that revokes the old key
 * at once is made: with a grace period both keys would spend a balance each.
 */
async function replacementCredits(
  m: Manager,
  old: StoredKey,
  credits: StoredCredits,
  grace: number,
  now: number,
): Promise<StoredCredits> {
  if (ledgerOf(m.settings.stores.limiter).sharedBalances !== false) return { ...credits, balance: sharedBalance(old) }
  if (grace > 0) {
    throw new KeyInputError(
      'gracePeriodMs',
      'a key with credits on this store cannot keep working after its rotation (two keys would spend a balance each): rotate it without a grace period',
    )
  }
  const left = (await live(m, old, now)).credits!
  return { ...left, since: now }
}

/**
 * Revokes the old key, or shortens its expiry to the grace period (the store never moves it later). Refused when it was revoked
 * meanwhile (by another caller): the rotation must not hand out a replacement for it.
 */
async function retire({ settings, call }: Manager, id: string, grace: number): Promise<ApiKeyRecord> {
  const { clock, keyPrefix, stores } = settings
  const now = clock.now()
  const after =
    grace === 0
      ? await call(stores.keys.revoke(id, now), 'keys.revoke')
      : await call(stores.keys.shortenExpiry(id, now + grace), 'keys.shortenExpiry')
  if (after === undefined) throw new KeyNotFoundError(id)
  const revokedMeanwhile = after.revokedAt !== null && (grace !== 0 || after.revokedAt !== now)
  if (revokedMeanwhile) throw new KeyRevokedError(id, 'rotated')
  return toRecord(after, now, keyPrefix)
}

/** Best effort: the replacement of a rotation that failed must not stay active unknown to anyone. */
async function withdraw({ settings, call, report }: Manager, replacement: ApiKeyRecord): Promise<void> {
  try {
    await call(settings.stores.keys.revoke(replacement.id, settings.clock.now()), 'keys.revoke')
  } catch (error) {
    const message = `keyward: rotate() failed and its replacement key ${replacement.id} could not be revoked; revoke it`
    report(new Error(message, { cause: error }), '', 'manage')
  }
}
