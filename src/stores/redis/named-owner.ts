/**
 * O7 on a cluster for a key with its own named limits (M1, M4): the authorize script has metered
 * the key's limits (and counted them when it admitted the request); its owner's counter lives in
 * another slot and is decided here with the limit script, counted only when the key's limits
 * were. When the owner refuses, the key's counts and lastUsedAt are given back, sent before the
 * answer but not waited for: between the two a concurrent request may be refused early, never
 * admitted beyond a limit.
 */
import { namedLimitsOf, toLimitDecision, withOwner } from '../../core/key-limits.js'
import { buildMeterDecision } from '../../core/metering.js'
import type { MeterGroup, ResolvedLimit } from '../../core/meter-types.js'
import { ownerCounterId } from '../../core/limits-math.js'
import type { AuthorizeOutcome, StoredKey } from '../../core/types.js'
import { stateSuffix } from '../../core/windows.js'
import type { RedisConnection } from './client.js'
import { array, badReply, decodeDecision, integer, text } from './codec.js'
import type { Layout, TaggedKeys } from './layout.js'
import { type Measured, PER_LIMIT, decodeNamedDecision, measured, namedTargets, specArguments } from './meter.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'
import { METER_SCRIPT } from './scripts/meter.js'

const WHAT = 'the authorize script'
const SHORT_OK = 6

/** The outcome with the owner's counter decided; `raw` is the authorize script's reply. */
export async function meterNamedOwner(
  connection: RedisConnection,
  layout: Layout,
  keys: TaggedKeys,
  outcome: AuthorizeOutcome & { result: 'ok' | 'forbidden' },
  raw: unknown,
  policy: [perMinute: string, perMonth: string],
  now: string,
  cost: number,
): Promise<AuthorizeOutcome> {
  const key = outcome.key
  const reply = array(raw, WHAT)
  const short = integer(reply[0], WHAT) === SHORT_OK
  const named = reply[short ? 3 : 2]
  const ownerId = ownerCounterId(key.ownerId!, key.keyType)
  const counter = layout.ofOrphanId(ownerId).minute
  const counted = outcome.result === 'ok' && outcome.consumed
  const args = [now, counted ? '1' : '0', ...policy, String(cost)]
  const owner = decodeDecision(await connection.script(LIMIT_SCRIPT, [counter], args))
  if (!counted || owner.allowed) return { ...outcome, limits: withOwner(outcome.limits, owner, cost) }
  const extra = array(reply[short ? 5 : 4], WHAT)
  const written = (value: unknown): string => (value === 0 ? '' : text(value, WHAT))
  const previous = written(extra[3])
  giveBack(connection, keys, namedLimitsOf(key.limits)!, namedTargets(named), written(extra[4]), previous, cost)
  const before = decodeNamedDecision(named, key, true, cost)
  const restored: StoredKey = { ...key, lastUsedAt: previous === '' ? null : Number(previous) }
  return { result: 'ok', key: restored, limits: withOwner(before, owner, cost), consumed: false }
}

/**
 * M1 on a cluster: an owner's named limits, in its own slot, metered once the key's were (the
 * authorize script metered the key as beside them, `own`), counted when the key's were, else
 * peeked. When the owner refuses, the key's counts and lastUsedAt are given back, as above.
 */
export async function meterOwnerList(
  connection: RedisConnection,
  layout: Layout,
  keys: TaggedKeys,
  outcome: AuthorizeOutcome & { result: 'ok' | 'forbidden' },
  raw: unknown,
  groups: readonly [own: MeterGroup, owner: MeterGroup],
  now: string,
  cost: number,
): Promise<AuthorizeOutcome> {
  const [own, owner] = groups
  const reply = array(raw, WHAT)
  const short = integer(reply[0], WHAT) === SHORT_OK
  const named = array(reply[short ? 3 : 2], WHAT)
  if (named.length !== 2 + PER_LIMIT * own.limits.length) throw badReply(WHAT, reply)
  const key = keyParts(named, own.limits.length)
  const base = layout.ofOrphanId(owner.id).minute
  const names = owner.limits.map((limit) => `${base}:${stateSuffix(limit)}`)
  const counted = outcome.result === 'ok' && outcome.consumed
  const args = [now, counted ? 'm' : 'p', String(cost), ...owner.limits.flatMap(specArguments)]
  const ownerReply = array(await connection.script(METER_SCRIPT, names, args), 'the meter script')
  if (ownerReply.length !== PER_LIMIT * owner.limits.length) throw badReply('the meter script', ownerReply)
  const theirs = owner.limits.map((_, i) => measured(ownerReply, i * PER_LIMIT))
  const refused = theirs.some((m) => m.refusing)
  const limitsOf = (mine: Measured[], refusing: boolean) =>
    toLimitDecision(
      buildMeterDecision(
        groups,
        [...mine.map((m) => (refusing ? m.before : m.after)), ...theirs.map((m) => m.after)],
        [...mine.map((m) => !refusing && m.refusing), ...theirs.map((m) => m.refusing)],
        cost,
      ),
      groups,
    )
  if (!counted || !refused) return { ...outcome, limits: limitsOf(key, false) }
  const extra = array(reply[short ? 5 : 4], WHAT)
  const written = (value: unknown): string => (value === 0 ? '' : text(value, WHAT))
  const previous = written(extra[3])
  giveBack(connection, keys, own.limits, namedTargets(named), written(extra[4]), previous, cost)
  const restored: StoredKey = { ...outcome.key, lastUsedAt: previous === '' ? null : Number(previous) }
  return { result: 'ok', key: restored, limits: limitsOf(key, true), consumed: false }
}

/** The key's limits in the authorize script's named decision. */
function keyParts(named: unknown[], count: number): Measured[] {
  return Array.from({ length: count }, (_, i) => measured(named, 2 + i * PER_LIMIT))
}

/** L4: a request its owner refused counts against its key neither. A lost give-back errs on refusing. */
function giveBack(
  connection: RedisConnection,
  keys: TaggedKeys,
  limits: readonly ResolvedLimit[],
  targets: string[],
  written: string,
  previous: string,
  cost: number,
): void {
  const names = limits.map((limit) => `${keys.minute}:${stateSuffix(limit)}`)
  const args = ['', 'r', String(cost), ...limits.flatMap(specArguments), ...targets]
  if (cost > 0) connection.script(METER_SCRIPT, names, args).catch(() => undefined)
  // The limit script's give-back with no bucket and no month only puts lastUsedAt back.
  const record = ['', 'r', '', '', written, previous]
  connection.script(LIMIT_SCRIPT, [keys.minute, keys.record], record).catch(() => undefined)
}
