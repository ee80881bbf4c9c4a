/**
 * `usage.threshold` (W2): after each admitted request, the key's per-minute and monthly use is
 * compared with the configured fractions. A crossing is sent once per window period across
 * every instance: the first instance to mark it in the store sends it, and each instance asks the
 * store at most once per mark, so requests past a threshold cost no store call.
 */
import type { ApiKeyContext } from '../core/types.js'

export interface ThresholdCrossing {
  mark: string
  /** Epoch ms at which the window period ends and the mark may be set again. */
  periodEnd: number
  data: Record<string, unknown>
}

const SEEN_LIMIT = 10_000

/** The limits of a request's key that are used to at least one fraction, newest period only. */
export function crossings(apiKey: ApiKeyContext, fractions: readonly number[]): ThresholdCrossing[] {
  const { limits, authenticatedAt: now } = apiKey
  const found: ThresholdCrossing[] = []
  const add = (limit: string, max: number, left: number, periodStart: number, periodEnd: number) => {
    if (!Number.isFinite(max) || max <= 0) return
    const used = max - left
    // The highest fraction reached is enough: one event per fraction, each sent once.
    for (const fraction of fractions) {
      if (used < Math.ceil(fraction * max)) continue
      found.push({
        mark: `threshold:${apiKey.id}:${limit}:${periodStart}:${fraction}`,
        periodEnd,
        data: {
          keyId: apiKey.id,
          ownerId: apiKey.ownerId,
          keyType: apiKey.keyType,
          limit,
          fraction,
          used,
          max,
          periodEnd: new Date(periodEnd).toISOString(),
        },
      })
    }
  }
  const minuteStart = Math.floor(now / 60_000) * 60_000
  add('perMinute', limits.minute.limit, limits.minute.remaining, minuteStart, minuteStart + 60_000)
  if (limits.month !== null) {
    const date = new Date(now)
    const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
    add('perMonth', limits.month.limit, limits.month.remaining, monthStart, limits.month.reset * 1000)
  }
  return found
}

/** The marks this instance already asked the store about; bounded, oldest dropped first. */
export function createSeenMarks(): { firstTime(mark: string): boolean } {
  const seen = new Set<string>()
  return {
    firstTime(mark) {
      if (seen.has(mark)) return false
      seen.add(mark)
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!)
      return true
    },
  }
}
