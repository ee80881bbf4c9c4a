import { KeywardClient } from './client.js'
import { resolveClientOptions } from './options.js'
import type { ClientOptions } from './types.js'

/**
 * Makes a client of a keyward-protected service. Takes an options object with the raw key in
 * `apiKey`, never a bare string and never `Bearer …`; every mistake, and a key that fails the
 * offline format and checksum check, throws a `TypeError` at once that says how to pass the key
 * and never shows it. Keys with a prefix other than `svc` need option `keyPrefix`. The client
 * sends `Authorization: Bearer <key>` on every call that needs it, and never puts the key in a
 * URL.
 *
 * @example
 * import { createClient } from 'keyward/client'
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
 * await client.assertLive() // start-up check: a valid live key, or throw
 * const { data, requestId, rateLimit } = await client.request<{ id: string }>('POST', '/api/v1/orders', { body: { item: 'book' } })
 *
 * @example
 * // a service created with createKeyward({ keyPrefix: 'acme' }) issues acme_live_… keys
 * import { createClient } from 'keyward/client'
 * const acme = createClient({ apiKey: process.env.ACME_API_KEY!, baseUrl: 'https://api.acme.example', keyPrefix: 'acme' })
 */
export function createClient(options: ClientOptions): KeywardClient {
  return new KeywardClient(resolveClientOptions(options))
}
