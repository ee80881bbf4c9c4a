/**
 * Lines `keys import` must refuse (S7 with K3, K5, O1, O2 and the E5 field rules), shared by the
 * import tests of every store: each a record as keys export writes it with one field that create
 * would never store, or that no stored record can hold, and the reason the refusal must give.
 */
import { encodeRecord } from '../../../src/cli/commands/transfer-format.js'
import { generateKey } from '../../../src/core/key-format.js'
import { makeStoredKey } from '../../contracts/fixtures.js'

/** A line of a file to import, with what the refusal of it must say (undefined: it is good). */
export interface ImportLine {
  label: string
  text: string
  reason?: RegExp
}

/** A record line as keys export writes it, created now, with `fields` replaced as raw JSON values. */
export function recordLine(fields: Record<string, unknown> = {}): string {
  const record = JSON.parse(
    encodeRecord(makeStoredKey({ createdAt: Date.now() - 60_000, name: 'imported key' })),
  ) as Record<string, unknown>
  return JSON.stringify({ ...record, ...fields })
}

/** A full key of this service, and one of another prefix: neither may be stored as a name (K3). */
export const FULL_KEY = generateKey('live', 'svc')
export const OTHER_PREFIX_KEY = generateKey('test', 'acme')

/** The bad lines the attack on 0.1.0 stored, and record fields create never sees. */
export function badLines(): ImportLine[] {
  const scopes3000 = Array.from({ length: 3000 }, (_, i) => `s${i}`)
  return [
    {
      label: 'a full key as the name (K3)',
      text: recordLine({ name: `ci ${FULL_KEY}` }),
      reason: /name must not contain an API key/,
    },
    {
      label: "another prefix's key as the name (K3)",
      text: recordLine({ name: OTHER_PREFIX_KEY }),
      reason: /name must not contain an API key/,
    },
    {
      label: 'control characters in the name',
      text: recordLine({ name: 'red\u001b[31m alert\u0007' }),
      reason: /name must not contain control characters/,
    },
    {
      label: 'a 200 KB meta (O2)',
      text: recordLine({ meta: { blob: 'x'.repeat(200_000) } }),
      reason: /it is longer than 64 KiB/,
    },
    {
      label: 'a 5 KB meta (O2)',
      text: recordLine({ meta: { blob: 'x'.repeat(5_000) } }),
      reason: /meta must be at most 4096 bytes as JSON/,
    },
    { label: '__proto__ in meta (O2)', text: '', reason: /meta must not have a top-level "__proto__" field/ },
    {
      label: '3,000 scopes (E5)',
      text: recordLine({ scopes: scopes3000 }),
      reason: /scopes may hold at most 50 entries/,
    },
    {
      label: 'a scope "has space" (E5)',
      text: recordLine({ scopes: ['ip', 'has space'] }),
      reason: /scopes: each scope must be a lowercase letter then up to 63 of a-z/,
    },
    {
      label: 'an id that is not key_ + 24 base62 (K5)',
      text: recordLine({ id: 'key_short' }),
      reason: /"id" is not valid/,
    },
    {
      label: 'a keyType other than live or test (K5)',
      text: recordLine({ keyType: 'admin' }),
      reason: /"keyType" must be live or test/,
    },
    {
      label: 'a hash that is not 64 hex digits (K3)',
      text: recordLine({ hash: FULL_KEY }),
      reason: /"hash" is not valid/,
    },
    {
      label: 'a time that is no real date (K5)',
      text: recordLine({ expiresAt: '2027-02-30T00:00:00.000Z' }),
      reason: /"expiresAt" is not a real time/,
    },
    {
      label: 'a createdAt in the future',
      text: recordLine({ createdAt: '2999-01-01T00:00:00.000Z' }),
      reason: /"createdAt" is in the future/,
    },
    {
      label: 'an ownerId outside the pattern (O1)',
      text: recordLine({ ownerId: 'acct 42' }),
      reason: /ownerId must be 1 to 128 characters/,
    },
    {
      label: 'a name with surrounding whitespace',
      text: recordLine({ name: ' padded ' }),
      reason: /leading or trailing whitespace/,
    },
  ].map((line) =>
    // JSON.stringify drops a __proto__ key of an object literal; written by hand it is a real field.
    line.text === ''
      ? { ...line, text: recordLine().replace(/"meta":null/, '"meta":{"__proto__":{"admin":true}}') }
      : line,
  )
}
