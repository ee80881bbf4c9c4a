/**
 * The reference server (E6): `npm start`. Serves E1–E5 and whoami (O10) on the framework FRAMEWORK
 * names, with the memory, the Redis or the Postgres stores (S8). Prints one
 * `listening on http://HOST:PORT` line once it accepts connections; with the memory store, first a
 * live and a test demo key and a curl line. With LOG_FORMAT=json every line it prints, on stdout
 * and stderr, is a JSON object (the text above in its `msg`).
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createKeyward, type KeywardStores } from '../src/index.js'
import type { AppBuilder } from './app.js'
import { referenceDashboardGuard } from './dashboard-guard.js'
import { EnvError, type Framework, parseEnv, type PostgresConfig, type ServerConfig } from './env.js'
import { createServerLog, logFormatOf } from './log.js'
import { createServerTelemetry, type ServerTelemetry } from './telemetry.js'

const builders: Record<Framework, () => Promise<AppBuilder>> = {
  express: async () => (await import('./app-express.js')).buildExpressApp,
  fastify: async () => (await import('./app-fastify.js')).buildFastifyApp,
  hono: async () => (await import('./app-hono.js')).buildHonoApp,
}

// A LOG_FORMAT that is neither text nor json is reported as plain text, with the other variables.
const log = createServerLog(logFormatOf(process.env) ?? 'text')

function exit(code: number, message: string): never {
  log.error(`keyward: ${message}`)
  process.exit(code)
}

/** The stores the server runs on, and how to let go of their connections once keyward has closed. */
interface RunningStores {
  stores: KeywardStores
  /** How the listening line names them. */
  label: string
  quit(): Promise<unknown>
}

/** An ioredis client that fails fast instead of queueing (R5), connected, or the server exits. */
async function connectRedis(config: ServerConfig) {
  const { Redis } = await import('ioredis')
  const client = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
  })
  client.on('error', () => undefined) // reconnects on its own; requests meanwhile answer 500 (R5)
  try {
    await client.connect()
  } catch (error) {
    client.disconnect()
    exit(1, `cannot connect to Redis at ${new URL(config.redisUrl).host}: ${(error as Error).message}`)
  }
  return client
}

/** Awaits a Redis start check (`ready()`); on a refusal or a fault, one line and exit status 1. */
async function checkRedis(
  config: ServerConfig,
  ready: () => Promise<void>,
  client: { disconnect(): void },
): Promise<void> {
  const redis = await import('../src/stores/redis/index.js')
  try {
    await ready()
  } catch (error) {
    client.disconnect()
    // The server has no allowEviction setting: its operator's remedy is the Redis configuration.
    const message = (error as Error).message
      .replace(/^keyward\/redis: /, '')
      .replace(/,? (or|and) pass allowEviction: true .*$/, '')
    const host = new URL(config.redisUrl).host
    exit(
      1,
      error instanceof redis.RedisEvictionPolicyError
        ? `Redis at ${host}: ${message}`
        : `cannot check Redis at ${host}: ${message}`,
    )
  }
}

/**
 * STORE=redis: the Redis stores, once they have checked that Redis will not evict their data
 * (maxmemory-policy noeviction) and whether it persists them (S6: a warning when it does not).
 */
async function redisStores(config: ServerConfig): Promise<RunningStores> {
  const redis = await import('../src/stores/redis/index.js')
  const client = await connectRedis(config)
  const stores = redis.createRedisStores({ client })
  await checkRedis(config, stores.ready, client)
  return { stores, label: 'redis store', quit: () => client.quit() }
}

/**
 * STORE=postgres (S8): a pg Pool with a bounded connect, the migrations run before anything is
 * served, and the Postgres stores; limits in this process, or, when REDIS_URL is set (S10), key
 * records cached in Redis and limits counted there: a cached key is decided in one Redis round
 * trip, and every change reaches the cache before it returns. Usage entries then live in Redis
 * unless USAGE_STORE=postgres.
 */
async function postgresStores(config: ServerConfig, postgres: PostgresConfig): Promise<RunningStores> {
  const { createPostgresStores, migrate } = await import('../src/stores/postgres/index.js')
  const { default: pg } = await import('pg')
  const url = new URL(postgres.databaseUrl)
  const where = `${url.host}${url.pathname}`
  const pool = new pg.Pool({ connectionString: postgres.databaseUrl, connectionTimeoutMillis: 2000 })
  // An idle connection lost while Postgres restarts must not end the process; the stores report it.
  pool.on('error', () => undefined)
  try {
    await migrate(pool)
  } catch (error) {
    await pool.end().catch(() => undefined)
    exit(
      1,
      `cannot migrate the Postgres database at ${where}: ${(error as Error).message.replace(/^keyward\/postgres: /, '')}`,
    )
  }
  const client = postgres.redisCache ? await connectRedis(config) : undefined
  const stores = createPostgresStores({
    pool,
    ...(client ? { redis: { client } } : {}),
    usage: postgres.usageStore,
  })
  // Before serving: Redis said it will not evict the cache (noeviction).
  if (client) await checkRedis(config, () => stores.ready(), client)
  return {
    stores,
    label: `postgres store, ${client ? 'keys cached and limits counted in Redis' : 'limits in memory'}, usage in ${postgres.usageStore === 'redis' ? 'Redis' : 'Postgres'}`,
    async quit() {
      await pool.end()
      await client?.quit()
    },
  }
}

let config: ServerConfig
let telemetry: ServerTelemetry
try {
  config = parseEnv(process.env)
  telemetry = createServerTelemetry(process.env, config.keyPrefix, log)
} catch (error) {
  if (error instanceof EnvError) exit(2, `invalid environment: ${error.message}`)
  throw error
}

const running =
  config.store === 'redis'
    ? await redisStores(config)
    : config.postgres
      ? await postgresStores(config, config.postgres)
      : null
const keyward = createKeyward({
  serviceName: config.serviceName,
  keyPrefix: config.keyPrefix,
  // E7: the core's failed-authentication guard, per client address (see TRUST_PROXY).
  failedAuthLimit: config.failedAuthLimit,
  ...(config.pepper ? { pepper: config.pepper } : {}),
  // O7, O9: the same windows for every owner; none unless an OWNER_* variable is set.
  ...(config.ownerLimits ? { ownerLimits: config.ownerLimits } : {}),
  ietfRateLimitHeaders: config.ietfRateLimitHeaders,
  // What a key created without scopes holds (DEFAULT_SCOPES; the seed's endpoints by default).
  defaultScopes: config.defaultScopes,
  // M10: the roles keys may be given (ROLES).
  ...(config.roles ? { roles: config.roles } : {}),
  // W4: one endpoint for every event (WEBHOOK_URL, WEBHOOK_SECRET).
  ...(config.webhook ? { webhooks: { endpoints: [config.webhook] } } : {}),
  ...(running ? { stores: running.stores } : {}),
  onError: (error, info) => log.error(`keyward: store fault (${info.phase}, request id ${info.requestId}):`, error),
  // T3: METRICS=1 and LOG_FORMAT=json listen through keyward's telemetry hooks.
  ...telemetry.keywardOptions,
})
const dashboardToken = config.dashboardToken ?? randomBytes(24).toString('base64url')
const build = await builders[config.framework]()
const app = await build({
  keyward,
  // O9: the token is the administrator; with X-Keyward-Owner it acts as that owner.
  // A10: TRUSTED_ORIGINS may send state-changing dashboard requests from another site.
  // B2: what an owner session may give its keys (OWNER_SCOPES, OWNER_META_FIELDS).
  dashboard: {
    authorize: referenceDashboardGuard(dashboardToken),
    trustedOrigins: config.trustedOrigins,
    owners: { scopes: config.ownerScopes, meta: config.ownerMetaFields },
  },
  trustProxy: config.trustProxy,
  onError: (error, info) => log.error(`keyward: internal error (request id ${info.requestId}):`, error),
  // W4: GitHub posts the keys it finds in public code here; each known one is revoked at once.
  secretScanning: {
    path: config.secretScanningPath,
    keysUrl: config.githubKeysUrl,
    onLeaked: (event) =>
      log.info(
        `secret scanning: key ${event.keyId}${event.ownerId === null ? '' : ` of owner ${event.ownerId}`} was found in public (${event.source ?? 'source not given'}: ${event.url ?? 'no URL given'}) and is revoked`,
      ),
  },
})

telemetry.attach(app.server)

await new Promise<void>((resolve, reject) => {
  app.server.once('error', reject)
  app.server.listen(config.port, config.host, () => resolve())
}).catch((error: NodeJS.ErrnoException) =>
  exit(1, `cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`),
)

const { port } = app.server.address() as AddressInfo
const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
if (config.dashboardToken === null)
  log.info(`dashboard token (generated; set DASHBOARD_TOKEN to choose one): ${dashboardToken}`)
log.info(`dashboard page: ${base}/dashboard/`)
if (config.store === 'memory') {
  // E6: demo keys, the one exception to K3; they live only in this process's memory.
  // The audit trail says who made them, as it does for keys made on the dashboard.
  const live = await keyward.keys.create({ name: 'demo live key', keyType: 'live' }, { actor: 'server' })
  const test = await keyward.keys.create({ name: 'demo test key', keyType: 'test' }, { actor: 'server' })
  log.info(`demo live key: ${live.key}`)
  log.info(`demo test key: ${test.key}`)
  log.info(`try: curl -i -X POST ${base}/api/v1/auth/test -H "Authorization: Bearer ${live.key}"`)
}
log.info(`keyward reference server (${config.framework}, ${running?.label ?? 'memory store'}) listening on ${base}`, {
  url: base,
})

let stopping = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  try {
    await app.close()
    await keyward.close()
    await running?.quit()
  } catch (error) {
    exit(1, `error while stopping on ${signal}: ${(error as Error).message}`)
  }
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
