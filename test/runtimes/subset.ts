/**
 * The parity subset every fetch runtime runs (X3): refusals (H2, H5, H1, H9 revoked), an admitted
 * key with its limit headers (L3), a 429 (L4), ping (E1), the auth test (E2), the dashboard creating
 * and revoking keys (E5) and keyward's 404 (R4). Over real HTTP, against an app on a real clock, so
 * the normalized responses hide what the clock decides (timestamps, resets, Retry-After).
 */
import { expect } from 'vitest'
import { check, type Normalized, normalize } from '../adapters/support/check.js'
import { DASHBOARD_TOKEN } from '../adapters/support/harness.js'
import { type RawRequest, type RawResponse, rawRequest } from '../adapters/support/raw-http.js'

const IP_LOOKUP = '/api/v1/ip/lookup?ip=192.0.2.1'
const AUTH_TEST = '/api/v1/auth/test'
const KEYS = '/api/dashboard/api-keys'
const WWW = {
  none: 'Bearer realm="Svc"',
  request: 'Bearer realm="Svc", error="invalid_request"',
  token: 'Bearer realm="Svc", error="invalid_token"',
}
const bearer = (key: string): RawRequest['headers'] => [['Authorization', `Bearer ${key}`]]

/** The normalized response with what a real clock decides replaced. */
function timeless(response: RawResponse): Normalized {
  const normalized = normalize(response)
  for (const name of ['x-ratelimit-reset', 'x-quota-reset', 'retry-after'])
    if (normalized.headers[name] !== undefined) normalized.headers[name] = '<time>'
  // The wait a 429 names depends on where in its second the request fell, as Retry-After does.
  const body = JSON.stringify(normalized.body ?? null)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
    .replace(/Retry after \d+ s\./g, 'Retry after <time> s.')
  return { ...normalized, body: JSON.parse(body) }
}

/** What a run of the subset saw: the responses, normalized, in order, and the live key it made. */
export interface SubsetRun {
  responses: Normalized[]
  liveKey: string
}

/** Runs the subset against the app on `port`. */
export async function runSubset(port: number): Promise<SubsetRun> {
  const seen: Normalized[] = []
  const send = async (request: RawRequest) => {
    const response = await rawRequest(port, request)
    seen.push(timeless(response))
    return response
  }
  const expectOf = async (request: RawRequest, expected: Parameters<typeof check>[1]) =>
    check(await send(request), { head: request.method === 'HEAD', ...expected })
  const dashboard = (method: string, path: string, body?: unknown): RawRequest => ({
    method,
    path,
    headers: [
      ['Authorization', `Bearer ${DASHBOARD_TOKEN}`],
      ...(body === undefined ? [] : ([['Content-Type', 'application/json']] as const)),
    ],
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const create = async (body: Record<string, unknown>) =>
    (await expectOf(dashboard('POST', KEYS, body), { status: 201 })).data

  // E1: ping needs no key.
  expect((await expectOf({ path: '/api/v1/ping' }, { status: 200, limits: null, quota: null })).data).toEqual({
    status: 'ok',
  })
  await expectOf({ method: 'HEAD', path: '/api/v1/ping' }, { status: 200, limits: null, quota: null })
  // E5: the dashboard's guard first, then a created key, shown once (K1).
  await expectOf({ path: KEYS }, { status: 401, code: 'UNAUTHORIZED', www: WWW.none })
  const live = await create({ name: 'runtime live' })
  expect(live.key).toMatch(/^svc_live_[0-9A-Za-z]{38}$/)
  // H2, H5: no key, another scheme.
  await expectOf(
    { path: IP_LOOKUP },
    { status: 401, code: 'UNAUTHORIZED', message: 'Missing Authorization header', www: WWW.none },
  )
  await expectOf(
    { path: IP_LOOKUP, headers: [['Authorization', `Basic ${live.key}`]] },
    { status: 401, code: 'UNAUTHORIZED', message: 'Svc requires the Authorization: Bearer', www: WWW.request },
  )
  // H1: two Authorization lines, each with a valid key.
  await expectOf(
    { path: AUTH_TEST, headers: [...bearer(live.key)!, ...bearer(live.key)!] },
    { status: 401, code: 'UNAUTHORIZED', message: 'Malformed Authorization header', www: WWW.request },
  )
  // L3: an admitted key, with its limit headers; the auth test consumes nothing (L5).
  const admitted = await expectOf(
    { path: IP_LOOKUP, headers: bearer(live.key) },
    {
      status: 200,
      limits: { limit: 1000, remaining: 999 },
      quota: null,
    },
  )
  expect(admitted.data).toEqual({ ip: '192.0.2.1', version: 4 })
  const verdict = await expectOf(
    { method: 'POST', path: AUTH_TEST, headers: bearer(live.key) },
    {
      status: 200,
      limits: { limit: 1000, remaining: 999 },
      quota: null,
    },
  )
  expect(verdict.data).toEqual({ valid: true, authenticated: true, keyType: 'live' })
  // H8: the legacy header still authenticates, and says it is deprecated.
  await expectOf(
    { path: IP_LOOKUP, headers: [['x-api-key', live.key]] },
    {
      status: 200,
      deprecated: true,
      limits: { limit: 1000, remaining: 998 },
      quota: null,
    },
  )
  // L4: past the per-minute limit, 429 with Retry-After.
  const limited = await create({ name: 'runtime limited', sandbox: true, limits: { perMinute: 2 } })
  for (const remaining of [1, 0])
    await expectOf(
      { path: IP_LOOKUP, headers: bearer(limited.key) },
      {
        status: 200,
        limits: { limit: 2, remaining },
        quota: { limit: 1000 },
      },
    )
  const refused = await send({ path: IP_LOOKUP, headers: bearer(limited.key) })
  const retryAfter = Number(refused.header('retry-after'))
  expect(retryAfter, 'Retry-After within the minute (rounded up)').toBeGreaterThanOrEqual(1)
  expect(retryAfter, 'Retry-After within the minute (rounded up)').toBeLessThanOrEqual(61)
  check(refused, { status: 429, code: 'rate_limited', retryAfter, limits: { limit: 2, remaining: 0 }, quota: {} })
  // H9: a revoked key is refused at once.
  const revoked = await create({ name: 'runtime revoked' })
  await expectOf(dashboard('POST', `${KEYS}/${revoked.id}/revoke`), { status: 200 })
  await expectOf(
    { path: IP_LOOKUP, headers: bearer(revoked.key) },
    { status: 401, code: 'API_KEY_REVOKED', message: 'This API key has been revoked', www: WWW.token },
  )
  // R4: a path no route takes, under the protected prefix: the key first, then keyward's 404.
  await expectOf({ path: '/api/v1/nothing/here' }, { status: 401, code: 'UNAUTHORIZED', www: WWW.none })
  await expectOf(
    { path: '/api/v1/nothing/here', headers: bearer(live.key) },
    { status: 404, code: 'not_found', limits: { limit: 1000, remaining: 998 }, quota: null },
  )
  // The core's byte counts and encodings on this runtime: meta is bounded in UTF-8 bytes, not
  // characters (4,096: `{"note":"…"}` with 2,042 two-byte characters is 4,095 bytes), and a page's
  // cursor is base64url that the next request reads back.
  await create({ name: 'meta at the bound', meta: { note: 'é'.repeat(2042) } })
  await expectOf(dashboard('POST', KEYS, { name: 'meta past the bound', meta: { note: 'é'.repeat(2043) } }), {
    status: 400,
    code: 'invalid_request',
  })
  const first = await expectOf(dashboard('GET', `${KEYS}?limit=2`), { status: 200 })
  expect(first.meta.nextCursor).toEqual(expect.any(String))
  const next = await expectOf(dashboard('GET', `${KEYS}?limit=2&cursor=${first.meta.nextCursor}`), { status: 200 })
  expect(next.data.map((record: { id: string }) => record.id)).not.toContain(first.data[0].id)
  return { responses: seen, liveKey: live.key }
}
