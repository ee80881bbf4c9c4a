/**
 * Every Lua script of the Redis stores, one a file under `scripts/` (see `scripts/lua-script.ts`).
 */
import { ANALYTICS_SCRIPT } from './scripts/analytics.js'
import { AUTHORIZE_BATCH_SCRIPT } from './scripts/authorize-batch.js'
import { AUTHORIZE_SCRIPT } from './scripts/authorize.js'
import { CREDITS_SCRIPT } from './scripts/credits.js'
import { LIMIT_BATCH_SCRIPT } from './scripts/limit-batch.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'
import type { LuaScript } from './scripts/lua-script.js'
import { METER_SCRIPT } from './scripts/meter.js'
import { OUTBOX_SCRIPT } from './scripts/outbox.js'
import { RECORD_SCRIPT } from './scripts/record.js'
import { RECORD_CACHE_SCRIPT } from './scripts/record-cache.js'
import { USAGE_SCRIPT } from './scripts/usage.js'

export type { LuaScript }
export {
  ANALYTICS_SCRIPT,
  AUTHORIZE_BATCH_SCRIPT,
  AUTHORIZE_SCRIPT,
  CREDITS_SCRIPT,
  LIMIT_BATCH_SCRIPT,
  LIMIT_SCRIPT,
  METER_SCRIPT,
  OUTBOX_SCRIPT,
  RECORD_CACHE_SCRIPT,
  RECORD_SCRIPT,
  USAGE_SCRIPT,
}

/** Every script, for tests and for preloading. */
export const SCRIPTS: readonly LuaScript[] = [
  ANALYTICS_SCRIPT,
  AUTHORIZE_SCRIPT,
  AUTHORIZE_BATCH_SCRIPT,
  CREDITS_SCRIPT,
  LIMIT_SCRIPT,
  LIMIT_BATCH_SCRIPT,
  METER_SCRIPT,
  OUTBOX_SCRIPT,
  RECORD_SCRIPT,
  RECORD_CACHE_SCRIPT,
  USAGE_SCRIPT,
]
