/**
 * A plain reference model of one key's credits (M3), written from the contract's words and not
 * from the ledgers: a balance that requests spend, refills that set it at 00:00 UTC or on the
 * billing day, top-ups that add, and settings that replace.
 */
export interface ModelRefill {
  amount: number
  every: 'day' | 'month'
  day: number
}

/** The start (epoch ms) of the refill period `now` is in. */
export function periodStart(refill: ModelRefill, now: number): number {
  if (refill.every === 'day') return Math.floor(now / 86_400_000) * 86_400_000
  const date = new Date(now)
  let year = date.getUTCFullYear()
  let month = date.getUTCMonth()
  if (date.getUTCDate() < refill.day) month -= 1
  if (month < 0) {
    month += 12
    year -= 1
  }
  return Date.UTC(year, month, refill.day)
}

export class CreditsModel {
  private left: number
  private since: number

  constructor(
    remaining: number,
    private refill: ModelRefill | undefined,
    at: number,
  ) {
    this.left = remaining
    this.since = this.startOf(at)
  }

  private startOf(now: number): number {
    return this.refill === undefined ? Number.NEGATIVE_INFINITY : periodStart(this.refill, now)
  }

  /** What is left at `now`: a refill period begun since the balance's sets it to the amount. */
  private at(now: number): number {
    if (this.refill !== undefined && this.startOf(now) > this.since) {
      this.left = this.refill.amount
      this.since = this.startOf(now)
    }
    return this.left
  }

  /** A request of `cost` that every limit admits: spent when it fits. */
  request(cost: number, now: number): { admitted: boolean; left: number } {
    const left = this.at(now)
    if (cost > left) return { admitted: false, left }
    this.left = left - cost
    return { admitted: true, left: this.left }
  }

  /** Units charged after admission: taken, down to none, never refused. */
  take(units: number, now: number): number {
    this.left = Math.max(0, this.at(now) - units)
    return this.left
  }

  add(units: number, now: number): number {
    this.left = this.at(now) + units
    return this.left
  }

  set(remaining: number, refill: ModelRefill | undefined, now: number): void {
    this.refill = refill
    this.left = remaining
    this.since = this.startOf(now)
  }

  read(now: number): number {
    return this.at(now)
  }
}
