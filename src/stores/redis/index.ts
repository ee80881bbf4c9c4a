/**
 * `keyward/redis`: keys, limits, quotas and usage shared through Redis (also Redis Cluster and
 * Valkey), for deployments with more than one instance. See `layout.ts` for every key name.
 *
 * - Hot path: one `EVALSHA` per request decides key status, expiry, scopes, the per-minute
 *   limit and the monthly quota atomically and writes `lastUsedAt`; usage entries follow in
 *   batches, one more `EVALSHA` per flush (`docs/redis.md` counts them).
 * - Revocation writes the record the hot-path script reads on every request: status, expiry,
 *   scopes and limits are decided in Redis every time, so a request that starts after `revoke()`
 *   returned is rejected everywhere.
 * - Faults: every call rejects after `timeoutMs` (default 1 s); the core answers 500 and never
 *   lets the request through. Create the client with `enableOfflineQueue: false` (ioredis) or
 *   `disableOfflineQueue: true` (node-redis) and a short connect timeout, so nothing piles up while
 *   Redis is down; the client reconnects on its own, and keyward recovers with it (scripts are
 *   reloaded through `EVAL` when Redis answers `NOSCRIPT`).
 * - Eviction: run Redis with `maxmemory-policy noeviction`. Before their first call the stores read
 *   the policy (every master of a cluster) and on any other one refuse every call, unless
 *   `allowEviction: true`; `ready()` lets the host await that check at start.
 * - Persistence: stores that hold keys then check that Redis keeps them across a restart (AOF
 *   or RDB snapshots) and warn once per process when it does not (`persistenceWarning: false`
 *   skips it). Beside keys kept elsewhere, `createRedisRateLimiter({ keys: 'elsewhere' })` counts
 *   with one round trip per decision and checks nothing of the kind.
 */
import type { EventOutbox } from '../../core/outbox.js'
import type { AppSettings, AuthorizeInput, AuthorizeOutcome, KeywardStores } from '../../core/types.js'
import { fusedAuthorize } from '../../core/fused-authorize.js'
import type { TimedAuditLogOptions } from '../../core/audit.js'
import type { AnalyticsStoreOptions } from '../../core/analytics-types.js'
import { analyticsOn, type RedisAnalyticsStore } from './analytics.js'
import { appSettingsOn } from './app-settings.js'
import { type RedisAuditLog, auditLogOn } from './audit.js'
import { authorizeOn } from './authorize.js'
import { boundedMethods } from './client.js'
import { type RedisKeyStoreOptions, createContext } from './context.js'
import { type RedisKeyStore, keyStoreOn } from './key-store.js'
import { outboxOn } from './outbox.js'
import { type RedisRateLimiter, rateLimiterOn, createRedisRateLimiter } from './rate-limiter.js'
import { type RedisUsageLog, type RedisUsageOptions, usageLogOn, createRedisUsageLog } from './usage-log.js'

export type { IoRedisLike, NodeRedisClientLike, NodeRedisClusterLike, RedisClientLike } from './client.js'
export type { RedisKeyStoreOptions, RedisStoreOptions } from './context.js'
export { EVICTION_WARNING_CODE, RedisEvictionPolicyError } from './eviction-policy.js'
export { PERSISTENCE_WARNING_CODE } from './persistence.js'
// The Redis stores are the only ones with a fused step, so the warning about mixing them lives here.
export { STORES_NOT_FUSED_WARNING_CODE } from '../../core/fused-authorize.js'
export type { RedisUsageLog, RedisUsageOptions } from './usage-log.js'
export type { RedisKeyStore } from './key-store.js'
export type { RedisAuditLog } from './audit.js'
export type { RedisAnalyticsStore } from './analytics.js'
export type { RedisRateLimiter, RedisRateLimiterOptions } from './rate-limiter.js'
export { createRedisRateLimiter, createRedisUsageLog }

/** Options of `createRedisStores()`. */
export interface RedisStoresOptions extends RedisKeyStoreOptions {
  /** How usage entries are batched and capped. */
  usage?: RedisUsageOptions
  /** How long audit entries are kept (default a year) and how often old ones are deleted. */
  audit?: TimedAuditLogOptions
  /** How long minute, hour and day buckets of the outcome counters are kept. */
  analytics?: AnalyticsStoreOptions
}

/** The Redis stores: every part of `KeywardStores`, with the fused `authorize` and `close()`. */
export interface RedisStores extends KeywardStores {
  keys: RedisKeyStore
  limiter: RedisRateLimiter
  usage: RedisUsageLog
  /** Webhook deliveries, shared by every instance on this Redis. */
  outbox: EventOutbox
  audit: RedisAuditLog
  /** The outcome counters (N1): a script call per key, owner and the service on each flush. */
  analytics: RedisAnalyticsStore
  /** The fused hot path: one EVALSHA per hash tried. */
  authorize(input: AuthorizeInput): Promise<AuthorizeOutcome>
  /** Writes out buffered usage and stops the flush and retention timers. Never closes the client you passed in. */
  close(): Promise<void>
  /**
   * Waits for the client to connect (a client created just before is still connecting and,
   * without an offline queue, refuses commands until then), then runs the eviction check,
   * awaited: resolves once these stores may run, that is once Redis said its
   * `maxmemory-policy` is `noeviction` (on every master of a cluster), or, with
   * `allowEviction: true`, once it has been read whatever it is; and once the persistence check
   * is over (a Redis with neither AOF nor RDB snapshots gets its one warning before this resolves). Rejects with
   * `RedisEvictionPolicyError` (its message says what to set) when the stores refuse to run, or
   * with the fault that kept Redis from answering within `timeoutMs` (a later call tries again):
   * `StoreTimeoutError` naming the client's last error when it did not connect within `timeoutMs`.
   * When `createKeyward()` was given these stores first, it also waits until the app's key prefix
   * is recorded in Redis for the command line.
   * The stores run the same check before their first call whether or not this is called;
   * awaiting it lets an app refuse to start.
   *
   * @example
   * import { createRedisStores } from 'keyward/redis'
   *
   * const stores = createRedisStores({ client })
   * await stores.ready() // throws on maxmemory-policy allkeys-lru: do not start serving
   * const keyward = createKeyward({ stores })
   */
  ready(): Promise<void>
  recordAppSettings(settings: AppSettings): Promise<void>
  appSettings(): Promise<AppSettings | undefined>
  /**
   * The `timeoutMs` option: every promise these stores return settles (or rejects) within it,
   * operations of several Redis calls included, so the core adds no timer of its own.
   */
  readonly timeoutMs: number
}

/**
 * Creates the Redis stores for `createKeyward({ stores })`, on a client you already have.
 *
 * @example
 * // ioredis
 * import Redis from 'ioredis'
 * import { createKeyward } from 'keyward'
 * import { createRedisStores } from 'keyward/redis'
 *
 * const client = new Redis(process.env.REDIS_URL, { enableOfflineQueue: false, connectTimeout: 1000 })
 * const keyward = createKeyward({ stores: createRedisStores({ client }) })
 *
 * @example
 * // node-redis
 * import { createClient } from 'redis'
 * import { createRedisStores } from 'keyward/redis'
 *
 * const client = createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true, socket: { connectTimeout: 1000 } })
 * await client.connect()
 * const stores = createRedisStores({ client, prefix: 'myapp' })
 */
export function createRedisStores(options: RedisStoresOptions): RedisStores {
  const context = createContext(options, true)
  const { connection } = context
  const usage = boundedMethods(usageLogOn(context, options.usage), connection.within, 'usage')
  const keys = boundedMethods(keyStoreOn(context), connection.within, 'keys')
  const limiter = boundedMethods(rateLimiterOn(context), connection.within, 'limiter')
  const audit = boundedMethods(auditLogOn(context, options.audit), connection.within, 'audit')
  const app = appSettingsOn(context)
  return {
    keys,
    limiter,
    usage,
    audit,
    analytics: boundedMethods(analyticsOn(context, options.analytics), connection.within, 'analytics'),
    // Fused over these very stores: a host that swaps one gets the composed path instead.
    authorize: fusedAuthorize(authorizeOn(context), { keys, limiter, usage }),
    outbox: boundedMethods(outboxOn(context), connection.within, 'outbox'),
    async close() {
      audit.close()
      await usage.close()
    },
    async ready() {
      await context.ready()
      await app.recorded()
    },
    recordAppSettings: app.record,
    appSettings: app.read,
    timeoutMs: connection.timeoutMs,
  }
}

/**
 * Key records on Redis alone, for a custom set of stores. Like
 * `createRedisStores`, it warns once when Redis persists nothing.
 *
 * @example
 * import Redis from 'ioredis'
 * import { createRedisKeyStore } from 'keyward/redis'
 * const keys = createRedisKeyStore({ client: new Redis({ enableOfflineQueue: false }) })
 */
export function createRedisKeyStore(options: RedisKeyStoreOptions): RedisKeyStore {
  return keyStoreOn(createContext(options, true))
}
