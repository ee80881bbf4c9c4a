/**
 * A key's limits on the command line: `--limit name=n/window` (repeatable) for its own list of
 * named limits, `--per-minute` / `--per-month` for the overrides of its type's defaults, and
 * (update) `--default-limits` to go back to the type's defaults. Checked before the store is
 * contacted, so a bad value is a usage error naming the flag.
 */
import { canonicalLimitList } from '../../core/key-limits.js'
import type { KeyLimitList, KeyLimits } from '../../core/types.js'
import { type OptionSpec, type OptionValues, positiveInteger, shown, stringOption } from '../args.js'
import { usageError } from '../exit-status.js'

export const LIMIT_OPTION: OptionSpec = {
  type: 'string',
  multiple: true,
  value: '<name>=<n>/<window>',
  description:
    "a named limit, repeatable (up to 10): burst=100/10s, daily=5000/1d,\nmonthly=10000/month (calendar month), billing=5000/month@15 (the\nbilling month from the 15th); windows 1s to 31d in ms, s, m, h, d;\nthe list replaces the key type's limits",
}

export const DEFAULT_LIMITS_OPTION: OptionSpec = {
  type: 'boolean',
  description: "drop the key's own limits: back to the key type's defaults",
}

const ENTRY = /^([^=]*)=([^/]*)\/(.*)$/
/** A window's rule in the syntax `--limit` takes, in place of the library's (which names object forms). */
const WINDOW_RULE =
  'must be 1s to 31d (a whole number of ms, s, m, h or d), month, or month@<day> with a billing day from 1 to 28'

/** One `--limit` value as a named limit, before the limit rules check it. */
function entryOf(text: string): { name: string; limit: number; window: unknown } {
  const match = ENTRY.exec(text)
  if (match === null) {
    throw usageError(
      `option --limit ${shown(text)} must be <name>=<n>/<window>, e.g. burst=100/10s or billing=5000/month@15`,
    )
  }
  const [, name = '', count = '', window = ''] = match
  const billing = /^month@([0-9]{1,2})$/.exec(window)
  return {
    name,
    limit: /^[0-9]{1,16}$/.test(count) ? Number(count) : Number.NaN,
    window: billing === null ? window : { month: { day: Number(billing[1]) } },
  }
}

/** The `--limit` values as a checked list, or undefined when none is given. */
export function namedLimitsOption(values: OptionValues): KeyLimitList | undefined {
  const given = values.limit
  if (given === undefined) return undefined
  const texts = Array.isArray(given) ? given : [String(given)]
  const fault = (field: string, problem: string): never => {
    const entry = /^limits\[(\d+)\](?:\.(\w+))?$/.exec(field)
    if (entry === null) throw usageError(`option --limit ${problem}`)
    const part = entry[2] === undefined ? '' : ` ${entry[2]}`
    const rule = entry[2] === 'window' ? WINDOW_RULE : problem
    throw usageError(`option --limit ${shown(texts[Number(entry[1])]!)}:${part} ${rule}`)
  }
  return canonicalLimitList(texts.map(entryOf), 'limits', fault)
}

/** `--per-minute` / `--per-month` as given; `default` (update only) as null: the key type's. */
export function limitOptions(
  values: OptionValues,
  allowDefault = false,
): { perMinute?: number | null; perMonth?: number | null } {
  const limits: { perMinute?: number | null; perMonth?: number | null } = {}
  for (const [option, field] of [
    ['per-minute', 'perMinute'],
    ['per-month', 'perMonth'],
  ] as const) {
    const text = stringOption(values, option)
    if (text === undefined) continue
    limits[field] = allowDefault && text === 'default' ? null : positiveInteger(text, option)
  }
  return limits
}

/** Refuses `--limit` (and `--default-limits`) beside the other limit flags: each sets the limits its own way. */
export function oneLimitForm(values: OptionValues): void {
  const given = ['limit', 'per-minute', 'per-month', 'default-limits'].filter((name) => values[name] !== undefined)
  const named = given.includes('limit') || given.includes('default-limits')
  if (named && given.length > 1) {
    throw usageError(
      `options ${given.map((name) => `--${name}`).join(' and ')} cannot be combined: --limit gives the key its own list, --per-minute and --per-month override the key type's limits, --default-limits goes back to them`,
    )
  }
}

/** The limits of a new key: its own list, the overrides given, or null for its type's defaults. */
export function createLimitsOption(values: OptionValues): KeyLimits | KeyLimitList | null {
  oneLimitForm(values)
  const list = namedLimitsOption(values)
  if (list !== undefined) return list
  const limits = limitOptions(values) as KeyLimits
  return Object.keys(limits).length === 0 ? null : limits
}
