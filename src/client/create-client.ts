import { KeywardClient } from './client.js'
import { resolveClientOptions } from './options.js'
import type { ClientOptions } from './types.js'

/**
 * Makes a client of a keyward-protected service (SEED.md 5.6). Takes an options object with the
 * raw key in `apiKey`, never a bare string and never `Bearer …`; every mistake, and a key that
 * fails the offline format check (K1, K2), throws a `TypeError` at once that says how to pass the
 * key and never shows it. The client sends `Authorization: Bearer <key>` on every call that
 * needs it, and never puts the key in a URL.
 *
 * @example
 * import { createClient } from 'keyward/client'
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
 * await client.assertLive() // start-up check: a valid live key, or throw
 * const { data, requestId, rateLimit } = await client.ipLookup('8.8.8.8')
 */
export function createClient(options: ClientOptions): KeywardClient {
  return new KeywardClient(resolveClientOptions(options))
}
