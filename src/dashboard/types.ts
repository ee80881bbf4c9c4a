/** The dashboard's public shapes: the request an adapter hands over, the guard and its options. */
import type { ErrorCode } from '../core/messages.js'
import type { Awaitable, KeywardResponse } from '../core/types.js'

/** A request under `/api/dashboard`, as an adapter hands it over. */
export interface DashboardRequest {
  method: string
  /** The path below `/api/dashboard`, without the query: `/api-keys`, `/api-keys/key_…/revoke`, `/api-keys/usage`. */
  path: string
  /** The raw query string, without the leading `?`. */
  query: string
  /** Header names in lower case, values as Node's `req.headers` holds them. */
  headers: Record<string, string | string[] | undefined>
  /** The raw body text; null when the request has none, or when it is read later by `readBody`. */
  body: string | null
  /** The adapter stopped reading because the body is longer than `maxBodyBytes`. */
  bodyTooLarge: boolean
  /**
   * Reads the body (up to `maxBodyBytes`) when the dashboard needs it: only once the guard has
   * admitted the request, so a refused request's body is never read. When given, `body` and
   * `bodyTooLarge` are not looked at. The keyward adapters pass it.
   */
  readBody?: () => Promise<{ body: string | null; tooLarge: boolean }>
  /** The request id already chosen for this request. */
  requestId: string
  /** The client address; null when unknown (such requests are not counted by `failedAuthLimit`). */
  ip: string | null
}

/**
 * Who is using the dashboard: an administrator (every key, keys for any owner) or one owner
 * (its own keys only; another owner's key answers 404 exactly like an unknown id).
 */
export type DashboardPrincipal = { role: 'admin' } | { ownerId: string }

/**
 * What a dashboard guard returns: `true` or `{ role: 'admin' }` for an administrator,
 * `{ ownerId }` for that owner, anything falsy for nobody (401). Any other value is refused too,
 * and named once in a console warning.
 */
export type DashboardGuardResult = DashboardPrincipal | boolean | null | undefined

/**
 * What an owner session may give its own keys. Whatever is declared, an owner may always narrow
 * what its keys have (fewer scopes, fewer roles, fewer addresses, lower limits and credits), and
 * never lift or widen what an administrator set.
 */
export interface DashboardOwnerOptions {
  /**
   * The scopes owners may give their keys, or a function of the owner id answering them. A
   * wildcard is counted by what it grants: an owner may give `reports.*` only when this holds
   * `reports.*` (or a wider wildcard such as `*`), and `*` only when it holds `*`. Default: the
   * instance's `defaultScopes`.
   */
  scopes?: readonly string[] | ((ownerId: string) => Awaitable<readonly string[]>)
  /** The top-level `meta` fields owners may write; every other field stays as it is. Default: none. */
  meta?: readonly string[]
  /** The roles (of `createKeyward({ roles })`) owners may give their keys. Default: none. */
  roles?: readonly string[]
}

/** Options of `createDashboard()`. */
export interface DashboardOptions {
  /**
   * Says who is asking. Runs before anything else, unknown paths included, and before the
   * body is read (through the adapters, `request.body` is null here). A throw or a rejection is
   * 500 (never fail open).
   *
   * @example
   * authorize: async (request) => {
   *   const session = await sessions.read(request.headers.cookie)
   *   if (!session) return false
   *   return session.isStaff ? { role: 'admin' } : { ownerId: session.accountId }
   * }
   */
  authorize(request: DashboardRequest): Awaitable<DashboardGuardResult>
  /** Told about guard failures and store faults (never given a key). Default: none. */
  onError?: (error: unknown, info: { requestId: string; phase: 'guard' | 'manage' | 'usage' }) => void
  /**
   * Refused requests (the guard said no: 401) allowed per client address in any rolling minute.
   * Past it, every dashboard request from that address, the right credentials included, gets 429
   * `rate_limited` with `Retry-After` until the minute frees. Counted in the instance's own
   * RateLimiter, so a fleet on Redis shares the count. Each attempt is counted before the guard
   * runs and the count given back when the guard admits, so requests sent at once never run the
   * guard more than this many times a minute; the limiter must have `reserve()` (the memory and
   * Redis limiters do). Requests without a known address are not counted. Default 10; 0 turns the
   * limit off.
   */
  failedAuthLimit?: number
  /**
   * Other origins whose pages may send state-changing dashboard requests (anything but GET and
   * HEAD). Such a request from a browser on another site is refused with 403 `forbidden` whatever
   * credentials it carries (a cookie, HTTP Basic, a client certificate): `Sec-Fetch-Site:
   * cross-site` or `same-site`, or an `Origin` (`null` included) that is not the request's own
   * (`http(s)://` and its Host header). Requests with neither header (curl, server-to-server) are
   * not affected. Behind a proxy that rewrites the Host header, a same-origin request whose Origin
   * is the host the proxy reports in `X-Forwarded-Host` (or `Forwarded: host=`) is the request's own.
   * List an origin here when the admin page is served from another one, or when the proxy reports
   * no host: each written `scheme://host[:port]`, as browsers send it. Default: none.
   *
   * @example
   * trustedOrigins: ['https://admin.example.com']
   */
  trustedOrigins?: readonly string[]
  /**
   * What an owner session may give its own keys: scopes, roles and `meta` fields. An owner's
   * create, update or rotation that goes further is refused with 403 `forbidden` naming the field,
   * and nothing changes. Default: the instance's `defaultScopes`, no roles, no `meta` fields.
   *
   * @example
   * owners: { scopes: ['reports.read', 'ip'], meta: ['label'] }
   */
  owners?: DashboardOwnerOptions
}

/** The dashboard handlers, ready to mount under `/api/dashboard`. */
export interface Dashboard {
  handle(request: DashboardRequest): Promise<KeywardResponse>
  /** The largest body an adapter needs to read (16 KiB); past it, set `bodyTooLarge`. */
  readonly maxBodyBytes: number
}

/** The guard's answer once read: who the routes act for. */
export type Principal = { role: 'admin' } | { role: 'owner'; ownerId: string }

/** Codes the dashboard answers with: the catalogue's, and 409 for a change a revoked key cannot take (O5). */
export type DashboardErrorCode = ErrorCode

export type Report = (error: unknown, requestId: string, phase: 'guard' | 'manage' | 'usage') => void
export type Failure = (
  code: DashboardErrorCode,
  message: string,
  requestId: string,
  headers?: Record<string, string>,
) => KeywardResponse

/** Dashboard answers hold keys and audit data: no cache may keep them. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const
