/**
 * What a request is to keyward (A1, A3): keyward's own endpoints at their exact paths, a protected
 * path, the 404 root, or outside, on every reading a router may take of the path.
 *
 * Routers disagree: one decodes `%61` to `a`, one matches case-insensitively, one resolves `..`,
 * one ignores a trailing slash or a `;param`. keyward decides whether a request is protected on
 * every reading a router could take, so no spelling of a protected path is routed to a handler
 * while keyward thinks it is outside.
 */
import { canonicalPath } from '../core/canonical-path.js'
import type { ResolvedOptions } from './options.js'

export { canonicalPath }

/** What a request is to keyward. */
export type PathKind =
  /** Not keyward's: the adapter leaves it to the framework untouched. */
  | 'outside'
  | 'ping'
  | 'auth-test'
  | 'dashboard'
  /** The web page and its assets, at their exact paths. */
  | 'web-page'
  /** GitHub's secret scanning reports, at their exact path. */
  | 'secret-scanning'
  /** Under the protected paths: needs a key unless its route is public. */
  | 'protected'
  /** Under the `notFound` root but not protected: keyward's 404, whatever the credentials. */
  | 'not-found'

/** The kinds keyward answers itself, in full. */
export type AnsweredKind = Exclude<PathKind, 'outside' | 'protected'> | 'protected-not-found'

/** What a request is to the adapter: a path's kind, or keyward's 404 for a protected path no route takes. */
export type RequestKind = PathKind | 'protected-not-found'

/**
 * What a request is (A1, A3), from its target and, when the framework matched a route, that
 * route's path. `guarded`: the host gave keyward this request (mounted under a path, or a route
 * naming keyward's options), so outside keyward's paths it is protected all the same (A1).
 * `found` false: no route of the host takes it, so a protected one gets keyward's 404 when the
 * `notFound` option is set.
 */
export type Classify = (target: string, routed?: string, guarded?: boolean, found?: boolean) => RequestKind

/** What a request is (A1, A3), by the adapter's paths. */
export function createClassifier(settings: ResolvedOptions): Classify {
  const { paths, ping, authTest, dashboard, dashboardPath, webPage } = settings
  const secretScanning = settings.secretScanning?.path
  // As a prefix, the 404 root takes in itself and what lies below it, not `/apix` beside `/api`.
  const notFound = settings.notFound === null ? null : `${settings.notFound}/`

  /** What one reading of the path is: protected, under the 404 root, or outside. */
  function readingOf(path: string): PathKind {
    for (let i = 0; i < paths.length; i++) if (underPrefix(path, paths[i]!)) return 'protected'
    return notFound !== null && underPrefix(path, notFound) ? 'not-found' : 'outside'
  }

  /**
   * keyward's own endpoints answer at their exact paths; any other reading a router may take
   * (decoded, normalised, another letter case, the route it matched) only makes a request stricter.
   */
  return function classify(target, routed, guarded = false, found = true) {
    const raw = pathOf(target)
    if (raw === ping) return 'ping'
    if (raw === authTest) return 'auth-test'
    if (raw === secretScanning) return 'secret-scanning'
    if (webPage?.serves(raw)) return 'web-page'
    if (dashboard !== null && raw.startsWith(dashboardPath) && raw.charCodeAt(dashboardPath.length) === 47)
      return 'dashboard'
    let kind = readingOf(raw)
    if (kind !== 'protected') {
      const canonical = canonicalPath(raw)
      if (canonical !== raw) kind = stricter(kind, readingOf(canonical))
      if (routed !== undefined && routed !== raw) kind = stricter(kind, readingOf(routed))
      if (kind === 'outside' && guarded) kind = 'protected'
    }
    return kind === 'protected' && !found && notFound !== null ? 'protected-not-found' : kind
  }
}

/** The stricter of two readings of one request: needing a key beats a 404, which beats outside. */
function stricter(kind: PathKind, other: PathKind): PathKind {
  if (other === 'protected' || kind === 'protected') return 'protected'
  return other === 'not-found' ? other : kind
}

/**
 * The path of a request target (`/a/b?c` → `/a/b`); absolute-form targets (`http://host/a/b`)
 * give their path, and a target with no path gives `/`.
 *
 * @example
 * pathOf('http://localhost/api/v1/ping?x=1') // '/api/v1/ping'
 */
export function pathOf(url: string): string {
  let start = 0
  if (url.charCodeAt(0) !== 47) {
    const scheme = url.indexOf('://')
    start = scheme < 0 ? -1 : url.indexOf('/', scheme + 3)
    if (start < 0) return '/'
  }
  let end = url.length
  for (let i = start; i < end; i++) {
    const c = url.charCodeAt(i)
    if (c === 63 || c === 35) end = i // '?' or '#'
  }
  return start === 0 && end === url.length ? url : url.slice(start, end)
}

/**
 * The raw query of a URL, without `?` or a fragment; '' when none.
 *
 * @example
 * queryOf('/api/v1/ip/lookup?ip=1.2.3.4') // 'ip=1.2.3.4'
 */
export function queryOf(url: string): string {
  const query = url.indexOf('?')
  if (query < 0) return ''
  const hash = url.indexOf('#', query)
  return url.slice(query + 1, hash < 0 ? url.length : hash)
}

/**
 * True when `path` is `prefix`, its root (`prefix` without its final `/`: routers that ignore a
 * trailing slash route `/api/v1` to `/api/v1/`, and a canonical reading has none), or lies below it.
 * `prefix` ends with `/`, so `/api/v10` is not under `/api/v1/`. ASCII letters are compared
 * case-insensitively: routers that match case-insensitively (Express by default) route `/API/V1/x`
 * to `/api/v1/x`.
 *
 * @example
 * underPrefix('/API/v1/reports', '/api/v1/') // true
 * underPrefix('/api/v1', '/api/v1/') // true
 */
export function underPrefix(path: string, prefix: string): boolean {
  // The root is the prefix without its final '/': only that one character may be missing.
  const compared = path.length === prefix.length - 1 ? path.length : prefix.length
  if (path.length < compared) return false
  for (let i = 0; i < compared; i++) {
    const a = path.charCodeAt(i)
    const b = prefix.charCodeAt(i)
    if (a !== b && (a | 0x20) !== (b | 0x20)) return false
    if (a !== b && !((b | 0x20) >= 97 && (b | 0x20) <= 122)) return false
  }
  return true
}
