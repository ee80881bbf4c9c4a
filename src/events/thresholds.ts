/**
 * `usage.threshold` (W2): after each admitted request, and after each `charge(n)`, every limit of
 * the key and of its owner, and the key's credits, are compared with the configured fractions. A
 * crossing is sent once per window period across every instance: the first instance to mark it in
 * the store sends it, and each instance asks the store at most once per mark, so requests past a
 * threshold cost no store call. What is compared is what the decision or the charge already read:
 * no store call of its own.
 */
import type { ChargedUsage } from '../core/charge.js'
import { creditAllowance, creditPeriod, nextRefillSeconds } from '../core/credits.js'
import { ownerCounterId, UNLIMITED_PER_MINUTE } from '../core/limits-math.js'
import type { MonthLimit, RollingLimit } from '../core/meter-types.js'
import type { StoredCredits } from '../core/credit-types.js'
import type { ApiKeyContext, KeyType, LimitDecision, OwnWindows, StoredKey } from '../core/types.js'
import { periodEndSeconds, periodOf } from '../core/windows.js'

export interface ThresholdCrossing {
  mark: string
  /** Epoch ms at which the window period ends and the mark may be set again. */
  periodEnd: number
  data: Record<string, unknown>
}

/** What a period is read from: a named limit, the per-minute limit and calendar-month quota, or credits. */
type LimitShape =
  | Pick<RollingLimit, 'kind' | 'name' | 'windowMs'>
  | Pick<MonthLimit, 'kind' | 'name' | 'day'>
  | { kind: 'credits'; name: 'credits'; credits: StoredCredits }

/** Told of each limit (and the credits) the decision read: whose, which, its size and its use. */
type Look = (scope: 'key' | 'owner', shape: LimitShape, max: number, used: number) => void

/** Whose usage it is, and when it was counted. */
export interface UsageSubject {
  id: string
  ownerId: string | null
  keyType: KeyType
  at: number
}

const SEEN_LIMIT = 10_000
const MINUTE: LimitShape = { kind: 'rolling', name: 'minute', windowMs: 60_000 }
const MONTH: LimitShape = { kind: 'month', name: 'month', day: 1 }
/** Credits that never refill are warned of once per setting; the mark outlives any sensible wait. */
const NO_REFILL_MARK_MS = 366 * 24 * 3600_000

/**
 * Every limit and the credits of a request's key and owner that are used to at least one of
 * `fractions` (sorted, lowest first), whose mark `firstTime` has not seen. Below the lowest nothing
 * is built, and past it only a mark: requests far from every limit, or past a threshold already
 * sent, cost little more than a comparison per limit.
 */
export function crossings(
  apiKey: ApiKeyContext,
  key: StoredKey,
  fractions: readonly number[],
  firstTime: (mark: string) => boolean,
): ThresholdCrossing[] {
  const subject = { id: apiKey.id, ownerId: apiKey.ownerId, keyType: apiKey.keyType, at: apiKey.authenticatedAt }
  return crossingsOf(subject, fractions, firstTime, (look) => readLimits(apiKey.limits, key, subject.at, look))
}

/** `crossings` after a `charge(n)`: what the charge left in the limits it counted in and in the credits. */
export function chargeCrossings(
  key: StoredKey,
  at: number,
  usage: ChargedUsage,
  fractions: readonly number[],
  firstTime: (mark: string) => boolean,
): ThresholdCrossing[] {
  const subject = { id: key.id, ownerId: key.ownerId, keyType: key.keyType, at }
  return crossingsOf(subject, fractions, firstTime, (look) => {
    if (usage.named !== null) readNamed(usage.named, look)
    if (usage.key !== null) readOwn('key', usage.key, look)
    if (usage.owner !== null) readOwn('owner', usage.owner, look)
    readCredits(key, usage.credits?.remaining, at, look)
  })
}

function crossingsOf(
  subject: UsageSubject,
  fractions: readonly number[],
  firstTime: (mark: string) => boolean,
  read: (look: Look) => void,
): ThresholdCrossing[] {
  const found: ThresholdCrossing[] = []
  const lowest = fractions[0]
  if (lowest === undefined) return found
  read((scope, shape, max, used) => {
    if (!Number.isFinite(max) || max <= 0 || used < Math.ceil(lowest * max)) return
    const { period, periodEnd } = periodAt(shape, subject.at)
    const counter = scope === 'owner' ? ownerCounterId(subject.ownerId!, subject.keyType) : subject.id
    for (const fraction of fractions) {
      if (used < Math.ceil(fraction * max)) break
      const mark = `threshold:${counter}:${shape.kind}:${shape.name}:${period}:${fraction}`
      if (!firstTime(mark)) continue
      found.push({
        mark,
        periodEnd,
        data: {
          // For an owner's limit: the key whose request crossed it.
          keyId: subject.id,
          ownerId: subject.ownerId,
          keyType: subject.keyType,
          scope,
          limit: shape.name,
          kind: shape.kind,
          fraction,
          used,
          max,
          periodEnd: new Date(periodEnd).toISOString(),
        },
      })
    }
  })
  return found
}

/** Tells `look` of every limit the decision read, the key's then its owner's, then the credits. */
function readLimits(limits: LimitDecision, key: StoredKey, at: number, look: Look): void {
  if (limits.named !== undefined) readNamed(limits.named, look)
  else if (limits.parts !== undefined) {
    readOwn('key', limits.parts.key, look)
    readOwn('owner', limits.parts.owner, look)
  } else {
    readOwn('key', limits, look)
  }
  readCredits(key, limits.credits?.remaining, at, look)
}

/** A metered decision lists the key's limits, then its owner's, beside their resolved forms. */
function readNamed(named: NonNullable<LimitDecision['named']>, look: Look): void {
  const { decision, limits: resolved } = named
  for (let i = 0; i < decision.limits.length; i++) {
    const state = decision.limits[i]!
    const limit = resolved[i]
    if (limit !== undefined) look(state.scope, limit, state.limit, state.limit - state.remaining)
  }
}

/**
 * Credits are measured against the balance they were last set or refilled to, never against a
 * refill that has not come yet; a top-up above it crosses nothing.
 */
function readCredits(key: StoredKey, remaining: number | undefined, at: number, look: Look): void {
  const credits = key.credits
  if (credits === null || credits === undefined || remaining === undefined) return
  const max = creditAllowance(credits, at)
  look('key', { kind: 'credits', name: 'credits', credits }, max, max - remaining)
}

/** The per-minute limit and the quota of one side; an owner without a per-minute limit has an unlimited one. */
function readOwn(scope: 'key' | 'owner', windows: OwnWindows, look: Look): void {
  const { minute, month } = windows
  if (minute.limit < UNLIMITED_PER_MINUTE) look(scope, MINUTE, minute.limit, minute.limit - minute.remaining)
  if (month !== null) look(scope, MONTH, month.limit, month.limit - month.remaining)
}

/**
 * The period a crossing belongs to (named in its mark) and when it ends. A rolling window's period
 * is its length counted from the epoch, so a window kept above a fraction is reported once per
 * window length; a month's is its billing period; credits', the refill period within their
 * setting (a new setting reports again).
 */
function periodAt(shape: LimitShape, now: number): { period: string; periodEnd: number } {
  if (shape.kind === 'rolling') {
    const index = Math.floor(now / shape.windowMs)
    return { period: String(index), periodEnd: (index + 1) * shape.windowMs }
  }
  if (shape.kind === 'month') {
    const index = periodOf(now, shape.day)
    return { period: String(index), periodEnd: periodEndSeconds(index, shape.day) * 1000 }
  }
  const { refill, since } = shape.credits
  const index = creditPeriod(refill, now)
  const refillAt = nextRefillSeconds(refill, index)
  return { period: `${since}.${index}`, periodEnd: refillAt === null ? now + NO_REFILL_MARK_MS : refillAt * 1000 }
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
