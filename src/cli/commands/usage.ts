/**
 * `keyward usage`: requests and units over time per outcome, for one owner, one key or the whole
 * service, read from the outcome counters in the store (N2). A table of buckets and a total per
 * outcome, or `--json`.
 */
import type { AnalyticsPoint, AnalyticsSeriesQuery } from '../../core/analytics.js'
import { type AnalyticsGranularity, bucketStart } from '../../core/analytics-types.js'
import { KeyInputError, KeyNotFoundError } from '../../core/errors.js'
import { type OptionValues, stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { formatDuration, parseDuration } from '../duration.js'
import { usageError } from '../exit-status.js'
import { table } from '../output.js'
import { withStoreKeyward } from '../store-keyward.js'
import { ownerOption, STORE_ENVIRONMENT, STORE_EXITS, STORE_OPTIONS, storeSettings } from './key-options.js'

const GRANULARITIES: readonly AnalyticsGranularity[] = ['minute', 'hour', 'day']

/** Minutes up to 2 hours back, hours up to 2 days, days beyond: a table that fits a screen or two. */
function granularityFor(sinceMs: number): AnalyticsGranularity {
  if (sinceMs <= 2 * 3_600_000) return 'minute'
  if (sinceMs <= 2 * 86_400_000) return 'hour'
  return 'day'
}

interface UsageRequest {
  query: Omit<AnalyticsSeriesQuery, 'from' | 'to'>
  sinceMs: number
}

/** The options, checked before the store is contacted. */
function usageRequest(values: OptionValues): UsageRequest {
  const sinceText = stringOption(values, 'since') ?? '7d'
  const since = parseDuration(sinceText)
  if (!since.ok) throw usageError(`option --since: ${since.reason}`)
  const granularityText = stringOption(values, 'granularity')
  if (granularityText !== undefined && !(GRANULARITIES as readonly string[]).includes(granularityText)) {
    throw usageError(
      `option --granularity must be minute, hour or day (got ${JSON.stringify(granularityText.slice(0, 40))})`,
    )
  }
  const query: UsageRequest['query'] = {
    granularity: (granularityText as AnalyticsGranularity | undefined) ?? granularityFor(since.ms),
  }
  const ownerId = ownerOption(values)
  const keyId = stringOption(values, 'key')
  if (ownerId !== undefined) query.ownerId = ownerId
  if (keyId !== undefined) query.keyId = keyId
  return { query, sinceMs: since.ms }
}

function totalsOf(points: readonly AnalyticsPoint[]): Record<string, { requests: number; units: number }> {
  const totals: Record<string, { requests: number; units: number }> = {}
  for (const p of points) {
    const held = totals[p.outcome] ?? { requests: 0, units: 0 }
    held.requests += p.requests
    held.units += p.units
    totals[p.outcome] = held
  }
  return totals
}

const number = (n: number) => n.toLocaleString('en-US')

function subjectText(query: UsageRequest['query']): string {
  if (query.keyId !== undefined) return `key ${query.keyId}`
  return query.ownerId !== undefined ? `owner ${query.ownerId}` : 'every key'
}

export const usageCommand: CommandSpec = {
  name: 'usage',
  summary: 'requests and units over time per outcome, for an owner, a key or every key',
  usage: 'usage [--owner <owner-id>] [--key <key-id>] [--since <duration>] [--granularity <g>] [options]',
  description: [
    'Reads the outcome counters in the store: for each minute, hour or day, how many requests\nwere admitted (ok), refused for a limit (rate_limited) or refused for another reason (the\nerror code), and the units the admitted ones counted. Without --owner or --key, every request\nthe service decided, unknown keys included.',
    'With --json, prints { subject, from, to, granularity, points, totals }.',
  ],
  positionals: [],
  options: {
    owner: { type: 'string', value: '<owner-id>', description: "only this owner's keys" },
    key: { type: 'string', value: '<key-id>', description: 'only this key (with --owner, a key of that owner)' },
    since: { type: 'string', value: '<duration>', description: 'how far back, as 90m, 24h, 7d or 4w (default 7d)' },
    granularity: {
      type: 'string',
      value: '<g>',
      description: 'minute, hour or day (default: by --since: minutes to 2h, hours to 2d, else days)',
    },
    ...STORE_OPTIONS,
  },
  environment: STORE_ENVIRONMENT,
  exitStatuses: STORE_EXITS,
  examples: ['keyward usage --owner org_acme --since 7d', 'keyward usage --key key_… --since 2h --json'],
  async run(context) {
    const { query, sinceMs } = usageRequest(context.values)
    const settings = storeSettings(context)
    return withStoreKeyward(settings, async (keyward) => {
      const to = keyward.clock.now()
      // The whole bucket --since falls in, so the first day (or hour) is not cut short.
      const from = bucketStart(to - sinceMs, query.granularity)
      let points: AnalyticsPoint[]
      try {
        points = await keyward.analytics.series({ ...query, from: new Date(from), to: new Date(to) })
      } catch (error) {
        if (error instanceof KeyInputError) throw usageError(`option --${optionOf(error.field)}: ${error.message}`)
        if (error instanceof KeyNotFoundError) throw usageError(`${error.message} of owner ${query.ownerId}`)
        throw error
      }
      const totals = totalsOf(points)
      const json = {
        subject:
          query.keyId !== undefined
            ? { keyId: query.keyId }
            : query.ownerId !== undefined
              ? { ownerId: query.ownerId }
              : {},
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        granularity: query.granularity,
        points,
        totals,
      }
      const heading = `Usage of ${subjectText(query)} over the last ${formatDuration(sinceMs)}, by ${query.granularity}:`
      if (points.length === 0) return { json, text: `${heading}\n\nNo requests counted.\n` }
      const rows = points.map((p) => [p.time, p.outcome, number(p.requests), number(p.units)])
      const totalRows = Object.entries(totals).map(([outcome, t]) => [outcome, number(t.requests), number(t.units)])
      const text = [
        heading,
        '',
        ...table(['time', 'outcome', 'requests', 'units'], rows),
        '',
        'Totals:',
        ...table(['outcome', 'requests', 'units'], totalRows),
        '',
      ].join('\n')
      return { json, text }
    })
  },
}

/** The option a query field came from. */
function optionOf(field: string): string {
  if (field === 'from' || field === 'to') return 'since'
  if (field === 'keyId') return 'key'
  if (field === 'ownerId') return 'owner'
  return field
}
