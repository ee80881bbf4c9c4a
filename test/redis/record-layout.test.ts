/**
 * The record layout (src/stores/redis/record-layout.ts) is the one place a record field is declared: the
 * codec and the scripts' field lists derive from it (K3: the record never holds the key itself).
 */
import { describe, expect, expectTypeOf, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { decodeRecord, decodeRecordValues, encodeRecord } from '../../src/stores/redis/codec.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { createLayout } from '../../src/stores/redis/layout.js'
import { RECORD_LAYOUT, REPLACEABLE_FIELDS, type RecordField } from '../../src/stores/redis/record-layout.js'
import { AUTHORIZE_SCRIPT, RECORD_SCRIPT } from '../../src/stores/redis/scripts.js'
import type { StoredKey } from '../../src/core/types.js'
import { T0, makeStoredKey } from '../contracts/fixtures.js'
import { sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('record-layout')

/** A key with every optional field set. */
const full = (): StoredKey =>
  makeStoredKey({
    expiresAt: T0 + 86_400_000,
    revokedAt: null,
    lastUsedAt: T0 + 1000,
    scopes: ['read', 'write'],
    limits: { perMinute: 5 },
    ownerId: 'org_1',
    meta: { plan: 'pro' },
  })

describe('the record layout', () => {
  it('K3: has one row per StoredKey property but hash, each its own Redis field', () => {
    expectTypeOf<RecordField['property']>().toEqualTypeOf<Exclude<keyof StoredKey, 'hash'>>()
    const properties = RECORD_LAYOUT.map((f) => f.property)
    expect(new Set(properties)).toEqual(new Set(Object.keys(makeStoredKey()).filter((p) => p !== 'hash')))
    expect(new Set(RECORD_LAYOUT.map((f) => f.field)).size).toBe(RECORD_LAYOUT.length)
  })

  it('K5/O5: a record encodes as HSET pairs in layout order, and decodes back from HGETALL and script values', () => {
    for (const key of [makeStoredKey(), full()]) {
      const pairs = encodeRecord(key)
      const written = RECORD_LAYOUT.filter((f) => key[f.property] != null).map((f) => f.field)
      expect(pairs.filter((_, i) => i % 2 === 0)).toEqual(written)
      expect(decodeRecord(key.hash, pairs)).toEqual(key)
      const byField = new Map<string, string>()
      for (let i = 0; i < pairs.length; i += 2) byField.set(pairs[i]!, pairs[i + 1]!)
      const values = RECORD_LAYOUT.map((f) => byField.get(f.field) ?? 0)
      expect(decodeRecordValues(key.hash, values)).toEqual(key)
    }
  })

  it('K5: a required field missing, or a bad keyType, is a fault naming the field', () => {
    const key = makeStoredKey()
    const pairs = encodeRecord(key)
    for (const field of RECORD_LAYOUT.filter((f) => f.required)) {
      const without = pairs.filter((_, i) => pairs[i - (i % 2)] !== field.field)
      expect(() => decodeRecord(key.hash, without)).toThrow(`a key record (no ${field.field})`)
    }
    const badType = encodeRecord({ ...key, keyType: 'other' as StoredKey['keyType'] })
    expect(() => decodeRecord(key.hash, badType)).toThrow('a key record (keyType)')
  })

  it('P1/O5: the scripts’ field lists are generated from the layout', () => {
    const fields = RECORD_LAYOUT.map((f) => `'${f.field}'`).join(', ')
    expect(AUTHORIZE_SCRIPT.source).toContain(`redis.call('HMGET', record_key, ${fields})`)
    const replaceable = REPLACEABLE_FIELDS.map((f) => `${f.field} = true`).join(', ')
    expect(RECORD_SCRIPT.source).toContain(`local patchable = { ${replaceable} }`)
  })
})

describe.skipIf(url === null)('the record layout on Redis', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  it('P1: the authorize script sends the record whole in layout order, and it decodes to the key stored', async () => {
    const stores = createRedisStores({ client, prefix, time: 'caller' })
    const key = full()
    await stores.keys.insert(key)
    const { record, minute } = createLayout(prefix).ofHash(key.hash)
    // ARGV: now, a peek, any route, the type defaults, nothing held, no address check, no owner step.
    const args = [String(T0), '0', '0', '100', '', '10', '', '', '', '', '', '']
    const reply = (await client
      .evalsha(AUTHORIZE_SCRIPT.sha, 2, record, minute, ...args)
      .catch(() => client.eval(AUTHORIZE_SCRIPT.source, 2, record, minute, ...args))) as unknown[]
    expect(reply[0]).toBe(5)
    expect(decodeRecordValues(key.hash, reply[1])).toEqual(key)
    await stores.close()
  })
})
