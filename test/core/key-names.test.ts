/**
 * Key names (E5, K3, K5) as the key manager checks them, without HTTP: no control characters, no
 * unpaired surrogates, nothing shaped like a key. The dashboard applies the same rule (see
 * test/dashboard/hardening.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { generateKey, maskKey } from '../../src/core/key-format.js'
import { validateCreateKeyInput } from '../../src/core/key-input.js'
import { createTestKeyward } from '../../src/testing.js'

const NOW = Date.parse('2026-01-15T12:00:00Z')

async function refusal(create: () => Promise<unknown>): Promise<KeyInputError> {
  const error = await create().then(
    () => expect.unreachable('the name was accepted'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(KeyInputError)
  return error as KeyInputError
}

const CONTROL: [string, string][] = [
  ['NUL (U+0000)', 'a\u0000b'],
  ['a tab inside the name (U+0009)', 'CI\tdeploy'],
  ['a newline inside the name (U+000A)', 'CI\ndeploy'],
  ['ESC starting a terminal sequence (U+001B)', 'CI \u001b[31mred'],
  ['U+001F', 'a\u001f'],
  ['DEL (U+007F)', 'a\u007fb'],
  ['NEL (U+0085), which trimming keeps', '\u0085name'],
  ['U+0080', 'a\u0080'],
  ['U+009F', 'a\u009fb'],
]

const SURROGATES: [string, string][] = [
  ['a lone high surrogate', 'a\ud83d'],
  ['a lone low surrogate', '\ude00b'],
  ['a low surrogate before a high one', 'x\ude00\ud83dx'],
]

describe('key names: control characters and unpaired surrogates are refused (E5, K5)', () => {
  for (const [what, name] of CONTROL) {
    it(`E5: keys.create() with ${what} in the name throws KeyInputError naming "name"; nothing is stored`, async () => {
      const t = createTestKeyward()
      const error = await refusal(() => t.keyward.keys.create({ name }))
      expect(error.field).toBe('name')
      expect(error.code).toBe('invalid_request')
      expect(error.message).toMatch(/^name must not contain control characters/)
      expect((await t.keyward.keys.list()).keys).toEqual([])
    })
  }

  for (const [what, name] of SURROGATES) {
    it(`E5: keys.create() with ${what} in the name throws KeyInputError naming "name"`, async () => {
      const t = createTestKeyward()
      const error = await refusal(() => t.keyward.keys.create({ name }))
      expect(error.field).toBe('name')
      expect(error.message).toMatch(/^name must be valid Unicode text/)
    })
  }

  it('E5: whitespace that trimming removes (a trailing newline, a leading tab) is accepted and dropped; the same characters inside the name are refused', async () => {
    const t = createTestKeyward()
    const { record } = await t.keyward.keys.create({ name: '\tCI deploy\r\n' })
    expect(record.name).toBe('CI deploy')
    expect((await refusal(() => t.keyward.keys.create({ name: 'CI\r\ndeploy' }))).field).toBe('name')
  })

  it('E5: emoji (surrogate pairs), accents and other scripts are accepted; half of an emoji is refused', async () => {
    const t = createTestKeyward()
    for (const name of ['😀 deploy', 'Café crème', '日本語のキー', 'a\u00a0b', 'ticket #42 (prod)']) {
      expect((await t.keyward.keys.create({ name })).record.name).toBe(name)
    }
    expect((await refusal(() => t.keyward.keys.create({ name: '😀 deploy'.slice(1) }))).field).toBe('name')
  })
})

describe('key names: nothing shaped like a key is stored as a name (K3, E5)', () => {
  it('K3: keys.create() refuses a whole key as the name, of either type, without echoing it', async () => {
    const t = createTestKeyward()
    for (const key of [generateKey('live'), generateKey('test'), (await t.issueLiveKey()).key]) {
      const error = await refusal(() => t.keyward.keys.create({ name: key }))
      expect(error.field).toBe('name')
      expect(error.message).toMatch(/^name must not contain an API key/)
      expect(error.message).not.toContain(key.slice(9))
    }
    expect((await t.keyward.keys.list()).keys.map((r) => r.name)).toEqual(['test key'])
  })

  it('K3: a key inside a longer name, a key of another prefix, and a key with a bad checksum are refused too', async () => {
    const t = createTestKeyward()
    const key = generateKey('live')
    const typo = `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`
    for (const name of [
      `prod ${key}`,
      `${key} (old)`,
      `x${key}`,
      generateKey('test', 'acme'),
      typo,
      `token=${generateKey('live', 'other')}`,
    ]) {
      const error = await refusal(() => t.keyward.keys.create({ name }))
      expect(error.field, name).toBe('name')
    }
  })

  it('K3: anything starting like a key of the instance prefix is refused (svc_live_ or svc_test_ followed by a letter or digit)', async () => {
    const t = createTestKeyward()
    for (const name of ['svc_live_x', 'svc_test_0', 'deploy svc_live_abc', 'mysvc_test_Q']) {
      const error = await refusal(() => t.keyward.keys.create({ name }))
      expect(error.field, name).toBe('name')
    }
  })

  it('K3: with keyPrefix "acme", acme_live_… is refused by keys.create()', async () => {
    const t = createTestKeyward({ keyPrefix: 'acme' })
    for (const name of ['acme_live_x', 'acme_test_deploy', generateKey('live', 'acme')]) {
      expect((await refusal(() => t.keyward.keys.create({ name }))).field, name).toBe('name')
    }
  })

  it('K3/K4: names that only look alike are accepted (another prefix with a short word, a masked value, the bare prefix), while svc_live_ and a letter is not', async () => {
    const t = createTestKeyward()
    for (const name of [
      'billing_live_sync',
      'svc_live_',
      'svc live key',
      maskKey('live', 'x9Qa'),
      'svc_Live_x',
      'SVC_LIVE_X',
    ]) {
      expect((await t.keyward.keys.create({ name })).record.name).toBe(name)
    }
    expect((await refusal(() => t.keyward.keys.create({ name: 'svc_live_s' }))).field).toBe('name')
  })

  it('K3/K6: rotate() with a key-shaped name throws KeyInputError and leaves the old key active', async () => {
    const t = createTestKeyward()
    const old = await t.issueLiveKey({ name: 'old' })
    const error = await refusal(() => t.keyward.keys.rotate(old.record.id, { name: generateKey('live') }))
    expect(error.field).toBe('name')
    expect((await t.keyward.keys.get(old.record.id))?.status).toBe('active')
    expect((await t.keyward.keys.list()).keys).toHaveLength(1)
  })

  it('E5: validateCreateKeyInput() applies the same rule, with the default prefix svc when none is given', () => {
    expect(() => validateCreateKeyInput({ name: 'svc_live_x' }, NOW)).toThrow(KeyInputError)
    expect(() => validateCreateKeyInput({ name: 'acme_live_x' }, NOW, 'acme')).toThrow(
      /^name must not contain an API key/,
    )
    expect(validateCreateKeyInput({ name: 'acme_live_x' }, NOW).name).toBe('acme_live_x')
    expect(() => validateCreateKeyInput({ name: 'a\u0007' }, NOW)).toThrow(/^name must not contain control characters/)
  })
})
