/**
 * Key records of Postgres cached in Redis (S9): on a hit, the Redis store's own authorize script
 * decides record and limits in one round trip, with no Postgres statement; a miss reads Postgres
 * once (the batched lookup) and fills the cache.
 *
 * Postgres stays the system of record; the cache may lose anything at any time (a flush, a
 * restart) and is refilled. What keeps a cached record from being older than Postgres
 * (`scripts/record-cache.ts` in the Redis store):
 *
 * - A change marks the record "changing" before it writes Postgres: the record is deleted (every
 *   request misses) and no fill may write until the change settles. After Postgres, the change
 *   writes its record, unless another change or a flush overlapped it (then it leaves the record
 *   missing), and never below the highest version settled (the version column of migration 8).
 *   When the mark fails, the change fails before Postgres is touched; when the settle fails, the
 *   mark stays until it expires, and requests read Postgres meanwhile.
 * - A fill claims the record before it reads Postgres, and writes only while its claim stands:
 *   every change cancels the claims under way, and a flush takes them with it. A fill that may
 *   not write decides the request from the record it read, with the same limiter.
 *
 * Redis must run with `maxmemory-policy noeviction` (checked as for the Redis store): an evicted
 * mark would let a fill store an older record.
 */
import { randomBytes } from 'node:crypto'
import { composeAuthorize } from '../../core/compose-authorize.js'
import { withTimeout } from '../../core/store-calls.js'
import type { AuthorizeInput, AuthorizeOutcome, KeyStore, StoredKey } from '../../core/types.js'
import { authorizeOn } from '../redis/authorize.js'
import { encodeRecord, integer } from '../redis/codec.js'
import { type RedisContext, type RedisStoreOptions, createContext, setBounded } from '../redis/context.js'
import { type RedisRateLimiter, rateLimiterOn } from '../redis/rate-limiter.js'
import { type RedisUsageLog, type RedisUsageOptions, usageLogOn } from '../redis/usage-log.js'
import { RECORD_CACHE_SCRIPT } from '../redis/scripts/record-cache.js'
import { isSqlError } from './connection.js'
import type { PostgresKeyStore, VersionedKey, VersionedKeyOps } from './key-store.js'

/** Options of the Redis cache: `createPostgresStores({ pool, redis: { client } })`. */
export type PostgresRedisCacheOptions = Omit<RedisStoreOptions, 'allowEviction'>

/** How long a change's mark lives: longer than any Postgres statement may still commit after its caller gave up. */
const CHANGE_MARK_MS = 60_000
/** How long a fill's claim lives: far longer than its bounded Postgres read. */
const FILL_CLAIM_MS = 10_000
/** The owner's keys revoked per round of `revokeAll`, so every round's marks stay bounded. */
const REVOKE_ROUND = 500
/** As many id → hash pairs as the Redis store remembers. */
const ID_CACHE_LIMIT = 10_000

/** The cache: the key store in front of Postgres, the Redis limiter and the fused authorize. */
export interface RecordCache {
  keys: PostgresKeyStore
  limiter: RedisRateLimiter
  /** Settles within `timeoutMs`, a miss's Postgres read and Redis calls included. */
  authorize(input: AuthorizeInput): Promise<AuthorizeOutcome>
  ready(): Promise<void>
  /** The Redis store's usage log on this Redis: capped lists, no Postgres write per request. */
  usage(options: RedisUsageOptions): RedisUsageLog
  /** The longer of the Postgres and the Redis bound: what one operation of the cache may take as a whole. */
  timeoutMs: number
}

const mark = (): string => randomBytes(12).toString('base64url')

function checkOptions(options: unknown): PostgresRedisCacheOptions {
  if (typeof options !== 'object' || options === null || !('client' in options)) {
    throw new TypeError('keyward/postgres: option "redis" must be an object { client, prefix?, timeoutMs? }')
  }
  if ((options as { allowEviction?: unknown }).allowEviction !== undefined) {
    throw new TypeError(
      'keyward/postgres: option "redis.allowEviction" is not supported: the key cache needs maxmemory-policy noeviction',
    )
  }
  return options as PostgresRedisCacheOptions
}

/** The Redis store's context, its id → hash pairs read from Postgres (the id index is not kept in Redis). */
function contextOn(options: PostgresRedisCacheOptions, versioned: VersionedKeyOps): RedisContext {
  // Records come back from Postgres after any loss, so Redis persistence is not needed and not checked.
  const base = createContext({ ...options, allowEviction: false, persistenceWarning: false }, false)
  const hashes = new Map<string, string>()
  const remember = (id: string, hash: string): void => setBounded(hashes, id, hash, ID_CACHE_LIMIT)
  return {
    ...base,
    async hashOf(id, fresh = false) {
      const known = fresh ? undefined : hashes.get(id)
      if (known !== undefined) return known
      const found = await versioned.get(id)
      if (found !== undefined) remember(id, found.key.hash)
      return found?.key.hash
    },
    remember,
    forget: (id) => void hashes.delete(id),
  }
}

/** One operation of the record-cache script on the record of `hash`. */
async function cacheCall(context: RedisContext, hash: string, args: string[]): Promise<number> {
  const reply = await context.connection.script(RECORD_CACHE_SCRIPT, context.layout.cacheOf(hash), args)
  return integer(reply, 'the record-cache script')
}

/** The script's version and record arguments: the record's fields, none when there is no record. */
function recordArguments(record: VersionedKey | undefined): string[] {
  return record === undefined ? ['-1'] : [String(record.version), ...encodeRecord(record.key)]
}

/**
 * Runs `write` (Postgres) between marking the records of `hashes` changing and settling each
 * with the record `write` left (`written`). A failed settle is only reported: the mark stays and
 * keeps the old record out until it expires.
 */
async function changing<T>(
  context: RedisContext,
  hashes: readonly string[],
  write: () => Promise<T>,
  written: (result: T) => readonly VersionedKey[],
  report: (error: unknown) => void,
): Promise<T> {
  const token = mark()
  const ttl = String(CHANGE_MARK_MS)
  await Promise.all(hashes.map((hash) => cacheCall(context, hash, ['change', token, ttl])))
  let result: T
  try {
    result = await write()
  } catch (error) {
    // A statement Postgres refused (a duplicate, wrapped with its cause) changed nothing; after
    // any other fault it may still commit.
    if (isSqlError(error) || isSqlError((error as { cause?: unknown } | null)?.cause)) {
      await Promise.all(hashes.map((hash) => cacheCall(context, hash, ['abandon', token, ttl]))).catch(report)
    }
    throw error
  }
  const records = new Map(written(result).map((record) => [record.key.hash, record]))
  await Promise.all(
    hashes.map((hash) => cacheCall(context, hash, ['settle', token, ttl, ...recordArguments(records.get(hash))])),
  ).catch(report)
  return result
}

/** The key store: reads from Postgres, every change through `changing`. */
function cachedKeyStore(
  context: RedisContext,
  store: PostgresKeyStore,
  versioned: VersionedKeyOps,
  report: (error: unknown) => void,
): PostgresKeyStore {
  const one = (record: VersionedKey | undefined): VersionedKey[] => (record === undefined ? [] : [record])
  async function change(id: string, write: () => Promise<VersionedKey | undefined>): Promise<StoredKey | undefined> {
    const hash = await context.hashOf(id)
    if (hash === undefined) return undefined
    return (await changing(context, [hash], write, one, report))?.key
  }
  return {
    ...store,
    async insert(key) {
      await changing(
        context,
        [key.hash],
        () => store.insert(key),
        () => [{ key, version: 0 }],
        report,
      )
      context.remember(key.id, key.hash)
    },
    update: (id, patch) => change(id, () => versioned.update(id, patch)),
    revoke: (id, at) => change(id, () => versioned.revoke(id, at)),
    shortenExpiry: (id, expiresAt) => change(id, () => versioned.shortenExpiry(id, expiresAt)),
    async revokeAll(ownerId, at) {
      let revoked = 0
      // A key created while a round runs is found by the next one.
      for (;;) {
        const hashes = await versioned.unrevokedOf(ownerId, REVOKE_ROUND)
        if (hashes.length === 0) return revoked
        const round = () => versioned.revokeHashes(ownerId, hashes, at)
        revoked += (await changing(context, hashes, round, (records) => records, report)).length
      }
    },
  }
}

/** What a miss found in Postgres, and whether the cache now holds it. */
interface Fill {
  found: VersionedKey | undefined
  written: boolean
}

/** Claims the record of `hash`, reads it from Postgres, and writes it unless a change overtook the fill. */
async function fill(context: RedisContext, versioned: VersionedKeyOps, hash: string): Promise<Fill> {
  const token = mark()
  const ttl = String(FILL_CLAIM_MS)
  const claimed = (await cacheCall(context, hash, ['claim', token, ttl])) === 1
  const found = await versioned.findByHash(hash)
  if (!claimed) return { found, written: false }
  if (found === undefined) {
    // No such key: the claim is ended off the request's path (it expires anyway).
    cacheCall(context, hash, ['fill', token, ttl]).catch(() => undefined)
    return { found, written: false }
  }
  const filled = await cacheCall(context, hash, ['fill', token, ttl, ...recordArguments(found)])
  return { found, written: filled === 1 }
}

/**
 * The fused step: the Redis store's authorize; on a miss, one fill per hash (their Postgres reads
 * share one statement) and the request decided again, or, when the fill could not write, decided
 * from the record read with the same limiter.
 */
function cachedAuthorize(
  context: RedisContext,
  store: PostgresKeyStore,
  versioned: VersionedKeyOps,
  limiter: RedisRateLimiter,
  bound: number,
): (input: AuthorizeInput) => Promise<AuthorizeOutcome> {
  const hit = authorizeOn(context)
  // Postgres keeps lastUsedAt too (written at most once a minute per key, off the request's path).
  const touched = (outcome: AuthorizeOutcome, input: AuthorizeInput): AuthorizeOutcome => {
    if (outcome.result === 'ok' && outcome.consumed) store.touch(outcome.key.id, input.now)
    return outcome
  }
  async function miss(input: AuthorizeInput, outcome: AuthorizeOutcome): Promise<AuthorizeOutcome> {
    const fills = await Promise.all(input.hashes.map((hash) => fill(context, versioned, hash)))
    const first = fills.find((filled) => filled.found !== undefined)
    if (first === undefined) return outcome
    const { key } = first.found!
    // The address was checked for failures by the first call.
    const again: AuthorizeInput = { ...input, hashes: [key.hash], failedAuth: undefined }
    if (first.written) {
      const decided = await hit(again)
      if (decided.result !== 'unknown') return touched(decided, input)
    }
    context.remember(key.id, key.hash)
    const keys: KeyStore = { ...store, findByHash: (hash) => (hash === key.hash ? key : undefined) }
    return composeAuthorize({ keys, limiter })(again)
  }
  return async function authorize(input) {
    const started = performance.now()
    const outcome = await hit(input)
    if (outcome.result !== 'unknown') return touched(outcome, input)
    // A hit is one Redis call, bounded on its own, so the core needs no timer per request; a
    // miss makes several, bounded here together with the hit.
    return withTimeout(miss(input, outcome), bound - (performance.now() - started), bound)
  }
}

/** The cache on `options.redis` in front of the Postgres key store. */
export function recordCacheOn(
  redisOptions: unknown,
  store: PostgresKeyStore,
  versioned: VersionedKeyOps,
  report: (error: unknown) => void,
  postgresTimeoutMs: number,
): RecordCache {
  const context = contextOn(checkOptions(redisOptions), versioned)
  const limiter = rateLimiterOn(context)
  const bound = Math.max(postgresTimeoutMs, context.connection.timeoutMs)
  return {
    keys: cachedKeyStore(context, store, versioned, report),
    limiter,
    authorize: cachedAuthorize(context, store, versioned, limiter, bound),
    ready: () => context.ready(),
    usage: (options) => usageLogOn(context, options),
    timeoutMs: bound,
  }
}
