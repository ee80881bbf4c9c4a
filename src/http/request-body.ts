/**
 * Reading a request body with a size bound, from Node's `IncomingMessage` or a fetch `Request`:
 * the dashboard routes read their own JSON bodies (and refuse one over 16 KiB).
 */
import type { IncomingMessage } from 'node:http'

/** What a body reader yields: the text (null when there is none) or that it was too large. */
export interface ReadBodyResult {
  body: string | null
  tooLarge: boolean
}

/** Reads the body of the request at hand up to `maxBytes`. */
export type ReadBody = (maxBytes: number) => Promise<ReadBodyResult>

/**
 * Reads a Node body up to `maxBytes`; past it, stops keeping data and reports `tooLarge`. A client
 * that leaves mid-body yields no body.
 *
 * @example
 * const { body, tooLarge } = await readNodeBody(req, 16 * 1024)
 */
export function readNodeBody(
  request: IncomingMessage,
  maxBytes: number,
): Promise<{ body: string | null; tooLarge: boolean }> {
  const declared = Number(request.headers['content-length'])
  if (declared > maxBytes) {
    request.resume()
    return Promise.resolve({ body: null, tooLarge: true })
  }
  if (request.readableEnded) {
    // A body parser mounted before keyward already read the stream; take what it kept, the raw
    // bytes when it kept them (Nest's `rawBody: true`, a `verify` hook): signatures are over those.
    const { body: parsed, rawBody } = request as IncomingMessage & { body?: unknown; rawBody?: unknown }
    const raw = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : typeof rawBody === 'string' ? rawBody : undefined
    const body =
      raw ??
      (parsed === undefined || parsed === null ? null : typeof parsed === 'string' ? parsed : JSON.stringify(parsed))
    return Promise.resolve({ body, tooLarge: body !== null && Buffer.byteLength(body) > maxBytes })
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        request.off('data', onData).off('end', onEnd)
        request.resume()
        resolve({ body: null, tooLarge: true })
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => resolve({ body: size === 0 ? null : Buffer.concat(chunks).toString('utf8'), tooLarge: false })
    // A client that goes away mid-body is not a server fault: the answer goes nowhere either way.
    const onAbort = () => resolve({ body: null, tooLarge: false })
    request.on('data', onData).once('end', onEnd).once('error', onAbort)
  })
}

/**
 * Reads a fetch body up to `maxBytes`; past it, cancels the stream and reports `tooLarge`.
 *
 *
 * @example
 * const { body, tooLarge } = await readFetchBody(c.req.raw, 16 * 1024)
 */
export async function readFetchBody(
  request: Request,
  maxBytes: number,
): Promise<{ body: string | null; tooLarge: boolean }> {
  if (Number(request.headers.get('content-length')) > maxBytes) return { body: null, tooLarge: true }
  if (request.body === null) return { body: null, tooLarge: false }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch {
      return { body: null, tooLarge: false } // the client went away mid-body
    }
    const { done, value } = chunk
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return { body: null, tooLarge: true }
    }
    chunks.push(value)
  }
  return { body: size === 0 ? null : Buffer.concat(chunks).toString('utf8'), tooLarge: false }
}
