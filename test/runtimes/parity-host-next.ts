/**
 * The parity host in a Next.js production server (`next start`, on the port in `PORT`). Every
 * request reaches it through the one route of test/runtimes/parity-next/, which hands it to
 * `answer`. The control endpoint answers on the server's own port; each app gets a port of its
 * own, a loopback pipe into the same server, so its requests go through Next.js's parser, router
 * and route as they are. Next.js builds a request's URL from its own port, so the Host header,
 * which the test's client writes from the port it connects to, is what says which app it is for.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'
import { type Handler, type HostPlatform, parityControl, type Served } from './parity-host.js'

const SERVER_PORT = Number(process.env.PORT)
/** Every connection the pipes accept comes from the test on this machine. */
const PEER = '127.0.0.1'

const handlers = new Map<number, Handler>()

/** A server that copies each connection it accepts into the Next.js server's, byte for byte both ways. */
function pipeServer(sockets: Set<Socket>): Server {
  return createServer((client) => {
    const upstream = connect(SERVER_PORT, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    }
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    // The test's client never half-closes: once it is gone, nothing more is read for it.
    client.once('close', () => upstream.destroy())
  })
}

/** Serves `handler` on a port of its own: a pipe into the Next.js server, answered by `handler`. */
function serve(handler: Handler): Promise<Served> {
  const sockets = new Set<Socket>()
  const server = pipeServer(sockets)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      handlers.set(port, handler)
      const close = () =>
        new Promise<void>((closed) => {
          handlers.delete(port)
          for (const socket of sockets) socket.destroy()
          server.close(() => closed())
        })
      resolve({ port, close })
    })
  })
}

const platform: HostPlatform = {
  serve,
  // Next.js tells a route nothing of the connection (its X-Forwarded-For is whatever the client
  // sent, when it sent one): the peer is the one every pipe serves.
  clientAddress: () => PEER,
}
const control = parityControl(platform)

/** The port a request was sent to, from its Host header. */
const portOf = (request: Request) => Number(/:(\d+)$/.exec(request.headers.get('host') ?? '')?.[1])

/** The route's answer: the app the request was sent to, or the control endpoint on the server's own port. */
export async function answer(request: Request, ...rest: unknown[]): Promise<Response> {
  const port = portOf(request)
  const handler = port === SERVER_PORT ? control : handlers.get(port)
  if (handler === undefined) return new Response(`no app on port ${port}`, { status: 421 })
  return handler(request, ...rest)
}
