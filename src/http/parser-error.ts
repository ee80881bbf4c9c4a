/**
 * Node's `clientError`: requests its HTTP parser refuses (oversized or malformed headers, a head
 * that never completes) get keyward's error envelope with a request id instead of a bare status.
 */
import type { Duplex } from 'node:stream'
import type { Keyward } from '../core/instance.js'
import { HTTP_MESSAGES } from '../core/messages.js'

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/**
 * A `clientError` listener for a Node HTTP server: requests Node's parser refuses (oversized
 * or malformed headers, a head that never completes) get the error envelope with a request id
 * instead of Node's bare status line. Status 431, 408 or 400, code `invalid_request`.
 *
 * @example
 * import { createServer } from 'node:http'
 * import { clientErrorHandler } from 'keyward/express'
 * const server = createServer(app)
 * server.on('clientError', clientErrorHandler(keyward))
 */
export function clientErrorHandler(keyward: Keyward): (error: Error & { code?: string }, socket: Duplex) => void {
  const names = keyward.names
  return function keywardClientError(error, socket) {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
    const message =
      status === 431
        ? HTTP_MESSAGES.headersTooLarge(names)
        : status === 408
          ? HTTP_MESSAGES.requestTimeout(names)
          : HTTP_MESSAGES.malformedRequest(names)
    const response = keyward.errorResponse('invalid_request', message, keyward.requestId())
    let head = `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n`
    for (const [name, value] of Object.entries(response.headers)) head += `${name}: ${value}\r\n`
    head += `Content-Length: ${Buffer.byteLength(response.body)}\r\nConnection: close\r\n\r\n`
    socket.end(head + response.body)
  }
}
