/**
 * Express 5 benchmark server. Variants (argv[2]):
 * - baseline: no authentication; the handler sets the headers keyward would send;
 * - memory / redis: keyward (`keywardExpress`) on the memory or Redis store;
 * - postgres / postgres-redis: keyward on the Postgres stores, limits in memory or in Redis;
 * - peer: `express-rate-limit` + `rate-limit-redis` on the same Redis, keyed by the bearer token,
 *   behind a minimal bearer check (Express has no standard bearer-auth package).
 */
import { timingSafeEqual } from 'node:crypto'
import express, { type Request, type RequestHandler, type Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import { RedisStore, type RedisReply } from 'rate-limit-redis'
import {
  announce,
  baselineHeaders,
  benchKeyward,
  COMMON_VARIANTS,
  connectRedis,
  lookup,
  peerToken,
  portOf,
  REDIS_PREFIX,
  ROUTE,
  variantOf,
} from './common.js'
import { loadAdapter } from './keyward.js'

const variant = variantOf(process.argv, COMMON_VARIANTS)
const { keywardExpress } = await loadAdapter.express()
const app = express()

function handler(req: Request, res: Response): void {
  const { status, body } = lookup(req.query.ip)
  res.status(status).json(body)
}

let key: string | undefined
let close: () => Promise<void> | void = () => undefined
let redisPatterns: string[] = []

if (variant === 'baseline') {
  app.get(ROUTE, (req, res) => {
    res.set(baselineHeaders())
    handler(req, res)
  })
} else if (variant === 'peer') {
  const client = await connectRedis()
  const token = peerToken()
  key = token
  const expected = Buffer.from(`Bearer ${token}`)
  const bearer: RequestHandler = (req, res, next) => {
    const given = Buffer.from(req.headers.authorization ?? '')
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next()
    res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'invalid token' } })
  }
  const prefix = `${REDIS_PREFIX}-erl:`
  redisPatterns = [`${prefix}*`]
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: 1_000_000_000,
    keyGenerator: (req) => req.headers.authorization ?? '',
    store: new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    }),
  })
  app.get(ROUTE, bearer, limiter, handler)
  close = () => {
    client.disconnect()
  }
} else {
  const bench = await benchKeyward(variant)
  key = bench.key
  close = bench.close
  redisPatterns = bench.redisPatterns
  const api = keywardExpress(bench.keyward)
  api.get(ROUTE, api.protect({ scopes: ['ip'] }), handler)
  app.use(api)
  app.use(api.errorHandler)
}

const server = app.listen(0, '127.0.0.1', () => announce(portOf(server), { key, redisPatterns }, close))
