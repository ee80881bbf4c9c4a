/**
 * Hono 4 on `@hono/node-server` benchmark server. Variants (argv[2]):
 * - baseline: no authentication; the handler sets the headers keyward would send;
 * - memory / redis / postgres / postgres-redis: keyward (`keywardHono`) on the memory, Redis or
 *   Postgres stores, the route's handler in `api.guard()` (no middleware, so the route keeps
 *   Hono's one-handler fast path);
 * - chain: keyward on the memory store as middleware, `app.use(api)` + `api.protect()`;
 * - peer: Hono's built-in `hono/bearer-auth` (Hono has no built-in rate limiter, so no Redis).
 */
import { serve } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { announce, baselineHeaders, benchKeyward, lookup, peerToken, ROUTE, VARIANTS, variantOf } from './common.js'
import { loadAdapter } from './keyward.js'

const variant = variantOf(process.argv, VARIANTS)
const { keywardHono } = await loadAdapter.hono()
const app = new Hono()

function handler(c: Context): Response {
  const { status, body } = lookup(c.req.query('ip'))
  return c.json(body, status as 200)
}

let key: string | undefined
let close: () => Promise<void> | void = () => undefined
let redisPatterns: string[] = []

if (variant === 'baseline') {
  app.get(ROUTE, (c) => {
    const headers = baselineHeaders()
    for (const name in headers) c.header(name, headers[name])
    return handler(c)
  })
} else if (variant === 'peer') {
  const token = peerToken()
  key = token
  app.use('/api/*', bearerAuth({ token }))
  app.get(ROUTE, handler)
} else {
  const bench = await benchKeyward(variant === 'chain' ? 'memory' : variant)
  key = bench.key
  close = bench.close
  redisPatterns = bench.redisPatterns
  const api = keywardHono(bench.keyward)
  if (variant === 'chain') {
    app.use(api)
    app.get(ROUTE, api.protect({ scopes: ['ip'] }), handler)
  } else {
    app.get(ROUTE, api.guard({ scopes: ['ip'] }, handler))
  }
  app.notFound(api.notFound)
  app.onError(api.onError)
}

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
  announce(info.port, { key, redisPatterns }, close),
)
