/**
 * Fastify 5 benchmark server. Variants (argv[2]):
 * - baseline: no authentication; the handler sets the headers keyward would send;
 * - memory / redis: keyward (`keywardFastify`) on the memory or Redis store;
 * - postgres / postgres-redis: keyward on the Postgres stores, limits in memory or in Redis;
 * - peer: `@fastify/bearer-auth` + `@fastify/rate-limit` on the same Redis (ioredis), rate limited
 *   per bearer token;
 * - telemetry-off / telemetry-sdk: keyward on the memory store with OpenTelemetry off, or with the
 *   SDK registered (a batch span processor; see servers/telemetry.ts);
 * - telemetry-span: telemetry-off with the SDK registered, and hooks of the host's recording one
 *   span per request with keyward's span attributes: what the SDK costs without keyward;
 * - analytics-off / analytics-off-redis: keyward on the memory or Redis store with its outcome
 *   counters off (`analytics: false`), the pair of memory / redis for what counting costs.
 */
import bearerAuth from '@fastify/bearer-auth'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import {
  announce,
  baselineHeaders,
  benchKeyward,
  ANALYTICS_VARIANTS,
  COMMON_VARIANTS,
  connectRedis,
  lookup,
  peerToken,
  portOf,
  REDIS_PREFIX,
  ROUTE,
  TELEMETRY_VARIANTS,
  variantOf,
} from './common.js'
import { loadAdapter } from './keyward.js'

const variant = variantOf(process.argv, [...COMMON_VARIANTS, ...TELEMETRY_VARIANTS, ...ANALYTICS_VARIANTS])
const { keywardFastify } = await loadAdapter.fastify()
const app = Fastify({ logger: false })

function handler(request: FastifyRequest, reply: FastifyReply): unknown {
  const { status, body } = lookup((request.query as { ip?: string }).ip)
  reply.code(status)
  return body
}

let key: string | undefined
let close: () => Promise<void> | void = () => undefined
let redisPatterns: string[] = []

if (variant === 'baseline') {
  app.get(ROUTE, (request, reply) => {
    reply.headers(baselineHeaders())
    return handler(request, reply)
  })
} else if (variant === 'peer') {
  const client = await connectRedis()
  const token = peerToken()
  key = token
  const nameSpace = `${REDIS_PREFIX}-frl-`
  redisPatterns = [`${nameSpace}*`]
  await app.register(bearerAuth, { keys: new Set([token]) })
  await app.register(rateLimit, {
    max: 1_000_000_000,
    timeWindow: 60_000,
    redis: client,
    nameSpace,
    keyGenerator: (request) => request.headers.authorization ?? '',
  })
  app.get(ROUTE, handler)
  close = () => {
    client.disconnect()
  }
} else {
  const bench = await benchKeyward(variant)
  key = bench.key
  close = bench.close
  redisPatterns = bench.redisPatterns
  if (variant === 'telemetry-span') (await import('./telemetry.js')).hostSpanHooks(app)
  await app.register(keywardFastify, { keyward: bench.keyward })
  app.get(ROUTE, { config: { keyward: { scopes: ['ip'] } } }, handler)
}

await app.listen({ port: 0, host: '127.0.0.1' })
announce(portOf(app.server), { key, redisPatterns }, async () => {
  await app.close()
  await close()
})
