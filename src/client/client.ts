/**
 * The client object. The key lives only in a `#private` field: it is written into the
 * Authorization header and nowhere else, and every way of printing the client shows the masked
 * key (K4). The reference server's demo routes have no methods here: `request()` calls any route.
 */
import { isWellFormedKey } from '../core/key-format.js'
import type { KeyType } from '../core/types.js'
import {
  KeywardApiError,
  KeywardKeyTypeError,
  KeywardNetworkError,
  KeywardResponseError,
  type NetworkErrorCode,
} from './errors.js'
import { CLIENT_MESSAGES, describeValue } from './messages.js'
import type { ClientConfig } from './options.js'
import { interpretResponse, readHeaders, requireEnvelope, type CallSite } from './response.js'
import type {
  AuthTestData,
  AuthTestResult,
  CallOptions,
  FetchLike,
  FetchResponseLike,
  HttpMethod,
  KeywardEnvelopeResponse,
  KeywardResponse,
  PingData,
  QueryValue,
  RequestOptions,
  WhoamiData,
  WhoamiOptions,
  WhoamiResult,
} from './types.js'

const AUTH_TEST_PATH = '/api/v1/auth/test'
const PING_PATH = '/api/v1/ping'
const WHOAMI_PATH = '/api/v1/whoami'
/** A 500 from the auth test or whoami is rare and one retry is advised (R5); a short pause first. */
const RETRY_DELAY_MS = 100

const METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
const INSPECT = Symbol.for('nodejs.util.inspect.custom')

interface SendOptions extends RequestOptions {
  /** False only for ping, which needs no key (E1): the key is not sent where it is not needed. */
  authenticate: boolean
  /** How a bad path is named in the TypeError; `request() path` when absent. */
  pathLabel?: string | undefined
}

/** How whoami's `path` option is named in messages. */
const WHOAMI_PATH_OPTION = 'whoami() option "path"'

/**
 * A client of a keyward-protected service, made by `createClient()`. `request()` calls any route
 * of the service; `authTest()`, `assertLive()`, `whoami()` and `ping()` call keyward's own endpoints.
 *
 * @example
 * import { createClient } from 'keyward/client'
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
 * const { data, rateLimit } = await client.request<{ id: string }[]>('GET', '/api/v1/orders', { query: { limit: 10 } })
 */
export class KeywardClient {
  readonly #apiKey: string
  readonly #fetch: FetchLike
  readonly #base: URL
  readonly #timeoutMs: number
  readonly #userAgent: string
  readonly #keyPrefix: string
  readonly #keyType: KeyType
  readonly #maskedKey: string

  /** @internal Use `createClient()`, which checks the options. */
  constructor(config: ClientConfig) {
    this.#apiKey = config.apiKey
    this.#fetch = config.fetch
    this.#base = config.baseUrl
    this.#timeoutMs = config.timeoutMs
    this.#userAgent = config.userAgent
    this.#keyPrefix = config.keyPrefix
    this.#keyType = config.keyType
    this.#maskedKey = config.maskedKey
  }

  /** The service root the client calls. */
  get baseUrl(): string {
    return this.#base.href.replace(/\/$/, '')
  }

  /** `live` or `test`, read offline from the key's prefix. */
  get keyType(): KeyType {
    return this.#keyType
  }

  /** The masked key, e.g. `svc_live_****x9Qa`: safe to log. */
  get maskedKey(): string {
    return this.#maskedKey
  }

  /**
   * Calls any route of the service with the key in the Authorization header: `method`, a `path`
   * from the service root, `query` parameters, a JSON `body`, and the type `T` of the response's
   * `data`. Resolves for 2xx with `data` (the `data` of a `{ data, meta }` body, else the whole
   * JSON body), the request id and the limit headers; throws `KeywardApiError` for any other
   * status, `KeywardNetworkError` when no response came.
   *
   * @example
   * import { createClient } from 'keyward/client'
   * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
   * const found = await client.request<{ ip: string; version: 4 | 6 }>('GET', '/api/v1/ip/lookup', { query: { ip: '8.8.8.8' } })
   * const result = await client.request<{ text: string }>('POST', '/api/v1/translate', { body: { text: 'hi', to: 'de' } })
   * console.log(found.data.version, result.data.text, result.requestId, result.rateLimit?.remaining)
   */
  async request<T = unknown>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<KeywardResponse<T>> {
    if (typeof method !== 'string' || !METHODS.has(method)) {
      const got = typeof method === 'string' ? JSON.stringify((method as string).slice(0, 20)) : describeValue(method)
      throw new TypeError(CLIENT_MESSAGES.methodInvalid(got))
    }
    return (await this.#send(method, path, { ...options, authenticate: true })) as KeywardResponse<T>
  }

  /**
   * `POST /api/v1/auth/test`: is the key valid, and is it live or test? Costs no rate limit or
   * quota. Retries exactly once on 500 `INTERNAL_ERROR`, as the service's error message advises;
   * any other failure throws at once.
   *
   * @example
   * import { createClient } from 'keyward/client'
   * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
   * const { valid, keyType, requestId } = await client.authTest()
   */
  async authTest(options: CallOptions = {}): Promise<AuthTestResult> {
    const result = await this.#sendRetryingOnce('POST', AUTH_TEST_PATH, options.signal)
    const site = this.#site('POST', AUTH_TEST_PATH)
    const response = requireEnvelope<AuthTestData>(result, site)
    const data = response.data as unknown
    if (
      typeof data !== 'object' ||
      data === null ||
      (data as AuthTestData).valid !== true ||
      ((data as AuthTestData).keyType !== 'live' && (data as AuthTestData).keyType !== 'test')
    ) {
      const message = CLIENT_MESSAGES.badAuthTest(site.where)
      throw new KeywardResponseError(message, response.status, response.requestId, site.method, site.path)
    }
    return { ...response, valid: true, keyType: response.data.keyType }
  }

  /**
   * A start-up check: resolves when the key is a valid live key, throws
   * `KeywardKeyTypeError` (code `KEY_NOT_LIVE`) for a sandbox key and the auth test's errors
   * otherwise. A key whose prefix already says `test` is refused without a request.
   *
   * @example
   * import { createClient } from 'keyward/client'
   * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
   * await client.assertLive() // before the server starts listening
   */
  async assertLive(options: CallOptions = {}): Promise<AuthTestResult> {
    if (this.#keyType !== 'live') throw this.#notLive(this.#keyType, null)
    const result = await this.authTest(options)
    if (result.keyType !== 'live') throw this.#notLive(result.keyType, result.requestId)
    return result
  }

  /**
   * `GET /api/v1/whoami`: which key this is and whose: its id, name, type, owner (the service's
   * customer that holds it, or null), scopes (`['*']`: every scope) and expiry. Costs no rate limit
   * or quota. The key's own `meta` is never part of it: the service keeps that for itself.
   * Errors and the single retry on 500 `INTERNAL_ERROR` are as for `authTest()`. `path` calls the
   * route where a service mounts it elsewhere (from the service root, as `request()` paths).
   *
   * @example
   * import { createClient } from 'keyward/client'
   * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
   * const { data } = await client.whoami()
   * console.log(`${data.keyId} of ${data.ownerId ?? 'the service'}, expires ${data.expiresAt ?? 'never'}`)
   */
  async whoami(options: WhoamiOptions = {}): Promise<WhoamiResult> {
    const path = options.path ?? WHOAMI_PATH
    const result = await this.#sendRetryingOnce('GET', path, options.signal, WHOAMI_PATH_OPTION)
    const site = this.#site('GET', path)
    const response = requireEnvelope<unknown>(result, site)
    const data = whoamiData(response.data)
    if (data === null) {
      throw new KeywardResponseError(
        CLIENT_MESSAGES.badWhoami(site.where),
        response.status,
        response.requestId,
        site.method,
        site.path,
      )
    }
    return { ...response, data }
  }

  /**
   * `GET /api/v1/ping`: liveness. Needs no key, so none is sent.
   *
   * @example
   * import { createClient } from 'keyward/client'
   * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com' })
   * const { data } = await client.ping() // { status: 'ok' }
   */
  async ping(options: CallOptions = {}): Promise<KeywardEnvelopeResponse<PingData>> {
    const result = await this.#send('GET', PING_PATH, { signal: options.signal, authenticate: false })
    return requireEnvelope<PingData>(result, this.#site('GET', PING_PATH))
  }

  /** `KeywardClient(svc_live_****x9Qa @ https://api.example.com)`: never the key. */
  toString(): string {
    return `KeywardClient(${this.#maskedKey} @ ${this.baseUrl})`
  }

  /** `{ baseUrl, keyType, maskedKey }`: never the key. */
  toJSON(): { baseUrl: string; keyType: KeyType; maskedKey: string } {
    return { baseUrl: this.baseUrl, keyType: this.#keyType, maskedKey: this.#maskedKey }
  }

  /** What `util.inspect` and `console.log` show: never the key. */
  [INSPECT](): string {
    return `KeywardClient { baseUrl: '${this.baseUrl}', keyType: '${this.#keyType}', maskedKey: '${this.#maskedKey}' }`
  }

  /** For calls that cost nothing and change nothing: one retry on 500 INTERNAL_ERROR, as its message advises. */
  async #sendRetryingOnce(
    method: HttpMethod,
    path: string,
    signal: AbortSignal | undefined,
    pathLabel?: string,
  ): Promise<KeywardResponse<unknown>> {
    const send = () => this.#send(method, path, { signal, authenticate: true, pathLabel })
    try {
      return await send()
    } catch (error) {
      if (!(error instanceof KeywardApiError && error.status === 500 && error.code === 'INTERNAL_ERROR')) throw error
      await pause(RETRY_DELAY_MS)
      return send()
    }
  }

  #notLive(keyType: KeyType, requestId: string | null): KeywardKeyTypeError {
    const message = CLIENT_MESSAGES.notLive(this.#maskedKey, keyType, this.#keyPrefix)
    return new KeywardKeyTypeError(message, keyType, this.#maskedKey, requestId)
  }

  #site(method: string, path: string): CallSite {
    return { method, path, where: `${method} ${path} to ${this.#base.origin}` }
  }

  #redact = (text: string): string => text.split(this.#apiKey).join(this.#maskedKey)

  #buildUrl(path: string, query: Record<string, QueryValue> | undefined, pathLabel?: string): URL {
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || /[\s\0]/.test(path)) {
      const got = typeof path === 'string' ? JSON.stringify(path.slice(0, 100)) : describeValue(path)
      throw new TypeError(CLIENT_MESSAGES.pathInvalid(got, pathLabel))
    }
    const basePath = this.#base.pathname === '/' ? '' : this.#base.pathname
    const url = new URL(`${this.#base.origin}${basePath}${path}`)
    if (url.origin !== this.#base.origin)
      throw new TypeError(CLIENT_MESSAGES.pathInvalid(JSON.stringify(path.slice(0, 100)), pathLabel))
    if (query !== undefined) {
      if (typeof query !== 'object' || query === null)
        throw new TypeError(`keyward: request() option "query" must be an object`)
      for (const [name, value] of Object.entries(query)) {
        if (value === undefined || value === null) continue
        for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item))
      }
    }
    // H10: a key in a URL ends up in access logs and proxies; never send one.
    const decoded = safeDecode(url.pathname + url.search)
    if (decoded.includes(this.#apiKey) || containsKey(decoded, this.#keyPrefix)) {
      throw new TypeError(CLIENT_MESSAGES.keyInUrl())
    }
    return url
  }

  async #send(method: string, path: string, options: SendOptions): Promise<KeywardResponse<unknown>> {
    const url = this.#buildUrl(path, options.query, options.pathLabel)
    const site = this.#site(method, url.pathname)
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.#userAgent }
    // H6: exactly `Bearer` + one space + the key, once, in the header and nowhere else.
    if (options.authenticate) headers.authorization = `Bearer ${this.#apiKey}`
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }

    const userSignal = options.signal
    const networkError = (code: NetworkErrorCode, message: string, cause: unknown) =>
      new KeywardNetworkError(code, message, method, site.path, { cause })
    if (userSignal?.aborted) throw networkError('ABORTED', CLIENT_MESSAGES.aborted(site.where), userSignal.reason)
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`timed out after ${this.#timeoutMs} ms`, 'TimeoutError'))
    }, this.#timeoutMs)
    const onUserAbort = () => controller.abort(userSignal?.reason)
    userSignal?.addEventListener('abort', onUserAbort, { once: true })

    try {
      let response: FetchResponseLike
      let text: string
      try {
        response = await untilAborted(
          this.#fetch(url.href, { method, headers, body, signal: controller.signal, redirect: 'manual' }),
          controller.signal,
        )
        // The time limit covers the body too: a server that sends headers and then stalls times out.
        text = await untilAborted(response.text(), controller.signal)
      } catch (error) {
        if (timedOut) throw networkError('TIMEOUT', CLIENT_MESSAGES.timeout(site.where, this.#timeoutMs), error)
        if (userSignal?.aborted) throw networkError('ABORTED', CLIENT_MESSAGES.aborted(site.where), error)
        const detail = describeNetworkError(error)
        // A fetch whose error quotes the request would carry the key in `cause`: keep a redacted copy instead.
        const cause = detail.includes(this.#apiKey) ? new Error(this.#redact(detail)) : error
        throw networkError('NETWORK_ERROR', CLIENT_MESSAGES.networkError(site.where, this.#redact(detail)), cause)
      }
      return interpretResponse(response.status, readHeaders(response.headers), text, site, this.#redact)
    } finally {
      clearTimeout(timer)
      userSignal?.removeEventListener('abort', onUserAbort)
    }
  }
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (for a fetch that ignores its signal). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {})
    return Promise.reject(signal.reason)
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {})
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** The whoami fields, copied so the result holds exactly what its type says; null when one is missing or wrong. */
function whoamiData(data: unknown): WhoamiData | null {
  if (typeof data !== 'object' || data === null) return null
  const { keyId, name, keyType, ownerId, scopes, expiresAt } = data as Record<string, unknown>
  if (typeof keyId !== 'string' || typeof name !== 'string' || (keyType !== 'live' && keyType !== 'test')) return null
  if (ownerId !== null && typeof ownerId !== 'string') return null
  if (!(Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string'))) return null
  if (expiresAt !== null && typeof expiresAt !== 'string') return null
  return { keyId, name, keyType, ownerId, scopes: [...(scopes as string[])], expiresAt }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/** True when `text` holds a well-formed key of this prefix anywhere (another key in a URL is as bad). */
function containsKey(text: string, keyPrefix: string): boolean {
  const pattern = new RegExp(`${keyPrefix}_(?:live|test)_[0-9A-Za-z]{38}`, 'g')
  for (const match of text.matchAll(pattern)) if (isWellFormedKey(match[0], keyPrefix)) return true
  return false
}

/** `fetch failed` says nothing; undici puts the reason (`connect ECONNREFUSED …`) in `cause`. */
function describeNetworkError(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    parts.push(
      typeof code === 'string' && !current.message.includes(code) ? `${current.message} (${code})` : current.message,
    )
    current = (current as { cause?: unknown }).cause
  }
  return parts.length > 0 ? parts.join(': ') : String(error)
}
