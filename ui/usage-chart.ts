/**
 * The Usage tab's chart (N3): requests over time by outcome class (admitted, rate limited,
 * refused) for every key the signed-in principal sees, one owner's or one key, over the last
 * hour, day or 30 days; a meter for each limit of the key or owner and for a key's credits, with
 * the numbers the route read from the limits themselves; and the same series as CSV.
 */
import uPlot from 'uplot'
import { config, ownerProblem } from './config.js'
import { dashboard, dashboardHeaders, describeFailure, type KeyRecord, type LimitUsage } from './dashboard.js'
import { byId, el } from './dom.js'

interface Point {
  time: string
  outcome: 'admitted' | 'rate_limited' | 'refused'
  requests: number
  units: number
}

type Range = 'hour' | 'day' | 'month'

/** Each range with its granularity and length. */
const RANGES: Record<Range, { granularity: 'minute' | 'hour' | 'day'; stepMs: number; spanMs: number }> = {
  hour: { granularity: 'minute', stepMs: 60_000, spanMs: 3_600_000 },
  day: { granularity: 'hour', stepMs: 3_600_000, spanMs: 86_400_000 },
  month: { granularity: 'day', stepMs: 86_400_000, spanMs: 30 * 86_400_000 },
}

const CLASSES = [
  { outcome: 'admitted', label: 'Admitted', stroke: '#2f7d4f' },
  { outcome: 'rate_limited', label: 'Rate limited', stroke: '#b7791f' },
  { outcome: 'refused', label: 'Refused', stroke: '#c53030' },
] as const

const number = new Intl.NumberFormat('en-US')
let chart: uPlot | null = null

/** The owner an administrator picked ('' for every owner); an owner's own session picks none. */
export function pickedOwner(): string {
  return byId('usage-owner-field').hidden ? '' : byId<HTMLInputElement>('usage-owner').value.trim()
}

/** The query of the chosen range and key: buckets from the start of the first one to now. */
function seriesQuery(): { query: URLSearchParams; buckets: number[] } {
  const range = RANGES[byId<HTMLSelectElement>('usage-range').value as Range] ?? RANGES.day
  const now = Date.now()
  const last = now - (now % range.stepMs)
  const buckets: number[] = []
  for (let t = last - range.spanMs + range.stepMs; t <= last; t += range.stepMs) buckets.push(t)
  const query = new URLSearchParams({
    granularity: range.granularity,
    groupBy: 'class',
    from: new Date(buckets[0]!).toISOString(),
    to: new Date(last + range.stepMs).toISOString(),
  })
  const keyId = byId<HTMLSelectElement>('usage-key').value
  const owner = pickedOwner()
  if (keyId) query.set('keyId', keyId)
  else if (owner && !ownerProblem(owner)) query.set('ownerId', owner)
  return { query, buckets }
}

/** Every bucket of the range, empty ones as 0, one array per class: what the chart is given. */
export function chartData(points: readonly Point[], buckets: readonly number[]): number[][] {
  const index = new Map(buckets.map((t, i) => [t, i]))
  const rows = CLASSES.map(() => buckets.map(() => 0))
  for (const point of points) {
    const i = index.get(Date.parse(point.time))
    const row = CLASSES.findIndex((c) => c.outcome === point.outcome)
    if (i !== undefined && row >= 0) rows[row]![i]! += point.requests
  }
  return [buckets.map((t) => t / 1000), ...rows]
}

function draw(data: number[][]): void {
  const box = byId('usage-chart')
  box.dataset.series = JSON.stringify({
    time: data[0]!.map((s) => new Date(s * 1000).toISOString()),
    ...Object.fromEntries(CLASSES.map((c, i) => [c.outcome, data[i + 1]])),
  })
  chart?.destroy()
  const width = Math.max(280, box.clientWidth)
  chart = new uPlot(
    {
      width,
      height: 220,
      series: [{}, ...CLASSES.map((c) => ({ label: c.label, stroke: c.stroke, width: 2, points: { show: false } }))],
      axes: [{}, { size: 50 }],
      scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      cursor: { drag: { x: false, y: false } },
    },
    data as uPlot.AlignedData,
    box,
  )
}

/** "in the last 10 seconds", "this month": the span a limit counts, as its meter says it. */
function spanText(window: LimitUsage['window']): string {
  if (window === 'month') return 'this month'
  if (typeof window === 'object') return `this billing month (from day ${window.month.day})`
  for (const [size, unit] of SPANS) {
    if (window % size === 0) return window === size ? `in the last ${unit}` : `in the last ${window / size} ${unit}s`
  }
  return `in the last ${number.format(window)} ms`
}

const SPANS: ReadonlyArray<readonly [number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
]

/** What a meter is called: the shorthand limits by what they are, named ones by their name; an owner's say so. */
function limitLabel(usage: LimitUsage): string {
  const what = usage.name === 'month' ? 'Monthly quota' : usage.name === 'minute' ? 'Per minute' : usage.name
  if (usage.scope === 'key') return what
  return `Owner ${what.charAt(0).toLowerCase()}${what.slice(1)} (${usage.keyType === 'live' ? 'live' : 'sandbox'} keys)`
}

/** "994 of 1,000 this month": a limit's units used now, with a bar. */
function limitMeter(usage: LimitUsage): HTMLElement {
  const text = `${number.format(usage.used)} of ${number.format(usage.limit)} ${spanText(usage.window)}`
  return meter(limitLabel(usage), usage.used, usage.limit, text)
}

function creditsMeter(record: KeyRecord): HTMLElement | null {
  const credits = record.credits
  if (!credits) return null
  const left = number.format(credits.remaining)
  // Without a refill there is no "of": only what is left.
  const amount = credits.refill?.amount
  if (amount === undefined) return meter('Credits', credits.remaining, credits.remaining || 1, `${left} credits left`)
  return meter(
    'Credits',
    credits.remaining,
    Math.max(amount, credits.remaining),
    `${left} of ${number.format(amount)} credits left`,
  )
}

function meter(label: string, value: number, max: number, text: string): HTMLElement {
  const bar = el('meter', { min: '0', max: String(max), value: String(Math.min(value, max)) })
  bar.setAttribute('aria-label', label)
  return el('li', { class: 'meter' }, [
    el('span', { class: 'meter-label', text: label }),
    bar,
    el('span', { class: 'meter-text', text }),
  ])
}

/** A meter for each limit the route reported, then the key's credits (an owner has none of its own). */
async function loadMeters(limits: readonly LimitUsage[]): Promise<void> {
  const keyId = byId<HTMLSelectElement>('usage-key').value
  const items = limits.map(limitMeter)
  if (keyId) {
    const record = (await dashboard<KeyRecord>('GET', `/api-keys/${encodeURIComponent(keyId)}`)).data
    const credits = creditsMeter(record)
    if (credits !== null) items.push(credits)
  }
  byId('usage-meters').replaceChildren(...items)
}

export async function loadChart(): Promise<void> {
  const error = byId('usage-chart-error')
  error.textContent = ''
  const { query, buckets } = seriesQuery()
  try {
    const payload = await dashboard<Point[]>('GET', `/analytics?${query.toString()}`)
    draw(chartData(Array.isArray(payload.data) ? payload.data : [], buckets))
    await loadMeters(payload.meta?.limits ?? [])
  } catch (failure) {
    error.textContent = describeFailure(failure)
  }
}

/** The series as CSV, fetched with the page's credentials and saved through a link. */
async function downloadCsv(): Promise<void> {
  const { query } = seriesQuery()
  query.delete('groupBy')
  try {
    const response = await fetch(`${config.dashboard}/analytics.csv?${query.toString()}`, {
      headers: { ...dashboardHeaders(false), Accept: 'text/csv' },
      credentials: 'same-origin',
      cache: 'no-store',
    })
    if (!response.ok) throw new Error(`The server answered with status ${response.status}.`)
    const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/csv' }))
    const link = el('a', { href: url, download: 'usage.csv' })
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  } catch (failure) {
    byId('usage-chart-error').textContent = describeFailure(failure)
  }
}

export function setupChart(): void {
  byId('usage-range').addEventListener('change', loadChart)
  byId('usage-csv').addEventListener('click', downloadCsv)
  // Redrawn at the new width, so the chart fits a phone turned sideways.
  let resizing: ReturnType<typeof setTimeout> | undefined
  window.addEventListener('resize', () => {
    clearTimeout(resizing)
    resizing = setTimeout(
      () => chart?.setSize({ width: Math.max(280, byId('usage-chart').clientWidth), height: 220 }),
      150,
    )
  })
}
