/**
 * What GitHub's side of secret scanning looks like to a test: a locally generated P-256 key pair,
 * the key list served by a local HTTP server (as GitHub serves
 * https://api.github.com/meta/public_keys/secret_scanning), reports signed as GitHub signs them,
 * and GitHub's own documented sample (payload, signature and key) as a test vector.
 */
import * as crypto from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * GitHub's documented sample (docs.github.com, "Secret scanning partner program", the Python
 * validation sample): this payload, signed with the key of this id.
 */
export const GITHUB_SAMPLE = {
  keyId: '90a421169f0a406205f1563a953312f0be898d3c7b6c06b681aa86a874555f4a',
  publicKey: [
    '-----BEGIN PUBLIC KEY-----',
    'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE9MJJHnMfn2+H4xL4YaPDA4RpJqUq',
    'kCmRCBnYERxZanmcpzQSXs1X/AljlKkbJ8qpVIW4clayyef9gWhFbNHWAA==',
    '-----END PUBLIC KEY-----',
  ].join('\n'),
  payload: '[{"token":"some_token","type":"some_type","url":"some_url"}]',
  signature: 'MEUCIQDKZokqnCjrRtw0tni+2Ltvl/uiMJ1EGumEsp1BsNr32AIgQY1YXD2nlj+XNfGK4rBfkMJ1JDOQcYXxa2sY8FNkrKc=',
} as const

/** A signing key of the test's own, with the id the key list gives it. */
export interface SigningKey {
  id: string
  privateKey: crypto.KeyObject
  publicPem: string
}

export function makeSigningKey(id: string): SigningKey {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { id, privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

/** The headers GitHub sends with `body`, signed by `key`: base64 DER ECDSA over the raw bytes. */
export function signedHeaders(key: SigningKey, body: string): [string, string][] {
  const signature = crypto.sign('sha256', Buffer.from(body, 'utf8'), { key: key.privateKey, dsaEncoding: 'der' })
  return [
    ['Content-Type', 'application/json'],
    ['Github-Public-Key-Identifier', key.id],
    ['Github-Public-Key-Signature', signature.toString('base64')],
  ]
}

/** A local key list server: which keys it lists, how often it was asked, and whether it answers at all. */
export interface KeyListServer {
  url: string
  /** Requests it has had. */
  fetches: number
  /** The keys it lists: `[id, PEM]`. */
  keys: [string, string][]
  /** `ok`: the list; `fail`: 503; `error`: 500; `drop`: closes the connection unanswered; `hang`: never answers. */
  mode: 'ok' | 'fail' | 'error' | 'drop' | 'hang'
  close(): Promise<void>
}

export async function startKeyListServer(keys: [string, string][]): Promise<KeyListServer> {
  const state: KeyListServer = { url: '', fetches: 0, keys, mode: 'ok', close: async () => undefined }
  const server: Server = createServer((request, response) => {
    state.fetches++
    if (state.mode === 'hang') return
    if (state.mode === 'fail') return void response.writeHead(503).end('unavailable')
    if (state.mode === 'error') return void response.writeHead(500).end('internal error')
    if (state.mode === 'drop') return void request.socket.destroy()
    const public_keys = state.keys.map(([key_identifier, key], i) => ({ key_identifier, key, is_current: i === 0 }))
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ public_keys }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/meta/public_keys/secret_scanning`
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return state
}

/** The token hash GitHub's feedback format asks for: SHA-256 of the token, in hex. */
export const tokenHash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex')

/** The order of P-256: `(r, n − s)` verifies wherever `(r, s)` does. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551')

/** A DER `INTEGER` of a non-negative value: big-endian, with a leading 0 when the top bit is set. */
function derInteger(value: bigint): Buffer {
  let hex = value.toString(16)
  if (hex.length % 2 === 1) hex = `0${hex}`
  let bytes = Buffer.from(hex, 'hex')
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes])
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes])
}

/**
 * The same ECDSA signature spelt as `(r, n − s)`: another DER, the same signer, the same body. A
 * replay check keyed on the signature's text would take it for a new report.
 */
export function malleated(signatureBase64: string): string {
  const der = Buffer.from(signatureBase64, 'base64')
  // SEQUENCE { INTEGER r, INTEGER s }; P-256 signatures are short enough for one-byte lengths.
  const rLength = der[3]!
  const r = der.subarray(4, 4 + rLength)
  const s = BigInt(`0x${der.subarray(4 + rLength + 2).toString('hex')}`)
  const body = Buffer.concat([Buffer.from([0x02, r.length]), r, derInteger(P256_ORDER - s)])
  return Buffer.concat([Buffer.from([0x30, body.length]), body]).toString('base64')
}

/** A signature of `body` by `key` whose base64 ends in padding, so it can be re-encoded. */
export function paddedSignature(key: SigningKey, body: string): string {
  for (;;) {
    const signature = crypto.sign('sha256', Buffer.from(body, 'utf8'), { key: key.privateKey, dsaEncoding: 'der' })
    const text = signature.toString('base64')
    if (text.endsWith('=')) return text
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * The same bytes in two other base64 spellings a lenient decoder takes: without the padding, and
 * with the unused low bits of the last character set.
 */
export function reencoded(padded: string): [string, string] {
  const unpadded = padded.replace(/=+$/, '')
  const last = BASE64.indexOf(unpadded.at(-1)!)
  // One `=`: the last character carries 2 unused bits; two: 4.
  const unused = padded.endsWith('==') ? 0b1111 : 0b11
  const loose = `${unpadded.slice(0, -1)}${BASE64[last | unused]}${padded.slice(unpadded.length)}`
  return [unpadded, loose]
}
