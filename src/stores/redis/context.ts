/**
 * What the Redis stores share: the wrapped client (behind the eviction check, and for stores that
 * hold keys the persistence check), the key layout, the time source and a cache of the id → hash
 * index. Options are checked here, once, with messages naming the option.
 */
import { type RedisClientLike, type RedisConnection, connect } from './client.js'
import { guardEviction } from './eviction-policy.js'
import { persistenceCheck } from './persistence.js'
import { type Layout, assertRedisPrefix, createLayout } from './layout.js'
import { text } from './codec.js'
import { untilConnected } from './until-connected.js'

/** Options every Redis store takes. */
export interface RedisStoreOptions {
  /**
   * The client to use: an ioredis `Redis` or `Cluster`, or a node-redis `createClient()` /
   * `createCluster()` client, already connecting. keyward never closes it. Create it with
   * `enableOfflineQueue: false` (ioredis) or `disableOfflineQueue: true` (node-redis) and a short
   * connect timeout, so commands fail at once instead of piling up while Redis is down.
   */
  client: RedisClientLike
  /** The first part of every key name; several keyward deployments can share one Redis. Default `keyward`. */
  prefix?: string
  /** How long one Redis call may take before it rejects. Default 1000 ms. */
  timeoutMs?: number
  /**
   * Whose clock the limits and the expiry check read. `'server'` (default): Redis `TIME`, one
   * clock for every instance, so app-server skew cannot widen a window; the `now` the core
   * passes is then ignored. `'caller'`: the `now` argument, for tests with a controlled clock.
   */
  time?: 'server' | 'caller'
  /**
   * On a single Redis node (not a cluster), the authorize calls of one event-loop turn go out as
   * one batch script call: one round trip and one write for all of them, each request decided as
   * on its own, in order, a Redis error failing only its own request. Default `true`; `false`
   * sends one script call per request. A cluster always sends one call per request (each key has
   * its own slot).
   */
  coalesce?: boolean
  /**
   * Run on a Redis whose `maxmemory-policy` is not `noeviction`, or does not say. Default `false`:
   * the stores read the policy before their first call (`CONFIG GET`, else `INFO memory`; every
   * master of a cluster) and, on any other policy, every call rejects with
   * `RedisEvictionPolicyError`, so requests get 500 and never pass, because an evicted
   * rate-limit counter would admit an exhausted key again. `true`: run anyway with inexact
   * limits; a process warning (code `KEYWARD_REDIS_EVICTION`) says so once.
   */
  allowEviction?: boolean
}

/** The shared state of one set of Redis stores. */
export interface RedisContext {
  readonly connection: RedisConnection
  readonly layout: Layout
  /** Whether authorize calls of one event-loop turn share one script call (single node, `coalesce`). */
  readonly coalesce: boolean
  /** The script's `now` argument: '' makes the script read Redis `TIME`. */
  nowArgument(now: number): string
  /** The hash of a key id: from the cache, else the id index; undefined when the id has no record. */
  hashOf(id: string, fresh?: boolean): Promise<string | undefined>
  /** Remembers an id → hash pair (immutable once written, so caching it is safe). */
  remember(id: string, hash: string): void
  forget(id: string): void
  /**
   * Once the client has connected (within `timeoutMs`), the eviction check (see
   * `eviction-policy.ts`): resolves once these stores may run, and once
   * the persistence check of stores that hold keys (`persistence.ts`) is over.
   */
  ready(): Promise<void>
}

/** Enough for the ids of every active key of a large deployment; older entries are evicted first. */
const ID_CACHE_LIMIT = 10_000

/**
 * Sets `key` in a cache of at most `limit` entries: a new key past the limit first evicts the one
 * added longest ago. For the caches of values that never change once written (id → hash, key
 * names, held records).
 */
export function setBounded<K, V>(cache: Map<K, V>, key: K, value: V, limit: number): void {
  if (!cache.has(key) && cache.size >= limit) cache.delete(cache.keys().next().value!)
  cache.set(key, value)
}

/** Options of the stores that hold keys (`createRedisStores`, `createRedisKeyStore`). */
export interface RedisKeyStoreOptions extends RedisStoreOptions {
  /**
   * Whether to warn when Redis keeps the keys in memory only. Default `true`: once the eviction
   * check has passed, the stores read `INFO persistence` (and `CONFIG GET save`; every master of
   * a cluster) and, with neither AOF nor RDB snapshots on, emit one process warning (code
   * `KEYWARD_REDIS_VOLATILE_KEYS`, once per process): a Redis restart would lose every key.
   * `false` skips the check (a throwaway Redis in tests, a command-line tool).
   */
  persistenceWarning?: boolean
}

function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean')
    throw new TypeError(`keyward/redis: option "${name}" must be true or false (got ${JSON.stringify(value)})`)
  return value
}

/** The options, checked, with their defaults. */
function settingsOf(options: RedisKeyStoreOptions) {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('keyward/redis: options must be an object with a "client"')
  }
  const prefix = options.prefix ?? 'keyward'
  assertRedisPrefix(prefix)
  const timeoutMs = options.timeoutMs ?? 1000
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(
      `keyward/redis: option "timeoutMs" must be a positive number of milliseconds (got ${String(timeoutMs)})`,
    )
  }
  const time = options.time ?? 'server'
  if (time !== 'server' && time !== 'caller') {
    throw new TypeError(`keyward/redis: option "time" must be 'server' or 'caller' (got ${JSON.stringify(time)})`)
  }
  return {
    prefix,
    timeoutMs,
    time,
    coalesce: booleanOption('coalesce', options.coalesce, true),
    allowEviction: booleanOption('allowEviction', options.allowEviction, false),
    persistenceWarning: booleanOption('persistenceWarning', options.persistenceWarning, true),
  }
}

/**
 * The shared state of a set of stores. `holdsKeys`: the set keeps key records, so it checks that
 * Redis persists them (S6); a limiter or usage log alone does not.
 */
export function createContext(options: RedisKeyStoreOptions, holdsKeys = false): RedisContext {
  const { prefix, timeoutMs, time, coalesce, allowEviction, persistenceWarning } = settingsOf(options)
  const plain = connect(options.client, timeoutMs)
  const persistence = holdsKeys && persistenceWarning ? persistenceCheck(options.client, plain) : null
  const guard = guardEviction(plain, options.client, allowEviction, () => void persistence?.run())
  const connection = guard.connection
  const layout = createLayout(prefix)
  // id → hash pairs never change once written; revocation is read from Redis every time (K7).
  const hashes = new Map<string, string>()
  const remember = (id: string, hash: string): void => setBounded(hashes, id, hash, ID_CACHE_LIMIT)

  return {
    connection,
    layout,
    coalesce: coalesce && !connection.cluster,
    nowArgument: time === 'server' ? () => '' : (now) => String(now),
    async hashOf(id, fresh = false) {
      if (!fresh) {
        const cached = hashes.get(id)
        if (cached !== undefined) return cached
      }
      const key = layout.idIndex(id)
      const reply = await connection.command(['GET', key], key)
      if (reply === null || reply === undefined) {
        hashes.delete(id)
        return undefined
      }
      const hash = text(reply, 'GET of the id index')
      remember(id, hash)
      return hash
    },
    remember,
    forget(id) {
      hashes.delete(id)
    },
    async ready() {
      // A client created just before (the usual start) is still connecting and queues nothing.
      await untilConnected(options.client, timeoutMs)
      await guard.ready()
      await persistence?.run()
    },
  }
}
