/**
 * The key-management web page: one HTML document, its script, its style sheet and an icon,
 * written as files in `ui/` and built into the package as strings (assets.ts), answered by the
 * adapter kit at exact paths under the page's path. The page calls the dashboard routes; the paths
 * it needs are written into its HTML.
 */
import type { KeywardResponse } from '../core/types.js'
import { pageAssets } from './assets.js'
import { renderPage } from './html.js'

/**
 * The `webPage` adapter option: `true` for the page at `/dashboard/`, or where and how it signs in.
 *
 * @example
 * import { keywardExpress } from 'keyward/express'
 * app.use(keywardExpress(keyward, { dashboard: guard, webPage: { path: '/admin/keys/', signIn: 'session' } }))
 */
export interface WebPageOptions {
  /** Where the page answers, ending in `/`. Default `/dashboard/`. */
  path?: string | undefined
  /**
   * How the page authenticates to the dashboard routes. `token` (default): a sign-in form takes
   * a bearer token and an optional owner id, kept in the tab's `sessionStorage`. `session`: the
   * host's own login cookie, which the browser sends by itself; the page shows no sign-in form.
   */
  signIn?: 'token' | 'session' | undefined
}

/** What the page needs to know about the app it is served by. */
export interface WebPageSettings {
  path: string
  signIn: 'token' | 'session'
  dashboardPath: string
  /** The auth test endpoint, or null when the app has none (the page then offers no Test). */
  authTestPath: string | null
  serviceName: string
  keyPrefix: string
  /** The names of the roles the host defined, offered when editing a key's roles. Default: none. */
  roles?: readonly string[] | undefined
}

/** The page, ready to answer. */
export interface WebPage {
  /** Whether the page answers at this exact path (the page, its assets, and the path without `/`). */
  serves(path: string): boolean
  /** The answer to a GET at a path `serves()` accepted (the adapter kit answers other methods). */
  answer(path: string, requestId: string): KeywardResponse
}

/**
 * No inline script or style, nothing from another origin, no framing, and no form may navigate:
 * the page sends its forms with `fetch`, so a form that would submit itself is blocked instead of
 * putting a token into a URL. Trusted Types forbid every DOM sink that parses HTML or script.
 */
export const WEB_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ')

/** Headers every answer of the page carries. Nothing the page serves is cached: it is small, and a stale script must never meet a newer server. */
const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': WEB_PAGE_CSP,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
})

interface Asset {
  type: string
  body: string
}

/**
 * The page at `settings.path`: its document, `app.js`, `app.css` and `icon.svg`.
 *
 * @example
 * const page = createWebPage({ path: '/dashboard/', signIn: 'token', dashboardPath: '/api/dashboard', authTestPath: '/api/v1/auth/test', serviceName: 'Svc', keyPrefix: 'svc' })
 * page.serves('/dashboard/app.js') // true
 */
export function createWebPage(settings: WebPageSettings): WebPage {
  const { path } = settings
  const { script, style, icon } = pageAssets()
  const assets = new Map<string, Asset>([
    [path, { type: 'text/html; charset=utf-8', body: renderPage(settings) }],
    [`${path}app.js`, { type: 'text/javascript; charset=utf-8', body: script }],
    [`${path}app.css`, { type: 'text/css; charset=utf-8', body: style }],
    [`${path}icon.svg`, { type: 'image/svg+xml', body: icon }],
  ])
  const bare = path.slice(0, -1)
  return {
    serves: (candidate) => assets.has(candidate) || candidate === bare,
    answer(candidate, requestId) {
      const asset = assets.get(candidate)
      // One address for the page, so a bookmark of either spelling opens it.
      if (asset === undefined)
        return { status: 308, headers: { ...PAGE_HEADERS, Location: path, 'X-Request-ID': requestId }, body: '' }
      return {
        status: 200,
        headers: { ...PAGE_HEADERS, 'Content-Type': asset.type, 'X-Request-ID': requestId },
        body: asset.body,
      }
    },
  }
}
