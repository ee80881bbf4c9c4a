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
-- (a decision array; for 'a' an array of m decisions), or an error reply.
` + LIMITS_LIBRARY + `
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

local n = tonumber(ARGV[1])
local replies = {}
local at = 2
for i = 1, n do
  local m = tonumber(ARGV[at + 2])
  local ok, reply = pcall(decide, ARGV[at], ARGV[at + 1], m, at + 3)
  if ok then
    replies[i] = reply
  elseif type(reply) == 'table' and reply.err then
    replies[i] = reply
  else
    replies[i] = {err = tostring(reply)}
  end
  at = at + 3 + 3 * m
end
return replies
`

/**
 * The RateLimiter calls of one event-loop turn in one step: one round trip for all of them
 * (`src/redis/limiter-batch.ts` sends it on a single Redis node; a cluster gets one call each).
 */
export const LIMIT_BATCH_SCRIPT: LuaScript = {
  name: 'limit-batch',
  source: SOURCE,
  sha: 'f00acecefe3a4c074b114babf2c46a288d7d1b76',
}
