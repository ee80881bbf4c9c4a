/**
 * M6: allowlist entries are checked and normalised with ipaddr.js, and a client address is in a
 * range exactly when it is between the range's first and last address, IPv4-mapped IPv6 as IPv4.
 */
import fc from 'fast-check'
import ipaddr from 'ipaddr.js'
import { describe, expect, it } from 'vitest'
import { addressAllowed, addressHex, entryWithin, validateAllowedIps } from '../../src/core/address-allowlist.js'
import { KeyInputError } from '../../src/core/errors.js'

describe('allowedIps entries (M6)', () => {
  it('M6: normalises addresses and ranges to their network address, an IPv4-mapped range to IPv4, and drops duplicates', () => {
    expect(
      validateAllowedIps([
        '10.1.2.3/8',
        '2001:0DB8:0:0::1/32',
        '::ffff:192.168.0.0/112',
        '203.0.113.7',
        '203.0.113.7/32',
        '2001:db8::5',
        '0.0.0.0/0',
      ]),
    ).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.168.0.0/16', '203.0.113.7', '2001:db8::5', '0.0.0.0/0'])
    expect(validateAllowedIps(null)).toBeNull()
    expect(validateAllowedIps(undefined)).toBeNull()
  })

  const bad: [string, unknown, RegExp][] = [
    ['a short IPv4 form', ['10.1'], /^allowedIps\[0\] is not an IPv4 or IPv6 address or CIDR range/],
    ['a hexadecimal IPv4 form', ['0x0a.0.0.1'], /^allowedIps\[0\] is not/],
    ['an IPv4 prefix over 32', ['10.0.0.0/33'], /^allowedIps\[0\] is not/],
    ['an IPv6 prefix over 128', ['2001:db8::/129'], /^allowedIps\[0\] is not/],
    ['a zone id', ['fe80::1%eth0'], /^allowedIps\[0\] is not/],
    ['a host name', ['localhost'], /^allowedIps\[0\] is not/],
    ['a number', [167772161], /^allowedIps\[0\] is not/],
    ['the second entry wrong', ['10.0.0.0/8', '10.0.0.0/8x'], /^allowedIps\[1\] is not/],
    ['an empty list', [], /^allowedIps must list at least one address or range; null allows any address/],
    ['a string', '10.0.0.0/8', /^allowedIps must be null or an array/],
    ['101 entries', Array.from({ length: 101 }, (_, i) => `10.0.0.${i}`), /^allowedIps may hold at most 100 entries/],
  ]
  for (const [what, value, message] of bad) {
    it(`M6: ${what} is refused, naming allowedIps`, () => {
      let thrown: unknown
      try {
        validateAllowedIps(value)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(KeyInputError)
      expect((thrown as KeyInputError).field).toBe('allowedIps')
      expect((thrown as Error).message).toMatch(message)
    })
  }

  it('M6: 100 entries are accepted', () => {
    expect(validateAllowedIps(Array.from({ length: 100 }, (_, i) => `10.0.0.${i}`))).toHaveLength(100)
  })
})

describe('client addresses against an allowlist (M6)', () => {
  const allowed = validateAllowedIps(['10.0.0.0/8', '2001:db8::/32', '203.0.113.7', '198.51.100.0/31'])

  it('M6: the first and last address of a range are in it, the ones beside them are not', () => {
    expect(addressAllowed(allowed, '10.0.0.0')).toBe(true)
    expect(addressAllowed(allowed, '10.255.255.255')).toBe(true)
    expect(addressAllowed(allowed, '9.255.255.255')).toBe(false)
    expect(addressAllowed(allowed, '11.0.0.0')).toBe(false)
    expect(addressAllowed(allowed, '198.51.100.1')).toBe(true)
    expect(addressAllowed(allowed, '198.51.100.2')).toBe(false)
    expect(addressAllowed(allowed, '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true)
    expect(addressAllowed(allowed, '2001:db9::')).toBe(false)
  })

  it('M6: an IPv4-mapped IPv6 client address matches its IPv4 range', () => {
    expect(addressAllowed(allowed, '::ffff:10.9.8.7')).toBe(true)
    expect(addressAllowed(allowed, '::ffff:203.0.113.7')).toBe(true)
    expect(addressAllowed(allowed, '::ffff:203.0.113.8')).toBe(false)
  })

  it('M6: without an allowlist every address passes; with one, an unknown or unreadable address does not', () => {
    expect(addressAllowed(null, null)).toBe(true)
    expect(addressAllowed(null, '192.0.2.1')).toBe(true)
    expect(addressAllowed(allowed, null)).toBe(false)
    expect(addressAllowed(allowed, undefined)).toBe(false)
    expect(addressAllowed(allowed, 'unknown')).toBe(false)
    expect(addressAllowed(allowed, '')).toBe(false)
  })

  it('M6: ::/0 admits IPv4 clients too (they are IPv4-mapped IPv6); 0.0.0.0/0 admits no IPv6 client', () => {
    expect(addressAllowed(validateAllowedIps(['::/0']), '192.0.2.1')).toBe(true)
    expect(addressAllowed(validateAllowedIps(['0.0.0.0/0']), '192.0.2.1')).toBe(true)
    expect(addressAllowed(validateAllowedIps(['0.0.0.0/0']), '2001:db8::1')).toBe(false)
  })
})

describe('client addresses as the Redis scripts compare them (M6)', () => {
  const hexOf = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('')
  /** What the address reads as, parsed afresh by the address library: the mapped form for IPv4. */
  function reference(address: string): string | null {
    if (ipaddr.IPv4.isValidFourPartDecimal(address))
      return hexOf(ipaddr.IPv4.parse(address).toIPv4MappedAddress().toByteArray())
    return ipaddr.IPv6.isValid(address) ? hexOf(ipaddr.IPv6.parse(address).toByteArray()) : null
  }

  it('M6: any sequence of addresses, repeated or not, and text that is none, reads as parsed afresh', () => {
    const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'))
    const address = fc.oneof(
      v4,
      v4.map((a) => `::ffff:${a}`),
      fc.ipV6(),
      fc.constantFrom('::1', '::', 'fe80::1', '1.2.3', '1.2.3.256', '', 'not an address'),
      fc.string({ maxLength: 60 }),
      fc.constant(`${'1'.repeat(50)}`),
    )
    fc.assert(
      fc.property(fc.array(address, { maxLength: 40 }), (addresses) => {
        // Twice over: the second pass reads each address from what the first one kept.
        for (const a of [...addresses, ...addresses]) expect(addressHex(a)).toBe(reference(a))
      }),
      { numRuns: 300 },
    )
  })

  it('M6: an address is read the same after more distinct addresses than the memo keeps', () => {
    for (let i = 0; i < 10_000; i++)
      expect(addressHex(`10.0.${(i >> 8) & 255}.${i & 255}`)).toBe(reference(`10.0.${(i >> 8) & 255}.${i & 255}`))
    expect(addressHex('::ffff:192.0.2.1')).toBe(reference('192.0.2.1'))
    expect(addressHex(null)).toBeNull()
  })
})

describe('entryWithin: whether one stored entry lies inside another (B2)', () => {
  it.each([
    ['10.1.0.0/16', '10.0.0.0/8', true],
    ['10.1.2.3', '10.0.0.0/8', true],
    ['10.0.0.0/8', '10.0.0.0/8', true],
    ['10.0.0.0/7', '10.0.0.0/8', false],
    ['192.0.2.1', '10.0.0.0/8', false],
    ['2001:db8:1::/48', '2001:db8::/32', true],
    ['2001:db8::/31', '2001:db8::/32', false],
    ['10.1.2.3', '::ffff:10.0.0.0/104', true],
    ['::/0', '10.0.0.0/8', false],
  ])('B2: %s inside %s → %s', (inner, outer, within) => {
    expect(entryWithin(inner, outer)).toBe(within)
  })
})
