/**
 * What a CLI command is: its options and arguments (parsed and shown by `--help` from the same
 * table), the exit statuses it can return, and a function that returns its result both as JSON
 * and as text, which `run()` prints in the form that was asked for. Only a command whose result
 * is too large to hold at once (keys list) writes it itself, as it reads it.
 */
import { COMMON_OPTIONS, type OptionSpec, type OptionValues, type PositionalSpec } from './args.js'
import { exitStatusHelp, type ExitStatus } from './exit-status.js'
import type { CliIO } from './output.js'

export interface CommandContext {
  values: OptionValues
  positionals: string[]
  env: CliIO['env']
  /** Where a command that streams its result writes it (`values.json` says in which form). */
  stdout: CliIO['stdout']
}

export interface CommandResult {
  /** What `--json` prints. */
  json: unknown
  /** What is printed otherwise. */
  text: string
}

/** What a command that wrote its result itself returns. */
export interface StreamedResult {
  streamed: true
}

export interface CommandSpec {
  /** `keys create`, `check`. */
  name: string
  /** One line for the command list. */
  summary: string
  /** The usage line after `keyward `. */
  usage: string
  /** Paragraphs of help text. */
  description: readonly string[]
  positionals: readonly PositionalSpec[]
  options: Readonly<Record<string, OptionSpec>>
  environment: readonly (readonly [string, string])[]
  exitStatuses: readonly ExitStatus[]
  examples: readonly string[]
  run(context: CommandContext): Promise<CommandResult | StreamedResult>
}

function optionLabel(name: string, spec: OptionSpec): string {
  const long = `--${name}${spec.type === 'string' ? ` ${spec.value ?? '<value>'}` : ''}`
  return spec.short === undefined ? `    ${long}` : `-${spec.short}, ${long}`
}

/** Two columns, the second wrapped under itself. */
export function twoColumns(rows: readonly (readonly [string, string])[], indent = '  '): string[] {
  const width = Math.min(30, Math.max(...rows.map(([left]) => left.length)) + 2)
  const out: string[] = []
  for (const [left, right] of rows) {
    const [first, ...rest] = right.split('\n')
    if (left.length + 2 > width) {
      out.push(`${indent}${left}`)
      out.push(`${indent}${' '.repeat(width)}${first}`)
    } else {
      out.push(`${indent}${left.padEnd(width)}${first}`)
    }
    for (const line of rest) out.push(`${indent}${' '.repeat(width)}${line}`)
  }
  return out
}

/** The `--help` text of a command. */
export function commandHelp(spec: CommandSpec): string {
  const out: string[] = [`keyward ${spec.name}: ${spec.summary}`, '', `Usage: keyward ${spec.usage}`]
  for (const paragraph of spec.description) out.push('', paragraph)
  if (spec.positionals.length > 0) {
    out.push('', 'Arguments:')
    out.push(
      ...twoColumns(spec.positionals.map((p) => [p.required ? `<${p.name}>` : `[${p.name}]`, p.description] as const)),
    )
  }
  const options = { ...spec.options, ...COMMON_OPTIONS }
  out.push('', 'Options:')
  out.push(
    ...twoColumns(
      Object.entries(options).map(([name, option]) => [optionLabel(name, option), option.description] as const),
    ),
  )
  if (spec.environment.length > 0) {
    out.push('', 'Environment:')
    out.push(...twoColumns(spec.environment))
  }
  out.push('', 'Exit status:', exitStatusHelp(spec.exitStatuses))
  if (spec.examples.length > 0) {
    out.push('', 'Examples:')
    for (const example of spec.examples) out.push(`  ${example}`)
  }
  return `${out.join('\n')}\n`
}
