/**
 * A secret scanning report as GitHub sends it: a JSON array of `{ token, type, url, source }`,
 * one item per match. The whole report is checked before anything is done with any of it.
 */
import { SECRET_SCANNING_MESSAGES as M } from './messages.js'

/** One match GitHub reports. `url` and `source` are null when GitHub leaves them out. */
export interface ReportedToken {
  token: string
  type: string
  url: string | null
  source: string | null
}

/** No real token is this long; a longer one is not looked at. */
const MAX_TEXT = 4096

/**
 * The report's items, or the message of a 400 naming what is wrong.
 *
 * @example
 * readReport('[{"token":"svc_live_…","type":"svc_live_key","url":"https://…","source":"content"}]')
 */
export function readReport(body: string): { ok: true; items: ReportedToken[] } | { ok: false; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { ok: false, message: M.notJson() }
  }
  if (!Array.isArray(parsed)) return { ok: false, message: M.notJson() }
  const items: ReportedToken[] = []
  for (let i = 0; i < parsed.length; i++) {
    const item = parsed[i] as Record<string, unknown> | null
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return { ok: false, message: M.badItem(i, 'item', 'must be an object { token, type, url, source }') }
    for (const field of ['token', 'type'] as const) {
      const value = item[field]
      if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TEXT)
        return { ok: false, message: M.badItem(i, field, `must be a string of 1 to ${MAX_TEXT} characters`) }
    }
    for (const field of ['url', 'source'] as const) {
      const value = item[field]
      if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > MAX_TEXT))
        return {
          ok: false,
          message: M.badItem(i, field, `must be a string of at most ${MAX_TEXT} characters, if given`),
        }
    }
    items.push({
      token: item.token as string,
      type: item.type as string,
      url: (item.url as string | undefined) ?? null,
      source: (item.source as string | undefined) ?? null,
    })
  }
  return { ok: true, items }
}
