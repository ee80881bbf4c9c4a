import type { Redis } from 'ioredis'
import { afterAll, expect } from 'vitest'
import {
  createDashboard,
  type DashboardOptions,
  type DashboardRequest,
  bearerTokenGuard,
} from '../../src/dashboard/index.js'
import { createKeyward, type Keyward, type KeywardOptions } from '../../src/keyward.js'
import { ERROR_STATUS } from '../../src/core/messages.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { generateRequestId } from '../../src/core/responses.js'
import { createTestKeyward } from '../../src/testing.js'
import type { KeywardResponse } from '../../src/core/types.js'
import { deletePrefix, ioredisClient } from '../helpers/redis.js'

export const TOKEN = 'dash-token-0123456789abcdefABCDEF'
export const AUTH = `Bearer ${TOKEN}`
export const JSON_TYPE = 'application/json; charset=utf-8'

/** A dashboard request with the right token and defaults a test overrides. */
export function dashboardRequest(partial: Partial<DashboardRequest> = {}): DashboardRequest {
  return {
    method: 'GET',
    path: '/api-keys',
    query: '',
    headers: { authorization: AUTH },
    body: null,
    bodyTooLarge: false,
    requestId: generateRequestId(),
    ip: '203.0.113.7',
    ...partial,
  }
}

/** A keyward test instance (manual clock) with a dashboard guarded by `bearerTokenGuard(TOKEN)`. */
export function setup(
  options: { keyward?: Omit<KeywardOptions, 'clock'>; dashboard?: Partial<DashboardOptions> } = {},
) {
  const t = createTestKeyward(options.keyward)
  const dashboard = createDashboard(t.keyward, { authorize: bearerTokenGuard(TOKEN), ...options.dashboard })
  const handle = (partial: Partial<DashboardRequest> = {}) => {
    const request = dashboardRequest(partial)
    return dashboard.handle(request).then((response) => ({ request, response }))
  }
  return {
    ...t,
    dashboard,
    handle,
    /** POST /api-keys with a JSON body (objects are serialized; strings are sent as they are). */
    create(body: unknown, headers: DashboardRequest['headers'] = {}) {
      return handle({
        method: 'POST',
        path: '/api-keys',
        headers: { authorization: AUTH, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
    },
  }
}

/** Shows the response in a failing assertion. */
export function show(response: KeywardResponse): string {
  return `${response.status} ${JSON.stringify(response.headers)} ${response.body}`
}

/** R1, R2: JSON content type and the request's own id on every response. */
export function expectCommonHeaders(request: DashboardRequest, response: KeywardResponse) {
  expect(response.headers['Content-Type'], show(response)).toBe(JSON_TYPE)
  expect(response.headers['X-Request-ID'], show(response)).toBe(request.requestId)
}

/** R1: an error envelope with this status and code; returns the message. */
export function expectError(
  { request, response }: { request: DashboardRequest; response: KeywardResponse },
  status: number,
  code: string,
): string {
  expectCommonHeaders(request, response)
  const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } }
  expect({ status: response.status, code: body.error?.code }, show(response)).toEqual({ status, code })
  expect(Object.keys(body), show(response)).toEqual(['error'])
  expect(Object.keys(body.error!).sort(), show(response)).toEqual(['code', 'message'])
  expect(typeof body.error!.message).toBe('string')
  // O5: 409 conflict is the dashboard's own code beside the catalogue's.
  expect({ ...ERROR_STATUS, conflict: 409 }[code as keyof typeof ERROR_STATUS]).toBe(status)
  return body.error!.message as string
}

/** R1: a success envelope with this status; returns `data`. */
export function expectSuccess<T = any>(
  { request, response }: { request: DashboardRequest; response: KeywardResponse },
  status = 200,
): T {
  expectCommonHeaders(request, response)
  expect(response.status, show(response)).toBe(status)
  const body = JSON.parse(response.body) as { data: T; meta: { timestamp: string } }
  expect(Object.keys(body).sort(), show(response)).toEqual(['data', 'meta'])
  expect(body.meta.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  return body.data
}

/**
 * Starts keyward instances on the Redis at `url`, each with a client of its own and the Redis
 * stores under the prefix it is given (`failedAuthLimit: 0`: the dashboard's own limit is what a
 * test sets). After the file every app is closed, every client disconnected and every prefix
 * deleted.
 */
export function redisInstances<App extends { keyward: Keyward; close(): Promise<void> }>(url: string) {
  const clients: Redis[] = []
  const prefixes = new Set<string>()
  const running: App[] = []
  afterAll(async () => {
    for (const app of running) {
      await app.close()
      await app.keyward.close().catch(() => undefined)
    }
    for (const client of clients) client.disconnect()
    for (const prefix of prefixes) await deletePrefix(url, prefix)
  })
  return async function instance(prefix: string, start: (keyward: Keyward) => Promise<App>): Promise<App> {
    prefixes.add(prefix)
    const client = await ioredisClient(url)
    clients.push(client)
    const app = await start(createKeyward({ stores: createRedisStores({ client, prefix }), failedAuthLimit: 0 }))
    running.push(app)
    return app
  }
}
