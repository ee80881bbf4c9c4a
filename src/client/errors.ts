/**
 * What `keyward/client` throws when a call fails. A small hierarchy with a stable `code`, so
 * either `instanceof` or `switch (err.code)` picks the case. Programmer mistakes (bad options,
 * a key in a query string) are plain `TypeError`s instead, thrown before anything is sent.
 * No message ever holds the API key; at most its masked form.
 */
import { ERROR_STATUS, type ErrorCode } from '../core/messages.js'
import type { KeyType, QuotaInfo, RateLimitInfo } from './types.js'

/**
 * The codes a keyward service answers with (`INVALID_API_KEY`, `rate_limited`, `not_found`, …), plus
 * `UNKNOWN_ERROR` for a non-2xx response without a known code (a proxy's 502 page, a redirect).
 *
 * @example
 * import type { ApiErrorCode } from 'keyward/client'
 * const needsNewKey: ApiErrorCode[] = ['API_KEY_REVOKED', 'API_KEY_EXPIRED']
 */
export type ApiErrorCode = ErrorCode | 'UNKNOWN_ERROR'

/**
 * Why no response arrived: the connection failed, the time limit passed, or the caller aborted.
 *
 * @example
 * import type { NetworkErrorCode } from 'keyward/client'
 * const transient: NetworkErrorCode[] = ['NETWORK_ERROR', 'TIMEOUT']
 */
export type NetworkErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED'

/**
 * Every code a `keyward/client` error carries.
 *
 * @example
 * import type { KeywardClientErrorCode } from 'keyward/client'
 * const exitCodes: Partial<Record<KeywardClientErrorCode, number>> = { KEY_NOT_LIVE: 3, INVALID_API_KEY: 2 }
 */
export type KeywardClientErrorCode = ApiErrorCode | NetworkErrorCode | 'INVALID_RESPONSE' | 'KEY_NOT_LIVE'

// The server's own catalogue, so the client can never drift from it.
const API_ERROR_CODES: ReadonlySet<string> = new Set(Object.keys(ERROR_STATUS))

/** The client's code for a server's `error.code`: itself when known, else `UNKNOWN_ERROR`. */
export function toApiErrorCode(serverCode: string | null): ApiErrorCode {
  return serverCode !== null && API_ERROR_CODES.has(serverCode) ? (serverCode as ApiErrorCode) : 'UNKNOWN_ERROR'
}

/**
 * Base class of every error `keyward/client` throws on purpose.
 *
 * @example
 * import { KeywardClientError } from 'keyward/client'
 * try {
 *   await client.authTest()
 * } catch (err) {
 *   if (err instanceof KeywardClientError) console.error(err.code, err.message)
 *   else throw err
 * }
 */
export abstract class KeywardClientError extends Error {
  abstract readonly code: KeywardClientErrorCode
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/**
 * The fields of a `KeywardApiError`, for building one in tests of code that handles it.
 *
 * @example
 * import { KeywardApiError, type KeywardApiErrorInit } from 'keyward/client'
 * const init: KeywardApiErrorInit = {
 *   status: 429, code: 'rate_limited', serverCode: 'rate_limited', message: 'Rate limit exceeded',
 *   requestId: 'req_0123456789abcdefghijklmn', retryAfter: 5, rateLimit: null, quota: null,
 *   method: 'GET', path: '/api/v1/orders',
 * }
 * const error = new KeywardApiError(init)
 */
export interface KeywardApiErrorInit {
  status: number
  code: ApiErrorCode
  serverCode: string | null
  message: string
  requestId: string | null
  retryAfter: number | null
  rateLimit: RateLimitInfo | null
  quota: QuotaInfo | null
  /** `X-Credits-Remaining` of the failed response (keys with credits), when sent. */
  credits?: number | null
  method: string
  path: string
}

/**
 * The service answered with a non-2xx status. `message` is the server's `error.message`, whose
 * fixed beginnings (`This API key has been revoked`, …) can be compared with `startsWith`.
 *
 * @example
 * import { KeywardApiError } from 'keyward/client'
 * try {
 *   await client.request('GET', '/api/v1/orders')
 * } catch (err) {
 *   if (err instanceof KeywardApiError && err.code === 'rate_limited') {
 *     await new Promise((r) => setTimeout(r, (err.retryAfter ?? 1) * 1000))
 *   } else throw err
 * }
 */
export class KeywardApiError extends KeywardClientError {
  override readonly name = 'KeywardApiError'
  readonly code: ApiErrorCode
  /** The HTTP status. */
  readonly status: number
  /** `error.code` as the server sent it (differs from `code` only when `code` is `UNKNOWN_ERROR`). */
  readonly serverCode: string | null
  /** The `X-Request-ID` header, to quote to support. */
  readonly requestId: string | null
  /** Seconds to wait, from `Retry-After`: set on 429, null when the header is absent. */
  readonly retryAfter: number | null
  /** The rate-limit headers of the failed response, when sent (403, 404, 429). */
  readonly rateLimit: RateLimitInfo | null
  /** The quota headers of the failed response, when sent. */
  readonly quota: QuotaInfo | null
  /** What the key has left to spend (`X-Credits-Remaining`), when sent: 0 on a refusal for want of credits. */
  readonly credits: number | null
  /** The method of the failed call. */
  readonly method: string
  /** The path of the failed call, without its query. */
  readonly path: string
  constructor(init: KeywardApiErrorInit) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.serverCode = init.serverCode
    this.requestId = init.requestId
    this.retryAfter = init.retryAfter
    this.rateLimit = init.rateLimit
    this.quota = init.quota
    this.credits = init.credits ?? null
    this.method = init.method
    this.path = init.path
  }
}

/**
 * No response arrived: `NETWORK_ERROR` (refused, reset, DNS), `TIMEOUT` (option `timeoutMs`
 * passed, body included) or `ABORTED` (the caller's `signal`). The original error is `cause`.
 *
 * @example
 * import { KeywardNetworkError } from 'keyward/client'
 * try {
 *   await client.ping()
 * } catch (err) {
 *   if (err instanceof KeywardNetworkError && err.code === 'TIMEOUT') console.warn('service slow')
 *   else throw err
 * }
 */
export class KeywardNetworkError extends KeywardClientError {
  override readonly name = 'KeywardNetworkError'
  readonly code: NetworkErrorCode
  /** The method of the failed call. */
  readonly method: string
  /** The path of the failed call, without its query. */
  readonly path: string
  constructor(code: NetworkErrorCode, message: string, method: string, path: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.method = method
    this.path = path
  }
}

/**
 * A 2xx response whose body is not what the endpoint returns (not JSON, no `{ data, meta }`, fields
 * missing): usually a `baseUrl` that points at something other than the service.
 *
 * @example
 * import { KeywardResponseError } from 'keyward/client'
 * try {
 *   await client.ping()
 * } catch (err) {
 *   if (err instanceof KeywardResponseError) console.error('is baseUrl right?', err.requestId)
 *   else throw err
 * }
 */
export class KeywardResponseError extends KeywardClientError {
  override readonly name = 'KeywardResponseError'
  readonly code = 'INVALID_RESPONSE' as const
  readonly status: number
  readonly requestId: string | null
  readonly method: string
  readonly path: string
  constructor(message: string, status: number, requestId: string | null, method: string, path: string) {
    super(message)
    this.status = status
    this.requestId = requestId
    this.method = method
    this.path = path
  }
}

/**
 * `assertLive()` found a sandbox (`test`) key where a live key is required (the start-up check).
 * `maskedKey` is the masked display, safe to log.
 *
 * @example
 * import { createClient, KeywardKeyTypeError } from 'keyward/client'
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
 * try {
 *   await client.assertLive()
 * } catch (err) {
 *   if (err instanceof KeywardKeyTypeError) process.exit(1)
 *   throw err
 * }
 */
export class KeywardKeyTypeError extends KeywardClientError {
  override readonly name = 'KeywardKeyTypeError'
  readonly code = 'KEY_NOT_LIVE' as const
  /** The type the key has. */
  readonly keyType: KeyType
  /** The masked key, e.g. `svc_test_****x9Qa`. */
  readonly maskedKey: string
  /** `X-Request-ID` when the server said so; null when the key's prefix said so (no request sent). */
  readonly requestId: string | null
  constructor(message: string, keyType: KeyType, maskedKey: string, requestId: string | null) {
    super(message)
    this.keyType = keyType
    this.maskedKey = maskedKey
    this.requestId = requestId
  }
}

/**
 * Any error `keyward/client` throws on purpose; `switch (err.code)` narrows it to its class.
 *
 * @example
 * import type { AnyKeywardClientError } from 'keyward/client'
 * function describe(err: AnyKeywardClientError): string {
 *   return err.code === 'rate_limited' ? `retry in ${err.retryAfter} s` : err.message
 * }
 */
export type AnyKeywardClientError = KeywardApiError | KeywardNetworkError | KeywardResponseError | KeywardKeyTypeError

/**
 * True for an error thrown by `keyward/client`; the type is the union of its classes, so
 * `switch (err.code)` narrows to the class that carries that code.
 *
 * @example
 * import { isKeywardClientError } from 'keyward/client'
 * try {
 *   await client.authTest()
 * } catch (err) {
 *   if (!isKeywardClientError(err)) throw err
 *   switch (err.code) {
 *     case 'rate_limited': console.log(err.retryAfter); break // KeywardApiError
 *     case 'TIMEOUT': console.log(err.path); break // KeywardNetworkError
 *     default: console.error(err.code, err.message)
 *   }
 * }
 */
export function isKeywardClientError(value: unknown): value is AnyKeywardClientError {
  return value instanceof KeywardClientError
}
