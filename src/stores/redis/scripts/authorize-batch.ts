import { AUTHORIZE_FUNCTION } from './authorize-function.js'
import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward authorize batch: the requests one instance sent within one event-loop turn, in one step.
-- Each request is decided exactly as the authorize script decides it, in the order given; a request
-- whose decision fails (a Redis error) gets its error in its place and the others go on.
-- KEYS    the keys of the requests' key hashes, two per hash as the authorize script's KEYS[1..2]
--         (KEYS[2j-1..2j] for hash j), each hash once however many requests it has; after them
--         the failed-authentication counters of the requests' client addresses (E7), each once,
--         and the counters of the owners their keys belong to (O7), each once
-- ARGV[1] n, the number of requests
-- ARGV[2] now, as the authorize script's ARGV[1], and ARGV[3..6] the type defaults, as its
--         ARGV[4..7]: the same for every request of the batch
-- ARGV[7] the failed authentications per minute that block an address, or '' (as the authorize
--         script's ARGV[9]): the same for every request of the batch
-- ARGV[8..] for each run of r requests alike, in order: f, j + 32 * (r - 1) (their keys are
--         KEYS[2j-1..2j]), what they hold (as the authorize script's ARGV[8]), g, the index in
--         KEYS of their address's counter (0: no check), with an owner's counter (O7) its index
--         in KEYS, perMinute and perMonth (as the authorize script's ARGV[11..12]), then their
--         scopes: f = 16 * (the number of scopes) + 8 * (the owner is not known yet, ARGV[10]
--         '?') + 4 * (an owner's counter follows) + 2 * (live-only route, as ARGV[3]) +
--         (consumes, as ARGV[2]). Each request of a run is decided on its own, as if sent alone.
-- Returns an array of n replies, each what the authorize script returns, or an error reply, or
-- 7 for a request decided from the hot key: admitted and counted as the last admitted request
-- before it was (requests from a blocked address, {8, wait}, may stand between them), with one
-- less remaining in the minute window and, with a quota, in the month.
` + LIMITS_LIBRARY + AUTHORIZE_FUNCTION + `
carry_wanted = true
local n = tonumber(ARGV[1])
local failure_limit = tonumber(ARGV[7])
local replies = {}
local at = 8
-- The hot key: the last request, when it was admitted on the usual path (carry_field), while the
-- requests after it are of the same key and route and hold the same record id. Each of those is
-- decided from what the one before it left: the same record (nothing can change it within the
-- run), the same policy and clock, and the counts in carry_*. What they count is written once
-- (settle), before any other request reads the hashes and at the end. A request over a limit, a
-- peek, another route or another key goes the whole way. The hot request is kept as where its
-- keys and arguments start (hot_k, -1 when there is none) and its reply; the rest is read from
-- those only when needed.
local hot_k, hot_at, hot_reply, hot_decision = -1, 0, nil, nil
-- The requests decided from the hot key since its counts were last written, by index.
local covered, ncovered = {}, 0

-- Writes what the requests decided from the hot key counted. If Redis refuses the write, those
-- requests get its error: nothing was counted for them.
local function settle()
  local ok, err = write_carry(KEYS[hot_k + 2])
  if not ok then
    err = error_reply(err)
    for j = 1, ncovered do replies[covered[j]] = err end
    hot_k = -1
  end
  ncovered = 0
end

-- Request i, of the hot key, its flags and arguments at ARGV[at ..] (c scopes; never an owner's
-- counter: a request that counts one leaves no hot key): its reply (7, see
-- above), or nil when its route or held id differ from the hot request's, or it is over a limit
-- (the whole path then decides it). A request from another address than the hot request's (g)
-- is first checked against its own failure counter (E7), as the whole path would: when it is
-- blocked its reply is {8, wait} and nothing is counted for it. The hot request's own address
-- passed that check, and nothing in this script run changes a failure counter.
local function from_hot(i, at, c)
  if ARGV[hot_at] ~= ARGV[at] or ARGV[hot_at + 2] ~= ARGV[at + 2] then return nil end
  for j = 4, c + 3 do
    if ARGV[hot_at + j] ~= ARGV[at + j] then return nil end
  end
  local g = ARGV[at + 3]
  if g ~= '0' and g ~= ARGV[hot_at + 3] then
    local ok, wait = pcall(blocked_for, KEYS[tonumber(g)], clock_ms(ARGV[2]), failure_limit)
    -- A counter Redis cannot read: the whole path decides the request, and fails it alone.
    if not ok then return nil end
    if wait > 0 then return {8, wait} end
  end
  local d = hot_decision
  if d == nil then
    d = hot_reply[1] == 6 and hot_reply[4] or hot_reply[3]
    hot_decision = d
  end
  local per_minute, month_limit = d[2], d[5]
  if carry_total >= per_minute or (month_limit >= 0 and carry_month_count >= month_limit) then return nil end
  carry_count, carry_total = carry_count + 1, carry_total + 1
  if month_limit >= 0 then carry_month_count = carry_month_count + 1 end
  -- The reply is 7: the previous request's, counted once more (the window's oldest bucket and
  -- the month are the previous request's: its resets hold; each remaining is one less).
  ncovered = ncovered + 1
  covered[ncovered] = i
  return 7
end

local i = 0
while i < n do
  local f = tonumber(ARGV[at])
  local c = mfloor(f / 16)
  local jr = tonumber(ARGV[at + 1])
  local k = 2 * (jr % 32 - 1)
  -- O7: the owner step, and where the scopes start.
  local owner, owner_key, owner_minute, owner_month, from = '', nil, nil, nil, at + 4
  if mfloor(f / 4) % 2 == 1 then
    owner, owner_key = 'k', KEYS[tonumber(ARGV[at + 4])]
    owner_minute, owner_month, from = tonumber(ARGV[at + 5]), tonumber(ARGV[at + 6]), at + 7
  elseif mfloor(f / 8) % 2 == 1 then
    owner = '?'
  end
  for _ = 0, mfloor(jr / 32) do
    i = i + 1
    local reply = nil
    if hot_k == k then reply = from_hot(i, at, c) end
    if reply then
      replies[i] = reply
    else
      if ncovered > 0 then settle() end
      hot_k = -1
      carry_field = nil
      local ok, whole = pcall(authorize, KEYS[k + 1], KEYS[k + 2], ARGV[2], f % 2 == 1, f % 4 >= 2,
        ARGV, 2, ARGV[at + 2], KEYS[tonumber(ARGV[at + 3])], failure_limit, owner, owner_key, owner_minute,
        owner_month, ARGV, from, from + c - 1)
      if ok then
        replies[i] = whole
        -- carry_field is only left by an admitted, consuming request: a reply {6, …} or {5, …}.
        if carry_field then
          hot_k, hot_at, hot_reply, hot_decision = k, at, whole, nil
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
 * (`src/redis/authorize.ts` sends it on a single Redis node; a cluster gets one call per request).
 */
export const AUTHORIZE_BATCH_SCRIPT: LuaScript = {
  name: 'authorize-batch',
  source: SOURCE,
  sha: '878fc98420752f390a598bd504cc372654af6371',
}
