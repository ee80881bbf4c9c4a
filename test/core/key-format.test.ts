import { crc32 as zlibCrc32 } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BASE62_ALPHABET,
  KEY_PATTERN,
  checksumOf,
  crc32,
  generateKey,
  generateKeyId,
  hashKey,
  isWellFormedKey,
  keyPattern,
  maskKey,
  parseKey,
} from '../../src/core/key-format.js'

const base62Char = fc.constantFrom(...BASE62_ALPHABET.split(''))

describe('key format (K1, K2)', () => {
  it('K1: a generated key is prefix + type + 32 base62 + 6 checksum characters', () => {
    for (const type of ['live', 'test'] as const) {
      const key = generateKey(type)
      expect(key).toMatch(new RegExp(`^svc_${type}_[0-9A-Za-z]{38}$`))
      expect(parseKey(key)).toEqual({ ok: true, keyType: type, last4: key.slice(-4) })
    }
  })

  it('K1: the brand prefix is configurable', () => {
    const key = generateKey('live', 'acme')
    expect(key.startsWith('acme_live_')).toBe(true)
    expect(parseKey(key, 'acme').ok).toBe(true)
    expect(parseKey(key, 'svc')).toEqual({ ok: false, problem: 'prefix' })
  })

  it('K1: random characters are drawn from the whole alphabet (CSPRNG, no bias towards a subset)', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 400; i++) for (const c of generateKey('live').slice(9, 41)) seen.add(c)
    expect(seen.size).toBe(62)
  })

  it('K2: the checksum is CRC-32 (zlib) of everything before it, base62, most significant first, padded to 6', () => {
    const head = `svc_live_${'A'.repeat(32)}`
    let value = zlibCrc32(head)
    let expected = ''
    for (let i = 0; i < 6; i++) {
      expected = BASE62_ALPHABET[value % 62] + expected
      value = Math.floor(value / 62)
    }
    expect(checksumOf(head)).toBe(expected)
    // A known vector: a CRC small enough to need left padding with '0'.
    expect(checksumOf('')).toBe('000000')
  })

  it('K2: our CRC-32 equals zlib crc32 for arbitrary strings, non-ASCII included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => crc32(s) === zlibCrc32(Buffer.from(s, 'utf8'))),
      {
        numRuns: 2000,
      },
    )
  })

  it('K2: generated keys always parse (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('live' as const, 'test' as const), (type) => parseKey(generateKey(type)).ok),
      { numRuns: 3000 },
    )
  })

  it('K2: any single changed character of a key fails its format check (property)', () => {
    const keys = [generateKey('live'), generateKey('test')]
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.nat(), base62Char, (key, at, replacement) => {
        const index = at % key.length
        fc.pre(key[index] !== replacement)
        const changed = key.slice(0, index) + replacement + key.slice(index + 1)
        return !parseKey(changed).ok
      }),
      { numRuns: 5000 },
    )
  })

  it('K2: every single-character change in the body is caught by the checksum specifically', () => {
    const key = generateKey('live')
    for (let i = 9; i < 41; i++) {
      for (const c of BASE62_ALPHABET) {
        if (c === key[i]) continue
        expect(parseKey(key.slice(0, i) + c + key.slice(i + 1))).toEqual({ ok: false, problem: 'checksum' })
      }
    }
  })

  it('K1: wrong prefix, wrong type, wrong length and wrong alphabet are each named', () => {
    const key = generateKey('live')
    expect(parseKey(`sk_live_${key.slice(9)}`)).toEqual({ ok: false, problem: 'prefix' })
    expect(parseKey(`svc_prod_${key.slice(9)}`)).toEqual({ ok: false, problem: 'prefix' })
    expect(parseKey(`SVC_live_${key.slice(9)}`)).toEqual({ ok: false, problem: 'prefix' })
    expect(parseKey(`${key}a`)).toEqual({ ok: false, problem: 'length' })
    expect(parseKey(key.slice(0, -1))).toEqual({ ok: false, problem: 'length' })
    expect(parseKey(`${key.slice(0, 20)}-${key.slice(21)}`)).toEqual({ ok: false, problem: 'alphabet' })
    expect(parseKey(`${key.slice(0, 20)}é${key.slice(21)}`)).toEqual({ ok: false, problem: 'alphabet' })
    expect(parseKey('')).toEqual({ ok: false, problem: 'prefix' })
  })

  it('K4: the masked value is svc_live_**** + last 4 and never parses as a key', () => {
    const key = generateKey('live')
    const masked = maskKey('live', key.slice(-4))
    expect(masked).toBe(`svc_live_****${key.slice(-4)}`)
    expect(isWellFormedKey(masked)).toBe(false)
  })

  it('K3: the stored hash is sha256 hex, or HMAC-SHA-256 hex with a pepper, and differs between them', () => {
    const key = generateKey('test')
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashKey(key, 'pepper-one')).toMatch(/^[0-9a-f]{64}$/)
    expect(hashKey(key, 'pepper-one')).not.toBe(hashKey(key))
    expect(hashKey(key, 'pepper-one')).not.toBe(hashKey(key, 'pepper-two'))
    expect(hashKey(key)).toBe(hashKey(key))
  })

  it('K5: key ids are key_ + 24 base62 characters', () => {
    expect(generateKeyId()).toMatch(/^key_[0-9A-Za-z]{24}$/)
  })

  it('exports a secret-scanner pattern that finds keys in text and not masked values', () => {
    const live = generateKey('live')
    const test = generateKey('test')
    const text = `const a = "${live}"; b=${test} masked=${maskKey('live', 'abcd')} other=sk_live_abc`
    expect(text.match(KEY_PATTERN)).toEqual([live, test])
    const acme = generateKey('live', 'acme')
    expect(`x ${acme} y`.match(keyPattern('acme'))).toEqual([acme])
    expect(() => keyPattern('Bad Prefix')).toThrow(/keyPrefix/)
  })
})
