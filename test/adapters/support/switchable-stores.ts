/**
 * Stores whose authentication step a test can make fail (R5) without touching key management:
 * it throws (a fault) or never answers, as `mode()` says at each call. Shared by the parity
 * harness on Node and the parity host on Bun and Deno (test/runtimes/parity-host.ts).
 */
import { composeAuthorize } from '../../../src/core/compose-authorize.js'
import type { AuthorizeInput, AuthorizeOutcome, KeywardStores } from '../../../src/core/types.js'

/** How the store behaves: normally, throwing (a fault) or never answering (R5). */
export type StoreMode = 'ok' | 'throw' | 'hang'

/**
 * `stores` with an authorize step that follows `mode()`. `async`: every decision arrives as a
 * Promise, as on Redis, so the adapters' promise paths run too.
 */
export function switchableAuthorize(stores: KeywardStores, mode: () => StoreMode, async: boolean): KeywardStores {
  const authorize = stores.authorize ?? composeAuthorize(stores)
  const decide = (input: AuthorizeInput) => authorize.call(stores, input)
  return {
    ...stores,
    // A hang is not bounded by the stores' own timeout (Redis's): keyward must keep its own timer.
    timeoutMs: undefined,
    authorize(input: AuthorizeInput) {
      const now = mode()
      if (now === 'hang') return new Promise<AuthorizeOutcome>(() => undefined)
      if (async)
        return Promise.resolve().then(() =>
          now === 'throw' ? Promise.reject(new Error('store unavailable (test fault)')) : decide(input),
        )
      if (now === 'throw') throw new Error('store unavailable (test fault)')
      return decide(input)
    },
  }
}
