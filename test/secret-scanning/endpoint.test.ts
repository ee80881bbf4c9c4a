/**
 * W3: GitHub's secret scanning endpoint on every adapter (the reference app of each framework),
 * over real HTTP, with GitHub's side played by a local key list server and a locally generated
 * P-256 key pair, plus GitHub's documented sample signature as a test vector.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeakedKeyEvent } from '../../src/core/secret-scanning/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { type Harness, startHarness, TARGETS } from '../adapters/support/harness.js'
import type { RawResponse } from '../adapters/support/raw-http.js'
import {
  GITHUB_SAMPLE,
  type KeyListServer,
  makeSigningKey,
  signedHeaders,
  startKeyListServer,
  tokenHash,
} from './github.js'

const PATH = '/secret-scanning/github'
const signing = makeSigningKey('local-test-key-1')
/** Signs what `signing` does not: a report signed with it must be refused. */
const stranger = makeSigningKey('local-test-key-1')

const shown = (response: RawResponse) => `${response.status} ${response.body}`

/** How much of a body the test sends before it waits for an answer; the rest is never sent. */
const SENT_BYTES = 64 * 1024
const DECLARED_BYTES = 1_000_000

/**
 * Sends a head declaring a body of DECLARED_BYTES, then SENT_BYTES of it, and waits (up to 3 s)
 * for the status line of an answer while the rest of the body is still unsent: an answer at all
 * means the server did not wait to read the body.
 */
function answerWhileSending(port: number, headers: [string, string][]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within 3 s while ${DECLARED_BYTES - SENT_BYTES} bytes of the body were unsent`))
    }, 3000)
    socket.on('connect', () => {
      let head = `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${DECLARED_BYTES}\r\n`
      for (const [name, value] of headers) head += `${name}: ${value}\r\n`
      socket.write(`${head}\r\n`)
      socket.write(Buffer.alloc(SENT_BYTES, 0x20))
    })
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      const statusLine = /^HTTP\/1\.1 \d{3}[^\r]*\r\n/.exec(received)
      if (statusLine === null) return
      clearTimeout(timer)
      socket.destroy()
      resolve(statusLine[0].trim())
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

for (const target of TARGETS) {
  describe(`W3 secret scanning on ${target.name}`, () => {
    let keys: KeyListServer
    let h: Harness
    const events: LeakedKeyEvent[] = []

    beforeAll(async () => {
      keys = await startKeyListServer([
        [signing.id, signing.publicPem],
        [GITHUB_SAMPLE.keyId, GITHUB_SAMPLE.publicKey],
      ])
      h = await startHarness(target, {
        secretScanning: { keysUrl: keys.url, onLeaked: (event) => void events.push(event) },
      })
    })
    afterAll(async () => {
      await h?.close()
      await keys?.close()
    })

    const report = (body: string, headers: [string, string][]) => h.send({ method: 'POST', path: PATH, headers, body })
    const authTest = (key: string) =>
      h.send({ method: 'POST', path: '/api/v1/auth/test', headers: [['Authorization', `Bearer ${key}`]] })

    it('W3: a signed report revokes each known key, tells onLeaked, and answers GitHub feedback per item', async () => {
      const live = await h.keyward.keys.create({ name: 'leaked live', ownerId: 'owner-7' })
      const test = await h.keyward.keys.create({ name: 'leaked test', keyType: 'test' })
      const unknown = generateKey('live')
      const badChecksum = `${live.key.slice(0, -1)}${live.key.endsWith('A') ? 'B' : 'A'}`
      // Spaces, a non-ASCII character and an escaped slash: only the raw bytes verify.
      const body = `[ {"token":"${live.key}","type":"svc_live_key","url":"https://github.com/o/r/blob/1/caf\u00e9.env","source":"content"},
        {"token":"${test.key}","type":"svc_test_key","url":"https:\\/\\/gist.github.com\\/x"},
        {"token":"${unknown}","type":"svc_live_key","url":"u","source":"commit"},
        {"token":"${badChecksum}","type":"svc_live_key","url":"u","source":"commit"} ]`
      const before = events.length
      const response = await report(body, signedHeaders(signing, body))
      expect(response.status, shown(response)).toBe(200)
      expect(response.header('content-type')).toMatch(/^application\/json/)
      expect(response.header('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]{24,}$/)
      expect(response.json()).toEqual([
        { token_hash: tokenHash(live.key), token_type: 'svc_live_key', label: 'true_positive' },
        { token_hash: tokenHash(test.key), token_type: 'svc_test_key', label: 'true_positive' },
        { token_hash: tokenHash(unknown), token_type: 'svc_live_key', label: 'false_positive' },
        { token_hash: tokenHash(badChecksum), token_type: 'svc_live_key', label: 'false_positive' },
      ])
      expect((await h.keyward.keys.get(live.record.id))?.status).toBe('revoked')
      expect((await h.keyward.keys.get(test.record.id))?.status).toBe('revoked')
      const refused = await authTest(live.key)
      expect(refused.status, shown(refused)).toBe(401)
      expect(refused.json().error.code).toBe('API_KEY_REVOKED')
      expect(events.slice(before)).toEqual([
        {
          keyId: live.record.id,
          ownerId: 'owner-7',
          url: 'https://github.com/o/r/blob/1/caf\u00e9.env',
          source: 'content',
        },
        { keyId: test.record.id, ownerId: null, url: 'https://gist.github.com/x', source: null },
      ])
      expect(JSON.stringify(events)).not.toContain(live.key.slice(9))
    })

    it('W3: the same signed request sent again changes nothing and tells onLeaked nothing', async () => {
      const leaked = await h.keyward.keys.create({ name: 'replayed' })
      const body = JSON.stringify([{ token: leaked.key, type: 'svc_live_key', url: 'u', source: 'content' }])
      const headers = signedHeaders(signing, body)
      expect((await report(body, headers)).status).toBe(200)
      const revokedAt = (await h.keyward.keys.get(leaked.record.id))?.revokedAt
      const before = events.length
      const again = await report(body, headers)
      expect(again.status, shown(again)).toBe(200)
      expect(again.json()[0].label).toBe('true_positive')
      expect(events.length).toBe(before)
      expect((await h.keyward.keys.get(leaked.record.id))?.revokedAt).toBe(revokedAt)
    })

    for (const [name, headersOf] of [
      ['no signature headers', () => [['Content-Type', 'application/json']]],
      ['a signature by a key GitHub does not hold', (body: string) => signedHeaders(stranger, body)],
      ['a signature of another body', (body: string) => signedHeaders(signing, `${body} `)],
      [
        'a signature that is not base64 DER',
        () => [
          ['Github-Public-Key-Identifier', signing.id],
          ['Github-Public-Key-Signature', 'bm90IGEgc2lnbmF0dXJl'],
        ],
      ],
      [
        'the signature header twice',
        (body: string) => {
          const headers = signedHeaders(signing, body)
          return [...headers, headers[2]!]
        },
      ],
    ] as [string, (body: string) => [string, string][]][]) {
      it(`W3: ${name} → 401, and the key stays active`, async () => {
        const created = await h.keyward.keys.create({ name: 'not leaked' })
        const body = JSON.stringify([{ token: created.key, type: 'svc_live_key', url: 'u', source: 'content' }])
        const before = events.length
        const response = await report(body, headersOf(body))
        expect(response.status, shown(response)).toBe(401)
        expect(response.json().error.code).toBe('UNAUTHORIZED')
        expect(response.json().error.message).toMatch(/^Secret scanning report refused/)
        expect((await h.keyward.keys.get(created.record.id))?.status).toBe('active')
        expect((await authTest(created.key)).status).toBe(200)
        expect(events.length).toBe(before)
      })
    }

    it('B5: a request without both signature headers gets 401 before its body is read: the answer comes while most of the body is unsent', async () => {
      for (const headers of [
        [['Content-Type', 'application/json']],
        [['Github-Public-Key-Identifier', signing.id]],
      ] as [string, string][][]) {
        expect(await answerWhileSending(h.port, headers)).toMatch(/^HTTP\/1\.1 401 /)
      }
    })

    it('W3: a report over 1 MiB → 413 payload_too_large, and nothing is read or changed', async () => {
      const created = await h.keyward.keys.create({ name: 'big report' })
      const item = { token: created.key, type: 'svc_live_key', url: 'x'.repeat(1000), source: 'content' }
      const body = JSON.stringify(Array.from({ length: 1100 }, () => item))
      const before = events.length
      const response = await report(body, signedHeaders(signing, body))
      expect(response.status, shown(response)).toBe(413)
      expect(response.json().error.code).toBe('payload_too_large')
      expect((await h.keyward.keys.get(created.record.id))?.status).toBe('active')
      expect((await authTest(created.key)).status).toBe(200)
      expect(events.length).toBe(before)
    })

    it('W3: a signed body that is not an array of { token, type } → 400 invalid_request naming the item', async () => {
      const body = JSON.stringify([
        { token: 'abc', type: 'svc_live_key' },
        { token: 42, type: 'svc_live_key' },
      ])
      const response = await report(body, signedHeaders(signing, body))
      expect(response.status, shown(response)).toBe(400)
      expect(response.json().error).toEqual({
        code: 'invalid_request',
        message: 'Invalid request: item 1 of the body: "token" must be a string of 1 to 4096 characters.',
      })
    })

    it("W3: GitHub's documented sample report verifies with GitHub's documented key", async () => {
      const response = await report(GITHUB_SAMPLE.payload, [
        ['Content-Type', 'application/json'],
        ['GITHUB-PUBLIC-KEY-IDENTIFIER', GITHUB_SAMPLE.keyId],
        ['GITHUB-PUBLIC-KEY-SIGNATURE', GITHUB_SAMPLE.signature],
      ])
      expect(response.status, shown(response)).toBe(200)
      expect(response.json()).toEqual([
        { token_hash: tokenHash('some_token'), token_type: 'some_type', label: 'false_positive' },
      ])
    })

    it('W3: only POST: GET → 405 with Allow: POST', async () => {
      const response = await h.send({ method: 'GET', path: PATH })
      expect(response.status, shown(response)).toBe(405)
      expect(response.header('allow')).toBe('POST')
    })

    it('W3: no app error was reported', () => {
      expect(h.errors).toEqual([])
    })
  })
}
