/**
 * M9: an owner may lower its own limits but never raise them. Every limit that applies now must
 * still apply afterwards, over the same window, with a limit no higher; new limits may be added.
 * A list cannot replace the `{ perMinute, perMonth }` form on a stored key or the other way round
 * (the other form drops limits the key has), and a key without limits of its own is on its type's
 * defaults.
 */
import { UNLIMITED_PER_MINUTE } from '../core/limits-math.js'
import type { LimitWindow, NamedLimit } from '../core/meter-types.js'
import type { KeyLimitList, KeyLimits, LimitPolicy } from '../core/types.js'

/** A key's limits as the key manager stores them. */
type StoredLimits = KeyLimits | KeyLimitList | null

function sameWindow(a: LimitWindow, b: LimitWindow): boolean {
  if (typeof a !== 'object' || typeof b !== 'object') return a === b
  return a.month.day === b.month.day
}

/** Whether `next` keeps every limit of `current`: same name and window, a limit no higher. */
function keepsEvery(current: readonly NamedLimit[], next: readonly NamedLimit[]): boolean {
  return current.every((limit) =>
    next.some((kept) => kept.name === limit.name && sameWindow(kept.window, limit.window) && kept.limit <= limit.limit),
  )
}

/** The shorthand form over the type's defaults: the requests per minute and per month (Infinity: none). */
function effective(limits: KeyLimits | null, defaults: LimitPolicy): { minute: number; month: number } {
  const minute = limits?.perMinute ?? defaults.perMinute
  const month = limits?.perMonth ?? defaults.perMonth
  return { minute: minute >= UNLIMITED_PER_MINUTE ? Infinity : minute, month: month ?? Infinity }
}

/** The type's defaults as the named limits they stand for (`minute` over 60 s, `month` the calendar month). */
function defaultsAsList(defaults: LimitPolicy): NamedLimit[] {
  const { minute, month } = effective(null, defaults)
  const list: NamedLimit[] = []
  if (minute !== Infinity) list.push({ name: 'minute', limit: minute, window: 60_000 })
  if (month !== Infinity) list.push({ name: 'month', limit: month, window: 'month' })
  return list
}

function lowersShorthand(current: KeyLimits | null, next: KeyLimits | null, defaults: LimitPolicy): boolean {
  const now = effective(current, defaults)
  const then = effective(next, defaults)
  return then.minute <= now.minute && then.month <= now.month
}

/** Whether an owner may change a stored key's limits from `current` to `next` (both validated). */
export function ownerMayUpdateLimits(current: StoredLimits, next: StoredLimits, defaults: LimitPolicy): boolean {
  if (Array.isArray(current)) return Array.isArray(next) && keepsEvery(current, next)
  if (Array.isArray(next)) return false
  return lowersShorthand(current as KeyLimits | null, next as KeyLimits | null, defaults)
}

/** Whether an owner may create a key with `limits` (validated): either form, at or below the defaults. */
export function ownerMayCreateWithLimits(limits: StoredLimits, defaults: LimitPolicy): boolean {
  if (Array.isArray(limits)) return keepsEvery(defaultsAsList(defaults), limits)
  return lowersShorthand(null, limits as KeyLimits | null, defaults)
}
