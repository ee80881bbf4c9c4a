/**
 * The `keyward` command line: finds the command, parses its options, runs it and turns every
 * outcome into output and an exit status. Nothing escapes as a stack trace: a known failure is one
 * line on stderr (`keyward: <message>`) with its own exit status (see exit-status.ts), anything
 * else is exit 1, with the stack only under `KEYWARD_DEBUG=1`. Pure apart from `io`, so tests can
 * call it in-process as well as through `main.ts`.
 */
import { looksLikeApiKey, parseCommandLine } from './args.js'
import { type CommandSpec, commandHelp, twoColumns } from './command.js'
import { check, KEY_ARGUMENT_REFUSAL } from './commands/check.js'
import { KEYS_COMMANDS as KEYS_BASE } from './commands/keys.js'
import { migrateCommand } from './commands/migrate.js'
import { scanningPattern } from './commands/scanning.js'
import { TRANSFER_COMMANDS } from './commands/transfer.js'
import { auditCommand } from './commands/audit.js'
import { usageCommand } from './commands/usage.js'
import { CliError, EXIT, exitStatusHelp, usageError } from './exit-status.js'
import { type CliIO, json } from './output.js'
import { CLI_VERSION } from './version.js'

export type { CliIO } from './output.js'

const KEYS_COMMANDS: readonly CommandSpec[] = [...KEYS_BASE, ...TRANSFER_COMMANDS]
const COMMANDS: readonly CommandSpec[] = [
  ...KEYS_COMMANDS,
  auditCommand,
  usageCommand,
  check,
  migrateCommand,
  scanningPattern,
]
/** The commands named by two words besides keys': `scanning pattern`. */
const SCANNING_COMMANDS: readonly CommandSpec[] = [scanningPattern]

const KEYS_REFUSAL =
  'an argument looks like an API key: keyward never takes keys as arguments, shell history and process lists keep them (if it was a real key, treat it as exposed and rotate it). Keys are named by their id (key_…): see keyward keys list'

/** `keys revoke <id>`, `keys usage [id]`. */
function commandLabel(spec: CommandSpec): string {
  return [spec.name, ...spec.positionals.map((p) => (p.required ? `<${p.name}>` : `[${p.name}]`))].join(' ')
}

function topHelp(): string {
  const out = [
    `keyward ${CLI_VERSION}: manage API keys in a keyward Redis or Postgres store, and check a key against a service`,
    '',
    'Usage: keyward <command> [options]',
    '',
    'Commands:',
    ...twoColumns([
      ...COMMANDS.map((c) => [commandLabel(c), c.summary] as const),
      ['help [command]', 'show the help of a command (same as keyward <command> --help)'],
    ]),
    '',
    'Options:',
    ...twoColumns([
      ['-h, --help', 'show help (after a command: its help)'],
      ['    --version', 'print the version'],
      ['    --json', 'print results and errors as JSON on stdout (every command)'],
    ]),
    '',
    "The keys commands must use your app's settings, and guess none of them for a new key:",
    ...twoColumns([
      ['--key-prefix', 'the keyPrefix it gives createKeyward() (acme in acme_live_…)'],
      ['--prefix', 'the prefix it gives createRedisStores() (default keyward)'],
      ['KEYWARD_PEPPER', 'its pepper, if it has one'],
    ]),
    'An app records its key prefix in the store when it starts; until then keys create and rotate',
    'need it named. keys create needs the Redis prefix named too, unless an app recorded its',
    'settings or keys are stored under the default one.',
    '',
    'Environment:',
    ...twoColumns([
      ['REDIS_URL', 'keys: the Redis URL (default redis://127.0.0.1:6379; --redis-url wins)'],
      [
        'DATABASE_URL',
        'keys, migrate: the Postgres URL (--database-url wins; keys use it\nonly when REDIS_URL is not set too)',
      ],
      ['KEYWARD_REDIS_PREFIX', 'keys: the Redis prefix (default keyward; --prefix wins)'],
      ['KEYWARD_KEY_PREFIX', 'the key prefix (default svc; --key-prefix wins)'],
      ['KEYWARD_PEPPER', "keys: the service's pepper for HMAC key hashes, if it uses one"],
      ['KEYWARD_API_KEY', 'check: the key to check (never passed as an argument)'],
      ['KEYWARD_DEBUG', 'set to 1 to print stack traces of unexpected errors'],
    ]),
    '',
    'Errors are one line on stderr, "keyward: <message>", and an exit status by class:',
    exitStatusHelp(),
    '',
    'Run keyward <command> --help for the options of a command.',
  ]
  return `${out.join('\n')}\n`
}

function keysHelp(): string {
  const out = [
    'keyward keys: manage API keys in the Redis or Postgres store the service uses',
    '',
    'Usage: keyward keys <command> [options]',
    '',
    'Commands:',
    ...twoColumns(KEYS_COMMANDS.map((c) => [commandLabel(c).slice('keys '.length), c.summary] as const)),
    '',
    'Run keyward keys <command> --help for its options, Redis settings and exit statuses.',
  ]
  return `${out.join('\n')}\n`
}

type Target = { kind: 'command'; spec: CommandSpec; rest: string[] } | { kind: 'help'; text: string }

/** Finds the command named by the first words of `words` (`keys create`, `check`). */
function resolve(words: readonly string[]): Target {
  const [first, second] = words
  if (first === 'keys') {
    if (second === undefined)
      throw usageError(
        'keys needs a command: create, list, update, revoke, rotate or usage; export and import move keys between stores (see keyward keys --help)',
      )
    if (second === '--help' || second === '-h' || second === 'help') return { kind: 'help', text: keysHelp() }
    const spec = KEYS_COMMANDS.find((c) => c.name === `keys ${second}`)
    if (spec === undefined) {
      throw usageError(
        `unknown command keys ${JSON.stringify(second.slice(0, 40))}: the keys commands are create, list, update, revoke, rotate and usage; export and import move keys between stores`,
      )
    }
    return { kind: 'command', spec, rest: words.slice(2) }
  }
  if (first === 'scanning') {
    const spec = SCANNING_COMMANDS.find((c) => c.name === `scanning ${second}`)
    if (spec === undefined)
      throw usageError(
        `scanning needs a command: pattern (got ${second === undefined ? 'none' : JSON.stringify(second.slice(0, 40))}; see keyward scanning pattern --help)`,
      )
    return { kind: 'command', spec, rest: words.slice(2) }
  }
  const spec = COMMANDS.find((c) => c.name === first)
  if (spec === undefined) {
    throw usageError(
      `unknown command ${JSON.stringify(String(first).slice(0, 40))}: the commands are keys, audit, usage, check and scanning; migrate sets up a Postgres store (see keyward --help)`,
    )
  }
  return { kind: 'command', spec, rest: words.slice(1) }
}

/** `keyward help [command…]`. */
function helpFor(words: readonly string[]): string {
  if (words.length === 0) return topHelp()
  if (words.length === 1 && words[0] === 'keys') return keysHelp()
  const target = resolve(words)
  if (target.kind === 'help') return target.text
  if (target.rest.length > 0)
    throw usageError(`unknown command ${JSON.stringify(words.join(' ').slice(0, 60))} (see keyward --help)`)
  return commandHelp(target.spec)
}

/** Everything before a bare `--`. */
function beforeTerminator(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--')
  return end === -1 ? argv : argv.slice(0, end)
}

async function dispatch(argv: readonly string[], io: CliIO): Promise<number> {
  const [first] = argv
  if (first === undefined) throw usageError('missing command: keys or check (see keyward --help)')
  if (first === '--help' || first === '-h') {
    io.stdout.write(topHelp())
    return EXIT.ok
  }
  if (first === '--version') {
    io.stdout.write(argv.includes('--json') ? json({ version: CLI_VERSION }) : `${CLI_VERSION}\n`)
    return EXIT.ok
  }
  if (first === 'help') {
    io.stdout.write(helpFor(argv.slice(1)))
    return EXIT.ok
  }
  if (first.startsWith('-'))
    throw usageError(`unknown option ${JSON.stringify(first.slice(0, 40))} before the command (see keyward --help)`)

  const target = resolve(argv)
  if (target.kind === 'help') {
    io.stdout.write(target.text)
    return EXIT.ok
  }
  const { spec, rest } = target
  const flags = beforeTerminator(rest)
  if (flags.includes('--help') || flags.includes('-h')) {
    io.stdout.write(commandHelp(spec))
    return EXIT.ok
  }
  if (spec === check && rest.some((arg) => /^--?(api-?key|key|token|secret)(=|$)/i.test(arg))) {
    throw usageError(KEY_ARGUMENT_REFUSAL)
  }
  // check takes no arguments, but collects them so it can explain why a key is never one.
  const maxPositionals = spec === check ? Infinity : spec.positionals.length
  const { values, positionals } = parseCommandLine(spec.name, rest, spec.options, maxPositionals)
  const result = await spec.run({ values, positionals, env: io.env, stdout: io.stdout })
  if (!('streamed' in result)) io.stdout.write(values.json === true ? json(result.json) : result.text)
  return EXIT.ok
}

/**
 * Runs the `keyward` command line and returns its exit status.
 *
 * @example
 * import { run } from './run.js'
 * const status = await run(['keys', 'list', '--json'], { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const wantsJson = beforeTerminator(argv).includes('--json')
  try {
    // Before anything can echo an argument: a key never goes on the command line, nor into a message.
    if (argv.some(looksLikeApiKey)) throw usageError(argv[0] === 'check' ? KEY_ARGUMENT_REFUSAL : KEYS_REFUSAL)
    return await dispatch(argv, io)
  } catch (error) {
    const failure =
      error instanceof CliError
        ? error
        : new CliError(
            EXIT.internal,
            'internal_error',
            `internal error: ${describe(error)}${io.env.KEYWARD_DEBUG === '1' ? '' : ' (set KEYWARD_DEBUG=1 for the stack trace)'}`,
          )
    io.stderr.write(`keyward: ${failure.message.replace(/\s*\n\s*/g, ' ')}\n`)
    if (io.env.KEYWARD_DEBUG === '1') io.stderr.write(`${debugText(error)}\n`)
    if (wantsJson) {
      try {
        io.stdout.write(
          json({
            error: { code: failure.code, message: failure.message, exitStatus: failure.exitStatus, ...failure.details },
          }),
        )
      } catch {
        // stdout itself may be what failed; the stderr line and the exit status still tell.
      }
    }
    return failure.exitStatus
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}

function debugText(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current))
    current = current instanceof Error ? current.cause : undefined
    if (current !== undefined) parts.push('Caused by:')
  }
  return parts.join('\n')
}
