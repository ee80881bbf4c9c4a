/**
 * A real HTTP server on an ephemeral port that records every request and answers with whatever
 * the current handler returns. Tests swap the handler to script canned, contract-shaped answers
 * (a 500 then a 200, a slow reply, a dropped connection).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { newRequestId } from './contract-replies.js'

export interface RecordedRequest {
  method: string
  /** Path and query as sent. */
  url: string
  path: string
  query: URLSearchParams
  /** Node's parsed headers, lower-case names. */
  headers: IncomingHttpHeaders
  /** Raw header lines as [name, value, name, value, …], to count repeats. */
  rawHeaders: string[]
  body: string
}

export interface Reply {
  status: number
  headers?: Record<string, string | number>
  /** A string is sent as is; anything else as JSON. */
  body?: unknown
  /** Wait this long before sending anything. */
  delayMs?: number
  /** Send status and headers, then never finish the body. */
  stallBody?: boolean
  /** Close the connection without answering. */
  destroy?: boolean
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>

export interface FakeService {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string
  /** Every request received, oldest first. */
  requests: RecordedRequest[]
  /** Answers every later request with `handler`. */
  use(handler: Handler): void
  /** Answers the next requests with these replies in order, then with the handler again. */
  queue(...replies: Reply[]): void
  /** Forgets recorded requests and queued replies and goes back to the first handler. */
  reset(): void
  close(): Promise<void>
}

export async function startFakeService(initial: Handler): Promise<FakeService> {
  let handler = initial
  const queued: Reply[] = []
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid')
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(recorded)
      const next = queued.shift()
      Promise.resolve(next ?? handler(recorded)).then(
        (reply) => send(res, reply),
        (error: unknown) => send(res, { status: 599, body: String(error) }),
      )
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    use(next) {
      handler = next
    },
    queue(...replies) {
      queued.push(...replies)
    },
    reset() {
      requests.length = 0
      queued.length = 0
      handler = initial
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const write = () => {
    if (reply.destroy) {
      res.socket?.destroy()
      return
    }
    const isText = typeof reply.body === 'string'
    const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body)
    const headers: Record<string, string | number> = {
      // R2: every response carries a request id, unless a test sets its own.
      'X-Request-ID': newRequestId(),
      ...(reply.body !== undefined && !isText ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      ...reply.headers,
    }
    if (reply.stallBody) {
      res.writeHead(reply.status, headers)
      res.write(payload.slice(0, 1))
      return // never ends; close() destroys the socket
    }
    res.writeHead(reply.status, { ...headers, 'Content-Length': Buffer.byteLength(payload) })
    res.end(payload)
  }
  if (reply.delayMs) setTimeout(write, reply.delayMs)
  else write()
}
