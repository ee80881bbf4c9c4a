import { AUTHORIZE_FUNCTION } from './authorize-function.js'
import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward authorize: the whole hot path of one request in one step (P1, K7, L1-L6, O3, O7).
-- KEYS[1] the key record            HASH   <prefix>:{<hash>}:key
-- KEYS[2] the limit state           HASH   <prefix>:{<hash>}:rl (buckets, t, n, o; m, q)
-- KEYS[3] with ARGV[9]: the failed-authentication counter of the client address (E7), HASH
--         <prefix>:{id:failed-auth:<address>}:rl as the limit script writes it
-- KEYS[ARGV[10]] with ARGV[10] a number: the counter of the key's owner and key type (O7), HASH
--         <prefix>:{id:owner:<keyType>:<ownerId>}:rl
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] '1' when an admitted request consumes (L4a), '0' for a peek (L5)
-- ARGV[3] '1' when the route is live-only (L6)
-- ARGV[4] live keys' perMinute   ARGV[5] live keys' perMonth ('' = no quota)
-- ARGV[6] test keys' perMinute   ARGV[7] test keys' perMonth ('' = no quota)
-- ARGV[8] what the caller holds for this hash: the record's id, ':' and the fingerprint of its
--         replaceable fields (see authorize-function.ts), or ''
-- ARGV[9] the failed authentications per minute that block the address of KEYS[3], or '' (no check)
-- ARGV[10] the owner step (O7): '' none, '?' owner limits apply but the owner is not known yet,
--         'c' the caller counts the owner (a cluster), or the index in KEYS of the owner's counter
-- ARGV[11] ARGV[12] with an owner's counter: its perMinute and perMonth ('' = no quota)
-- ARGV[13..] the scopes the route requires (L6)
-- Returns {8, retry-after} when KEYS[3] is full: the address is blocked, nothing else was read (E7)
--   | {0} unknown | {1, record} revoked | {2, record} expired
--   | {3, record, decision[, owner]} forbidden: scope | {4, record, decision[, owner]} live-only
--   | {5, record, decision, consumed[, extra]} ok. record: the values of id, name, keyType, last4,
--   createdAt, expiresAt, revokedAt, lastUsedAt, scopes, limits, ownerId, meta, as stored
--   afterwards, each a string, or the integer 0 where the field is absent.
--   | {6, expiresAt, lastUsedAt, decision, consumed[, extra]} ok, for the record ARGV[8] names: the
--   two fields that change, as in record.
--   | {9, record} the key has an owner whose counter ARGV[10] does not name: nothing was written.
--   owner: the owner counter's decision, with an owner's counter; extra: that decision, or with
--   'c' for an owned key that was counted, {decision before, bucket second, month (-1: none),
--   lastUsedAt before (0: none), lastUsedAt written (0: none)} to give the count back with.
` + LIMITS_LIBRARY + AUTHORIZE_FUNCTION + `
local owner, owner_key, owner_minute, owner_month = ARGV[10], nil, nil, nil
if owner ~= '' and owner ~= '?' and owner ~= 'c' then
  owner_key, owner_minute, owner_month = KEYS[tonumber(owner)], tonumber(ARGV[11]), tonumber(ARGV[12])
  owner = 'k'
end
return authorize(KEYS[1], KEYS[2], ARGV[1], ARGV[2] == '1', ARGV[3] == '1', ARGV, 3, ARGV[8],
  KEYS[3], tonumber(ARGV[9]), owner, owner_key, owner_minute, owner_month, ARGV, 13, #ARGV)
`

/** The hot path: lookup, status, route checks, limits and lastUsedAt in one step (P1). */
export const AUTHORIZE_SCRIPT: LuaScript = {
  name: 'authorize',
  source: SOURCE,
  sha: '47c7dea7fcda1a097e55b501590ff51afbd6f149',
}
