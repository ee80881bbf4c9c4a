/**
 * O7 on a cluster for a key with its own named limits (M1, M4): the authorize script has metered
 * the key's limits (and counted them when it admitted the request); its owner's windows live in
 * another slot and are metered here, counted only when the key's were. When the owner refuses,
 * the key's counts and lastUsedAt are given back, sent before the answer but not waited for:
 * between the two a concurrent request may be refused early, never admitted beyond a limit.
 */
import { ownerNamedLimits, toLimitDecision } from '../../core/key-limits.js'
import { ownerCounterId } from '../../core/limits-math.js'
import { buildMeterDecision } from '../../core/metering.js'
import type { MeterGroup } from '../../core/meter-types.js'
import type { AuthorizeOutcome, LimitPolicy, StoredKey } from '../../core/types.js'
import type { RedisConnection } from './client.js'
import { array, badReply, integer, text } from './codec.js'
import type { Layout, TaggedKeys } from './layout.js'
import { type Measured, PER_LIMIT, measured, specArguments } from './meter.js'
import { LIMIT_SCRIPT } from './scripts/limit.js'
import { METER_SCRIPT } from './scripts/meter.js'
import { stateSuffix } from '../../core/windows.js'
import { namedLimitsOf } from '../../core/key-limits.js'

const WHAT = 'the authorize script'
const SHORT_OK = 6

/** The key's and its owner's limits as one outcome; `raw` is the authorize script's reply. */
export async function meterNamedOwner(
  connection: RedisConnection,
  layout: Layout,
  keys: TaggedKeys,
  outcome: AuthorizeOutcome & { result: 'ok' | 'forbidden' },
  raw: unknown,
  policy: LimitPolicy,
  now: string,
): Promise<AuthorizeOutcome> {
  const key = outcome.key
  const reply = array(raw, WHAT)
  const short = integer(reply[0], WHAT) === SHORT_OK
  const keyGroup: MeterGroup = { id: key.id, scope: 'key', limits: namedLimitsOf(key.limits)! }
  const ownerId = ownerCounterId(key.ownerId!, key.keyType)
  const ownerGroup: MeterGroup = { id: ownerId, scope: 'owner', limits: ownerNamedLimits(policy) }
  const keyParts = partsOf(reply[short ? 3 : 2], keyGroup.limits.length)
  const counted = outcome.result === 'ok' && outcome.consumed
  const ownerBase = layout.ofOrphanId(ownerId).minute
  const ownerParts = await meterGroup(connection, ownerBase, ownerGroup, counted ? 'm' : 'p', now)
  const refused = ownerParts.some((part) => part.refusing)
  const groups = [keyGroup, ownerGroup]
  const decide = (own: Measured[]) =>
    toLimitDecision(
      buildMeterDecision(
        groups,
        [...own, ...ownerParts].map((part) => part.after),
        [...own.map(() => false), ...ownerParts.map((part) => part.refusing)],
        1,
      ),
      groups,
    )
  if (!counted || !refused) return { ...outcome, limits: decide(keyParts) }
  const extra = array(reply[short ? 5 : 4], WHAT)
  const written = (value: unknown): string => (value === 0 ? '' : text(value, WHAT))
  const previous = written(extra[3])
  giveBack(connection, keys, keyGroup, keyParts, written(extra[4]), previous)
  const before = keyParts.map((part) => ({ ...part, after: part.before }))
  const lastUsedAt = previous === '' ? null : Number(previous)
  const restored: StoredKey = { ...key, lastUsedAt }
  return { result: 'ok', key: restored, limits: decide(before), consumed: false }
}

/** The key's readings in the script's named decision (no owner in it: the caller meters the owner). */
function partsOf(raw: unknown, count: number): Measured[] {
  const reply = array(raw, WHAT)
  if (reply.length !== 4 + PER_LIMIT * count || integer(reply[1], WHAT) !== count) throw badReply(WHAT, reply)
  return Array.from({ length: count }, (_, i) => measured(reply, 4 + i * PER_LIMIT))
}

async function meterGroup(connection: RedisConnection, base: string, group: MeterGroup, mode: string, now: string) {
  const names = group.limits.map((limit) => `${base}:${stateSuffix(limit)}`)
  const args = [now, mode, '1', ...group.limits.flatMap(specArguments)]
  const reply = array(await connection.script(METER_SCRIPT, names, args), 'the meter script')
  if (reply.length !== PER_LIMIT * group.limits.length) throw badReply('the meter script', reply)
  return group.limits.map((_, i) => measured(reply, i * PER_LIMIT))
}

/** L4: a request its owner refused counts against its key neither. A lost give-back errs on refusing. */
function giveBack(
  connection: RedisConnection,
  keys: TaggedKeys,
  group: MeterGroup,
  parts: Measured[],
  written: string,
  previous: string,
): void {
  const names = group.limits.map((limit) => `${keys.minute}:${stateSuffix(limit)}`)
  const targets = parts.map((part) => String(part.target))
  const args = ['', 'r', '1', ...group.limits.flatMap(specArguments), ...targets]
  connection.script(METER_SCRIPT, names, args).catch(() => undefined)
  // The limit script's give-back with no bucket and no month only puts lastUsedAt back.
  const record = ['', 'r', '', '', written, previous]
  connection.script(LIMIT_SCRIPT, [keys.minute, keys.record], record).catch(() => undefined)
}
