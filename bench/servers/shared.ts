/**
 * What the parent process (`bench/run.ts`, `bench/http.ts`, `bench/profile.ts`) and the benchmark
 * servers both need: the route, the Redis address and the variant names. It loads nothing else,
 * in particular not the keyward bundle: the parent imports it before `ensureBenchBuild()` has
 * written that bundle on a fresh clone.
 */

/**
 * keyward on the memory store, on the Redis store, the bare framework, or the peer libraries;
 * `chain` (Hono only): keyward on the memory store mounted as middleware (`app.use` + `protect()`).
 */
export type Variant =
  | 'baseline'
  | 'memory'
  | 'redis'
  | 'peer'
  | 'chain'
  | TelemetryVariant
  | PostgresVariant
  | MeteringVariant
  | AnalyticsVariant

/**
 * keyward on the memory store with OpenTelemetry turned off (`telemetry-off`), or with the SDK
 * registered and a batch span processor (`telemetry-sdk`). The `memory` variant is the third case:
 * the API installed (a dev dependency), no SDK registered. `telemetry-span` is the SDK's own floor:
 * keyward's OpenTelemetry off, and the host's hooks record one span with the attributes keyward
 * would set (no metrics). Fastify only.
 */
export type TelemetryVariant = 'telemetry-off' | 'telemetry-sdk' | 'telemetry-span'

/**
 * Keys and usage in Postgres (S4): limits in memory (`postgres`), or in Redis through
 * `createRedisRateLimiter({ keys: 'elsewhere' })` (`postgres-redis`), or key records cached in
 * Redis with the limits counted there (`postgres-cache`, S9). They need `DATABASE_URL`, which
 * `npm run bench` and `bench/postgres.ts` set (bench/postgres-server.ts).
 */
export type PostgresVariant = 'postgres' | 'postgres-redis' | 'postgres-cache'

/**
 * A key priced as a real API prices one (M1, M3, M4): three named limits of its own (10 s, minute,
 * month), credits, and its owner's per-minute and monthly windows, all decided together on every
 * request, on the memory store (`metered`) or on Redis (`metered-redis`). Their answers carry
 * `X-Credits-Remaining`, which the baseline does not send.
 */
export type MeteringVariant = 'metered' | 'metered-redis'

/**
 * keyward with its outcome counters off (`createKeyward({ analytics: false })`), on the memory
 * store (`analytics-off`) or on Redis (`analytics-off-redis`): the pair of `memory` and `redis`,
 * whose counters are on, for what counting costs. Fastify only.
 */
export type AnalyticsVariant = 'analytics-off' | 'analytics-off-redis'

/** The variants the commands take by name (the telemetry and analytics variants run in `npm run bench` and their own scripts). */
export const VARIANTS: readonly Variant[] = [
  'baseline',
  'memory',
  'redis',
  'peer',
  'chain',
  'postgres',
  'postgres-redis',
  'postgres-cache',
  'metered',
  'metered-redis',
]
export const TELEMETRY_VARIANTS = [
  'telemetry-off',
  'telemetry-sdk',
  'telemetry-span',
] as const satisfies readonly TelemetryVariant[]
export const POSTGRES_VARIANTS = [
  'postgres',
  'postgres-redis',
  'postgres-cache',
] as const satisfies readonly PostgresVariant[]
export const METERING_VARIANTS = ['metered', 'metered-redis'] as const satisfies readonly MeteringVariant[]
export const ANALYTICS_VARIANTS = [
  'analytics-off',
  'analytics-off-redis',
] as const satisfies readonly AnalyticsVariant[]
/** The variants every framework's server has. */
export const COMMON_VARIANTS = [
  'baseline',
  'memory',
  'redis',
  'peer',
  ...POSTGRES_VARIANTS,
  ...METERING_VARIANTS,
] as const satisfies readonly Variant[]
export const ROUTE = '/api/v1/ip/lookup'
/** The Redis of the run: read when asked, since `bench/redis-server.ts` may set it after start-up. */
export function redisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
}
