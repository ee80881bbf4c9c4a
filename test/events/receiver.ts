/**
 * A local webhook receiver for the tests: records every POST (headers and raw body) and answers
 * what the test tells it to, so a test sees exactly what an endpoint on the network would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  headers: Record<string, string>
  body: string
}

/** How the receiver answers one request: a status, or `hang` (never answers), or a redirect. */
export type Answer = number | 'hang' | { redirect: string }

export interface Receiver {
  url: string
  received: Received[]
  /** Sets how the next requests are answered, in order; once used up, `fallback`. */
  answers: Answer[]
  fallback: Answer
  /** Resolves once `count` requests have arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>
  close(): Promise<void>
}

/** Listens on `port` of 127.0.0.1 (any free one by default). */
export async function startReceiver(path = '/hooks', port = 0): Promise<Receiver> {
  const hanging: ServerResponse[] = []
  const receiver: Receiver = {
    url: '',
    received: [],
    answers: [],
    fallback: 204,
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`receiver got ${receiver.received.length} of ${count} requests`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return receiver.received
    },
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value)
      receiver.received.push({ headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = receiver.answers.shift() ?? receiver.fallback
      if (answer === 'hang') return void hanging.push(response)
      if (typeof answer === 'object') {
        response.writeHead(307, { location: answer.redirect }).end()
        return
      }
      response.writeHead(answer).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`
  return receiver
}

/** A fresh `whsec_` secret, as a host would generate one. */
export function newSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`
}
