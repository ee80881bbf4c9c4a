/**
 * E7: the name the failed-authentication guard counts a client address under. One client must
 * get one budget however its address is spelt, and an IPv6 client, which is usually handed a
 * whole /64 network, must not get a fresh budget for every address in it.
 */

/** The longest text kept of a value that is not an IP address. */
export const MAX_UNPARSED_ADDRESS_LENGTH = 64

// Scratch space for one parse: the eight 16-bit groups of an IPv6 address. Parsing is synchronous,
// so one array serves every call and a call allocates nothing until it builds its answer.
const groups = new Int32Array(8)

/**
 * The guard's name for a client address, from the text an adapter or host hands over:
 *
 * - IPv4, in dotted-decimal as Node's `net.isIP` accepts it: the dotted quad (`192.0.2.1`);
 * - IPv4-mapped IPv6 (`::ffff:192.0.2.1`, `::ffff:c000:201`, any case or zero-padding): the same
 *   dotted quad, so one client gets one budget whether it arrives over IPv4 or IPv6;
 * - any other IPv6 (upper or lower case, leading zeros, `::` or not, an embedded IPv4 tail, a zone
 *   id `%eth0`, in brackets or not): its /64 network, each of the four groups in lower-case hex
 *   without leading zeros (`2001:db8:0:0::/64`);
 * - anything else: as it is, cut to MAX_UNPARSED_ADDRESS_LENGTH characters, with `{` and `}` read
 *   as `_` (a store's key name must not hold them: Redis reads braces as a cluster hash tag).
 *
 * Pure and idempotent: a name it returns is returned unchanged.
 *
 * @example
 * import { clientAddressKey } from 'keyward/client-address'
 * clientAddressKey('2001:0DB8::1%eth0') // '2001:db8:0:0::/64'
 * clientAddressKey('::ffff:c000:201')  // '192.0.2.1'
 */
export function clientAddressKey(address: string): string {
  const length = address.length
  // The usual case: a dotted quad is returned as it is (parseIPv4 accepts only the plain form).
  if (parseIPv4(address, 0, length) >= 0) return address

  let start = 0
  let end = length
  if (length > 2 && address.charCodeAt(0) === 0x5b /* [ */ && address.charCodeAt(length - 1) === 0x5d /* ] */) {
    start = 1
    end = length - 1
  }
  const zone = address.indexOf('%', start)
  if (zone >= 0 && zone < end) {
    // A zone id names the interface of a link-local address; it is not part of the address.
    if (zone === start || !isZoneId(address, zone + 1, end)) return unparsed(address)
    end = zone
  }
  if (!parseIPv6(address, start, end)) return unparsed(address)
  if (
    groups[0] === 0 &&
    groups[1] === 0 &&
    groups[2] === 0 &&
    groups[3] === 0 &&
    groups[4] === 0 &&
    groups[5] === 0xffff
  ) {
    return formatIPv4(groups[6]! * 0x10000 + groups[7]!)
  }
  return `${groups[0]!.toString(16)}:${groups[1]!.toString(16)}:${groups[2]!.toString(16)}:${groups[3]!.toString(16)}::/64`
}

/** A zone id as `net.isIP` accepts one: one or more of `0-9A-Za-z`, `-`, `.` and `:`. */
function isZoneId(text: string, start: number, end: number): boolean {
  if (start >= end) return false
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    const ok =
      (c >= 0x30 && c <= 0x3a) /* 0-9 : */ ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x2d ||
      c === 0x2e
    if (!ok) return false
  }
  return true
}

function unparsed(address: string): string {
  const kept = address.length > MAX_UNPARSED_ADDRESS_LENGTH ? address.slice(0, MAX_UNPARSED_ADDRESS_LENGTH) : address
  return kept.includes('{') || kept.includes('}') ? kept.replace(/[{}]/g, '_') : kept
}

/**
 * The IPv4 address in `text[start, end)` as a number, or -1. Four decimal parts 0-255 separated by
 * dots, none with a leading zero (as `net.isIP`: `010` could be read as octal elsewhere).
 */
function parseIPv4(text: string, start: number, end: number): number {
  if (end - start < 7 || end - start > 15) return -1
  let value = 0
  let part = 0
  let digits = 0
  let parts = 0
  for (let i = start; i <= end; i++) {
    const c = i === end ? 0x2e : text.charCodeAt(i)
    if (c === 0x2e /* . */) {
      if (digits === 0 || ++parts > 4) return -1
      value = value * 256 + part
      part = 0
      digits = 0
    } else if (c >= 0x30 && c <= 0x39) {
      if (digits > 0 && part === 0) return -1
      part = part * 10 + (c - 0x30)
      if (++digits > 3 || part > 255) return -1
    } else {
      return -1
    }
  }
  return parts === 4 ? value : -1
}

function formatIPv4(value: number): string {
  return `${Math.floor(value / 0x1000000)}.${Math.floor(value / 0x10000) % 256}.${Math.floor(value / 0x100) % 256}.${value % 256}`
}

/**
 * Parses the IPv6 address in `text[start, end)` into `groups`; false when it is not one. Groups of
 * 1-4 hex digits, at most one `::` standing for one or more zero groups, and an optional dotted
 * quad as the last two groups (RFC 4291 §2.2).
 */
function parseIPv6(text: string, start: number, end: number): boolean {
  if (end - start < 2 || end - start > 45) return false
  let count = 0
  let gap = -1 // where `::` stands, as a group index
  let i = start
  if (text.charCodeAt(i) === 0x3a /* : */) {
    if (text.charCodeAt(i + 1) !== 0x3a) return false
    gap = 0
    i += 2
    if (i === end) {
      groups.fill(0)
      return true
    }
  }
  for (;;) {
    // One group, or a dotted quad ending the address.
    let value = 0
    let digits = 0
    const from = i
    while (i < end && digits <= 4) {
      const c = text.charCodeAt(i)
      const hex =
        c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1
      if (hex < 0) break
      value = value * 16 + hex
      digits++
      i++
    }
    if (i < end && text.charCodeAt(i) === 0x2e /* . */) {
      if (count > 6) return false
      const v4 = parseIPv4(text, from, end)
      if (v4 < 0) return false
      groups[count++] = Math.floor(v4 / 0x10000)
      groups[count++] = v4 % 0x10000
      break
    }
    if (digits === 0 || digits > 4 || count === 8) return false
    groups[count++] = value
    if (i === end) break
    if (text.charCodeAt(i) !== 0x3a) return false
    i++
    if (i < end && text.charCodeAt(i) === 0x3a) {
      if (gap >= 0) return false
      gap = count
      i++
      if (i === end) break
    } else if (i === end) {
      return false
    }
  }
  if (gap < 0) return count === 8
  if (count > 7) return false
  // Move the groups after `::` to the end and zero what it stands for.
  const after = count - gap
  for (let j = 0; j < after; j++) groups[7 - j] = groups[count - 1 - j]!
  for (let j = gap; j < 8 - after; j++) groups[j] = 0
  return true
}
