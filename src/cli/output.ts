/**
 * Text output of the CLI: key records, tables and usage entries for people, JSON for scripts.
 * Key names and paths come from users and requests: control characters are escaped before they
 * reach a terminal, so a name cannot move the cursor or change colours.
 */
import { perWindow } from '../core/key-limits.js'
import type { LimitWindow } from '../core/meter-types.js'
import type { ApiKeyRecord, KeyLimits, UsageEntry } from '../core/types.js'

/** Where the CLI writes and what it reads from the environment. */
export interface CliIO {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  env: Readonly<Record<string, string | undefined>>
}

/** Escapes C0/C1 control characters and DEL as `\u001b` etc. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Joins lines and ends them with a newline. */
export function lines(...rows: string[]): string {
  return `${rows.join('\n')}\n`
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}

function clip(text: string, width: number): string {
  const chars = [...text]
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : text
}

/** A plain table: a header row and left-aligned columns separated by two spaces. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max([...h].length, ...rows.map((row) => [...row[i]!].length)))
  const render = (row: readonly string[]) =>
    row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length))).join('  ')
  return [render(header), ...rows.map(render)]
}

function scopesText(scopes: readonly string[]): string {
  if (scopes.length === 1 && scopes[0] === '*') return 'all (*)'
  if (scopes.length === 0) return 'none (reaches no scoped route)'
  return scopes.join(', ')
}

/** M3: what is left and how it refills, in words. */
function creditsText(credits: ApiKeyRecord['credits']): string {
  if (credits === null) return 'none'
  const refill = credits.refill
  if (refill === undefined) return `${credits.remaining} left`
  const when = refill.every === 'day' ? 'each day' : refill.day === 1 ? 'each month' : `each month on day ${refill.day}`
  return `${credits.remaining} left, refilled to ${refill.amount} ${when}`
}

function limitsText(limits: ApiKeyRecord['limits']): string {
  if (limits === null) return 'defaults of the key type'
  if (Array.isArray(limits))
    return limits.map(({ name, limit, window }) => `${name} ${limit}/${windowText(window)}`).join(', ')
  const shorthands = limits as KeyLimits
  const parts: string[] = []
  if (shorthands.perMinute !== undefined) parts.push(`${shorthands.perMinute}/minute`)
  if (shorthands.perMonth !== undefined) parts.push(`${shorthands.perMonth}/month`)
  return `${parts.join(', ')} (others: defaults of the key type)`
}

function windowText(window: LimitWindow): string {
  if (typeof window === 'object') return `month from day ${window.month.day}`
  return typeof window === 'number' ? perWindow(window) : window
}

/** A suspended key is `suspended` while it would otherwise be active; revoked and expired say so first. */
function statusText(record: ApiKeyRecord): string {
  return record.status === 'active' && !record.enabled ? 'suspended' : record.status
}

/** The record as `label  value` lines, masked key only (K4). */
export function recordLines(record: ApiKeyRecord, indent = '  '): string[] {
  const rows: [string, string][] = [
    ['id', record.id],
    ['name', printable(record.name)],
    ['key', record.maskedKey],
    ['type', record.keyType === 'test' ? 'test (sandbox)' : 'live'],
    ['owner', record.ownerId ?? 'none (a key of the service itself)'],
    ['status', statusText(record)],
    ['created', record.createdAt],
    ['expires', record.expiresAt ?? 'never'],
  ]
  if (record.revokedAt !== null) rows.push(['revoked', record.revokedAt])
  rows.push(
    ['last used', record.lastUsedAt ?? 'never'],
    ['scopes', scopesText(record.scopes)],
    ['roles', record.roles === null ? 'none' : record.roles.join(', ')],
    ['addresses', record.allowedIps === null ? 'any' : record.allowedIps.join(', ')],
    ['limits', limitsText(record.limits)],
    ['credits', creditsText(record.credits)],
    ['meta', record.meta === null ? 'none' : printable(JSON.stringify(record.meta))],
  )
  return rows.map(([label, value]) => `${indent}${label.padEnd(11)}${value}`)
}

/** One column of the `keys list` table: its header, its width, and the cell of a record. */
interface Column {
  header: string
  width: number
  cell(record: ApiKeyRecord): string
}

/**
 * `keys list` as a table whose columns have fixed widths, so each row can be printed as its page
 * arrives instead of after every record has been read. Names and owners are clipped to their column.
 */
export function recordTableWriter(keyPrefix: string): { header: string; row(record: ApiKeyRecord): string } {
  const iso = 'YYYY-MM-DDTHH:MM:SS.sssZ'.length
  const columns: Column[] = [
    { header: 'ID', width: 'key_'.length + 24, cell: (r) => r.id },
    { header: 'NAME', width: 32, cell: (r) => clip(printable(r.name), 32) },
    { header: 'OWNER', width: 24, cell: (r) => (r.ownerId === null ? '-' : clip(r.ownerId, 24)) },
    { header: 'KEY', width: `${keyPrefix}_live_****0000`.length, cell: (r) => r.maskedKey },
    { header: 'TYPE', width: 4, cell: (r) => r.keyType },
    { header: 'STATUS', width: 'suspended'.length, cell: statusText },
    { header: 'CREATED', width: iso, cell: (r) => r.createdAt },
    { header: 'EXPIRES', width: iso, cell: (r) => r.expiresAt ?? 'never' },
    { header: 'LAST USED', width: iso, cell: (r) => r.lastUsedAt ?? 'never' },
    { header: 'LIMITS', width: 0, cell: (r) => limitsText(r.limits) },
  ]
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : cell + ' '.repeat(Math.max(0, columns[i]!.width - [...cell].length)),
      )
      .join('  ')
  return {
    header: render(columns.map((c) => c.header)),
    row: (record) => render(columns.map((c) => c.cell(record))),
  }
}

/** `keys usage` as a table, newest first. */
export function usageTable(entries: readonly UsageEntry[]): string[] {
  return table(
    ['TIME', 'KEY ID', 'METHOD', 'PATH', 'STATUS', 'CODE', 'IP', 'COUNTRY', 'REQUEST ID'],
    entries.map((e) => [
      e.timestamp,
      e.keyId,
      printable(e.method),
      clip(printable(e.path), 60),
      String(e.status),
      e.code ? printable(e.code) : '-',
      e.ip ?? '-',
      e.country ?? '-',
      e.requestId,
    ]),
  )
}
