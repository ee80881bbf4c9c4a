/**
 * The memory stores: keys, limits and usage in process memory, answering synchronously. For tests,
 * demos and single-process services; instances that must share keys, limits and revocations
 * need the Redis stores.
 */
import type { EventOutbox } from '../../core/outbox.js'
import type { KeywardStores } from '../../core/types.js'
import { createMemoryAuditLog, type MemoryAuditLog, type MemoryAuditLogOptions } from './audit.js'
import type { AnalyticsStoreOptions } from '../../core/analytics-types.js'
import { createMemoryAnalyticsStore, type MemoryAnalyticsStore } from './analytics.js'
import { createMemoryKeyStore, type MemoryKeyStore } from './key-store.js'
import { createMemoryOutbox } from './outbox.js'
import { createMemoryRateLimiter, type MemoryRateLimiter, type MemoryRateLimiterOptions } from './rate-limiter.js'
import { createMemoryUsageLog, type MemoryUsageLog, type MemoryUsageLogOptions } from './usage-log.js'

export {
  createMemoryAnalyticsStore,
  createMemoryAuditLog,
  createMemoryKeyStore,
  createMemoryOutbox,
  createMemoryRateLimiter,
  createMemoryUsageLog,
}
export type {
  MemoryAnalyticsStore,
  MemoryAuditLog,
  MemoryAuditLogOptions,
  MemoryKeyStore,
  MemoryRateLimiter,
  MemoryRateLimiterOptions,
  MemoryUsageLog,
  MemoryUsageLogOptions,
}

/** Options of `createMemoryStores`: those of the limiter, the usage log and the outcome counters. */
export interface MemoryStoresOptions {
  limiter?: MemoryRateLimiterOptions
  usage?: MemoryUsageLogOptions
  /** How long audit entries are kept (default a year) and how many at most. */
  audit?: MemoryAuditLogOptions
  /** How long minute, hour and day buckets of the outcome counters are kept. */
  analytics?: AnalyticsStoreOptions
}

/** The memory stores, typed as synchronous, and the webhook outbox of this process. */
export interface MemoryStores extends KeywardStores {
  keys: MemoryKeyStore
  limiter: MemoryRateLimiter
  usage: MemoryUsageLog
  outbox: EventOutbox
  audit: MemoryAuditLog
  analytics: MemoryAnalyticsStore
}

/**
 * The memory stores (keys, limits, usage and the audit trail) bundled for keyward. There is no fused `authorize`: keyward calls the
 * stores in turn, and stays synchronous on them. Nothing to close: the stores
 * own no timers or connections.
 *
 * @example
 * import { createMemoryStores } from 'keyward'
 * const stores = createMemoryStores({ usage: { maxEntries: 10_000 } })
 */
export function createMemoryStores(options: MemoryStoresOptions = {}): MemoryStores {
  return {
    keys: createMemoryKeyStore(),
    limiter: createMemoryRateLimiter(options.limiter),
    usage: createMemoryUsageLog(options.usage),
    outbox: createMemoryOutbox(),
    audit: createMemoryAuditLog(options.audit),
    analytics: createMemoryAnalyticsStore(options.analytics),
  }
}
