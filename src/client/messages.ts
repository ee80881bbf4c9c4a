/**
 * Every message text of `keyward/client`, in one table so they can be reviewed together. None of
 * them takes the API key: the most a message may show is the masked key (K4) or its public prefix.
 * No message cites a document: each says what to do in its own words.
 */
import type { KeyFormatProblem } from '../core/key-format.js'
import type { KeyType } from '../core/types.js'

/** How the key should be passed, in code a user can copy. */
function usage(keyPrefix: string): string {
  return `createClient({ apiKey: process.env.${keyPrefix.toUpperCase()}_API_KEY, baseUrl: 'https://api.example.com' })`
}

const FORMAT_TAIL: Record<KeyFormatProblem, string> = {
  prefix: 'it has another prefix',
  length: 'it has the wrong length (truncated or padded when copied?)',
  alphabet: 'it holds characters that are not base62',
  checksum: 'its checksum does not match (a typo or a changed character?)',
}

export const CLIENT_MESSAGES = {
  notAnObject: (got: string, keyPrefix: string) =>
    `keyward: createClient() takes an options object, not ${got}: ${usage(keyPrefix)}`,
  unknownOption: (names: string[]) =>
    `keyward: createClient() got unknown option${names.length > 1 ? 's' : ''} ${names
      .map((name) => JSON.stringify(name))
      .join(', ')}; the options are apiKey, baseUrl, fetch, timeoutMs, keyPrefix and userAgent`,
  apiKeyMisnamed: (name: string, keyPrefix: string) =>
    `keyward: the key goes in option "apiKey", not ${JSON.stringify(name)}: ${usage(keyPrefix)}`,
  apiKeyMissing: (keyPrefix: string) =>
    `keyward: option "apiKey" is required (is the environment variable set?): ${usage(keyPrefix)}`,
  apiKeyNotString: (got: string, keyPrefix: string) =>
    `keyward: option "apiKey" must be a string, not ${got}: ${usage(keyPrefix)}`,
  apiKeyEmpty: (keyPrefix: string) =>
    `keyward: option "apiKey" is empty (is the environment variable set?): ${usage(keyPrefix)}`,
  apiKeyBearer: (keyPrefix: string) =>
    `keyward: option "apiKey" must be the raw key: pass the raw key without "Bearer ", the client sends the Authorization: Bearer header itself: ${usage(keyPrefix)}`,
  apiKeyWhitespace: (keyPrefix: string) =>
    `keyward: option "apiKey" contains whitespace (often a trailing newline from a secret file); pass the key exactly as issued, e.g. process.env.${keyPrefix.toUpperCase()}_API_KEY.trim()`,
  apiKeyMasked: (keyPrefix: string) =>
    `keyward: option "apiKey" is a masked value (${keyPrefix}_live_****…); masked values never authenticate: pass the full key, shown once when it was created`,
  apiKeyMalformed: (problem: KeyFormatProblem, keyPrefix: string, masked: string | null) =>
    `keyward: option "apiKey"${masked === null ? '' : ` (${masked})`} is not a well-formed API key: API key must start with ${keyPrefix}_live_ or ${keyPrefix}_test_ followed by 38 base62 characters, and ${FORMAT_TAIL[problem]}${problem === 'prefix' ? ` (option "keyPrefix" sets the part before _live_ and _test_: ${keyPrefix === 'svc' ? 'svc by default' : `here ${keyPrefix}`})` : ''}`,
  /** `head` is the key's public prefix, e.g. `acme_live_`; `brand` its first part, `acme`. */
  apiKeyOtherPrefix: (keyPrefix: string, head: string, brand: string) =>
    `keyward: option "apiKey" has another prefix: API key must start with ${keyPrefix}_live_ or ${keyPrefix}_test_, and this one starts with ${head}. If your service issues ${brand}_ keys (createKeyward({ keyPrefix: '${brand}' })), give the client the same option "keyPrefix": createClient({ apiKey, baseUrl, keyPrefix: '${brand}' })`,
  baseUrlMissing: () =>
    `keyward: option "baseUrl" is required: an absolute http(s) URL such as https://api.example.com`,
  baseUrlInvalid: (got: string) =>
    `keyward: option "baseUrl" must be an absolute http(s) URL such as https://api.example.com (got ${got})`,
  baseUrlHoldsCredentials: () =>
    `keyward: option "baseUrl" must not hold credentials or the API key; the client sends the key in the Authorization header`,
  baseUrlQuery: () => `keyward: option "baseUrl" must not have a query or a fragment`,
  baseUrlVersioned: (got: string) =>
    `keyward: option "baseUrl" is the service root; leave out "/api/v1", the client adds it (got ${got})`,
  fetchNotFunction: () => `keyward: option "fetch" must be a function with the signature of the global fetch`,
  fetchMissing: () => `keyward: no global fetch in this runtime; pass option "fetch" (Node.js 20 or later has one)`,
  timeoutInvalid: (got: string) =>
    `keyward: option "timeoutMs" must be a positive number of milliseconds up to 2147483647 (got ${got})`,
  userAgentInvalid: () => `keyward: option "userAgent" must be a non-empty string without line breaks`,
  methodInvalid: (got: string) => `keyward: request() method must be one of GET, POST, PUT, PATCH, DELETE (got ${got})`,
  /** `what` names the argument: `request() path` or `whoami() option "path"`. */
  pathInvalid: (got: string, what = 'request() path') =>
    `keyward: ${what} must start with a single "/" and hold no whitespace, e.g. "/api/v1/orders" (got ${got})`,
  keyInUrl: () =>
    `keyward: the API key must never go in the URL or its query string, where access logs and proxies keep it; the client already sends it in the Authorization header`,
  timeout: (where: string, ms: number) => `keyward: ${where} timed out after ${ms} ms (option timeoutMs)`,
  aborted: (where: string) => `keyward: ${where} was aborted by the caller's signal`,
  networkError: (where: string, detail: string) => `keyward: ${where} failed: ${detail}`,
  httpWithoutEnvelope: (status: number, where: string) =>
    `keyward: ${where} answered HTTP ${status} without a keyward error envelope`,
  redirect: (status: number, where: string, location: string | null) =>
    `keyward: ${where} answered a redirect (HTTP ${status}${location === null ? '' : ` to ${location}`}), which the client does not follow so the key is never sent elsewhere; set baseUrl to the final address`,
  notJson: (status: number, where: string) =>
    `keyward: ${where} answered HTTP ${status} with a body that is not JSON; does baseUrl point at the service?`,
  notEnvelope: (status: number, where: string) =>
    `keyward: ${where} answered HTTP ${status} without the {data, meta} envelope of a keyward service; does baseUrl point at the service?`,
  badAuthTest: (where: string) =>
    `keyward: ${where} answered 200 without data.valid === true and data.keyType "live" or "test"`,
  badWhoami: (where: string) =>
    `keyward: ${where} answered 200 without the key's keyId, name, keyType "live" or "test", ownerId, scopes and expiresAt; does the route answer as keyward's whoami does?`,
  notLive: (masked: string, keyType: KeyType, keyPrefix: string) =>
    `keyward: the API key ${masked} is a ${keyType === 'test' ? 'sandbox (test)' : keyType} key, but a live key is required; set a ${keyPrefix}_live_ key`,
} as const

/** A short, key-free description of a value for a message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return 'a string'
  return `a value of type ${typeof value}`
}
