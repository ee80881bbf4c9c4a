import { createHash, timingSafeEqual } from 'node:crypto'
import { singleHeader } from './json-body.js'
import type { DashboardRequest } from './types.js'

const MIN_TOKEN_LENGTH = 16
const TOKEN_PATTERN = /^[\x21-\x7e]+$/

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/**
 * A dashboard guard that admits exactly one `Authorization: Bearer <token>` header line
 * whose token equals `token`, as an administrator. The scheme name is matched
 * case-insensitively (RFC 9110 §11.1, as for API keys); the token exactly, in constant time over SHA-256
 * digests so neither content nor length leaks. Throws a TypeError at once for a token shorter
 * than 16 characters or holding whitespace.
 *
 * @example
 * import { bearerTokenGuard, createDashboard } from 'keyward'
 * const dashboard = createDashboard(keyward, { authorize: bearerTokenGuard(process.env.DASHBOARD_TOKEN!) })
 */
export function bearerTokenGuard(token: string): (request: Pick<DashboardRequest, 'headers'>) => boolean {
  if (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH || !TOKEN_PATTERN.test(token)) {
    const got = typeof token === 'string' ? `a ${token.length}-character string` : typeof token
    throw new TypeError(
      `keyward: bearerTokenGuard() token must be at least ${MIN_TOKEN_LENGTH} visible ASCII characters without whitespace (got ${got})`,
    )
  }
  const expected = sha256(token)
  return function dashboardBearerGuard(request) {
    const lines = request.headers?.authorization
    if (Array.isArray(lines) && lines.length !== 1) return false
    const header = singleHeader(lines)
    if (typeof header !== 'string' || header.length <= 7) return false
    if (header.slice(0, 7).toLowerCase() !== 'bearer ') return false
    const candidate = header.slice(7)
    if (!TOKEN_PATTERN.test(candidate)) return false
    return timingSafeEqual(sha256(candidate), expected)
  }
}
