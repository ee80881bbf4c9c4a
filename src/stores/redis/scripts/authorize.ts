import { ADDRESS_LIBRARY } from './address-library.js'
import { SCOPE_LIBRARY } from './scope-library.js'
import { AUTHORIZE_FUNCTION } from './authorize-function.js'
import { LIMITS_LIBRARY } from './limits-library.js'
import { METER_FUNCTIONS_ONLY } from './meter-library.js'
import { CREDITS_LIBRARY } from './credits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward authorize: the whole hot path of one request in one step (P1, K7, L1-L6, O3, O7).
-- Its arguments, KEYS[1..4] and ARGV[1..15..], are named in the table below.
-- Returns {8, retry-after} when the address's counter is full: the address is blocked, nothing
--   else was read (E7)
--   | {0} unknown | {1, record} revoked | {2, record} expired | {10, record} disabled (M5)
--   | {3, record, decision[, owner]} forbidden: scope | {4, record, decision[, owner]} live-only
--   | {11, record, decision[, owner]} forbidden: the client address (M6)
--   | {12, record, decision[, owner]} forbidden: the permission query (M7)
--   | {5, record, decision, consumed[, extra]} ok. record: the values of RECORD_FIELDS (below), as
--   stored afterwards, each a string, or the integer 0 where the field is absent.
--   | {6, expiresAt, lastUsedAt, decision, consumed[, extra]} ok, for the record known names: the
--   two fields that change, as in record.
--   A forbidden or ok reply (3, 4, 11, 12, 5, 6) of a key with credits (M3) ends with them:
--   {admit, left, next refill (epoch s, -1: none), seconds until it (0: none), refused (1/0)}.
--   | {9, record} the key has an owner whose counter the call does not name: nothing was written.
--   owner: the owner counter's decision, with an owner's counter; extra: that decision, or with
--   the owner counted by the caller, for an owned key that was counted, {decision before, bucket
--   second, month (-1: none), lastUsedAt before (0: none), lastUsedAt written (0: none)} to give
--   the count back with.
local record_key = KEYS[1]     -- the key record, HASH <prefix>:{<hash>}:key
local minute_key = KEYS[2]     -- its limit state, HASH <prefix>:{<hash>}:rl (buckets, t, n, o; m, q)
local counter_key = KEYS[3]    -- with failure_limit: the failed-authentication counter of the client
                               -- address (E7), HASH <prefix>:{id:failed-auth:<address>}:rl
local now_arg = ARGV[1]        -- epoch ms, or '' to read Redis TIME
local consume = ARGV[2] == '1' -- an admitted request consumes (L4a); '0': a peek (L5)
local live_only = ARGV[3] == '1' -- the route is live-only (L6)
local live_minute_arg, live_month_arg = ARGV[4], ARGV[5] -- live keys' perMinute, perMonth ('' = no quota)
local test_minute_arg, test_month_arg = ARGV[6], ARGV[7] -- test keys' perMinute, perMonth ('' = no quota)
local known = ARGV[8]          -- what the caller holds for this hash: the record's id, ':' and the
                               -- fingerprint of its replaceable fields (see authorize-function.ts), or ''
local failure_limit = tonumber(ARGV[9]) -- failed authentications a minute that block counter_key's
                               -- address; nil ('') for no check
local owner_arg = ARGV[10]     -- the owner step (O7): '' none, '?' owner limits apply but the owner is
                               -- not known yet, 'c' the caller counts the owner (a cluster), or the
                               -- index in KEYS of the owner's counter (KEYS[3] or KEYS[4]),
local owner_minute_arg = ARGV[11] -- with it, the counter's perMinute, or the owner's named limits (M1)
local owner_month = tonumber(ARGV[12])  -- and perMonth (nil: no quota)
local address = ARGV[13]       -- the client address as 32 hex digits, '' when unknown (M6)
local cost = tonumber(ARGV[14]) -- the units the request counts in every limit of the key and its
                               -- owner; it needs max(cost, 1) left in each, 0 only checks (M2)
local first_scope = 15         -- ARGV[15..]: the scopes the route requires (L6), then '?' and its
                               -- permission query in postfix order (M7), when it has one
${LIMITS_LIBRARY}${METER_FUNCTIONS_ONLY}${CREDITS_LIBRARY}${ADDRESS_LIBRARY}${SCOPE_LIBRARY}${AUTHORIZE_FUNCTION}
local owner, owner_key = 'none', nil
if owner_arg == '?' then
  owner = 'ask'
elseif owner_arg == 'c' then
  owner = 'caller'
elseif owner_arg ~= '' then
  owner, owner_key = 'named', KEYS[tonumber(owner_arg)]
end
local owner_minute = owner_limit_arg(owner_minute_arg)
set_defaults(live_minute_arg, live_month_arg, test_minute_arg, test_month_arg)
return authorize(record_key, minute_key, now_arg, consume, cost, live_only, address, known, counter_key,
  failure_limit, owner, owner_key, owner_minute, owner_month, ARGV, first_scope, #ARGV)
`

/** The hot path: lookup, status, route checks, limits and lastUsedAt in one step (P1). */
export const AUTHORIZE_SCRIPT: LuaScript = {
  name: 'authorize',
  source: SOURCE,
  sha: 'cfc7e716814545d87850a8be330fb6a3052de0c4',
}
