/** The dashboard routes as the page calls them: the records they answer with, and their refusals. */
import { config, type Grants, REQUEST_TIMEOUT_MS, session } from './config.js'

export type KeyType = 'live' | 'test'
export type KeyStatus = 'active' | 'revoked' | 'expired'

/** A key as the dashboard routes show it: never its full value, except once when it is made. */
export interface KeyRecord {
  id: string
  name: string
  maskedKey: string
  keyType: KeyType
  status: KeyStatus
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
  scopes?: string[]
  ownerId?: string | null
  /** The key's own named limits, or `{ perMinute?, perMonth? }` over its type's, or null for its type's. */
  limits?: NamedLimit[] | { perMinute?: number; perMonth?: number } | null
  /** false while the key is suspended. */
  enabled?: boolean
  /** The addresses and CIDR ranges the key is allowed from, normalised; null for any address. */
  allowedIps?: string[] | null
  /** The roles the key holds, by name; null or absent for none. */
  roles?: string[] | null
  /** What the key has left to spend, live, and how it refills; null for a key without credits. */
  credits?: KeyCredits | null
}

/** A key's credits as records hold them. */
export interface KeyCredits {
  remaining: number
  refill?: { amount: number; every: 'day' | 'month'; day?: number }
}

/** A named limit as records hold it: the window in ms, "month" or a billing month's day. */
export interface NamedLimit {
  name: string
  limit: number
  window: number | 'month' | { month: { day: number } }
}

/** A key just created or rotated: its full value, and for a rotation the key it replaces. */
export interface NewKey extends KeyRecord {
  key?: string
  previous?: KeyRecord
}

/** One recorded request of a key: admitted, or refused for the key itself (revoked, over a limit, …). */
export interface UsageEntry {
  timestamp: string
  keyId: string
  method: string
  path: string
  status: number
  /** The refusal's error code; null when keyward admitted the request. */
  code?: string | null
  ip?: string | null
  country?: string | null
}

export interface AuditEntry {
  id: string
  time: string
  action: string
  actor: string | null
  keyId: string | null
  ownerId: string | null
  fields: string[]
}

export interface Envelope<T> {
  data: T
  meta?: { nextCursor?: string | null; limits?: LimitUsage[] }
}

/** One limit of a key or of its owner and how much of it is used now, as the analytics route answers it. */
export interface LimitUsage {
  name: string
  scope: 'key' | 'owner'
  keyType: KeyType
  limit: number
  used: number
  window: number | 'month' | { month: { day: number } }
  reset: string
}

/** A refusal of the dashboard routes, with the envelope's code and message. */
export class DashboardError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly retryAfter: string | null,
  ) {
    super(message)
  }
}

export function dashboardHeaders(hasBody: boolean): Record<string, string> {
  // A custom header a cross-site form or image cannot send: hosts whose guard reads a cookie rely on it.
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Keyward-Request': '1' }
  if (config.signIn === 'token' && session.token) headers.Authorization = `Bearer ${session.token}`
  if (session.owner) headers['X-Keyward-Owner'] = session.owner
  if (hasBody) headers['Content-Type'] = 'application/json'
  return headers
}

interface ErrorEnvelope {
  error?: { code?: string; message?: string }
}

/** Calls a dashboard route; resolves with the envelope, rejects with a DashboardError. Bounded in time. */
export async function dashboard<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  try {
    const response = await fetch(config.dashboard + path, {
      method,
      headers: dashboardHeaders(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    })
    // A host's login wall answers with a redirect: that is "not signed in", not a broken server.
    if (response.type === 'opaqueredirect') {
      throw new DashboardError(401, null, 'The dashboard redirected the request: sign in first.', null)
    }
    const payload: unknown = await response.json().catch(() => null)
    if (response.ok && payload) return payload as Envelope<T>
    const error = (payload as ErrorEnvelope | null)?.error || {}
    const message = error.message || `The server answered with status ${response.status}.`
    throw new DashboardError(response.status, error.code || null, message, response.headers.get('Retry-After'))
  } catch (error) {
    if (error instanceof DashboardError) throw error
    const message = controller.signal.aborted
      ? 'The server did not answer in time. Try again.'
      : 'The server cannot be reached. Check the connection and try again.'
    throw new DashboardError(0, null, message, null)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Learns what this session may give its keys, so the dialogs offer an owner only that. A dashboard
 * without the route (an older keyward) leaves the page as it was: the server still decides.
 */
export async function loadGrants(): Promise<void> {
  try {
    const payload = await dashboard<{ grants: Grants | null }>('GET', '/session')
    session.grants = payload.data.grants
  } catch (error) {
    session.grants = null
    if (error instanceof DashboardError && error.status === 401) throw error
  }
}

let sessionRefused: (message: string) => void = () => {}
/** What to do when the dashboard stops accepting the sign-in (the page's start sets it: sign out). */
export function onSessionRefused(handler: (message: string) => void): void {
  sessionRefused = handler
}

/** The message to show for a failed call; a refused session ends it. */
export function describeFailure(error: unknown): string {
  if (
    error instanceof DashboardError &&
    error.status === 401 &&
    (session.token !== null || config.signIn === 'session')
  ) {
    sessionRefused('The dashboard no longer accepts this sign-in. Sign in again.')
  }
  if (error instanceof DashboardError && error.status === 429 && error.retryAfter) {
    return `Too many refused requests from this address. Try again in ${error.retryAfter} seconds.`
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'
}
