/**
 * What every benchmark server shares: the route's answer, the baseline's copy of keyward's
 * headers, the Redis client (wrapped to count what it sends), and the conversation with the
 * parent process (`bench/http.ts`): one JSON line on stdout once listening, then IPC messages
 * `stats` (answered with counters) and `exit` (a clean exit, so `--cpu-prof` writes its profile).
 *
 * Each server runs alone in its own process: `node --import tsx bench/servers/<framework>.ts <variant>`,
 * with keyward loaded from the bench bundle (`bench/build.ts`), as users run the package.
 */
import { randomFillSync } from 'node:crypto'
import { isIP } from 'node:net'
import type { Server } from 'node:http'
import { Redis } from 'ioredis'
import type { Keyward, KeywardStores } from '../../src/index.js'
import { keyward as keywardPackage, keywardRedis, redisScripts } from './keyward.js'
import {
  type AnalyticsVariant,
  type MeteringVariant,
  type PostgresVariant,
  redisUrl,
  type TelemetryVariant,
  type Variant,
} from './shared.js'

export {
  ANALYTICS_VARIANTS,
  COMMON_VARIANTS,
  redisUrl,
  ROUTE,
  TELEMETRY_VARIANTS,
  type Variant,
  VARIANTS,
} from './shared.js'

const { createKeyward, generateKey } = keywardPackage
const { createRedisStores } = keywardRedis
const { SCRIPTS } = redisScripts

/** A per-minute limit no run reaches, so every request is a full, admitted, consuming one. */
export const PER_MINUTE = 1_000_000_000
/**
 * The live key's monthly quota: keyward enforces one in every run (the peers enforce none), so its
 * rows pay for the month counter and send the `X-Quota-*` headers, as the baseline does too.
 */
export const PER_MONTH = 1_000_000_000_000

/** The variant in argv[2], one of those this server has. */
export function variantOf<V extends Variant>(argv: readonly string[], variants: readonly V[]): V {
  const variant = argv[2] as V
  if (!variants.includes(variant))
    throw new TypeError(`bench server: variant must be one of ${variants.join(', ')} (got ${String(variant)})`)
  return variant
}

/** Requests the route answered; read by the parent to turn totals into per-request figures. */
let served = 0

/**
 * E3's answer, built the same way by every variant of a framework (each framework serializes it
 * with its own JSON path, the same in baseline and keyward servers).
 */
export function lookup(ip: unknown): { status: number; body: unknown } {
  served++
  const version = typeof ip === 'string' ? isIP(ip) : 0
  if (version === 0)
    return { status: 400, body: { error: { code: 'invalid_request', message: 'ip must be an IPv4 or IPv6 address' } } }
  return { status: 200, body: { data: { ip, version }, meta: { timestamp: new Date().toISOString() } } }
}

// The baseline's request ids: `req_` + 24 base64url characters from pooled CSPRNG bytes, the
// cheapest honest way to make a fresh id per request (keyward's generator works the same way).
const ID_BYTES = 18
const pool = Buffer.allocUnsafe(ID_BYTES * 512)
let poolOffset = pool.length
let baselineCount = 0

/**
 * The headers keyward sends on an admitted request, with values of the same shape: a fresh
 * request id, the limit, a remaining count and a reset time. No authentication, no limit state.
 */
/** 00:00 UTC on the 1st of next month, in epoch seconds (the quota's reset). */
function nextMonthSeconds(): number {
  const now = new Date()
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000
}

export function baselineHeaders(): Record<string, string> {
  if (poolOffset === pool.length) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const id = pool.toString('base64url', poolOffset, poolOffset + ID_BYTES)
  poolOffset += ID_BYTES
  baselineCount++
  return {
    'X-Request-ID': `req_${id}`,
    'X-RateLimit-Limit': '1000000000',
    'X-RateLimit-Remaining': String(PER_MINUTE - (baselineCount % 100_000_000) - 1),
    'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 60),
    'X-Quota-Limit': '1000000000000',
    'X-Quota-Remaining': String(PER_MONTH - baselineCount - 1),
    'X-Quota-Reset': String(nextMonthSeconds()),
  }
}

const SCRIPT_NAMES = new Map(
  SCRIPTS.flatMap((script): [string, string][] => [
    [script.sha, script.name],
    [script.source, script.name],
  ]),
)

/** Counts of what the server's Redis client sent: commands by name and socket writes (round trips). */
const redisCommands: Record<string, number> = {}
let redisWrites = 0

/**
 * An ioredis client as keyward's docs recommend (`enableOfflineQueue: false`), ready, and wrapped
 * so every command and every write to the socket is counted. ioredis writes a pipeline or MULTI
 * in one write, so writes are round trips.
 */
export async function connectRedis(): Promise<Redis> {
  const client = new Redis(redisUrl(), {
    enableOfflineQueue: false,
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  })
  await client.connect()
  const send = client.sendCommand.bind(client)
  client.sendCommand = function countedSendCommand(command: { name: string; args: unknown[] }, stream?: unknown) {
    let name = command.name.toLowerCase()
    // keyward's scripts by name, so the per-request script and the batched usage flush are told apart.
    if (name === 'evalsha' || name === 'eval') name += ` ${SCRIPT_NAMES.get(String(command.args[0])) ?? 'other'}`
    redisCommands[name] = (redisCommands[name] ?? 0) + 1
    return send(command as never, stream as never)
  } as typeof client.sendCommand
  const socket = (client as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream
  const write = socket.write.bind(socket)
  socket.write = function countedWrite(...args: unknown[]) {
    redisWrites++
    return write(...args)
  }
  return client
}

/** A unique prefix for this process's Redis keys, removed by the parent afterwards. */
export const REDIS_PREFIX = `kwbench-${process.pid}`

/** The Postgres variants' statement counter, once their module is loaded. */
let postgresStatements: (() => Record<string, number>) | null = null

/** The stores of a Redis or Postgres variant, and what to release after `keyward.close()`. */
async function storesOf(variant: Variant): Promise<{ stores?: KeywardStores; release: () => Promise<void> | void }> {
  if (variant === 'redis' || variant === 'metered-redis' || variant === 'analytics-off-redis') {
    const client = await connectRedis()
    // The bench's Redis is a throwaway one: no warning that a restart would lose the key.
    return {
      stores: createRedisStores({ client, prefix: REDIS_PREFIX, persistenceWarning: false }),
      release: () => client.disconnect(),
    }
  }
  if (variant === 'postgres' || variant === 'postgres-redis' || variant === 'postgres-cache') {
    const postgres = await import('./postgres.js')
    postgresStatements = postgres.postgresStatements
    return postgres.postgresStores(variant, { connect: connectRedis, prefix: REDIS_PREFIX })
  }
  return { release: () => undefined }
}

/**
 * The metered key's own limits: a 10-second burst, a minute and a calendar month, none reached in
 * a run, so every request is checked and counted in all three (and in its owner's windows).
 */
const METERED_LIMITS = [
  { name: 'burst', limit: PER_MINUTE, window: '10s' },
  { name: 'minute', limit: PER_MINUTE, window: '1m' },
  { name: 'month', limit: PER_MONTH, window: 'month' },
]

/** What a metered variant adds to the instance and to its key. */
function meteringOf(variant: Variant): { options: object; key: object } {
  if (variant !== 'metered' && variant !== 'metered-redis') return { options: {}, key: {} }
  return {
    options: { ownerLimits: { live: { perMinute: PER_MINUTE, perMonth: PER_MONTH } } },
    // Credits no run spends: every request is decided against them and answers what is left.
    key: { limits: METERED_LIMITS, credits: { remaining: PER_MONTH } },
  }
}

/**
 * The keyward instance of the `memory`, `redis`, Postgres, telemetry and metered variants, and a
 * live key. The key's type defaults get the huge per-minute limit and monthly quota (L1), so
 * nothing answers 429.
 */
export async function benchKeyward(
  variant: 'memory' | 'redis' | TelemetryVariant | PostgresVariant | MeteringVariant | AnalyticsVariant,
): Promise<{ keyward: Keyward; key: string; redisPatterns: string[]; close: () => Promise<void> }> {
  const { stores, release } = await storesOf(variant)
  // Loaded only by its variant, so no other server holds the SDK's modules.
  const sdk =
    variant === 'telemetry-sdk' || variant === 'telemetry-span'
      ? await (await import('./telemetry.js')).registerBenchSdk()
      : null
  const telemetry =
    variant === 'telemetry-off' || variant === 'telemetry-span' ? { telemetry: { openTelemetry: false } } : {}
  const metering = meteringOf(variant)
  const analytics = variant === 'analytics-off' || variant === 'analytics-off-redis' ? { analytics: false } : {}
  const keyward = createKeyward({
    ...(stores ? { stores } : {}),
    ...telemetry,
    ...analytics,
    ...metering.options,
    limits: { live: { perMinute: PER_MINUTE, perMonth: PER_MONTH } },
  })
  const { key } = await keyward.keys.create({
    name: 'bench',
    ownerId: 'org_bench',
    meta: { plan: 'pro', accountRef: 'A-1042' },
    scopes: ['ip'],
    ...metering.key,
  })
  return {
    keyward,
    key,
    redisPatterns: variant.endsWith('redis') || variant === 'postgres-cache' ? [`${REDIS_PREFIX}:*`] : [],
    close: async () => {
      await keyward.close()
      await sdk?.shutdown()
      await release()
    },
  }
}

/** A well-formed live key for peers, so every server reads a header of the same length. */
export function peerToken(): string {
  return generateKey('live')
}

/**
 * Tells the parent the server is listening and serves its IPC requests. `close` releases what the
 * server holds before a clean exit.
 */
export function announce(
  port: number,
  info: { key?: string; redisPatterns?: string[] },
  close: () => Promise<void> | void,
): void {
  process.stdout.write(`${JSON.stringify({ ready: true, port, pid: process.pid, ...info })}\n`)
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'stats') {
      process.send?.({
        type: 'stats',
        served,
        redisCommands: { ...redisCommands },
        redisWrites,
        postgresStatements: postgresStatements?.() ?? {},
      })
    } else if (message?.type === 'exit') {
      Promise.resolve()
        .then(close)
        .catch(() => undefined)
        .finally(() => process.exit(0))
    }
  })
  process.on('disconnect', () => process.exit(0))
}

/** The port of a listening Node server. */
export function portOf(server: Server): number {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('bench server: not listening on TCP')
  return address.port
}
