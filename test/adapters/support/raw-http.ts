/**
 * A minimal HTTP/1.1 client over `node:net`, so a test can send what ordinary clients refuse to:
 * duplicate `Authorization` lines (H1), an empty header value (H3), a tab after the scheme (H6),
 * `x-api-key` twice (H8), oversized heads (R2). Every request is sent with `Connection: close`,
 * and the response is read until the server closes the connection.
 */
import { connect } from 'node:net'

export interface RawRequest {
  method?: string
  /** Path and query, sent as they are. */
  path: string
  /** Header lines in order, sent as they are; duplicates allowed. */
  headers?: ReadonlyArray<readonly [string, string]>
  body?: string
}

export interface RawResponse {
  status: number
  /** Lower-case names; every line kept. */
  headers: Record<string, string[]>
  body: string
  /** The single value of a header; throws when it was sent more than once. */
  header(name: string): string | undefined
  json(): any
}

function parse(raw: Buffer, method: string): RawResponse {
  const text = raw.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) throw new Error(`incomplete response: ${JSON.stringify(text.slice(0, 200))}`)
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1])
  const headers: Record<string, string[]> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const values = headers[name] ?? []
    values.push(line.slice(colon + 1).trim())
    headers[name] = values
  }
  let bodyBytes = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'))
  if (method === 'HEAD') bodyBytes = Buffer.alloc(0)
  else if (headers['transfer-encoding']?.[0]?.toLowerCase() === 'chunked') {
    const chunks: Buffer[] = []
    let offset = 0
    for (;;) {
      const lineEnd = bodyBytes.indexOf('\r\n', offset)
      const size = parseInt(bodyBytes.subarray(offset, lineEnd).toString('latin1'), 16)
      if (!size) break
      chunks.push(bodyBytes.subarray(lineEnd + 2, lineEnd + 2 + size))
      offset = lineEnd + 2 + size + 2
    }
    bodyBytes = Buffer.concat(chunks)
  }
  const body = bodyBytes.toString('utf8')
  return {
    status,
    headers,
    body,
    header(name) {
      const values = headers[name.toLowerCase()]
      if (values && values.length > 1)
        throw new Error(`header ${name} was sent ${values.length} times: ${JSON.stringify(values)}`)
      return values?.[0]
    },
    json() {
      try {
        return JSON.parse(body)
      } catch {
        throw new Error(`response body is not JSON (status ${status}): ${JSON.stringify(body.slice(0, 300))}`)
      }
    },
  }
}

/** Writes `head` (and `body`) to a fresh connection and reads the response until the server closes. */
export function rawExchange(port: number, head: string, body = '', method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`no complete response within 10 s to ${head.split('\r\n')[0]}`)),
    )
    // No half-close: Node's server aborts a pending request when the client ends its side.
    socket.on('connect', () => socket.write(head + body))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      try {
        resolve(parse(Buffer.concat(chunks), method))
      } catch (error) {
        reject(error)
      }
    })
  })
}

/** Sends one request with exactly the header lines given (plus Host, Connection and Content-Length). */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const method = request.method ?? 'GET'
  let head = `${method} ${request.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`
  for (const [name, value] of request.headers ?? []) head += `${name}: ${value}\r\n`
  if (request.body !== undefined) head += `Content-Length: ${Buffer.byteLength(request.body)}\r\n`
  head += 'Connection: close\r\n\r\n'
  return rawExchange(port, head, request.body ?? '', method)
}
