/**
 * The exit statuses of the `keyward` command: one per class of failure, so a CI step or a script
 * can tell "fix the command" from "the key is bad" from "try again later" without reading text.
 */

export const EXIT = {
  /** Done; for `check`: the key is valid (and live, when asked). */
  ok: 0,
  /** A bug in keyward: an error nobody expected. `KEYWARD_DEBUG=1` prints its stack. */
  internal: 1,
  /** The command line is wrong: unknown command or option, missing or bad value, a key passed as an argument, a prefix not named where the store cannot confirm it. */
  usage: 2,
  /** No key has that id. */
  notFound: 3,
  /** The Redis store is unreachable, timed out or failed. */
  store: 4,
  /** check: the service rejected the key (401, 403), or the key is malformed offline. */
  rejected: 5,
  /** check --require-live: the key is valid but a sandbox (test) key. */
  notLive: 6,
  /** check: no verdict: the service is unreachable, timed out, answered 5xx/429 or not like a keyward service. */
  unavailable: 7,
  /** keys: the Redis client package (ioredis) is not installed, so Redis was never tried. */
  missingPackage: 8,
} as const

export type ExitStatus = (typeof EXIT)[keyof typeof EXIT]

/** The table `keyward --help` prints and the README repeats. */
export const EXIT_STATUS_TABLE: readonly (readonly [ExitStatus, string])[] = [
  [EXIT.ok, 'success (check: the key is valid, and live when --require-live)'],
  [EXIT.internal, 'unexpected internal error (a bug; KEYWARD_DEBUG=1 prints the stack)'],
  [EXIT.usage, 'usage: unknown command or option, bad or missing value, a key as an argument, a prefix not named'],
  [EXIT.notFound, 'not found: no key has that id'],
  [EXIT.store, 'store unavailable: Redis unreachable, timed out or failed'],
  [EXIT.rejected, 'check: key rejected (401/403: unknown, revoked, expired, malformed)'],
  [EXIT.notLive, 'check --require-live: the key is valid but a sandbox (test) key'],
  [EXIT.unavailable, 'check: service unreachable, timed out, 5xx, 429 or not a keyward service'],
  [EXIT.missingPackage, 'missing package: the keys commands need ioredis (npm install ioredis)'],
]

/** Renders the rows for `statuses` (all when omitted) as help text. */
export function exitStatusHelp(statuses?: readonly ExitStatus[]): string {
  return EXIT_STATUS_TABLE.filter(([status]) => statuses === undefined || statuses.includes(status))
    .map(([status, text]) => `  ${status}   ${text}`)
    .join('\n')
}

/**
 * A failure the CLI reports as one line on stderr with its exit status. `code` is a stable
 * identifier for `--json` output (a server's `error.code` for `check`).
 */
export class CliError extends Error {
  readonly exitStatus: ExitStatus
  readonly code: string
  /** Extra fields for `--json` output (HTTP status, request id). */
  readonly details: Readonly<Record<string, unknown>>
  constructor(
    exitStatus: ExitStatus,
    code: string,
    message: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'CliError'
    this.exitStatus = exitStatus
    this.code = code
    this.details = details
  }
}

/** A usage error (exit 2). */
export function usageError(message: string): CliError {
  return new CliError(EXIT.usage, 'usage', message)
}
