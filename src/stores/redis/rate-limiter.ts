import { assertDistinct } from '../../core/limits-math.js'
import { checkedUnits } from '../../core/metering.js'
import type { LimitDecision, LimitPolicy, LimitRequest, LimitReservation, RateLimiter } from '../../core/types.js'
import { array, badReply, decodeDecision, integer } from './codec.js'
import { type RedisContext, type RedisStoreOptions, createContext } from './context.js'
import { type LimitCall, createLimitQueue } from './limiter-batch.js'
import { type RedisMeter, meterOn } from './meter.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'
import { creditLedgerOn } from './credit-ledger.js'
import type { CreditLedger } from '../../core/credits.js'

/**
 * The RateLimiter on Redis: every decision answers with a promise. `consume`, `peek` and
 * `consumeAll` take a cost as the memory limiter does (an integer 0 to 1,000,000, default 1).
 */
export interface RedisRateLimiter extends RateLimiter {
  meter: RedisMeter['meter']
  peekMeter: RedisMeter['peekMeter']
  charge: RedisMeter['charge']
  /** The keys' credits, beside their limit state. */
  credits: CreditLedger
  consume(keyId: string, policy: LimitPolicy, now: number, cost?: number): Promise<LimitDecision>
  peek(keyId: string, policy: LimitPolicy, now: number, cost?: number): Promise<LimitDecision>
  /**
   * All or none, in one script on a single node. On a cluster the limits live in different
   * slots: each is counted in turn, and when one refuses, those already counted are given back
   * (sent before the answer, not waited for).
   */
  consumeAll(requests: readonly LimitRequest[], now: number, cost?: number): Promise<LimitDecision[]>
  /** `consume` with a receipt, in one script call; `giveBack` is a second call that removes exactly that count. */
  reserve(keyId: string, policy: LimitPolicy, now: number, cost?: number): Promise<LimitReservation>
  /** Every instance on the same Redis and prefix counts in the same state. */
  readonly shared: true
  /**
   * The eviction check, awaited (as `RedisStores.ready()`): resolves once Redis said it will not
   * evict the counters; rejects with `RedisEvictionPolicyError`, or with the fault that kept Redis
   * from answering. Decisions wait for the same check whether or not this is called.
   */
  ready(): Promise<void>
}

const WHAT = 'the limit script'

/** Options of `createRedisRateLimiter()`. */
export interface RedisRateLimiterOptions extends RedisStoreOptions {
  /**
   * Where the keys it counts for are stored. `'redis'` (default): possibly in a Redis key store
   * on the same Redis and prefix, so each decision first reads the id index (cached once found) to
   * count beside the record, where that store's own requests count. `'elsewhere'` (Postgres, the
   * host's database): every id is counted under a name of its own, with no read first: one round
   * trip per decision. Both name an id without a Redis record alike, so instances of either kind
   * count in the same windows.
   */
  keys?: 'redis' | 'elsewhere'
  /**
   * On a single Redis node, the decisions of one event-loop turn (`consume`, `peek`,
   * `consumeAll`, from every concurrent request) go out as one script call: one round trip for
   * all of them, each decided as on its own, in order, a Redis error failing only its own call.
   * Default `true`; `false` sends one script call per decision. A cluster always sends one call
   * per decision (the counters live in different slots).
   */
  coalesce?: boolean
}

/**
 * The RateLimiter on a shared context (used by `createRedisStores` and `createRedisRateLimiter`).
 * `keysElsewhere`: no id has a record on this Redis, so none is looked up.
 */
export function rateLimiterOn(context: RedisContext, keysElsewhere = false): RedisRateLimiter {
  const { connection, layout } = context
  // Ops '1', '0' and 'a' of the limit script: coalesced per turn on a single node (limiter-batch.ts).
  const limitCall: LimitCall = context.coalesce
    ? createLimitQueue(connection)
    : (keys, args) => connection.script(LIMIT_SCRIPT, keys, args)

  // A key's limit state lives under its hash's tag, beside its record, where the authorize script
  // counts it too; an id without a record (the limiter used on its own, an owner's counter, a key
  // stored elsewhere) gets a tag of its own.
  const orphanState = (id: string): string => layout.ofOrphanId(id).minute
  async function stateOf(id: string): Promise<string> {
    const hash = await context.hashOf(id)
    return hash === undefined ? orphanState(id) : layout.ofHash(hash).minute
  }
  const statesOf = (ids: readonly string[]): string[] | Promise<string[]> =>
    keysElsewhere ? ids.map(orphanState) : Promise.all(ids.map(stateOf))

  const policyArguments = (policy: LimitPolicy): [string, string] => [
    String(policy.perMinute),
    policy.perMonth === null ? '' : String(policy.perMonth),
  ]

  /**
   * The limit script call for `args`: a cost other than 1 goes as the script's last argument in a
   * call of its own (the batch script decides requests of cost 1 only), still one round trip.
   */
  function call(states: readonly string[], args: string[], cost: number): Promise<unknown> {
    if (cost === 1) return limitCall(states, args)
    args.push(String(cost))
    return connection.script(LIMIT_SCRIPT, states, args)
  }

  async function decide(
    keyId: string,
    policy: LimitPolicy,
    now: number,
    consume: boolean,
    cost = 1,
  ): Promise<LimitDecision> {
    if (cost !== 1) checkedUnits(cost, 'a cost')
    const state = keysElsewhere ? orphanState(keyId) : await stateOf(keyId)
    const reply = await call([state], [context.nowArgument(now), consume ? '1' : '0', ...policyArguments(policy)], cost)
    return decodeDecision(reply)
  }

  async function consumeAll(requests: readonly LimitRequest[], now: number, cost = 1): Promise<LimitDecision[]> {
    assertDistinct(requests)
    if (cost !== 1) checkedUnits(cost, 'a cost')
    // Keys elsewhere: no await before the call, so it joins the turn's batch in call order.
    const named = statesOf(requests.map(({ id }) => id))
    const states = Array.isArray(named) ? named : await named
    if (connection.cluster && requests.length > 1) return consumeInTurn(requests, states, now, cost)
    const args = [context.nowArgument(now), 'a']
    for (const { policy } of requests) args.push(...policyArguments(policy))
    const decisions = array(await call(states, args, cost), WHAT)
    if (decisions.length !== requests.length) throw badReply(WHAT, decisions)
    return decisions.map(decodeDecision)
  }

  /** A cluster: each limit counted in turn; on a refusal the counted ones are given back and the rest peeked. */
  async function consumeInTurn(
    requests: readonly LimitRequest[],
    states: readonly string[],
    now: number,
    cost: number,
  ): Promise<LimitDecision[]> {
    // A cost of 0 counts nothing: every limit is peeked, and nothing is given back.
    if (cost === 0) return Promise.all(requests.map(({ id, policy }) => decide(id, policy, now, false, 0)))
    const decisions: LimitDecision[] = []
    const before: LimitDecision[] = []
    const giveBack: string[][] = []
    for (let i = 0; i < requests.length; i++) {
      const args = [context.nowArgument(now), 'c', ...policyArguments(requests[i]!.policy), String(cost)]
      const reply = array(await connection.script(LIMIT_SCRIPT, [states[i]!], args), WHAT)
      const decision = decodeDecision(reply[0])
      if (decision.allowed) {
        // The receipt: {the decision just before, bucket second, month}.
        const receipt = array(reply[1], WHAT)
        decisions.push(decision)
        before.push(decodeDecision(receipt[0]))
        giveBack.push(['', 'r', String(integer(receipt[1], WHAT)), monthOf(receipt[2]), '', '', String(cost)])
        continue
      }
      for (let j = 0; j < giveBack.length; j++)
        connection.script(LIMIT_SCRIPT, [states[j]!], giveBack[j]!).catch(() => undefined)
      before.push(decision)
      const rest = requests.slice(i + 1).map(({ id, policy }) => decide(id, policy, now, false, cost))
      return before.concat(await Promise.all(rest))
    }
    return decisions
  }

  async function reserve(keyId: string, policy: LimitPolicy, now: number, cost = 1): Promise<LimitReservation> {
    const state = keysElsewhere ? orphanState(keyId) : await stateOf(keyId)
    const args = [context.nowArgument(now), 'c', ...policyArguments(policy), String(cost)]
    const reply = array(await connection.script(LIMIT_SCRIPT, [state], args), WHAT)
    const decision = decodeDecision(reply[0])
    // Nothing counted (refused, or a cost of 0): nothing to give back.
    if (!decision.allowed || reply[1] === 0) return { decision, giveBack: () => undefined }
    // The receipt: {the decision just before, bucket second, month}.
    const receipt = array(reply[1], WHAT)
    const counted = ['', 'r', String(integer(receipt[1], WHAT)), monthOf(receipt[2]), '', '', String(cost)]
    let giveBack: string[] | null = counted
    return {
      decision,
      async giveBack() {
        if (giveBack === null) return
        const args = giveBack
        giveBack = null
        await connection.script(LIMIT_SCRIPT, [state], args)
      },
    }
  }

  const metering = meterOn(context, (id) => (keysElsewhere ? orphanState(id) : stateOf(id)))
  // M3: a key's balance sits beside its limit state, where the authorize script spends from it.
  const balanceOf = async (id: string): Promise<string> => {
    const hash = keysElsewhere ? undefined : await context.hashOf(id)
    return hash === undefined ? layout.ofOrphanId(id).credits : layout.ofHash(hash).credits
  }
  return {
    ...metering,
    // Keys elsewhere spend through this ledger alone, one balance per call, on a cluster too.
    credits: creditLedgerOn(context, balanceOf, keysElsewhere || !context.connection.cluster),
    consume: (keyId, policy, now, cost) => decide(keyId, policy, now, true, cost),
    reserve,
    peek: (keyId, policy, now, cost) => decide(keyId, policy, now, false, cost),
    consumeAll,
    shared: true,
    ready: context.ready,
  }
}

function monthOf(value: unknown): string {
  const month = integer(value, WHAT)
  return month < 0 ? '' : String(month)
}

/**
 * Per-minute limits and monthly quotas on Redis, exact across every instance sharing it:
 * each decision is one atomic Lua script over 1-second buckets. With `time: 'server'` (default)
 * the script reads Redis `TIME` and the `now` argument is ignored. Beside keys stored elsewhere
 * (Postgres), pass `keys: 'elsewhere'`: one Redis round trip per decision, and on a single
 * node the decisions of one event-loop turn share it (`coalesce`).
 *
 * @example
 * import Redis from 'ioredis'
 * import { createRedisRateLimiter } from 'keyward/redis'
 * const limiter = createRedisRateLimiter({ client: new Redis({ enableOfflineQueue: false }) })
 * const decision = await limiter.consume('key_…', { perMinute: 10, perMonth: 1000 }, Date.now())
 *
 * @example
 * // Keys in Postgres, limits shared by every instance through Redis
 * import { createPostgresStores } from 'keyward/postgres'
 * const stores = createPostgresStores({ pool, limiter: createRedisRateLimiter({ client: redis, keys: 'elsewhere' }) })
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RedisRateLimiter {
  const keys = typeof options === 'object' && options !== null ? (options.keys ?? 'redis') : 'redis'
  if (keys !== 'redis' && keys !== 'elsewhere') {
    throw new TypeError(`keyward/redis: option "keys" must be 'redis' or 'elsewhere' (got ${JSON.stringify(keys)})`)
  }
  return rateLimiterOn(createContext(options), keys === 'elsewhere')
}
