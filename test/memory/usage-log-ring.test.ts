/**
 * The column-wise ring behind `createMemoryUsageLog`, checked against a plain-array model of the
 * bounds (E5, O8): slots are renumbered whenever the ring grows or is compacted and every key's
 * and owner's queue is rebuilt then, so random runs with small bounds go through many growths,
 * wrap-arounds and compactions and compare every query and `size` with the model after each step.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryUsageLog, type MemoryUsageLog } from '../../src/stores/memory/usage-log.js'
import type { UsageEntry } from '../../src/core/types.js'

/**
 * The rules of the log on plain arrays: the held entries in append order, and each owner's view:
 * its newest held entries, at most `maxEntriesPerOwner`, the oldest leaving it first.
 */
class Model {
  held: UsageEntry[] = []
  views = new Map<string, UsageEntry[]>()

  constructor(
    readonly maxEntriesPerKey: number,
    readonly maxEntries: number,
    readonly maxEntriesPerOwner = 1000,
  ) {}

  append(entry: UsageEntry): void {
    this.held.push(entry)
    const ofKey = this.held.filter((held) => held.keyId === entry.keyId)
    if (ofKey.length > this.maxEntriesPerKey) this.evict(this.held.indexOf(ofKey[0]!))
    if (this.held.length > this.maxEntries) this.evict(0)
    if (entry.ownerId !== null) {
      const view = [...(this.views.get(entry.ownerId) ?? []), entry]
      this.views.set(entry.ownerId, view.slice(-this.maxEntriesPerOwner))
    }
  }

  evict(index: number): void {
    const [gone] = this.held.splice(index, 1)
    const view = gone!.ownerId === null ? undefined : this.views.get(gone!.ownerId)
    if (view !== undefined)
      this.views.set(
        gone!.ownerId!,
        view.filter((entry) => entry !== gone),
      )
  }

  query(keyId: string | undefined, limit: number, ownerId?: string): UsageEntry[] {
    const held = keyId === undefined && ownerId !== undefined ? (this.views.get(ownerId) ?? []) : this.held
    const newestFirst = [...held]
      .reverse()
      .filter(
        (entry) =>
          (keyId === undefined || entry.keyId === keyId) && (ownerId === undefined || entry.ownerId === ownerId),
      )
    return newestFirst.slice(0, Math.max(0, Math.floor(limit)))
  }
}

let sequence = 0
const STATUSES = [200, 201, 204, 400, 401, 403, 404, 429, 500, 503]
/**
 * Paths the log's cache of canonical paths must keep apart: equal lengths and characters where it
 * hashes (`/api/v1/…` and `/api/v2/…`), the empty path, and one too long to be cached.
 */
const PATHS = [
  '/api/v1/ip/lookup',
  '/api/v2/ip/lookup',
  '/api/v1/ip/lookuq',
  '/api/v1/email/validate',
  '/v2/ünïcode/路径',
  '/',
  '',
  `/long/${'segment/'.repeat(40)}end`,
]

/** A fresh entry with every field varying, so that a slot mixed up with another shows. */
function makeEntry(keyId: string, salt = 0, ownerId: string | null = null): UsageEntry {
  sequence++
  const variant = sequence + salt
  return {
    keyId: `${keyId}`,
    // A new string for every entry, as a record read from a store gives.
    ownerId: ownerId === null ? null : `${ownerId}#`.slice(0, -1),
    requestId: `req_${sequence}`,
    // Several entries share a millisecond, as under load.
    timestamp: new Date(Date.UTC(2026, 2, 10) + Math.floor(sequence / 3)).toISOString(),
    method: variant % 5 === 0 ? 'POST' : 'GET',
    // A new string for every request, as a path sliced from its URL is.
    path: `${PATHS[variant % PATHS.length]!}?n=${sequence}`.split('?')[0]!,
    status: STATUSES[variant % STATUSES.length]!,
    code: variant % 7 === 0 ? 'rate_limited' : variant % 7 === 1 ? 'API_KEY_REVOKED' : null,
    ip: variant % 4 === 0 ? null : `203.0.113.${variant % 256}`,
    country: variant % 3 === 0 ? null : variant % 3 === 1 ? 'DE' : 'US',
  }
}

const KEYS = ['key_0', 'key_1', 'key_2', 'key_3', 'key_4', 'key_5']
/** Owners of appended entries: a key's owner is drawn per entry, so owners' queues interleave keys. */
const OWNERS = ['org-a', 'org-b', 'org-c', null] as const

function expectSameAsModel(log: MemoryUsageLog, model: Model, limits: number[]): void {
  expect(log.size).toBe(model.held.length)
  for (const limit of limits) {
    expect(log.query({ limit })).toEqual(model.query(undefined, limit))
    for (const keyId of KEYS) expect(log.query({ keyId, limit })).toEqual(model.query(keyId, limit))
    for (const ownerId of OWNERS) {
      if (ownerId === null) continue
      expect(log.query({ ownerId, limit })).toEqual(model.query(undefined, limit, ownerId))
      expect(log.query({ keyId: KEYS[0], ownerId, limit })).toEqual(model.query(KEYS[0], limit, ownerId))
    }
  }
}

type Step =
  | { kind: 'append'; key: number; owner: number; salt: number }
  | { kind: 'query'; key: number | undefined; owner: number | undefined; limit: number }

const limitArbitrary = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 80 }), weight: 6 },
  { arbitrary: fc.double({ min: -2, max: 80, noNaN: true }), weight: 2 },
  { arbitrary: fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN, 0, 1000), weight: 1 },
)

/** Appends, mostly, on a skewed choice of keys: one busy key among quiet ones makes cleared slots pile up. */
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      key: fc.oneof(
        { arbitrary: fc.constant(0), weight: 3 },
        { arbitrary: fc.integer({ min: 0, max: KEYS.length - 1 }), weight: 2 },
      ),
      owner: fc.integer({ min: 0, max: OWNERS.length - 1 }),
      salt: fc.nat({ max: 1000 }),
    }),
    weight: 12,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      key: fc.option(fc.integer({ min: 0, max: KEYS.length - 1 }), { nil: undefined }),
      owner: fc.option(fc.integer({ min: 0, max: OWNERS.length - 2 }), { nil: undefined }),
      limit: limitArbitrary,
    }),
    weight: 1,
  },
)

/** Small bounds (many evictions and compactions) and bounds above the initial 64 slots (many growths). */
const boundArbitrary = fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 20, max: 150 }))

/** Replays `run` on a log and on the model, comparing them after every step and at the end. */
function replay(maxEntriesPerKey: number, maxEntries: number, run: Step[], maxEntriesPerOwner = 1000): void {
  const log = createMemoryUsageLog({ maxEntriesPerKey, maxEntries, maxEntriesPerOwner })
  const model = new Model(maxEntriesPerKey, maxEntries, maxEntriesPerOwner)
  for (const step of run) {
    if (step.kind === 'append') {
      const entry = makeEntry(KEYS[step.key]!, step.salt, OWNERS[step.owner]!)
      log.append(entry)
      model.append(entry)
      expect(log.size).toBe(model.held.length)
    } else {
      const keyId = step.key === undefined ? undefined : KEYS[step.key]
      const ownerId = step.owner === undefined ? undefined : OWNERS[step.owner]!
      expect(log.query({ keyId, ownerId, limit: step.limit })).toEqual(model.query(keyId, step.limit, ownerId))
    }
  }
  expectSameAsModel(log, model, [0, 1, 3, maxEntries, Number.POSITIVE_INFINITY])
}

const runArbitrary = fc.array(stepArbitrary, { maxLength: 1500, size: 'max' })

describe('createMemoryUsageLog: column-wise ring against a reference model', () => {
  it('every query and size match the model through growth, wrap-around and compaction', () => {
    fc.assert(
      fc.property(boundArbitrary, boundArbitrary, runArbitrary, (perKey, entries, run) => replay(perKey, entries, run)),
      { numRuns: 250 },
    )
  })

  it('every query and size match the model when a small per-key bound leaves evicted slots among held ones', () => {
    // The busy key's evictions clear slots between the quiet keys' entries: the ring fills with
    // them and is compacted over and over, and grows whenever the quiet keys hold more than half.
    const perKey = fc.integer({ min: 1, max: 8 })
    const overall = fc.integer({ min: 20, max: 150 })
    fc.assert(
      fc.property(perKey, overall, runArbitrary, (perKey, entries, run) => replay(perKey, entries, run)),
      { numRuns: 100 },
    )
  })

  it('O8: every owner query matches the model when owners’ bounds drop entries their keys still hold, and keys’ bounds clear slots inside owners’ queues', () => {
    // Small per-owner bounds drop held entries from an owner's view; small per-key bounds evict
    // entries in the middle of an owner's queue, which its compaction or the ring's must drop.
    const small = fc.integer({ min: 1, max: 8 })
    const overall = fc.integer({ min: 20, max: 150 })
    fc.assert(
      fc.property(small, overall, runArbitrary, small, (perKey, entries, run, perOwner) =>
        replay(perKey, entries, run, perOwner),
      ),
      { numRuns: 150 },
    )
    fc.assert(
      fc.property(boundArbitrary, boundArbitrary, runArbitrary, boundArbitrary, (perKey, entries, run, perOwner) =>
        replay(perKey, entries, run, perOwner),
      ),
      { numRuns: 100 },
    )
  })

  it('matches the model at scale: one busy key among quiet ones with large bounds', () => {
    const log = createMemoryUsageLog({ maxEntriesPerKey: 300, maxEntries: 1000 })
    const model = new Model(300, 1000)
    for (let i = 0; i < 20_000; i++) {
      const keyId = i % 97 === 0 ? KEYS[1 + (i % 5)]! : i % 7 === 0 ? `key_rare_${i % 13}` : KEYS[0]!
      // One owner of the busy key and a quiet one, one of the rare keys, and keys of the service.
      const ownerId =
        keyId === KEYS[0] || keyId === KEYS[1]
          ? 'org-a'
          : keyId.startsWith('key_rare_')
            ? i % 2 === 0
              ? 'org-c'
              : null
            : null
      const entry = makeEntry(keyId, 0, ownerId)
      log.append(entry)
      model.append(entry)
      if (i % 1999 === 0) expectSameAsModel(log, model, [1, 500, 1000])
    }
    expectSameAsModel(log, model, [1000, Number.POSITIVE_INFINITY])
    for (let r = 0; r < 13; r++) {
      expect(log.query({ keyId: `key_rare_${r}`, limit: 1000 })).toEqual(model.query(`key_rare_${r}`, 1000))
    }
  })
})

describe('createMemoryUsageLog: edge cases of the ring', () => {
  it('evicts a key’s oldest first, then the oldest overall, skipping entries already evicted', () => {
    const log = createMemoryUsageLog({ maxEntriesPerKey: 2, maxEntries: 4 })
    const a1 = makeEntry('key_a')
    const b1 = makeEntry('key_b')
    const a2 = makeEntry('key_a')
    const a3 = makeEntry('key_a') // evicts a1 for key_a's bound, not for the overall one
    for (const entry of [a1, b1, a2, a3]) log.append(entry)
    expect(log.size).toBe(3)
    expect(log.query({ limit: 10 })).toEqual([a3, a2, b1])
    const c1 = makeEntry('key_c') // 4 held: nothing is evicted while both bounds hold
    log.append(c1)
    expect(log.query({ limit: 10 })).toEqual([c1, a3, a2, b1])
    const c2 = makeEntry('key_c') // the overall bound evicts b1 (a1 is gone already), not a2
    log.append(c2)
    expect(log.size).toBe(4)
    expect(log.query({ limit: 10 })).toEqual([c2, c1, a3, a2])
    expect(log.query({ keyId: 'key_b', limit: 10 })).toEqual([])
    expect(log.query({ keyId: 'key_a', limit: 10 })).toEqual([a3, a2])
  })

  it('a key evicted entirely is gone, and comes back afresh when appended again', () => {
    const log = createMemoryUsageLog({ maxEntries: 2 })
    const gone = makeEntry('key_gone')
    log.append(gone)
    log.append(makeEntry('key_x'))
    log.append(makeEntry('key_x'))
    expect(log.query({ keyId: 'key_gone', limit: 10 })).toEqual([])
    const back = makeEntry('key_gone')
    log.append(back)
    expect(log.query({ keyId: 'key_gone', limit: 10 })).toEqual([back])
    expect(log.size).toBe(2)
  })

  it('a single slot per key and overall: each append replaces the previous entry', () => {
    const log = createMemoryUsageLog({ maxEntriesPerKey: 1, maxEntries: 1 })
    for (let i = 0; i < 200; i++) {
      const entry = makeEntry(KEYS[i % 3]!)
      log.append(entry)
      expect(log.query({ limit: 5 })).toEqual([entry])
      expect(log.query({ keyId: entry.keyId, limit: 5 })).toEqual([entry])
      expect(log.size).toBe(1)
    }
  })

  it('limits: 0, negative and NaN return nothing; fractions are floored', () => {
    const log = createMemoryUsageLog()
    const entries = [makeEntry('key_a'), makeEntry('key_a'), makeEntry('key_a')]
    for (const entry of entries) log.append(entry)
    for (const keyId of ['key_a', undefined]) {
      expect(log.query({ keyId, limit: 0 })).toEqual([])
      expect(log.query({ keyId, limit: -1 })).toEqual([])
      expect(log.query({ keyId, limit: Number.NaN })).toEqual([])
      expect(log.query({ keyId, limit: 0.9 })).toEqual([])
      expect(log.query({ keyId, limit: 2.9 })).toEqual([entries[2], entries[1]])
      expect(log.query({ keyId, limit: Number.POSITIVE_INFINITY })).toEqual([...entries].reverse())
    }
  })

  it('returns fresh objects equal to the appended ones, which callers may mutate freely', () => {
    const log = createMemoryUsageLog()
    const entry = makeEntry('key_a')
    const copy = { ...entry }
    log.append(entry)
    const [first] = log.query({ limit: 1 })
    expect(first).toEqual(copy)
    expect(first).not.toBe(entry)
    first!.path = '/mutated'
    entry.requestId = 'req_mutated'
    expect(log.query({ keyId: 'key_a', limit: 1 })).toEqual([copy])
  })

  it('keeps any status number exactly, widening its column past 16 bits', () => {
    const log = createMemoryUsageLog({ maxEntries: 3 })
    const statuses = [200, 65_535, 70_000, -1, 200.5, -0, 0, Number.NaN]
    const entries = statuses.map((status) => ({ ...makeEntry('key_a'), status }))
    for (const entry of entries.slice(0, 2)) log.append(entry)
    expect(log.query({ limit: 10 }).map((held) => held.status)).toEqual([65_535, 200])
    for (const entry of entries.slice(2)) log.append(entry)
    const held = log.query({ limit: 10 }).map((e) => e.status)
    expect(held).toHaveLength(3)
    expect(Object.is(held[0], Number.NaN)).toBe(true)
    expect(Object.is(held[1], 0)).toBe(true)
    expect(Object.is(held[2], -0)).toBe(true)
    const again = createMemoryUsageLog()
    for (const entry of entries) again.append(entry)
    expect(again.query({ limit: 10 })).toEqual([...entries].reverse())
  })

  it('keeps the timestamp string as appended', () => {
    const log = createMemoryUsageLog()
    const odd = { ...makeEntry('key_a'), timestamp: '2026-03-10T00:00:00Z' }
    const shared = makeEntry('key_a')
    const sameText = { ...makeEntry('key_a'), timestamp: `${shared.timestamp}` }
    for (const entry of [odd, shared, sameText]) log.append(entry)
    expect(log.query({ limit: 3 }).map((entry) => entry.timestamp)).toEqual([
      shared.timestamp,
      shared.timestamp,
      odd.timestamp,
    ])
  })
})
