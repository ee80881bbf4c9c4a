/**
 * The spellings of a path that some router may route to it (A3): percent-encoded letters, another
 * letter case, `;params`, doubled slashes, dot segments, backslashes, absolute-form targets.
 */

/** Every spelling of `path` that some router may route to it. */
export function spellings(path: string): string[] {
  const segments = path.split('/').slice(1)
  const join = (parts: string[]) => `/${parts.join('/')}`
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  const out = new Set<string>()
  segments.forEach((segment, i) => {
    const with_ = (replacement: string) => join(segments.map((s, j) => (j === i ? replacement : s)))
    // One percent-encoded letter or digit at each position, in upper- and lower-case hex.
    for (let at = 0; at < segment.length; at++) {
      const encoded = hex(segment[at]!)
      out.add(with_(segment.slice(0, at) + encoded.toUpperCase() + segment.slice(at + 1)))
      out.add(with_(segment.slice(0, at) + encoded + segment.slice(at + 1)))
    }
    out.add(with_([...segment].map(hex).join(''))) // the whole segment encoded
    out.add(with_(`%25${hex(segment[0]!).slice(1)}${segment.slice(1)}`)) // double encoding
    out.add(with_(`%2525${hex(segment[0]!).slice(1)}${segment.slice(1)}`)) // triple encoding
    out.add(with_(segment.toUpperCase()))
    out.add(with_(`${segment};x=1`))
    out.add(with_(`${segment}/`).replace(/\/\//, '//')) // a doubled slash after the segment
    out.add(join([...segments.slice(0, i), '.', ...segments.slice(i)]))
    out.add(join([...segments.slice(0, i), 'x', '..', ...segments.slice(i)]))
    out.add(join([...segments.slice(0, i), 'x', '%2e%2e', ...segments.slice(i)]))
    out.add(join([...segments.slice(0, i), '%2E', ...segments.slice(i)]))
  })
  for (const variant of [
    `/${path}`,
    `${path}/`,
    `${path}//`,
    path.toUpperCase(),
    path.replaceAll('/', '//'),
    path.replaceAll('/', '%2F'),
    `/${path.slice(1).replaceAll('/', '%2f')}`,
    path.replaceAll('/', '\\'),
    `/${path.slice(1).replaceAll('/', '\\')}`,
    `${path}%3Fx=1`,
    `${path}%23x`,
    `${path}%00`,
    `${path}%2500`,
    path.replace('/v1', '%00/v1'),
    `${path};jsessionid=1`,
    `${path}#fragment`,
    `/x/..${path}`,
    `/x/%2e%2e${path}`,
    `/x/%252e%252e${path}`,
    `/x%2f..${path}`,
    `/./${path.slice(1)}`,
    `http://127.0.0.1${path}`,
    `HTTP://127.0.0.1${path}`,
    `http://127.0.0.1/%61${path.slice(2)}`,
    `http://127.0.0.1//${path.slice(1)}`,
  ]) {
    out.add(variant)
  }
  out.delete(path)
  return [...out]
}
