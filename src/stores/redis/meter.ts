/**
 * Named limits with a cost on Redis (M1, M2, M4): the meter script decides every limit of a
 * request together in one call on a single node. On a cluster a key's and its owner's states
 * live in different slots: each group is metered in turn, and when one refuses, the counts of
 * those already counted are given back (sent before the answer, not waited for). Between the two
 * a concurrent request may see the first group's count and be refused early; none is admitted
 * beyond a limit.
 */
import { namedLimitsOf, toLimitDecision } from '../../core/key-limits.js'
import { checkedUnits, buildMeterDecision } from '../../core/metering.js'
import type { LimitReading, MeterDecision, MeterGroup, ResolvedLimit } from '../../core/meter-types.js'
import type { LimitDecision, StoredKey } from '../../core/types.js'
import { stateSuffix } from '../../core/windows.js'
import { array, badReply, integer } from './codec.js'
import type { RedisContext } from './context.js'
import { METER_SCRIPT } from './scripts/meter.js'

const WHAT = 'the meter script'
export const PER_LIMIT = 7

/** The meter's three operations, each answering with a promise. */
export interface RedisMeter {
  meter(groups: readonly MeterGroup[], cost: number, now: number): Promise<MeterDecision>
  peekMeter(groups: readonly MeterGroup[], cost: number, now: number): Promise<MeterDecision>
  charge(groups: readonly MeterGroup[], units: number, now: number): Promise<MeterDecision>
}

/** One script call's answer, per limit. */
export interface Measured {
  after: LimitReading
  refusing: boolean
  before: LimitReading
  target: number
}

/** The meter on `context`; `stateOf(id)` names the limit state hash of an id (its `:rl` key). */
export function meterOn(context: RedisContext, stateOf: (id: string) => string | Promise<string>): RedisMeter {
  const { connection } = context

  async function keysOf(group: MeterGroup): Promise<string[]> {
    const base = await stateOf(group.id)
    return group.limits.map((limit) => `${base}:${stateSuffix(limit)}`)
  }

  async function call(keys: string[], limits: ResolvedLimit[], mode: string, cost: number, now: number) {
    const args = [context.nowArgument(now), mode, String(cost), ...limits.flatMap(specArguments)]
    const reply = array(await connection.script(METER_SCRIPT, keys, args), WHAT)
    if (reply.length !== PER_LIMIT * limits.length) throw badReply(WHAT, reply)
    return limits.map((_, i) => measured(reply, i * PER_LIMIT))
  }

  async function run(groups: readonly MeterGroup[], cost: number, now: number, mode: 'm' | 'p' | 'c') {
    checkedUnits(cost, 'a cost')
    const keys = await Promise.all(groups.map(keysOf))
    let parts: Measured[][]
    if (!connection.cluster || groups.length < 2) {
      const all = await call(keys.flat(), groups.flatMap(limitsOf), mode, cost, now)
      parts = [all]
    } else if (mode !== 'm') {
      parts = await Promise.all(groups.map((group, i) => call(keys[i]!, limitsOf(group), mode, cost, now)))
    } else {
      parts = await inTurn(groups, keys, cost, now)
    }
    const flat = parts.flat()
    return buildMeterDecision(
      groups,
      flat.map((m) => m.after),
      flat.map((m) => m.refusing),
      cost,
    )
  }

  /** A cluster: each group metered in turn; on a refusal the counted ones are given back, the rest peeked. */
  async function inTurn(groups: readonly MeterGroup[], keys: string[][], cost: number, now: number) {
    const parts: Measured[][] = []
    for (let i = 0; i < groups.length; i++) {
      const part = await call(keys[i]!, limitsOf(groups[i]!), 'm', cost, now)
      if (!part.some((m) => m.refusing)) {
        parts.push(part)
        continue
      }
      for (let j = 0; j < parts.length; j++) {
        giveBack(keys[j]!, limitsOf(groups[j]!), parts[j]!, cost)
        parts[j] = parts[j]!.map((m) => ({ ...m, after: m.before }))
      }
      parts.push(part)
      const rest = groups.slice(i + 1).map((group, k) => call(keys[i + 1 + k]!, limitsOf(group), 'p', cost, now))
      return parts.concat(await Promise.all(rest))
    }
    return parts
  }

  function giveBack(keys: string[], limits: ResolvedLimit[], part: Measured[], cost: number): void {
    if (cost === 0 || keys.length === 0) return
    const args = ['', 'r', String(cost), ...limits.flatMap(specArguments), ...part.map((m) => String(m.target))]
    connection.script(METER_SCRIPT, keys, args).catch(() => undefined)
  }

  return {
    meter: (groups, cost, now) => run(groups, cost, now, 'm'),
    peekMeter: (groups, cost, now) => run(groups, cost, now, 'p'),
    charge: (groups, units, now) => run(groups, units, now, 'c'),
  }
}

const limitsOf = (group: MeterGroup): ResolvedLimit[] => group.limits as ResolvedLimit[]

/** The four ARGV of a limit (see the meter library). */
export function specArguments(limit: ResolvedLimit): string[] {
  if (limit.kind === 'month') return ['m', String(limit.limit), String(limit.day), '0']
  return ['r', String(limit.limit), String(limit.bucketMs / 1000), String(limit.span)]
}

export function measured(reply: unknown[], at: number): Measured {
  const n = (i: number): number => integer(reply[at + i], WHAT)
  return {
    after: { count: n(0), reset: n(1), wait: n(2) },
    refusing: n(3) === 1,
    before: { count: n(4), reset: n(5), wait: 0 },
    target: n(6),
  }
}

/**
 * The authorize script's decision for a key with its own named limits (`named_decision` in the
 * meter library): {allowed, the key's limit count, then 7 integers per limit}; with `before`, the
 * state before anything was counted (a count given back). `cost`: the units the request asked for.
 */
export function decodeNamedDecision(raw: unknown, key: StoredKey, before = false, cost = 1): LimitDecision {
  const limits = namedLimitsOf(key.limits)
  if (limits === null) throw badReply(WHAT_AUTHORIZE, raw)
  return decodeNamedGroups(raw, [{ id: key.id, scope: 'key', limits }], before, cost)
}

/** `decodeNamedDecision` of the limits of `groups`, metered in their order (M1: a key's, then its owner's). */
export function decodeNamedGroups(
  raw: unknown,
  groups: readonly MeterGroup[],
  before = false,
  cost = 1,
): LimitDecision {
  const reply = array(raw, WHAT_AUTHORIZE)
  const limits = groups.length === 1 ? groups[0]!.limits : groups.flatMap((group) => group.limits)
  const count = limits.length
  if (reply.length !== 2 + PER_LIMIT * count || integer(reply[1], WHAT_AUTHORIZE) !== count) {
    throw badReply(WHAT_AUTHORIZE, reply)
  }
  const parts = limits.map((_, i) => measured(reply, 2 + i * PER_LIMIT))
  const decision = buildMeterDecision(
    groups,
    parts.map((m) => (before ? m.before : m.after)),
    parts.map((m) => !before && m.refusing),
    cost,
  )
  if (!before && (integer(reply[0], WHAT_AUTHORIZE) === 1) !== decision.allowed) throw badReply(WHAT_AUTHORIZE, reply)
  return toLimitDecision(decision, groups)
}

/** The targets the key's units were counted in, for a give-back. */
export function namedTargets(raw: unknown): string[] {
  const reply = array(raw, WHAT_AUTHORIZE)
  const targets: string[] = []
  for (let at = 2; at < reply.length; at += PER_LIMIT) targets.push(String(integer(reply[at + 6], WHAT_AUTHORIZE)))
  return targets
}

const WHAT_AUTHORIZE = 'the authorize script'
