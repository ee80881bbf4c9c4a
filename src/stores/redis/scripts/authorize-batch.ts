import { ADDRESS_LIBRARY } from './address-library.js'
import { SCOPE_LIBRARY } from './scope-library.js'
import { AUTHORIZE_FUNCTION } from './authorize-function.js'
import { LIMITS_LIBRARY } from './limits-library.js'
import { METER_FUNCTIONS_ONLY } from './meter-library.js'
import { CREDITS_LIBRARY } from './credits-library.js'
import { CARRY_WRITES } from './carry-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward authorize batch: the requests one instance sent within one event-loop turn, in one step.
-- Each request is decided exactly as the authorize script decides it, in the order given; a request
-- whose decision fails (a Redis error) gets its error in its place and the others go on.
-- Returns an array of n replies, each what the authorize script returns, or an error reply, or
-- 7 for a request decided from the hot key: admitted and counted as the last admitted request
-- before it was (requests from a blocked address, {8, wait}, may stand between them), with its
-- own cost more counted in every limit of the key and of its owner and spent from its credits.
-- KEYS[1..]: the keys of the requests' key hashes, two per hash as the authorize script's KEYS[1..2]
-- (KEYS[2j-1..2j] for hash j), each hash once however many requests it has; after them the
-- failed-authentication counters of the requests' client addresses (E7), each once, and the
-- counters of the owners their keys belong to (O7), each once. ARGV[1..] as named below.
local n = tonumber(ARGV[1])     -- the number of requests
local now_arg = ARGV[2]         -- as the authorize script's: the same for every request
local live_minute_arg, live_month_arg = ARGV[3], ARGV[4] -- the type defaults, as the authorize
local test_minute_arg, test_month_arg = ARGV[5], ARGV[6] -- script's ARGV[4..7]
local failure_limit = tonumber(ARGV[7]) -- the failed authentications a minute that block an
                                -- address, or nil ('', as the authorize script's ARGV[9])
local first_run = 8             -- ARGV[8..]: the runs of requests alike, in order, each:
local RUN_FLAGS = 0             --   f = 16 * (the number of scopes) + 8 * (the owner is not known
                                --   yet) + 4 * (an owner's counter follows) + 2 * (live-only route)
                                --   + (consumes)
local RUN_KEYS = 1              --   j + 64 * (r - 1): r requests whose keys are KEYS[2j-1..2j]
local RUN_KNOWN = 2             --   what they hold (as the authorize script's ARGV[8])
local RUN_ADDRESS = 3           --   their client address (as the authorize script's ARGV[13], M6)
local RUN_COUNTER = 4           --   g, the index in KEYS of their address's counter (0: no check)
local RUN_COST = 5              --   the units each counts (as the authorize script's ARGV[14], M2)
local RUN_OWNER = 6             --   with an owner's counter (O7): its index in KEYS, perMinute and
                                --   perMonth (as the authorize script's ARGV[11..12]: the owner's named
                                --   limits in place of perMinute, M1);
                                --   then their scopes. Each request of a run is decided on its own,
                                --   as if sent alone.
${LIMITS_LIBRARY}${METER_FUNCTIONS_ONLY}${CREDITS_LIBRARY}${ADDRESS_LIBRARY}${SCOPE_LIBRARY}${AUTHORIZE_FUNCTION}${CARRY_WRITES}
set_defaults(live_minute_arg, live_month_arg, test_minute_arg, test_month_arg)
local replies = {}
-- The hot key: the last request, when it was admitted and counted on the whole path and every
-- count it made is a counter of its carry (carry-library.ts), while the requests after it are of
-- the same key, route, owner limits and held record. Each of those is decided from what the one
-- before it left: the same record (nothing but lastUsedAt, at the same now, changes it within the
-- run), the same clock, and the counters: each such request counts its cost in every one, so
-- the units they still admit (hot_room) decide it as the whole path would, and what they counted
-- (hot_added) is written once (settle), before any other request reads Redis and at the end. A
-- request over a limit, a peek, a cost of 0, another route or another key goes the whole way. The hot request is kept as where its keys start (hot_k, -1 when there is none), its
-- run's flags, held record, address, address counter, owner arguments and scopes, and its carry.
local hot_k, hot_flags, hot_known, hot_counter, hot_from, hot_owner_at = -1, nil, nil, nil, 0, nil
local hot_address, hot_carry, hot_room, hot_added = nil, nil, 0, 0
-- The requests decided from the hot key since its counts were last written, by index.
local covered, ncovered = {}, 0

-- Writes what the requests decided from the hot key counted. If Redis refuses the write, those
-- requests get its error: they are not admitted.
local function settle()
  local ok, err = carry_settle(hot_carry, hot_added)
  if not ok then
    err = error_reply(err)
    for j = 1, ncovered do replies[covered[j]] = err end
    hot_k = -1
  end
  ncovered = 0
end

-- True when a whole reply admitted its request and counted it: {6, …, consumed, …} or {5, …}.
local function counted(reply)
  return (reply[1] == 6 and reply[5] == 1) or (reply[1] == 5 and reply[4] == 1)
end

-- Request i, of the hot key, in a run with these flags, held record, address counter, cost, owner
-- arguments at ARGV[owner_at] (nil: none) and c scopes from ARGV[from]: its reply, 7 (the
-- previous admitted request's reply with every count cost more), or nil when it differs from the
-- hot request or a counter would refuse it (the whole path then decides it). A request from
-- another address than the hot request's is first checked against its own failure counter (E7),
-- as the whole path would: when it is blocked its reply is {8, wait} and nothing is counted for
-- it. The hot request's own address passed that check, and nothing in this script run changes a
-- failure counter.
local function from_hot(i, flags, known, address, counter, cost, owner_at, from, c)
  if flags ~= hot_flags or known ~= hot_known or address ~= hot_address or cost < 1 then return nil end
  if owner_at then
    for j = 0, 2 do
      if ARGV[hot_owner_at + j] ~= ARGV[owner_at + j] then return nil end
    end
  end
  for j = 0, c - 1 do
    if ARGV[hot_from + j] ~= ARGV[from + j] then return nil end
  end
  if counter ~= '0' and counter ~= hot_counter then
    local ok, wait = pcall(blocked_for, KEYS[tonumber(counter)], clock_ms(now_arg), failure_limit)
    -- A counter Redis cannot read: the whole path decides the request, and fails it alone.
    if not ok then return nil end
    if wait > 0 then return {8, wait} end
  end
  if cost > hot_room then return nil end
  hot_room, hot_added = hot_room - cost, hot_added + cost
  ncovered = ncovered + 1
  covered[ncovered] = i
  return 7
end

local i = 0
local at = first_run
while i < n do
  -- The run at ARGV[at ..], its flags and keys by name.
  local flags = ARGV[at + RUN_FLAGS]
  local f = tonumber(flags)
  local c = mfloor(f / 16)                -- the number of scopes
  local owner_unknown = mfloor(f / 8) % 2 == 1
  local owner_counted = mfloor(f / 4) % 2 == 1
  local live_only = f % 4 >= 2
  local consume = f % 2 == 1
  local jr = tonumber(ARGV[at + RUN_KEYS])
  local k = 2 * (jr % 64 - 1)             -- the hash's keys are KEYS[k + 1], KEYS[k + 2]
  local known = ARGV[at + RUN_KNOWN]
  local address = ARGV[at + RUN_ADDRESS]
  local counter = ARGV[at + RUN_COUNTER]
  local counter_key = KEYS[tonumber(counter)]
  local cost = tonumber(ARGV[at + RUN_COST])
  -- O7: the owner step, and where the scopes start.
  local owner, owner_key, owner_minute, owner_month, from = 'none', nil, nil, nil, at + RUN_OWNER
  local owner_at = nil
  if owner_counted then
    owner_at = at + RUN_OWNER
    owner, owner_key = 'named', KEYS[tonumber(ARGV[at + RUN_OWNER])]
    owner_minute, owner_month = owner_limit_arg(ARGV[at + RUN_OWNER + 1]), tonumber(ARGV[at + RUN_OWNER + 2])
    from = at + RUN_OWNER + 3
  elseif owner_unknown then
    owner = 'ask'
  end
  -- Only a request followed by one of the same key can hand on a carry: the rest of its run, or
  -- the next run when it is of the same key. Other requests keep none (nothing to allocate).
  local last = mfloor(jr / 64)
  local next_same = i + last + 1 < n and tonumber(ARGV[from + c + RUN_KEYS]) % 64 == jr % 64
  for r = 0, last do
    i = i + 1
    local reply = nil
    if hot_k == k then reply = from_hot(i, flags, known, address, counter, cost, owner_at, from, c) end
    if reply then
      replies[i] = reply
    else
      if ncovered > 0 then settle() end
      hot_k = -1
      carry = (r < last or next_same) and {} or nil
      local ok, whole = pcall(authorize, KEYS[k + 1], KEYS[k + 2], now_arg, consume, cost, live_only, address,
        known, counter_key, failure_limit, owner, owner_key, owner_minute, owner_month, ARGV, from, from + c - 1)
      if ok then
        replies[i] = whole
        if carry and #carry > 0 and not carry.broken and counted(whole) then
          hot_k, hot_flags, hot_known, hot_counter, hot_from, hot_owner_at = k, flags, known, counter, from, owner_at
          hot_address, hot_carry, hot_room, hot_added = address, carry, carry_room(carry), 0
        end
      else
        replies[i] = error_reply(whole)
      end
    end
  end
  at = from + c
end
if ncovered > 0 then settle() end
return replies
`

/**
 * The authorize calls of one event-loop turn in one step: one round trip for all of them
 * (`src/stores/redis/authorize.ts` sends it on a single Redis node; a cluster gets one call per request).
 */
export const AUTHORIZE_BATCH_SCRIPT: LuaScript = {
  name: 'authorize-batch',
  source: SOURCE,
  sha: 'c9cd7c39bd4faa126a671e6ca3d1a3c3f2667cc2',
}
