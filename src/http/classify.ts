/**
 * What a request is to keyward (A1, A3): keyward's own endpoints at their exact paths, a protected
 * path, the 404 root, or outside, on every reading a router may take of the path.
 */
import type { ResolvedOptions } from './options.js'
import { canonicalPath, pathOf, underPrefix } from './request-path.js'

/** What a request is to keyward. */
export type PathKind =
  /** Not keyward's: the adapter leaves it to the framework untouched. */
  | 'outside'
  | 'ping'
  | 'auth-test'
  | 'dashboard'
  /** The web page and its assets, at their exact paths. */
  | 'web-page'
  /** Under the protected paths: needs a key unless its route is public. */
  | 'protected'
  /** Under the `notFound` root but not protected: keyward's 404, whatever the credentials. */
  | 'not-found'

/** The kinds keyward answers itself, in full. */
export type AnsweredKind = Exclude<PathKind, 'outside' | 'protected'> | 'protected-not-found'

/** Whether any reading a router may take of `path` lies under one of `prefixes` (A3). */
function anyUnder(path: string, prefixes: readonly string[]): boolean {
  for (let i = 0; i < prefixes.length; i++) if (underPrefix(path, prefixes[i]!)) return true
  return false
}

/** What a request is (A1, A3), by the adapter's paths. */
export function createClassifier(settings: ResolvedOptions): (target: string, routed?: string) => PathKind {
  const { paths, ping, authTest, dashboard, dashboardPath, webPage } = settings
  // As a prefix, the 404 root takes in itself and what lies below it, not `/apix` beside `/api`.
  const notFound = settings.notFound === null ? null : `${settings.notFound}/`

  /** What one reading of the path is: protected, under the 404 root, or outside. */
  function readingOf(path: string): PathKind {
    if (anyUnder(path, paths)) return 'protected'
    return notFound !== null && underPrefix(path, notFound) ? 'not-found' : 'outside'
  }

  /**
   * keyward's own endpoints answer at their exact paths; any other reading a router may take
   * (decoded, normalised, another letter case, the route it matched) only makes a request stricter.
   */
  return function classify(target, routed) {
    const raw = pathOf(target)
    if (raw === ping) return 'ping'
    if (raw === authTest) return 'auth-test'
    if (webPage?.serves(raw)) return 'web-page'
    if (dashboard !== null && raw.startsWith(dashboardPath) && raw.charCodeAt(dashboardPath.length) === 47)
      return 'dashboard'
    let kind = readingOf(raw)
    if (kind === 'protected') return kind
    const canonical = canonicalPath(raw)
    if (canonical !== raw) kind = stricter(kind, readingOf(canonical))
    if (routed !== undefined && routed !== raw) kind = stricter(kind, readingOf(routed))
    return kind
  }
}

/** The stricter of two readings of one request: needing a key beats a 404, which beats outside. */
function stricter(kind: PathKind, other: PathKind): PathKind {
  if (other === 'protected' || kind === 'protected') return 'protected'
  return other === 'not-found' ? other : kind
}
