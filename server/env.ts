/**
 * The reference server's environment (E6), checked all at once. A bad value is an
 * `EnvError` whose message names the variable; `main.ts` prints it on one line and exits with 2.
 */
import { createDashboard, createKeyward, type IetfRateLimitDraft } from '../src/index.js'

// keyward's own secret scanning defaults (docs/secret-scanning.md), repeated because the server uses
// only the public API; test/server/env.test.ts keeps the two equal.
/** Where keyward's secret scanning endpoint answers unless told otherwise. */
export const DEFAULT_SECRET_SCANNING_PATH = '/secret-scanning/github'
/** Where GitHub's secret scanning signing keys are fetched from unless told otherwise. */
const GITHUB_KEYS_URL = 'https://api.github.com/meta/public_keys/secret_scanning'

export type Framework = 'express' | 'fastify' | 'hono'

export interface ServerConfig {
  framework: Framework
  port: number
  host: string
  store: 'memory' | 'redis' | 'postgres'
  redisUrl: string
  /** S8, S10: with `STORE=postgres` only: the database, and whether Redis caches the keys and counts the limits (`REDIS_URL` set). */
  postgres?: PostgresConfig
  /** null: generate one at start and print it. */
  dashboardToken: string | null
  serviceName: string
  keyPrefix: string
  /** E7: failed authentications per minute per address before 429; 0 is off. */
  failedAuthLimit: number
  /** AdapterOptions.trustProxy: false, true (every proxy) or a number of hops. */
  trustProxy: boolean | number
  /** K3: HMAC pepper (`PEPPER`) and the previous ones still accepted (`PEPPER_PREVIOUS`), or null. */
  pepper: { current: string; previous: string[] } | null
  /** O7, O9: every owner's windows per key type (`OWNER_LIVE_PER_MINUTE`, …), or null when none is set. */
  ownerLimits: OwnerLimits | null
  /** L3, M8: the IETF RateLimit fields of this draft (`IETF_RATELIMIT_HEADERS`), or false for none. */
  ietfRateLimitHeaders: IetfRateLimitDraft | false
  /** A10: the dashboard's `trustedOrigins` (`TRUSTED_ORIGINS`, comma-separated); empty when unset. */
  trustedOrigins: string[]
  /** What an owner session may give its keys (`OWNER_SCOPES`, comma-separated); default `DEFAULT_SCOPES`. */
  ownerScopes: string[]
  /** The top-level `meta` fields an owner session may write (`OWNER_META_FIELDS`, comma-separated); empty when unset. */
  ownerMetaFields: string[]
  /** M7, M10: createKeyward's `roles` (`ROLES`, a JSON object of role names and their scopes), or null. */
  roles: Record<string, string[]> | null
  /** What a key created without scopes holds (`DEFAULT_SCOPES`, comma-separated): the seed's own endpoints' by default. */
  defaultScopes: string[]
  /** W4: where GitHub's secret scanning reports are taken (`SECRET_SCANNING_PATH`). */
  secretScanningPath: string
  /** W4: where GitHub's secret scanning keys are fetched from (`GITHUB_KEYS_URL`). */
  githubKeysUrl: string
  /** W4: one endpoint for every event (`WEBHOOK_URL`, `WEBHOOK_SECRET`), or null when unset. */
  webhook: { url: string; secret: string } | null
}

/** An owner's windows of one key type; a window not set is unlimited (createKeyward's `ownerLimits`). */
export interface OwnerWindows {
  perMinute?: number
  perMonth?: number
}

/** createKeyward's `ownerLimits` as the environment sets it: the same windows for every owner. */
export interface OwnerLimits {
  live?: OwnerWindows
  test?: OwnerWindows
}

/** `STORE=postgres`: keys in Postgres; limits in memory, or key records cached and limits counted in Redis. */
export interface PostgresConfig {
  databaseUrl: string
  /** `REDIS_URL` was set: key records are cached in Redis and limits shared there (S10), else limits are counted in this process. */
  redisCache: boolean
  /** `USAGE_STORE`: where usage entries live; `redis` (the default with `REDIS_URL`) only with the cache. */
  usageStore: 'postgres' | 'redis'
}

/** A variable of the environment holds a value the server cannot use. */
export class EnvError extends Error {
  override name = 'EnvError'
}

const FRAMEWORKS: readonly Framework[] = ['express', 'fastify', 'hono']
const HOST_PATTERN = /^[A-Za-z0-9.:_-]+$/
/** The adapters' rule for a path keyward answers at. */
const PATH_PATTERN = /^(?:\/[A-Za-z0-9._~-]+)+$/
const TOKEN_PATTERN = /^[\x21-\x7e]{16,}$/
// Visible ASCII without commas, so PEPPER_PREVIOUS can list several.
const PEPPER_PATTERN = /^[\x21-\x2b\x2d-\x7e]{32,}$/

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

function bad(name: string, rule: string, value: string): never {
  throw new EnvError(`${name} ${rule} (got ${JSON.stringify(value)})`)
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    bad(name, `must be an integer from ${min} to ${max}`, raw)
  return Number(raw)
}

/** A positive whole number, or undefined when the variable is unset or empty. */
function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = read(env, name)
  if (raw === undefined) return undefined
  if (!/^[0-9]{1,15}$/.test(raw) || Number(raw) < 1)
    bad(name, 'must be a positive whole number of requests (unset for no owner limit)', raw)
  return Number(raw)
}

/** O9: `OWNER_<TYPE>_PER_MINUTE` and `OWNER_<TYPE>_PER_MONTH`; null when none is set. */
function ownerLimitsOf(env: NodeJS.ProcessEnv): OwnerLimits | null {
  const limits: OwnerLimits = {}
  for (const keyType of ['live', 'test'] as const) {
    const windows: OwnerWindows = {}
    const perMinute = positive(env, `OWNER_${keyType.toUpperCase()}_PER_MINUTE`)
    const perMonth = positive(env, `OWNER_${keyType.toUpperCase()}_PER_MONTH`)
    if (perMinute !== undefined) windows.perMinute = perMinute
    if (perMonth !== undefined) windows.perMonth = perMonth
    if (Object.keys(windows).length > 0) limits[keyType] = windows
  }
  return Object.keys(limits).length > 0 ? limits : null
}

/** A10: `TRUSTED_ORIGINS`, each origin checked by the dashboard's own rule, so both accept the same ones. */
function trustedOriginsOf(env: NodeJS.ProcessEnv): string[] {
  const origins = (read(env, 'TRUSTED_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
  const keyward = origins.length > 0 ? createKeyward() : null
  for (const origin of origins) {
    try {
      createDashboard(keyward!, { authorize: () => false, failedAuthLimit: 0, trustedOrigins: [origin] })
    } catch (error) {
      // The dashboard's message names the origin meant (a URL with a path, capitals): keep that hint.
      const meant = /did you mean '([^']+)'/.exec((error as Error).message)?.[1]
      const rule =
        'must be a comma-separated list of origins written scheme://host[:port], such as https://admin.example.com'
      const got = `${JSON.stringify(origin)}${meant ? `; did you mean ${meant}?` : ''}`
      throw new EnvError(`TRUSTED_ORIGINS ${rule} (got ${got})`)
    }
  }
  return origins
}

/** The scopes of the seed's own endpoints (ip lookup, email validation): what owners may grant unless told otherwise. */
/** A comma-separated list; unset or empty is undefined. */
function commaList(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = read(env, name)
  if (raw === undefined) return undefined
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  return items.length > 0 ? items : undefined
}

/**
 * `OWNER_SCOPES` and `OWNER_META_FIELDS`: the dashboard's `owners`, checked by the dashboard's own
 * rules (a throwaway instance applies them), so both accept the same values.
 */
function ownerGrantsOf(
  env: NodeJS.ProcessEnv,
  defaultScopes: readonly string[],
): { ownerScopes: string[]; ownerMetaFields: string[] } {
  const ownerScopes = commaList(env, 'OWNER_SCOPES') ?? [...defaultScopes]
  const ownerMetaFields = commaList(env, 'OWNER_META_FIELDS') ?? []
  const keyward = createKeyward()
  const check = (owners: { scopes?: string[]; meta?: string[] }) =>
    createDashboard(keyward, { authorize: () => false, failedAuthLimit: 0, owners })
  for (const scope of ownerScopes) {
    try {
      check({ scopes: [scope] })
    } catch {
      bad(
        'OWNER_SCOPES',
        'must be a comma-separated list of scopes such as ip,email,reports.* (or * for every scope)',
        scope,
      )
    }
  }
  for (const field of ownerMetaFields) {
    try {
      check({ meta: [field] })
    } catch {
      bad(
        'OWNER_META_FIELDS',
        'must be a comma-separated list of top-level meta field names of 1-128 characters',
        field,
      )
    }
  }
  return { ownerScopes, ownerMetaFields }
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** A service URL from `name` (else `fallback`) with one of `schemes`; a bad one is shown without its password. */
function serviceUrl(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: string,
  schemes: readonly [string, string],
): string {
  const url = read(env, name) ?? fallback
  let protocol = ''
  try {
    protocol = new URL(url).protocol
  } catch {
    // reported below
  }
  if (!schemes.some((scheme) => protocol === `${scheme}:`))
    bad(name, `must be a ${schemes[0]}:// or ${schemes[1]}:// URL`, withoutPassword(url))
  return url
}

/** A URL as it may be printed: any `user:password@` reduced to `user@`. */
function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:…@')
}

/** L3, M8: `IETF_RATELIMIT_HEADERS`, a draft name as createKeyward takes it; unset is none. */
function ietfDraftOf(env: NodeJS.ProcessEnv): IetfRateLimitDraft | false {
  const draft = read(env, 'IETF_RATELIMIT_HEADERS')
  if (draft === undefined) return false
  try {
    // The core owns the list of drafts; `true`, `false` and the like are not names of one.
    createKeyward({ ietfRateLimitHeaders: draft as IetfRateLimitDraft })
  } catch {
    bad('IETF_RATELIMIT_HEADERS', 'must be draft-6, draft-7 or draft-8, or unset for none', draft)
  }
  return draft as IetfRateLimitDraft
}

/** `STORE=postgres`: the database, whether Redis caches the keys, and where usage entries live. */
function postgresOf(env: NodeJS.ProcessEnv): PostgresConfig {
  const redisCache = read(env, 'REDIS_URL') !== undefined
  const usageStore = read(env, 'USAGE_STORE') ?? (redisCache ? 'redis' : 'postgres')
  if (usageStore !== 'postgres' && usageStore !== 'redis') bad('USAGE_STORE', 'must be redis or postgres', usageStore)
  if (usageStore === 'redis' && !redisCache)
    bad('USAGE_STORE', 'is redis, which needs REDIS_URL (the Redis cache in front of Postgres)', usageStore)
  return {
    databaseUrl: serviceUrl(env, 'DATABASE_URL', DEFAULT_DATABASE_URL, ['postgres', 'postgresql']),
    redisCache,
    usageStore,
  }
}

/**
 * Reads E6's variables from `env`. Throws an EnvError naming the first bad one.
 *
 * @example
 * parseEnv({ FRAMEWORK: 'hono', PORT: '8080' }).port // 8080
 */
export function parseEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const framework = (read(env, 'FRAMEWORK') ?? 'fastify') as Framework
  if (!FRAMEWORKS.includes(framework)) bad('FRAMEWORK', `must be one of ${FRAMEWORKS.join(', ')}`, framework)
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const host = read(env, 'HOST') ?? '127.0.0.1'
  if (!HOST_PATTERN.test(host)) bad('HOST', 'must be a host name or an IP address', host)
  const store = read(env, 'STORE') ?? 'memory'
  if (store !== 'memory' && store !== 'redis' && store !== 'postgres')
    bad('STORE', 'must be memory, redis or postgres', store)
  const redisUrl = serviceUrl(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis', 'rediss'])
  const dashboardToken = read(env, 'DASHBOARD_TOKEN') ?? null
  if (dashboardToken !== null && !TOKEN_PATTERN.test(dashboardToken)) {
    bad(
      'DASHBOARD_TOKEN',
      'must be at least 16 visible ASCII characters without spaces',
      `${dashboardToken.length} characters`,
    )
  }
  const serviceName = env.SERVICE_NAME === undefined || env.SERVICE_NAME === '' ? 'Svc' : env.SERVICE_NAME
  const keyPrefix = read(env, 'KEY_PREFIX') ?? 'svc'
  try {
    // The core owns the rules of both names; a throwaway instance applies them.
    createKeyward({ serviceName, keyPrefix })
  } catch (error) {
    const message = (error as Error).message
    if (message.includes('"keyPrefix"'))
      bad('KEY_PREFIX', 'must be 1-32 lowercase letters and digits, starting with a letter', keyPrefix)
    bad('SERVICE_NAME', 'must be 1-64 printable ASCII characters without quotes or backslashes', serviceName)
  }
  const failedAuthLimit = integer(env, 'FAILED_AUTH_LIMIT', 60, 0, 1_000_000)
  const rawTrust = (read(env, 'TRUST_PROXY') ?? 'off').toLowerCase()
  let trustProxy: boolean | number
  if (rawTrust === 'off' || rawTrust === 'false' || rawTrust === '0') trustProxy = false
  else if (rawTrust === 'on' || rawTrust === 'true') trustProxy = true
  else if (/^[1-9][0-9]?$/.test(rawTrust)) trustProxy = Number(rawTrust)
  else bad('TRUST_PROXY', 'must be off, on, or a number of proxy hops from 1 to 99', rawTrust)
  const current = read(env, 'PEPPER')
  const previous = (read(env, 'PEPPER_PREVIOUS') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
  // The values are secrets: errors give their length, never the value.
  if (current !== undefined && !PEPPER_PATTERN.test(current)) {
    bad(
      'PEPPER',
      'must be at least 32 visible ASCII characters without spaces or commas',
      `${current.length} characters`,
    )
  }
  for (const p of previous) {
    if (!PEPPER_PATTERN.test(p))
      bad(
        'PEPPER_PREVIOUS',
        'must be a comma-separated list of peppers of at least 32 visible ASCII characters',
        `${p.length} characters`,
      )
  }
  if (current === undefined && previous.length > 0)
    bad('PEPPER_PREVIOUS', 'needs PEPPER, the pepper new keys are hashed with', `${previous.length} peppers`)
  const pepper = current === undefined ? null : { current, previous }
  const ownerLimits = ownerLimitsOf(env)
  const ietfRateLimitHeaders = ietfDraftOf(env)
  const trustedOrigins = trustedOriginsOf(env)
  const roles = rolesOf(env)
  const defaultScopes = defaultScopesOf(env)
  const { ownerScopes, ownerMetaFields } = ownerGrantsOf(env, defaultScopes)
  const secretScanningPath = read(env, 'SECRET_SCANNING_PATH') ?? DEFAULT_SECRET_SCANNING_PATH
  if (!PATH_PATTERN.test(secretScanningPath))
    bad(
      'SECRET_SCANNING_PATH',
      'must be a path like /secret-scanning/github (segments of letters, digits and ._~-)',
      secretScanningPath,
    )
  const githubKeysUrl = serviceUrl(env, 'GITHUB_KEYS_URL', GITHUB_KEYS_URL, ['https', 'http'])
  const webhook = webhookOf(env)
  const postgres = store === 'postgres' ? postgresOf(env) : undefined
  return {
    framework,
    port,
    host,
    store,
    redisUrl,
    ...(postgres ? { postgres } : {}),
    dashboardToken,
    serviceName,
    keyPrefix,
    failedAuthLimit,
    trustProxy,
    pepper,
    ownerLimits,
    ietfRateLimitHeaders,
    trustedOrigins,
    ownerScopes,
    ownerMetaFields,
    roles,
    defaultScopes,
    secretScanningPath,
    githubKeysUrl,
    webhook,
  }
}

/**
 * W4: `WEBHOOK_URL` and `WEBHOOK_SECRET` together register one endpoint for every event. The URL
 * may be on loopback or a private network: the operator chose it. Checked by the core's own rules.
 */
function webhookOf(env: NodeJS.ProcessEnv): { url: string; secret: string } | null {
  const url = read(env, 'WEBHOOK_URL')
  const secret = read(env, 'WEBHOOK_SECRET')
  if (url === undefined && secret === undefined) return null
  if (url === undefined) bad('WEBHOOK_URL', 'must be set with WEBHOOK_SECRET', '')
  // The secret is never shown, only its length.
  if (secret === undefined) bad('WEBHOOK_SECRET', 'must be set with WEBHOOK_URL', '')
  let problem: string | undefined
  try {
    void createKeyward({ webhooks: { endpoints: [{ url, secret }] } })
      .close()
      .catch(() => undefined)
  } catch (error) {
    problem = (error as Error).message
  }
  if (problem?.includes('.url"')) bad('WEBHOOK_URL', 'must be an http:// or https:// URL', url)
  if (problem !== undefined)
    bad('WEBHOOK_SECRET', 'must be whsec_ followed by 24-64 bytes in base64', `${secret.length} characters`)
  return { url, secret }
}

/** The scopes of the reference service's own endpoints: what its keys call unless told otherwise. */
export const SEED_SCOPES: readonly string[] = Object.freeze(['ip', 'email'])

/** `DEFAULT_SCOPES`: a comma list (empty: none), checked by the core's own scope rules. */
function defaultScopesOf(env: NodeJS.ProcessEnv): string[] {
  const text = env.DEFAULT_SCOPES
  if (text === undefined) return [...SEED_SCOPES]
  const scopes = text.trim() === '' ? [] : text.split(',').map((scope) => scope.trim())
  try {
    createKeyward({ defaultScopes: scopes })
  } catch {
    bad('DEFAULT_SCOPES', 'must be a comma-separated list of scopes such as ip,email (* for every scope)', text)
  }
  return scopes
}

/** M10: `ROLES`, checked by the core's own rules through a throwaway instance. */
function rolesOf(env: Record<string, string | undefined>): Record<string, string[]> | null {
  const text = read(env, 'ROLES')
  if (text === undefined) return null
  let roles: unknown
  try {
    roles = JSON.parse(text)
  } catch {
    bad('ROLES', 'must be a JSON object such as {"analyst":["reports.read","billing.read"]}', 'text that is not JSON')
  }
  try {
    createKeyward({ roles: roles as Record<string, string[]> })
  } catch (error) {
    throw new EnvError(`ROLES ${(error as Error).message.replace(/^keyward: option /, 'holds option ')}`)
  }
  return roles as Record<string, string[]>
}
