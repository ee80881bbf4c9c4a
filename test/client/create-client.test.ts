/**
 * createClient() refuses every way of passing the key wrongly with a TypeError at once, says how
 * to pass it, and never shows it (K1, K2, K4).
 */
import { describe, expect, it, vi } from 'vitest'
import { createClient, DEFAULT_TIMEOUT_MS } from '../../src/client/index.js'
import { checksumOf, generateKey } from '../../src/core/key-format.js'

const liveKey = generateKey('live')
const baseUrl = 'https://api.example.com'

/** The TypeError `make` throws; fails when it throws anything else or nothing. */
function typeErrorOf(make: () => unknown, secret: string = liveKey): TypeError {
  let thrown: unknown
  try {
    make()
  } catch (error) {
    thrown = error
  }
  expect(thrown, 'expected a TypeError').toBeInstanceOf(TypeError)
  const error = thrown as TypeError
  expect(error.message).toMatch(/^keyward: /)
  // Not the key, nor any long run of it.
  expect(error.message).not.toContain(secret)
  if (secret.length > 12) expect(error.message).not.toContain(secret.slice(9, 30))
  return error
}

/** A well-formed key with one random character changed and the checksum left as it was. */
function withTypo(key: string): string {
  const index = 12
  const replacement = key[index] === 'A' ? 'B' : 'A'
  return key.slice(0, index) + replacement + key.slice(index + 1)
}

describe('createClient() takes an options object with the raw key', () => {
  it('accepts a live or test key and an absolute https URL, and reads the key type offline (K1)', () => {
    const live = createClient({ apiKey: liveKey, baseUrl })
    expect(live.keyType).toBe('live')
    expect(live.maskedKey).toBe(`svc_live_****${liveKey.slice(-4)}`)
    expect(live.baseUrl).toBe('https://api.example.com')
    const test = createClient({ apiKey: generateKey('test'), baseUrl: new URL('http://127.0.0.1:3000/') })
    expect(test.keyType).toBe('test')
    expect(test.baseUrl).toBe('http://127.0.0.1:3000')
  })

  it('a bare string (the key itself) throws a TypeError showing the options-object form, without the key', () => {
    const error = typeErrorOf(() => createClient(liveKey as never))
    expect(error.message).toContain('takes an options object')
    expect(error.message).toContain('createClient({ apiKey: process.env.SVC_API_KEY')
  })

  it.each([
    ['no argument', undefined],
    ['null', null],
    ['an array', [liveKey]],
    ['a number', 42],
  ])('%s instead of options throws a TypeError naming the options object', (_name, value) => {
    expect(typeErrorOf(() => createClient(value as never)).message).toContain('takes an options object')
  })

  it('a missing apiKey throws a TypeError asking whether the environment variable is set', () => {
    const error = typeErrorOf(() => createClient({ baseUrl } as never))
    expect(error.message).toContain('"apiKey" is required')
    expect(error.message).toContain('apiKey: process.env.SVC_API_KEY')
    expect(typeErrorOf(() => createClient({ apiKey: undefined, baseUrl } as never)).message).toContain(
      '"apiKey" is required',
    )
  })

  it('the key under another option name (key, token, apikey) throws a TypeError pointing to "apiKey", without the key', () => {
    for (const name of ['key', 'token', 'apikey']) {
      expect(typeErrorOf(() => createClient({ [name]: liveKey, baseUrl } as never)).message).toContain(
        `the key goes in option "apiKey", not "${name}"`,
      )
    }
  })

  it('a non-string apiKey throws a TypeError', () => {
    expect(typeErrorOf(() => createClient({ apiKey: 12345, baseUrl } as never)).message).toContain('must be a string')
  })

  it.each([
    ['empty', ''],
    ['only whitespace', '  \n'],
  ])('an %s apiKey throws a TypeError saying it is empty', (_name, apiKey) => {
    expect(typeErrorOf(() => createClient({ apiKey, baseUrl })).message).toContain('"apiKey" is empty')
  })

  it.each([
    ['Bearer + key', `Bearer ${liveKey}`],
    ['lower-case bearer + key', `bearer ${liveKey}`],
    ['upper-case BEARER + key', `BEARER ${liveKey}`],
    ['Bearer with no space', `Bearer${liveKey}`],
    ['Bearer alone', 'Bearer'],
    ['leading space then Bearer', ` Bearer ${liveKey}`],
  ])('%s throws a TypeError saying to pass the raw key without "Bearer "', (_name, apiKey) => {
    const error = typeErrorOf(() => createClient({ apiKey, baseUrl }))
    expect(error.message).toContain('pass the raw key without "Bearer "')
  })

  it.each([
    ['a trailing newline', `${liveKey}\n`],
    ['a leading space', ` ${liveKey}`],
    ['a trailing space', `${liveKey} `],
    ['a space inside', `${liveKey.slice(0, 20)} ${liveKey.slice(20)}`],
    ['a tab inside', `${liveKey.slice(0, 20)}\t${liveKey.slice(20)}`],
  ])('a key with %s throws a TypeError about whitespace', (_name, apiKey) => {
    const error = typeErrorOf(() => createClient({ apiKey, baseUrl }))
    expect(error.message).toContain('contains whitespace')
    expect(error.message).toContain('.trim()')
  })

  it('a masked dashboard value throws a TypeError saying masked values never authenticate (K4)', () => {
    const error = typeErrorOf(() => createClient({ apiKey: 'svc_live_****x9Qa', baseUrl }))
    expect(error.message).toContain('masked value')
    expect(error.message).toContain('never authenticate')
  })

  it('a key of another provider throws a TypeError naming the svc_live_/svc_test_ prefixes (K1)', () => {
    const foreign = `sk_live_${liveKey.slice(9)}`
    const error = typeErrorOf(() => createClient({ apiKey: foreign, baseUrl }), foreign)
    expect(error.message).toContain('API key must start with svc_live_ or svc_test_')
    expect(error.message).toContain('another prefix')
  })

  it('a key with a typo fails the offline checksum and throws a TypeError showing only the masked key (K2, K4)', () => {
    const typo = withTypo(liveKey)
    const error = typeErrorOf(() => createClient({ apiKey: typo, baseUrl }), typo)
    expect(error.message).toContain('checksum does not match')
    expect(error.message).toContain(`svc_live_****${typo.slice(-4)}`)
  })

  it('a truncated key throws a TypeError about its length (K1)', () => {
    const truncated = liveKey.slice(0, -1)
    const error = typeErrorOf(() => createClient({ apiKey: truncated, baseUrl }), truncated)
    expect(error.message).toContain('wrong length')
  })

  it('a key with a non-base62 character throws a TypeError about the alphabet (K1)', () => {
    const head = `svc_test_${'a'.repeat(31)}-`
    const bad = head + checksumOf(head)
    const error = typeErrorOf(() => createClient({ apiKey: bad, baseUrl }), bad)
    expect(error.message).toContain('not base62')
  })

  it('a key of another prefix without keyPrefix throws a TypeError naming option "keyPrefix" and the value to give it, showing only the public prefix (K1)', () => {
    const acmeKey = generateKey('live', 'acme')
    const error = typeErrorOf(() => createClient({ apiKey: acmeKey, baseUrl }), acmeKey)
    expect(error.message).toBe(
      `keyward: option "apiKey" has another prefix: API key must start with svc_live_ or svc_test_, and this one starts with acme_live_. If your service issues acme_ keys (createKeyward({ keyPrefix: 'acme' })), give the client the same option "keyPrefix": createClient({ apiKey, baseUrl, keyPrefix: 'acme' })`,
    )
    expect(error.message).not.toContain(acmeKey.slice(10, 14))
    const svcUnderAcme = typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl, keyPrefix: 'acme' }))
    expect(svcUnderAcme.message).toContain(
      'API key must start with acme_live_ or acme_test_, and this one starts with svc_live_',
    )
    expect(svcUnderAcme.message).toContain(`keyPrefix: 'svc'`)
  })

  it('a value with no recognisable prefix throws a TypeError that says option "keyPrefix" sets it (K1)', () => {
    const error = typeErrorOf(() => createClient({ apiKey: 'x'.repeat(47), baseUrl }), 'x'.repeat(47))
    expect(error.message).toContain('API key must start with svc_live_ or svc_test_')
    expect(error.message).toContain('option "keyPrefix" sets the part before _live_ and _test_: svc by default')
  })

  it('keyPrefix sets the brand prefix the key is checked against (K1)', () => {
    const acmeKey = generateKey('live', 'acme')
    expect(createClient({ apiKey: acmeKey, baseUrl, keyPrefix: 'acme' }).maskedKey).toBe(
      `acme_live_****${acmeKey.slice(-4)}`,
    )
    const error = typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl, keyPrefix: 'acme' }))
    expect(error.message).toContain('acme_live_ or acme_test_')
    const bearer = typeErrorOf(() => createClient({ apiKey: `Bearer ${acmeKey}`, baseUrl, keyPrefix: 'acme' }), acmeKey)
    expect(bearer.message).toContain('process.env.ACME_API_KEY')
    expect(() => createClient({ apiKey: liveKey, baseUrl, keyPrefix: 'Not Valid' })).toThrow(TypeError)
  })
})

describe('createClient() checks the other options at once', () => {
  it.each([
    ['missing', undefined, '"baseUrl" is required'],
    ['empty', '', '"baseUrl" is required'],
    ['relative', '/api', 'absolute http(s) URL'],
    ['not a URL', 'api.example.com', 'absolute http(s) URL'],
    ['ftp', 'ftp://api.example.com', 'absolute http(s) URL'],
    ['a number', 3000, 'absolute http(s) URL'],
    ['with a query', 'https://api.example.com/?x=1', 'must not have a query'],
    ['with a fragment', 'https://api.example.com/#top', 'must not have a query'],
    ['with user:password', 'https://user:pass@api.example.com', 'must not hold credentials'],
    ['ending in /api/v1', 'https://api.example.com/api/v1/', 'leave out "/api/v1"'],
  ])('a baseUrl that is %s throws a TypeError', (_name, value, expected) => {
    expect(typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl: value as never })).message).toContain(expected)
  })

  it('a baseUrl holding the key (?api_key=…) throws a TypeError without echoing the URL (H10)', () => {
    const error = typeErrorOf(() =>
      createClient({ apiKey: liveKey, baseUrl: `https://api.example.com/?api_key=${liveKey}` }),
    )
    expect(error.message).toContain('must not hold credentials or the API key')
  })

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a string', '1000'],
    ['beyond setTimeout', 2 ** 31],
  ])('timeoutMs %s throws a TypeError', (_name, timeoutMs) => {
    expect(
      typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl, timeoutMs: timeoutMs as never })).message,
    ).toContain('"timeoutMs"')
  })

  it('timeoutMs defaults to 10 s', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000)
  })

  it('a fetch that is not a function throws a TypeError', () => {
    expect(typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl, fetch: 'fetch' as never })).message).toContain(
      '"fetch"',
    )
  })

  it('a userAgent with a line break throws a TypeError (no header injection)', () => {
    expect(
      typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl, userAgent: 'a\r\nx-api-key: y' })).message,
    ).toContain('"userAgent"')
  })

  it('an unknown option (a typo such as "timeout") throws a TypeError listing the options', () => {
    const error = typeErrorOf(() => createClient({ apiKey: liveKey, baseUrl, timeout: 5 } as never))
    expect(error.message).toContain('unknown option "timeout"')
    expect(error.message).toContain('timeoutMs')
  })

  it('createClient() sends nothing: the checks are offline', () => {
    const fetch = vi.fn()
    createClient({ apiKey: liveKey, baseUrl, fetch })
    expect(() => createClient({ apiKey: withTypo(liveKey), baseUrl, fetch })).toThrow(TypeError)
    expect(fetch).not.toHaveBeenCalled()
  })
})
