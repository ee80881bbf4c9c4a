// A namespace import: `crypto.hash` is missing before Node 20.12, and a named import of it would
// fail to link there.
import * as crypto from 'node:crypto'
import type { KeyType } from './types.js'

/** K1: the base62 alphabet, in order. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** K1: random characters in a key body. */
export const KEY_RANDOM_LENGTH = 32
/** K1/K2: checksum characters at the end of a key. */
export const KEY_CHECKSUM_LENGTH = 6

const BASE62_VALUE = new Int8Array(128).fill(-1)
for (let i = 0; i < BASE62_ALPHABET.length; i++) BASE62_VALUE[BASE62_ALPHABET.charCodeAt(i)] = i

/** Key prefixes are lowercase identifiers so they read as a brand and cannot collide with the `_live_` separator. */
const KEY_PREFIX_PATTERN = /^[a-z][a-z0-9]{0,31}$/

/** Throws a TypeError naming `keyPrefix` when the brand prefix cannot form keys. */
export function assertKeyPrefix(keyPrefix: unknown): asserts keyPrefix is string {
  if (typeof keyPrefix !== 'string' || !KEY_PREFIX_PATTERN.test(keyPrefix)) {
    throw new TypeError(
      `keyward: option "keyPrefix" must be 1-32 characters of lowercase letters and digits starting with a letter (got ${JSON.stringify(keyPrefix)})`,
    )
  }
}

// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as zlib's crc32 (K2).
const CRC_TABLE = new Int32Array(256)
for (let n = 0; n < 256; n++) {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  CRC_TABLE[n] = c
}

/**
 * CRC-32 (IEEE 802.3, as zlib's `crc32`) of the UTF-8 bytes of `text` (K2). Keys are ASCII, so
 * each char code is its own byte; any other character is encoded to UTF-8 first.
 *
 * @example
 * crc32('hello') // 907060870, the same as zlib.crc32('hello')
 */
export function crc32(text: string): number {
  let crc = -1
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x80) return crc32Bytes(Buffer.from(text, 'utf8'))
    crc = CRC_TABLE[(crc ^ code) & 0xff]! ^ (crc >>> 8)
  }
  return (crc ^ -1) >>> 0
}

function crc32Bytes(bytes: Uint8Array): number {
  let crc = -1
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ -1) >>> 0
}

/** K2: a CRC-32 value in base62, most significant digit first, left-padded with `0` to 6. *
 * @example
 * checksumOf('svc_live_' + 'A'.repeat(32)) // six base62 characters
 */
export function checksumOf(keyWithoutChecksum: string): string {
  let value = crc32(keyWithoutChecksum)
  let out = ''
  for (let i = 0; i < KEY_CHECKSUM_LENGTH; i++) {
    out = BASE62_ALPHABET[value % 62]! + out
    value = Math.floor(value / 62)
  }
  return out
}

/**
 * `count` base62 characters from the CSPRNG, without modulo bias: bytes of 248 or more are
 * thrown away (248 = 4 × 62), so every character is equally likely.
 */
export function randomBase62(count: number): string {
  // Characters go into a buffer and become one flat string at the end: a string grown with `+=`
  // stays a chain of fragments, several times larger while it is kept.
  const out = Buffer.allocUnsafe(count)
  let filled = 0
  while (filled < count) {
    const bytes = crypto.randomBytes(count - filled + 8)
    for (let i = 0; i < bytes.length && filled < count; i++) {
      const byte = bytes[i]!
      if (byte < 248) out[filled++] = BASE62_ALPHABET.charCodeAt(byte % 62)
    }
  }
  return out.toString('latin1')
}

/** Generates a new key: `<prefix>_<type>_` + 32 random base62 + 6 checksum characters. *
 * @example
 * import { generateKey } from 'keyward'
 * generateKey('test', 'acme') // 'acme_test_…' (47 characters)
 */
export function generateKey(keyType: KeyType, keyPrefix = 'svc'): string {
  const head = `${keyPrefix}_${keyType}_${randomBase62(KEY_RANDOM_LENGTH)}`
  return head + checksumOf(head)
}

/** Why a string is not a key, for the tail of the INVALID_API_KEY_FORMAT message. */
export type KeyFormatProblem = 'prefix' | 'length' | 'alphabet' | 'checksum'

export type ParsedKey = { ok: true; keyType: KeyType; last4: string } | { ok: false; problem: KeyFormatProblem }

/**
 * Validates a key offline: prefix and type, length, alphabet, then checksum. Returns the
 * key type, or what is wrong, as a string: the hot path allocates nothing. `parseKey` wraps it.
 *
 * @example
 * import { checkKey } from 'keyward'
 * checkKey('svc_live_…') // 'live', or 'prefix' | 'length' | 'alphabet' | 'checksum'
 */
export function checkKey(token: string, keyPrefix = 'svc'): KeyType | KeyFormatProblem {
  const p = keyPrefix.length
  // `<prefix>_live_` and `<prefix>_test_` have the same length.
  const headLength = p + 6
  if (
    token.length < headLength ||
    !token.startsWith(keyPrefix) ||
    token.charCodeAt(p) !== 95 /* _ */ ||
    token.charCodeAt(p + 5) !== 95
  ) {
    return 'prefix'
  }
  let keyType: KeyType
  if (token.startsWith('live', p + 1)) keyType = 'live'
  else if (token.startsWith('test', p + 1)) keyType = 'test'
  else return 'prefix'

  const length = headLength + KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH
  if (token.length !== length) return 'length'
  // One pass: CRC-32 over everything before the checksum (K2) and the alphabet check of the body.
  const split = length - KEY_CHECKSUM_LENGTH
  let crc = -1
  for (let i = 0; i < split; i++) {
    const code = token.charCodeAt(i)
    if (code >= 128 || (i >= headLength && BASE62_VALUE[code] === -1)) return 'alphabet'
    crc = CRC_TABLE[(crc ^ code) & 0xff]! ^ (crc >>> 8)
  }
  let value = (crc ^ -1) >>> 0
  // Compare the checksum digit by digit from the least significant end: no string is built.
  let mismatch = false
  for (let i = length - 1; i >= split; i--) {
    const code = token.charCodeAt(i)
    if (code >= 128 || BASE62_VALUE[code] === -1) return 'alphabet'
    if (BASE62_VALUE[code] !== value % 62) mismatch = true
    value = Math.floor(value / 62)
  }
  if (mismatch) return 'checksum'
  return keyType
}

/**
 * Validates a key offline: prefix and type, length, alphabet, then checksum. Never
 * touches a store. A masked value (`svc_live_****x9Qa`) fails here and so never authenticates.
 *
 * @example
 * import { parseKey } from 'keyward'
 * parseKey('svc_live_…') // { ok: true, keyType: 'live', last4: '…' } or { ok: false, problem: 'checksum' }
 */
export function parseKey(token: string, keyPrefix = 'svc'): ParsedKey {
  const result = checkKey(token, keyPrefix)
  return result === 'live' || result === 'test'
    ? { ok: true, keyType: result, last4: token.slice(-4) }
    : { ok: false, problem: result }
}

/** True when `token` is a well-formed key of this prefix. *
 * @example
 * import { isWellFormedKey, KEY_PATTERN } from 'keyward'
 * const leaks = text.match(KEY_PATTERN)?.filter((k) => isWellFormedKey(k)) ?? []
 */
export function isWellFormedKey(token: string, keyPrefix = 'svc'): boolean {
  const result = checkKey(token, keyPrefix)
  return result === 'live' || result === 'test'
}

/**
 * The masked display of a key, `svc_live_****` + its last 4 characters. A masked value is never
 * well-formed, so it cannot authenticate.
 *
 * @example
 * import { maskKey } from 'keyward'
 * maskKey('live', 'x9Qa') // 'svc_live_****x9Qa'
 */
export function maskKey(keyType: KeyType, last4: string, keyPrefix = 'svc'): string {
  return `${keyPrefix}_${keyType}_****${last4}`
}

/**
 * A regular expression that matches keys of this prefix anywhere in a text, for secret scanners
 * (GitHub secret scanning, gitleaks, trufflehog). Matches still need the checksum check:
 * `isWellFormedKey(match)` removes look-alikes offline.
 *
 * @example
 * import { keyPattern } from 'keyward'
 * 'token=acme_live_…'.match(keyPattern('acme'))
 */
export function keyPattern(keyPrefix = 'svc'): RegExp {
  assertKeyPrefix(keyPrefix)
  return new RegExp(`\\b${keyPrefix}_(?:live|test)_[0-9A-Za-z]{${KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH}}\\b`, 'g')
}

/** The secret-scanner pattern for the default `svc` prefix. */
export const KEY_PATTERN: RegExp = keyPattern('svc')

/**
 * A text with everything key-shaped in it masked the way `maskKey` shows keys (`svc_live_****` +
 * the last 4 characters), so nothing stored or logged from client text holds a key: any run of base62 after
 * `<prefix>_live_` or `<prefix>_test_`, whatever its length or checksum, is masked.
 *
 * @example
 * import { maskKeysIn } from 'keyward'
 * maskKeysIn('/svc_live_0123456789abcdefghijABCDEFGHIJklmnopQRSTUV/x', 'svc') // '/svc_live_****STUV/x'
 */
export function maskKeysIn(text: string, keyPrefix = 'svc'): string {
  if (!text.includes(`${keyPrefix}_`)) return text
  const pattern = new RegExp(`${keyPrefix}_(live|test)_([0-9A-Za-z]+)`, 'g')
  return text.replace(
    pattern,
    (_, keyType: string, body: string) => `${keyPrefix}_${keyType}_****${body.length > 8 ? body.slice(-4) : ''}`,
  )
}

/** How much of a client-chosen method and path keyward keeps in what it records. */
export const METHOD_MAX = 32
export const PATH_MAX = 2048

/** K3: client text as keyward records it (usage entries, telemetry): bounded, anything key-shaped masked. */
export function storedText(text: string, keyPrefix: string, max: number): string {
  const bounded = text.length > max ? text.slice(0, max) : text
  return bounded.includes(`${keyPrefix}_`) ? maskKeysIn(bounded, keyPrefix) : bounded
}

/** A percent-escape of an ASCII character, either case of hex: every character of a key is ASCII. */
const ASCII_ESCAPE = /%[0-7][0-9A-Fa-f]/g
const CONTROL_CHARACTER = /[\x00-\x1f\x7f]/g
/** The type and secret part of a key, whatever comes before them. */
const KEY_TAIL = /_(live|test)_([0-9A-Za-z]+)/g
/** Decoding rounds before a path is withheld: each round undoes one layer of encoding (`%2573` → `%73` → `s`). */
const PATH_DECODE_ROUNDS = 8
/** What is handed on for a path encoded more deeply than that: nothing of it, so no key either. */
const PATH_WITHHELD = '(path withheld: percent-encoded more than 8 times)'

/**
 * A request path as keyward hands it on (usage entries, telemetry events, spans, log lines),
 * with every key that a router could read in it masked. Each layer of percent-encoding is undone in
 * turn (control characters dropped, as some components do), and each reading is searched for a
 * key, so `/x/%2573vc_live_…` or `/x/svc%5Flive%5F…` cannot carry one past it. A path that holds no
 * key in any reading comes back as it is; one that does comes back decoded, with every
 * `_live_`/`_test_` value in it masked. Bounded to `max` characters after masking.
 *
 * @example
 * import { maskKeysInPath } from 'keyward'
 * maskKeysInPath('/x/%73vc_live_0123456789abcdefghijABCDEFGHIJklmnopQRSTUV') // '/x/svc_live_****STUV'
 */
export function maskKeysInPath(path: string, keyPrefix = 'svc', max = PATH_MAX): string {
  // Most paths hold neither the prefix nor anything decoding could change: nothing to search.
  if (!path.includes(`${keyPrefix}_`) && !MAY_HIDE_KEY.test(path)) {
    return path.length > max ? path.slice(0, max) : path
  }
  let found = holdsKey(path, keyPrefix)
  let reading = path
  // Only ASCII escapes are undone: a multi-byte character never decodes to a character of a key.
  for (let round = 0; MAY_HIDE_KEY.test(reading); round++) {
    const decoded = reading.replace(ASCII_ESCAPE, decodeEscape).replace(CONTROL_CHARACTER, '')
    if (decoded === reading) break
    if (round === PATH_DECODE_ROUNDS) return PATH_WITHHELD
    reading = decoded
    if (!found) found = holdsKey(reading, keyPrefix)
  }
  // A later round can eat the start of a prefix (`%7a` + `cme_live_…` → `zcme_live_…`), never its tail.
  const shown = found ? reading.replace(KEY_TAIL, maskTail) : path
  return shown.length > max ? shown.slice(0, max) : shown
}

/** Anything a round of decoding may change: an escape or a control character. */
const MAY_HIDE_KEY = /[%\x00-\x1f\x7f]/
/** The pattern of the prefix last asked for: one app has one prefix, and a text without it needs none. */
let keySearch = { keyPrefix: '', pattern: /$^/ }

function holdsKey(text: string, keyPrefix: string): boolean {
  if (!text.includes(`${keyPrefix}_`)) return false
  if (keySearch.keyPrefix !== keyPrefix)
    keySearch = { keyPrefix, pattern: new RegExp(`${keyPrefix}_(?:live|test)_[0-9A-Za-z]`) }
  return keySearch.pattern.test(text)
}

const decodeEscape = (sequence: string) => String.fromCharCode(Number.parseInt(sequence.slice(1), 16))
const maskTail = (_: string, keyType: string, body: string) =>
  `_${keyType}_****${body.length > 8 ? body.slice(-4) : ''}`

// crypto.hash (Node 20.12+) hashes without building a Hash object.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash

/** Bun's own hasher; the same bytes as node:crypto's. */
interface BunHasher {
  update(data: string): BunHasher
  digest(encoding: 'hex'): string
}
interface BunHashing {
  CryptoHasher: new (algorithm: string, key: string | Uint8Array) => BunHasher
  SHA256: { hash(data: string, encoding: 'hex'): string }
}
// On Bun, node:crypto's HMAC and hash cost about twice what Bun's native ones do, on every request.
const bunHashing = (globalThis as { Bun?: BunHashing }).Bun
const BunCryptoHasher = bunHashing?.CryptoHasher
const bunSha256 = bunHashing?.SHA256

/**
 * K3: the stored form of a key: sha256(key) in hex, or HMAC-SHA-256(pepper, key) in hex when a
 * pepper is given. Only this and the last 4 characters are ever stored.
 *
 * @example
 * hashKey(key) // sha256 hex
 * hashKey(key, process.env.PEPPER) // HMAC-SHA-256 hex
 */
export function hashKey(key: string, pepper?: string | Uint8Array | null): string {
  if (pepper === undefined || pepper === null) {
    if (bunSha256 !== undefined) return bunSha256.hash(key, 'hex')
    return oneShotHash ? oneShotHash('sha256', key, 'hex') : crypto.createHash('sha256').update(key).digest('hex')
  }
  if (BunCryptoHasher !== undefined) return new BunCryptoHasher('sha256', pepper).update(key).digest('hex')
  return crypto.createHmac('sha256', pepper).update(key).digest('hex')
}

/** `key_` + 24 base62 characters (K5). *
 * @example
 * generateKeyId() // 'key_' + 24 base62 characters
 */
export function generateKeyId(): string {
  return `key_${randomBase62(24)}`
}
