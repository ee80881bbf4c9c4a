/**
 * The host app on the runtime that runs this file: Bun.serve or Deno.serve, on a free port of
 * 127.0.0.1, each telling keyward the client address its own way. Prints `listening on <url>`.
 */
import { app } from './lib/keyward.js'

if (typeof Bun !== 'undefined') {
  const { fetch } = await app((request, server) => server.requestIP(request)?.address)
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch })
  console.log(`listening on ${server.url.origin}`)
} else {
  const { fetch } = await app((_request, info) => info.remoteAddr.hostname)
  const onListen = ({ hostname, port }) => console.log(`listening on http://${hostname}:${port}`)
  Deno.serve({ port: 0, hostname: '127.0.0.1', onListen }, fetch)
}
