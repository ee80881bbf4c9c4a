/**
 * E7: the name the failed-authentication guard counts a client under (`clientAddressKey`): one
 * per IPv4 address, IPv4-mapped IPv6 counted as its IPv4, one per IPv6 /64 network, and anything
 * else as it is, bounded.
 */
import { isIP } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_UNPARSED_ADDRESS_LENGTH, clientAddressKey } from '../../src/core/address-key.js'

/** Seven spellings of 2001:db8::1 that Node's `net.isIP` accepts (and one in brackets). */
const SPELLINGS = [
  '2001:db8::1',
  '2001:0db8:0:0:0:0:0:1',
  '2001:DB8::1',
  '2001:0DB8:0000:0000:0000:0000:0000:0001',
  '2001:db8::1%eth0',
  '2001:db8::0.0.0.1',
  '2001:db8:0:0::1',
]

describe('clientAddressKey (E7)', () => {
  it('E7: seven spellings of one IPv6 address give one key, its /64 network', () => {
    for (const spelling of SPELLINGS) {
      expect(isIP(spelling), spelling).toBe(6)
      expect(clientAddressKey(spelling), spelling).toBe('2001:db8:0:0::/64')
    }
    expect(clientAddressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64')
  })

  it('E7: every address of one /64 gives the same key; two /64s give two keys', () => {
    expect(clientAddressKey('2001:db8::ffff:ffff:ffff:ffff')).toBe('2001:db8:0:0::/64')
    expect(clientAddressKey('2001:db8:0:0:1234:5678:9abc:def0')).toBe('2001:db8:0:0::/64')
    expect(clientAddressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64')
    expect(clientAddressKey('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a:b::/64')
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64')
    expect(clientAddressKey('::')).toBe('0:0:0:0::/64')
  })

  it('E7: IPv4-mapped IPv6, dotted or hex, in any case, is the IPv4 address', () => {
    for (const spelling of [
      '::ffff:192.0.2.1',
      '::FFFF:192.0.2.1',
      '::ffff:c000:201',
      '::FFFF:C000:0201',
      '0:0:0:0:0:ffff:192.0.2.1',
      '0:0::ffff:c000:0201',
    ]) {
      expect(clientAddressKey(spelling), spelling).toBe('192.0.2.1')
    }
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1')
    expect(clientAddressKey('::ffff:0.0.0.0')).toBe('0.0.0.0')
    expect(clientAddressKey('::ffff:ffff:ffff')).toBe('255.255.255.255')
  })

  it('E7: an IPv4 address is kept as it is (the same string: nothing is built for the usual case)', () => {
    const address = ['203', '0', '113', '9'].join('.')
    expect(clientAddressKey(address)).toBe(address)
  })

  it('E7: text that is not an IP address is kept as it is, cut to 64 characters, braces read as _', () => {
    expect(clientAddressKey('unknown')).toBe('unknown')
    expect(clientAddressKey('010.0.0.1')).toBe('010.0.0.1')
    expect(clientAddressKey('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9')
    expect(clientAddressKey('{tag}')).toBe('_tag_')
    const long = 'x'.repeat(1000)
    expect(clientAddressKey(long)).toBe('x'.repeat(MAX_UNPARSED_ADDRESS_LENGTH))
  })

  it('E7: it agrees with net.isIP on what is an address, and is idempotent (property)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.stringMatching(/^[0-9a-fA-F:.%]{0,45}$/),
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4Extended(),
    )
    fc.assert(
      fc.property(text, (value) => {
        const key = clientAddressKey(value)
        expect(clientAddressKey(key)).toBe(key)
        if (isIP(value) === 0) {
          expect(key).toBe(value.slice(0, MAX_UNPARSED_ADDRESS_LENGTH).replace(/[{}]/g, '_'))
        } else {
          expect(key === value ? isIP(value) === 4 : isIP(key) === 4 || key.endsWith('::/64')).toBe(true)
        }
      }),
      { numRuns: 5000 },
    )
  })

  it('E7: any spelling of an IPv6 address gives the key of its eight groups (property, against URL’s own IPv6 parser)', () => {
    const group = fc.integer({ min: 0, max: 0xffff })
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        (groups, upper, padded) => {
          const full = groups.map((g) => (padded ? g.toString(16).padStart(4, '0') : g.toString(16))).join(':')
          const spelt = upper ? full.toUpperCase() : full
          // WHATWG URL writes the address RFC 5952's way: the longest run of zeros as `::`.
          const compressed = new URL(`http://[${spelt}]/`).hostname.slice(1, -1)
          const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
          const expected = mapped
            ? [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
            : `${groups
                .slice(0, 4)
                .map((g) => g.toString(16))
                .join(':')}::/64`
          expect(clientAddressKey(spelt)).toBe(expected)
          expect(clientAddressKey(compressed)).toBe(expected)
          expect(clientAddressKey(`${compressed}%en0`)).toBe(expected)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
