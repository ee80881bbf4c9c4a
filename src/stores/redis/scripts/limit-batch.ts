import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward limit batch: the RateLimiter calls one instance made within one event-loop turn, in one
-- step. Each operation is decided exactly as the limit script decides it alone (its CONSUME,
-- PEEK and CONSUME_ALL), in the order given; an operation whose decision fails (a Redis error)
-- gets its error in its place and the others go on.
-- Returns an array of n replies, each what the limit script returns for that operation alone
-- (a decision array; for CONSUME_ALL an array of m decisions), an error reply, or one of two short
-- forms of a decision array that the caller expands:
--   j > 0  a peek answered as the peek j before it (same state, now and limits, and no
--          consume of that state in between): the same decision
--   -j     a consume decided from what consume j before it left (see the hot chain below): j's
--          decision, one less remaining in the minute window and, with a quota, in the month
-- KEYS[1..k]: the limit states of the operations (HASH <prefix>:{<tag>}:rl), each once however
-- many operations name it (a single node: they need not share a slot). ARGV[1..] as named below.
local n = tonumber(ARGV[1])  -- the number of operations
local first_op = 2           -- ARGV[2..]: the operations, in order, each:
local OP = 0                 --   what to do, as the limit script's ARGV[2]:
local CONSUME, PEEK, CONSUME_ALL = '1', '0', 'a' -- consume, peek, consume all or none
local NOW = 1                --   now, as the limit script's ARGV[1] (epoch ms, or '' to read
                             --   Redis TIME, once per run)
local COUNT = 2              --   m, the number of limits: 1 unless CONSUME_ALL
local LIMITS = 3             --   then for each limit, 3 arguments:
local STATE = 0              --     the index of its state in KEYS,
local PER_MINUTE = 1         --     its perMinute
local PER_MONTH = 2          --     and its perMonth ('' = no quota)
${LIMITS_LIBRARY}
local replies = {}

-- The limit of an operation whose arguments start at ARGV[p]: its state, perMinute and perMonth.
local function limit_at(p, now, consume)
  return limit(KEYS[tonumber(ARGV[p + STATE])], now, tonumber(ARGV[p + PER_MINUTE]), tonumber(ARGV[p + PER_MONTH]),
    consume)
end

-- One operation whose m limits start at ARGV[first]: its reply as the limit script's.
local function decide(op, now_arg, m, first)
  local now = clock_ms(now_arg)
  if op ~= CONSUME_ALL then return limit_at(first, now, op == CONSUME) end
  -- As the limit script: the others peeked, then the first consumed when they admit, then them.
  local decisions, all = {}, true
  for j = 2, m do
    decisions[j] = limit_at(first + 3 * (j - 1), now, false)
    if decisions[j][1] == 0 then all = false end
  end
  decisions[1] = limit_at(first, now, all)
  if all and decisions[1][1] == 1 then
    for j = 2, m do decisions[j] = limit_at(first + 3 * (j - 1), now, true) end
  end
  return decisions
end

carry_wanted = true
-- The hot chain: a consume admitted on the usual path leaves its state's counts in carry_* (see
-- limit()). A later consume of the same state, now and limits is decided from those alone while
-- the chain holds; what the chain counted is written once (settle), before anything else reads
-- or writes that state and at the end. hot_at is where the first consume's arguments start,
-- hot_state its state's index in KEYS, hot_last the chain's latest operation.
local hot_at, hot_state, hot_last = 0, nil, 0
local covered, ncovered = {}, 0
-- Peeks answered in this run, by state index: {where its arguments start, its operation}; dropped
-- when a consume touches the state.
local peeked = {}

-- Operations at a and b ask for the same single limit of the same state at the same now.
local function same_call(a, b)
  local la, lb = a + LIMITS, b + LIMITS
  return ARGV[a + NOW] == ARGV[b + NOW] and ARGV[a + COUNT] == '1' and ARGV[b + COUNT] == '1'
    and ARGV[la + STATE] == ARGV[lb + STATE] and ARGV[la + PER_MINUTE] == ARGV[lb + PER_MINUTE]
    and ARGV[la + PER_MONTH] == ARGV[lb + PER_MONTH]
end

-- The peek at b asks what the peek at a asked: the same now and limits (of the same state).
local function same_peek(a, b)
  return ARGV[a + NOW] == ARGV[b + NOW] and ARGV[a + LIMITS + PER_MINUTE] == ARGV[b + LIMITS + PER_MINUTE]
    and ARGV[a + LIMITS + PER_MONTH] == ARGV[b + LIMITS + PER_MONTH]
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
  local per_minute, per_month = tonumber(ARGV[at + LIMITS + PER_MINUTE]), tonumber(ARGV[at + LIMITS + PER_MONTH])
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
  local op, state = ARGV[at + OP], ARGV[at + LIMITS + STATE]
  if op == PEEK then
    if hot_state == state and ncovered > 0 then settle() end
  else
    if ncovered > 0 then settle() end
    hot_state, carry_field = nil, nil
    for j = 0, m - 1 do peeked[ARGV[at + LIMITS + 3 * j + STATE]] = nil end
  end
  local ok, reply = pcall(decide, op, ARGV[at + NOW], m, at + LIMITS)
  if not ok then return error_reply(reply) end
  if op == PEEK then
    peeked[state] = {at, i}
  elseif op == CONSUME and carry_field then
    hot_at, hot_state, hot_last = at, state, i
  end
  return reply
end

local at = first_op
for i = 1, n do
  local op, m, reply = ARGV[at + OP], tonumber(ARGV[at + COUNT]), nil
  if op == PEEK then
    local seen = peeked[ARGV[at + LIMITS + STATE]]
    if seen and same_peek(seen[1], at) then reply = seen[2] end
  elseif op == CONSUME and hot_state and same_call(at, hot_at) then
    reply = continue_chain(i, at)
    if reply then peeked[hot_state] = nil end
  end
  if reply == nil then reply = decide_whole(i, at, m) end
  replies[i] = reply
  at = at + LIMITS + 3 * m
end
if ncovered > 0 then settle() end
return replies
`

/**
 * The RateLimiter calls of one event-loop turn in one step: one round trip for all of them
 * (`src/stores/redis/limiter-batch.ts` sends it on a single Redis node; a cluster gets one call each).
 */
export const LIMIT_BATCH_SCRIPT: LuaScript = {
  name: 'limit-batch',
  source: SOURCE,
  sha: '0f022f5f940d5cf9ffa5fe527bede9f5d9f0562f',
}
