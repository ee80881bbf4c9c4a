/**
 * W3 beyond the adapters: how GitHub's keys are fetched and kept (cached, fetched again once for an
 * unknown id, a failing or silent key list answered with 500 within the bound), which tokens are
 * looked up at all (K2: none that fail the format), the `notify` policy, a host callback that
 * throws, option mistakes, and reports behind a host's body parser. In process through
 * keyward/fetch, and over HTTP for Express and Koa with their body parsers.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import Koa from 'koa'
import bodyParser from 'koa-bodyparser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFetch } from '../../adapters/fetch.js'
import { keywardKoa } from '../../adapters/koa.js'
import type { LeakedKeyEvent, SecretScanningOptions } from '../../src/core/secret-scanning/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import { type KeyListServer, makeSigningKey, signedHeaders, startKeyListServer, tokenHash } from './github.js'

const PATH = '/secret-scanning/github'
const first = makeSigningKey('key-one')
const second = makeSigningKey('key-two')

let keys: KeyListServer
beforeAll(async () => {
  keys = await startKeyListServer([[first.id, first.publicPem]])
})
afterAll(() => keys?.close())
afterEach(() => {
  keys.mode = 'ok'
  keys.keys = [[first.id, first.publicPem]]
})

interface App {
  keyward: Keyward
  errors: unknown[]
  events: LeakedKeyEvent[]
  lookups: string[]
  send(body: string, headers: [string, string][]): Promise<Response>
}

/** keyward/fetch in process, on memory stores that note each hash looked up. */
function fetchApp(options: SecretScanningOptions = {}): App {
  const memory = createMemoryStores()
  const lookups: string[] = []
  const findByHash = memory.keys.findByHash.bind(memory.keys)
  memory.keys.findByHash = (hash) => {
    lookups.push(hash)
    return findByHash(hash)
  }
  const keyward = createKeyward({ stores: memory })
  const errors: unknown[] = []
  const events: LeakedKeyEvent[] = []
  const guard = keywardFetch(keyward, {
    onError: (error) => errors.push(error),
    secretScanning: { keysUrl: keys.url, onLeaked: (event) => void events.push(event), ...options },
  })
  const send = async (body: string, headers: [string, string][]) =>
    (await guard.handle(new Request(`http://localhost${PATH}`, { method: 'POST', headers, body })))!
  return { keyward, errors, events, lookups, send }
}

const reportOf = (...tokens: string[]) =>
  JSON.stringify(tokens.map((token) => ({ token, type: 'svc_key', url: 'https://github.com/o/r', source: 'content' })))

describe("W3: GitHub's keys", () => {
  it('are fetched once and kept: three reports, one fetch', async () => {
    const app = fetchApp()
    const before = keys.fetches
    for (let i = 0; i < 3; i++) {
      const body = reportOf(generateKey('live'))
      expect((await app.send(body, signedHeaders(first, body))).status).toBe(200)
    }
    expect(keys.fetches - before).toBe(1)
  })

  it('are fetched again once for an unknown id (a key GitHub just added), and not again for the next unknown id', async () => {
    const app = fetchApp()
    const body = reportOf(generateKey('live'))
    expect((await app.send(body, signedHeaders(first, body))).status).toBe(200)
    keys.keys = [...keys.keys, [second.id, second.publicPem]]
    const before = keys.fetches
    const rotated = await app.send(body, signedHeaders(second, body))
    expect(rotated.status, await rotated.clone().text()).toBe(200)
    expect(keys.fetches - before).toBe(1)
    // Anyone can name an id: another unknown one within minutes fetches nothing.
    const forged = await app.send(body, signedHeaders(makeSigningKey('no-such-key'), body))
    expect(forged.status).toBe(401)
    expect(keys.fetches - before).toBe(1)
  })

  it('unreachable (503) → 500 INTERNAL_ERROR, the key stays active, and onError is told', async () => {
    keys.mode = 'fail'
    const app = fetchApp()
    const created = await app.keyward.keys.create({ name: 'reported while GitHub is down' })
    const body = reportOf(created.key)
    const response = await app.send(body, signedHeaders(first, body))
    expect(response.status).toBe(500)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INTERNAL_ERROR')
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('active')
    expect(String(app.errors[0])).toMatch(/could not be fetched .*HTTP 503/)
    // Once the list answers again, the same report goes through.
    keys.mode = 'ok'
    expect((await app.send(body, signedHeaders(first, body))).status).toBe(200)
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('revoked')
  })

  it('silent → 500 once keysTimeoutMs has passed, not later', async () => {
    keys.mode = 'hang'
    const app = fetchApp({ keysTimeoutMs: 300 })
    const body = reportOf(generateKey('live'))
    const started = Date.now()
    const response = await app.send(body, signedHeaders(first, body))
    expect(response.status).toBe(500)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('W3: what is looked up and done', () => {
  it('K2: tokens that fail the key format are false positives without a store lookup', async () => {
    const app = fetchApp()
    const valid = generateKey('live')
    const body = reportOf('svc_live_short', `${valid.slice(0, -1)}!`, 'ghp_notours0123456789', 'other_live_x', valid)
    const response = await app.send(body, signedHeaders(first, body))
    const labels = ((await response.json()) as { label: string }[]).map((item) => item.label)
    expect(labels).toEqual(['false_positive', 'false_positive', 'false_positive', 'false_positive', 'false_positive'])
    expect(app.lookups).toEqual([tokenHash(valid)])
  })

  it('policy notify: the key stays active, onLeaked hears of each report once, a replay tells nothing', async () => {
    const app = fetchApp({ policy: 'notify' })
    const created = await app.keyward.keys.create({ name: 'notify only', ownerId: 'acme' })
    const body = JSON.stringify([
      { token: created.key, type: 'svc_key', url: 'https://github.com/a', source: 'content' },
      { token: created.key, type: 'svc_key', url: 'https://github.com/b', source: 'commit' },
    ])
    const headers = signedHeaders(first, body)
    const response = await app.send(body, headers)
    expect(((await response.json()) as { label: string }[]).map((item) => item.label)).toEqual([
      'true_positive',
      'true_positive',
    ])
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('active')
    expect(app.events).toEqual([
      { keyId: created.record.id, ownerId: 'acme', url: 'https://github.com/a', source: 'content' },
      { keyId: created.record.id, ownerId: 'acme', url: 'https://github.com/b', source: 'commit' },
    ])
    expect((await app.send(body, headers)).status).toBe(200)
    expect(app.events.length).toBe(2)
  })

  it('the same signed request twice at once: onLeaked hears of it once', async () => {
    const app = fetchApp({ policy: 'notify' })
    const created = await app.keyward.keys.create({ name: 'sent twice at once' })
    const body = reportOf(created.key)
    const headers = signedHeaders(first, body)
    const answers = await Promise.all([app.send(body, headers), app.send(body, headers)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(app.events.length).toBe(1)
  })

  it('R5: a store fault while revoking → 500 and onError; GitHub sending the same report again revokes the key', async () => {
    const app = fetchApp()
    const created = await app.keyward.keys.create({ name: 'revoked on the second try' })
    const stores = app.keyward.stores.keys
    const revoke = stores.revoke.bind(stores)
    stores.revoke = () => {
      stores.revoke = revoke
      throw new Error('store unavailable (test fault)')
    }
    const body = reportOf(created.key)
    const headers = signedHeaders(first, body)
    const failed = await app.send(body, headers)
    expect(failed.status).toBe(500)
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('INTERNAL_ERROR')
    expect(app.errors.length).toBe(1)
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('active')
    expect((await app.send(body, headers)).status).toBe(200)
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('revoked')
    expect(app.events.map((event) => event.keyId)).toEqual([created.record.id])
  })

  it('policy revoke: a key revoked before the report is a true positive, and nothing more happens', async () => {
    const app = fetchApp()
    const created = await app.keyward.keys.create({ name: 'revoked already' })
    const revoked = await app.keyward.keys.revoke(created.record.id)
    const body = reportOf(created.key)
    const response = await app.send(body, signedHeaders(first, body))
    expect(((await response.json()) as { label: string }[])[0]!.label).toBe('true_positive')
    expect(app.events).toEqual([])
    expect((await app.keyward.keys.get(created.record.id))?.revokedAt).toBe(revoked.revokedAt)
  })

  it('an onLeaked that throws or rejects does not change the answer; onError is told', async () => {
    const app = fetchApp({
      onLeaked: (event) => {
        if (event.url === 'throw') throw new Error('host callback failed')
        return Promise.reject(new Error('host callback rejected'))
      },
    })
    const created = await app.keyward.keys.create({ name: 'callback fails' })
    const body = JSON.stringify([
      { token: created.key, type: 'svc_key', url: 'throw' },
      { token: created.key, type: 'svc_key', url: 'reject' },
    ])
    const response = await app.send(body, signedHeaders(first, body))
    expect(response.status).toBe(200)
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('revoked')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(app.errors.map(String).sort()).toEqual(['Error: host callback failed', 'Error: host callback rejected'])
  })
})

describe('W3: options', () => {
  const keyward = createKeyward()
  for (const [options, named] of [
    [{ policy: 'delete' }, 'secretScanning.policy'],
    [{ path: 'secret' }, 'secretScanning.path'],
    [{ keysUrl: 'file:///etc/keys' }, 'secretScanning.keysUrl'],
    [{ keysTimeoutMs: 0 }, 'secretScanning.keysTimeoutMs'],
    [{ maxBodyBytes: 1.5 }, 'secretScanning.maxBodyBytes'],
    [{ onLeaked: 'mail' }, 'secretScanning.onLeaked'],
    [{ polcy: 'notify' }, 'secretScanning.polcy'],
    ['yes', 'secretScanning'],
  ] as const) {
    it(`a bad ${named} throws a TypeError naming it`, () => {
      expect(() => keywardFetch(keyward, { secretScanning: options as never })).toThrow(
        expect.objectContaining({ name: 'TypeError', message: expect.stringContaining(`"${named}"`) }),
      )
    })
  }

  it('true serves the endpoint at /secret-scanning/github; absent serves nothing there', async () => {
    const on = keywardFetch(keyward, { secretScanning: true })
    const off = keywardFetch(keyward)
    const get = () => new Request(`http://localhost${PATH}`)
    expect((await on.handle(get()))?.status).toBe(405)
    expect(off.handle(get())).toBeUndefined()
  })
})

describe('W3: behind a body parser of the host', () => {
  /** A fresh key reported to the host's `handler`, served for the call: the answer and the key's status after it. */
  async function reportThrough(handler: Parameters<typeof createServer>[1], keyward: Keyward) {
    const server = createServer(handler)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const port = (server.address() as AddressInfo).port
      const created = await keyward.keys.create({ name: 'behind a parser' })
      const body = `[ { "token": "${created.key}", "type": "svc_key" } ]`
      const response = await rawRequest(port, { method: 'POST', path: PATH, headers: signedHeaders(first, body), body })
      return { response, status: (await keyward.keys.get(created.record.id))?.status }
    } finally {
      server.close()
    }
  }

  it('Express: express.json() before keyward that keeps the raw body (verify) → the report verifies', async () => {
    const keyward = createKeyward()
    const app = express()
    app.use(
      express.json({
        verify: (req, _res, raw) => {
          ;(req as { rawBody?: Buffer }).rawBody = raw
        },
      }),
    )
    app.use(keywardExpress(keyward, { secretScanning: { keysUrl: keys.url } }))
    const { response, status } = await reportThrough(app, keyward)
    expect(response.status, response.body).toBe(200)
    expect(status).toBe('revoked')
  })

  it('Express: express.json() before keyward without the raw body → 401, nothing changes (fails closed)', async () => {
    const keyward = createKeyward()
    const app = express()
    app.use(express.json())
    app.use(keywardExpress(keyward, { secretScanning: { keysUrl: keys.url } }))
    const { response, status } = await reportThrough(app, keyward)
    expect(response.status, response.body).toBe(401)
    expect(status).toBe('active')
  })

  it('Koa: koa-bodyparser before keyward → the report verifies over the raw body it keeps', async () => {
    const keyward = createKeyward()
    const app = new Koa()
    app.use(bodyParser())
    app.use(keywardKoa(keyward, { secretScanning: { keysUrl: keys.url } }))
    const { response, status } = await reportThrough(app.callback(), keyward)
    expect(response.status, response.body).toBe(200)
    expect(status).toBe('revoked')
  })
})
