import { randomFillSync } from 'node:crypto'

const ID_BYTES = 18 // 18 random bytes = 24 base64url characters (R2)
const POOL_BYTES = ID_BYTES * 512

// Drawing random bytes in blocks keeps the CSPRNG call off the per-request path.
const pool = Buffer.allocUnsafe(POOL_BYTES)
let offset = POOL_BYTES

/**
 * A new request id (R2): `req_` + 24 URL-safe characters from the CSPRNG (144 bits), unique per
 * request with overwhelming probability.
 *
 * @example
 * import { generateRequestId } from 'keyward'
 * generateRequestId() // 'req_3q2-7wEvGbsq0T8VZ9mY1bA_'
 */
export function generateRequestId(): string {
  if (offset === POOL_BYTES) {
    randomFillSync(pool)
    offset = 0
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES)
  offset += ID_BYTES
  return `req_${id}`
}

const TRUSTED_ID = /^req_[A-Za-z0-9_-]{24,128}$/

/**
 * The id for a request. A client-sent id is ignored (R2) unless the host trusts a proxy in
 * front of it to set one; even then only a well-formed `req_<id>` is taken, so a header cannot
 * smuggle arbitrary text into logs and responses.
 */
export function resolveRequestId(incoming: string | undefined, trustIncoming: boolean): string {
  if (trustIncoming && incoming !== undefined && TRUSTED_ID.test(incoming)) return incoming
  return generateRequestId()
}
