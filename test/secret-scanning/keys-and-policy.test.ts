/**
 * W3 beyond the adapters: how GitHub's keys are fetched and kept (cached, fetched again once for an
 * unknown id, a failing or silent key list answered with 503 within the bound and fetched at most
 * once a minute, B5), replays known by the report and not its signature (B5), which tokens are
 * looked up at all (K2: none that fail the format), the `notify` policy, a host callback that
 * throws, option mistakes, and reports behind a host's body parser. In process through
 * keyward/fetch, and over HTTP for Express and Koa with their body parsers.
 */
import * as crypto from 'node:crypto'
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
import { createManualClock, type ManualClock } from '../../src/core/clock.js'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward, type Keyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { rawRequest } from '../adapters/support/raw-http.js'
import {
  type KeyListServer,
  makeSigningKey,
  malleated,
  paddedSignature,
  reencoded,
  signedHeaders,
  startKeyListServer,
  tokenHash,
} from './github.js'

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

/** keyward/fetch in process, on memory stores that note each hash looked up (and on `clock`, when given). */
function fetchApp(options: SecretScanningOptions = {}, clock?: ManualClock): App {
  const memory = createMemoryStores()
  const lookups: string[] = []
  const findByHash = memory.keys.findByHash.bind(memory.keys)
  memory.keys.findByHash = (hash) => {
    lookups.push(hash)
    return findByHash(hash)
  }
  const keyward = createKeyward({ stores: memory, ...(clock === undefined ? {} : { clock }) })
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

  it('B5: unreachable (503) → 503 service_unavailable with Retry-After, the key stays active, and onError is told', async () => {
    keys.mode = 'fail'
    const clock = createManualClock()
    const app = fetchApp({}, clock)
    const created = await app.keyward.keys.create({ name: 'reported while GitHub is down' })
    const body = reportOf(created.key)
    const response = await app.send(body, signedHeaders(first, body))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('service_unavailable')
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('active')
    expect(String(app.errors[0])).toMatch(/could not be fetched .*HTTP 503/)
    // Once the list answers again and the minute is over, the same report goes through.
    keys.mode = 'ok'
    clock.advance(60_000)
    expect((await app.send(body, signedHeaders(first, body))).status).toBe(200)
    expect((await app.keyward.keys.get(created.record.id))?.status).toBe('revoked')
  })

  it('B5: silent → 503 with Retry-After once keysTimeoutMs has passed, not later', async () => {
    keys.mode = 'hang'
    const app = fetchApp({ keysTimeoutMs: 300 })
    const body = reportOf(generateKey('live'))
    const started = Date.now()
    const response = await app.send(body, signedHeaders(first, body))
    expect(response.status).toBe(503)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

/** What a report was answered, for a failing test to show. */
async function shown(response: Response): Promise<string> {
  return `${response.status} retry-after=${response.headers.get('retry-after')} ${await response.clone().text()}`
}

describe('B5: while the key list cannot be fetched', () => {
  /** A report signed by a key of its own: what anyone can send, naming any key id. */
  const forged = (i: number) => {
    const body = reportOf(generateKey('live'))
    return { body, headers: signedHeaders(makeSigningKey(`forged-${i}`), body) }
  }

  for (const [mode, what] of [
    ['error', 'answers 500'],
    ['drop', 'drops the connection'],
  ] as const) {
    it(`B5: a key list that ${what}: 40 forged reports make one fetch and get 503 with Retry-After, never 500; the next fetch comes a minute later`, async () => {
      keys.mode = mode
      const clock = createManualClock()
      const app = fetchApp({}, clock)
      const before = keys.fetches
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => forged(i)).map((r) => app.send(r.body, r.headers)),
      )
      for (const answer of answers) {
        expect(answer.status, await shown(answer)).toBe(503)
        expect(answer.headers.get('retry-after')).toBe('60')
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('service_unavailable')
      }
      expect(keys.fetches - before).toBe(1)
      // One failed fetch is one error told, however many reports it refused.
      expect(app.errors.length).toBe(1)
      for (let i = 0; i < 20; i++) {
        const late = forged(100 + i)
        expect((await app.send(late.body, late.headers)).status).toBe(503)
      }
      expect(keys.fetches - before).toBe(1)

      clock.advance(30_000)
      const half = forged(200)
      const halfWay = await app.send(half.body, half.headers)
      expect([halfWay.status, halfWay.headers.get('retry-after')], await shown(halfWay)).toEqual([503, '30'])
      expect(keys.fetches - before).toBe(1)

      clock.advance(30_000)
      const again = forged(300)
      const retried = await app.send(again.body, again.headers)
      expect([retried.status, retried.headers.get('retry-after')], await shown(retried)).toEqual([503, '60'])
      expect(keys.fetches - before).toBe(2)
      expect(app.errors.length).toBe(2)

      // GitHub's own report waits out the minute too, then goes through with one more fetch.
      keys.mode = 'ok'
      const created = await app.keyward.keys.create({ name: 'reported once GitHub is back' })
      const body = reportOf(created.key)
      expect((await app.send(body, signedHeaders(first, body))).status).toBe(503)
      expect(keys.fetches - before).toBe(2)
      clock.advance(60_000)
      const through = await app.send(body, signedHeaders(first, body))
      expect(through.status, await shown(through)).toBe(200)
      expect(keys.fetches - before).toBe(3)
      expect((await app.keyward.keys.get(created.record.id))?.status).toBe('revoked')
    })
  }

  it('B5: a key list URL where nothing listens → 503 with Retry-After, never 500', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const app = fetchApp({ keysUrl: `http://127.0.0.1:${port}/meta/public_keys/secret_scanning` }, createManualClock())
    for (let i = 0; i < 5; i++) {
      const report = forged(i)
      const answer = await app.send(report.body, report.headers)
      expect([answer.status, answer.headers.get('retry-after')], await shown(answer)).toEqual([503, '60'])
    }
    expect(app.errors.length).toBe(1)
  })
})

describe('B5: a replay is known by the report, not by its signature', () => {
  it('B5: the same report with its signature re-encoded (no padding, loose last character) or malleated to (r, n−s) tells onLeaked once', async () => {
    const app = fetchApp({ policy: 'notify' })
    const created = await app.keyward.keys.create({ name: 'replayed in other spellings' })
    const body = reportOf(created.key)
    const original = paddedSignature(first, body)
    const spellings = [original, ...reencoded(original), malleated(original)]
    // Each spelling is new text, and each verifies: only the report tells them apart from new reports.
    expect(new Set(spellings).size).toBe(4)
    const publicKey = crypto.createPublicKey(first.publicPem)
    for (const spelling of spellings) {
      expect(/^[A-Za-z0-9+/]+={0,2}$/.test(spelling), spelling).toBe(true)
      const bytes = Buffer.from(spelling, 'base64')
      expect(crypto.verify('sha256', Buffer.from(body), { key: publicKey, dsaEncoding: 'der' }, bytes), spelling).toBe(
        true,
      )
    }
    for (const spelling of spellings) {
      const answer = await app.send(body, [
        ['Content-Type', 'application/json'],
        ['Github-Public-Key-Identifier', first.id],
        ['Github-Public-Key-Signature', spelling],
      ])
      expect(answer.status, await shown(answer)).toBe(200)
      expect(((await answer.json()) as { label: string }[])[0]!.label).toBe('true_positive')
    }
    expect(app.events.map((event) => event.keyId)).toEqual([created.record.id])
  })

  it('B5: another report of the same key (another body) is a new report: onLeaked hears of it', async () => {
    const app = fetchApp({ policy: 'notify' })
    const created = await app.keyward.keys.create({ name: 'reported twice' })
    for (const url of ['https://github.com/a', 'https://github.com/b']) {
      const body = JSON.stringify([{ token: created.key, type: 'svc_key', url, source: 'content' }])
      expect((await app.send(body, signedHeaders(first, body))).status).toBe(200)
    }
    expect(app.events.map((event) => event.url)).toEqual(['https://github.com/a', 'https://github.com/b'])
  })
})

describe('B5: an unsigned request is refused before its body is read', () => {
  it('B5: without both signature headers → 401, and not one chunk of the body is pulled', async () => {
    const app = fetchApp()
    for (const headers of [
      [['Content-Type', 'application/json']],
      [['Github-Public-Key-Identifier', first.id]],
      [['Github-Public-Key-Signature', paddedSignature(first, '[]')]],
    ] as [string, string][][]) {
      let pulls = 0
      const chunk = new Uint8Array(64 * 1024).fill(0x20)
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls++
            if (pulls > 16) controller.close()
            else controller.enqueue(chunk)
          },
        },
        { highWaterMark: 0 },
      )
      const request = new Request(`http://localhost${PATH}`, {
        method: 'POST',
        headers,
        body: stream,
        duplex: 'half',
      } as RequestInit)
      const guard = keywardFetch(app.keyward, { secretScanning: { keysUrl: keys.url } })
      const response = (await guard.handle(request))!
      expect(response.status, await shown(response)).toBe(401)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
      expect([pulls, request.bodyUsed]).toEqual([0, false])
    }
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

describe('B3: who the audit trail says revoked a reported key', () => {
  it('B3: a key revoked by a secret scanning report is recorded with the actor system:secret-scanning', async () => {
    const app = fetchApp()
    const { key, record } = await app.keyward.keys.create({ name: 'leaked', ownerId: 'org_leak' })
    const body = reportOf(key)
    expect((await app.send(body, signedHeaders(first, body))).status).toBe(200)
    const entries = (await app.keyward.audit.list({ keyId: record.id })).entries
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['revoked', 'system:secret-scanning'],
      ['created', null],
    ])
  })
})
