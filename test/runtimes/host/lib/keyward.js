/**
 * A host's keyward on a fetch server, as a user of the package writes it: one instance and guard,
 * made once and kept on `globalThis`, so every module of the server that loads this one shares it.
 * Environment: `STORE` (`memory` | `redis`), `REDIS_URL`, `REDIS_PREFIX`, `DASHBOARD_TOKEN`, `PEPPER`.
 */
import { isIP } from 'node:net'
import { bearerTokenGuard, createKeyward, successResponse } from 'keyward'
import { keywardFetch } from 'keyward/fetch'

async function stores() {
  if (process.env.STORE !== 'redis') return undefined
  const { Redis } = await import('ioredis')
  const { createRedisStores } = await import('keyward/redis')
  const client = new Redis(process.env.REDIS_URL, { enableOfflineQueue: false, connectTimeout: 1000 })
  await new Promise((resolve, reject) => client.once('ready', resolve).once('error', reject))
  const redis = createRedisStores({ client, prefix: process.env.REDIS_PREFIX })
  await redis.ready()
  return redis
}

/** The guard, its protected route, and the whole app as one fetch handler (Bun.serve, Deno.serve). */
async function create(clientAddress) {
  // As the reference server: a key made without scopes calls its own endpoints.
  const keyward = createKeyward({ stores: await stores(), pepper: process.env.PEPPER, defaultScopes: ['ip', 'email'] })
  const guard = keywardFetch(keyward, {
    dashboard: bearerTokenGuard(process.env.DASHBOARD_TOKEN),
    notFound: '/api',
    clientAddress,
  })
  const ipLookup = guard.wrap(
    (request, { apiKey }) => {
      const ip = new URL(request.url).searchParams.get('ip') ?? ''
      const response =
        isIP(ip) === 0
          ? keyward.errorResponse('invalid_request', 'ip must be one IPv4 or IPv6 address.', apiKey.requestId)
          : successResponse({ ip, version: isIP(ip) }, apiKey.requestId, Date.now())
      return new Response(response.body, { status: response.status, headers: response.headers })
    },
    { scopes: ['ip'] },
  )
  const fetch = (request, ...rest) => {
    const own = guard.handle(request, ...rest)
    if (own !== undefined) return own
    if (new URL(request.url).pathname === '/api/v1/ip/lookup' && ['GET', 'HEAD'].includes(request.method))
      return ipLookup(request, ...rest)
    return guard.notFound(request, ...rest) ?? new Response('Not Found', { status: 404 })
  }
  return { guard, ipLookup, fetch }
}

/** The app's keyward, made once per server process. */
export function app(clientAddress) {
  globalThis.keywardHostApp ??= create(clientAddress)
  return globalThis.keywardHostApp
}
