/**
 * U2, A10: dashboard requests another site's page may have made with the browser's credentials.
 * Cookies are not the only credentials a browser adds by itself (HTTP Basic, client certificates
 * too), so a state-changing request from another site is refused whatever it carries; a cookie
 * must also come with a header no other site's page can send.
 */
import { singleHeader } from './json-body.js'
import type { DashboardRequest } from './types.js'

/** A Host header value: a host name or address and a port, nothing a URL parser would read more into. */
const HOST = /^[A-Za-z0-9.[\]:-]+$/

const SAFE_METHODS = new Set(['GET', 'HEAD'])

/** Why a request is refused before the guard runs, or null when it is not. */
export type CrossSiteRefusal = 'other-site' | 'cookie-without-header' | null

/** The origins the host trusts, checked at setup: `scheme://host[:port]`, lower case, no default port. */
export type TrustedOrigins = ReadonlySet<string>

const OPTION = 'keyward: createDashboard() option "trustedOrigins"'

/**
 * The `trustedOrigins` option as a set; a TypeError names the option and, for a URL that is not an
 * origin, the origin meant.
 */
export function readTrustedOrigins(value: unknown): TrustedOrigins {
  if (value === undefined) return new Set()
  if (!Array.isArray(value)) {
    const got = value === null ? 'null' : typeof value
    throw new TypeError(`${OPTION} must be an array of origins such as 'https://admin.example.com' (got ${got})`)
  }
  const origins = new Set<string>()
  for (const entry of value) {
    const origin = typeof entry === 'string' ? originOf(entry) : null
    if (origin === null || origin !== entry) {
      const got =
        typeof entry === 'string' ? JSON.stringify(entry.slice(0, 100)) : entry === null ? 'null' : typeof entry
      const meant = origin !== null ? `; did you mean '${origin}'?` : ''
      throw new TypeError(
        `${OPTION} takes origins written scheme://host[:port], such as 'https://admin.example.com' (got ${got}${meant})`,
      )
    }
    origins.add(origin)
  }
  return origins
}

/** The origin of an http(s) URL as browsers write it in `Origin`, or null. */
function originOf(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
}

/**
 * Whether `origin` is the request's own: `http(s)://` and its Host; or, when the browser itself says
 * `Sec-Fetch-Site: same-origin`, the host a proxy in front reports (X-Forwarded-Host, Forwarded).
 */
function isOwnOrigin(origin: string, headers: DashboardRequest['headers'], site: string | undefined): boolean {
  if (isOriginOfHost(origin, singleHeader(headers.host))) return true
  // Another site's page cannot set these headers without a preflight keyward never grants, so they only name the
  // proxy's public host; same-origin is also required, as a host's own CORS setup might grant that preflight.
  if (site !== 'same-origin') return false
  const proxied = [firstValue(headers['x-forwarded-host']), forwardedHost(headers.forwarded)]
  return proxied.some((host) => isOriginOfHost(origin, host))
}

/** Whether `origin` is `http(s)://` and `host`. */
function isOriginOfHost(origin: string, host: string | undefined): boolean {
  // Only a host name or address and a port: no path, user or other character a URL would reread.
  if (host === undefined || !HOST.test(host)) return false
  const scheme = origin.startsWith('https://') ? 'https://' : origin.startsWith('http://') ? 'http://' : null
  // Host written as the origin would be (lower case, default port dropped), then compared exactly.
  return scheme !== null && originOf(scheme + host) === origin
}

/** The first value of a comma-separated header such as X-Forwarded-Host: the one the client-facing proxy set. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const line = Array.isArray(value) ? value[0] : value
  return line?.split(',')[0]?.trim()
}

/** `host=` of the first element of a `Forwarded` header (RFC 7239), unquoted; undefined when it has none. */
function forwardedHost(value: string | string[] | undefined): string | undefined {
  const pair = firstValue(value)
    ?.split(';')
    .find((p) => p.trim().toLowerCase().startsWith('host='))
  return pair
    ?.trim()
    .slice('host='.length)
    .replace(/^"(.*)"$/, '$1')
}

/**
 * Why the request is refused before the guard runs, or null. A state-changing request (anything
 * but GET and HEAD) from a browser on another site is refused: `Sec-Fetch-Site: cross-site` or
 * `same-site`, or an `Origin` (`null` included) other than the request's own and not trusted.
 * Behind a proxy that rewrites Host, a same-origin request's own origin is the one the proxy reports.
 * Without either header (curl, server-to-server) nothing is refused. A request with a cookie must
 * send `X-Keyward-Request: 1`, a header another site's page cannot add without asking this origin.
 */
export function crossSiteRefusal(request: DashboardRequest, trusted: TrustedOrigins): CrossSiteRefusal {
  if (!SAFE_METHODS.has(request.method) && fromOtherSite(request, trusted)) return 'other-site'
  if (request.headers.cookie !== undefined && request.headers['x-keyward-request'] !== '1')
    return 'cookie-without-header'
  return null
}

function fromOtherSite(request: DashboardRequest, trusted: TrustedOrigins): boolean {
  const lines = request.headers.origin
  // Two Origin lines: no browser sends that; refused rather than guessed at.
  if (Array.isArray(lines) && lines.length > 1) return true
  const origin = singleHeader(lines)
  if (origin !== undefined && trusted.has(origin)) return false
  const site = singleHeader(request.headers['sec-fetch-site'])?.toLowerCase()
  if (site === 'cross-site' || site === 'same-site') return true
  if (origin === undefined) return false
  return !isOwnOrigin(origin, request.headers, site)
}
