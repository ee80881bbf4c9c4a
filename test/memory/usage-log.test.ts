import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryUsageLog } from '../../src/stores/memory/usage-log.js'
import type { UsageEntry } from '../../src/core/types.js'
import { runRefusedUsageContract, runUsageLogContract } from '../contracts/usage-log.contract.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { liveHeapBytes } from './heap.js'

runUsageLogContract('memory', () => ({ log: createMemoryUsageLog() }))
runRefusedUsageContract('memory', () => ({ stores: createMemoryStores() }))

let sequence = 0
function entry(keyId: string): UsageEntry {
  sequence++
  return {
    keyId,
    ownerId: null,
    requestId: `req_${sequence}`,
    timestamp: new Date(Date.UTC(2026, 2, 10) + sequence).toISOString(),
    method: 'GET',
    path: '/api/v1/ip/lookup',
    status: 200,
    code: null,
    ip: null,
    country: null,
  }
}

describe('createMemoryUsageLog', () => {
  it('answers append and query synchronously', () => {
    const log = createMemoryUsageLog()
    expect(log.append(entry('key_a'))).toBeUndefined()
    expect(log.query({ limit: 10 })).not.toBeInstanceOf(Promise)
  })

  it('keeps at most maxEntriesPerKey entries of a key, evicting its oldest', () => {
    const log = createMemoryUsageLog({ maxEntriesPerKey: 3 })
    const entries = Array.from({ length: 5 }, () => entry('key_a'))
    const other = entry('key_b')
    log.append(other)
    for (const e of entries) log.append(e)
    expect(log.query({ keyId: 'key_a', limit: 100 })).toEqual([entries[4], entries[3], entries[2]])
    expect(log.query({ limit: 100 })).toEqual([entries[4], entries[3], entries[2], other])
    expect(log.size).toBe(4)
  })

  it('keeps at most maxEntries entries overall, evicting the oldest of any key', () => {
    const log = createMemoryUsageLog({ maxEntries: 4 })
    const entries = ['key_a', 'key_b', 'key_a', 'key_c', 'key_b', 'key_a'].map(entry)
    for (const e of entries) log.append(e)
    expect(log.size).toBe(4)
    expect(log.query({ limit: 100 })).toEqual(entries.slice(2).reverse())
    expect(log.query({ keyId: 'key_a', limit: 100 })).toEqual([entries[5], entries[2]])
    expect(log.query({ keyId: 'key_b', limit: 100 })).toEqual([entries[4]])
  })

  it('holds nothing for a key whose entries were all evicted', () => {
    const log = createMemoryUsageLog({ maxEntries: 2 })
    log.append(entry('key_gone'))
    log.append(entry('key_x'))
    log.append(entry('key_x'))
    expect(log.query({ keyId: 'key_gone', limit: 10 })).toEqual([])
  })

  it('defaults: 1,000 entries per key (E5’s largest limit) and 100,000 overall', () => {
    const log = createMemoryUsageLog()
    for (let i = 0; i < 1_200; i++) log.append(entry('key_busy'))
    expect(log.query({ keyId: 'key_busy', limit: 1000 })).toHaveLength(1000)
    expect(log.size).toBe(1000)
    for (let k = 0; k < 110; k++) for (let i = 0; i < 1000; i++) log.append(entry(`key_${k}`))
    expect(log.size).toBe(100_000)
    expect(log.query({ keyId: 'key_busy', limit: 1000 })).toEqual([])
    expect(log.query({ keyId: 'key_109', limit: 1 })[0]?.requestId).toBe(`req_${sequence}`)
  })

  it('queries stay exact through compaction of evicted slots (one busy key among quiet ones)', () => {
    const log = createMemoryUsageLog({ maxEntriesPerKey: 10, maxEntries: 50 })
    const quiet = ['key_q1', 'key_q2'].map(entry)
    log.append(quiet[0]!)
    const busy: UsageEntry[] = []
    for (let i = 0; i < 5_000; i++) {
      const e = entry('key_busy')
      busy.push(e)
      log.append(e)
    }
    log.append(quiet[1]!)
    expect(log.query({ limit: 100 })).toEqual([quiet[1], ...busy.slice(-10).reverse(), quiet[0]])
    expect(log.size).toBe(12)
  })

  it('matches a reference model for any sequence of appends (bounds, order, per-key and overall queries)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 20 }),
        (maxEntriesPerKey, maxEntries, keyIndexes, limit) => {
          const log = createMemoryUsageLog({ maxEntriesPerKey, maxEntries })
          let model: UsageEntry[] = []
          for (const index of keyIndexes) {
            const e = entry(`key_${index}`)
            log.append(e)
            model.push(e)
            const ofKey = model.filter((held) => held.keyId === e.keyId)
            if (ofKey.length > maxEntriesPerKey) model = model.filter((held) => held !== ofKey[0])
            if (model.length > maxEntries) model = model.slice(1)
          }
          expect(log.size).toBe(model.length)
          expect(log.query({ limit })).toEqual([...model].reverse().slice(0, limit))
          for (let k = 0; k < 5; k++) {
            const ofKey = model.filter((held) => held.keyId === `key_${k}`).reverse()
            expect(log.query({ keyId: `key_${k}`, limit })).toEqual(ofKey.slice(0, limit))
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('memory stays bounded when every entry comes from a different key (evicted keys are forgotten)', () => {
    const log = createMemoryUsageLog({ maxEntries: 100 })
    const before = liveHeapBytes()
    for (let i = 0; i < 100_000; i++) log.append(entry(`key_${i}`))
    // 100 entries and their keys need well under 1 MB; 100,000 kept key queues would need ~15 MB.
    expect(liveHeapBytes() - before).toBeLessThan(1_000_000)
    expect(log.size).toBe(100)
  })

  it('O8: memory stays bounded when every entry comes from a different owner (emptied owners are forgotten)', () => {
    const log = createMemoryUsageLog({ maxEntries: 100 })
    const before = liveHeapBytes()
    for (let i = 0; i < 100_000; i++) log.append({ ...entry(`key_${i % 7}`), ownerId: `org-${i}` })
    expect(liveHeapBytes() - before).toBeLessThan(1_000_000)
    expect(log.size).toBe(100)
    expect(log.query({ ownerId: 'org-99999', limit: 10 })).toHaveLength(1)
    expect(log.query({ ownerId: 'org-0', limit: 10 })).toEqual([])
  })

  it('O8: an owner’s view keeps its newest maxEntriesPerOwner entries across its keys; the keys keep theirs', () => {
    const log = createMemoryUsageLog({ maxEntriesPerOwner: 3 })
    const entries = ['key_a', 'key_b', 'key_a', 'key_b', 'key_a'].map((keyId) => ({
      ...entry(keyId),
      ownerId: 'org-1',
    }))
    for (const e of entries) log.append(e)
    expect(log.query({ ownerId: 'org-1', limit: 100 })).toEqual([entries[4], entries[3], entries[2]])
    expect(log.query({ keyId: 'key_a', limit: 100 })).toEqual([entries[4], entries[2], entries[0]])
    expect(log.query({ keyId: 'key_a', ownerId: 'org-1', limit: 100 })).toEqual([entries[4], entries[2], entries[0]])
  })

  it('O8: an owner query with an ownerId that is not a string is refused (a TypeError), never read as “no filter”', () => {
    const log = createMemoryUsageLog()
    log.append({ ...entry('key_a'), ownerId: 'org-1' })
    expect(() => log.query({ ownerId: null as unknown as string, limit: 10 })).toThrow(TypeError)
    expect(() => log.query({ keyId: 'key_a', ownerId: 7 as unknown as string, limit: 10 })).toThrow(/"ownerId"/)
  })

  it('rejects bounds that are not positive integers, naming the option', () => {
    expect(() => createMemoryUsageLog({ maxEntriesPerOwner: 0 })).toThrow(/"maxEntriesPerOwner"/)
    expect(() => createMemoryUsageLog({ maxEntries: 0 })).toThrow(/"maxEntries"/)
    expect(() => createMemoryUsageLog({ maxEntriesPerKey: 2.5 })).toThrow(/"maxEntriesPerKey"/)
    expect(() => createMemoryUsageLog({ maxEntriesPerKey: Number.NaN })).toThrow(TypeError)
  })
})
