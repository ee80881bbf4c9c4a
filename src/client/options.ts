/**
 * Checks the options of `createClient()` at once: every mistake is a TypeError
 * that says how to pass the key, and none of them echoes the key.
 */
import { assertKeyPrefix, maskKey, parseKey } from '../core/key-format.js'
import type { KeyType } from '../core/types.js'
import { CLIENT_MESSAGES, describeValue } from './messages.js'
import type { ClientOptions, FetchLike } from './types.js'

/** The options after checking, with defaults applied. */
export interface ClientConfig {
  apiKey: string
  keyType: KeyType
  maskedKey: string
  keyPrefix: string
  /** The service root, without a trailing slash. */
  baseUrl: URL
  fetch: FetchLike
  timeoutMs: number
  userAgent: string
}

/**
 * The time limit of one attempt when `timeoutMs` is not given: 10 s, body included.
 *
 * @example
 * import { createClient, DEFAULT_TIMEOUT_MS } from 'keyward/client'
 * const client = createClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: 'https://api.example.com', timeoutMs: DEFAULT_TIMEOUT_MS / 2 })
 */
export const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_USER_AGENT = 'keyward-client'
const MAX_TIMEOUT_MS = 2_147_483_647 // setTimeout's limit

const OPTION_NAMES: ReadonlySet<string> = new Set(['apiKey', 'baseUrl', 'fetch', 'timeoutMs', 'keyPrefix', 'userAgent'])
/** A key of some prefix: `acme_live_…`, as keyward's `keyPrefix` rule allows it. */
const OTHER_PREFIX = /^([a-z][a-z0-9]{0,31})_(?:live|test)_/
/** Names people reach for instead of `apiKey`. */
const MISNAMED_KEY_OPTIONS = ['key', 'apikey', 'api_key', 'apiToken', 'token', 'authorization', 'secret']

export function resolveClientOptions(options: unknown): ClientConfig {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(CLIENT_MESSAGES.notAnObject(describeValue(options), 'svc'))
  }
  const given = options as Partial<Record<keyof ClientOptions, unknown>> & Record<string, unknown>

  const keyPrefix = given.keyPrefix === undefined ? 'svc' : given.keyPrefix
  assertKeyPrefix(keyPrefix)

  const { apiKey, keyType, maskedKey } = checkApiKey(given, keyPrefix)

  const unknown = Object.keys(given).filter((name) => !OPTION_NAMES.has(name))
  if (unknown.length > 0) throw new TypeError(CLIENT_MESSAGES.unknownOption(unknown))

  const baseUrl = checkBaseUrl(given.baseUrl, apiKey, keyPrefix)

  let fetchImpl: FetchLike
  if (given.fetch === undefined) {
    if (typeof globalThis.fetch !== 'function') throw new TypeError(CLIENT_MESSAGES.fetchMissing())
    fetchImpl = (url, init) => globalThis.fetch(url, init)
  } else if (typeof given.fetch === 'function') {
    fetchImpl = given.fetch as FetchLike
  } else {
    throw new TypeError(CLIENT_MESSAGES.fetchNotFunction())
  }

  const timeoutMs = given.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : given.timeoutMs
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new TypeError(
      CLIENT_MESSAGES.timeoutInvalid(typeof timeoutMs === 'number' ? String(timeoutMs) : describeValue(timeoutMs)),
    )
  }

  const userAgent = given.userAgent === undefined ? DEFAULT_USER_AGENT : given.userAgent
  if (typeof userAgent !== 'string' || userAgent.trim() === '' || /[\r\n\0]/.test(userAgent)) {
    throw new TypeError(CLIENT_MESSAGES.userAgentInvalid())
  }

  return { apiKey, keyType, maskedKey, keyPrefix, baseUrl, fetch: fetchImpl, timeoutMs, userAgent }
}

function checkApiKey(
  given: Record<string, unknown>,
  keyPrefix: string,
): { apiKey: string; keyType: KeyType; maskedKey: string } {
  const apiKey = given.apiKey
  if (apiKey === undefined || apiKey === null) {
    const misnamed = MISNAMED_KEY_OPTIONS.find((name) => given[name] !== undefined)
    if (misnamed !== undefined) throw new TypeError(CLIENT_MESSAGES.apiKeyMisnamed(misnamed, keyPrefix))
    throw new TypeError(CLIENT_MESSAGES.apiKeyMissing(keyPrefix))
  }
  if (typeof apiKey !== 'string') throw new TypeError(CLIENT_MESSAGES.apiKeyNotString(describeValue(apiKey), keyPrefix))

  const parsed = parseKey(apiKey, keyPrefix)
  if (parsed.ok) {
    return { apiKey, keyType: parsed.keyType, maskedKey: maskKey(parsed.keyType, parsed.last4, keyPrefix) }
  }
  // Why it failed, most helpful first. A real key never gets here, so none of these can misfire
  // on one (e.g. with keyPrefix "bearer").
  if (apiKey.trim() === '') throw new TypeError(CLIENT_MESSAGES.apiKeyEmpty(keyPrefix))
  if (/^\s*bearer/i.test(apiKey)) throw new TypeError(CLIENT_MESSAGES.apiKeyBearer(keyPrefix))
  if (/\s/.test(apiKey)) throw new TypeError(CLIENT_MESSAGES.apiKeyWhitespace(keyPrefix))
  if (apiKey.includes('****')) throw new TypeError(CLIENT_MESSAGES.apiKeyMasked(keyPrefix))
  if (parsed.problem === 'prefix') {
    // Only the public prefix (`acme_live_`) is named; it says which keyPrefix the key needs.
    const other = OTHER_PREFIX.exec(apiKey)
    if (other !== null && other[1] !== keyPrefix)
      throw new TypeError(CLIENT_MESSAGES.apiKeyOtherPrefix(keyPrefix, other[0], other[1]!))
  }
  let masked: string | null = null
  if (parsed.problem !== 'prefix') {
    // The prefix is right, so `<prefix>_live_` or `<prefix>_test_` leads; show only that and the last 4 (K4).
    const keyType: KeyType = apiKey.slice(keyPrefix.length + 1, keyPrefix.length + 5) === 'live' ? 'live' : 'test'
    masked = maskKey(keyType, apiKey.slice(-4), keyPrefix)
  }
  throw new TypeError(CLIENT_MESSAGES.apiKeyMalformed(parsed.problem, keyPrefix, masked))
}

function checkBaseUrl(value: unknown, apiKey: string, keyPrefix: string): URL {
  if (value === undefined || value === null || value === '') throw new TypeError(CLIENT_MESSAGES.baseUrlMissing())
  const text = value instanceof URL ? value.href : typeof value === 'string' ? value : null
  if (text === null) throw new TypeError(CLIENT_MESSAGES.baseUrlInvalid(describeValue(value)))
  // Checked before anything echoes the URL.
  if (text.includes(apiKey) || text.includes(`${keyPrefix}_live_`) || text.includes(`${keyPrefix}_test_`)) {
    throw new TypeError(CLIENT_MESSAGES.baseUrlHoldsCredentials())
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new TypeError(CLIENT_MESSAGES.baseUrlInvalid(JSON.stringify(text.slice(0, 200))))
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(CLIENT_MESSAGES.baseUrlInvalid(JSON.stringify(text.slice(0, 200))))
  }
  if (url.username !== '' || url.password !== '') throw new TypeError(CLIENT_MESSAGES.baseUrlHoldsCredentials())
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    throw new TypeError(CLIENT_MESSAGES.baseUrlQuery())
  }
  const pathname = url.pathname.replace(/\/+$/, '')
  if (/\/api\/v1$/.test(pathname)) throw new TypeError(CLIENT_MESSAGES.baseUrlVersioned(url.href))
  url.pathname = pathname === '' ? '/' : pathname
  return url
}
