/**
 * A key's credits on the command line: `--credits <n>` and `--refill <n>/day|<n>/month[@day]`,
 * and on update `--add-credits <n>` (a top-up) and `--no-credits`. Checked before the store is
 * contacted, so a bad value is a usage error naming the flag.
 */
import { type KeyCreditsInput, MAX_CREDITS } from '../../core/credits.js'
import type { CreditsChange } from '../../core/credits.js'
import type { ApiKeyRecord } from '../../core/types.js'
import { type OptionSpec, type OptionValues, shown, stringOption } from '../args.js'
import { usageError } from '../exit-status.js'

const CREDITS_OPTION: OptionSpec = {
  type: 'string',
  value: '<n>',
  description: 'credits the key may spend: each request spends its cost, and one\nwithout enough left is refused (429)',
}
const REFILL_OPTION: OptionSpec = {
  type: 'string',
  value: '<n>/day|<n>/month[@day]',
  description:
    'set the credits back to n at 00:00 UTC each day, or each month on\nthe billing day (1-28, default 1): 1000/day, 50000/month@15',
}

/** The credit options of `keys create`. */
export const CREATE_CREDIT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  credits: CREDITS_OPTION,
  refill: REFILL_OPTION,
}

/** The credit options of `keys update`. */
export const UPDATE_CREDIT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  credits: { ...CREDITS_OPTION, description: `${CREDITS_OPTION.description}; replaces what is left` },
  refill: {
    ...REFILL_OPTION,
    description: `${REFILL_OPTION.description};\nkeeps what is left unless --credits is given`,
  },
  'add-credits': { type: 'string', value: '<n>', description: 'add n to what the key has left (a top-up)' },
  'no-credits': { type: 'boolean', description: 'remove the credits: the key spends freely' },
}

function count(values: OptionValues, name: string, least: number): number | undefined {
  const text = stringOption(values, name)
  if (text === undefined) return undefined
  const value = /^\d{1,13}$/.test(text) ? Number(text) : Number.NaN
  if (!(value >= least && value <= MAX_CREDITS)) {
    throw usageError(`option --${name} ${shown(text)} must be a whole number from ${least} to ${MAX_CREDITS}`)
  }
  return value
}

function refillOption(values: OptionValues): KeyCreditsInput['refill'] | undefined {
  const text = stringOption(values, 'refill')
  if (text === undefined) return undefined
  const match = /^(\d{1,13})\/(day|month)(?:@(\d{1,2}))?$/.exec(text)
  const amount = match === null ? 0 : Number(match[1])
  const day = match?.[3] === undefined ? undefined : Number(match[3])
  const wrongDay = day !== undefined && (match?.[2] !== 'month' || day < 1 || day > 28)
  if (match === null || amount < 1 || amount > MAX_CREDITS || wrongDay) {
    throw usageError(
      `option --refill ${shown(text)} must be <n>/day or <n>/month, with @<day> (1-28) for a billing day: 1000/day, 50000/month@15`,
    )
  }
  const every = match[2] as 'day' | 'month'
  return day === undefined ? { amount, every } : { amount, every, day }
}

/** `keys create`: the credits given, or null for none (a refill needs --credits to start from). */
export function createCreditsOption(values: OptionValues): KeyCreditsInput | null {
  const remaining = count(values, 'credits', 0)
  const refill = refillOption(values)
  if (remaining === undefined) {
    if (refill !== undefined) throw usageError('option --refill needs --credits <n>: what the key starts with')
    return null
  }
  return refill === undefined ? { remaining } : { remaining, refill }
}

/**
 * `keys update`: how the credits change, or undefined for not at all. `current` reads the key
 * when the change keeps part of its credits (a new refill keeps what is left, new credits keep
 * the refill).
 */
export function updateCreditsOption(
  values: OptionValues,
): ((current: () => Promise<ApiKeyRecord>) => Promise<CreditsChange>) | undefined {
  const given = ['credits', 'refill', 'add-credits', 'no-credits'].filter((name) => values[name] !== undefined)
  if (given.length === 0) return undefined
  const alone = given.find((name) => name === 'add-credits' || name === 'no-credits')
  if (alone !== undefined && given.length > 1) {
    throw usageError(`option --${alone} cannot be combined with --${given.find((name) => name !== alone)}`)
  }
  if (values['no-credits'] === true) return async () => null
  const add = count(values, 'add-credits', 1)
  if (add !== undefined) return async () => ({ add })
  const remaining = count(values, 'credits', 0)
  const refill = refillOption(values)
  return async (current) => {
    const record = await current()
    const kept = record.credits
    if (remaining === undefined && kept === null) {
      throw usageError('option --refill needs --credits <n> on a key without credits: what it starts with')
    }
    const refilled = refill !== undefined ? refill : kept?.refill
    const base = { remaining: remaining ?? kept!.remaining }
    return refilled === undefined ? base : { ...base, refill: refilled }
  }
}
