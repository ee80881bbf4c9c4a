import type { LimitDecision, LimitPolicy, RateLimiter } from '../types.js'
import { decodeDecision } from './codec.js'
import { type RedisContext, type RedisStoreOptions, createContext } from './context.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'

/** The RateLimiter on Redis: every decision answers with a promise. */
export interface RedisRateLimiter extends RateLimiter {
  consume(keyId: string, policy: LimitPolicy, now: number): Promise<LimitDecision>
  peek(keyId: string, policy: LimitPolicy, now: number): Promise<LimitDecision>
  /** Every instance on the same Redis and prefix counts in the same state. */
  readonly shared: true
}

/** The RateLimiter on a shared context (used by `createRedisStores` and `createRedisRateLimiter`). */
export function rateLimiterOn(context: RedisContext): RedisRateLimiter {
  const { connection, layout } = context

  async function decide(keyId: string, policy: LimitPolicy, now: number, consume: boolean): Promise<LimitDecision> {
    // A key's limit state lives under its hash's tag, beside its record, where the authorize script
    // counts it too; an id without a record (the limiter used on its own) gets a tag of its own.
    const hash = await context.hashOf(keyId)
    const keys = hash === undefined ? layout.ofOrphanId(keyId) : layout.ofHash(hash)
    const reply = await connection.script(
      LIMIT_SCRIPT,
      [keys.minute],
      [
        context.nowArgument(now),
        consume ? '1' : '0',
        String(policy.perMinute),
        policy.perMonth === null ? '' : String(policy.perMonth),
      ],
    )
    return decodeDecision(reply)
  }

  return {
    consume: (keyId, policy, now) => decide(keyId, policy, now, true),
    peek: (keyId, policy, now) => decide(keyId, policy, now, false),
    shared: true,
  }
}

/**
 * Per-minute limits and monthly quotas on Redis, exact across every instance sharing it (L2):
 * each decision is one atomic Lua script over 1-second buckets. With `time: 'server'` (default)
 * the script reads Redis `TIME` and the `now` argument is ignored.
 *
 * @example
 * import Redis from 'ioredis'
 * import { createRedisRateLimiter } from 'keyward/redis'
 * const limiter = createRedisRateLimiter({ client: new Redis({ enableOfflineQueue: false }) })
 * const decision = await limiter.consume('key_…', { perMinute: 10, perMonth: 1000 }, Date.now())
 */
export function createRedisRateLimiter(options: RedisStoreOptions): RedisRateLimiter {
  return rateLimiterOn(createContext(options))
}
