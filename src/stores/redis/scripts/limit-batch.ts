import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward limit batch: the RateLimiter calls one instance made within one event-loop turn, in one
-- step. Each operation is decided exactly as the limit script decides it alone (its ops '1', '0'
-- and 'a'), in the order given; an operation whose decision fails (a Redis error) gets its error
-- in its place and the others go on.
-- KEYS[1..k] the limit states of the operations (HASH <prefix>:{<tag>}:rl), each once however
--            many operations name it (a single node: they need not share a slot)
-- ARGV[1] n, the number of operations
-- ARGV[2..] for each operation, in order: what to do ('1' consume, '0' peek, 'a' consume all or
--         none, as the limit script's ARGV[2]), now (as its ARGV[1]: epoch ms, or '' to read
--         Redis TIME, once per run), m (the number of limits: 1 unless 'a'), then for each limit
--         the index of its state in KEYS, perMinute and perMonth ('' = no quota)
-- Returns an array of n replies, each what the limit script returns for that operation alone
-- (a decision array; for 'a' an array of m decisions), an error reply, or one of two short forms
-- of a decision array that the caller expands:
--   j > 0  a peek answered as the peek j before it (same state, now and limits, and no
--          consume of that state in between): the same decision
--   -j     a consume decided from what consume j before it left (see the hot chain below): j's
--          decision, one less remaining in the minute window and, with a quota, in the month
` + LIMITS_LIBRARY + `
local replies = {}

-- One operation whose m limits start at ARGV[first]: its reply as the limit script's.
local function decide(op, now_arg, m, first)
  local now = clock_ms(now_arg)
  if op ~= 'a' then
    return limit(KEYS[tonumber(ARGV[first])], now, tonumber(ARGV[first + 1]), tonumber(ARGV[first + 2]), op == '1')
  end
  local decisions, all = {}, true
  for j = 1, m do
    local p = first + 3 * (j - 1)
    decisions[j] = limit(KEYS[tonumber(ARGV[p])], now, tonumber(ARGV[p + 1]), tonumber(ARGV[p + 2]), false)
    if decisions[j][1] == 0 then all = false end
  end
  if all then
    for j = 1, m do
      local p = first + 3 * (j - 1)
      decisions[j] = limit(KEYS[tonumber(ARGV[p])], now, tonumber(ARGV[p + 1]), tonumber(ARGV[p + 2]), true)
    end
  end
  return decisions
end

carry_wanted = true
-- The hot chain: a consume ('1') admitted on the usual path leaves its state's counts in carry_*
-- (see limit()). A later consume of the same state, now and limits is decided from those alone
-- while the chain holds; what the chain counted is written once (settle), before anything else
-- reads or writes that state and at the end. hot_at is where the first consume's arguments start,
-- hot_state its state's index in KEYS, hot_last the chain's latest operation.
local hot_at, hot_state, hot_last = 0, nil, 0
local covered, ncovered = {}, 0
-- Peeks answered in this run, by state index: {where its arguments start, its operation}; dropped
-- when a consume touches the state.
local peeked = {}

-- Operations at a and b ask for the same single limit of the same state at the same now.
local function same_call(a, b)
  return ARGV[a + 1] == ARGV[b + 1] and ARGV[a + 2] == '1' and ARGV[b + 2] == '1' and ARGV[a + 3] == ARGV[b + 3]
    and ARGV[a + 4] == ARGV[b + 4] and ARGV[a + 5] == ARGV[b + 5]
end

-- Writes what the chain counted. If Redis refuses the write, those operations get its error:
-- nothing was counted for them, and the chain ends.
local function settle()
  local ok, err = write_carry(KEYS[tonumber(hot_state)])
  if not ok then
    err = error_reply(err)
    for j = 1, ncovered do replies[covered[j]] = err end
    hot_state = nil
  end
  ncovered = 0
end

-- Consume i, at ARGV[at ..], continues the chain: its short reply, or nil when it is over a limit.
local function continue_chain(i, at)
  local per_minute, per_month = tonumber(ARGV[at + 4]), tonumber(ARGV[at + 5])
  if carry_total >= per_minute or (per_month and carry_month_count >= per_month) then return nil end
  carry_count, carry_total = carry_count + 1, carry_total + 1
  if per_month then carry_month_count = carry_month_count + 1 end
  ncovered = ncovered + 1
  covered[ncovered] = i
  local reply = -hot_last
  hot_last = i
  return reply
end

-- Operation i decided the whole way: its reply. A consume ends the chain first (its counts are
-- written) and may start one.
local function decide_whole(i, at, m)
  local op = ARGV[at]
  if op == '0' then
    if hot_state == ARGV[at + 3] and ncovered > 0 then settle() end
  else
    if ncovered > 0 then settle() end
    hot_state, carry_field = nil, nil
    for j = 0, m - 1 do peeked[ARGV[at + 3 + 3 * j]] = nil end
  end
  local ok, reply = pcall(decide, op, ARGV[at + 1], m, at + 3)
  if not ok then return error_reply(reply) end
  if op == '0' then
    peeked[ARGV[at + 3]] = {at, i}
  elseif op == '1' and carry_field then
    hot_at, hot_state, hot_last = at, ARGV[at + 3], i
  end
  return reply
end

local n = tonumber(ARGV[1])
local at = 2
for i = 1, n do
  local m = tonumber(ARGV[at + 2])
  local op, reply = ARGV[at], nil
  if op == '0' then
    local seen = peeked[ARGV[at + 3]]
    if seen and ARGV[seen[1] + 1] == ARGV[at + 1] and ARGV[seen[1] + 4] == ARGV[at + 4] and ARGV[seen[1] + 5] == ARGV[at + 5] then
      reply = seen[2]
    end
  elseif op == '1' and hot_state and same_call(at, hot_at) then
    reply = continue_chain(i, at)
    if reply then peeked[hot_state] = nil end
  end
  if reply == nil then reply = decide_whole(i, at, m) end
  replies[i] = reply
  at = at + 3 + 3 * m
end
if ncovered > 0 then settle() end
return replies
`

/**
 * The RateLimiter calls of one event-loop turn in one step: one round trip for all of them
 * (`src/redis/limiter-batch.ts` sends it on a single Redis node; a cluster gets one call each).
 */
export const LIMIT_BATCH_SCRIPT: LuaScript = {
  name: 'limit-batch',
  source: SOURCE,
  sha: '354e86353d3998b679315ba8f6ea143922eca641',
}
