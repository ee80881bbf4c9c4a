/** How the page shows times, keys, badges and HTTP statuses. */
import { el } from './dom.js'
import type { KeyRecord, KeyStatus, KeyType, NamedLimit } from './dashboard.js'

export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
const WEEK_MS = 7 * 86400000
/** Each unit, its length in seconds, and the count from which the next unit reads better. */
const RELATIVE_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number, number]> = [
  ['second', 1, 60],
  ['minute', 60, 60],
  ['hour', 3600, 24],
  ['day', 86400, 30],
  ['month', 2592000, 12],
  ['year', 31536000, Number.POSITIVE_INFINITY],
]

/** "3 minutes ago", "in 1 hour". */
function fromNow(date: Date): string {
  const seconds = (date.getTime() - Date.now()) / 1000
  for (const [unit, size, most] of RELATIVE_UNITS) {
    const count = Math.round(seconds / size)
    if (Math.abs(count) < most) return relative.format(count, unit)
  }
  return dateOnly.format(date)
}

/**
 * A <time> element (the exact time in its tooltip), or a muted "Never" for null. "relative": how
 * long ago; "soon": how long until, when that is within a week (an expiry during a grace period).
 */
export function timeCell(iso: string | null | undefined, style?: 'relative' | 'soon'): HTMLElement {
  if (!iso) return el('span', { class: 'never', text: 'Never' })
  const date = new Date(iso)
  const untilMs = date.getTime() - Date.now()
  const near = style === 'relative' || (style === 'soon' && untilMs > 0 && untilMs < WEEK_MS)
  const text = near ? fromNow(date) : dateOnly.format(date)
  const time = el('time', { datetime: iso, title: dateTime.format(date), text })
  // A last use or an expiry may wrap ("6 seconds / ago"): where the table is short of room, the
  // row's actions stay in view.
  if (style === undefined) time.classList.add('nowrap')
  return time
}

/** A key as the table shows one: its prefix, four stars and its last four characters. */
export function maskKey(key: string): string {
  const match = /^([A-Za-z0-9]+_(?:live|test)_)/.exec(key)
  const tail = key.length >= 12 ? key.slice(-4) : ''
  return `${match ? match[1] : ''}****${tail}`
}

export function badge(kind: string, text: string): HTMLElement {
  return el('span', { class: `badge badge-${kind}`, text })
}

export const typeBadge = (keyType: KeyType): HTMLElement =>
  keyType === 'test' ? badge('test', 'Sandbox') : badge('live', 'Live')

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
  suspended: 'Suspended',
}
export const statusBadge = (status: KeyStatus | 'suspended'): HTMLElement =>
  badge(status, STATUS_TEXT[status] || status)

/** The colour class of an HTTP status. */
export function statusClass(status: number): string {
  return status < 300 ? 'status-ok' : status < 500 ? 'status-client' : 'status-server'
}

const count = new Intl.NumberFormat('en-US')
const SPANS: ReadonlyArray<readonly [number, string, string]> = [
  [86400000, 'day', 'days'],
  [3600000, 'hour', 'hours'],
  [60000, 'minute', 'minutes'],
  [1000, 'second', 'seconds'],
]

/** "10 seconds", "minute", "1,500 ms": the span a rolling window covers. */
function span(ms: number): string {
  for (const [size, one, many] of SPANS)
    if (ms % size === 0) return ms === size ? one : `${count.format(ms / size)} ${many}`
  return `${count.format(ms)} ms`
}

/** 1st, 2nd, 3rd, 4th … 21st, 22nd, 23rd. */
function ordinal(day: number): string {
  const tens = day % 100 >= 11 && day % 100 <= 13
  const suffix = tens ? 'th' : ['th', 'st', 'nd', 'rd'][day % 10] || 'th'
  return `${day}${suffix}`
}

/** "100 per 10 seconds", "5,000 per billing month from the 15th". */
export function limitText({ limit, window }: NamedLimit): string {
  if (window === 'month') return `${count.format(limit)} per calendar month`
  if (typeof window === 'object')
    return `${count.format(limit)} per billing month from the ${ordinal(window.month.day)}`
  return `${count.format(limit)} per ${span(window)}`
}

/** A key's own limits as lines `name: words`; none for a key on its type's defaults. */
export function limitLines(limits: KeyRecord['limits']): string[] {
  if (!limits) return []
  if (Array.isArray(limits)) return limits.map((limit) => `${limit.name}: ${limitText(limit)}`)
  const lines: string[] = []
  if (limits.perMinute !== undefined)
    lines.push(`minute: ${limitText({ name: 'minute', limit: limits.perMinute, window: 60000 })}`)
  if (limits.perMonth !== undefined)
    lines.push(`month: ${limitText({ name: 'month', limit: limits.perMonth, window: 'month' })}`)
  return lines
}
