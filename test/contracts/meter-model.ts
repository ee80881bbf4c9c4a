/**
 * A plain reference model of named limits with costs (M1, M2, M4, M8): every counted unit kept
 * as it was counted, nothing pruned, every decision recomputed from scratch. Limiters must give
 * exactly its decisions (test/contracts/meter.contract.ts).
 */
import type { MeterDecision, MeterGroup, NamedWindowState, ResolvedLimit } from '../../src/core/meter-types.js'

interface Tally {
  /** Rolling windows: [bucket, units] per counting; months: [period, units]. */
  entries: [number, number][]
}

const DAY = 86_400_000

/** The UTC month index (year * 12 + month0) of an epoch ms. */
function monthIndex(ms: number): number {
  const date = new Date(ms)
  return date.getUTCFullYear() * 12 + date.getUTCMonth()
}

export class MeterModel {
  private readonly tallies = new Map<string, Tally>()

  run(groups: readonly MeterGroup[], cost: number, now: number, mode: 'peek' | 'meter' | 'charge'): MeterDecision {
    const need = Math.max(cost, 1)
    const seen = groups.flatMap((g) => g.limits.map((limit) => ({ g, limit, ...this.look(g.id, limit, now) })))
    const refusing = seen.map((x) => mode !== 'charge' && x.count + need > x.limit.limit)
    const allowed = !refusing.includes(true)
    if (cost > 0 && (mode === 'charge' || (mode === 'meter' && allowed))) {
      for (const x of seen) this.tally(x.g.id, x.limit).entries.push([x.target, cost])
    }
    const after = seen.map((x) => ({ ...x, ...this.look(x.g.id, x.limit, now) }))
    const limits: NamedWindowState[] = after.map((x) => ({
      name: x.limit.name,
      limit: x.limit.limit,
      scope: x.g.scope,
      remaining: Math.max(0, x.limit.limit - x.count),
      reset: x.reset,
    }))
    let binding = -1
    limits.forEach((state, i) => {
      const left = (s: NamedWindowState) => (cost > 0 ? Math.floor(s.remaining / cost) : s.remaining)
      const best = limits[binding]
      if (!best || left(state) < left(best) || (left(state) === left(best) && state.reset < best.reset)) binding = i
    })
    let refusedBy = -1
    let retryAfter = 0
    after.forEach((x, i) => {
      if (!refusing[i]) return
      const wait = this.wait(x, need, now)
      if (wait > retryAfter) [refusedBy, retryAfter] = [i, wait]
    })
    return { allowed: refusedBy === -1, limits, binding, refusedBy, retryAfter }
  }

  private tally(id: string, limit: ResolvedLimit): Tally {
    const name = `${id}|${JSON.stringify(limit)}`
    const tally = this.tallies.get(name) ?? { entries: [] }
    this.tallies.set(name, tally)
    return tally
  }

  /** What counts at `now`, where a unit counted now goes, and when the count next falls. */
  private look(id: string, limit: ResolvedLimit, now: number) {
    const entries = this.tally(id, limit).entries
    if (limit.kind === 'month') {
      const current = monthIndex(now - (limit.day - 1) * DAY)
      const target = Math.max(current, ...entries.map(([p]) => p))
      const count = entries.filter(([p]) => p === target).reduce((sum, [, u]) => sum + u, 0)
      const reset = Date.UTC(Math.floor((target + 1) / 12), (target + 1) % 12, limit.day) / 1000
      return { count, target, reset, counted: [] as [number, number][] }
    }
    const k = Math.floor(now / limit.bucketMs)
    const newest = Math.max(k, ...entries.map(([b]) => b))
    const counted = entries.filter(([b]) => b >= newest - limit.span).sort((a, b) => a[0] - b[0])
    const count = counted.reduce((sum, [, u]) => sum + u, 0)
    const expiry = (b: number) => ((b + limit.span + 1) * limit.bucketMs) / 1000
    const reset = counted.length > 0 ? expiry(counted[0]![0]) : Math.ceil(now / 1000)
    return { count, target: Math.max(k, newest - limit.span), reset, counted }
  }

  private wait(
    x: { limit: ResolvedLimit; count: number; reset: number; counted: [number, number][] },
    need: number,
    now: number,
  ): number {
    const s = Math.floor(now / 1000)
    if (x.limit.kind === 'month') return Math.max(1, Math.ceil((x.reset * 1000 - now) / 1000))
    const limit = x.limit
    let left = x.count
    let expires = s + 1
    for (const [b, units] of x.counted) {
      left -= units
      expires = ((b + limit.span + 1) * limit.bucketMs) / 1000
      if (left + need <= limit.limit) break
    }
    return Math.max(1, expires - s)
  }
}
