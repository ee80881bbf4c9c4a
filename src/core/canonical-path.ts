/**
 * A path as routers read it, every decoding and normalisation one may apply applied: the kit
 * decides on it which paths are protected, and a usage entry records it when no route is known.
 */
/** Anything in a path that some router reads differently from its raw text. */
const NEEDS_CANONICAL = /[%\\;\x00-\x1f\x7f]|\/\/|\/\.\.?(?:\/|$)|.\/$/

/** Decoding stops after this many rounds: enough for any double or triple encoding a proxy leaves. */
const DECODE_ROUNDS = 4

/** Decodes each run of valid percent-encoded UTF-8; an invalid run stays as it is. */
function decodeLeniently(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/** Removes `.` and `..` segments (RFC 3986 §5.2.4); `..` never climbs above the root. */
function resolveDots(segments: readonly string[]): string[] {
  const out: string[] = []
  for (const segment of segments) {
    if (segment === '.') continue
    if (segment === '..') out.pop()
    else out.push(segment)
  }
  return out
}

/**
 * The path with every reading a router may apply, applied: percent-decoding (repeated, for double
 * encoding, and including `%2F`), `\` as `/`, `;params` and empty segments dropped, dot segments
 * resolved, no trailing slash. Case is kept (ids in paths are case-sensitive); compare prefixes
 * case-insensitively. A path no router reads differently comes back as it is.
 *
 * @example
 * canonicalPath('/%2561pi//v1/./reports;x=1/') // '/api/v1/reports'
 */
export function canonicalPath(path: string): string {
  if (!NEEDS_CANONICAL.test(path)) return path
  let decoded = path
  for (let round = 0; round < DECODE_ROUNDS && decoded.includes('%'); round++) {
    const next = decodeLeniently(decoded)
    if (next === decoded) break
    decoded = next
  }
  const segments = decoded
    // Control characters are dropped: a component that stops at NUL, or strips them, reads the rest.
    .replace(/[\x00-\x1f\x7f]/g, '')
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => {
      const semicolon = segment.indexOf(';')
      return semicolon < 0 ? segment : segment.slice(0, semicolon)
    })
    .filter((segment) => segment !== '')
  return `/${resolveDots(segments).join('/')}`
}
