/**
 * `keyward audit`: the audit trail of key changes, newest first, all keys, one owner's or one
 * key's, as a table or as JSON. Read a page at a time, up to `--limit` entries.
 */
import type { AuditEntry, ListAuditOptions } from '../../core/audit.js'
import { positiveInteger, stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { lines } from '../output.js'
import { withStoreKeyward } from '../store-keyward.js'
import {
  keyIdArgument,
  ownerOption,
  STORE_ENVIRONMENT,
  STORE_EXITS,
  STORE_OPTIONS,
  storeSettings,
} from './key-options.js'

const DEFAULT_LIMIT = 50
const PAGE = 100

function keyOption(text: string | undefined): string | undefined {
  return text === undefined ? undefined : keyIdArgument([text], 'audit --key')
}

/** One aligned row per entry, under a header. */
function table(entries: readonly AuditEntry[]): string[] {
  const rows = entries.map((e) => [
    e.time,
    e.action,
    e.actor ?? '-',
    e.keyId ?? '(all of the owner)',
    e.ownerId ?? '-',
    e.fields.join(', ') || '-',
  ])
  const header = ['TIME', 'ACTION', 'ACTOR', 'KEY', 'OWNER', 'FIELDS']
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)))
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)]
}

export const auditCommand: CommandSpec = {
  name: 'audit',
  summary: 'show the audit trail of key changes, newest first',
  usage: 'audit [--owner <owner-id>] [--key <key-id>] [--limit <n>] [options]',
  description: [
    'Lists key changes (created, updated, suspended, enabled, revoked, revoked_all, rotated,\nimported), newest first, with who made each one and the names of the fields it changed.\nChanges made here are recorded with the actor cli.',
    'With --json, prints { "entries": [{ id, time, action, actor, keyId, ownerId, fields }] }.',
  ],
  positionals: [],
  options: {
    owner: { type: 'string', value: '<owner-id>', description: "only this owner's key changes" },
    key: { type: 'string', value: '<key-id>', description: 'only the changes of this key' },
    limit: { type: 'string', value: '<n>', description: `at most this many entries (default ${DEFAULT_LIMIT})` },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: ['keyward audit --owner acct_42', 'keyward audit --key key_4fQ2x9ZpLw0aB7cD1eF3gH5j --json'],
  async run(context) {
    const { values } = context
    const filter: ListAuditOptions = {}
    const ownerId = ownerOption(values)
    const keyId = keyOption(stringOption(values, 'key'))
    if (ownerId !== undefined) filter.ownerId = ownerId
    if (keyId !== undefined) filter.keyId = keyId
    const limitText = stringOption(values, 'limit')
    const limit = limitText === undefined ? DEFAULT_LIMIT : positiveInteger(limitText, 'limit', 100_000)
    const entries = await withStoreKeyward(storeSettings(context), async (keyward) => {
      const read: AuditEntry[] = []
      let cursor: string | null = null
      do {
        const page = await keyward.audit.list({ ...filter, limit: Math.min(PAGE, limit - read.length), cursor })
        read.push(...page.entries)
        cursor = page.nextCursor
      } while (cursor !== null && read.length < limit)
      return read
    })
    const text = entries.length === 0 ? ['No key changes recorded.'] : table(entries)
    return { json: { entries }, text: lines(...text) }
  },
}
