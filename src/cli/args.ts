/**
 * Reading the command line with `node:util` `parseArgs`, strict: an unknown option, a missing
 * value or a repeated option is a usage error with a message that names the option and points at
 * `--help`, never Node's own wording.
 */
import { parseArgs } from 'node:util'
import { usageError } from './exit-status.js'

/** One option of a command, as parsed and as `--help` shows it. */
export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** The value's placeholder in help, e.g. `<name>`. */
  value?: string
  /** May be given more than once; its value is then the list of the values given. */
  multiple?: true
  description: string
}

/** A positional argument, as `--help` shows it. */
export interface PositionalSpec {
  name: string
  required: boolean
  description: string
}

export type OptionValues = Record<string, string | boolean | string[] | undefined>

export interface ParsedCommandLine {
  values: OptionValues
  positionals: string[]
}

/** Options every command takes. */
export const COMMON_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'print the result as JSON on stdout (errors too, besides the stderr line)' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
}

/** At most this much of a user's text is repeated in a message. */
export function shown(text: string): string {
  const clipped = text.length > 40 ? `${text.slice(0, 40)}…` : text
  return JSON.stringify(clipped)
}

/**
 * Parses `argv` for the command `command` (e.g. `keys create`). Positionals beyond
 * `maxPositionals` are a usage error; the command checks the ones it needs.
 */
export function parseCommandLine(
  command: string,
  argv: readonly string[],
  options: Readonly<Record<string, OptionSpec>>,
  maxPositionals: number,
): ParsedCommandLine {
  const all = { ...options, ...COMMON_OPTIONS }
  const parseOptions: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {}
  for (const [name, spec] of Object.entries(all)) {
    parseOptions[name] = { type: spec.type }
    if (spec.short !== undefined) parseOptions[name].short = spec.short
    if (spec.multiple) parseOptions[name].multiple = true
  }
  const seeHelp = `see keyward ${command} --help`
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof parseOptions; tokens: true; allowPositionals: true; strict: true }>
  >
  try {
    parsed = parseArgs({ args: [...argv], options: parseOptions, allowPositionals: true, strict: true, tokens: true })
  } catch (error) {
    throw translateParseError(error, command, seeHelp, argv)
  }

  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || all[token.name]?.multiple) continue
    if (seen.has(token.name)) throw usageError(`option --${token.name} is given more than once (${seeHelp})`)
    seen.add(token.name)
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals[maxPositionals]!
    throw usageError(`unexpected argument ${shown(extra)} for keyward ${command} (${seeHelp})`)
  }
  return { values: parsed.values as OptionValues, positionals: parsed.positionals }
}

function translateParseError(error: unknown, command: string, seeHelp: string, argv: readonly string[]): Error {
  const code = (error as { code?: unknown } | null)?.code
  const message = String((error as Error | null)?.message ?? error)
  const option = /'(-{1,2}[^' <]*)/.exec(message)?.[1] ?? 'an option'
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return usageError(`unknown option ${shown(option)} for keyward ${command} (${seeHelp})`)
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (message.includes('does not take an argument'))
        return usageError(`option ${option} takes no value (${seeHelp})`)
      if (message.includes('ambiguous')) {
        const next = argv[argv.indexOf(option) + 1]
        if (next !== undefined && /^-[0-9]/.test(next))
          return usageError(`option ${option} must not be negative (got ${shown(next)})`)
        return usageError(
          `option ${option} needs a value; to give one that starts with "-", write ${option}=<value> (${seeHelp})`,
        )
      }
      return usageError(`option ${option} needs a value (${seeHelp})`)
    default:
      return error instanceof Error ? error : new Error(message)
  }
}

/** A string option's value, or undefined when it was not given. An empty value is a usage error. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.trim() === '') throw usageError(`option --${name} needs a non-empty value`)
  return value
}

/** A positive whole number (no sign, no decimals, no exponent) up to `max`. */
export function positiveInteger(text: string, option: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^[0-9]{1,16}$/.test(text)) {
    throw usageError(`option --${option} must be a positive whole number (got ${shown(text)})`)
  }
  const value = Number(text)
  if (value < 1 || value > max || !Number.isSafeInteger(value)) {
    const range = max === Number.MAX_SAFE_INTEGER ? 'a positive whole number' : `a whole number from 1 to ${max}`
    throw usageError(`option --${option} must be ${range} (got ${shown(text)})`)
  }
  return value
}

/**
 * Something that looks like an API key of any brand prefix (`<prefix>_live_…` / `<prefix>_test_…`
 * with a body long enough to be real). Keys never go on the command line: shells keep history and
 * every user on the machine can read a process's arguments.
 */
const KEY_LIKE = /(?:^|[^A-Za-z0-9])[a-z][a-z0-9]{0,31}_(?:live|test)_[0-9A-Za-z]{16,}/

export function looksLikeApiKey(text: string): boolean {
  return KEY_LIKE.test(text)
}
