/**
 * Which Redis prefixes hold keyward keys. The CLI cannot read the app's configuration, so what the
 * store holds is its only evidence of where the app reads keys: a prefix nobody named is used for
 * a new key only when keys are already stored under it, and a prefix that holds none is reported
 * with the prefixes that do.
 */
import { createLayout, parseIndexMember } from '../stores/redis/layout.js'

/** The few ioredis methods the scan uses. */
export interface PrefixScanClient {
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', size: number): Promise<[string, string[]]>
  type(key: string): Promise<string>
  zcard(key: string): Promise<number>
  zrange(key: string, start: number, stop: number): Promise<string[]>
  exists(key: string): Promise<number>
  hexists(key: string, field: string): Promise<number>
}

export interface StoredPrefixes {
  /** Prefix → number of keys stored under it, largest first. */
  prefixes: ReadonlyMap<string, number>
  /** False when the scan stopped at its bound before seeing every Redis key. */
  complete: boolean
}

/** The name of the key index relative to its prefix (`:keys`), from the store's own layout. */
const INDEX_SUFFIX = createLayout('').keyIndex
/** The name of the settings an app records at start (`:settings`). */
const SETTINGS_SUFFIX = createLayout('').appSettings
/** Index members name key hashes: SHA-256 or HMAC-SHA-256, hex. */
const HASH = /^[0-9a-f]{64}$/
/** Keys looked at per SCAN call. */
const SCAN_COUNT = 1000
/** SCAN calls at most: a million Redis keys, a few seconds; beyond it the answer is partial. */
const MAX_SCAN_CALLS = 1000

/** Escapes the glob characters of a SCAN pattern. */
function globLiteral(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`)
}

/** The number of keys in the key index of `prefix` (0 when there is none). */
export async function keysStoredUnder(client: PrefixScanClient, prefix: string): Promise<number> {
  const index = createLayout(prefix).keyIndex
  return (await client.type(index)) === 'zset' ? client.zcard(index) : 0
}

/**
 * Whether `index` is the key index of `prefix`: its first member names a key whose record is
 * stored under `prefix`. An owner's index (`<prefix>:owner:keys` for an owner named keys) has
 * members of the same shape, but no record lives under `<prefix>:owner`.
 */
async function holdsKeysOf(client: PrefixScanClient, index: string, prefix: string): Promise<boolean> {
  const [first] = await client.zrange(index, 0, 0)
  const entry = first === undefined ? undefined : parseIndexMember(first)
  if (entry === undefined || !HASH.test(entry.hash)) return false
  return (await client.exists(createLayout(prefix).ofHash(entry.hash).record)) === 1
}

/** Every prefix of this Redis (one database) whose key index holds keys. Read-only. */
export async function storedPrefixes(client: PrefixScanClient): Promise<StoredPrefixes> {
  const found = new Map<string, number>()
  let cursor = '0'
  let calls = 0
  do {
    const [next, names] = await client.scan(cursor, 'MATCH', `*${globLiteral(INDEX_SUFFIX)}`, 'COUNT', SCAN_COUNT)
    cursor = next
    calls++
    for (const name of names) {
      const prefix = name.slice(0, -INDEX_SUFFIX.length)
      if (prefix === '' || found.has(prefix) || (await client.type(name)) !== 'zset') continue
      if (!(await holdsKeysOf(client, name, prefix))) continue
      found.set(prefix, await client.zcard(name))
    }
  } while (cursor !== '0' && calls < MAX_SCAN_CALLS)
  const sorted = [...found].sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
  return { prefixes: new Map(sorted), complete: cursor === '0' }
}

/**
 * Every prefix of this Redis (one database) under which an app recorded its settings when it
 * started, sorted; read-only and bounded as `storedPrefixes`.
 */
export async function recordedPrefixes(client: PrefixScanClient): Promise<string[]> {
  const found = new Set<string>()
  let cursor = '0'
  let calls = 0
  do {
    const [next, names] = await client.scan(cursor, 'MATCH', `*${globLiteral(SETTINGS_SUFFIX)}`, 'COUNT', SCAN_COUNT)
    cursor = next
    calls++
    for (const name of names) {
      const prefix = name.slice(0, -SETTINGS_SUFFIX.length)
      if (prefix !== '' && (await client.type(name)) === 'hash' && (await client.hexists(name, 'keyPrefix')) === 1)
        found.add(prefix)
    }
  } while (cursor !== '0' && calls < MAX_SCAN_CALLS)
  return [...found].sort()
}

/** What the checks below need of the store a command runs on (`StoreView` in store.ts). */
export interface PrefixEvidence {
  /** `Redis at redis://host:port`, never a password. */
  redis: string
  settings: { redisPrefix: string; redisPrefixStated: boolean }
  keysStored(): Promise<number>
  storedPrefixes(): Promise<StoredPrefixes>
  /** Whether an app recorded its settings under the command's prefix. */
  appSettings(): Promise<unknown>
  recordedPrefixes(): Promise<string[]>
}

const LISTED_AT_MOST = 5

/** `3 keys are stored under the prefix acme` / `keys are stored under the prefixes acme (3), billing (12)`. */
function storedElsewhere(others: readonly (readonly [string, number])[]): string {
  if (others.length === 1) {
    const [[prefix, count]] = others as [readonly [string, number]]
    return `${count} key${count === 1 ? ' is' : 's are'} stored under the prefix ${printablePrefix(prefix)}`
  }
  const listed = others.slice(0, LISTED_AT_MOST).map(([prefix, count]) => `${printablePrefix(prefix)} (${count})`)
  const more = others.length > LISTED_AT_MOST ? ` and ${others.length - LISTED_AT_MOST} more` : ''
  return `keys are stored under the prefixes ${listed.join(', ')}${more}`
}

function printablePrefix(prefix: string): string {
  return /^[\x21-\x7e]+$/.test(prefix) ? prefix : JSON.stringify(prefix)
}

/** Prefixes other than the command's that hold keys, largest first. */
async function otherPrefixes(store: PrefixEvidence): Promise<[string, number][]> {
  const { prefixes } = await store.storedPrefixes()
  return [...prefixes].filter(([prefix]) => prefix !== store.settings.redisPrefix)
}

/**
 * Before a new key is written: a prefix nobody named must already hold keys, or the key could land
 * where the app never reads. Throws a message saying which --prefix to pass.
 */
export async function confirmPrefixForNewKey(store: PrefixEvidence, fail: (message: string) => Error): Promise<void> {
  if (store.settings.redisPrefixStated || (await store.keysStored()) > 0 || (await store.appSettings()) !== undefined)
    return
  const others = await otherPrefixes(store)
  const own = store.settings.redisPrefix
  const apps = others.length === 0 ? await store.recordedPrefixes() : []
  if (apps.length > 0) {
    const suggestion =
      apps.length === 1
        ? `--prefix ${printablePrefix(apps[0]!)}`
        : `--prefix with one of ${apps.slice(0, LISTED_AT_MOST).map(printablePrefix).join(', ')}`
    throw fail(
      `no app uses the prefix ${printablePrefix(own)} in ${store.redis}, but an app recorded its settings under ${apps.length === 1 ? 'the prefix' : 'the prefixes'} ${apps.slice(0, LISTED_AT_MOST).map(printablePrefix).join(', ')} when it started: pass ${suggestion} (the prefix your app gives createRedisStores({ prefix })), or --prefix ${printablePrefix(own)} to start keys there all the same`,
    )
  }
  if (others.length === 0) {
    throw fail(
      `${store.redis} holds no API keys under any prefix yet, so nothing shows where your app reads them: pass --prefix with the prefix your app gives createRedisStores({ prefix }) (--prefix ${printablePrefix(own)} if it gives none), or set KEYWARD_REDIS_PREFIX`,
    )
  }
  const suggestion =
    others.length === 1
      ? `--prefix ${printablePrefix(others[0]![0])}`
      : '--prefix with the one your app gives createRedisStores({ prefix })'
  throw fail(
    `no API keys are stored under the prefix ${printablePrefix(own)} in ${store.redis}, but ${storedElsewhere(others)}: pass ${suggestion}, or --prefix ${printablePrefix(own)} to start keys there all the same`,
  )
}

/**
 * When the command's prefix holds no keys but others do: where keys are and which --prefix to
 * pass (`1 key is stored under the prefix acme (pass --prefix acme)`); null otherwise.
 */
export async function keysElsewhere(store: PrefixEvidence): Promise<string | null> {
  if ((await store.keysStored()) > 0) return null
  const others = await otherPrefixes(store)
  if (others.length === 0) return null
  const suggestion =
    others.length === 1 ? `pass --prefix ${printablePrefix(others[0]![0])}` : 'pass --prefix with the one your app uses'
  return `${storedElsewhere(others)} (${suggestion})`
}
