/**
 * The parity case table: every H, K, L, R and E rule of docs/ as requests over real HTTP
 * and what each must answer. `parity.test.ts` runs every case on every framework and then asserts
 * that the normalized responses are identical across them.
 *
 * A case runs against a fresh-enough world: the shared keys of `SharedKeys` (made once per
 * framework) or keys it makes itself, and a manual clock that only the case moves. Every
 * framework runs the same cases in the same order from the same instant, so times agree.
 */
import { expect } from 'vitest'
import { generateKey } from '../../src/core/key-format.js'
import type { CreateKeyInput } from '../../src/core/key-input.js'
import { type Expectation, check, normalize, type Normalized, REQUEST_ID } from './support/check.js'
import { type CaseHarness, DASHBOARD_TOKEN, type HarnessOptions, STORE_TIMEOUT_MS } from './support/harness.js'
import { type RawRequest, type RawResponse, rawExchange } from './support/raw-http.js'

// The texts clients compare by (H2–H9), written out character for character.
const P = {
  missing: 'Missing Authorization header',
  empty: 'Authorization header is present but empty',
  raw: 'API key detected in the Authorization header without the required prefix',
  scheme: 'Svc requires the Authorization: Bearer <your-key> header',
  malformed: 'Malformed Authorization header',
  format: 'API key must start with svc_live_ or svc_test_',
  unknownLive: 'Invalid API key \u2014 no matching live (svc_live_) key found',
  unknownTest: 'Invalid API key \u2014 no matching test (svc_test_) key found',
  revoked: 'This API key has been revoked',
  expired: 'This API key has expired',
  disabled: 'This API key is disabled',
  address: 'This API key is not allowed from this address',
  permission: 'This API key lacks the permission',
  minute: 'Rate limit exceeded',
  month: 'Monthly quota exceeded',
} as const

// H11
const W = {
  none: 'Bearer realm="Svc"',
  request: 'Bearer realm="Svc", error="invalid_request"',
  token: 'Bearer realm="Svc", error="invalid_token"',
} as const

export const AUTH_TEST = '/api/v1/auth/test'
export const IP_LOOKUP = '/api/v1/ip/lookup?ip=192.0.2.1'
const EMAIL = '/api/v1/email/validate'
const DASHBOARD = '/api/dashboard/api-keys'

type Headers = ReadonlyArray<readonly [string, string]>
const bearer = (key: string): Headers => [['Authorization', `Bearer ${key}`]]

/** Keys every case may use; made once per framework before the cases run. */
export interface SharedKeys {
  live: string
  test: string
  revoked: string
  expired: string
  /** A suspended key (M5). */
  disabled: string
  /** Well-formed keys that no record holds. */
  unknownLive: string
  unknownTest: string
}

/** What a case works with. */
export interface CaseContext {
  h: CaseHarness
  keys: SharedKeys
  /** Sends a request, asserts the expectation, and keeps the normalized response for parity. */
  expect(request: RawRequest, expected: Expectation): Promise<any>
  /** Sends a request and keeps it for parity without the standard assertions. */
  send(request: RawRequest): Promise<RawResponse>
  /** Keeps a response obtained another way (a raw exchange) for parity. */
  observe(response: RawResponse): void
  /** Sends a request that must be refused by a limit (L4): Retry-After must match X-RateLimit-Reset or X-Quota-Reset. */
  expectLimited(
    request: RawRequest,
    expected: Omit<Expectation, 'status' | 'code' | 'retryAfter'>,
    binding: 'minute' | 'month',
  ): Promise<any>
  /** Creates a key directly through the key manager (name defaults to the case id). */
  issue(input?: Partial<CreateKeyInput>): Promise<{ key: string; id: string }>
  /** A dashboard request with the dashboard token. */
  dashboard(method: string, path: string, body?: unknown, extra?: Headers): RawRequest
  /** Another app of the same framework with other options (closed when the case ends), and a context on it. */
  withApp(options: HarnessOptions): Promise<CaseContext>
}

export interface ParityCase {
  /** The rule ids (headings in docs/) the case proves. */
  ids: string
  name: string
  run(ctx: CaseContext): Promise<void>
}

export async function makeSharedKeys(h: CaseHarness): Promise<SharedKeys> {
  const create = (input: CreateKeyInput) => h.keyward.keys.create(input)
  const live = await create({ name: 'shared live', keyType: 'live' })
  const test = await create({ name: 'shared test', keyType: 'test' })
  const revoked = await create({ name: 'shared revoked', keyType: 'live' })
  await h.keyward.keys.revoke(revoked.record.id)
  const disabled = await create({ name: 'shared disabled', keyType: 'live' })
  await h.keyward.keys.update(disabled.record.id, { enabled: false })
  const expired = await create({ name: 'shared expired', keyType: 'live', expiresAt: h.clock.now() + 1000 })
  h.clock.advance(1000)
  return {
    live: live.key,
    test: test.key,
    revoked: revoked.key,
    expired: expired.key,
    disabled: disabled.key,
    unknownLive: generateKey('live', 'svc'),
    unknownTest: generateKey('test', 'svc'),
  }
}

/** Starts another app of the case's framework; the suite closes it when the case ends. */
export type StartApp = (options: HarnessOptions) => Promise<CaseHarness>

export function createContext(
  h: CaseHarness,
  keys: SharedKeys,
  observed: Normalized[],
  caseName: string,
  startApp: StartApp,
): CaseContext {
  const send = async (request: RawRequest) => {
    const response = await h.send(request)
    observed.push(normalize(response))
    return response
  }
  return {
    h,
    keys,
    send,
    observe: (response) => observed.push(normalize(response)),
    async expectLimited(request, expected, binding) {
      const response = await send(request)
      const reset = Number(response.header(binding === 'minute' ? 'x-ratelimit-reset' : 'x-quota-reset'))
      // L4: whole seconds until the request would be admitted, rounded up.
      const retryAfter = Math.ceil(reset - h.clock.now() / 1000)
      const message = binding === 'minute' ? P.minute : P.month
      return check(response, { message, ...expected, status: 429, code: 'rate_limited', retryAfter })
    },
    async expect(request, expected) {
      return check(await send(request), { head: request.method === 'HEAD', ...expected })
    },
    async issue(input = {}) {
      const created = await h.keyward.keys.create({ name: caseName.slice(0, 100), ...input })
      return { key: created.key, id: created.record.id }
    },
    async withApp(options) {
      const other = await startApp(options)
      return createContext(other, keys, observed, caseName, startApp)
    },
    dashboard(method, path, body, extra = []) {
      const headers: Array<readonly [string, string]> = [['Authorization', `Bearer ${DASHBOARD_TOKEN}`], ...extra]
      if (body === undefined) return { method, path, headers }
      headers.push(['Content-Type', 'application/json'])
      return { method, path, headers, body: typeof body === 'string' ? body : JSON.stringify(body) }
    },
  }
}

/**
 * Runs one case on `h`, pushing each normalized response it sees to `observed` (kept when the case
 * fails too); apps the case starts with `startApp` are closed when it ends.
 */
export async function runCase(
  parityCase: ParityCase,
  h: CaseHarness,
  keys: SharedKeys,
  startApp: StartApp,
  observed: Normalized[],
): Promise<void> {
  const extra: CaseHarness[] = []
  const startOther: StartApp = async (options) => {
    const other = await startApp(options)
    extra.push(other)
    return other
  }
  try {
    await parityCase.run(createContext(h, keys, observed, parityCase.name, startOther))
  } finally {
    await Promise.all(extra.map((other) => other.close()))
  }
}

// ---------------------------------------------------------------------------------------------
// H: credentials. Each row runs on the auth test endpoint and on a consuming protected route,
// which must answer alike (H12: one error catalogue for every protected route).

type CredentialOutcome =
  | { ok: true; deprecated?: boolean }
  | { ok: false; code: Expectation['code']; message: string; www: string }

interface CredentialRow {
  ids: string
  name: string
  headers(keys: SharedKeys): Headers
  query?: string
  outcome: CredentialOutcome
}

const fail = (code: Expectation['code'], message: string, www: string): CredentialOutcome => ({
  ok: false,
  code,
  message,
  www,
})
const ok: CredentialOutcome = { ok: true }
const viaApiKey: CredentialOutcome = { ok: true, deprecated: true }

/** The shared live key with its body changed so that only one K1/K2 rule fails. */
const mangle = {
  prefix: (k: string) => `sk_${k.slice(4)}`,
  short: (k: string) => k.slice(0, -1),
  checksum: (k: string) => k.slice(0, -1) + (k.endsWith('A') ? 'B' : 'A'),
  alphabet: (k: string) => `${k.slice(0, 12)}-${k.slice(13)}`,
  masked: (k: string) => `svc_live_****${k.slice(-4)}`,
}

const CREDENTIAL_ROWS: CredentialRow[] = [
  {
    ids: 'H2 H11',
    name: 'no credentials → UNAUTHORIZED, challenge without error',
    headers: () => [],
    outcome: fail('UNAUTHORIZED', P.missing, W.none),
  },
  {
    ids: 'H1 H11',
    name: 'two Authorization lines, both valid → malformed',
    headers: (k) => [
      ['Authorization', `Bearer ${k.live}`],
      ['Authorization', `Bearer ${k.live}`],
    ],
    outcome: fail('UNAUTHORIZED', P.malformed, W.request),
  },
  {
    ids: 'H1',
    name: 'Authorization twice in different case, one empty → malformed',
    headers: (k) => [
      ['authorization', ''],
      ['AUTHORIZATION', `Bearer ${k.live}`],
    ],
    outcome: fail('UNAUTHORIZED', P.malformed, W.request),
  },
  {
    ids: 'H1 H8',
    name: 'duplicate Authorization with a valid x-api-key → authenticated by x-api-key',
    headers: (k) => [
      ['Authorization', `Bearer ${k.live}`],
      ['Authorization', `Bearer ${k.live}`],
      ['x-api-key', k.live],
    ],
    outcome: viaApiKey,
  },
  {
    ids: 'H3 H11',
    name: 'empty Authorization value → present but empty',
    headers: () => [['Authorization', '']],
    outcome: fail('UNAUTHORIZED', P.empty, W.request),
  },
  {
    ids: 'H3 H7',
    name: 'whitespace-only Authorization value → present but empty',
    headers: () => [['Authorization', ' \t  ']],
    outcome: fail('UNAUTHORIZED', P.empty, W.request),
  },
  {
    ids: 'H4',
    name: 'a raw key without the scheme → required prefix',
    headers: (k) => [['Authorization', k.live]],
    outcome: fail('UNAUTHORIZED', P.raw, W.request),
  },
  {
    ids: 'H4',
    name: 'a raw key followed by more text → required prefix',
    headers: (k) => [['Authorization', `${k.live} extra`]],
    outcome: fail('UNAUTHORIZED', P.raw, W.request),
  },
  {
    ids: 'H5',
    name: 'Basic scheme → requires Bearer',
    headers: () => [['Authorization', 'Basic dXNlcjpwYXNz']],
    outcome: fail('UNAUTHORIZED', P.scheme, W.request),
  },
  {
    ids: 'H5',
    name: 'JWT scheme → requires Bearer',
    headers: () => [['Authorization', 'JWT eyJhbGciOiJIUzI1NiJ9.e30.x']],
    outcome: fail('UNAUTHORIZED', P.scheme, W.request),
  },
  {
    ids: 'H5',
    name: 'Token scheme with a valid key → requires Bearer',
    headers: (k) => [['Authorization', `Token ${k.live}`]],
    outcome: fail('UNAUTHORIZED', P.scheme, W.request),
  },
  {
    ids: 'H5',
    name: 'a single token that is not a key → requires Bearer',
    headers: () => [['Authorization', 'opensesame']],
    outcome: fail('UNAUTHORIZED', P.scheme, W.request),
  },
  {
    ids: 'H6',
    name: 'two spaces after Bearer → malformed',
    headers: (k) => [['Authorization', `Bearer  ${k.live}`]],
    outcome: fail('UNAUTHORIZED', P.malformed, W.request),
  },
  {
    ids: 'H6',
    name: 'a tab after Bearer → malformed',
    headers: (k) => [['Authorization', `Bearer\t${k.live}`]],
    outcome: fail('UNAUTHORIZED', P.malformed, W.request),
  },
  {
    ids: 'H6',
    name: 'Bearer with nothing after it → malformed',
    headers: () => [['Authorization', 'Bearer']],
    outcome: fail('UNAUTHORIZED', P.malformed, W.request),
  },
  {
    ids: 'H6',
    name: 'Bearer with two tokens → malformed',
    headers: (k) => [['Authorization', `Bearer ${k.live} ${k.live}`]],
    outcome: fail('UNAUTHORIZED', P.malformed, W.request),
  },
  {
    ids: 'H7',
    name: 'lower-case scheme "bearer" → accepted',
    headers: (k) => [['Authorization', `bearer ${k.live}`]],
    outcome: ok,
  },
  {
    ids: 'H7',
    name: 'upper-case scheme "BEARER" → accepted',
    headers: (k) => [['Authorization', `BEARER ${k.live}`]],
    outcome: ok,
  },
  {
    ids: 'H8',
    name: 'only x-api-key with a valid key → authenticated, Deprecation and Link',
    headers: (k) => [['x-api-key', k.live]],
    outcome: viaApiKey,
  },
  {
    ids: 'H8',
    name: 'Basic Authorization and a valid x-api-key → authenticated by x-api-key',
    headers: (k) => [
      ['Authorization', 'Basic dXNlcjpwYXNz'],
      ['X-API-Key', k.live],
    ],
    outcome: viaApiKey,
  },
  {
    ids: 'H8',
    name: 'empty Authorization and a valid x-api-key → authenticated by x-api-key',
    headers: (k) => [
      ['Authorization', ''],
      ['x-api-key', k.live],
    ],
    outcome: viaApiKey,
  },
  {
    ids: 'H8 H9',
    name: 'x-api-key alone with an unknown key → INVALID_API_KEY',
    headers: (k) => [['x-api-key', k.unknownLive]],
    outcome: fail('INVALID_API_KEY', P.unknownLive, W.token),
  },
  {
    ids: 'H8 K1',
    name: 'x-api-key alone with a malformed key → INVALID_API_KEY_FORMAT',
    headers: () => [['x-api-key', 'not-a-key']],
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H8 H9',
    name: 'x-api-key alone with a revoked key → API_KEY_REVOKED',
    headers: (k) => [['x-api-key', k.revoked]],
    outcome: fail('API_KEY_REVOKED', P.revoked, W.token),
  },
  {
    ids: 'H8 H5',
    name: 'Basic Authorization and an unknown x-api-key → the Authorization error',
    headers: (k) => [
      ['Authorization', 'Basic dXNlcjpwYXNz'],
      ['x-api-key', k.unknownLive],
    ],
    outcome: fail('UNAUTHORIZED', P.scheme, W.request),
  },
  {
    ids: 'H8 H3',
    name: 'empty Authorization and a revoked x-api-key → the Authorization error',
    headers: (k) => [
      ['Authorization', ''],
      ['x-api-key', k.revoked],
    ],
    outcome: fail('UNAUTHORIZED', P.empty, W.request),
  },
  {
    ids: 'H8 H2',
    name: 'empty x-api-key and no Authorization → counts as absent',
    headers: () => [['x-api-key', '']],
    outcome: fail('UNAUTHORIZED', P.missing, W.none),
  },
  {
    ids: 'H8',
    name: 'x-api-key sent twice with valid keys → not a key',
    headers: (k) => [
      ['x-api-key', k.live],
      ['x-api-key', k.live],
    ],
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H8',
    name: 'x-api-key holding a comma-joined value → not a key',
    headers: (k) => [['x-api-key', `${k.live}, ${k.test}`]],
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H9',
    name: 'a valid Bearer key and a malformed x-api-key → x-api-key ignored',
    headers: (k) => [
      ['Authorization', `Bearer ${k.live}`],
      ['x-api-key', 'garbage'],
    ],
    outcome: ok,
  },
  {
    ids: 'H9',
    name: 'an unknown Bearer key and a valid x-api-key → INVALID_API_KEY (x-api-key ignored)',
    headers: (k) => [
      ['Authorization', `Bearer ${k.unknownLive}`],
      ['x-api-key', k.live],
    ],
    outcome: fail('INVALID_API_KEY', P.unknownLive, W.token),
  },
  {
    ids: 'H9 K1',
    name: 'a key of another provider → INVALID_API_KEY_FORMAT',
    headers: (k) => bearer(mangle.prefix(k.live)),
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H9 K1',
    name: 'a key one character short → INVALID_API_KEY_FORMAT',
    headers: (k) => bearer(mangle.short(k.live)),
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H9 K1',
    name: 'a key with a character outside base62 → INVALID_API_KEY_FORMAT',
    headers: (k) => bearer(mangle.alphabet(k.live)),
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H9 K2',
    name: 'a key whose checksum does not match → INVALID_API_KEY_FORMAT',
    headers: (k) => bearer(mangle.checksum(k.live)),
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H9 K4',
    name: 'a masked dashboard value → INVALID_API_KEY_FORMAT',
    headers: (k) => bearer(mangle.masked(k.live)),
    outcome: fail('INVALID_API_KEY_FORMAT', P.format, W.token),
  },
  {
    ids: 'H9',
    name: 'a well-formed live key no record holds → no matching live key',
    headers: (k) => bearer(k.unknownLive),
    outcome: fail('INVALID_API_KEY', P.unknownLive, W.token),
  },
  {
    ids: 'H9',
    name: 'a well-formed test key no record holds → no matching test key',
    headers: (k) => bearer(k.unknownTest),
    outcome: fail('INVALID_API_KEY', P.unknownTest, W.token),
  },
  {
    ids: 'H9 K6',
    name: 'a revoked key → API_KEY_REVOKED',
    headers: (k) => bearer(k.revoked),
    outcome: fail('API_KEY_REVOKED', P.revoked, W.token),
  },
  {
    ids: 'H9 K6',
    name: 'an expired key → API_KEY_EXPIRED',
    headers: (k) => bearer(k.expired),
    outcome: fail('API_KEY_EXPIRED', P.expired, W.token),
  },
  {
    ids: 'M5 H11',
    name: 'a suspended key → API_KEY_DISABLED with an invalid_token challenge',
    headers: (k) => bearer(k.disabled),
    outcome: fail('API_KEY_DISABLED', P.disabled, W.token),
  },
  {
    ids: 'M5 H8',
    name: 'x-api-key alone with a suspended key → API_KEY_DISABLED',
    headers: (k) => [['x-api-key', k.disabled]],
    outcome: fail('API_KEY_DISABLED', P.disabled, W.token),
  },
  {
    ids: 'H10',
    name: 'a valid key in ?api_key= and no header → missing, query keys not accepted',
    headers: () => [],
    query: 'api_key=KEY',
    outcome: fail('UNAUTHORIZED', P.missing, W.none),
  },
  {
    ids: 'H10',
    name: 'a key-looking value in any parameter and no header → missing, query keys not accepted',
    headers: () => [],
    query: 'q=KEY',
    outcome: fail('UNAUTHORIZED', P.missing, W.none),
  },
  {
    ids: 'H10',
    name: 'a ?token= parameter and no header → missing, query keys not accepted',
    headers: () => [],
    query: 'token=abc',
    outcome: fail('UNAUTHORIZED', P.missing, W.none),
  },
  {
    ids: 'H10',
    name: 'a key in the query and a valid Bearer header → the header authenticates',
    headers: (k) => bearer(k.live),
    query: 'api_key=KEY',
    outcome: ok,
  },
]

function withQuery(path: string, query: string | undefined, keys: SharedKeys): string {
  if (!query) return path
  return `${path}${path.includes('?') ? '&' : '?'}${query.replace('KEY', keys.live)}`
}

function credentialCase(row: CredentialRow, endpoint: 'auth-test' | 'protected'): ParityCase {
  const where = endpoint === 'auth-test' ? 'POST /api/v1/auth/test' : 'GET /api/v1/ip/lookup'
  return {
    ids: endpoint === 'protected' ? `${row.ids} H12` : row.ids,
    name: `${row.name} (${where})`,
    async run(t) {
      const path = withQuery(endpoint === 'auth-test' ? AUTH_TEST : IP_LOOKUP, row.query, t.keys)
      const request: RawRequest = {
        method: endpoint === 'auth-test' ? 'POST' : 'GET',
        path,
        headers: row.headers(t.keys),
      }
      const outcome = row.outcome
      if (!outcome.ok) {
        const body = await t.expect(request, {
          status: 401,
          code: outcome.code,
          message: outcome.message,
          www: outcome.www,
        })
        if (row.ids.includes('H10')) expect(body.error.message).toMatch(/query-string API keys are not accepted/i)
        if (row.name.startsWith('no credentials')) expect(body.error.message).not.toMatch(/query/i)
        return
      }
      const body = await t.expect(request, {
        status: 200,
        deprecated: outcome.deprecated === true,
        limits: { limit: 1000 },
        quota: null,
      })
      if (endpoint === 'auth-test') expect(body.data).toEqual({ valid: true, authenticated: true, keyType: 'live' })
      else expect(body.data).toEqual({ ip: '192.0.2.1', version: 4 })
    },
  }
}

/**
 * The two cases of the credential row named `name` (on the auth test and on a protected route),
 * answered as the row named `as` is: for a server that hands keyward another request in their
 * place (Next.js keeps only the first of repeated Authorization lines), `as` being a row whose
 * request is answered as that one.
 */
export function credentialCasesAnsweredAs(name: string, as: string): ParityCase[] {
  const row = CREDENTIAL_ROWS.find((candidate) => candidate.name === name)
  const answer = CREDENTIAL_ROWS.find((candidate) => candidate.name === as)
  if (row === undefined || answer === undefined) throw new Error(`no credential rows named ${name} and ${as}`)
  return (['auth-test', 'protected'] as const).map((endpoint) =>
    credentialCase({ ...row, outcome: answer.outcome }, endpoint),
  )
}

const credentialCases: ParityCase[] = [
  ...CREDENTIAL_ROWS.flatMap((row) => [credentialCase(row, 'auth-test'), credentialCase(row, 'protected')]),
  {
    ids: 'H1',
    name: 'a second Authorization line after 2,000 other header lines is still seen → malformed',
    async run(t) {
      // One-byte names and values: 2,000 lines fit in Node's 16 KiB head limit.
      const filler = Array.from({ length: 2000 }, () => ['a', 'b'] as const)
      const headers = [
        ['Authorization', `Bearer ${t.keys.live}`] as const,
        ...filler,
        ['Authorization', `Bearer ${t.keys.test}`] as const,
      ]
      await t.expect(
        { method: 'POST', path: AUTH_TEST, headers },
        { status: 401, code: 'UNAUTHORIZED', message: P.malformed, www: W.request },
      )
    },
  },
]

// ---------------------------------------------------------------------------------------------
// K: keys, through the dashboard and the auth test.

const keyCases: ParityCase[] = [
  {
    ids: 'K1 K5 E5',
    name: 'a created live key has the K1 form, and the record every K5 field',
    async run(t) {
      const body = await t.expect(t.dashboard('POST', DASHBOARD, { name: '  CI deploy  ' }), { status: 201 })
      const { key, ...record } = body.data
      expect(key).toMatch(/^svc_live_[0-9A-Za-z]{38}$/)
      expect(record).toEqual({
        id: expect.stringMatching(/^key_[0-9A-Za-z]{24}$/),
        name: 'CI deploy',
        keyType: 'live',
        maskedKey: `svc_live_****${key.slice(-4)}`,
        status: 'active',
        createdAt: new Date(t.h.clock.now()).toISOString(),
        expiresAt: null,
        revokedAt: null,
        lastUsedAt: null,
        scopes: ['ip', 'email'],
        limits: null,
        ownerId: null,
        meta: null,
        enabled: true,
        allowedIps: null,
        roles: null,
        credits: null,
      })
      const test = await t.expect(
        { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      expect(test.data.keyType).toBe('live')
    },
  },
  {
    ids: 'K1 E5 E2',
    name: 'a sandbox key begins svc_test_ and the auth test calls it "test"',
    async run(t) {
      const body = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'sandbox', sandbox: true }), { status: 201 })
      expect(body.data.key).toMatch(/^svc_test_[0-9A-Za-z]{38}$/)
      expect(body.data.keyType).toBe('test')
      const test = await t.expect(
        { method: 'POST', path: AUTH_TEST, headers: bearer(body.data.key) },
        { status: 200, limits: { limit: 10 }, quota: { limit: 1000 } },
      )
      expect(test.data).toEqual({ valid: true, authenticated: true, keyType: 'test' })
    },
  },
  {
    ids: 'K3 K4 E5',
    name: 'after creation the full key appears in no response: the list shows the masked value only',
    async run(t) {
      const created = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'shown once' }), { status: 201 })
      const list = await t.send(t.dashboard('GET', DASHBOARD))
      const listed = check(list, { status: 200 })
      expect(list.body).not.toContain(created.data.key)
      const entry = listed.data.find((record: { id: string }) => record.id === created.data.id)
      expect(entry.maskedKey).toBe(`svc_live_****${created.data.key.slice(-4)}`)
      expect(entry).not.toHaveProperty('key')
      const single = await t.send(t.dashboard('GET', `${DASHBOARD}/${created.data.id}`))
      expect(single.body).not.toContain(created.data.key)
    },
  },
  {
    ids: 'K6 K7 E5',
    name: 'revoke: the next request is refused at once, a second revoke returns the same record',
    async run(t) {
      const { key, id } = await t.issue()
      await t.expect(
        { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      const first = await t.expect(t.dashboard('POST', `${DASHBOARD}/${id}/revoke`), { status: 200 })
      expect(first.data).toMatchObject({ id, status: 'revoked', revokedAt: new Date(t.h.clock.now()).toISOString() })
      await t.expect(
        { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
        { status: 401, code: 'API_KEY_REVOKED', message: P.revoked, www: W.token },
      )
      t.h.clock.advance(5000)
      const again = await t.expect(t.dashboard('POST', `${DASHBOARD}/${id}/revoke`), { status: 200 })
      expect(again.data).toEqual(first.data)
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 401, code: 'API_KEY_REVOKED', message: P.revoked, www: W.token },
      )
    },
  },
  {
    ids: 'M5 M9 K7',
    name: 'suspend and resume on the dashboard: refused at once, consuming nothing, then admitted again',
    async run(t) {
      const { key, id } = await t.issue()
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { status: 200, limits: { remaining: 999 } })
      const suspended = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${id}`, { enabled: false }), { status: 200 })
      expect(suspended.data).toMatchObject({ id, status: 'active', enabled: false })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 401, code: 'API_KEY_DISABLED', message: P.disabled, www: W.token },
      )
      const listed = await t.expect(t.dashboard('GET', `${DASHBOARD}/${id}`), { status: 200 })
      expect(listed.data.enabled).toBe(false)
      const resumed = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${id}`, { enabled: true }), { status: 200 })
      expect(resumed.data.enabled).toBe(true)
      // The refused request counted nothing: one request before, this one after.
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { status: 200, limits: { remaining: 998 } })
    },
  },
  {
    ids: 'M5 M9 O5 E5',
    name: 'enabled must be a boolean (400 naming it), and a revoked key cannot be enabled (409)',
    async run(t) {
      const { id } = await t.issue()
      const bad = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${id}`, { enabled: 'no' }), {
        status: 400,
        code: 'invalid_request',
      })
      expect(bad.error.message).toMatch(/^enabled must be true or false/)
      const created = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'born suspended', enabled: false }), {
        status: 201,
      })
      expect(created.data.enabled).toBe(false)
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 401, code: 'API_KEY_DISABLED', message: P.disabled, www: W.token },
      )
      await t.expect(t.dashboard('POST', `${DASHBOARD}/${created.data.id}/revoke`), { status: 200 })
      await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${created.data.id}`, { enabled: true }), {
        status: 409,
        code: 'conflict',
      })
      const after = await t.expect(t.dashboard('GET', `${DASHBOARD}/${created.data.id}`), { status: 200 })
      expect(after.data).toMatchObject({ status: 'revoked', enabled: false })
    },
  },
  {
    ids: 'M6 M9 L3 L4a',
    name: 'allowedIps: another client address gets 403 with the limit headers and consumes nothing; its own is admitted',
    async run(t) {
      const created = await t.expect(
        t.dashboard('POST', DASHBOARD, { name: 'office', allowedIps: ['203.0.113.0/24', '2001:db8::/32'] }),
        { status: 201 },
      )
      expect(created.data.allowedIps).toEqual(['203.0.113.0/24', '2001:db8::/32'])
      const refused = await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 403, code: 'forbidden', message: P.address, limits: { limit: 1000, remaining: 1000 } },
      )
      expect(refused.error.message).not.toMatch(/127\.0\.0\.1/)
      // The harness's requests come from loopback, as IPv4 or as IPv4-mapped IPv6.
      const id = created.data.id
      const moved = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${id}`, { allowedIps: ['127.0.0.0/8'] }), {
        status: 200,
      })
      expect(moved.data.allowedIps).toEqual(['127.0.0.0/8'])
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 200, limits: { remaining: 999 } },
      )
    },
  },
  {
    ids: 'M3 M4 M9 L4',
    name: 'credits: each answer carries X-Credits-Remaining; none left → 429 without Retry-After, nothing counted; a top-up lets the key in',
    async run(t) {
      const created = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'metered', credits: { remaining: 1 } }), {
        status: 201,
      })
      const key = created.data.key
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { status: 200, limits: { remaining: 999 }, credits: 0 })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        {
          status: 429,
          code: 'rate_limited',
          message: 'This API key has no credits left',
          limits: { remaining: 999 },
          credits: 0,
        },
      )
      await t.expect({ path: AUTH_TEST, headers: bearer(key) }, { status: 200, credits: 0 })
      const id = created.data.id
      const topped = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${id}`, { credits: { add: 2 } }), {
        status: 200,
      })
      expect(topped.data.credits).toEqual({ remaining: 2 })
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { status: 200, limits: { remaining: 998 }, credits: 1 })
      const plain = await t.issue()
      await t.expect({ path: IP_LOOKUP, headers: bearer(plain.key) }, { status: 200, credits: null })
    },
  },
  {
    ids: 'M6 M9 E5',
    name: 'allowedIps that is not a list of addresses or ranges → 400 naming it, nothing stored',
    async run(t) {
      const { id } = await t.issue()
      for (const allowedIps of [['10.0.0.0/33'], 'anywhere', [], ['example.com']]) {
        const bad = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${id}`, { allowedIps }), {
          status: 400,
          code: 'invalid_request',
        })
        expect(bad.error.message).toMatch(/^allowedIps/)
      }
      const record = await t.expect(t.dashboard('GET', `${DASHBOARD}/${id}`), { status: 200 })
      expect(record.data.allowedIps).toBeNull()
      await t.expect(t.dashboard('POST', DASHBOARD, { name: 'bad range', allowedIps: ['10.0.0.0/8', 'x'] }), {
        status: 400,
        code: 'invalid_request',
      })
      // Newest first: a key made by the refused request would head the list.
      const after = await t.expect(t.dashboard('GET', DASHBOARD), { status: 200 })
      expect(after.data.some((record: { name: string }) => record.name === 'bad range')).toBe(false)
    },
  },
  {
    ids: 'M7 M10 L3 L4a',
    name: 'a permission query: met by scopes and wildcards → 200; unmet → 403 naming the query, consuming nothing',
    async run(t) {
      const reports = '/api/v1/reports'
      const met = await t.issue({ scopes: ['reports.read', 'billing.*'] })
      const body = await t.expect(
        { path: reports, headers: bearer(met.key) },
        { status: 200, limits: { remaining: 999 } },
      )
      expect(body.data).toEqual({ reports: [] })
      const unmet = await t.issue({ scopes: ['reports.*'] })
      const refused = await t.expect(
        { path: reports, headers: bearer(unmet.key) },
        { status: 403, code: 'forbidden', message: P.permission, limits: { remaining: 1000 } },
      )
      expect(refused.error.message).toContain('reports.read AND (billing.read OR billing.admin)')
      await t.expect({ path: AUTH_TEST, headers: bearer(unmet.key) }, { status: 200, limits: { remaining: 1000 } })
    },
  },
  {
    ids: 'M2 M8 M10 L3 L4',
    name: 'metering: GET /api/v1/meter costs its units, POST /api/v1/meter/charge costs 1 and charges the rest; the headers count units; bad units → 400 naming units',
    async run(t) {
      const meter = '/api/v1/meter'
      const charge = '/api/v1/meter/charge'
      const { key } = await t.issue({ scopes: ['meter'], limits: { perMinute: 10, perMonth: 1000 } })
      const auth = bearer(key)
      const three = await t.expect(
        { path: `${meter}?units=3`, headers: auth },
        { status: 200, limits: { limit: 10, remaining: 7 }, quota: { limit: 1000, remaining: 997 } },
      )
      expect(three.data).toEqual({ charged: 3 })
      const one = await t.expect({ path: meter, headers: auth }, { status: 200, limits: { remaining: 6 } })
      expect(one.data).toEqual({ charged: 1 })
      const none = await t.expect(
        { path: `${meter}?units=0`, headers: auth },
        { status: 200, limits: { remaining: 6 } },
      )
      expect(none.data).toEqual({ charged: 0 })
      for (const units of ['abc', '-1', '1.5', '1000001', '']) {
        const bad = await t.expect(
          { path: `${meter}?units=${units}`, headers: auth },
          { status: 400, code: 'invalid_request', message: 'units must be an integer', limits: { remaining: 6 } },
        )
        expect(bad.error.message).toBe('units must be an integer from 0 to 1000000.')
      }
      await t.expect(
        { method: 'POST', path: `${charge}?units=0`, headers: auth },
        { status: 400, code: 'invalid_request', message: 'units must be an integer from 1 to 1000000.' },
      )
      const charged = await t.expect(
        { method: 'POST', path: `${charge}?units=4`, headers: auth },
        { status: 200, limits: { remaining: 5 }, quota: { remaining: 995 } },
      )
      expect(charged.data).toEqual({ charged: 4 })
      // The 3 units charged after that answer count too: 2 are left.
      await t.expect(
        { path: `${meter}?units=2`, headers: auth },
        { status: 200, limits: { remaining: 0 }, quota: { remaining: 990 } },
      )
      await t.expectLimited({ path: `${meter}?units=0`, headers: auth }, { limits: { remaining: 0 } }, 'minute')
      const unscoped = await t.issue({ scopes: ['ip'] })
      await t.expect(
        { path: meter, headers: bearer(unscoped.key) },
        { status: 403, code: 'forbidden', message: 'This API key has no access to this resource' },
      )
    },
  },
  {
    ids: 'M7 M9 M10',
    name: 'roles: the dashboard gives a key a defined role that meets the reports query; an undefined role → 400 naming roles',
    async run(ctx) {
      const t = await ctx.withApp({ keyward: { roles: { analyst: ['reports.read', 'billing.read'] } } })
      const created = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'bi', scopes: [], roles: ['analyst'] }), {
        status: 201,
      })
      expect(created.data.roles).toEqual(['analyst'])
      await t.expect({ path: '/api/v1/reports', headers: bearer(created.data.key) }, { status: 200 })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 403, code: 'forbidden', message: 'This API key has no access to this resource' },
      )
      const bad = await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${created.data.id}`, { roles: ['root'] }), {
        status: 400,
        code: 'invalid_request',
      })
      expect(bad.error.message).toMatch(/^roles: "root" is not a role/)
    },
  },
  {
    ids: 'K6 E5',
    name: 'a key past expiresAt is expired (401), listed as expired, and can still be revoked',
    async run(t) {
      const expiresAt = new Date(t.h.clock.now() + 60_000).toISOString()
      const created = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'short-lived', expiresAt }), {
        status: 201,
      })
      expect(created.data.expiresAt).toBe(expiresAt)
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      t.h.clock.advance(60_000)
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 401, code: 'API_KEY_EXPIRED', message: P.expired, www: W.token },
      )
      const record = await t.expect(t.dashboard('GET', `${DASHBOARD}/${created.data.id}`), { status: 200 })
      expect(record.data.status).toBe('expired')
      const revoked = await t.expect(t.dashboard('POST', `${DASHBOARD}/${created.data.id}/revoke`), { status: 200 })
      expect(revoked.data.status).toBe('revoked')
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 401, code: 'API_KEY_REVOKED', message: P.revoked, www: W.token },
      )
    },
  },
]

// ---------------------------------------------------------------------------------------------
// L: limits.

/** The auth test's view of a key's limits: it consumes nothing (L5), so it can be asked any time. */
async function peek(t: CaseContext, key: string, expected: Pick<Expectation, 'limits' | 'quota'>): Promise<void> {
  await t.expect({ method: 'POST', path: AUTH_TEST, headers: bearer(key) }, { status: 200, ...expected })
}

async function usageOf(t: CaseContext, id: string): Promise<any[]> {
  const body = await t.expect(t.dashboard('GET', `${DASHBOARD}/usage?keyId=${id}`), { status: 200 })
  return body.data
}

const nowSeconds = (t: CaseContext) => Math.ceil(t.h.clock.now() / 1000)
const retryAfterUntil = (t: CaseContext, reset: number) => Math.ceil(reset - t.h.clock.now() / 1000)

const limitCases: ParityCase[] = [
  {
    ids: 'L1 L3',
    name: 'test keys get 10/minute and a 1,000/month quota; live keys 1,000/minute and no quota headers',
    async run(t) {
      const test = await t.issue({ keyType: 'test' })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(test.key) },
        { status: 200, limits: { limit: 10, remaining: 9 }, quota: { limit: 1000, remaining: 999 } },
      )
      const live = await t.issue({ keyType: 'live' })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(live.key) },
        { status: 200, limits: { limit: 1000, remaining: 999 }, quota: null },
      )
    },
  },
  {
    ids: 'L1 E5',
    name: 'per-key limits set at creation override the key type defaults',
    async run(t) {
      const created = await t.expect(
        t.dashboard('POST', DASHBOARD, { name: 'custom', limits: { perMinute: 3, perMonth: 50 } }),
        { status: 201 },
      )
      expect(created.data.limits).toEqual({ perMinute: 3, perMonth: 50 })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(created.data.key) },
        { status: 200, limits: { limit: 3, remaining: 2 }, quota: { limit: 50, remaining: 49 } },
      )
    },
  },
  {
    ids: 'L2 L4 L3',
    name: 'the 11th request in a rolling minute gets 429 with Retry-After until the window frees',
    async run(t) {
      const { key } = await t.issue({ keyType: 'test' })
      let reset = 0
      for (let i = 0; i < 10; i++) {
        const response = await t.send({ path: IP_LOOKUP, headers: bearer(key) })
        check(response, {
          status: 200,
          limits: { limit: 10, remaining: 9 - i },
          quota: { limit: 1000, remaining: 999 - i },
        })
        reset = Number(response.header('x-ratelimit-reset'))
      }
      expect(reset).toBeGreaterThan(nowSeconds(t))
      const limited = {
        status: 429,
        code: 'rate_limited' as const,
        message: P.minute,
        limits: { limit: 10, remaining: 0, reset },
        quota: { limit: 1000, remaining: 990 },
      }
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { ...limited, retryAfter: retryAfterUntil(t, reset) })
      t.h.clock.advance(30_000)
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { ...limited, retryAfter: retryAfterUntil(t, reset) })
      t.h.clock.set((reset - 1) * 1000)
      await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { ...limited, retryAfter: 1 })
      t.h.clock.set(reset * 1000)
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 200, limits: { limit: 10 }, quota: { limit: 1000, remaining: 989 } },
      )
    },
  },
  {
    ids: 'L4',
    name: 'a rejected request consumes nothing: after 429s, exactly the limit is admitted once the window frees',
    async run(t) {
      const { key } = await t.issue({ limits: { perMinute: 2 } })
      for (let i = 0; i < 2; i++)
        await t.expect({ path: IP_LOOKUP, headers: bearer(key) }, { status: 200, limits: { limit: 2 }, quota: null })
      for (let i = 0; i < 3; i++) {
        const response = await t.send({ path: IP_LOOKUP, headers: bearer(key) })
        expect(response.status).toBe(429)
      }
      await peek(t, key, { limits: { limit: 2, remaining: 0 }, quota: null })
      t.h.clock.advance(61_000)
      await peek(t, key, { limits: { limit: 2, remaining: 2 }, quota: null })
      for (let i = 0; i < 2; i++)
        await t.expect(
          { path: IP_LOOKUP, headers: bearer(key) },
          { status: 200, limits: { limit: 2, remaining: 1 - i }, quota: null },
        )
    },
  },
  {
    ids: 'L4 L1',
    name: 'an exhausted monthly quota gives 429 naming the quota, Retry-After until the month ends (UTC)',
    async run(t) {
      const { key } = await t.issue({ keyType: 'test', limits: { perMonth: 2 } })
      for (let i = 0; i < 2; i++)
        await t.expect(
          { path: IP_LOOKUP, headers: bearer(key) },
          { status: 200, limits: { limit: 10 }, quota: { limit: 2, remaining: 1 - i } },
        )
      const now = new Date(t.h.clock.now())
      const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000
      const body = await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        {
          status: 429,
          code: 'rate_limited',
          message: P.month,
          retryAfter: retryAfterUntil(t, monthEnd),
          limits: { limit: 10 },
          quota: { limit: 2, remaining: 0, reset: monthEnd },
        },
      )
      expect(body.error.message).toContain('2 requests per month')
    },
  },
  {
    ids: 'L4',
    name: 'with both limits exhausted, Retry-After is the later of the two and the message names the quota',
    async run(t) {
      const { key } = await t.issue({ keyType: 'test', limits: { perMinute: 2, perMonth: 2 } })
      for (let i = 0; i < 2; i++) await t.send({ path: IP_LOOKUP, headers: bearer(key) })
      const now = new Date(t.h.clock.now())
      const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        {
          status: 429,
          code: 'rate_limited',
          message: P.month,
          retryAfter: retryAfterUntil(t, monthEnd),
          limits: { limit: 2, remaining: 0 },
          quota: { limit: 2, remaining: 0 },
        },
      )
    },
  },
  {
    ids: 'L4a L3 E3 E5',
    name: "a handler's own 400 still consumes and is recorded in the usage log",
    async run(t) {
      const { key, id } = await t.issue()
      await t.expect(
        { path: '/api/v1/ip/lookup?ip=999.1.1.1', headers: bearer(key) },
        { status: 400, code: 'invalid_request', limits: { limit: 1000, remaining: 999 }, quota: null },
      )
      await peek(t, key, { limits: { remaining: 999 }, quota: null })
      const usage = await usageOf(t, id)
      expect(usage).toEqual([
        {
          keyId: id,
          ownerId: null,
          requestId: expect.stringMatching(REQUEST_ID),
          timestamp: new Date(t.h.clock.now()).toISOString(),
          method: 'GET',
          path: '/api/v1/ip/lookup',
          status: 400,
          code: null,
          ip: '127.0.0.1',
          country: null,
        },
      ])
    },
  },
  {
    ids: 'L4a L6 R4 E2 B8',
    name: '401, 403, 404, 405 and 429 consume nothing; the known key’s 403 and 429 are in its usage with status and code, the rest are not',
    async run(t) {
      const { key, id } = await t.issue({ scopes: ['email'], limits: { perMinute: 1 } })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 403, code: 'forbidden', limits: { limit: 1, remaining: 1 }, quota: null },
      )
      await t.expect(
        { path: '/api/v1/no/such/route', headers: bearer(key) },
        { status: 404, code: 'not_found', limits: { limit: 1, remaining: 1 }, quota: null },
      )
      await t.expect(
        { method: 'DELETE', path: AUTH_TEST, headers: bearer(key) },
        { status: 405, code: 'method_not_allowed', allow: 'GET, HEAD, POST' },
      )
      await t.expect(
        { path: IP_LOOKUP, headers: [['Authorization', `Bearer  ${key}`]] },
        { status: 401, code: 'UNAUTHORIZED', message: P.malformed, www: W.request },
      )
      await peek(t, key, { limits: { limit: 1, remaining: 1 }, quota: null })
      await t.expect(
        { path: `${EMAIL}?email=a@example.com`, headers: bearer(key) },
        { status: 200, limits: { limit: 1, remaining: 0 }, quota: null },
      )
      await t.expectLimited(
        { path: `${EMAIL}?email=a@example.com`, headers: bearer(key) },
        { limits: { limit: 1, remaining: 0 }, quota: null },
        'minute',
      )
      const usage = await usageOf(t, id)
      expect(usage.map((entry) => [entry.path, entry.status, entry.code])).toEqual([
        ['/api/v1/email/validate', 429, 'rate_limited'],
        ['/api/v1/email/validate', 200, null],
        ['/api/v1/ip/lookup', 403, 'forbidden'],
      ])
    },
  },
  {
    ids: 'L4b L3',
    name: 'with nothing in the window, X-RateLimit-Reset is the current time rounded up',
    async run(t) {
      t.h.clock.advance(400)
      const { key } = await t.issue({ keyType: 'test' })
      await peek(t, key, {
        limits: { limit: 10, remaining: 10, reset: nowSeconds(t) },
        quota: { limit: 1000, remaining: 1000 },
      })
    },
  },
  {
    ids: 'L5 E2 E5',
    name: 'the auth test consumes nothing, records no usage and leaves lastUsedAt null',
    async run(t) {
      const { key, id } = await t.issue({ keyType: 'test' })
      for (let i = 0; i < 3; i++)
        await peek(t, key, { limits: { limit: 10, remaining: 10 }, quota: { limit: 1000, remaining: 1000 } })
      await t.expect(
        { method: 'GET', path: AUTH_TEST, headers: bearer(key) },
        { status: 200, limits: { remaining: 10 }, quota: { remaining: 1000 } },
      )
      await t.expect(
        { method: 'HEAD', path: AUTH_TEST, headers: bearer(key) },
        { status: 200, limits: { remaining: 10 }, quota: { remaining: 1000 } },
      )
      expect(await usageOf(t, id)).toEqual([])
      const record = await t.expect(t.dashboard('GET', `${DASHBOARD}/${id}`), { status: 200 })
      expect(record.data.lastUsedAt).toBeNull()
    },
  },
  {
    ids: 'L5 L4',
    name: 'a key over its limits still gets 200 from the auth test',
    async run(t) {
      const { key } = await t.issue({ limits: { perMinute: 1 } })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 200, limits: { limit: 1, remaining: 0 }, quota: null },
      )
      await t.expectLimited(
        { path: IP_LOOKUP, headers: bearer(key) },
        { limits: { limit: 1, remaining: 0 }, quota: null },
        'minute',
      )
      const body = await t.expect(
        { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
        { status: 200, limits: { limit: 1, remaining: 0 }, quota: null },
      )
      expect(body.data.valid).toBe(true)
    },
  },
  {
    ids: 'L5 E1',
    name: 'ping consumes nothing, even with a valid key',
    async run(t) {
      const { key, id } = await t.issue({ keyType: 'test' })
      await t.expect({ path: '/api/v1/ping', headers: bearer(key) }, { status: 200, limits: null, quota: null })
      await peek(t, key, { limits: { remaining: 10 }, quota: { remaining: 1000 } })
      expect(await usageOf(t, id)).toEqual([])
    },
  },
  {
    ids: 'L6 L3 E3',
    name: 'a key without the route scope gets 403 forbidden with the limit headers',
    async run(t) {
      const { key } = await t.issue({ scopes: ['email'] })
      const body = await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 403, code: 'forbidden', limits: { limit: 1000, remaining: 1000 }, quota: null },
      )
      expect(body.error.message).toContain('"ip"')
      await t.expect(
        { path: `${EMAIL}?email=a@example.com`, headers: bearer(key) },
        { status: 200, limits: { limit: 1000, remaining: 999 }, quota: null },
      )
    },
  },
  {
    ids: 'L6 E5',
    name: 'an empty scope list reaches no scoped route; a null scope list reaches every one',
    async run(t) {
      const none = await t.issue({ scopes: [] })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(none.key) },
        { status: 403, code: 'forbidden', limits: { limit: 1000 }, quota: null },
      )
      await t.expect(
        { method: 'POST', path: AUTH_TEST, headers: bearer(none.key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      const all = await t.issue({ scopes: ['*'] })
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(all.key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      await t.expect(
        { path: `${EMAIL}?email=a@example.com`, headers: bearer(all.key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
    },
  },
]

// ---------------------------------------------------------------------------------------------
// R: responses.

const responseCases: ParityCase[] = [
  {
    ids: 'R2',
    name: 'every response carries a fresh X-Request-ID; a client-sent one is ignored',
    async run(t) {
      const ids = new Set<string>()
      for (let i = 0; i < 3; i++) {
        const response = await t.send({
          path: '/api/v1/ping',
          headers: [['X-Request-ID', 'req_chosenByTheClient000000000']],
        })
        check(response, { status: 200, limits: null, quota: null })
        ids.add(response.header('x-request-id')!)
      }
      expect(ids.size).toBe(3)
      expect(ids.has('req_chosenByTheClient000000000')).toBe(false)
    },
  },
  {
    ids: 'R2 R5',
    name: 'a consuming request records the same request id the response carried',
    async run(t) {
      const { key, id } = await t.issue()
      const response = await t.send({ path: IP_LOOKUP, headers: bearer(key) })
      check(response, { status: 200, limits: { limit: 1000 }, quota: null })
      const [entry] = await usageOf(t, id)
      expect(entry.requestId).toBe(response.header('x-request-id'))
    },
  },
  {
    ids: 'R2 R3',
    name: "Node's parser refusing an oversized head is answered with the envelope and a request id",
    async run(t) {
      const head = `GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`
      const response = await rawExchange(t.h.port, head)
      const body = check(response, { status: 431, code: 'invalid_request', limits: null, quota: null })
      expect(body.error.message).toMatch(/too large/i)
      t.observe(response)
    },
  },
  {
    ids: 'R2 R3',
    name: "Node's parser refusing a malformed request line is answered with the envelope and a request id",
    async run(t) {
      const response = await rawExchange(t.h.port, 'GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nBad Header Name: v\r\n\r\n')
      check(response, { status: 400, code: 'invalid_request', limits: null, quota: null })
      t.observe(response)
    },
  },
  {
    ids: 'R3 E2',
    name: 'a method the auth test does not take → 405 with Allow, before authentication',
    async run(t) {
      for (const method of ['PUT', 'DELETE', 'PATCH']) {
        await t.expect(
          { method, path: AUTH_TEST },
          { status: 405, code: 'method_not_allowed', allow: 'GET, HEAD, POST' },
        )
      }
      await t.expect(
        { method: 'PUT', path: AUTH_TEST, headers: [['Authorization', 'Basic x']] },
        { status: 405, code: 'method_not_allowed', allow: 'GET, HEAD, POST' },
      )
    },
  },
  {
    ids: 'R4',
    name: 'paths under /api/ outside /api/v1/ and /api/dashboard/ → 404 whatever the credentials',
    async run(t) {
      for (const path of ['/api/v2/ping', '/api/foo', '/api', '/api/v10', '/api/dashboard', '/API/v2/ping']) {
        await t.expect({ path }, { status: 404, code: 'not_found', limits: null, quota: null })
        await t.expect(
          { path, headers: bearer(t.keys.live) },
          { status: 404, code: 'not_found', limits: null, quota: null },
        )
      }
      await t.expect(
        { method: 'POST', path: '/api/v0/auth/test', headers: [['Authorization', 'Basic x']] },
        { status: 404, code: 'not_found', limits: null, quota: null },
      )
      await t.expect({ method: 'HEAD', path: '/api/v2/ping' }, { status: 404, limits: null, quota: null })
    },
  },
  {
    ids: 'R4 A3 A8 L3 H2 H9',
    name: 'an unknown path under /api/v1/, its root /api/v1 included, in any spelling, is authenticated first: 401 without a key, 404 with the limit headers with one',
    async run(t) {
      await t.expect(
        { path: '/api/v1/nothing/here' },
        { status: 401, code: 'UNAUTHORIZED', message: P.missing, www: W.none },
      )
      // A3: another spelling of a path under /api/v1/ (a router may match it) needs a key too.
      await t.expect({ path: '/api/V1/ping' }, { status: 401, code: 'UNAUTHORIZED', message: P.missing, www: W.none })
      // A8: the root of the protected prefix is under it, in any spelling.
      for (const path of ['/api/v1', '/api/v1/', '/API/V1'])
        await t.expect({ path }, { status: 401, code: 'UNAUTHORIZED', message: P.missing, www: W.none })
      await t.expect(
        { path: '/api/v1/nothing/here', headers: bearer(t.keys.revoked) },
        { status: 401, code: 'API_KEY_REVOKED', message: P.revoked, www: W.token },
      )
      const { key } = await t.issue({ keyType: 'test' })
      await t.expect(
        { method: 'POST', path: '/api/v1/nothing/here', headers: bearer(key) },
        {
          status: 404,
          code: 'not_found',
          limits: { limit: 10, remaining: 10 },
          quota: { limit: 1000, remaining: 1000 },
        },
      )
      await t.expect(
        { path: '/api/v1/nothing/here', headers: [['x-api-key', key]] },
        {
          status: 404,
          code: 'not_found',
          deprecated: true,
          limits: { limit: 10, remaining: 10 },
          quota: { limit: 1000, remaining: 1000 },
        },
      )
      await t.expect(
        { method: 'HEAD', path: '/api/v1/nothing/here', headers: bearer(key) },
        { status: 404, limits: { remaining: 10 }, quota: { remaining: 1000 } },
      )
      await t.expect(
        { path: '/api/v1', headers: bearer(key) },
        {
          status: 404,
          code: 'not_found',
          limits: { limit: 10, remaining: 10 },
          quota: { limit: 1000, remaining: 1000 },
        },
      )
    },
  },
  {
    ids: 'R5 R2',
    name: 'a store fault while authenticating → 500 INTERNAL_ERROR quoting the request id; the handler does not run',
    async run(t) {
      const { key, id } = await t.issue()
      t.h.setStore('throw')
      try {
        for (const request of [
          { path: IP_LOOKUP, headers: bearer(key) },
          { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
        ]) {
          const response = await t.send(request)
          const body = check(response, { status: 500, code: 'INTERNAL_ERROR', limits: null, quota: null })
          expect(body.error.message).toMatch(/retry once/i)
          expect(body.error.message).toContain(response.header('x-request-id'))
        }
      } finally {
        t.h.setStore('ok')
      }
      expect(await usageOf(t, id)).toEqual([])
    },
  },
  {
    ids: 'R5',
    name: 'a store that does not answer → 500 after the bounded wait, never a hang',
    async run(t) {
      const { key } = await t.issue()
      t.h.setStore('hang')
      try {
        const started = performance.now()
        await t.expect(
          { path: IP_LOOKUP, headers: bearer(key) },
          { status: 500, code: 'INTERNAL_ERROR', limits: null, quota: null },
        )
        expect(performance.now() - started).toBeGreaterThanOrEqual(STORE_TIMEOUT_MS - 5)
      } finally {
        t.h.setStore('ok')
      }
    },
  },
]

// ---------------------------------------------------------------------------------------------
// E: the reference endpoints.

const endpointCases: ParityCase[] = [
  {
    ids: 'E1 R1',
    name: 'GET ping → 200 { status: "ok" } without authentication; garbage credentials are ignored',
    async run(t) {
      const body = await t.expect({ path: '/api/v1/ping' }, { status: 200, limits: null, quota: null })
      expect(body.data).toEqual({ status: 'ok' })
      expect(body.meta.timestamp).toBe(new Date(t.h.clock.now()).toISOString())
      await t.expect(
        {
          path: '/api/v1/ping',
          headers: [
            ['Authorization', 'Bearer  x'],
            ['Authorization', 'Basic y'],
          ],
        },
        { status: 200, limits: null, quota: null },
      )
      await t.expect({ method: 'HEAD', path: '/api/v1/ping' }, { status: 200, limits: null, quota: null })
    },
  },
  {
    ids: 'E1 R3',
    name: 'other methods on ping → 405 with Allow: GET, HEAD',
    async run(t) {
      await t.expect(
        { method: 'POST', path: '/api/v1/ping' },
        { status: 405, code: 'method_not_allowed', allow: 'GET, HEAD' },
      )
    },
  },
  {
    ids: 'E2 L3',
    name: 'the auth test answers POST, GET and HEAD with the same verdict and the limit headers',
    async run(t) {
      for (const method of ['POST', 'GET']) {
        const body = await t.expect(
          { method, path: AUTH_TEST, headers: bearer(t.keys.test) },
          { status: 200, limits: { limit: 10, remaining: 10 }, quota: { limit: 1000, remaining: 1000 } },
        )
        expect(body.data).toEqual({ valid: true, authenticated: true, keyType: 'test' })
      }
      await t.expect(
        { method: 'HEAD', path: AUTH_TEST, headers: bearer(t.keys.test) },
        { status: 200, limits: { limit: 10 }, quota: { limit: 1000 } },
      )
      await t.expect({ method: 'HEAD', path: AUTH_TEST }, { status: 401, www: W.none })
    },
  },
  {
    ids: 'E2',
    name: 'a request body on POST /auth/test is ignored',
    async run(t) {
      await t.expect(
        {
          method: 'POST',
          path: AUTH_TEST,
          headers: [...bearer(t.keys.live), ['Content-Type', 'application/json']],
          body: '{not json',
        },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
    },
  },
  {
    ids: 'E3',
    name: 'ip lookup: IPv4 and IPv6 → { ip, version }; missing, repeated or invalid ip → 400 invalid_request',
    async run(t) {
      const v6 = await t.expect(
        { path: '/api/v1/ip/lookup?ip=2001:db8::1', headers: bearer(t.keys.live) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      expect(v6.data).toEqual({ ip: '2001:db8::1', version: 6 })
      for (const query of ['', '?ip=', '?ip=localhost', '?ip=1.2.3', '?ip=1.1.1.1&ip=2.2.2.2']) {
        const body = await t.expect(
          { path: `/api/v1/ip/lookup${query}`, headers: bearer(t.keys.live) },
          { status: 400, code: 'invalid_request', limits: { limit: 1000 }, quota: null },
        )
        expect(body.error.message).toMatch(/^ip /)
      }
    },
  },
  {
    ids: 'E4',
    name: 'email validate: { email, valid } for good and bad addresses; missing → 400',
    async run(t) {
      const cases: Array<[string, boolean]> = [
        ['user@example.com', true],
        ['first.last+tag@sub.example.co.uk', true],
        ['no-at-sign.example.com', false],
        ['two@@example.com', false],
        ['user@localhost', false],
        ['.dot@example.com', false],
        ['user@-bad-.com', false],
      ]
      for (const [email, valid] of cases) {
        const body = await t.expect(
          { path: `${EMAIL}?email=${encodeURIComponent(email)}`, headers: bearer(t.keys.live) },
          { status: 200, limits: { limit: 1000 }, quota: null },
        )
        expect(body.data).toEqual({ email, valid })
      }
      const body = await t.expect(
        { path: EMAIL, headers: bearer(t.keys.live) },
        { status: 400, code: 'invalid_request', limits: { limit: 1000 }, quota: null },
      )
      expect(body.error.message).toMatch(/^email /)
    },
  },
  {
    ids: 'E5 H11',
    name: 'the dashboard guard runs first: no token, a wrong token or two tokens → 401, unknown paths included',
    async run(t) {
      const wrong: Headers = [['Authorization', 'Bearer not-the-dashboard-token']]
      const twice: Headers = [
        ['Authorization', `Bearer ${DASHBOARD_TOKEN}`],
        ['Authorization', `Bearer ${DASHBOARD_TOKEN}`],
      ]
      for (const [path, headers] of [
        [DASHBOARD, []],
        [DASHBOARD, wrong],
        [DASHBOARD, twice],
        ['/api/dashboard/nothing', []],
        [DASHBOARD, bearer(t.keys.live)],
      ] as const) {
        await t.expect({ path, headers }, { status: 401, code: 'UNAUTHORIZED', www: W.none })
      }
      await t.expect(t.dashboard('GET', '/api/dashboard/nothing'), { status: 404, code: 'not_found' })
    },
  },
  {
    ids: 'E5',
    name: 'the dashboard lists keys newest first and revokes idempotently; an unknown id → 404',
    async run(t) {
      const first = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'older' }), { status: 201 })
      t.h.clock.advance(1000)
      const second = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'newer', scopes: ['ip'] }), { status: 201 })
      const list = await t.expect(t.dashboard('GET', DASHBOARD), { status: 200 })
      const ids = list.data.map((record: { id: string }) => record.id)
      expect(ids.indexOf(second.data.id)).toBeLessThan(ids.indexOf(first.data.id))
      await t.expect(t.dashboard('POST', `${DASHBOARD}/key_000000000000000000000000/revoke`), {
        status: 404,
        code: 'not_found',
      })
      await t.expect(t.dashboard('GET', `${DASHBOARD}/${first.data.id}/revoke`), {
        status: 405,
        code: 'method_not_allowed',
        allow: 'POST',
      })
    },
  },
  {
    ids: 'E5 R3',
    name: 'dashboard bodies: malformed JSON, unknown fields and bad values → 400; over 16 KiB → 413',
    async run(t) {
      await t.expect(t.dashboard('POST', DASHBOARD, '{"name": '), { status: 400, code: 'invalid_request' })
      const unknown = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'x', owner: 'me' }), {
        status: 400,
        code: 'invalid_request',
      })
      expect(unknown.error.message).toContain('owner')
      const past = await t.expect(t.dashboard('POST', DASHBOARD, { name: 'x', expiresAt: '2000-01-01T00:00:00Z' }), {
        status: 400,
        code: 'invalid_request',
      })
      expect(past.error.message).toContain('expiresAt')
      await t.expect(t.dashboard('POST', DASHBOARD, { name: 'x'.repeat(17 * 1024) }), {
        status: 413,
        code: 'payload_too_large',
      })
      await t.expect(t.dashboard('POST', DASHBOARD, { name: '' }), { status: 400, code: 'invalid_request' })
    },
  },
  {
    ids: 'E5 L4a',
    name: 'the usage audit: newest first, path without query, client address; limit bounds; unknown keyId → 404',
    async run(t) {
      const { key, id } = await t.issue()
      await t.send({ path: '/api/v1/ip/lookup?ip=192.0.2.7', headers: bearer(key) })
      t.h.clock.advance(10)
      await t.send({ path: `${EMAIL}?email=b@example.com`, headers: [['x-api-key', key]] })
      const usage = await usageOf(t, id)
      expect(usage.map((entry) => [entry.method, entry.path, entry.status, entry.ip, entry.country])).toEqual([
        ['GET', '/api/v1/email/validate', 200, '127.0.0.1', null],
        ['GET', '/api/v1/ip/lookup', 200, '127.0.0.1', null],
      ])
      const limited = await t.expect(t.dashboard('GET', `${DASHBOARD}/usage?keyId=${id}&limit=1`), { status: 200 })
      expect(limited.data).toHaveLength(1)
      await t.expect(t.dashboard('GET', `${DASHBOARD}/usage?limit=0`), { status: 400, code: 'invalid_request' })
      await t.expect(t.dashboard('GET', `${DASHBOARD}/usage?keyId=key_000000000000000000000000`), {
        status: 404,
        code: 'not_found',
      })
    },
  },
]

// ---------------------------------------------------------------------------------------------
// E7: the failed-authentication guard, on apps made with a small limit.

const failedAuthText = 'Too many failed authentication attempts'

const guardCases: ParityCase[] = [
  {
    ids: 'E7 E1 E5',
    name: 'after FAILED_AUTH_LIMIT 401s from an address, its requests to protected routes get 429, valid keys included; ping and the dashboard do not',
    async run(main) {
      const t = await main.withApp({ keyward: { failedAuthLimit: 3 } })
      const { key } = await t.issue()
      for (let i = 0; i < 3; i++) {
        await t.expect(
          { path: IP_LOOKUP, headers: bearer(t.keys.unknownLive) },
          { status: 401, code: 'INVALID_API_KEY', message: P.unknownLive, www: W.token },
        )
      }
      for (const request of [
        { path: IP_LOOKUP, headers: bearer(key) },
        { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
        { path: '/api/v1/unknown', headers: bearer(key) },
      ]) {
        const response = await t.send(request)
        const retryAfter = Number(response.header('retry-after'))
        expect(retryAfter).toBeGreaterThan(0)
        check(response, {
          status: 429,
          code: 'rate_limited',
          message: failedAuthText,
          retryAfter,
          limits: null,
          quota: null,
        })
      }
      await t.expect({ path: '/api/v1/ping' }, { status: 200, limits: null, quota: null })
      await t.expect(t.dashboard('GET', DASHBOARD), { status: 200 })
      t.h.clock.advance(61_000)
      await t.expect(
        { path: IP_LOOKUP, headers: bearer(key) },
        { status: 200, limits: { limit: 1000, remaining: 999 }, quota: null },
      )
    },
  },
  {
    ids: 'E7 E5 L4a',
    name: 'with trustProxy, failures count per X-Forwarded-For client and usage entries carry that address',
    async run(main) {
      const t = await main.withApp({ keyward: { failedAuthLimit: 2 }, trustProxy: 1 })
      const { key, id } = await t.issue()
      const from = (ip: string, headers: Headers): Headers => [...headers, ['X-Forwarded-For', `198.51.100.9, ${ip}`]]
      for (let i = 0; i < 2; i++) {
        await t.expect(
          { path: IP_LOOKUP, headers: from('203.0.113.1', []) },
          { status: 401, code: 'UNAUTHORIZED', message: P.missing, www: W.none },
        )
      }
      const blocked = await t.send({ path: IP_LOOKUP, headers: from('203.0.113.1', bearer(key)) })
      expect(blocked.status).toBe(429)
      await t.expect(
        { path: IP_LOOKUP, headers: from('203.0.113.2', bearer(key)) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      const usage = await usageOf(t, id)
      expect(usage.map((entry) => entry.ip)).toEqual(['203.0.113.2'])
    },
  },
]

// ---------------------------------------------------------------------------------------------
// O: owners and metadata.

const WHOAMI = '/api/v1/whoami'
const asOwner = (ownerId: string): Headers => [['X-Keyward-Owner', ownerId]]

const ownerCases: ParityCase[] = [
  {
    ids: 'O1 O2 O3 O10',
    name: 'whoami names the key and its owner, never its meta, and consumes nothing',
    async run(t) {
      const body = { name: 'Acme prod', ownerId: 'org_acme', meta: { plan: 'pro' }, scopes: ['reports:read'] }
      const created = await t.expect(t.dashboard('POST', DASHBOARD, body), { status: 201 })
      expect(created.data).toMatchObject({ ownerId: 'org_acme', meta: { plan: 'pro' } })
      const key = created.data.key
      for (let i = 0; i < 2; i++) {
        const me = await t.expect(
          { path: WHOAMI, headers: bearer(key) },
          { status: 200, limits: { limit: 1000, remaining: 1000 }, quota: null },
        )
        expect(me.data).toEqual({
          keyId: created.data.id,
          name: 'Acme prod',
          keyType: 'live',
          ownerId: 'org_acme',
          scopes: ['reports:read'],
          expiresAt: null,
        })
      }
      await t.expect({ path: WHOAMI }, { status: 401, code: 'UNAUTHORIZED', message: P.missing, www: W.none })
    },
  },
  {
    ids: 'O4 O8 O9',
    name: "an owner lists its own keys a page at a time; another owner's key id answers as an unknown one",
    async run(t) {
      const own = []
      for (const name of ['a', 'b', 'c']) {
        own.push((await t.expect(t.dashboard('POST', DASHBOARD, { name }, asOwner('org_one')), { status: 201 })).data)
        t.h.clock.advance(1)
      }
      expect(own.map((record) => record.ownerId)).toEqual(['org_one', 'org_one', 'org_one'])
      const theirs = (
        await t.expect(t.dashboard('POST', DASHBOARD, { name: 'x', ownerId: 'org_two' }), { status: 201 })
      ).data
      const first = await t.expect(t.dashboard('GET', `${DASHBOARD}?limit=2`, undefined, asOwner('org_one')), {
        status: 200,
      })
      expect(first.data.map((record: { name: string }) => record.name)).toEqual(['c', 'b'])
      const next = await t.expect(
        t.dashboard('GET', `${DASHBOARD}?limit=2&cursor=${first.meta.nextCursor}`, undefined, asOwner('org_one')),
        { status: 200 },
      )
      expect([next.data.map((record: { name: string }) => record.name), next.meta.nextCursor]).toEqual([['a'], null])
      const unknown = await t.send(
        t.dashboard('GET', `${DASHBOARD}/key_${'0'.repeat(24)}`, undefined, asOwner('org_one')),
      )
      const other = await t.send(t.dashboard('GET', `${DASHBOARD}/${theirs.id}`, undefined, asOwner('org_one')))
      const shape = (r: RawResponse) => [
        r.status,
        r.body
          .replaceAll(theirs.id, 'ID')
          .replaceAll(`key_${'0'.repeat(24)}`, 'ID')
          .replace(/req_\w+/g, 'REQ'),
      ]
      expect(shape(other)).toEqual(shape(unknown))
      expect(other.status).toBe(404)
      await t.expect(t.dashboard('POST', DASHBOARD, { name: 'y', ownerId: 'org_two' }, asOwner('org_one')), {
        status: 403,
        code: 'forbidden',
      })
    },
  },
  {
    ids: 'O5 O6 K7',
    name: 'update changes what the next request sees; revoke-all refuses every key of the owner at once',
    async run(t) {
      const a = (await t.expect(t.dashboard('POST', DASHBOARD, { name: 'a', ownerId: 'org_closing' }), { status: 201 }))
        .data
      const b = (await t.expect(t.dashboard('POST', DASHBOARD, { name: 'b', ownerId: 'org_closing' }), { status: 201 }))
        .data
      const patched = await t.expect(
        t.dashboard('PATCH', `${DASHBOARD}/${a.id}`, { name: 'renamed', meta: { plan: 'free' } }),
        { status: 200 },
      )
      expect(patched.data).toMatchObject({ id: a.id, name: 'renamed', meta: { plan: 'free' } })
      const me = await t.expect(
        { path: WHOAMI, headers: bearer(a.key) },
        { status: 200, limits: { limit: 1000 }, quota: null },
      )
      expect(me.data.name).toBe('renamed')
      const all = await t.expect(t.dashboard('POST', '/api/dashboard/owners/org_closing/revoke-all'), { status: 200 })
      expect(all.data).toEqual({ revoked: 2 })
      for (const key of [a.key, b.key]) {
        await t.expect(
          { method: 'POST', path: AUTH_TEST, headers: bearer(key) },
          { status: 401, code: 'API_KEY_REVOKED', message: P.revoked, www: W.token },
        )
      }
      await t.expect(t.dashboard('PATCH', `${DASHBOARD}/${a.id}`, { name: 'late' }), { status: 409, code: 'conflict' })
    },
  },
]

/** Every case, in the order each framework runs them. */
export const PARITY_CASES: readonly ParityCase[] = [
  ...credentialCases,
  ...keyCases,
  ...limitCases,
  ...responseCases,
  ...endpointCases,
  ...guardCases,
  ...ownerCases,
]
