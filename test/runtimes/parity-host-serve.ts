/**
 * The parity host on Bun.serve or Deno.serve, whichever runs this file (bundled from the sources by
 * test/runtimes/parity-runtime.ts): the control endpoint and every app on a server of the runtime's
 * own, on a free port of 127.0.0.1. Prints `control on http://127.0.0.1:<port>`.
 */
import { type Handler, type HostPlatform, parityControl, type Served } from './parity-host.js'

interface BunServer {
  port: number
  stop(closeActive: boolean): Promise<void>
  requestIP(request: Request): { address: string } | null
}
interface DenoServer {
  addr: { port: number }
  shutdown(): Promise<void>
}
interface DenoInfo {
  remoteAddr: { hostname: string }
}
const runtime = globalThis as {
  Bun?: { serve(options: { port: number; hostname: string; fetch: Handler }): BunServer }
  Deno?: { serve(options: { port: number; hostname: string; onListen(): void }, handler: Handler): DenoServer }
}

/** Serves `handler` on a free port of 127.0.0.1 with the runtime's own server. */
function serve(handler: Handler): Served {
  if (runtime.Bun !== undefined) {
    const server = runtime.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: handler })
    return { port: server.port, close: () => server.stop(true) }
  }
  const server = runtime.Deno!.serve({ port: 0, hostname: '127.0.0.1', onListen: () => undefined }, handler)
  return { port: server.addr.port, close: () => server.shutdown() }
}

const platform: HostPlatform = {
  serve,
  // The client address as each runtime tells it.
  clientAddress:
    runtime.Bun !== undefined
      ? (request: Request, server: BunServer) => server.requestIP(request)?.address
      : (_request: Request, info: DenoInfo) => info.remoteAddr.hostname,
}

const controlServer = serve(parityControl(platform))
console.log(`control on http://127.0.0.1:${controlServer.port}`)
