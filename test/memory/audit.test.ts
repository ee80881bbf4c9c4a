import { describe, expect, it } from 'vitest'
import { createMemoryAuditLog } from '../../src/stores/memory/audit.js'
import { generateAuditId } from '../../src/core/audit.js'
import { runAuditLogContract } from '../contracts/audit-log.contract.js'

runAuditLogContract('memory', (options) => ({ log: createMemoryAuditLog(options) }))

describe('memory audit log bounds', () => {
  it('holds at most maxEntries, dropping the oldest first', () => {
    const log = createMemoryAuditLog({ maxEntries: 3 })
    const ids = [1, 2, 3, 4, 5].map((i) => {
      const id = generateAuditId()
      log.append({
        id,
        time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        action: 'created',
        actor: null,
        keyId: null,
        ownerId: null,
        fields: [],
      })
      return id
    })
    expect(log.size).toBe(3)
    expect(log.list({ limit: 10 }).map((e) => e.id)).toEqual([ids[4], ids[3], ids[2]])
  })

  it('refuses bad retention options with a TypeError naming the option', () => {
    expect(() => createMemoryAuditLog({ retentionDays: 0 })).toThrow(/"audit.retentionDays"/)
    expect(() => createMemoryAuditLog({ deleteBatch: 1.5 })).toThrow(/"audit.deleteBatch"/)
    expect(() => createMemoryAuditLog({ maxEntries: -1 })).toThrow(/"audit.maxEntries"/)
  })
})
