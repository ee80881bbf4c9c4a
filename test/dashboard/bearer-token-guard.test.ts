import { describe, expect, it } from 'vitest'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import { TOKEN } from './support.js'

const guard = bearerTokenGuard(TOKEN)
const check = (authorization: string | string[] | undefined) => guard({ headers: { authorization } })

describe('bearerTokenGuard (E5)', () => {
  it('E5: accepts exactly one "Bearer <token>" header line', () => {
    expect(check(`Bearer ${TOKEN}`)).toBe(true)
    expect(check([`Bearer ${TOKEN}`])).toBe(true)
  })

  it('E5/H7: the scheme name is case-insensitive (RFC 9110 §11.1); the token is not', () => {
    expect(check(`bearer ${TOKEN}`)).toBe(true)
    expect(check(`BEARER ${TOKEN}`)).toBe(true)
    expect(check(`Bearer ${TOKEN.toUpperCase()}`)).toBe(false)
    expect(check(`Bearer ${TOKEN.toLowerCase()}`)).toBe(false)
  })

  const rejected: [string, string | string[] | undefined][] = [
    ['no header', undefined],
    ['an empty header', ''],
    ['a wrong token', 'Bearer dash-token-0123456789abcdefABCDEG'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token with an extra character', `Bearer ${TOKEN}x`],
    ['the token alone', TOKEN],
    ['Basic scheme', `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}`],
    ['Token scheme', `Token ${TOKEN}`],
    ['"Bearer" alone', 'Bearer'],
    ['"Bearer " with nothing after', 'Bearer '],
    ['two spaces after the scheme', `Bearer  ${TOKEN}`],
    ['a tab after the scheme', `Bearer\t${TOKEN}`],
    ['a leading space', ` Bearer ${TOKEN}`],
    ['a trailing space', `Bearer ${TOKEN} `],
    ['a second token', `Bearer ${TOKEN} ${TOKEN}`],
    ['two comma-joined values', `Bearer ${TOKEN}, Bearer ${TOKEN}`],
    ['two header lines, both right', [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]],
    ['two header lines, one right', ['Bearer wrong-wrong-wrong-wrong', `Bearer ${TOKEN}`]],
    ['an empty list of lines', []],
  ]
  for (const [what, header] of rejected) {
    it(`E5: rejects ${what}`, () => {
      expect(check(header)).toBe(false)
    })
  }

  it('E5: a request without headers at all is rejected, not thrown on', () => {
    expect(guard({ headers: {} })).toBe(false)
    expect(guard({} as never)).toBe(false)
  })

  const badTokens: [string, unknown][] = [
    ['an empty token', ''],
    ['a 15-character token', 'a'.repeat(15)],
    ['a token with a space', 'abcdefgh ijklmnopq'],
    ['a token with a newline', 'abcdefghijklmnopq\n'],
    ['a non-ASCII token', 'ä'.repeat(20)],
    ['a number', 1234567890123456],
    ['undefined', undefined],
  ]
  for (const [what, token] of badTokens) {
    it(`E5: throws a TypeError at setup for ${what}`, () => {
      expect(() => bearerTokenGuard(token as string)).toThrow(TypeError)
    })
  }

  it('E5: a 16-character token is the shortest accepted; the setup error never shows the token', () => {
    expect(bearerTokenGuard('a'.repeat(16))({ headers: { authorization: `Bearer ${'a'.repeat(16)}` } })).toBe(true)
    expect(() => bearerTokenGuard('short-secret')).toThrow(/16/)
    try {
      bearerTokenGuard('short-secret')
    } catch (error) {
      expect(String(error)).not.toContain('short-secret')
    }
  })

  it('E5: tokens of any length are compared through equal-length digests (no length early exit)', () => {
    // timingSafeEqual throws on unequal lengths; comparing digests means these simply return false.
    expect(check('Bearer x')).toBe(false)
    expect(check(`Bearer ${'y'.repeat(10_000)}`)).toBe(false)
  })

  it('E5: the guard is a named function', () => {
    expect(guard.name).toBe('dashboardBearerGuard')
  })
})
