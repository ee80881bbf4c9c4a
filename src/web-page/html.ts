/**
 * The page's HTML, from the template `ui/index.html`: every view and dialog is in the document
 * from the start, and the script only fills in data and shows or hides parts. The app's paths and
 * names are data attributes on `<html>`, so the script learns where the dashboard routes and the
 * auth test answer.
 */
import { pageAssets } from './assets.js'
import type { WebPageSettings } from './index.js'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** `<!--if name-->` … `<!--end name-->`: a part of the template kept only when `name` holds. */
const SECTION = /<!--if ([a-zA-Z]+)-->\n([\s\S]*?)<!--end \1-->\n/g
/** `{{name}}`: a value written in, escaped. */
const PLACEHOLDER = /\{\{([a-zA-Z]+)\}\}/g

/** Fills in the template: its parts kept or dropped, then every placeholder escaped. */
function fill(template: string, parts: Record<string, boolean>, values: Record<string, string>): string {
  const kept = template.replace(SECTION, (_, name: string, body: string) => {
    if (!(name in parts)) throw new Error(`ui/index.html: unknown part "${name}"`)
    return parts[name] ? body : ''
  })
  return kept.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`ui/index.html: unknown placeholder "${name}"`)
    return escapeHtml(value)
  })
}

/**
 * The document, with the app's settings as data attributes. Every value written is escaped, and
 * paths are checked by the adapter kit before they get here.
 *
 * @example
 * renderPage({ path: '/dashboard/', signIn: 'token', dashboardPath: '/api/dashboard', authTestPath: '/api/v1/auth/test', serviceName: 'Svc', keyPrefix: 'svc' })
 */
export function renderPage(settings: WebPageSettings): string {
  const parts = {
    token: settings.signIn === 'token',
    session: settings.signIn === 'session',
    authTest: settings.authTestPath !== null,
  }
  return fill(pageAssets().html, parts, {
    service: settings.serviceName,
    prefix: settings.keyPrefix,
    authTest: settings.authTestPath ?? '',
    base: settings.path,
    dashboard: settings.dashboardPath,
    signIn: settings.signIn,
    // Role names are plain words (letters, digits, - and _): a comma joins them unambiguously.
    roles: (settings.roles ?? []).join(','),
  })
}
