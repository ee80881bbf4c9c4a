/**
 * `usage.threshold` (W2): after each admitted request, every limit of the key and of its owner,
 * and the key's credits, are compared with the configured fractions. A crossing is sent once per
 * window period across every instance: the first instance to mark it in the store sends it, and
 * each instance asks the store at most once per mark, so requests past a threshold cost no store
 * call. What is compared is what the decision already read: no store call of its own.
 */
import { creditPeriod, nextRefillSeconds } from '../core/credits.js'
import { ownerCounterId, UNLIMITED_PER_MINUTE } from '../core/limits-math.js'
import type { MonthLimit, RollingLimit } from '../core/meter-types.js'
import type { ApiKeyContext, OwnWindows, StoredKey, WindowState } from '../core/types.js'
import { periodEndSeconds, periodOf } from '../core/windows.js'

export interface ThresholdCrossing {
  mark: string
  /** Epoch ms at which the window period ends and the mark may be set again. */
  periodEnd: number
  data: Record<string, unknown>
}

/** One limit (or the credits) as the decision left it, and the period its crossings belong to. */
interface Gauge {
  scope: 'key' | 'owner'
  /** The limit's name (`minute` and `month` for the per-minute limit and the quota), or `credits`. */
  name: string
  kind: 'rolling' | 'month' | 'credits'
  max: number
  used: number
  /** Names the period in the mark: one crossing of each fraction per period. */
  period: string
  periodEnd: number
}

/** What a period is read from: a named limit, or the per-minute limit and calendar-month quota. */
type LimitShape = Pick<RollingLimit, 'kind' | 'name' | 'windowMs'> | Pick<MonthLimit, 'kind' | 'name' | 'day'>

const SEEN_LIMIT = 10_000
const MINUTE: LimitShape = { kind: 'rolling', name: 'minute', windowMs: 60_000 }
const MONTH: LimitShape = { kind: 'month', name: 'month', day: 1 }
/** Credits that never refill are warned of once per setting; the mark outlives any sensible wait. */
const NO_REFILL_MARK_MS = 366 * 24 * 3600_000

/** Every limit and the credits of a request's key and owner that are used to at least one fraction. */
export function crossings(apiKey: ApiKeyContext, key: StoredKey, fractions: readonly number[]): ThresholdCrossing[] {
  const found: ThresholdCrossing[] = []
  for (const gauge of gaugesOf(apiKey, key)) {
    if (!Number.isFinite(gauge.max) || gauge.max <= 0) continue
    const subject = gauge.scope === 'owner' ? ownerCounterId(apiKey.ownerId!, apiKey.keyType) : apiKey.id
    for (const fraction of fractions) {
      if (gauge.used < Math.ceil(fraction * gauge.max)) continue
      found.push({
        mark: `threshold:${subject}:${gauge.kind}:${gauge.name}:${gauge.period}:${fraction}`,
        periodEnd: gauge.periodEnd,
        data: {
          // For an owner's limit: the key whose request crossed it.
          keyId: apiKey.id,
          ownerId: apiKey.ownerId,
          keyType: apiKey.keyType,
          scope: gauge.scope,
          limit: gauge.name,
          kind: gauge.kind,
          fraction,
          used: gauge.used,
          max: gauge.max,
          periodEnd: new Date(gauge.periodEnd).toISOString(),
        },
      })
    }
  }
  return found
}

function gaugesOf(apiKey: ApiKeyContext, key: StoredKey): Gauge[] {
  const { limits, authenticatedAt: now } = apiKey
  const gauges: Gauge[] = []
  if (limits.named !== undefined) {
    // The named decision lists the key's limits, then its owner's, beside their resolved forms.
    const { decision, limits: resolved } = limits.named
    decision.limits.forEach((state, i) => {
      const limit = resolved[i]
      if (limit !== undefined) gauges.push(windowGauge(state.scope, limit, state, now))
    })
  } else if (limits.parts !== undefined) {
    gauges.push(...ownGauges('key', limits.parts.key, now), ...ownGauges('owner', limits.parts.owner, now))
  } else {
    gauges.push(...ownGauges('key', limits, now))
  }
  const credits = creditsGauge(key, limits.credits?.remaining, now)
  if (credits !== undefined) gauges.push(credits)
  return gauges
}

/** The per-minute limit and the quota of one side; an owner without a per-minute limit has an unlimited one. */
function ownGauges(scope: 'key' | 'owner', windows: OwnWindows, now: number): Gauge[] {
  const gauges: Gauge[] = []
  if (windows.minute.limit < UNLIMITED_PER_MINUTE) gauges.push(windowGauge(scope, MINUTE, windows.minute, now))
  if (windows.month !== null) gauges.push(windowGauge(scope, MONTH, windows.month, now))
  return gauges
}

/**
 * A rolling window's period is its length, counted from the epoch, so a window kept above a
 * fraction is warned of once per window length; a month's is its billing period.
 */
function windowGauge(scope: 'key' | 'owner', limit: LimitShape, state: WindowState, now: number): Gauge {
  const used = state.limit - state.remaining
  const base = { scope, name: limit.name, kind: limit.kind, max: state.limit, used }
  if (limit.kind === 'month') {
    const index = periodOf(now, limit.day)
    return { ...base, period: String(index), periodEnd: periodEndSeconds(index, limit.day) * 1000 }
  }
  const index = Math.floor(now / limit.windowMs)
  return { ...base, period: String(index), periodEnd: (index + 1) * limit.windowMs }
}

/**
 * Credits measured against an allowance: the refill amount where they refill, else what they were
 * last set to. Used is the allowance less what is left (a top-up above it crosses nothing). The
 * period is the refill period, within the setting (a new setting warns again).
 */
function creditsGauge(key: StoredKey, remaining: number | undefined, now: number): Gauge | undefined {
  const credits = key.credits
  if (credits === null || remaining === undefined) return undefined
  const max = credits.refill?.amount ?? credits.remaining
  const period = creditPeriod(credits.refill, now)
  const refillAt = nextRefillSeconds(credits.refill, period)
  return {
    scope: 'key',
    name: 'credits',
    kind: 'credits',
    max,
    used: max - remaining,
    period: `${credits.since}.${period}`,
    periodEnd: refillAt === null ? now + NO_REFILL_MARK_MS : refillAt * 1000,
  }
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
