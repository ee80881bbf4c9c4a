/**
 * The store the command line works on: Postgres with a database URL, else Redis. The one place
 * that knows both openers, so neither imports the other's caller.
 */
import { ownActor } from '../core/audit.js'
import type { Keyward } from '../core/instance.js'
import { withPostgresKeyward } from './postgres-store.js'
import { type StoreSettings, type StoreView, withRedisKeyward } from './store.js'

/** How the audit trail names a change made from the command line. */
export const CLI_ACTOR_NAME = 'cli'

/** The change options of the command line's changes: recorded as `cli`, never as a host's actor. */
export const CLI_ACTOR = ownActor(CLI_ACTOR_NAME)

/**
 * Runs `operation` on a keyward instance backed by the store the settings name: Postgres with a
 * database URL, else Redis; always disconnects. `store.where` names the store for messages (never
 * a password).
 */
export function withStoreKeyward<T>(
  settings: StoreSettings,
  operation: (keyward: Keyward, store: StoreView) => Promise<T>,
): Promise<T> {
  return settings.databaseUrl !== undefined
    ? withPostgresKeyward(settings, operation)
    : withRedisKeyward(settings, operation)
}
