/**
 * GitHub secret scanning (the partner program): GitHub posts the keys it finds in public code to an
 * endpoint of the host's; keyward checks GitHub's signature, looks each reported key up, revokes it
 * (or only tells the host, by policy) and answers which reports were real keys.
 *
 * 1. Without both signature headers, answer 401 before reading the body: an unsigned request
 *    costs no more than its head.
 * 2. Read the body, bounded (413 past the bound).
 * 3. Verify `Github-Public-Key-Signature` over the raw body with the key named by
 *    `Github-Public-Key-Identifier` (401 otherwise; 503 while GitHub's key list cannot be fetched):
 *    nothing below runs for an unverified report.
 * 4. Read the report (400 when it is not an array of `{ token, type, url, source }`).
 * 5. Each token that fails the key format is a false positive without a store lookup; the others are
 *    looked up, and a known key is a true positive.
 * 6. Unless the same report (the same key id and body, however its signature is spelt) was acted on
 *    already: revoke each known key (policy `revoke`) and tell `onLeaked` of each report of a key.
 * 7. Answer `[{ token_hash, token_type, label }]`, one per reported item, in order.
 */
import { ownActor } from '../audit.js'
import * as crypto from 'node:crypto'
import type { Keyward } from '../instance.js'
import { optionError } from '../keyward-options.js'
import { MESSAGES } from '../messages.js'
import type { ApiKeyRecord, KeywardResponse } from '../types.js'
import { createGithubKeys, type FindGithubKey, GITHUB_KEYS_URL, KeyListUnavailableError } from './github-keys.js'
import { SECRET_SCANNING_MESSAGES as M } from './messages.js'
import { createReplayMemory } from './replays.js'
import { type ReportedToken, readReport } from './report.js'

export { GITHUB_KEYS_URL } from './github-keys.js'

/** What `onLeaked` is told of a reported key: never the key itself. */
export interface LeakedKeyEvent {
  keyId: string
  /** The key's owner; null for a key of the service itself. */
  ownerId: string | null
  /** Where GitHub found the key; null when the report does not say. */
  url: string | null
  /** What GitHub scanned (`content`, `commit`, `npm`, …); null when the report does not say. */
  source: string | null
}

/**
 * The secret scanning endpoint's options.
 *
 * @example
 * const options: SecretScanningOptions = { policy: 'revoke', onLeaked: (event) => mailOwner(event) }
 */
export interface SecretScanningOptions {
  /** Where GitHub posts its reports. Default `/secret-scanning/github`. */
  path?: string | undefined
  /** `revoke` (default): a reported key is revoked at once. `notify`: it stays as it is, and `onLeaked` is told. */
  policy?: 'revoke' | 'notify' | undefined
  /**
   * Told of each report of a known key. With `revoke`, only reports that found the key not revoked
   * yet; with `notify`, every report. Not awaited: the answer to GitHub never waits for it; a throw
   * or rejection goes to the adapter's `onError`.
   */
  onLeaked?: ((event: LeakedKeyEvent) => unknown) | undefined
  /** Where GitHub's public keys are fetched from. Default GitHub's own list. */
  keysUrl?: string | undefined
  /** How long the fetched keys are used before they are fetched again, in ms. Default one hour. */
  keysCacheMs?: number | undefined
  /** The bound of one fetch of the keys, in ms. Default 5000. */
  keysTimeoutMs?: number | undefined
  /** The largest report read, in bytes. Default 1 MiB. */
  maxBodyBytes?: number | undefined
}

/** What an adapter gives the endpoint of one request. */
export interface SecretScanningRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** Reads the raw body up to `maxBytes`, as the dashboard's reader does. */
  readBody(maxBytes: number): Promise<{ body: string | null; tooLarge: boolean }>
  requestId: string
}

/** The endpoint, set up: its path and its answer to a POST. */
export interface SecretScanning {
  readonly path: string
  answer(request: SecretScanningRequest): Promise<KeywardResponse>
}

export const DEFAULT_SECRET_SCANNING_PATH = '/secret-scanning/github'
const OPTION_NAMES = ['path', 'policy', 'onLeaked', 'keysUrl', 'keysCacheMs', 'keysTimeoutMs', 'maxBodyBytes']
/** Acted-on reports kept against replays: a day's worth, at most this many. */
const REPLAY_ENTRIES = 10_000
const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000

type Fault = (error: unknown, info: { requestId: string }) => void

/**
 * Sets the endpoint up; a bad option throws a TypeError naming it (`secretScanning.<name>`).
 * `isPath` is the adapter's own rule for the paths it answers at.
 */
export function createSecretScanning(
  keyward: Keyward,
  given: SecretScanningOptions | true,
  isPath: (path: string) => boolean,
  onError: Fault,
): SecretScanning {
  const options = resolveSecretScanningOptions(given, isPath)
  const findKey = createGithubKeys({
    url: options.keysUrl,
    cacheMs: options.keysCacheMs,
    timeoutMs: options.keysTimeoutMs,
    now: () => keyward.clock.now(),
  })
  const replays = createReplayMemory(REPLAY_ENTRIES, REPLAY_WINDOW_MS)
  const refuse = (code: 'UNAUTHORIZED' | 'invalid_request', message: string, requestId: string) =>
    keyward.errorResponse(code, message, requestId)
  // One failed fetch of the key list is told to onError once, however many reports it refuses.
  let reportedFailure: KeyListUnavailableError | null = null

  /** 503 with the seconds until the key list may be fetched again: GitHub retries then. */
  function keysUnavailable(error: KeyListUnavailableError, requestId: string): KeywardResponse {
    if (error !== reportedFailure) {
      reportedFailure = error
      onError(error, { requestId })
    }
    const retryAfter = Math.max(1, Math.ceil((error.retryAt - keyward.clock.now()) / 1000))
    return keyward.errorResponse('service_unavailable', M.keysUnavailable(retryAfter), requestId, {
      'Retry-After': String(retryAfter),
    })
  }

  return {
    path: options.path,
    async answer({ headers, readBody, requestId }) {
      const keyId = single(headers['github-public-key-identifier'])
      const signature = single(headers['github-public-key-signature'])
      // Refused on its head alone: the body is never read, and the connection is not kept to drain it.
      if (keyId === undefined || signature === undefined)
        return keyward.errorResponse('UNAUTHORIZED', M.unsigned(), requestId, { Connection: 'close' })
      const { body, tooLarge } = await readBody(options.maxBodyBytes)
      if (tooLarge)
        return keyward.errorResponse('payload_too_large', M.tooLarge(options.maxBodyBytes), requestId, {
          Connection: 'close',
        })
      try {
        if (!(await verified(findKey, keyId, signature, body ?? '')))
          return refuse('UNAUTHORIZED', M.badSignature(), requestId)
        const report = readReport(body ?? '')
        if (!report.ok) return refuse('invalid_request', report.message, requestId)
        const records = await lookUp(keyward, report.items)
        const now = keyward.clock.now()
        const id = reportId(keyId, body ?? '')
        if (!replays.seen(id, now)) {
          // Remembered before acting, so the same report arriving meanwhile does nothing either.
          replays.remember(id, now)
          try {
            if (await firstAnywhere(keyward, options, id, now)) {
              await act(keyward, options, report.items, records, (error) => onError(error, { requestId }))
            }
          } catch (error) {
            replays.forget(id)
            throw error
          }
        }
        return feedback(report.items, records, requestId)
      } catch (error) {
        if (error instanceof KeyListUnavailableError) return keysUnavailable(error, requestId)
        // The store failed: GitHub is told to try again later, nothing is half done.
        onError(error, { requestId })
        return keyward.errorResponse('INTERNAL_ERROR', MESSAGES.internal(keyward.names, requestId), requestId)
      }
    },
  }
}

/**
 * What makes a report the same report: the key it is signed with and the exact body. An ECDSA
 * signature can be spelt many ways (base64 variants, `(r, n−s)`), so it is not part of it.
 */
function reportId(keyId: string, body: string): string {
  return crypto.createHash('sha256').update(keyId, 'utf8').update('\n').update(body, 'utf8').digest('hex')
}

/**
 * With `notify`, whether no instance sharing the stores has acted on this report yet: a replay to
 * another instance tells nothing again. (With `revoke`, a key already revoked is left alone, and a
 * failed revocation must stay retryable, so no shared mark is set.)
 */
function firstAnywhere(
  keyward: Keyward,
  options: ResolvedSecretScanningOptions,
  reportId: string,
  now: number,
): Promise<boolean> | boolean {
  const outbox = keyward.stores.outbox
  if (options.policy !== 'notify' || outbox === undefined) return true
  return outbox.once(`scanning:${reportId}`, now, now + REPLAY_WINDOW_MS)
}

/** A header sent exactly once, or undefined. */
function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined
  return value === '' ? undefined : value
}

/** ECDSA P-256 with SHA-256 over the raw body; the signature is DER, in base64. */
async function verified(findKey: FindGithubKey, keyId: string, signature: string, body: string): Promise<boolean> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature) || signature.length > 200) return false
  const key = await findKey(keyId)
  if (key === undefined) return false
  try {
    return crypto.verify(
      'sha256',
      Buffer.from(body, 'utf8'),
      { key, dsaEncoding: 'der' },
      Buffer.from(signature, 'base64'),
    )
  } catch {
    return false // not a DER signature at all
  }
}

/** The record of each distinct well-formed token; a malformed one is never looked up (K2). */
async function lookUp(keyward: Keyward, items: readonly ReportedToken[]): Promise<Map<string, ApiKeyRecord>> {
  const records = new Map<string, ApiKeyRecord>()
  const tokens = new Set(items.map((item) => item.token))
  for (const token of tokens) {
    const record = await keyward.keys.findByKey(token)
    if (record !== undefined) records.set(token, record)
  }
  return records
}

/**
 * Revokes the reported keys (policy `revoke`), then sends `key.leaked` for each report the host
 * should hear of and tells `onLeaked` of it.
 */
async function act(
  keyward: Keyward,
  options: ResolvedSecretScanningOptions,
  items: readonly ReportedToken[],
  records: ReadonlyMap<string, ApiKeyRecord>,
  fault: (error: unknown) => void,
): Promise<void> {
  const told: LeakedKeyEvent[] = []
  for (const item of items) {
    const record = records.get(item.token)
    if (record === undefined) continue
    // A key already revoked before this report was dealt with then; nothing changes now.
    if (options.policy === 'revoke' && record.status === 'revoked') continue
    told.push({ keyId: record.id, ownerId: record.ownerId, url: item.url, source: item.source })
  }
  if (options.policy === 'revoke') {
    const actor = ownActor('system:secret-scanning')
    for (const id of new Set(told.map((event) => event.keyId))) await keyward.keys.revoke(id, actor)
  }
  // Queued for the webhooks; emit() never rejects (a fault goes to onError).
  for (const event of told) void keyward.events.emit({ type: 'key.leaked', data: { ...event } })
  const onLeaked = options.onLeaked
  if (onLeaked === undefined) return
  for (const event of told) {
    try {
      Promise.resolve(onLeaked(event)).catch(fault)
    } catch (error) {
      fault(error)
    }
  }
}

/** GitHub's feedback format: one entry per reported item. */
function feedback(
  items: readonly ReportedToken[],
  records: ReadonlyMap<string, ApiKeyRecord>,
  requestId: string,
): KeywardResponse {
  const answer = items.map((item) => ({
    token_hash: crypto.createHash('sha256').update(item.token, 'utf8').digest('hex'),
    token_type: item.type,
    label: records.has(item.token) ? 'true_positive' : 'false_positive',
  }))
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-ID': requestId },
    body: JSON.stringify(answer),
  }
}

interface ResolvedSecretScanningOptions {
  path: string
  policy: 'revoke' | 'notify'
  onLeaked: ((event: LeakedKeyEvent) => unknown) | undefined
  keysUrl: string
  keysCacheMs: number
  keysTimeoutMs: number
  maxBodyBytes: number
}

/** The options, checked, with their defaults. */
function resolveSecretScanningOptions(
  given: SecretScanningOptions | true,
  isPath: (path: string) => boolean,
): ResolvedSecretScanningOptions {
  const options: SecretScanningOptions = given === true ? {} : given
  const fail = (name: string, rule: string, value: unknown): never =>
    optionError(name === '' ? 'secretScanning' : `secretScanning.${name}`, rule, value)
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    fail(
      '',
      'must be true or { path?, policy?, onLeaked?, keysUrl?, keysCacheMs?, keysTimeoutMs?, maxBodyBytes? }',
      given,
    )
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.includes(name))
      fail(name, `is not an option of secret scanning; they are ${OPTION_NAMES.join(', ')}`, options[name as never])
  }
  const {
    path = DEFAULT_SECRET_SCANNING_PATH,
    policy = 'revoke',
    onLeaked,
    keysUrl = GITHUB_KEYS_URL,
    keysCacheMs = 60 * 60 * 1000,
    keysTimeoutMs = 5000,
    maxBodyBytes = 1024 * 1024,
  } = options
  if (typeof path !== 'string' || !isPath(path))
    fail('path', 'must be a path like "/secret-scanning/github" (segments of letters, digits and ._~-)', path)
  if (policy !== 'revoke' && policy !== 'notify') fail('policy', 'must be "revoke" or "notify"', policy)
  if (onLeaked !== undefined && typeof onLeaked !== 'function') fail('onLeaked', 'must be a function', onLeaked)
  if (!isHttpUrl(keysUrl)) fail('keysUrl', 'must be an http: or https: URL', keysUrl)
  const whole = (name: string, value: unknown, min: number, max: number) => {
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
      fail(name, `must be a whole number from ${min} to ${max}`, value)
    return value as number
  }
  return {
    path,
    policy,
    onLeaked,
    keysUrl,
    keysCacheMs: whole('keysCacheMs', keysCacheMs, 1000, 7 * 24 * 60 * 60 * 1000),
    keysTimeoutMs: whole('keysTimeoutMs', keysTimeoutMs, 1, 60_000),
    maxBodyBytes: whole('maxBodyBytes', maxBodyBytes, 1024, 64 * 1024 * 1024),
  }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
