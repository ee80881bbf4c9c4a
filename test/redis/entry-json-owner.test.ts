/**
 * The usage entry's JSON (E5) carries its owner (O1) right after its key, as JSON.stringify writes
 * the fields in the order of `UsageEntry`; the part reused from the entry before must follow a
 * change of owner as well as a change of key.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { entryJson } from '../../src/redis/usage-log.js'
import type { UsageEntry } from '../../src/types.js'

const reference = (entry: UsageEntry): string =>
  JSON.stringify({
    keyId: entry.keyId,
    ownerId: entry.ownerId,
    requestId: entry.requestId,
    timestamp: entry.timestamp,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    ip: entry.ip,
    country: entry.country,
  })

describe('entryJson: the owner of a usage entry', () => {
  it('O1: writes the owner, or null, after the key, and reads back as the entry', () => {
    const entry: UsageEntry = {
      keyId: 'key_3kTMd9vQ2',
      ownerId: 'org:acme@eu-1.prod',
      requestId: 'req_AbCdEfGhIjKlMnOpQrStUvWx',
      timestamp: '2026-11-22T22:14:45.737Z',
      method: 'GET',
      path: '/api/v1/ip/lookup',
      status: 200,
      ip: '192.0.2.1',
      country: null,
    }
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
