/**
 * keyward/fetch benchmark server, on the runtime that runs it: Bun.serve under Bun, and Node's
 * `http` through `@hono/node-server`'s bridge under Node. Variants (argv[2]):
 * - baseline: no authentication; the handler's response gets the headers keyward would send;
 * - memory / redis: the same handler wrapped by keyward/fetch (`guard.wrap()`) on that store.
 * Prints one JSON line once listening (see `announce`); stopped with SIGTERM.
 */
import { announce, baselineHeaders, benchKeyward, lookup, ROUTE, variantOf } from './common.js'
import { loadAdapter } from './keyward.js'

declare const Bun: { serve(options: { port: number; hostname: string; fetch: Fetch }): { port: number } } | undefined
type Fetch = (request: Request, ...rest: unknown[]) => Response | Promise<Response>

const variant = variantOf(process.argv, ['baseline', 'memory', 'redis'] as const)

/** E3's answer as a fetch Response, built the same way by every variant. */
function answer(request: Request): Response {
  const { status, body } = lookup(new URL(request.url).searchParams.get('ip'))
  return Response.json(body, { status })
}

let key: string | undefined
let close: () => Promise<void> | void = () => undefined
let redisPatterns: string[] = []
let route: Fetch
if (variant === 'baseline') {
  // The headers set on the handler's response one by one, as keyward/fetch sets its own: on
  // node-server a Response given its headers up front takes a slower path than this.
  route = (request) => {
    const response = answer(request)
    const headers = baselineHeaders()
    for (const name in headers) response.headers.set(name, headers[name]!)
    return response
  }
} else {
  const bench = await benchKeyward(variant)
  ;({ key, close, redisPatterns } = bench)
  const { keywardFetch } = await loadAdapter.fetch()
  const guard = keywardFetch(bench.keyward)
  route = guard.wrap((request) => answer(request), { scopes: ['ip'] })
}
const notFound = () => new Response('Not Found', { status: 404 })
const fetch: Fetch = (request, ...rest) =>
  new URL(request.url).pathname === ROUTE ? route(request, ...rest) : notFound()

if (typeof Bun !== 'undefined') {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch })
  announce(server.port, { key, redisPatterns }, close)
} else {
  const { serve } = await import('@hono/node-server')
  serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => announce(info.port, { key, redisPatterns }, close))
}
process.once('SIGTERM', () => {
  Promise.resolve()
    .then(close)
    .catch(() => undefined)
    .finally(() => process.exit(0))
})
