import { AUTHORIZE_FUNCTION } from './authorize-function.js'
import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward authorize: the whole hot path of one request in one step (P1, K7, L1-L6).
-- KEYS[1] the key record            HASH   <prefix>:{<hash>}:key
-- KEYS[2] the limit state           HASH   <prefix>:{<hash>}:rl (buckets, t, n, o; m, q)
-- KEYS[3] with ARGV[9]: the failed-authentication counter of the client address (E7), HASH
--         <prefix>:{id:failed-auth:<address>}:rl as the limit script writes it
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] '1' when an admitted request consumes (L4a), '0' for a peek (L5)
-- ARGV[3] '1' when the route is live-only (L6)
-- ARGV[4] live keys' perMinute   ARGV[5] live keys' perMonth ('' = no quota)
-- ARGV[6] test keys' perMinute   ARGV[7] test keys' perMonth ('' = no quota)
-- ARGV[8] the id of the record the caller holds for this hash, or ''
-- ARGV[9] the failed authentications per minute that block the address of KEYS[3], or '' (no check)
-- ARGV[10..] the scopes the route requires (L6)
-- Returns {8, retry-after} when KEYS[3] is full: the address is blocked, nothing else was read (E7)
--   | {0} unknown | {1, record} revoked | {2, record} expired
--   | {3, record, decision} forbidden: scope | {4, record, decision} forbidden: live-only
--   | {5, record, decision, consumed} ok. record: the values of id, name, keyType, last4,
--   createdAt, expiresAt, revokedAt, lastUsedAt, scopes, limits, as stored afterwards, each a
--   string, or the integer 0 where the field is absent.
--   | {6, expiresAt, lastUsedAt, decision, consumed} ok, for a record whose id is ARGV[8]: the
--   two fields that change, as in record.
` + LIMITS_LIBRARY + AUTHORIZE_FUNCTION + `
return authorize(KEYS[1], KEYS[2], ARGV[1], ARGV[2] == '1', ARGV[3] == '1', ARGV, 3, ARGV[8],
  KEYS[3], tonumber(ARGV[9]), ARGV, 10, #ARGV)
`

/** The hot path: lookup, status, route checks, limits and lastUsedAt in one step (P1). */
export const AUTHORIZE_SCRIPT: LuaScript = {
  name: 'authorize',
  source: SOURCE,
  sha: 'e04a6bb5293b81a5930bf2d02596fbe22316ca7c',
}
