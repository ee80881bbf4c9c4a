/**
 * The request as keyward reads it (`RequestView`) from a Node or a fetch request: the path, the
 * client address `trustProxy` says, and every credential header line (H1).
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import type { Keyward } from '../core/instance.js'
import { HTTP_MESSAGES } from '../core/messages.js'
import { generateRequestId } from '../core/responses.js'
import type { RequestView } from '../core/types.js'
import type { ResolvedOptions } from './options.js'
import { pathOf, queryOf } from './classify.js'

/** The header lines Node's parser keeps when the server sets no `maxHeadersCount`: 2000 entries. */
const NODE_DEFAULT_LINE_CAP = 1000

/** `::ffff:127.0.0.1` → `127.0.0.1`: usage entries show the address as the client knows it. */
function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}

/**
 * The client address: `hops` trusted proxies each vouch for the entry to their left in
 * `X-Forwarded-For`; 0 means the socket address.
 *
 * @example
 * resolveClientIp('10.0.0.2', '203.0.113.7', 1) // '203.0.113.7'
 */
export function resolveClientIp(
  socketAddress: string | null | undefined,
  forwardedFor: string | string[] | null | undefined,
  hops: number,
): string | null {
  let ip = socketAddress || null
  // Most sockets give a plain address: only an IPv4-mapped one is rewritten.
  if (ip?.startsWith('::ffff:')) ip = normalizeAddress(ip)
  if (hops === 0 || !forwardedFor) return ip
  const entries = (typeof forwardedFor === 'string' ? forwardedFor : forwardedFor.join(',')).split(',')
  for (let i = entries.length - 1, left = hops; i >= 0 && left > 0; i--, left--) {
    const entry = entries[i]!.trim()
    if (isIP(entry) === 0) break
    ip = normalizeAddress(entry)
  }
  return ip
}

/**
 * H1: every `Authorization` and `x-api-key` line of a Node request, from `rawHeaders` (Node keeps
 * only the first `Authorization` in `headers`). Returns whether `X-Forwarded-For` was among them.
 *
 * @example
 * readCredentialLines(['Authorization', 'Bearer a', 'authorization', 'Bearer b'], view)
 * view.authorization // ['Bearer a', 'Bearer b']
 */
export function readCredentialLines(rawHeaders: readonly string[], view: RequestView): boolean {
  let forwarded = false
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!
    if (name.length === 13) {
      if (name.toLowerCase() === 'authorization') {
        const line = rawHeaders[i + 1]!
        view.authorization = view.authorization === undefined ? line : addLine(view.authorization, line)
      }
    } else if (name.length === 9) {
      if (name.toLowerCase() === 'x-api-key') {
        const line = rawHeaders[i + 1]!
        view.apiKey = view.apiKey === undefined ? line : addLine(view.apiKey, line)
      }
    } else if (name.length === 15 && !forwarded) {
      forwarded = name.toLowerCase() === 'x-forwarded-for'
    }
  }
  return forwarded
}

/** The lines read so far and one more: a duplicate header (H1). */
function addLine(previous: string | readonly string[], value: string): readonly string[] {
  return typeof previous === 'string' ? [previous, value] : [...previous, value]
}

/**
 * H1 where only a joined value exists (fetch `Headers` joins lines with ", "): a Bearer token never
 * holds ", ", so a joined Authorization value is read as the duplicate it is.
 *
 * @example
 * splitJoinedAuthorization('Bearer a, Bearer b') // ['Bearer a', 'Bearer b']
 */
export function splitJoinedAuthorization(value: string): string | readonly string[] {
  return value.includes(', ') ? value.split(', ') : value
}

/** A well-formed request id that an instance trusting incoming ids takes as it is. */
const PROBE_REQUEST_ID = 'req_keywardProbeRequestId000'

/** Whether the instance takes a proxy's `X-Request-ID`: asked once, at setup. */
function takesIncomingRequestId(keyward: Keyward): boolean {
  try {
    return keyward.requestId(PROBE_REQUEST_ID) === PROBE_REQUEST_ID
  } catch {
    return true
  }
}

/** Views of Node and fetch requests, and their ids. */
export interface RequestViews {
  /** A request id for a new request: its `X-Request-ID` when the instance trusts a proxy's id and takes it. */
  requestId(request?: IncomingMessage | Request): string
  /** The view of a Node request; `route` is the path of the route the framework matched, if known. */
  viewFromNode(request: IncomingMessage, url: string, requestId: string, route?: string): RequestView
  /**
   * The view of a fetch request; with the Node request beneath it (`@hono/node-server`), that one's
   * view, read from its raw header lines, which a fetch request lacks. `address` is the peer's
   * address where the server tells it (a fetch request carries none).
   */
  viewFromFetch(
    request: Request,
    node: IncomingMessage | undefined,
    requestId: string,
    route?: string,
    address?: string | null,
  ): RequestView
}

/** Views of Node and fetch requests, with the client address `trustProxy` says. */
export function createViews(keyward: Keyward, settings: ResolvedOptions, adapter: string): RequestViews {
  const { hops } = settings
  const readsIncomingRequestId = takesIncomingRequestId(keyward)
  // Behind an untrusted proxy every client shares the proxy's address: said once, when first seen.
  let proxyNoted = hops !== 0
  const noteUntrustedProxy = () => {
    proxyNoted = true
    console.warn(HTTP_MESSAGES.untrustedProxy(adapter))
  }
  const views: RequestViews = {
    requestId(request) {
      // Reading headers costs something on every request: only when the value can be taken.
      if (!readsIncomingRequestId || request === undefined) return generateRequestId()
      const value = 'rawHeaders' in request ? request.headers['x-request-id'] : request.headers.get('x-request-id')
      return keyward.requestId(typeof value === 'string' ? value : undefined)
    },
    viewFromNode(request, url, requestId, route) {
      const forwardedFor = hops === 0 ? undefined : request.headers['x-forwarded-for']
      const ip = resolveClientIp(request.socket?.remoteAddress, forwardedFor, hops)
      const view: RequestView = { method: request.method, path: pathOf(url), route, query: queryOf(url), ip, requestId }
      // H1: Node keeps `server.maxHeadersCount` lines (0: all); past it neither credential header can be
      // trusted (fail closed).
      const cap = (request.socket as { server?: { maxHeadersCount?: unknown } } | null)?.server?.maxHeadersCount
      const lineCap = typeof cap === 'number' ? cap : NODE_DEFAULT_LINE_CAP
      if (lineCap > 0 && request.rawHeaders.length / 2 >= lineCap) view.headersTruncated = true
      else if (readCredentialLines(request.rawHeaders, view) && !proxyNoted) noteUntrustedProxy()
      return view
    },
    viewFromFetch(request, node, requestId, route, address) {
      if (node !== undefined) return views.viewFromNode(node, node.url ?? request.url, requestId, route)
      const url = request.url
      const headers = request.headers
      const ip = resolveClientIp(address, hops === 0 ? undefined : headers.get('x-forwarded-for'), hops)
      const view: RequestView = { method: request.method, path: pathOf(url), route, query: queryOf(url), ip, requestId }
      const authorization = headers.get('authorization')
      if (authorization !== null) view.authorization = splitJoinedAuthorization(authorization)
      const apiKey = headers.get('x-api-key')
      if (apiKey !== null) view.apiKey = apiKey
      if (!proxyNoted && headers.has('x-forwarded-for')) noteUntrustedProxy()
      return view
    },
  }
  return views
}

/**
 * The headers of a fetch request in Node's shape, for the dashboard's guard.
 *
 * @example
 * nodeHeaders(c.req.raw.headers).authorization
 */
export function nodeHeaders(headers: Headers): IncomingHttpHeaders {
  const collected: IncomingHttpHeaders = {}
  headers.forEach((value, name) => {
    collected[name] = value
  })
  return collected
}
