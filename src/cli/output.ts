/**
 * Text output of the CLI: key records, tables and usage entries for people, JSON for scripts.
 * Key names and paths come from users and requests: control characters are escaped before they
 * reach a terminal, so a name cannot move the cursor or change colours.
 */
import type { ApiKeyRecord, UsageEntry } from '../types.js'

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
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length)))
      .join('  ')
  return [render(header), ...rows.map(render)]
}

function scopesText(scopes: readonly string[] | null): string {
  if (scopes === null) return 'all (no scope restriction)'
  if (scopes.length === 0) return 'none (reaches no scoped route)'
  return scopes.join(', ')
}

function limitsText(limits: ApiKeyRecord['limits']): string {
  if (limits === null) return 'defaults of the key type'
  const parts: string[] = []
  if (limits.perMinute !== undefined) parts.push(`${limits.perMinute}/minute`)
  if (limits.perMonth !== undefined) parts.push(`${limits.perMonth}/month`)
  return `${parts.join(', ')} (others: defaults of the key type)`
}

/** The record as `label  value` lines, masked key only (K4). */
export function recordLines(record: ApiKeyRecord, indent = '  '): string[] {
  const rows: [string, string][] = [
    ['id', record.id],
    ['name', printable(record.name)],
    ['key', record.maskedKey],
    ['type', record.keyType === 'test' ? 'test (sandbox)' : 'live'],
    ['status', record.status],
    ['created', record.createdAt],
    ['expires', record.expiresAt ?? 'never'],
  ]
  if (record.revokedAt !== null) rows.push(['revoked', record.revokedAt])
  rows.push(['last used', record.lastUsedAt ?? 'never'], ['scopes', scopesText(record.scopes)], ['limits', limitsText(record.limits)])
  return rows.map(([label, value]) => `${indent}${label.padEnd(11)}${value}`)
}

/** `keys list` as a table, newest first. */
export function recordTable(records: readonly ApiKeyRecord[]): string[] {
  return table(
    ['ID', 'NAME', 'KEY', 'TYPE', 'STATUS', 'CREATED', 'EXPIRES', 'LAST USED'],
    records.map((r) => [
      r.id,
      clip(printable(r.name), 32),
      r.maskedKey,
      r.keyType,
      r.status,
      r.createdAt,
      r.expiresAt ?? 'never',
      r.lastUsedAt ?? 'never',
    ]),
  )
}

/** `keys usage` as a table, newest first. */
export function usageTable(entries: readonly UsageEntry[]): string[] {
  return table(
    ['TIME', 'KEY ID', 'METHOD', 'PATH', 'STATUS', 'IP', 'COUNTRY', 'REQUEST ID'],
    entries.map((e) => [
      e.timestamp,
      e.keyId,
      printable(e.method),
      clip(printable(e.path), 60),
      String(e.status),
      e.ip ?? '-',
      e.country ?? '-',
      e.requestId,
    ]),
  )
}
