/**
 * The fused hot path (P1): one EVALSHA of the authorize script per hash tried decides status,
 * expiry, scopes and both limits and writes lastUsedAt, atomically (`scripts/authorize.ts`). On a
 * single node with `coalesce`, a request joins its event-loop turn's batch instead
 * (`batch/queue.ts`): one script call for all of them.
 *
 * The first hash (the current pepper) is nearly always the one; a previous pepper's hash costs a
 * second call only when the first is unknown. Each hash lives in its own slot, so each call stays
 * within one slot on a cluster. Several hashes are tried in turn under one deadline for all of
 * them, so `authorize` always settles within `timeoutMs` (R5).
 *
 * E7 (`input.failedAuth`): the script reads the client address's failure counter (written by the
 * limit script, on any instance) before the key's record, and answers `blocked` when it is full:
 * no extra command and no extra round trip. On a cluster the counter lives in another slot than
 * the key, which one script may not reach, so there it is peeked first with the limit script; a
 * counter that master cannot give in time refuses nothing (reported to `failedAuth.unreadable`).
 *
 * O7 (`input.ownerLimits`): on a single node the script counts the key and its owner's counter in
 * one step. The owner is known only once the record is read, but owner and key type never change
 * (O1): the record held for the hash names the owner's counter in KEYS; with nothing held yet the
 * script answers an owned key `NEEDS_OWNER` (nothing written) and the call is made once more,
 * naming it. On a cluster the owner's counter is in another slot: the key is decided and counted
 * first, then the owner's counter with the limit script; when the owner refuses, the key's count
 * is given back (`countOwner`).
 */
import { namedLimitsOf } from '../../core/key-limits.js'
import { combineDecisions, ownerCounterId } from '../../core/limits-math.js'
import type { MeterGroup } from '../../core/meter-types.js'
import type { AuthorizeInput, AuthorizeOutcome, FailedAuthCheck, OwnerLimitsCheck } from '../../core/types.js'
import {
  NOW,
  OWNER,
  OWNER_BY_CALLER,
  authorizeArguments,
  type ArgumentCache,
  authorizeKeys,
  costOf,
  createArgumentCache,
  fillHeld,
  namedOwnerGroups,
  DEFAULTS,
  singleScriptArguments,
} from './authorize-request.js'
import { type Receipt, type ReplyReader, UNKNOWN, createReplyReader, receiptOf } from './authorize-reply.js'
import { type Enqueue, createBatchQueue } from './batch/queue.js'
import { type RedisConnection, operationsWithin } from './client.js'
import { badReply, decodeDecision } from './codec.js'
import { type RedisContext, setBounded } from './context.js'
import type { Layout, TaggedKeys } from './layout.js'
import { AUTHORIZE_SCRIPT } from './scripts/authorize.js'
import { meterNamedOwner, meterOwnerList } from './named-owner.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'
import { creditsGivenBack } from './credit-ledger.js'

/** As many key names as records held for the short reply (`authorize-reply.ts`). */
const KEY_NAMES_LIMIT = 10_000

/** What one set of stores' `authorize` keeps between requests: built once, read by every call. */
interface AuthorizeState {
  readonly context: RedisContext
  readonly connection: RedisConnection
  readonly layout: Layout
  readonly cache: ArgumentCache
  readonly replies: ReplyReader
  /** The batch queue on a single node with `coalesce`. */
  readonly enqueue: Enqueue | undefined
  /** The key names of a hash, built (and checked) once while the hash is in use. */
  readonly keyNames: Map<string, TaggedKeys>
  /** The limit state an address's failures are counted in (the limiter's, for an id with no record). */
  lastCounter: string
  lastCounterKey: string
  /** Bounds the read of an address's failure counter on a cluster: half of a call's time. */
  readonly counterWithin: RedisConnection['within']
}

function keysOf(state: AuthorizeState, hash: string): TaggedKeys {
  let keys = state.keyNames.get(hash)
  if (keys === undefined) {
    keys = state.layout.ofHash(hash)
    setBounded(state.keyNames, hash, keys, KEY_NAMES_LIMIT)
  }
  return keys
}

function counterKeyOf(state: AuthorizeState, counter: string): string {
  if (counter !== state.lastCounter) {
    state.lastCounterKey = state.layout.ofOrphanId(counter).minute
    state.lastCounter = counter
  }
  return state.lastCounterKey
}

/**
 * One hash's script call on its own; null when the hash has no record. Made a second time when
 * the script asks for the owner's counter (the record is held from its answer on).
 */
async function call(
  state: AuthorizeState,
  hash: string,
  args: string[],
  counterKey: string | undefined,
  owners: OwnerLimitsCheck | undefined,
): Promise<AuthorizeOutcome | null> {
  const { connection, replies } = state
  for (let attempt = 0; attempt < 2; attempt++) {
    const held = replies.held(hash)
    const owner = fillHeld(args, held, owners, connection.cluster, state.cache)
    const names = authorizeKeys(keysOf(state, hash), counterKey, owner)
    const byCaller = args[OWNER] === OWNER_BY_CALLER
    const raw = await connection.script(AUTHORIZE_SCRIPT, names, singleScriptArguments(args, owner, names))
    const extra = owner !== undefined ? 'owner' : byCaller ? 'receipt' : null
    const cost = costOf(args)
    const groups = namedOwnerGroups(held, owners, args, DEFAULTS, connection.cluster)
    const outcome = replies.read(hash, raw, held, extra, cost, groups)
    if (outcome?.result === 'needs-owner') continue
    if (!byCaller || outcome === null) return outcome
    return countOwner(state, hash, outcome, raw, owners!, args[NOW]!, cost, groups).then((counted) =>
      creditsGivenBack(state.connection, balanceKeyOf(state, hash, outcome), outcome, counted, args[NOW]!, cost),
    )
  }
  throw badReply('the authorize script', 'the owner asked for twice')
}

/** M3: where a request's credits are kept: beside its record, or the balance a rotation's keys share. */
function balanceKeyOf(state: AuthorizeState, hash: string, outcome: AuthorizeOutcome): string {
  const key = outcome.result === 'ok' || outcome.result === 'forbidden' ? outcome.key : undefined
  return keysOf(state, key?.credits?.balance?.hash ?? hash).credits
}

/**
 * O7 on a cluster, once the key is decided (and counted when admitted): the owner's counter,
 * counted when the key was, else peeked. When the owner refuses, the key's count and lastUsedAt
 * are given back, sent before the answer but not waited for (see "O7 Owner limits" in
 * docs/responses-and-limits.md for what that leaves inexact).
 */
async function countOwner(
  state: AuthorizeState,
  hash: string,
  outcome: AuthorizeOutcome,
  raw: unknown,
  owners: OwnerLimitsCheck,
  now: string,
  cost: number,
  groups: readonly MeterGroup[] | undefined,
): Promise<AuthorizeOutcome> {
  if (outcome.result !== 'ok' && outcome.result !== 'forbidden') return outcome
  const { key } = outcome
  const policy = key.ownerId === null ? null : owners.policyOf(key.ownerId, key.keyType)
  if (policy === null) return outcome
  if (Array.isArray(policy)) {
    // M1: the script metered the key as beside its owner's named limits (groups holds the key's).
    const own = groups?.[0]
    if (own === undefined) throw badReply('the authorize script', 'an owner’s named limits without the key’s')
    const theirs: MeterGroup = {
      id: ownerCounterId(key.ownerId!, key.keyType),
      scope: 'owner',
      limits: namedLimitsOf(policy)!,
    }
    const { connection, layout } = state
    return meterOwnerList(connection, layout, keysOf(state, hash), outcome, raw, [own, theirs], now, cost)
  }
  const [perMinute, perMonth] = state.cache.policy(policy)
  if (Array.isArray(key.limits)) {
    const { connection, layout } = state
    return meterNamedOwner(connection, layout, keysOf(state, hash), outcome, raw, [perMinute, perMonth], now, cost)
  }
  const counter = state.layout.ofOrphanId(ownerCounterId(key.ownerId!, key.keyType)).minute
  const counted = outcome.result === 'ok' && outcome.consumed
  const units = String(cost)
  const owner = decodeDecision(
    await state.connection.script(LIMIT_SCRIPT, [counter], [now, counted ? '1' : '0', perMinute, perMonth, units]),
  )
  if (!counted || owner.allowed) return { ...outcome, limits: combineDecisions(outcome.limits, owner, cost) }
  const receipt = receiptOf(raw)
  giveBack(state.connection, keysOf(state, hash), receipt, units)
  const lastUsedAt = receipt.previousLastUsedAt === '' ? null : Number(receipt.previousLastUsedAt)
  const limits = combineDecisions(receipt.before, owner, cost)
  return { result: 'ok', key: { ...key, lastUsedAt }, limits, consumed: false }
}

/** L4: a request its owner refused counts against its key neither. A lost give-back errs on refusing. */
function giveBack(connection: RedisConnection, keys: TaggedKeys, receipt: Receipt, units: string): void {
  const { second, month, writtenLastUsedAt, previousLastUsedAt } = receipt
  const args = ['', 'r', second, month, writtenLastUsedAt, previousLastUsedAt, units]
  connection.script(LIMIT_SCRIPT, [keys.minute, keys.record], args).catch(() => undefined)
}

async function tryEach(
  state: AuthorizeState,
  hashes: readonly string[],
  args: string[],
  counterKey: string | undefined,
  owners: OwnerLimitsCheck | undefined,
): Promise<AuthorizeOutcome> {
  for (const hash of hashes) {
    // Each call gets its own copy: ARGV[8] differs by hash. Each checks the address again: it
    // costs one EXISTS, and a failure elsewhere may have blocked it in between.
    const outcome = await call(state, hash, args.slice(), counterKey, owners)
    if (outcome !== null) return outcome
  }
  return UNKNOWN
}

/**
 * E7 on a cluster: the address's counter is peeked first, then, unless it is full, the key is
 * authorized. The counter may live on another master than the key: when it cannot be read within
 * half the time a call may take, the fault is reported and the key alone decides, in the other half.
 */
async function checkThenAuthorize(
  state: AuthorizeState,
  check: FailedAuthCheck,
  args: string[],
  input: AuthorizeInput,
): Promise<AuthorizeOutcome> {
  const counterKey = state.layout.ofOrphanId(check.counter).minute
  const limit = state.cache.failureLimit(check)
  const peek = state.connection.script(LIMIT_SCRIPT, [counterKey], [args[NOW]!, '0', limit, ''])
  const peeked = await state.counterWithin(peek, 'the failed-authentication counter').then(decodeDecision, (error) => {
    check.unreadable?.(error)
    return null
  })
  if (peeked !== null && !peeked.allowed) return { result: 'blocked', retryAfter: Math.max(1, peeked.retryAfter) }
  return tryEach(state, input.hashes, args, undefined, input.ownerLimits)
}

function orUnknown(outcome: AuthorizeOutcome | null): AuthorizeOutcome {
  return outcome ?? UNKNOWN
}

/** The stores' `authorize`: the single call, the batch queue on a single node, the E7 check, the owner step. */
export function authorizeOn(context: RedisContext): (input: AuthorizeInput) => Promise<AuthorizeOutcome> {
  const { connection } = context
  const cache = createArgumentCache()
  const replies = createReplyReader(context)
  const state: AuthorizeState = {
    context,
    connection,
    layout: context.layout,
    cache,
    replies,
    enqueue: context.coalesce ? createBatchQueue(connection, replies, cache) : undefined,
    keyNames: new Map(),
    lastCounter: '',
    lastCounterKey: '',
    counterWithin: operationsWithin(
      Math.max(1, Math.floor(connection.timeoutMs / 2)),
      (what) => `keyward/redis: Redis did not answer ${what} within ${Math.floor(connection.timeoutMs / 2)} ms`,
    ),
  }

  return function authorize(input) {
    const defaults = cache.defaults(input.defaults)
    const check = input.failedAuth
    const inScript = check !== undefined && !connection.cluster
    const args = authorizeArguments(
      input,
      context.nowArgument(input.now),
      defaults,
      inScript ? cache.failureLimit(check) : '',
    )
    const { hashes, ownerLimits } = input
    try {
      if (check !== undefined && !inScript) {
        return connection.within(checkThenAuthorize(state, check, args, input), 'the authorize script')
      }
      const counterKey = check === undefined ? undefined : counterKeyOf(state, check.counter)
      if (hashes.length !== 1)
        return connection.within(tryEach(state, hashes, args, counterKey, ownerLimits), 'the authorize script')
      const hash = hashes[0]!
      const { enqueue } = state
      const decided =
        enqueue !== undefined
          ? enqueue(hash, keysOf(state, hash), args, defaults, counterKey, ownerLimits)
          : call(state, hash, args, counterKey, ownerLimits).then(orUnknown)
      // O7 may take a second call: one deadline covers both.
      return ownerLimits === undefined ? decided : connection.within(decided, 'the authorize script')
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
