/**
 * What the hardening tests share: the reference apps started on port 0, a raw-socket HTTP client
 * that sends exactly the bytes a test gives it, a strict response parser, and the checks of the
 * response envelope (R1) and request id (R2).
 */
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { bearerTokenGuard } from '../../src/dashboard/index.js'
import type { Keyward } from '../../src/keyward.js'
import type { AppConfig, BuiltApp } from '../../server/app.js'
import { buildExpressApp } from '../../server/app-express.js'
import { buildFastifyApp } from '../../server/app-fastify.js'
import { buildHonoApp } from '../../server/app-hono.js'
import { buildKoaApp } from '../adapters/support/app-koa.js'
import { TARGETS } from '../adapters/support/harness.js'
import { type ServerProcess as ReferenceServer, startServer as startReferenceServer } from '../server/support.js'

export const FRAMEWORKS = ['express', 'fastify', 'hono'] as const
/** The reference app on every adapter: the three above, Koa, and Nest on each of its platforms. */
export const REFERENCE_FRAMEWORKS = [...FRAMEWORKS, 'koa', 'nestjs (express)', 'nestjs (fastify)'] as const
export type Framework = (typeof REFERENCE_FRAMEWORKS)[number]

export const DASHBOARD_TOKEN = 'hardening-dashboard-token-0123456789abcdef'
export const JSON_TYPE = 'application/json; charset=utf-8'
/** R2: `req_` + 24 or more URL-safe characters. */
export const REQUEST_ID = /^req_[A-Za-z0-9_-]{24,}$/

const BUILDERS: Record<Framework, (config: AppConfig) => Promise<BuiltApp>> = {
  express: buildExpressApp,
  fastify: buildFastifyApp,
  hono: buildHonoApp,
  koa: buildKoaApp,
  'nestjs (express)': (config) => TARGETS.find((t) => t.name === 'nestjs 12 (express)')!.build(config),
  'nestjs (fastify)': (config) => TARGETS.find((t) => t.name === 'nestjs 12 (fastify)')!.build(config),
}

/** A reference app listening on 127.0.0.1 on a port of its own. */
export interface RunningApp {
  framework: Framework
  port: number
  base: string
  close(): Promise<void>
}

export async function startApp(
  framework: Framework,
  keyward: Keyward,
  options: Partial<Omit<AppConfig, 'keyward'>> = {},
): Promise<RunningApp> {
  const config: AppConfig = {
    keyward,
    dashboard: { authorize: bearerTokenGuard(DASHBOARD_TOKEN) },
    trustProxy: false,
    ...options,
  }
  const built: BuiltApp = await BUILDERS[framework](config)
  await new Promise<void>((resolve, reject) => {
    built.server.once('error', reject)
    built.server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (built.server.address() as AddressInfo).port
  return { framework, port, base: `http://127.0.0.1:${port}`, close: () => built.close() }
}

/** A response as read off the wire. */
export interface RawResponse {
  status: number
  /** Header lines in order, names in lower case. */
  headerLines: [string, string][]
  headers: Record<string, string>
  body: string
  ms: number
}

export function header(response: RawResponse, name: string): string | undefined {
  return response.headers[name.toLowerCase()]
}

/** Decodes a chunked body; throws on a malformed one. */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const end = data.indexOf('\r\n', at)
    if (end < 0) throw new Error('chunked body: missing chunk size line')
    const size = parseInt(data.subarray(at, end).toString('latin1').split(';')[0]!, 16)
    if (!Number.isFinite(size)) throw new Error('chunked body: bad chunk size')
    at = end + 2
    if (size === 0) return Buffer.concat(parts)
    parts.push(data.subarray(at, at + size))
    at += size + 2
  }
}

/** Parses one HTTP/1.1 response; throws with the raw text when it is not one. */
export function parseResponse(data: Buffer, head: boolean, ms: number): RawResponse {
  const split = data.indexOf('\r\n\r\n')
  if (split < 0)
    throw new Error(`not an HTTP response (no end of head): ${JSON.stringify(data.toString('latin1').slice(0, 300))}`)
  const lines = data.subarray(0, split).toString('latin1').split('\r\n')
  const statusLine = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(lines[0]!)
  if (!statusLine) throw new Error(`bad status line: ${JSON.stringify(lines[0])}`)
  const headerLines: [string, string][] = []
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    if (colon <= 0) throw new Error(`bad header line: ${JSON.stringify(line)}`)
    const name = line.slice(0, colon).toLowerCase()
    const value = line.slice(colon + 1).trim()
    headerLines.push([name, value])
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  let bodyBytes = data.subarray(split + 4)
  if (head) bodyBytes = Buffer.alloc(0)
  else if (headers['transfer-encoding']?.toLowerCase() === 'chunked') bodyBytes = dechunk(bodyBytes)
  else if (headers['content-length'] !== undefined) bodyBytes = bodyBytes.subarray(0, Number(headers['content-length']))
  return { status: Number(statusLine[1]), headerLines, headers, body: bodyBytes.toString('utf8'), ms }
}

/**
 * Sends `bytes` on a fresh connection and reads until the server closes it (the request carries
 * `Connection: close`). Rejects when nothing complete arrives within `timeoutMs`: a hang.
 */
export function rawRequest(
  port: number,
  bytes: Buffer,
  options: { head?: boolean; timeoutMs?: number; localAddress?: string } = {},
): Promise<RawResponse> {
  const timeoutMs = options.timeoutMs ?? 5000
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const chunks: Buffer[] = []
    const socket = connect({
      host: '127.0.0.1',
      port,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    })
    let settled = false
    const finish = (error?: Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      if (error) return reject(error)
      try {
        resolve(parseResponse(Buffer.concat(chunks), options.head === true, performance.now() - start))
      } catch (parseError) {
        reject(parseError as Error)
      }
    }
    const timer = setTimeout(() => finish(new Error(`no complete response within ${timeoutMs} ms (a hang)`)), timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.once('end', () => finish())
    socket.once('close', () => finish())
    // A reset after the server wrote its answer (it closed while bytes were unread) still counts.
    socket.once('error', (error) => (chunks.length > 0 ? finish() : finish(error)))
    socket.write(bytes)
  })
}

/** Request bytes: `headers` are written exactly as given (latin1: one char → one byte). */
export function requestBytes(
  method: string,
  target: string,
  headers: readonly (readonly [string, string])[],
  body?: Buffer,
): Buffer {
  let head = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`
  for (const [name, value] of headers) head += `${name}:${value}\r\n`
  if (body !== undefined) head += `Content-Length: ${body.length}\r\n`
  head += '\r\n'
  const bytes = Buffer.from(head, 'latin1')
  return body === undefined ? bytes : Buffer.concat([bytes, body])
}

/**
 * R1, R2: the response is a keyward envelope — JSON content type, exactly one well-formed
 * `X-Request-ID`, and (unless HEAD) a body that is `{ error: { code, message } }` or
 * `{ data, meta: { timestamp } }`. Returns a description of what is wrong, or null.
 */
export function envelopeProblem(response: RawResponse, head: boolean): string | null {
  const ids = response.headerLines.filter(([name]) => name === 'x-request-id')
  if (ids.length !== 1) return `expected one X-Request-ID, got ${ids.length}`
  if (!REQUEST_ID.test(ids[0]![1])) return `malformed X-Request-ID ${JSON.stringify(ids[0]![1])}`
  if (response.headers['content-type'] !== JSON_TYPE)
    return `content type ${JSON.stringify(response.headers['content-type'])}`
  if (head) return response.body === '' ? null : 'HEAD response with a body'
  let body: unknown
  try {
    body = JSON.parse(response.body)
  } catch {
    return `body is not JSON: ${JSON.stringify(response.body.slice(0, 200))}`
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object'
  const keys = Object.keys(body).sort().join(',')
  if (keys === 'error') {
    const error = (body as { error: unknown }).error as Record<string, unknown>
    if (typeof error !== 'object' || error === null) return 'error is not an object'
    if (Object.keys(error).sort().join(',') !== 'code,message') return `error fields ${Object.keys(error).join(',')}`
    if (typeof error.code !== 'string' || typeof error.message !== 'string' || error.message === '')
      return 'error code/message not strings'
    if (response.status < 400) return `error envelope with status ${response.status}`
    return null
  }
  if (keys === 'data,meta') {
    const meta = (body as { meta: unknown }).meta as Record<string, unknown>
    if (typeof meta !== 'object' || meta === null || typeof meta.timestamp !== 'string') return 'meta.timestamp missing'
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(meta.timestamp)) return `meta.timestamp ${meta.timestamp}`
    if (response.status >= 300) return `success envelope with status ${response.status}`
    return null
  }
  return `body keys ${keys}`
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A well-formed request through `fetch` (undici), for tests that need no byte control. */
export async function call(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; body: { data?: unknown; error?: { code: string; message: string } } }> {
  const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === '' ? {} : (JSON.parse(text) as never) }
}

/**
 * A well-formed request from a chosen loopback address (127.0.0.0/8 is all local on Linux), so
 * tests can be several clients without trusting any proxy header.
 */
export async function from(
  address: string,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse & { json: { data?: any; error?: { code: string; message: string } } }> {
  const lines = Object.entries(headers)
  const bytes = requestBytes(method, path, lines, body === undefined ? undefined : Buffer.from(body))
  const response = await rawRequest(port, bytes, { localAddress: address, head: method === 'HEAD' })
  return Object.assign(response, { json: response.body === '' ? {} : JSON.parse(response.body) })
}

/** The reference server (`server/main.ts`) on a free port, and everything it printed. */
export interface ServerProcess {
  base: string
  port: number
  output: () => string
  stop(): Promise<void>
}

/** Starts the reference server on a free port with `env` added; resolves once it prints its listening line. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = startReferenceServer({ PORT: '0', HOST: '127.0.0.1', DASHBOARD_TOKEN, ...env })
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server did not start within 20 s:\n${server.output()}`)), 20_000)
  })
  try {
    const line = await Promise.race([server.listening, late])
    const base = /listening on (http:\/\/[^\s]+)/.exec(line)![1]!
    return { base, port: Number(new URL(base).port), output: server.output, stop: () => stopServer(server) }
  } catch (error) {
    server.child.kill('SIGKILL')
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/** SIGTERM, then SIGKILL if it has not exited within 8 s. */
async function stopServer({ child, exited }: ReferenceServer): Promise<void> {
  if (child.exitCode !== null) return
  const killer = setTimeout(() => child.kill('SIGKILL'), 8000)
  child.kill('SIGTERM')
  await exited
  clearTimeout(killer)
}
