/**
 * `keyward check`: a CI step for a secret (E2). Reads the key from `KEYWARD_API_KEY`
 * only, never from an argument (shell history, process lists), calls the auth test endpoint with
 * `keyward/client` and turns the verdict into an exit status. Only the masked key is printed (K4).
 */
import {
  createClient,
  KeywardApiError,
  KeywardNetworkError,
  KeywardResponseError,
  type AuthTestResult,
  type KeywardClient,
} from '../../client/index.js'
import { type KeyFormatProblem, maskKey, parseKey } from '../../core/key-format.js'
import { stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { parseDuration } from '../duration.js'
import { CliError, EXIT, usageError } from '../exit-status.js'
import { keyPrefixOf } from './key-options.js'
import { lines } from '../output.js'
import { CLI_VERSION } from '../version.js'

const DEFAULT_TIMEOUT = '10s'

/** Why a key-looking argument is refused; shared with the global guard in run.ts. */
export const KEY_ARGUMENT_REFUSAL =
  'check reads the key only from the KEYWARD_API_KEY environment variable, never from an argument: shell history and process lists keep arguments (if that was a real key, treat it as exposed and rotate it). Run: KEYWARD_API_KEY="$SECRET" keyward check --base-url <url>'

const FORMAT_PROBLEM: Record<KeyFormatProblem, string> = {
  prefix: 'it does not start with <prefix>_live_ or <prefix>_test_',
  length: 'it has the wrong length (truncated or padded when copied?)',
  alphabet: 'it holds characters that are not base62',
  checksum: 'its checksum does not match (a typo or a changed character?)',
}

function rejectedOffline(message: string): CliError {
  return new CliError(
    EXIT.rejected,
    'INVALID_API_KEY_FORMAT',
    `check failed: INVALID_API_KEY_FORMAT: ${message} (checked offline, no request sent)`,
    {
      status: null,
      requestId: null,
    },
  )
}

/** The offline check of KEYWARD_API_KEY (K1, K2), with a reason that never shows the key. */
function checkKeyFormat(apiKey: string, keyPrefix: string): void {
  const parsed = parseKey(apiKey, keyPrefix)
  if (parsed.ok) return
  if (/^\s*bearer\b/i.test(apiKey)) throw rejectedOffline('KEYWARD_API_KEY holds "Bearer …": set the raw key only')
  if (/\s/.test(apiKey)) {
    throw rejectedOffline(
      'KEYWARD_API_KEY contains whitespace (often a trailing newline from the secret); set the key exactly as issued',
    )
  }
  if (apiKey.includes('****')) {
    throw rejectedOffline(
      'KEYWARD_API_KEY is a masked key; masked values never authenticate: set the full key, shown once at creation',
    )
  }
  const otherBrand = /^([a-z][a-z0-9]{0,31})_(?:live|test)_/.exec(apiKey)?.[1]
  if (parsed.problem === 'prefix' && otherBrand !== undefined && otherBrand !== keyPrefix) {
    throw rejectedOffline(
      `KEYWARD_API_KEY has the key prefix ${otherBrand}_, not ${keyPrefix}_; if the service uses ${otherBrand}, pass --key-prefix ${otherBrand}`,
    )
  }
  // The masked form (K4) only for a value long enough that its last 4 characters are key body.
  const showMasked = parsed.problem !== 'prefix' && apiKey.length >= keyPrefix.length + 6 + 8
  const masked = !showMasked
    ? ''
    : ` (${maskKey(apiKey.startsWith('live', keyPrefix.length + 1) ? 'live' : 'test', apiKey.slice(-4), keyPrefix)})`
  throw rejectedOffline(
    `KEYWARD_API_KEY${masked} is not a well-formed key: ${FORMAT_PROBLEM[parsed.problem].replaceAll('<prefix>', keyPrefix)}`,
  )
}

/** A one-line, key-free text of a server message. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500)
}

function requestIdText(requestId: string | null): string {
  return requestId === null ? 'no request id' : `request id ${requestId}`
}

/** The client's error as the CLI's verdict: rejected (5), or no verdict (7). */
function verdictOf(error: unknown, baseUrl: string): CliError {
  const message = (error as Error)?.message?.replace(/^keyward: /, '') ?? String(error)
  if (error instanceof KeywardApiError) {
    const details = { status: error.status, requestId: error.requestId }
    const tail = `(HTTP ${error.status}, ${requestIdText(error.requestId)})`
    if (error.status === 401 || error.status === 403) {
      return new CliError(
        EXIT.rejected,
        error.serverCode ?? error.code,
        `check failed: ${error.serverCode ?? error.code}: ${oneLine(message)} ${tail}`,
        details,
      )
    }
    const advice =
      error.status === 429
        ? ` retry after ${error.retryAfter ?? '?'} s`
        : error.status >= 500
          ? ' the service failed; retry later'
          : ` is --base-url (${baseUrl}) the service root?`
    return new CliError(
      EXIT.unavailable,
      error.serverCode ?? error.code,
      `check could not decide: ${error.serverCode ?? error.code}: ${oneLine(message)} ${tail};${advice}`,
      details,
    )
  }
  if (error instanceof KeywardNetworkError) {
    return new CliError(EXIT.unavailable, error.code, `check could not reach the service: ${oneLine(message)}`, {
      status: null,
      requestId: null,
    })
  }
  if (error instanceof KeywardResponseError) {
    return new CliError(
      EXIT.unavailable,
      error.code,
      `check could not decide: ${oneLine(message)} (${requestIdText(error.requestId)})`,
      {
        status: error.status,
        requestId: error.requestId,
      },
    )
  }
  throw error
}

export const check: CommandSpec = {
  name: 'check',
  summary: 'check the key in KEYWARD_API_KEY against a service (a CI step)',
  usage: 'check --base-url <url> [--require-live] [--timeout <duration>]',
  description: [
    'Calls POST /api/v1/auth/test with the key in KEYWARD_API_KEY and exits 0 when\nthe service accepts it (and it is a live key, with --require-live). Otherwise it prints the\nerror code and the request id on one line and exits non-zero. The auth test costs no rate\nlimit or quota; a 500 is retried once.',
    'The key is read from KEYWARD_API_KEY only. Keys given as arguments are refused: shell history\nand process lists keep arguments. Only the masked key is ever printed.',
    'With --json, prints { "valid", "keyType", "maskedKey", "baseUrl", "requestId", "rateLimit",\n"quota" }, or { "error": { "code", "message", "exitStatus", "status", "requestId" } }.',
  ],
  positionals: [],
  options: {
    'base-url': {
      type: 'string',
      value: '<url>',
      description: 'the service root, e.g. https://api.example.com (without /api/v1)',
    },
    'require-live': { type: 'boolean', description: 'fail (exit 6) unless the key is a live key' },
    timeout: {
      type: 'string',
      value: '<duration>',
      description: `time limit of each attempt: 30s, 1m… (default ${DEFAULT_TIMEOUT})`,
    },
    'key-prefix': {
      type: 'string',
      value: '<key-prefix>',
      description: "the service's key prefix: acme in acme_live_… (default:\n$KEYWARD_KEY_PREFIX, else svc)",
    },
  },
  environment: [
    ['KEYWARD_API_KEY', 'the key to check (required)'],
    ['KEYWARD_KEY_PREFIX', 'the key prefix when --key-prefix is not given (default svc)'],
    ['KEYWARD_DEBUG', 'set to 1 to print stack traces of unexpected errors'],
  ],
  exitStatuses: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.rejected, EXIT.notLive, EXIT.unavailable],
  examples: [
    'KEYWARD_API_KEY="$SVC_API_KEY" keyward check --base-url https://api.example.com --require-live',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, printed as written
    '# GitHub Actions: env: { KEYWARD_API_KEY: ${{ secrets.SVC_API_KEY }} }, run: npx keyward check --base-url …',
  ],
  async run({ values, positionals, env }) {
    if (positionals.length > 0) throw usageError(KEY_ARGUMENT_REFUSAL)
    const baseUrl = stringOption(values, 'base-url')
    if (baseUrl === undefined)
      throw usageError('check needs --base-url <url>, the service root (see keyward check --help)')
    const { keyPrefix } = keyPrefixOf({ values, env })
    const timeoutText = stringOption(values, 'timeout') ?? DEFAULT_TIMEOUT
    const timeout = parseDuration(timeoutText)
    if (!timeout.ok)
      throw usageError(`option --timeout: bad duration ${JSON.stringify(timeoutText.slice(0, 40))}: ${timeout.reason}`)
    if (timeout.ms > 2_147_483_647) throw usageError('option --timeout may be at most 24 days')

    const apiKey = env.KEYWARD_API_KEY
    if (apiKey === undefined || apiKey === '') {
      throw usageError('KEYWARD_API_KEY is not set: check reads the key to check from it (never from an argument)')
    }
    checkKeyFormat(apiKey, keyPrefix)

    let client: KeywardClient
    try {
      client = createClient({
        apiKey,
        baseUrl,
        keyPrefix,
        timeoutMs: timeout.ms,
        userAgent: `keyward-cli/${CLI_VERSION}`,
      })
    } catch (error) {
      if (!(error instanceof TypeError)) throw error
      // The key passed the format check, so this is about the URL; the message never holds the key.
      throw usageError(error.message.replace(/^keyward: /, '').replace(/option "baseUrl"/g, '--base-url'))
    }

    let result: AuthTestResult
    try {
      result = await client.authTest()
    } catch (error) {
      throw verdictOf(error, client.baseUrl)
    }
    const summary = {
      valid: true,
      keyType: result.keyType,
      maskedKey: client.maskedKey,
      baseUrl: client.baseUrl,
      requestId: result.requestId,
      rateLimit: result.rateLimit,
      quota: result.quota,
    }
    if (values['require-live'] === true && result.keyType !== 'live') {
      throw new CliError(
        EXIT.notLive,
        'KEY_NOT_LIVE',
        `check failed: KEY_NOT_LIVE: ${client.maskedKey} is a valid sandbox (test) key, but --require-live needs a live key (${keyPrefix}_live_…) (${requestIdText(result.requestId)})`,
        { status: result.status, requestId: result.requestId, keyType: result.keyType, maskedKey: client.maskedKey },
      )
    }
    const kind = result.keyType === 'live' ? 'live' : 'sandbox (test)'
    return {
      json: summary,
      text: lines(
        `OK: ${client.maskedKey} is a valid ${kind} key at ${client.baseUrl} (${requestIdText(result.requestId)}).`,
      ),
    }
  },
}
