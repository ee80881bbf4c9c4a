/**
 * The key never leaves the client except in the Authorization header: not through printing the
 * client, not through any error, not through a server that echoes it back (issue 5, K3, K4).
 */
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { rejectionOf } from './client-contract.suite.js'
import { fail, ok } from './support/contract-replies.js'
import { startFakeService, type FakeService } from './support/fake-service.js'

const key = generateKey('live')
const masked = `svc_live_****${key.slice(-4)}`
/** The part of the key the masked form does not show: finding any of it is a leak. */
const secretCore = key.slice(9, -4)

let service: FakeService
beforeAll(async () => {
  service = await startFakeService(() => ok({ valid: true, keyType: 'live' }))
})
afterAll(() => service.close())

/** Every way the value is commonly printed or serialised. */
function renderings(value: unknown): string[] {
  const out = [
    inspect(value),
    inspect(value, { showHidden: true, depth: Infinity, getters: true }),
    inspect({ nested: { value } }, { depth: Infinity }),
    JSON.stringify(value) ?? '',
    JSON.stringify({ value }) ?? '',
    String(value),
    `${value as string}`,
  ]
  if (value instanceof Error) out.push(value.message, value.stack ?? '', inspect(value.cause, { depth: Infinity }))
  return out
}

function expectNoKey(value: unknown): void {
  for (const text of renderings(value)) {
    expect(text).not.toContain(key)
    expect(text).not.toContain(secretCore)
  }
}

describe('the client object never shows the key (K4)', () => {
  it('util.inspect, console-style printing, JSON.stringify, String() and template literals show only the masked key', () => {
    const client = createClient({ apiKey: key, baseUrl: service.baseUrl })
    expectNoKey(client)
    expect(String(client)).toBe(`KeywardClient(${masked} @ ${service.baseUrl})`)
    expect(JSON.parse(JSON.stringify(client))).toEqual({ baseUrl: service.baseUrl, keyType: 'live', maskedKey: masked })
    expect(inspect(client)).toContain(masked)
  })

  it('the key is not reachable as a property: no own keys, symbols or prototype getters expose it', () => {
    const client = createClient({ apiKey: key, baseUrl: service.baseUrl })
    const reachable: unknown[] = []
    for (const name of Reflect.ownKeys(client))
      reachable.push((client as unknown as Record<PropertyKey, unknown>)[name])
    const proto = Object.getPrototypeOf(client) as object
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (descriptor.get) reachable.push(Reflect.get(proto, name, client))
    }
    expect(JSON.stringify(reachable.map(String))).not.toContain(secretCore)
    expect(Object.keys(client)).toEqual([])
  })
})

describe('no error shows the key', () => {
  it('TypeErrors of createClient() for a Bearer value, whitespace, a typo or a key in baseUrl', () => {
    const typo = key.slice(0, 12) + (key[12] === 'A' ? 'B' : 'A') + key.slice(13)
    for (const options of [
      key,
      { apiKey: `Bearer ${key}`, baseUrl: service.baseUrl },
      { apiKey: `${key}\n`, baseUrl: service.baseUrl },
      { apiKey: typo, baseUrl: service.baseUrl },
      { apiKey: key, baseUrl: `${service.baseUrl}/?api_key=${key}` },
      { apiKey: key, baseUrl: `https://${key}@example.com` },
      { key, baseUrl: service.baseUrl },
    ]) {
      let thrown: unknown
      try {
        createClient(options as never)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(TypeError)
      expectNoKey(thrown)
      expect((thrown as Error).message).not.toContain(typo.slice(9, -4))
    }
  })

  it('KeywardApiError redacts a key the server echoes in its message or Location', async () => {
    const client = createClient({ apiKey: key, baseUrl: service.baseUrl })
    service.use(() => fail(401, 'INVALID_API_KEY', `Invalid API key — no matching live (svc_live_) key found: ${key}`))
    const echoed = await rejectionOf(client.authTest())
    expectNoKey(echoed)
    expect((echoed as Error).message).toContain(masked)
    service.use(() => ({ status: 302, headers: { Location: `https://elsewhere.example/?k=${key}` } }))
    expectNoKey(await rejectionOf(client.authTest()))
  })

  it('KeywardNetworkError (refused, timeout), KeywardResponseError and KeywardKeyTypeError, with their causes', async () => {
    const closed = await startFakeService(() => ok({}))
    await closed.close()
    expectNoKey(await rejectionOf(createClient({ apiKey: key, baseUrl: closed.baseUrl }).authTest()))

    service.use(() => ({ ...ok({}), delayMs: 1_000 }))
    expectNoKey(await rejectionOf(createClient({ apiKey: key, baseUrl: service.baseUrl, timeoutMs: 50 }).authTest()))

    service.use(() => ({ status: 200, body: 'not json' }))
    expectNoKey(await rejectionOf(createClient({ apiKey: key, baseUrl: service.baseUrl }).authTest()))

    const testKey = generateKey('test')
    const keyTypeError = await rejectionOf(createClient({ apiKey: testKey, baseUrl: service.baseUrl }).assertLive())
    for (const text of renderings(keyTypeError)) expect(text).not.toContain(testKey.slice(9, -4))
  })

  it('a fetch that fails with the request in its error does not leak it through the message or the cause', async () => {
    const fetch = (_url: string, init: { headers: Record<string, string> }) =>
      Promise.reject(new Error(`socket hang up (${init.headers.authorization})`))
    const error = await rejectionOf(createClient({ apiKey: key, baseUrl: service.baseUrl, fetch }).authTest())
    expectNoKey(error)
    expect((error as Error).message).toContain(masked)
  })
})
