/**
 * GitHub's secret scanning public keys: fetched from a URL (GitHub's by default), kept for a while,
 * and fetched again once for a key id the list does not hold, so a key GitHub has just added is found.
 * A fetch that fails is remembered for a minute: meanwhile every report is answered from that
 * failure, so reports (forged ones included) cannot make keyward ask GitHub more than once a minute.
 */
import * as crypto from 'node:crypto'

/** Where GitHub publishes the keys it signs secret scanning reports with. */
export const GITHUB_KEYS_URL = 'https://api.github.com/meta/public_keys/secret_scanning'

/** A key list larger than this is not GitHub's: it is refused rather than read on. */
const MAX_KEY_LIST_BYTES = 256 * 1024
/**
 * A key id the list does not hold makes it be fetched again at most this often: anyone can send
 * an unknown id, and each fetch counts against GitHub's unauthenticated rate limit.
 */
const UNKNOWN_ID_REFETCH_MS = 5 * 60 * 1000
/** After a failed fetch, the list is not fetched again for this long. */
export const FAILED_FETCH_RETRY_MS = 60 * 1000

/**
 * The key list could not be fetched or read: the report cannot be verified now (GitHub retries).
 * Every report until `retryAt` gets this same error, so one failure is one error, however many
 * reports it refuses.
 */
export class KeyListUnavailableError extends Error {
  override name = 'KeyListUnavailableError'
  /** When the list may be fetched again (epoch ms, by the instance's clock); 0 until the failure is remembered. */
  retryAt = 0
}

export interface GithubKeySettings {
  url: string
  /** How long a fetched list is used before it is fetched again. */
  cacheMs: number
  /** The bound of one fetch, the body included. */
  timeoutMs: number
  now: () => number
}

/** The public key named `id`, or undefined when GitHub publishes none by that id. */
export type FindGithubKey = (id: string) => Promise<crypto.KeyObject | undefined>

/**
 * A cached view of the key list. Concurrent requests share one fetch.
 *
 * @example
 * const find = createGithubKeys({ url: GITHUB_KEYS_URL, cacheMs: 3_600_000, timeoutMs: 5000, now: Date.now })
 * const key = await find(request.headers['github-public-key-identifier'])
 */
export function createGithubKeys(settings: GithubKeySettings): FindGithubKey {
  let keys: Map<string, crypto.KeyObject> | null = null
  let fetchedAt = 0
  let lastUnknownRefetch = Number.NEGATIVE_INFINITY
  let pending: Promise<Map<string, crypto.KeyObject>> | null = null
  let failure: KeyListUnavailableError | null = null

  const refresh = (now: number) => {
    if (failure !== null && now < failure.retryAt) return Promise.reject(failure)
    pending ??= fetchKeyList(settings).then(
      (fetched) => {
        keys = fetched
        fetchedAt = settings.now()
        failure = null
        pending = null
        return fetched
      },
      (error: unknown) => {
        pending = null
        failure = unavailable(error, settings.url)
        failure.retryAt = settings.now() + FAILED_FETCH_RETRY_MS
        throw failure
      },
    )
    return pending
  }

  return async function findGithubKey(id) {
    const now = settings.now()
    const stale = keys === null || now - fetchedAt >= settings.cacheMs
    const current = stale ? await refresh(now) : keys!
    const key = current.get(id)
    // A list fetched for this very request is not fetched again.
    if (key !== undefined || stale || now - lastUnknownRefetch < UNKNOWN_ID_REFETCH_MS) return key
    lastUnknownRefetch = now
    return (await refresh(now)).get(id)
  }
}

/** Fetches and reads the key list: `{ public_keys: [{ key_identifier, key }] }`, P-256 keys in PEM. */
async function fetchKeyList(settings: GithubKeySettings): Promise<Map<string, crypto.KeyObject>> {
  const response = await fetch(settings.url, {
    headers: { Accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(settings.timeoutMs),
  })
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`)
  return readKeyList(await boundedText(response), settings.url)
}

/** Why a fetch failed, as the error every report gets until the list may be fetched again. */
function unavailable(error: unknown, url: string): KeyListUnavailableError {
  if (error instanceof KeyListUnavailableError) return error
  return new KeyListUnavailableError(
    `keyward: GitHub's secret scanning keys could not be fetched from ${url}: ${(error as Error).message}`,
    { cause: error },
  )
}

async function boundedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = await reader?.read()
    if (chunk === undefined || chunk.done) break
    size += chunk.value.byteLength
    if (size > MAX_KEY_LIST_BYTES) {
      await reader!.cancel().catch(() => undefined)
      throw new Error(`its answer is larger than ${MAX_KEY_LIST_BYTES} bytes`)
    }
    chunks.push(chunk.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The P-256 keys of a key list by id; entries that are not such a key are left out. */
export function readKeyList(text: string, url: string): Map<string, crypto.KeyObject> {
  let list: unknown
  try {
    list = JSON.parse(text)
  } catch {
    throw new KeyListUnavailableError(`keyward: the secret scanning key list at ${url} is not JSON`)
  }
  const entries = (list as { public_keys?: unknown } | null)?.public_keys
  if (!Array.isArray(entries))
    throw new KeyListUnavailableError(`keyward: the secret scanning key list at ${url} has no "public_keys" array`)
  const keys = new Map<string, crypto.KeyObject>()
  for (const entry of entries as { key_identifier?: unknown; key?: unknown }[]) {
    if (typeof entry?.key_identifier !== 'string' || typeof entry.key !== 'string') continue
    const key = p256Key(entry.key)
    if (key !== undefined) keys.set(entry.key_identifier, key)
  }
  return keys
}

function p256Key(pem: string): crypto.KeyObject | undefined {
  try {
    const key = crypto.createPublicKey(pem)
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : undefined
  } catch {
    return undefined
  }
}
