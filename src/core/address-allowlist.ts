/**
 * Address allowlists: the addresses and CIDR ranges a key may be used from. Entries and client
 * addresses are parsed by ipaddr.js; each range becomes a pair of fixed-width hex strings in the
 * IPv6 space (an IPv4 address as its IPv4-mapped form), so "in range" is two string comparisons,
 * alike in JavaScript and in the Redis script.
 */
import ipaddr from 'ipaddr.js'
import { KeyInputError } from './errors.js'

/** The most entries `allowedIps` may hold. */
export const MAX_ALLOWED_IPS = 100

/** Hex digits of an address: 16 bytes. */
const HEX_WIDTH = 32
const MAPPED_PREFIX = '00000000000000000000ffff'

/** One entry, parsed: the network's bytes (4 or 16) and its prefix length. */
interface ParsedEntry {
  bytes: number[]
  prefix: number
}

/** Only the strict forms: dotted quads (not `10.1` or `0x0a.0.0.1`) and IPv6 without a zone. */
function parseEntry(entry: string): ParsedEntry | null {
  const slash = entry.indexOf('/')
  const address = slash < 0 ? entry : entry.slice(0, slash)
  const prefixText = slash < 0 ? null : entry.slice(slash + 1)
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return null
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) {
    const prefix = prefixText === null ? 32 : Number(prefixText)
    return prefix > 32 ? null : { bytes: ipaddr.IPv4.parse(address).toByteArray(), prefix }
  }
  if (address.includes('%') || !ipaddr.IPv6.isValid(address)) return null
  const parsed = ipaddr.IPv6.parse(address)
  const prefix = prefixText === null ? 128 : Number(prefixText)
  if (prefix > 128) return null
  // An IPv4-mapped range is the IPv4 range it maps, written as such.
  if (parsed.isIPv4MappedAddress() && prefix >= 96) {
    return { bytes: parsed.toIPv4Address().toByteArray(), prefix: prefix - 96 }
  }
  return { bytes: parsed.toByteArray(), prefix }
}

/** The bytes with every bit past `prefix` set to `fill` (0: the network, 1: its last address). */
function masked(bytes: readonly number[], prefix: number, fill: 0 | 1): number[] {
  return bytes.map((byte, i) => {
    const kept = Math.min(8, Math.max(0, prefix - i * 8))
    const hostBits = (1 << (8 - kept)) - 1
    return fill === 0 ? byte & ~hostBits & 0xff : byte | hostBits
  })
}

function toHex(bytes: readonly number[]): string {
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return bytes.length === 4 ? MAPPED_PREFIX + hex : hex
}

/** The entry as stored: the network address (host bits cleared), with `/prefix` unless it is one address. */
function normalized({ bytes, prefix }: ParsedEntry): string {
  const network = ipaddr.fromByteArray(masked(bytes, prefix, 0)).toString()
  return prefix === bytes.length * 8 ? network : `${network}/${prefix}`
}

/**
 * `allowedIps` checked and normalised: null (any address) or 1–100 IPv4/IPv6 addresses or CIDR
 * ranges, each as its network address (`10.1.2.3/8` is stored `10.0.0.0/8`), duplicates dropped.
 * Throws `KeyInputError` naming the field.
 */
export function validateAllowedIps(value: unknown): readonly string[] | null {
  if (value === undefined || value === null) return null
  const shape = 'allowedIps must be null or an array of IPv4 or IPv6 addresses or CIDR ranges'
  if (!Array.isArray(value)) throw new KeyInputError('allowedIps', shape)
  if (value.length === 0) {
    throw new KeyInputError('allowedIps', 'allowedIps must list at least one address or range; null allows any address')
  }
  if (value.length > MAX_ALLOWED_IPS) {
    throw new KeyInputError('allowedIps', `allowedIps may hold at most ${MAX_ALLOWED_IPS} entries`)
  }
  const entries = new Set<string>()
  for (const [i, entry] of value.entries()) {
    const parsed = typeof entry === 'string' && entry.length <= 64 ? parseEntry(entry) : null
    if (parsed === null) {
      throw new KeyInputError(
        'allowedIps',
        `allowedIps[${i}] is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32)`,
      )
    }
    entries.add(normalized(parsed))
  }
  return Object.freeze([...entries])
}

/** The ranges of stored entries as hex start/end pairs, 64 hex digits an entry. */
export function addressRanges(allowed: readonly string[]): string {
  let ranges = ''
  for (const entry of allowed) {
    const parsed = parseEntry(entry)
    // Stored entries were validated; one that no longer parses allows nothing (fail closed).
    if (parsed === null) continue
    ranges += toHex(masked(parsed.bytes, parsed.prefix, 0)) + toHex(masked(parsed.bytes, parsed.prefix, 1))
  }
  return ranges
}

/**
 * Whether every address of the stored entry `inner` lies in the stored entry `outer` (an IPv4
 * entry and its IPv4-mapped IPv6 form are the same addresses). An entry that does not parse is
 * inside nothing.
 */
export function entryWithin(inner: string, outer: string): boolean {
  const a = addressRanges([inner])
  const b = addressRanges([outer])
  if (a === '' || b === '') return false
  return a.slice(0, HEX_WIDTH) >= b.slice(0, HEX_WIDTH) && a.slice(HEX_WIDTH) <= b.slice(HEX_WIDTH)
}

/** A client address as 32 hex digits (an IPv4 address, mapped or not, as its mapped form); null when it is not one. */
export function addressHex(address: string | null | undefined): string | null {
  if (typeof address !== 'string') return null
  // No address is longer than 45 characters: longer text is never kept, so the memo stays small.
  if (address.length > MAX_ADDRESS_LENGTH) return parseHex(address)
  let hex = hexByAddress.get(address)
  if (hex === undefined) {
    hex = parseHex(address)
    if (hexByAddress.size >= HEX_MEMO_SIZE) hexByAddress.clear()
    hexByAddress.set(address, hex)
  }
  return hex
}

// The same clients send request after request, and parsing an IPv6 address (every IPv4 client of
// a server listening on `::` arrives as one) costs far more than a lookup.
const MAX_ADDRESS_LENGTH = 45
const HEX_MEMO_SIZE = 4096
const hexByAddress = new Map<string, string | null>()

function parseHex(address: string): string | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return toHex(ipaddr.IPv4.parse(address).toByteArray())
  if (!ipaddr.IPv6.isValid(address)) return null
  return toHex(ipaddr.IPv6.parse(address).toByteArray())
}

/** Whether the hex address lies in one of the hex ranges (`addressRanges`). */
export function inRanges(ranges: string, hex: string): boolean {
  for (let i = 0; i + 2 * HEX_WIDTH <= ranges.length; i += 2 * HEX_WIDTH) {
    if (hex >= ranges.slice(i, i + HEX_WIDTH) && hex <= ranges.slice(i + HEX_WIDTH, i + 2 * HEX_WIDTH)) return true
  }
  return false
}

// Stores hand out the same frozen array per record (memory) or a fresh one per lookup; either way
// the ranges are computed once per array.
const rangesOf = new WeakMap<readonly string[], string>()

/** Whether `address` may use a key whose `allowedIps` is `allowed` (null: any address; an unknown address: none). */
export function addressAllowed(allowed: readonly string[] | null, address: string | null | undefined): boolean {
  if (allowed === null) return true
  const hex = addressHex(address)
  if (hex === null) return false
  let ranges = rangesOf.get(allowed)
  if (ranges === undefined) {
    ranges = addressRanges(allowed)
    rangesOf.set(allowed, ranges)
  }
  return inRanges(ranges, hex)
}
