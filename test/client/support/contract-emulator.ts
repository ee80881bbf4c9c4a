/**
 * A stand-in for the reference server, small enough to read: it answers the routes the client
 * calls (E1–E4, O10) the way keyward's rules say, for a fixed set of keys. It is only here until the
 * reference server exists; the shared suite runs against either (see target.ts).
 */
import type { WhoamiData } from '../../../src/client/index.js'
import { parseKey } from '../../../src/core/key-format.js'
import { fail, ok, quotaHeaders, rateLimitHeaders, WWW_AUTHENTICATE } from './contract-replies.js'
import type { Handler, RecordedRequest, Reply } from './fake-service.js'

export interface EmulatedKeys {
  active: string[]
  revoked: string[]
  expired: string[]
  /** What whoami answers for a key; an active key not in it is a key of the service itself. */
  whoami: ReadonlyMap<string, WhoamiData>
}

export function createContractEmulator(keys: EmulatedKeys): Handler {
  return (request) => {
    const { method, path } = request
    if (path === '/api/v1/ping' && (method === 'GET' || method === 'HEAD')) return ok({ status: 'ok' }) // E1
    if (path.startsWith('/api/') && !path.startsWith('/api/v1/')) return fail(404, 'not_found', `No route ${path}`) // R4
    if (path === '/api/v1/auth/test' && !['GET', 'HEAD', 'POST'].includes(method)) {
      return fail(405, 'method_not_allowed', `Method ${method} is not allowed`, { Allow: 'GET, HEAD, POST' }) // E2
    }

    const auth = authenticate(request, keys)
    if ('reply' in auth) return auth.reply
    const limitHeaders = {
      ...rateLimitHeaders(
        auth.keyType === 'live' ? 1000 : 10,
        auth.keyType === 'live' ? 999 : 9,
        Math.ceil(Date.now() / 1000) + 60,
      ),
      ...(auth.keyType === 'test' ? quotaHeaders(1000, 999, Math.ceil(Date.now() / 1000) + 86_400) : {}),
    }

    switch (path) {
      case '/api/v1/auth/test': // E2
        return ok({ valid: true, authenticated: true, keyType: auth.keyType }, limitHeaders)
      case '/api/v1/whoami': {
        // O10: consumes nothing, never meta
        const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')![1]!
        const service = {
          keyId: 'key_EmulatedServiceKey000000',
          name: 'service',
          keyType: auth.keyType,
          ownerId: null,
          // The reference server's default scopes.
          scopes: ['ip', 'email'],
          expiresAt: null,
        }
        return ok(keys.whoami.get(token) ?? service, limitHeaders)
      }
      case '/api/v1/ip/lookup': {
        // E3
        const ip = request.query.get('ip') ?? ''
        const version = /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) ? 4 : ip.includes(':') ? 6 : null
        if (version === null)
          return fail(400, 'invalid_request', 'Query parameter "ip" must be an IP address', limitHeaders)
        return ok({ ip, version }, limitHeaders)
      }
      case '/api/v1/email/validate': {
        // E4
        const email = request.query.get('email') ?? ''
        return ok({ email, valid: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) }, limitHeaders)
      }
      default:
        return fail(404, 'not_found', `No route ${method} ${path}`, limitHeaders) // R4
    }
  }
}

function authenticate(request: RecordedRequest, keys: EmulatedKeys): { keyType: 'live' | 'test' } | { reply: Reply } {
  const header = request.headers.authorization
  const unauthorized = (message: string, attributes = '') =>
    ({ reply: fail(401, 'UNAUTHORIZED', message, { 'WWW-Authenticate': `Bearer realm="Svc"${attributes}` }) }) as const
  if (header === undefined) return unauthorized('Missing Authorization header') // H2
  const match = /^Bearer ([^\s]+)$/i.exec(header)
  if (match === null) return unauthorized('Malformed Authorization header', ', error="invalid_request"') // H6 (simplified)
  const token = match[1]!
  const invalidToken = { ...WWW_AUTHENTICATE, 'WWW-Authenticate': 'Bearer realm="Svc", error="invalid_token"' }
  const parsed = parseKey(token)
  if (!parsed.ok)
    return {
      reply: fail(401, 'INVALID_API_KEY_FORMAT', 'API key must start with svc_live_ or svc_test_', invalidToken),
    }
  if (keys.revoked.includes(token))
    return { reply: fail(401, 'API_KEY_REVOKED', 'This API key has been revoked', invalidToken) }
  if (keys.expired.includes(token))
    return { reply: fail(401, 'API_KEY_EXPIRED', 'This API key has expired; create a replacement key', invalidToken) }
  if (!keys.active.includes(token)) {
    const env = parsed.keyType === 'live' ? 'live (svc_live_)' : 'test (svc_test_)'
    return { reply: fail(401, 'INVALID_API_KEY', `Invalid API key — no matching ${env} key found`, invalidToken) }
  }
  return { keyType: parsed.keyType }
}
