/**
 * The audit trail in Redis: each entry is one member `<time: 16 digits> <id> <entry JSON>` of
 * sorted sets scored 0, so lexical order is listing order and a page after a position is one
 * `ZREVRANGEBYLEX` from an exclusive bound. Every entry is in the set of all entries, its owner's
 * and its key's; each command touches one set, so the layout works on a cluster too.
 */
import {
  type AuditEntry,
  type AuditPosition,
  MAX_AUDIT_DELETE_BATCHES,
  type TimedAuditLog,
  type TimedAuditLogOptions,
  auditRetention,
  startAuditRetention,
} from '../../core/audit.js'
import { safeReporter, warnAtMostEvery } from '../../core/background-warning.js'
import { array, badReply, text } from './codec.js'
import type { RedisContext } from './context.js'

/** The audit log on Redis. */
export type RedisAuditLog = TimedAuditLog

const MEMBER = /^(\d{16}) ([\x21-\x7e]+) (.+)$/s

function paddedTime(ms: number): string {
  return String(Math.max(0, Math.floor(ms))).padStart(16, '0')
}

function memberOf(entry: AuditEntry): string {
  if (!/^[\x21-\x7e]+$/.test(entry.id)) {
    throw new TypeError(`keyward/redis: an audit entry id must be printable ASCII (got ${JSON.stringify(entry.id)})`)
  }
  return `${paddedTime(Date.parse(entry.time))} ${entry.id} ${JSON.stringify(entry)}`
}

function entryOf(member: unknown): AuditEntry {
  const match = MEMBER.exec(text(member, 'an audit entry'))
  if (match === null) throw badReply('an audit entry', member)
  return JSON.parse(match[3]!) as AuditEntry
}

/** The exclusive bound below which lie exactly the entries after `position`, newest first. */
function boundAfter(position: AuditPosition | undefined): string {
  return position === undefined ? '+' : `(${paddedTime(position.time)} ${position.id} `
}

export function auditLogOn(context: RedisContext, options?: TimedAuditLogOptions): RedisAuditLog {
  const { connection, layout } = context
  const { retentionMs, deleteBatch } = auditRetention(options, 'keyward/redis')
  const setsOf = (entry: Pick<AuditEntry, 'ownerId' | 'keyId'>): string[] => [
    layout.auditAll,
    ...(entry.ownerId === null ? [] : [layout.auditOfOwner(entry.ownerId)]),
    ...(entry.keyId === null ? [] : [layout.auditOfKey(entry.keyId)]),
  ]

  async function range(set: string, max: string, min: string, count: number): Promise<unknown[]> {
    const reply = await connection.command(['ZREVRANGEBYLEX', set, max, min, 'LIMIT', '0', String(count)], set)
    return array(reply, 'ZREVRANGEBYLEX of the audit trail')
  }

  /** One batch: the oldest expired entries, removed from every set that holds them. */
  async function deleteBatchAt(cutoff: number): Promise<number> {
    const set = layout.auditAll
    const reply = await connection.command(
      ['ZRANGEBYLEX', set, '-', `(${paddedTime(cutoff)}`, 'LIMIT', '0', String(deleteBatch)],
      set,
    )
    const members = array(reply, 'ZRANGEBYLEX of the audit trail').map((m) => text(m, 'an audit entry'))
    const bySet = new Map<string, string[]>()
    for (const member of members) {
      for (const target of setsOf(entryOf(member))) {
        const list = bySet.get(target) ?? []
        list.push(member)
        bySet.set(target, list)
      }
    }
    // The set of all entries last: a batch cut short is found again by the next pass.
    const others = [...bySet].filter(([target]) => target !== set)
    await Promise.all(others.map(([target, list]) => connection.command(['ZREM', target, ...list], target)))
    if (members.length > 0) await connection.command(['ZREM', set, ...members], set)
    return members.length
  }

  async function deleteExpired(now = Date.now()): Promise<number> {
    const cutoff = now - retentionMs
    let deleted = 0
    for (let batch = 0; batch < MAX_AUDIT_DELETE_BATCHES; batch++) {
      const count = await deleteBatchAt(cutoff)
      deleted += count
      if (count < deleteBatch) break
    }
    return deleted
  }
  const report = safeReporter(
    options?.onError ?? warnAtMostEvery(10_000, 'keyward/redis: deleting old audit entries failed, will retry'),
  )
  const retention = startAuditRetention(options, () => deleteExpired(), report, 'keyward/redis')

  return {
    async append(entry) {
      const member = memberOf(entry)
      await Promise.all(setsOf(entry).map((set) => connection.command(['ZADD', set, '0', member], set)))
    },
    async list({ ownerId, keyId, limit, after }) {
      const set =
        keyId !== undefined
          ? layout.auditOfKey(keyId)
          : ownerId !== undefined
            ? layout.auditOfOwner(ownerId)
            : layout.auditAll
      const entries = (await range(set, boundAfter(after), '-', limit)).map(entryOf)
      // A key's owner never changes: with both filters, the key's set holds all or none of them.
      return ownerId !== undefined && keyId !== undefined ? entries.filter((e) => e.ownerId === ownerId) : entries
    },
    deleteExpired,
    close: () => retention.stop(),
  }
}
