/**
 * The shapes `keyward/client` takes and returns. Kept apart from the client so the error classes
 * and the response reader can share them without a cycle.
 */
import type { KeyType as CoreKeyType } from '../core/types.js'

/**
 * `live` or `test`, the type a key's prefix gives it: `svc_live_…` or `svc_test_…` (sandbox).
 *
 * @example
 * import type { KeyType } from 'keyward/client'
 * const keyType: KeyType = client.keyType
 */
export type KeyType = CoreKeyType

/**
 * The per-minute limit from the headers `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (Unix epoch seconds).
 *
 * @example
 * import type { RateLimitInfo } from 'keyward/client'
 * const { rateLimit } = await client.request('GET', '/api/v1/orders')
 * if (rateLimit && rateLimit.remaining === 0) await sleepUntil(rateLimit.reset * 1000)
 */
export interface RateLimitInfo {
  limit: number
  remaining: number
  /** Unix epoch seconds at which `remaining` next rises. */
  reset: number
}

/**
 * The monthly quota from the headers `X-Quota-Limit`, `X-Quota-Remaining` and `X-Quota-Reset`
 * (Unix epoch seconds), sent for keys with a monthly quota.
 *
 * @example
 * import type { QuotaInfo } from 'keyward/client'
 * const { quota } = await client.request('GET', '/api/v1/orders')
 * if (quota) console.log(`${quota.remaining} of ${quota.limit} left this month`)
 */
export interface QuotaInfo {
  limit: number
  remaining: number
  /** Unix epoch seconds at which the monthly quota resets. */
  reset: number
}

/**
 * The `meta` object of a success response `{ data, meta }`.
 *
 * @example
 * import type { ResponseMeta } from 'keyward/client'
 * const { meta } = await client.ping()
 * console.log(new Date(meta.timestamp))
 */
export interface ResponseMeta {
  /** ISO 8601 UTC server time of the response. */
  timestamp: string
  [field: string]: unknown
}

/**
 * What every successful call returns: the payload and what the headers said.
 *
 * @example
 * import type { KeywardResponse } from 'keyward/client'
 * const result: KeywardResponse<{ text: string }> = await client.request('POST', '/api/v1/translate', { body: { text: 'hi' } })
 * console.log(result.data.text, result.requestId, result.rateLimit?.remaining)
 */
export interface KeywardResponse<T> {
  /** The HTTP status (2xx). */
  status: number
  /** `data` of a `{ data, meta }` body, or the whole JSON body when the route sends no such envelope. */
  data: T
  /** `meta` of a `{ data, meta }` body; null when the body had no such envelope. */
  meta: ResponseMeta | null
  /** The `X-Request-ID` header, to quote to support; null if the server sent none. */
  requestId: string | null
  /** The rate-limit headers; null when absent. */
  rateLimit: RateLimitInfo | null
  /** The quota headers (keys with a monthly quota); null when absent. */
  quota: QuotaInfo | null
  /** What the key has left to spend after this request (`X-Credits-Remaining`, keys with credits); null when absent. */
  credits: number | null
  /** True when the response carried a `Deprecation` header (RFC 9745): the key was sent in a way the service will stop accepting. */
  deprecation: boolean
}

/**
 * A response from an endpoint that always answers `{ data, meta }`, so `meta` is present.
 *
 * @example
 * import type { KeywardEnvelopeResponse, PingData } from 'keyward/client'
 * const result: KeywardEnvelopeResponse<PingData> = await client.ping()
 */
export interface KeywardEnvelopeResponse<T> extends KeywardResponse<T> {
  meta: ResponseMeta
}

/**
 * `data` of `POST /api/v1/auth/test`.
 *
 * @example
 * import type { AuthTestData } from 'keyward/client'
 * const data: AuthTestData = (await client.authTest()).data // { valid: true, authenticated: true, keyType: 'live' }
 */
export interface AuthTestData {
  valid: true
  keyType: KeyType
  /** The service also sends `authenticated: true` (the field the dashboard's Test button reads). */
  authenticated?: boolean
  [field: string]: unknown
}

/**
 * What `authTest()` and `assertLive()` return: the response, with `valid` and `keyType` lifted
 * to the top.
 *
 * @example
 * import type { AuthTestResult } from 'keyward/client'
 * const { valid, keyType, requestId }: AuthTestResult = await client.authTest()
 */
export interface AuthTestResult extends KeywardEnvelopeResponse<AuthTestData> {
  valid: true
  keyType: KeyType
}

/**
 * `data` of `GET /api/v1/whoami`: the key that made the call and whose it is. Never the key's
 * `meta`: that is the service's own data on the key.
 *
 * @example
 * import type { WhoamiData } from 'keyward/client'
 * const { data }: { data: WhoamiData } = await client.whoami()
 * if (data.ownerId === null) console.log('a key of the service itself')
 */
export interface WhoamiData {
  /** The key's id (`key_…`): what the service's operators name it by, never the key itself. */
  keyId: string
  name: string
  keyType: KeyType
  /** The service's customer that holds the key; null for a key of the service itself. */
  ownerId: string | null
  /** The scopes the key holds; `['*']` is every scope. */
  scopes: string[]
  /** ISO 8601 UTC instant at which the key expires; null when it never does. */
  expiresAt: string | null
}

/**
 * What `whoami()` returns.
 *
 * @example
 * import type { WhoamiResult } from 'keyward/client'
 * const { data, requestId }: WhoamiResult = await client.whoami()
 */
export type WhoamiResult = KeywardEnvelopeResponse<WhoamiData>

/**
 * Options of `whoami()`.
 *
 * @example
 * import type { WhoamiOptions } from 'keyward/client'
 * // a service that mounts the route under its own path
 * const options: WhoamiOptions = { path: '/v2/me', signal: AbortSignal.timeout(2_000) }
 * await client.whoami(options)
 */
export interface WhoamiOptions extends CallOptions {
  /** Where the service answers it, from the service root; `/api/v1/whoami` by default. */
  path?: string
}

/**
 * `data` of `GET /api/v1/ping`.
 *
 * @example
 * import type { PingData } from 'keyward/client'
 * const data: PingData = (await client.ping()).data // { status: 'ok' }
 */
export interface PingData {
  status: string
  [field: string]: unknown
}

/**
 * Methods `request()` sends.
 *
 * @example
 * import type { HttpMethod } from 'keyward/client'
 * const method: HttpMethod = 'POST'
 * await client.request(method, '/api/v1/things', { body: { name: 'x' } })
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * A query value: `null`/`undefined` are left out, an array repeats the parameter.
 *
 * @example
 * import type { QueryValue } from 'keyward/client'
 * const query: Record<string, QueryValue> = { tag: ['a', 'b'], limit: 10, cursor: undefined }
 * await client.request('GET', '/api/v1/things', { query }) // ?tag=a&tag=b&limit=10
 */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/**
 * Options of one call.
 *
 * @example
 * import type { CallOptions } from 'keyward/client'
 * const options: CallOptions = { signal: AbortSignal.timeout(2_000) }
 * await client.authTest(options)
 */
export interface CallOptions {
  /** Cancels the call; the client then throws `KeywardNetworkError` with code `ABORTED`. */
  signal?: AbortSignal
}

/**
 * Options of `request()`.
 *
 * @example
 * import type { RequestOptions } from 'keyward/client'
 * const options: RequestOptions = { query: { to: 'de' }, body: { text: 'hello' } }
 * await client.request('POST', '/api/v1/translate', options)
 */
export interface RequestOptions extends CallOptions {
  /** Query parameters. Never the API key: the client refuses that with a TypeError. */
  query?: Record<string, QueryValue>
  /** A JSON-serialisable body, sent with `Content-Type: application/json`. */
  body?: unknown
}

/**
 * What the client hands to `fetch`. The global `fetch` accepts it.
 *
 * @example
 * import { createClient, type FetchInit } from 'keyward/client'
 * const fetch = (url: string, init: FetchInit) => globalThis.fetch(url, init)
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com', fetch })
 */
export interface FetchInit {
  method: string
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  redirect: 'manual'
}

/**
 * The part of a fetch `Response` the client reads.
 *
 * @example
 * import type { FetchResponseLike } from 'keyward/client'
 * const canned: FetchResponseLike = { status: 200, headers: new Headers(), text: async () => '{"data":{},"meta":{"timestamp":""}}' }
 */
export interface FetchResponseLike {
  status: number
  headers: { get(name: string): string | null }
  text(): Promise<string>
}

/**
 * A `fetch` implementation: the global one by default, or undici's, or a test double.
 *
 * @example
 * import { createClient, type FetchLike } from 'keyward/client'
 * import { fetch as undiciFetch } from 'undici'
 * const fetch: FetchLike = (url, init) => undiciFetch(url, init)
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com', fetch })
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>

/**
 * Options of `createClient()`. A service whose keys have their own prefix (`acme_live_…`, from
 * `createKeyward({ keyPrefix: 'acme' })`) needs the same `keyPrefix` here.
 *
 * @example
 * import { createClient, type ClientOptions } from 'keyward/client'
 * const options: ClientOptions = { apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com', timeoutMs: 5_000 }
 * const client = createClient(options)
 *
 * @example
 * // keys issued as acme_live_… / acme_test_…
 * import { createClient } from 'keyward/client'
 * const acme = createClient({ apiKey: process.env.ACME_API_KEY!, baseUrl: 'https://api.acme.example', keyPrefix: 'acme' })
 */
export interface ClientOptions {
  /** The raw key (`svc_live_…` or `svc_test_…`), without `Bearer `: the client adds the header. */
  apiKey: string
  /** Absolute http(s) URL of the service root, without `/api/v1` (e.g. `https://api.example.com`). */
  baseUrl: string | URL
  /** The fetch to use; the global `fetch` by default. */
  fetch?: FetchLike
  /** Per-attempt time limit in milliseconds, body included; 10,000 by default. */
  timeoutMs?: number
  /**
   * The part of the key before `_live_` / `_test_`: the `keyPrefix` the service gives
   * `createKeyward()`, `svc` by default. A key that does not start with `<keyPrefix>_live_` or
   * `<keyPrefix>_test_` is refused with a TypeError naming this option.
   *
   * @example
   * import { createClient } from 'keyward/client'
   * // the service: createKeyward({ keyPrefix: 'acme' }); its keys: acme_live_…, acme_test_…
   * const client = createClient({ apiKey: process.env.ACME_API_KEY!, baseUrl: 'https://api.acme.example', keyPrefix: 'acme' })
   */
  keyPrefix?: string
  /** The `User-Agent` header; `keyward-client` by default. */
  userAgent?: string
}
