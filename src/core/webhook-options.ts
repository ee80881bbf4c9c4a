/**
 * The `webhooks` option of `createKeyward()` (W1, W2): the host's endpoints and how events reach
 * them, checked at setup like every other option.
 */
import { createHash } from 'node:crypto'

/** Every event keyward sends. */
export const EVENT_TYPES = [
  'key.created',
  'key.updated',
  'key.revoked',
  'key.rotated',
  'key.expiring',
  'key.expired',
  'key.leaked',
  'usage.threshold',
] as const

export type EventType = (typeof EVENT_TYPES)[number]

/** One receiver of events. */
export interface WebhookEndpoint {
  /** Where events are POSTed (http or https). Redirects are not followed. */
  url: string
  /** The Standard Webhooks signing secret, `whsec_` and 24-64 bytes in base64. */
  secret: string
  /** Only these events; every event when absent. */
  events?: readonly EventType[]
}

/** The `webhooks` option. */
export interface WebhookOptions {
  endpoints: readonly WebhookEndpoint[]
  /** How long an event is retried, with exponential backoff, before it is given up. Default 24 hours. */
  retryForMs?: number
  /** The wait before the first retry; each next one doubles (up to 2 hours). Default 5 s. */
  firstRetryMs?: number
  /** How long one delivery may take before it counts as failed. Default 10 s. */
  timeoutMs?: number
  /** Deliveries in flight at once to each endpoint from this instance; endpoints never share them. Default 4. */
  concurrency?: number
  /** How often this instance looks for due deliveries (new events are sent at once). Default 1 s. */
  pollIntervalMs?: number
  /** `key.expiring` is sent once, this long before a key's `expiresAt`. Default 7 days. */
  expiringBeforeMs?: number
  /** How often keys are checked for `key.expiring` and `key.expired`. Default 1 minute. */
  expiryCheckIntervalMs?: number
  /** The fractions of a limit whose crossing sends `usage.threshold`. Default [0.8, 1]. */
  thresholds?: readonly number[]
}

/** An endpoint as delivery uses it. */
export interface ResolvedEndpoint {
  url: string
  /** Short and stable: names the endpoint in delivery ids without holding its URL. */
  id: string
  key: Buffer
  events: ReadonlySet<EventType> | null
}

export interface WebhookSettings {
  endpoints: readonly ResolvedEndpoint[]
  retryForMs: number
  firstRetryMs: number
  timeoutMs: number
  concurrency: number
  pollIntervalMs: number
  expiringBeforeMs: number
  expiryCheckIntervalMs: number
  thresholds: readonly number[]
}

const SECRET_PREFIX = 'whsec_'
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The signing key of a `whsec_<base64>` secret of 24 to 64 bytes, or undefined when it is not one. */
export function webhookSecretBytes(secret: string): Buffer | undefined {
  if (typeof secret !== 'string' || !secret.startsWith(SECRET_PREFIX)) return undefined
  const body = secret.slice(SECRET_PREFIX.length)
  if (!BASE64.test(body)) return undefined
  const bytes = Buffer.from(body, 'base64')
  return bytes.length >= 24 && bytes.length <= 64 ? bytes : undefined
}

/** How option mistakes are thrown, passed in by `resolveOptions`. */
export interface OptionChecks {
  optionError(option: string, rule: string, value: unknown, secret?: boolean): never
  refuseUnknown(given: object, known: readonly string[], path: string): void
}

const NAMES = [
  'concurrency',
  'endpoints',
  'expiringBeforeMs',
  'expiryCheckIntervalMs',
  'firstRetryMs',
  'pollIntervalMs',
  'retryForMs',
  'thresholds',
  'timeoutMs',
] as const satisfies readonly (keyof WebhookOptions)[]

const DAY = 24 * 3600_000

export function resolveWebhooks(value: unknown, checks: OptionChecks): WebhookSettings | undefined {
  if (value === undefined) return undefined
  const optionError: OptionChecks['optionError'] = checks.optionError
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    optionError('webhooks', 'must be an object { endpoints, ... }', value)
  checks.refuseUnknown(value, NAMES, 'webhooks.')
  const options = value as WebhookOptions
  const number = (name: (typeof NAMES)[number], fallback: number, min: number, max: number, whole = false) => {
    const given = (options as unknown as Record<string, unknown>)[name] ?? fallback
    if (
      typeof given !== 'number' ||
      !Number.isFinite(given) ||
      given < min ||
      given > max ||
      (whole && !Number.isInteger(given))
    )
      optionError(`webhooks.${name}`, `must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}`, given)
    return given
  }
  return {
    endpoints: resolveEndpoints(options.endpoints, checks),
    retryForMs: number('retryForMs', DAY, 1000, 30 * DAY),
    firstRetryMs: number('firstRetryMs', 5000, 10, 3600_000),
    timeoutMs: number('timeoutMs', 10_000, 100, 60_000),
    concurrency: number('concurrency', 4, 1, 100, true),
    pollIntervalMs: number('pollIntervalMs', 1000, 10, 3600_000),
    expiringBeforeMs: number('expiringBeforeMs', 7 * DAY, 0, 365 * DAY),
    expiryCheckIntervalMs: number('expiryCheckIntervalMs', 60_000, 100, DAY),
    thresholds: resolveThresholds(options.thresholds, checks),
  }
}

function resolveEndpoints(endpoints: unknown, checks: OptionChecks): ResolvedEndpoint[] {
  const optionError: OptionChecks['optionError'] = checks.optionError
  if (!Array.isArray(endpoints))
    optionError('webhooks.endpoints', 'must be an array of { url, secret, events? }', endpoints)
  const seen = new Set<string>()
  return endpoints.map((endpoint: WebhookEndpoint, i) => {
    const name = `webhooks.endpoints[${i}]`
    if (typeof endpoint !== 'object' || endpoint === null)
      optionError(name, 'must be { url, secret, events? }', endpoint)
    const url = endpoint.url
    let parsed: URL | undefined
    try {
      parsed = new URL(url)
    } catch {}
    if (typeof url !== 'string' || (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:'))
      optionError(`${name}.url`, 'must be an http or https URL', url)
    if (seen.has(url)) optionError(`${name}.url`, 'is registered twice', url)
    seen.add(url)
    const key = webhookSecretBytes(endpoint.secret)
    if (key === undefined)
      optionError(`${name}.secret`, 'must be whsec_ followed by 24-64 bytes in base64', endpoint.secret, true)
    const events = endpoint.events
    if (events !== undefined && (!Array.isArray(events) || events.some((e) => !EVENT_TYPES.includes(e))))
      optionError(`${name}.events`, `must be an array of ${EVENT_TYPES.join(', ')}`, events)
    const id = createHash('sha256').update(url).digest('base64url').slice(0, 12)
    return { url, id, key, events: events === undefined ? null : new Set(events) }
  })
}

function resolveThresholds(thresholds: unknown, checks: OptionChecks): number[] {
  const optionError: OptionChecks['optionError'] = checks.optionError
  if (thresholds === undefined) return [0.8, 1]
  if (
    !Array.isArray(thresholds) ||
    thresholds.some((f) => typeof f !== 'number' || !(f > 0 && f <= 1)) ||
    new Set(thresholds).size !== thresholds.length
  )
    optionError('webhooks.thresholds', 'must be an array of distinct fractions above 0, at most 1', thresholds)
  return [...thresholds].sort((a, b) => a - b)
}
