/**
 * `keyward/testing`: unit-test auth behaviour in isolation, without HTTP. A keyward instance on
 * memory stores with a clock the test sets, helpers that issue keys, and a request builder.
 */
import { createManualClock, type ManualClock } from './clock.js'
import { createKeyward, type AuthDecision, type CreatedKey, type Keyward, type KeywardOptions } from './keyward.js'
import type { CreateKeyInput } from './key-input.js'
import { createMemoryStores } from './memory/index.js'
import type { Awaitable, RequestView, RouteRequirements } from './types.js'

export { createManualClock, type ManualClock } from './clock.js'

/** A request as a test writes it: header names in any case, values as one string or one per line. */
export interface TestRequest {
  headers?: Record<string, string | readonly string[] | undefined>
  /** The query string, with or without the leading `?`. */
  query?: string
  method?: string
  path?: string
  ip?: string | null
}

/**
 * Turns a test's request into the neutral view the core reads. `Authorization` and `x-api-key`
 * keep one entry per line, so duplicate headers (H1) can be written as arrays.
 *
 * @example
 * import { buildRequest } from 'keyward/testing'
 * buildRequest({ headers: { Authorization: ['Bearer a', 'Bearer b'] } })
 */
export function buildRequest(request: TestRequest = {}): RequestView {
  const view: RequestView = {
    method: request.method ?? 'GET',
    path: request.path ?? '/api/v1/test',
    ip: request.ip ?? '127.0.0.1',
  }
  const query = request.query?.startsWith('?') ? request.query.slice(1) : request.query
  if (query !== undefined) view.query = query
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === undefined) continue
    const lower = name.toLowerCase()
    if (lower === 'authorization') view.authorization = value
    else if (lower === 'x-api-key') view.apiKey = value
  }
  return view
}

/** A keyward instance set up for tests. */
export interface TestKeyward {
  keyward: Keyward
  clock: ManualClock
  /** Creates a key; `sandbox: true` or `keyType: 'test'` for a sandbox key. Name defaults to "test key". */
  issueKey(input?: Partial<CreateKeyInput>): Promise<CreatedKey>
  issueLiveKey(input?: Partial<CreateKeyInput>): Promise<CreatedKey>
  issueTestKey(input?: Partial<CreateKeyInput>): Promise<CreatedKey>
  /** Authenticates a built request and waits for the decision. */
  authenticate(request: TestRequest, route?: RouteRequirements): Promise<AuthDecision>
  /** Authenticates `Authorization: Bearer <key>`. */
  authenticateKey(key: string, route?: RouteRequirements): Promise<AuthDecision>
}

/**
 * A keyward instance on fresh memory stores and a manual clock. Options pass through to
 * `createKeyward()`; `stores` and `clock` default to test-friendly ones.
 *
 * @example
 * import { createTestKeyward } from 'keyward/testing'
 * const t = createTestKeyward()
 * const { key } = await t.issueTestKey()
 * const decision = await t.authenticateKey(key)
 * t.clock.advance(60_000)
 */
export function createTestKeyward(options: KeywardOptions & { clock?: ManualClock } = {}): TestKeyward {
  const clock = options.clock ?? createManualClock()
  const keyward = createKeyward({ stores: createMemoryStores(), ...options, clock })
  const issueKey = (input: Partial<CreateKeyInput> = {}) => keyward.keys.create({ name: 'test key', ...input })
  const settle = (decision: Awaitable<AuthDecision>) => Promise.resolve(decision)
  return {
    keyward,
    clock,
    issueKey,
    issueLiveKey: (input = {}) => issueKey({ ...input, keyType: 'live' }),
    issueTestKey: (input = {}) => issueKey({ ...input, keyType: 'test' }),
    authenticate: (request, route) => settle(keyward.authenticate(buildRequest(request), route)),
    authenticateKey: (key, route) =>
      settle(keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }), route)),
  }
}
