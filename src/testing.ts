/**
 * `keyward/testing`: unit-test auth behaviour in isolation, without HTTP. A keyward instance on
 * memory stores with a clock the test sets, helpers that issue keys (with an owner and meta when
 * a test needs them), the request context a handler would get, and a request builder.
 */
import { createManualClock, type ManualClock } from './core/clock.js'
import { createKeyward, type AuthDecision, type CreatedKey, type Keyward, type KeywardOptions } from './keyward.js'
import type { CreateKeyInput } from './core/key-input.js'
import { createMemoryStores } from './stores/memory/index.js'
import type { ApiKeyContext, Awaitable, RequestView, RouteRequirements } from './core/types.js'

export { createManualClock, type ManualClock } from './core/clock.js'

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
 * keep one entry per line, so duplicate headers can be written as arrays.
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
  /**
   * Creates a key; `sandbox: true` or `keyType: 'test'` for a sandbox key, `ownerId` and `meta`
   * for a customer's key. Name defaults to "test key".
   */
  issueKey(input?: Partial<CreateKeyInput>): Promise<CreatedKey>
  /** A live key; `{ ownerId, meta }` and the other create fields as `issueKey`. */
  issueLiveKey(input?: Partial<CreateKeyInput>): Promise<CreatedKey>
  /** A sandbox key; `{ ownerId, meta }` and the other create fields as `issueKey`. */
  issueTestKey(input?: Partial<CreateKeyInput>): Promise<CreatedKey>
  /** Authenticates a built request and waits for the decision. */
  authenticate(request: TestRequest, route?: RouteRequirements): Promise<AuthDecision>
  /** Authenticates `Authorization: Bearer <key>`. */
  authenticateKey(key: string, route?: RouteRequirements): Promise<AuthDecision>
  /**
   * What a handler gets as the request's key (`req.apiKey`, `request.apiKey`, `c.get('apiKey')`)
   * for `Authorization: Bearer <key>`: its id, owner, meta, scopes and limits, to call a handler
   * with directly. Consumes nothing unless `route.consume` is true. Throws when the key is refused,
   * naming the error code.
   */
  apiKeyFor(key: string, route?: RouteRequirements): Promise<ApiKeyContext>
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
 *
 * @example
 * // a handler that serves the calling customer's data
 * import { createTestKeyward } from 'keyward/testing'
 * const t = createTestKeyward()
 * const { key } = await t.issueLiveKey({ ownerId: 'acct_42', meta: { plan: 'pro' } })
 * const apiKey = await t.apiKeyFor(key)
 * expect(await listInvoices(apiKey)).toEqual(invoicesOf('acct_42'))
 * expect((await t.keyward.keys.list({ ownerId: 'acct_42' })).keys).toHaveLength(1)
 */
export function createTestKeyward(options: KeywardOptions & { clock?: ManualClock } = {}): TestKeyward {
  const clock = options.clock ?? createManualClock()
  const keyward = createKeyward({ stores: createMemoryStores(), ...options, clock })
  const issueKey = (input: Partial<CreateKeyInput> = {}) => keyward.keys.create({ name: 'test key', ...input })
  const settle = (decision: Awaitable<AuthDecision>) => Promise.resolve(decision)
  const authenticateKey = (key: string, route?: RouteRequirements) =>
    settle(keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }), route))
  return {
    keyward,
    clock,
    issueKey,
    issueLiveKey: (input = {}) => issueKey({ ...input, keyType: 'live' }),
    issueTestKey: (input = {}) => issueKey({ ...input, keyType: 'test' }),
    authenticate: (request, route) => settle(keyward.authenticate(buildRequest(request), route)),
    authenticateKey,
    async apiKeyFor(key, route) {
      const decision = await authenticateKey(key, { consume: false, ...route })
      if (!decision.ok)
        throw new Error(`keyward/testing: apiKeyFor() was refused: ${decision.error.code}: ${decision.error.message}`)
      return decision.apiKey
    },
  }
}
