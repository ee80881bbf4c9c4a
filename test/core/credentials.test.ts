import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { extractCredentials, parseAuthorization, queryCarriesKey } from '../../src/core/credentials.js'
import { generateKey } from '../../src/core/key-format.js'
import type { RequestView } from '../../src/core/types.js'

const key = generateKey('live')
const other = generateKey('test')

type Case = [name: string, view: RequestView, expected: ReturnType<typeof extractCredentials>]

const cases: Case[] = [
  ['H2: no Authorization and no x-api-key', {}, { kind: 'failure', failure: { reason: 'missing', queryKey: false } }],
  [
    'H2: an empty list of Authorization lines counts as absent',
    { authorization: [] },
    { kind: 'failure', failure: { reason: 'missing', queryKey: false } },
  ],
  [
    'H1: Authorization sent twice is malformed even when both lines are valid',
    { authorization: [`Bearer ${key}`, `Bearer ${key}`] },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'duplicate' } },
  ],
  ['H3: an empty Authorization value', { authorization: '' }, { kind: 'failure', failure: { reason: 'empty' } }],
  [
    'H3: a whitespace-only Authorization value',
    { authorization: ' \t ' },
    { kind: 'failure', failure: { reason: 'empty' } },
  ],
  ['H4: a raw key without a scheme', { authorization: key }, { kind: 'failure', failure: { reason: 'raw-key' } }],
  [
    'H4: a raw key followed by more text',
    { authorization: `${key} extra` },
    { kind: 'failure', failure: { reason: 'raw-key' } },
  ],
  [
    'H4: any svc_ token is a raw key, even a malformed one',
    { authorization: 'svc_nonsense' },
    { kind: 'failure', failure: { reason: 'raw-key' } },
  ],
  [
    'H5: the Basic scheme',
    { authorization: 'Basic dXNlcjpwYXNz' },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: 'Basic' } },
  ],
  [
    'H5: the JWT scheme',
    { authorization: 'JWT eyJhbGciOi' },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: 'JWT' } },
  ],
  [
    'H5: the Token scheme',
    { authorization: `Token ${key}` },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: 'Token' } },
  ],
  [
    'H5: a single token that is neither Bearer nor svc_ is not echoed (it may be a secret)',
    { authorization: 'sk_live_abc' },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: '' } },
  ],
  [
    'H5: a scheme with odd characters is not echoed',
    { authorization: 'Bé\u00ffarer x' },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: '' } },
  ],
  [
    'H6: Bearer with nothing after it',
    { authorization: 'Bearer' },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'no-token' } },
  ],
  [
    'H6: Bearer and a space with nothing after it',
    { authorization: 'Bearer ' },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'no-token' } },
  ],
  [
    'H6: two spaces after Bearer',
    { authorization: `Bearer  ${key}` },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'whitespace' } },
  ],
  [
    'H6: a tab after Bearer',
    { authorization: `Bearer\t${key}` },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'whitespace' } },
  ],
  [
    'H6: a second token',
    { authorization: `Bearer ${key} ${other}` },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'extra-token' } },
  ],
  [
    'H6/H7: leading whitespace seen by the core parser',
    { authorization: ` Bearer ${key}` },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'whitespace' } },
  ],
  [
    'H6/H7: trailing whitespace seen by the core parser',
    { authorization: `Bearer ${key} ` },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'whitespace' } },
  ],
  [
    'H6: a comma-joined duplicate',
    { authorization: `Bearer ${key}, Bearer ${key}` },
    { kind: 'failure', failure: { reason: 'malformed', detail: 'extra-token' } },
  ],
  ['H7: the scheme is case-insensitive', { authorization: `bearer ${key}` }, { kind: 'bearer', token: key }],
  ['H7: BEARER in capitals', { authorization: `BEARER ${key}` }, { kind: 'bearer', token: key }],
  [
    'H9: a well-formed Bearer header ignores x-api-key',
    { authorization: `Bearer ${key}`, apiKey: other },
    { kind: 'bearer', token: key },
  ],
  [
    'H9: any non-whitespace token is evaluated, even if it is not a key',
    { authorization: 'Bearer nonsense' },
    { kind: 'bearer', token: 'nonsense' },
  ],
  ['H8: x-api-key alone', { apiKey: key }, { kind: 'api-key', token: key, fallbackFailure: null }],
  ['H8: x-api-key as one raw line', { apiKey: [key] }, { kind: 'api-key', token: key, fallbackFailure: null }],
  [
    'H8: x-api-key with a malformed Authorization keeps the header error for later',
    { authorization: `Bearer  ${key}`, apiKey: other },
    { kind: 'api-key', token: other, fallbackFailure: { reason: 'malformed', detail: 'whitespace' } },
  ],
  [
    'H8: x-api-key with another scheme',
    { authorization: 'Basic abc', apiKey: key },
    { kind: 'api-key', token: key, fallbackFailure: { reason: 'other-scheme', scheme: 'Basic' } },
  ],
  [
    'H8: x-api-key with an empty Authorization',
    { authorization: '', apiKey: key },
    { kind: 'api-key', token: key, fallbackFailure: { reason: 'empty' } },
  ],
  [
    'H8: x-api-key with a raw-key Authorization',
    { authorization: other, apiKey: key },
    { kind: 'api-key', token: key, fallbackFailure: { reason: 'raw-key' } },
  ],
  [
    'H8: x-api-key with a duplicated Authorization',
    { authorization: ['a', 'b'], apiKey: key },
    { kind: 'api-key', token: key, fallbackFailure: { reason: 'malformed', detail: 'duplicate' } },
  ],
  [
    'H8: an empty x-api-key counts as absent',
    { apiKey: '' },
    { kind: 'failure', failure: { reason: 'missing', queryKey: false } },
  ],
  [
    'H8: a blank x-api-key counts as absent, Authorization error stands',
    { authorization: 'Basic x', apiKey: '  ' },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: 'Basic' } },
  ],
  [
    'H8: x-api-key sent twice is not a key',
    { apiKey: [key, key] },
    { kind: 'failure', failure: { reason: 'apikey-format', detail: 'multiple' } },
  ],
  [
    'H8: a comma-joined x-api-key is not a key',
    { apiKey: `${key}, ${other}` },
    { kind: 'failure', failure: { reason: 'apikey-format', detail: 'multiple' } },
  ],
  [
    'H8: x-api-key twice with Authorization present gives the Authorization error',
    { authorization: 'Basic x', apiKey: [key, key] },
    { kind: 'failure', failure: { reason: 'other-scheme', scheme: 'Basic' } },
  ],
  [
    'H10: a key in the query string is noticed by value',
    { query: `foo=1&k=${key}` },
    { kind: 'failure', failure: { reason: 'missing', queryKey: true } },
  ],
  [
    'H10: a key in the query string is noticed by name',
    { query: 'api_key=whatever' },
    { kind: 'failure', failure: { reason: 'missing', queryKey: true } },
  ],
  [
    'H10: access_token, token, apikey and key are noticed too',
    { query: 'ACCESS_TOKEN=x' },
    { kind: 'failure', failure: { reason: 'missing', queryKey: true } },
  ],
  [
    'H10: an ordinary query string is not a key',
    { query: 'ip=1.2.3.4' },
    { kind: 'failure', failure: { reason: 'missing', queryKey: false } },
  ],
  [
    'H10: a query key never authenticates, even with a valid Bearer header absent',
    { query: `api_key=${key}` },
    { kind: 'failure', failure: { reason: 'missing', queryKey: true } },
  ],
]

describe('extractCredentials (H1–H10)', () => {
  it.each(cases)('%s', (_name, view, expected) => {
    expect(extractCredentials(view, 'svc')).toEqual(expected)
  })

  it('H4: the raw-key check follows the configured prefix', () => {
    const acme = generateKey('live', 'acme')
    expect(extractCredentials({ authorization: acme }, 'acme')).toEqual({
      kind: 'failure',
      failure: { reason: 'raw-key' },
    })
    expect(extractCredentials({ authorization: acme }, 'svc')).toEqual({
      kind: 'failure',
      failure: { reason: 'other-scheme', scheme: '' },
    })
  })

  it('never throws and only yields a token from a well-formed Bearer line or a single x-api-key (property)', () => {
    const headerValue = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom('', ' ', '\t', 'Bearer', 'Bearer ', `Bearer ${key}`, `bearer  ${key}`, key, `Basic ${key}`),
    )
    const headerField = fc.option(fc.oneof(headerValue, fc.array(headerValue, { maxLength: 3 })), { nil: undefined })
    fc.assert(
      fc.property(
        headerField,
        headerField,
        fc.option(fc.string(), { nil: undefined }),
        (authorization, apiKey, query) => {
          const result = extractCredentials({ authorization, apiKey, query }, 'svc')
          if (result.kind === 'bearer') {
            const line = typeof authorization === 'string' ? authorization : authorization?.[0]
            expect(typeof authorization === 'string' || authorization?.length === 1).toBe(true)
            expect(line?.slice(0, 7).toLowerCase()).toBe('bearer ')
            expect(line?.slice(7)).toBe(result.token)
            expect(/[\s\x00-\x20\x7f]/.test(result.token)).toBe(false)
          }
          if (result.kind === 'api-key') {
            const single = typeof apiKey === 'string' ? apiKey : apiKey?.length === 1 ? apiKey[0] : undefined
            expect(single).toBe(result.token)
            expect(result.token.includes(',')).toBe(false)
          }
        },
      ),
      { numRuns: 5000 },
    )
  })
})

describe('parseAuthorization', () => {
  it('H7: accepts any case of the scheme with exactly one space', () => {
    expect(parseAuthorization(`BeArEr ${key}`, 'svc')).toEqual({ ok: true, token: key })
  })
  it('H6: a control character inside the token makes it malformed', () => {
    expect(parseAuthorization(`Bearer ab\x01cd`, 'svc')).toEqual({
      ok: false,
      failure: { reason: 'malformed', detail: 'extra-token' },
    })
  })
})

describe('queryCarriesKey (H10)', () => {
  it('ignores an absent or empty query', () => {
    expect(queryCarriesKey(undefined, 'svc')).toBe(false)
    expect(queryCarriesKey('', 'svc')).toBe(false)
  })
  it('notices an encoded key value', () => {
    expect(queryCarriesKey(`q=${encodeURIComponent(key)}`, 'svc')).toBe(true)
  })
})
