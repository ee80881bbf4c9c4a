import { randomFillSync } from 'node:crypto'

const ID_LENGTH = 24 // 24 base64url characters = 144 random bits (R2)
const IDS_PER_POOL = 512

// Random bytes are drawn and encoded in blocks: each id is then a slice of a ready string, which
// keeps the CSPRNG call and the base64 encoding off the per-request path.
const poolBytes = Buffer.allocUnsafe((ID_LENGTH / 4) * 3 * IDS_PER_POOL)
let pool = ''
let offset = 0

/**
 * A new request id (R2): `req_` + 24 URL-safe characters from the CSPRNG (144 bits), unique per
 * request with overwhelming probability.
 *
 * @example
 * generateRequestId() // 'req_3q2-7wEvGbsq0T8VZ9mY1bA_'
 */
export function generateRequestId(): string {
  if (offset === pool.length) {
    randomFillSync(poolBytes)
    pool = poolBytes.toString('base64url')
    offset = 0
  }
  const id = pool.slice(offset, offset + ID_LENGTH)
  offset += ID_LENGTH
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
