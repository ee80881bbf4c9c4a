/**
 * What the three reference apps share: their configuration, the E3 and E4 endpoints as
 * framework-neutral functions, and closing a Node server. Each `app-<framework>.ts` wires these
 * into its framework in a few lines, so the three answer byte for byte alike.
 */
import type { Server } from 'node:http'
import { isIP } from 'node:net'
import type { AdapterOptions } from '../adapters/express.js'
import {
  type ApiKeyContext,
  type DashboardOptions,
  type Keyward,
  type KeywardResponse,
  successResponse,
} from '../src/index.js'

/** The reference server's own texts: its demo endpoints are not part of keyward. */
const SERVER_MESSAGES = {
  ipRequired: 'ip is required: pass ?ip=<IPv4 or IPv6 address>.',
  ipInvalid: 'ip must be one IPv4 or IPv6 address.',
  emailRequired: 'email is required: pass ?email=<address>.',
  parameterRepeated: (name: string) => `${name} must be given at most once.`,
} as const

/**
 * The raw query of a request target, without `?` or a fragment.
 *
 * @example
 * queryOf('/api/v1/ip/lookup?ip=192.0.2.1') // 'ip=192.0.2.1'
 */
export function queryOf(url: string): string {
  const query = url.indexOf('?')
  if (query < 0) return ''
  const hash = url.indexOf('#', query)
  return url.slice(query + 1, hash < 0 ? url.length : hash)
}

/**
 * What every app builder takes.
 *
 * @example
 * // server/main.ts and the tests
 * const app = await buildFastifyApp({ keyward, dashboard: { authorize: bearerTokenGuard(token) }, trustProxy: false })
 */
export interface AppConfig {
  keyward: Keyward
  /** E5: the dashboard guard (the reference server: `bearerTokenGuard(DASHBOARD_TOKEN)`). */
  dashboard: DashboardOptions
  /** AdapterOptions.trustProxy (TRUST_PROXY): also the addresses E7's failed-authentication guard counts by. */
  trustProxy: boolean | number
  /** Told about errors that become a 500. Default: the adapter's (console / Fastify's logger). */
  onError?: AdapterOptions['onError']
  /** W3: GitHub's secret scanning endpoint (`SECRET_SCANNING_PATH`, `GITHUB_KEYS_URL`); none when absent. */
  secretScanning?: AdapterOptions['secretScanning']
}

/**
 * A built app: a Node server that is not listening yet, and how to close it and the framework.
 *
 * @example
 * const { server, close } = await buildHonoApp(config)
 * server.listen(0, '127.0.0.1')
 * await close()
 */
export interface BuiltApp {
  server: Server
  close(): Promise<void>
}

/** `buildExpressApp`, `buildFastifyApp` and `buildHonoApp` alike. */
export type AppBuilder = (config: AppConfig) => Promise<BuiltApp>

/** E3: path and required scope. */
export const IP_LOOKUP = { path: '/api/v1/ip/lookup', scopes: ['ip'] } as const
/** E4: path and required scope. */
export const EMAIL_VALIDATE = { path: '/api/v1/email/validate', scopes: ['email'] } as const
/** M10: path and required permission query. */
export const REPORTS = {
  path: '/api/v1/reports',
  permissions: 'reports.read AND (billing.read OR billing.admin)',
} as const
/** O10: path; authenticated like any route, and, as the auth test, consuming nothing. */
export const WHOAMI = { path: '/api/v1/whoami', consume: false } as const

/** One query parameter: its value, or why there is none (absent or empty, or given twice). */
function single(query: string, name: string): { value: string } | { problem: 'missing' | 'repeated' } {
  const values = new URLSearchParams(query).getAll(name)
  if (values.length > 1) return { problem: 'repeated' }
  const value = values[0] ?? ''
  return value === '' ? { problem: 'missing' } : { value }
}

/**
 * M10: the reports a key with the permissions of `REPORTS` may read (the reference server has none).
 *
 * @example
 * reports(keyward, requestId).body // '{"data":{"reports":[]},"meta":…}'
 */
export function reports(keyward: Keyward, requestId: string): KeywardResponse {
  return successResponse({ reports: [] }, requestId, keyward.clock.now())
}

/**
 * E3: `{ ip, version }` for one IPv4 or IPv6 address; missing or invalid → 400 invalid_request.
 *
 * @example
 * ipLookup(keyward, requestId, 'ip=2001:db8::1').body // '{"data":{"ip":"2001:db8::1","version":6},"meta":…}'
 */
export function ipLookup(keyward: Keyward, requestId: string, query: string): KeywardResponse {
  const ip = single(query, 'ip')
  if ('problem' in ip) {
    const message = ip.problem === 'missing' ? SERVER_MESSAGES.ipRequired : SERVER_MESSAGES.parameterRepeated('ip')
    return keyward.errorResponse('invalid_request', message, requestId)
  }
  const version = isIP(ip.value)
  if (version === 0) return keyward.errorResponse('invalid_request', SERVER_MESSAGES.ipInvalid, requestId)
  return successResponse({ ip: ip.value, version }, requestId, keyward.clock.now())
}

// RFC 5321/5322 in the shape mail systems accept: a dot-atom local part of at most 64 octets, a
// domain of at least two LDH labels of 1-63 characters, a TLD of letters (or an IDNA `xn--` label),
// at most 254 characters in all. Quoted local parts and address literals are refused.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

/**
 * E4's validity check: the address form of RFC 5321 that deliverable addresses use.
 *
 * @example
 * isValidEmail('first.last+tag@example.co.uk') // true
 * isValidEmail('user@localhost') // false: no top-level domain
 */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false
  const at = email.lastIndexOf('@')
  if (at < 1 || at > 64) return false
  const local = email.slice(0, at)
  const labels = email.slice(at + 1).split('.')
  if (!LOCAL_PART.test(local) || labels.length < 2) return false
  return labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(labels[labels.length - 1]!)
}

/**
 * E4: `{ email, valid }`; a missing address → 400 invalid_request.
 *
 * @example
 * emailValidate(keyward, requestId, 'email=a%40example.com').status // 200
 */
export function emailValidate(keyward: Keyward, requestId: string, query: string): KeywardResponse {
  const email = single(query, 'email')
  if ('problem' in email) {
    const message =
      email.problem === 'missing' ? SERVER_MESSAGES.emailRequired : SERVER_MESSAGES.parameterRepeated('email')
    return keyward.errorResponse('invalid_request', message, requestId)
  }
  return successResponse({ email: email.value, valid: isValidEmail(email.value) }, requestId, keyward.clock.now())
}

/**
 * O10: who the calling key is, `{ keyId, name, keyType, ownerId, scopes, expiresAt }`, all from
 * the request's context. Never `meta`: that is the host's data about its customer, not the key
 * holder's.
 *
 * @example
 * api.get(WHOAMI.path, api.protect({ consume: false }), (req, res) => send(res, whoami(keyward, req.apiKey!)))
 */
export function whoami(keyward: Keyward, apiKey: ApiKeyContext): KeywardResponse {
  const { id: keyId, name, keyType, ownerId, scopes, expiresAt } = apiKey
  const data = {
    keyId,
    name,
    keyType,
    ownerId,
    scopes,
    expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
  }
  return successResponse(data, apiKey.requestId, keyward.clock.now(), { 'Cache-Control': 'no-store' })
}

/**
 * Stops accepting, closes idle keep-alive connections, and ends the rest after `graceMs`.
 *
 * @example
 * process.once('SIGTERM', () => closeServer(server).then(() => process.exit(0)))
 */
export function closeServer(server: Server, graceMs = 5000): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs)
    force.unref()
    server.close((error) => {
      clearTimeout(force)
      if (error) reject(error)
      else resolve()
    })
    server.closeIdleConnections()
  })
}
