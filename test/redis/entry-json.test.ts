/**
 * The usage entry's JSON (E5) is built by hand on the hot path, without an intermediate object;
 * it must be the very text JSON.stringify writes, so a list reads back the entry that went in.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { entryJson } from '../../src/stores/redis/usage-log.js'
import type { UsageEntry } from '../../src/core/types.js'

const reference = (entry: UsageEntry): string =>
  JSON.stringify({
    keyId: entry.keyId,
    ownerId: entry.ownerId,
    requestId: entry.requestId,
    timestamp: entry.timestamp,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    code: entry.code,
    ip: entry.ip,
    country: entry.country,
  })

const anyText = fc.string({ unit: 'binary', maxLength: 40 })

const TYPICAL: UsageEntry = {
  keyId: 'key_3kTMd9vQ2',
  ownerId: 'org_acme',
  requestId: 'req_AbCdEfGhIjKlMnOpQrStUvWx',
  timestamp: '2026-11-22T22:14:45.737Z',
  method: 'GET',
  path: '/api/v1/ip/lookup',
  status: 200,
  code: null,
  ip: '192.0.2.1',
  country: null,
}

describe('entryJson: a usage entry as its list holds it', () => {
  it('is the text of JSON.stringify for a typical entry', () => {
    const entry = TYPICAL
    expect(entryJson(entry)).toBe(reference(entry))
    expect(JSON.parse(entryJson(entry))).toEqual(entry)
  })

  it('escapes quotes, backslashes, control and non-ASCII characters exactly as JSON.stringify does, for any field', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.option(anyText, { nil: null }),
        anyText,
        anyText,
        anyText,
        anyText,
        fc.oneof(fc.integer({ min: 100, max: 599 }), fc.constant(Number.NaN)),
        fc.option(fc.option(anyText, { nil: null }), { nil: undefined }),
        fc.option(anyText, { nil: null }),
        fc.option(fc.option(anyText, { nil: null }), { nil: undefined }),
        (keyId, ownerId, requestId, timestamp, method, path, status, code, ip, country) => {
          const entry = { keyId, ownerId, requestId, timestamp, method, path, status, code, ip, country } as UsageEntry
          expect(entryJson(entry)).toBe(reference(entry))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('is the text of JSON.stringify for every entry of a run whose neighbours share some fields (the parts reused from the entry before)', () => {
    // Two values per field, absent and null among them: consecutive entries share any mix of
    // fields, so every reused part is met both with its neighbour's value and with another.
    const pick = <T>(values: T[]) => fc.constantFrom(...values)
    const entryOf = fc.record({
      keyId: pick(['key_a', 'key_"b']),
      ownerId: pick<string | null>(['org_a', null]),
      requestId: anyText,
      timestamp: pick(['2026-11-22T22:14:45.737Z', '2026-11-22T22:14:45.738Z']),
      method: pick(['GET', 'POST']),
      path: pick(['/api/v1/ip/lookup', '/api/v1/é']),
      status: pick([200, 429]),
      code: pick<string | null>([null, 'rate_limited']),
      ip: pick<string | null>(['192.0.2.1', null]),
      country: pick<string | null | undefined>(['DE', null, undefined]),
    })
    fc.assert(
      fc.property(fc.array(entryOf, { minLength: 2, maxLength: 30 }), (entries) => {
        for (const entry of entries) expect(entryJson(entry as UsageEntry)).toBe(reference(entry as UsageEntry))
      }),
      { numRuns: 500 },
    )
  })

  it('writes "a\\"b\\\\c\\n\\u2028é" like JSON.stringify (the escapes by hand)', () => {
    const entry: UsageEntry = {
      keyId: 'key_x',
      ownerId: 'o"\\1',
      requestId: 'a"b\\c\n\u2028é',
      timestamp: 't',
      method: 'GET',
      path: '/p?"',
      status: 404,
      code: 'a"b\\c\u2028é',
      ip: null,
      country: 'DE',
    }
    expect(entryJson(entry)).toBe(reference(entry))
  })
})

// O1: the owner follows the key, and the part reused from the entry before must follow a change of owner as well as of key.
describe('entryJson: the owner of a usage entry', () => {
  it('O1: writes the owner, or null, after the key, and reads back as the entry', () => {
    const entry: UsageEntry = { ...TYPICAL, ownerId: 'org:acme@eu-1.prod' }
    expect(entryJson(entry)).toBe(reference(entry))
    expect(JSON.parse(entryJson(entry))).toEqual(entry)
    const unowned = { ...entry, ownerId: null }
    expect(entryJson(unowned)).toBe(reference(unowned))
    expect(JSON.parse(entryJson(unowned))).toEqual(unowned)
  })

  it('O1: is the text of JSON.stringify for every entry of a run where the same key changes owner, and owners need escapes', () => {
    const entryOf = fc.record({
      keyId: fc.constantFrom('key_a', 'key_b'),
      ownerId: fc.constantFrom<string | null>('org-a', 'org-"b"', 'é', null),
      requestId: fc.string({ maxLength: 8 }),
      timestamp: fc.constant('2026-11-22T22:14:45.737Z'),
      method: fc.constant('GET'),
      path: fc.constant('/api/v1/ip/lookup'),
      status: fc.constant(200),
      code: fc.constant(null),
      ip: fc.constant<string | null>(null),
      country: fc.constant<string | null>('DE'),
    })
    fc.assert(
      fc.property(fc.array(entryOf, { minLength: 2, maxLength: 30 }), (entries) => {
        for (const entry of entries) expect(entryJson(entry)).toBe(reference(entry))
      }),
      { numRuns: 500 },
    )
  })
})
