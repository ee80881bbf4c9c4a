/**
 * What the reference server prints. `LOG_FORMAT=text` (the default): plain lines, start-up lines
 * on stdout and problems on stderr. `LOG_FORMAT=json`: one JSON object a line on both streams
 * (pino: `level`, `time`, then the fields, then `msg`), so a log collector never meets a plain
 * line. The start-up lines keep their text in `msg` (`… listening on http://HOST:PORT`), so a
 * `grep` for it finds them in either format.
 */
import { format } from 'node:util'
import { pino, type Logger } from 'pino'

export type LogFormat = 'text' | 'json'

export interface ServerLog {
  format: LogFormat
  /** A start-up or status line, on stdout; `fields` are added to the JSON object only. */
  info(msg: string, fields?: Record<string, unknown>): void
  /** A problem, on stderr, with the error (its stack in JSON as `err`) when there is one. */
  error(msg: string, error?: unknown): void
  /** The stdout logger of LOG_FORMAT=json, which the request log writes to; null for text. */
  json: Logger | null
}

/** LOG_FORMAT as given, or null when it is not `text` or `json` (parseTelemetryEnv says why). */
export function logFormatOf(env: NodeJS.ProcessEnv): LogFormat | null {
  const value = (env.LOG_FORMAT ?? '').trim().toLowerCase() || 'text'
  return value === 'text' || value === 'json' ? value : null
}

const jsonLogger = (fd: 1 | 2) =>
  pino(
    { base: null, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    pino.destination({ dest: fd, sync: true }),
  )

export function createServerLog(logFormat: LogFormat): ServerLog {
  if (logFormat === 'text') {
    return {
      format: logFormat,
      info: (msg) => console.log(msg),
      error: (msg, error) => (error === undefined ? console.error(msg) : console.error(msg, error)),
      json: null,
    }
  }
  const out = jsonLogger(1)
  const err = jsonLogger(2)
  routeConsoleAndWarnings(out, err)
  return {
    format: logFormat,
    info: (msg, fields) => out.info(fields ?? {}, msg),
    error: (msg, error) => err.error(error === undefined ? {} : { err: error }, msg),
    json: out,
  }
}

/**
 * Lines printed by the libraries the server runs (keyward's own warnings, a framework's, Node's
 * process warnings) become JSON lines too: a JSON log is JSON on every line.
 */
function routeConsoleAndWarnings(out: Logger, err: Logger): void {
  console.log = console.info = (...args: unknown[]) => out.info(format(...args))
  console.debug = (...args: unknown[]) => out.debug(format(...args))
  console.warn = (...args: unknown[]) => err.warn(format(...args))
  console.error = (...args: unknown[]) => err.error(format(...args))
  // Node prints process warnings through a 'warning' listener of its own; this one replaces it.
  process.removeAllListeners('warning')
  process.on('warning', (warning) =>
    err.warn({ code: (warning as { code?: string }).code ?? null, name: warning.name }, warning.message),
  )
}
