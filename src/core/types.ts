/**
 * The contracts every part of keyward shares: key records, the three store contracts
 * (KeyStore, RateLimiter, UsageLog), the optional fused hot path, the neutral request view that
 * adapters hand to the core, and the decision the core hands back.
 */
import type { EventOutbox } from './outbox.js'
import type { AnalyticsStore } from './analytics-types.js'
import type { CreditDecision, CreditLedger, KeyCredits, StoredCredits } from './credit-types.js'
import type { ErrorCode } from './messages.js'
import type { MeterDecision, MeterGroup, NamedLimit, ResolvedLimit } from './meter-types.js'
import type { PermissionQuery } from './permission-query.js'
import type { RoleTable } from './roles.js'

import type { AuditLog } from './audit-types.js'

/** A value that may be produced synchronously (memory stores) or asynchronously (Redis). */
export type Awaitable<T> = T | Promise<T>

/** `live` for `svc_live_` keys, `test` for sandbox `svc_test_` keys. */
export type KeyType = 'live' | 'test'

/** `expired` is derived from `expiresAt` at read time; stores never need a timer. */
export type KeyStatus = 'active' | 'revoked' | 'expired'

/**
 * The host's own data on a key: a JSON object of at most 4 KiB. Declare its type once for
 * the whole app and handlers and records are typed with it:
 *
 * @example
 * declare module 'keyward' {
 *   interface Register { meta: { plan: 'free' | 'pro'; accountRef: string } }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; the host fills it by declaration merging
export interface Register {}

/** The `meta` type: the host's declared one (`Register`), else any JSON object. */
export type KeyMeta = Register extends { meta: infer M } ? M : Record<string, unknown>

/** Per-key overrides of the key type's default limits, field by field. */
export interface KeyLimits {
  perMinute?: number
  perMonth?: number
}

/**
 * A key's own named limits: they replace its key type's defaults entirely. Stored with each
 * window in ms, `"month"` or `{ month: { day } }`.
 */
export type KeyLimitList = readonly NamedLimit[]

/** The public key record. Never holds the full key; timestamps are ISO 8601 UTC with ms. */
export interface ApiKeyRecord {
  id: string
  name: string
  keyType: KeyType
  maskedKey: string
  status: KeyStatus
  /** The customer that holds the key; null for a key of the service itself. */
  ownerId: string | null
  /** The host's data on the key; never shown to the key holder. */
  meta: KeyMeta | null
  createdAt: string
  expiresAt: string | null
  revokedAt: string | null
  lastUsedAt: string | null
  /** What the key may do; `['*']` is every scope. */
  scopes: string[]
  limits: KeyLimits | KeyLimitList | null
  /** false while the key is suspended: it is refused until enabled again. */
  enabled: boolean
  /** The addresses and CIDR ranges the key may be used from; null for any address. */
  allowedIps: string[] | null
  /** The host's roles the key has (their scopes count as the key's own); null for none. */
  roles: string[] | null
  /** What the key has left to spend, live, and how it refills; null for a key without credits. */
  credits: KeyCredits | null
}

/**
 * What a KeyStore keeps for one key: the hash of the key and its last 4 characters, never
 * the key. Times are epoch milliseconds so records stay small (1,000,000 keys in memory).
 */
export interface StoredKey {
  /** `key_` + 24 base62 characters. */
  id: string
  /** sha256(key) in hex, or HMAC-SHA-256(pepper, key) in hex when a pepper is configured. */
  hash: string
  name: string
  keyType: KeyType
  /** The last 4 characters of the key, for the masked display. */
  last4: string
  /** Set at creation, never changed. */
  ownerId: string | null
  /** A JSON object, replaceable by `update`. */
  meta: Readonly<Record<string, unknown>> | null
  createdAt: number
  expiresAt: number | null
  revokedAt: number | null
  lastUsedAt: number | null
  scopes: readonly string[]
  limits: KeyLimits | KeyLimitList | null
  /** false while the key is suspended (`keys.update(id, { enabled: false })`). */
  enabled: boolean
  /** Normalised addresses and CIDR ranges the key may be used from; null for any address. */
  allowedIps: readonly string[] | null
  /** Names of the host's roles the key has; null for none. */
  roles: readonly string[] | null
  /** The credits as last set, and when (the live balance is the limiter's); null for none. */
  credits: StoredCredits | null
}

/**
 * Persistent key records. Implementations: `createMemoryKeyStore()`, `createRedisKeyStore()`.
 * Every implementation must pass `test/contracts/key-store.contract.ts`.
 */
export interface KeyStore {
  /** Adds a key. Rejects (throws) when the id or the hash is already present. */
  insert(key: StoredKey): Awaitable<void>
  /** The key whose hash is `hash`, whatever its status; undefined when none. */
  findByHash(hash: string): Awaitable<StoredKey | undefined>
  get(id: string): Awaitable<StoredKey | undefined>
  /**
   * One page of keys, newest `createdAt` first (ties: the larger id first), after `query.after`.
   * With `ownerId` only that owner's records are read, so the cost follows the owner's key
   * count, not the store's.
   */
  list(query: KeyListQuery): Awaitable<KeyPage>
  /**
   * Replaces the fields given in `patch` of a key that is not revoked; a revoked key is left
   * as it is. Returns the key as stored afterwards (the caller sees `revokedAt`); undefined for an
   * unknown id.
   */
  update(id: string, patch: KeyPatch): Awaitable<StoredKey | undefined>
  /**
   * Revokes (at `at`, as `revoke`) every key of `ownerId` that is not revoked yet, and
   * returns how many it revoked. Each is revoked before this returns.
   */
  revokeAll(ownerId: string, at: number): Awaitable<number>
  /**
   * Sets `revokedAt` to `at` unless it is already set (irreversible, idempotent: a second
   * call keeps the first time). Returns the key as stored afterwards; undefined for an unknown id.
   */
  revoke(id: string, at: number): Awaitable<StoredKey | undefined>
  /**
   * Moves `expiresAt` earlier: the new value is `min(current, expiresAt)` (null counts as
   * infinitely far). Used by rotation's grace period. Returns the key afterwards.
   */
  shortenExpiry(id: string, expiresAt: number): Awaitable<StoredKey | undefined>
  /** Records `lastUsedAt`; never moves it backwards. Unknown ids are ignored. */
  touch(id: string, at: number): Awaitable<void>
}

/** Which keys `KeyStore.list` returns. */
export interface KeyListQuery {
  /** Only this owner's keys. */
  ownerId?: string | undefined
  /** Only keys of this status at `now` (`expired` is derived from `expiresAt`). */
  status?: KeyStatus | undefined
  keyType?: KeyType | undefined
  /** At most this many keys (1–100). */
  limit: number
  /** Only keys after this one in the order (the last key of the previous page). */
  after?: KeyPosition | undefined
  /** The time `status` is judged at. */
  now: number
}

/** A place in the listing order: newest `createdAt` first, then the larger id first. */
export interface KeyPosition {
  createdAt: number
  id: string
}

/** One page of `KeyStore.list`. */
export interface KeyPage {
  keys: StoredKey[]
  /** Whether more keys match after the last one returned. */
  more: boolean
}

/** The fields an update replaces; absent fields are kept. */
export interface KeyPatch {
  name?: string | undefined
  meta?: Readonly<Record<string, unknown>> | null | undefined
  scopes?: readonly string[] | undefined
  limits?: KeyLimits | KeyLimitList | null | undefined
  enabled?: boolean | undefined
  allowedIps?: readonly string[] | null | undefined
  roles?: readonly string[] | null | undefined
  credits?: StoredCredits | null | undefined
  /** Epoch ms, null for no expiry. */
  expiresAt?: number | null | undefined
}

/** The limits that apply to one key: its type's defaults with the key's overrides. */
export interface LimitPolicy {
  /** Requests admitted in any rolling 60-second span. */
  perMinute: number
  /** Requests admitted per UTC calendar month, or null for no quota. */
  perMonth: number | null
}

/** The state of one limit as the client sees it in headers. */
export interface WindowState {
  limit: number
  remaining: number
  /** Unix epoch seconds at which `remaining` next rises. */
  reset: number
}

/** One atomic decision over both limits. */
export interface LimitDecision {
  allowed: boolean
  minute: WindowState
  /** null when the key has no monthly quota. */
  month: WindowState | null
  /** When not allowed: whole seconds until the request would be admitted; otherwise 0. */
  retryAfter: number
  /** When not allowed: the limit that binds (`month` when the quota is exhausted). */
  binding: 'minute' | 'month' | null
  /**
   * For a key with its own named limits: every limit's state and the metered decision. Then
   * `minute` shows the limit that binds first and `month` the month limit, if any.
   */
  named?: { decision: MeterDecision; limits: readonly ResolvedLimit[] } | undefined
  /**
   * For a key with credits: what is left after the decision. When they refused (`allowed` false
   * there), nothing was counted anywhere and the 429 names the credits.
   */
  credits?: CreditDecision | undefined
  /**
   * For a key on its type's per-minute and monthly limits whose owner has limits too: the key's
   * own windows and its owner's, of which `minute` and `month` show the tighter.
   */
  parts?: { key: OwnWindows; owner: OwnWindows } | undefined
}

/** One side's per-minute window and monthly quota (null without one). */
export interface OwnWindows {
  minute: WindowState
  month: WindowState | null
}

/**
 * Per-key rate limits and monthly quotas. `consume` is one atomic check-and-count over both
 * limits: a rejected request consumes nothing. `peek` reports the same state and consumes
 * nothing (the auth test endpoint, and the headers of 403 and 404 answers).
 * Every implementation must pass `test/contracts/rate-limiter.contract.ts`.
 */
export interface RateLimiter {
  /**
   * Counts a request when it admits. `cost`: the units it counts in each window (an integer 0 to
   * 1,000,000, default 1); it needs max(cost, 1) left in each, so 0 checks without counting. A
   * limiter that is given a cost must count it: it passes `test/contracts/limiter-cost.contract.ts`.
   */
  consume(keyId: string, policy: LimitPolicy, now: number, cost?: number): Awaitable<LimitDecision>
  /** `consume` that counts nothing and writes nothing. */
  peek(keyId: string, policy: LimitPolicy, now: number, cost?: number): Awaitable<LimitDecision>
  /**
   * True when other processes count in the same state (the Redis limiter), so what this process
   * last saw of a count may be stale: the failed-authentication guard then asks the limiter
   * whether an address is blocked instead of trusting what it saw itself. Absent or false: the
   * counts are this process's own (the memory limiter).
   */
  readonly shared?: boolean
  /**
   * One atomic check-and-count over several limits (a key's and its owner's): when every one
   * of `requests` would admit at `now`, each is counted once; otherwise none is counted. The
   * decisions come in the order of `requests`, each its limit's state afterwards (on a refusal,
   * what `peek` reports). The ids must be distinct. Optional: keyward needs it only when
   * `createKeyward({ ownerLimits })` is set (the memory and Redis limiters have it); every
   * implementation must pass the `consumeAll` cases of `test/contracts/rate-limiter.contract.ts`.
   */
  consumeAll?(requests: readonly LimitRequest[], now: number, cost?: number): Awaitable<LimitDecision[]>
  /**
   * `consume`, with a way to take the count back: the dashboard counts an attempt before its
   * guard runs and gives the count back when the guard admits, so that concurrent attempts can
   * never run the guard more often than the limit; `cost` units (default 1) are counted, as
   * `consume` counts them. `giveBack` removes exactly the request
   * counted (from the bucket and month it was counted in) and does nothing when nothing was
   * counted, when called again, or once that bucket has left the window. Optional: the dashboard
   * needs it while its `failedAuthLimit` is on (the memory and Redis limiters have it); every
   * implementation must pass the `reserve` cases of `test/contracts/rate-limiter.contract.ts`.
   */
  reserve?(keyId: string, policy: LimitPolicy, now: number, cost?: number): Awaitable<LimitReservation>
  /**
   * Named limits with a cost (`cost` 0 checks without counting): every limit of every group is
   * checked, and `cost` counted in all of them only when all admit; a refusal counts nothing.
   * Every implementation must pass the metering cases of `test/contracts/rate-limiter.contract.ts`.
   */
  meter?(groups: readonly MeterGroup[], cost: number, now: number): Awaitable<MeterDecision>
  /** `meter` that counts nothing and writes nothing (headers of answers that consume nothing). */
  peekMeter?(groups: readonly MeterGroup[], cost: number, now: number): Awaitable<MeterDecision>
  /**
   * Counts `units` in every limit of every group after admission, whatever they hold: it never
   * refuses, and a limit pushed over refuses the next requests until its window frees.
   */
  charge?(groups: readonly MeterGroup[], units: number, now: number): Awaitable<MeterDecision>
  /**
   * The keys' credits, kept beside the limits they are decided with. Optional: keyward needs it
   * only for keys with credits (the memory and Redis limiters have it).
   */
  credits?: CreditLedger
}

/** What `RateLimiter.reserve` answers: the decision of its `consume`, and how to take the count back. */
export interface LimitReservation {
  decision: LimitDecision
  giveBack(): Awaitable<void>
}

/** One limit of a `RateLimiter.consumeAll` call: the id its state is kept under, and its policy. */
export interface LimitRequest {
  id: string
  policy: LimitPolicy
}

/**
 * The owner limits a request is checked against (`createKeyward({ ownerLimits })`, resolved).
 * An owner's windows of one key type are a `LimitPolicy` whose `perMinute` is
 * `Number.MAX_SAFE_INTEGER` when the owner has no per-minute limit (`perMonth` null: no quota),
 * or a list of named limits (frozen, in the stored form). Every key of an owner with a list is
 * metered by named limits: a key on its type's limits by `minute` and `month` (`policyAsList`).
 */
export interface OwnerLimitsCheck {
  /** The limits of `ownerId`'s keys of `keyType`, or null when that owner has none of that type. */
  policyOf(ownerId: string, keyType: KeyType): OwnerPolicy | null
  /**
   * False when no owner's limits are a named list, so a Redis Cluster need not learn a key's owner
   * before its first request. Absent: some may be.
   */
  readonly lists?: boolean
}

/** An owner's limits of one key type: per-minute and monthly windows, or named limits. */
export type OwnerPolicy = LimitPolicy | KeyLimitList

/**
 * One audited request of a known key: admitted, or refused for what the key is or may do
 * (revoked, expired, suspended, forbidden on the route, over a limit or out of credits).
 */
export interface UsageEntry {
  keyId: string
  /** The key's owner, so one owner's usage can be read. */
  ownerId: string | null
  requestId: string
  /** ISO 8601 UTC with milliseconds. */
  timestamp: string
  method: string
  /** The path without the query string. */
  path: string
  /** The response's HTTP status. */
  status: number
  /** The error code of a request keyward refused (`rate_limited`, `API_KEY_REVOKED`, …); null when it admitted it. */
  code: string | null
  ip: string | null
  country: string | null
}

export interface UsageQuery {
  /** Only this key's entries; every key's when absent. */
  keyId?: string
  /** Only entries of this owner's keys. */
  ownerId?: string
  /** 1–1000. */
  limit: number
}

/**
 * The usage audit log. Every implementation must pass `test/contracts/usage-log.contract.ts`.
 */
export interface UsageLog {
  append(entry: UsageEntry): Awaitable<void>
  /** Newest first, at most `limit` entries. */
  query(query: UsageQuery): Awaitable<UsageEntry[]>
  /** Writes out anything buffered (Redis batches appends). Resolves once it is durable. */
  flush?(): Promise<void>
}

/** What one authenticated request asks of the stores, decided in one step. */
export interface AuthorizeInput {
  /** The key's hash under the current pepper first, then under each previous pepper. */
  hashes: readonly string[]
  now: number
  /** Every scope the route requires; the key must hold all of them. */
  requiredScopes: readonly string[] | null
  /** The route's permission query (M7), which the key's scopes must satisfy; null or absent for none. */
  requiredPermissions?: PermissionQuery | null | undefined
  /** The host's roles, read now: a key holds a name its own scopes or its roles' scopes cover (M7). */
  roles?: RoleTable | undefined
  /** A test key on a live-only route is forbidden. */
  liveOnly: boolean
  /**
   * The request's client address (as `trustProxy` decided it), checked against the key's
   * `allowedIps`; null or absent when unknown, which no allowlist admits.
   */
  clientAddress?: string | null | undefined
  /** Whether an admitted request counts against the limits (false for the auth test). */
  consume: boolean
  /** The type defaults; a key's own `limits` override them. */
  defaults: { live: LimitPolicy; test: LimitPolicy }
  /**
   * The failed-authentication count of the request's client address, checked before any key
   * is looked up: when it holds `limit` or more in the last minute (as `RateLimiter.peek` with
   * `{ perMinute: limit, perMonth: null }` would refuse it) the outcome is `blocked` and nothing
   * else is read or written. When the counter cannot be read, the fault goes to its `unreadable`
   * and the key is decided as usual. Absent: no check. Every implementation of `authorize` must
   * honour it.
   */
  failedAuth?: FailedAuthCheck | undefined
  /**
   * With owner limits, a key whose record has an `ownerId` that `policyOf` gives windows for
   * counts once against its own limits and once against its owner's (the `RateLimiter` id
   * `owner:<keyType>:<ownerId>`), atomically: refused when either is exhausted, and a refused
   * request counts against neither. The outcome's `limits` show, per window, the one with
   * the least remaining (`combineDecisions`). Peeks (forbidden) read both. Absent: no owner
   * limits. Every implementation of `authorize` must honour it.
   */
  ownerLimits?: OwnerLimitsCheck | undefined
  /**
   * The units an admitted request counts in every limit of its key and its owner (an integer 0 to
   * 1,000,000; absent: 1). A request is admitted only when every limit has max(cost, 1) units
   * left; a cost of 0 checks without counting. Every implementation of `authorize` must honour it.
   */
  cost?: number | undefined
}

/** Where the failed-authentication guard counts one client address, and its limit. */
export interface FailedAuthCheck {
  /** The RateLimiter name the guard counts the address's 401s under (`failed-auth:<address>`). */
  counter: string
  /** Failed authentications per minute at which the address is blocked. */
  limit: number
  /**
   * Told when the counter cannot be read (a fault, or no answer in time). The check then refuses
   * nothing and the key is decided as if the address had no failures: the guard is defence in
   * depth, and a fault in it must not turn valid keys away.
   */
  unreadable?: ((error: unknown) => void) | undefined
}

/** Why a valid key may not use a route: a test key on a live-only route, its address, a missing scope, an unmet permission query. */
export type ForbiddenReason = 'live-only' | 'address' | 'scope' | 'permission'

export type AuthorizeOutcome =
  /** The client address is blocked (`input.failedAuth`); no key was looked at. */
  | { result: 'blocked'; retryAfter: number }
  | { result: 'unknown' }
  | { result: 'revoked'; key: StoredKey }
  | { result: 'expired'; key: StoredKey }
  /** The key is suspended (`enabled: false`); nothing was counted. */
  | { result: 'disabled'; key: StoredKey }
  /** The key is valid but may not use this route; `limits` is a peek, for the rate-limit headers. */
  | { result: 'forbidden'; key: StoredKey; reason: ForbiddenReason; limits: LimitDecision }
  /** The limits decision; `allowed: false` means 429. When `consumed`, lastUsedAt was written. */
  | { result: 'ok'; key: StoredKey; limits: LimitDecision; consumed: boolean }

/** The three stores keyward runs on. */
/** What an app records in its store when it starts, so tools opening the store issue and show keys as it does. */
export interface AppSettings {
  /** The `keyPrefix` of `createKeyward()`: `acme` in `acme_live_…`. */
  keyPrefix: string
  serviceName: string
}

export interface KeywardStores {
  keys: KeyStore
  limiter: RateLimiter
  usage: UsageLog
  /** Optional: the outcome counters (N1); without them `keyward.analytics.series()` rejects. */
  analytics?: AnalyticsStore
  /**
   * Optional: the audit trail of key changes, kept beside the keys. Without it, changes are not
   * recorded and `keyward.audit.list()` answers empty pages.
   */
  audit?: AuditLog
  /**
   * Optional: records the app's settings in the store. `createKeyward()` calls it, and the stores'
   * `ready()` waits for it, so the `keyward` command line, opening the same store, makes and
   * masks keys with the app's key prefix without being told it.
   */
  recordAppSettings?(settings: AppSettings): Promise<void>
  /** Optional: the webhook outbox in the same store, needed by `createKeyward({ webhooks })`. */
  outbox?: EventOutbox
  /** Optional: the settings an app last recorded in the store; undefined when none has. */
  appSettings?(): Promise<AppSettings | undefined>
  /**
   * Optional fused hot path: key lookup, status, route checks and limits in one atomic step
   * (the Redis stores do it in one script). When absent, keyward calls the three stores in turn.
   * The Redis stores' step runs only while `keys`, `limiter` and `usage` are the stores it was
   * built with, so replacing one of them never leaves it reading the old one (keyward then calls
   * the stores in turn, and warns once).
   */
  authorize?(input: AuthorizeInput): Awaitable<AuthorizeOutcome>
  /** Releases timers and connections the stores own (not a client the user passed in). */
  close?(): Promise<void>
  /**
   * When set, every promise these stores return settles (or rejects) within this many
   * milliseconds on its own, as the Redis stores do; the core then adds no timer of its own when
   * this is no longer than its `storeTimeoutMs` (every wait stays bounded either way).
   */
  readonly timeoutMs?: number
}

/** A source of time. Tests set it; everything time-dependent reads it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number
}

/**
 * The neutral view of a request that adapters build. Header values are raw: one string per
 * header line, so duplicate lines can be seen. A single string means exactly one line.
 */
export interface RequestView {
  /** Every `Authorization` header line, or undefined when none was sent. */
  authorization?: string | readonly string[] | undefined
  /** Every `x-api-key` header line, or undefined when none was sent. */
  apiKey?: string | readonly string[] | undefined
  /** The raw query string, without the leading `?`. */
  query?: string | undefined
  method?: string | undefined
  /** The path without the query string. */
  path?: string | undefined
  /** The path of the route the framework matched, when known; usage entries record it before `path`. */
  route?: string | undefined
  /**
   * The server may have dropped header lines past its cap (Node's `maxHeadersCount`), so neither
   * credential header can be trusted: the request is refused as malformed.
   */
  headersTruncated?: boolean | undefined
  /** The client address, as the adapter resolved it (trustProxy). */
  ip?: string | null | undefined
  /** The request id the adapter already sent or will send; generated when absent. */
  requestId?: string | undefined
}

/** What a protected route asks of a key. */
export interface RouteRequirements {
  /** Scopes the key must all hold. */
  scopes?: readonly string[] | undefined
  /**
   * A permission query the key's scopes must satisfy: names joined by AND, OR, NOT and
   * parentheses, such as `'reports.read AND (billing.read OR billing.admin)'`.
   */
  permissions?: string | undefined
  /** Test keys are forbidden here. */
  liveOnly?: boolean | undefined
  /** Whether an admitted request consumes limits and is recorded as usage; default true. */
  consume?: boolean | undefined
  /**
   * The units a request of this route counts in every limit of its key and its owner: an integer
   * from 0 to 1,000,000 (default 1; 0 checks the limits without counting), or a function of the
   * request returning one. A request is admitted only when every limit has that many units left.
   */
  cost?: RouteCost | undefined
}

/** A route's cost: a number of units, or a function of the request that returns one. */
export type RouteCost = number | ((request: CostRequest) => number)

/**
 * What a route's cost function sees of the request: enough to price it before any body is read.
 *
 * @example
 * api.get('/api/v1/search', api.protect({ cost: (request) => (request.query.has('deep') ? 5 : 1) }), handler)
 */
export interface CostRequest {
  /** The method, upper case as the client sent it. */
  method: string
  /** The path without the query string. */
  path: string
  /** The query string, parsed. */
  query: URLSearchParams
  /** The first value of a request header (any case), or undefined when it was not sent. */
  header(name: string): string | undefined
}

/** A response the adapter writes as it is: status, headers, and the body already serialized. */
export interface KeywardResponse {
  status: number
  headers: Record<string, string>
  /** JSON text, or '' for HEAD and 204. */
  body: string
}

/** The key that authenticated a request, as handlers see it (`req.apiKey`). */
export interface ApiKeyContext {
  id: string
  name: string
  keyType: KeyType
  /** Who is calling: the customer that holds the key, or null for the service's own key. */
  ownerId: string | null
  /** The host's data on the key, typed by `Register`. */
  meta: KeyMeta | null
  /** What the key may do; `['*']` is every scope. */
  scopes: readonly string[]
  /** The host's roles the key has (their scopes count as its own); null for none. */
  roles: readonly string[] | null
  /** Epoch milliseconds at which the key stops working; null when it never expires. */
  expiresAt: number | null
  /** Which header carried the key: the canonical Authorization header or the legacy x-api-key. */
  source: 'authorization' | 'x-api-key'
  requestId: string
  /** Whether this request counted against the limits (and so is recorded as usage). */
  consumed: boolean
  /** The limits as they stand after this request. */
  limits: LimitDecision
  /** Epoch milliseconds at which the request was authenticated. */
  authenticatedAt: number
  /**
   * Counts `units` more in every limit of the key and of its owner, for work measured after
   * admission (tokens, bytes). It never refuses this request; a window it pushes over its limit
   * refuses the next requests until it frees. `units` must be an integer from 0 to 1,000,000 (a
   * TypeError otherwise). The promise settles once the store has counted and never rejects: a
   * store failure goes to `onError`.
   *
   * @example
   * const completion = await llm.complete(prompt)
   * await req.apiKey.charge(completion.usage.totalTokens)
   */
  charge(units: number): Promise<void>
}

/** A request that may proceed: the key, and the headers to add to whatever the handler sends. */
export interface AuthSuccess {
  ok: true
  requestId: string
  apiKey: ApiKeyContext
  headers: Record<string, string>
}

/** A request that must not proceed, and the complete response to send. */
export interface AuthFailure {
  ok: false
  requestId: string
  error: { code: ErrorCode; message: string }
  response: KeywardResponse
}

/** What `authenticate()` decides about a request. */
export type AuthDecision = AuthSuccess | AuthFailure
