import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward limit: the RateLimiter's decisions (L2, L4), several limits at once (O7), and a count
-- given back.
-- Its arguments, KEYS[1..n] and ARGV[1..], are named in the table below.
-- KEYS[1..n]: limit states, HASH <prefix>:{<tag>}:rl (buckets, t, n, o; m, q); n > 1 only where
-- they share a slot (a single node).
local now_arg = ARGV[1]   -- epoch ms, or '' to read Redis TIME
local op = ARGV[2]        -- what to do, one of:
local CONSUME = '1'       --   consume KEYS[1] when it admits: returns the decision array of limit()
local PEEK = '0'          --   peek KEYS[1]: the same, nothing written
local CONSUME_ALL = 'a'   --   consume every KEYS[i] when all of them admit, else none: returns
                          --   their n decisions
local COUNT_WITH_RECEIPT = 'c' -- as CONSUME, returning {decision, receipt}: receipt is what limit()
                          --   counted (see receipt_wanted), or 0 when nothing was counted
local GIVE_BACK = 'r'     --   give back one count of KEYS[1] that a COUNT_WITH_RECEIPT counted;
                          --   with KEYS[2], the key's record (same slot), its lastUsedAt is put back
                          --   unless it has moved on. Returns 1
-- ARGV[1 + 2i], ARGV[2 + 2i]: perMinute and perMonth ('' = no quota) of KEYS[i], then
-- ARGV[3 + 2n]: the cost counted in each of them (absent: 1; CONSUME, PEEK, CONSUME_ALL); with
-- GIVE_BACK instead:
local given_second = ARGV[3]      -- the counted bucket's second
local given_month = ARGV[4]       -- its month ('' = none)
local written_last_used = ARGV[5] -- the lastUsedAt the count wrote ('' = none)
local previous_last_used = ARGV[6] -- the lastUsedAt before it ('' = absent)
local given_units = tonumber(ARGV[7]) or 1 -- the units it counted
${LIMITS_LIBRARY}
-- Removes the units of one request from bucket second of minute_key and from the month counter of
-- month, as if it had never been counted (nothing is read back that is not there: a bucket already
-- trimmed stays gone). t, n and o stay what they say of the buckets held.
local function give_back(minute_key, second, month, units)
  local count = tonumber(redis.call('HGET', minute_key, second))
  if count and count > units then
    redis.call('HINCRBY', minute_key, second, -units)
    redis.call('HINCRBY', minute_key, 't', -units)
  elseif count then
    redis.call('HDEL', minute_key, second)
    local book = redis.call('HMGET', minute_key, 'n', 'o')
    if book[1] ~= second and book[2] ~= second then
      redis.call('HINCRBY', minute_key, 't', -count)
    else
      -- n or o named the bucket removed: find the newest and oldest of those left.
      local newest, oldest = nil, nil
      local flat = redis.call('HGETALL', minute_key)
      for i = 1, #flat, 2 do
        local held = tonumber(flat[i])
        if held then
          if not newest or held > newest then newest = held end
          if not oldest or held < oldest then oldest = held end
        end
      end
      if newest then
        redis.call('HSET', minute_key, 'n', int(newest), 'o', int(oldest))
        redis.call('HINCRBY', minute_key, 't', -count)
      else
        redis.call('HDEL', minute_key, 't', 'n', 'o')
      end
    end
  end
  if month ~= '' and redis.call('HGET', minute_key, 'm') == month then
    local held = tonumber(redis.call('HGET', minute_key, 'q')) or 0
    if held > 0 then redis.call('HINCRBY', minute_key, 'q', -mmin(units, held)) end
  end
end

if op == GIVE_BACK then
  local record_key = KEYS[2]
  give_back(KEYS[1], given_second, given_month, given_units)
  if record_key and written_last_used ~= '' and redis.call('HGET', record_key, 'lastUsedAt') == written_last_used then
    if previous_last_used == '' then
      redis.call('HDEL', record_key, 'lastUsedAt')
    else
      redis.call('HSET', record_key, 'lastUsedAt', previous_last_used)
    end
  end
  return 1
end
local now = clock_ms(now_arg)
local cost = tonumber(ARGV[3 + 2 * #KEYS])
if op == CONSUME_ALL then
  -- The others are peeked; when they admit, KEYS[1] is consumed as on its own (a refusal still
  -- trims its window, as the authorize script does to a key whose owner admits), then the others.
  local decisions, all = {}, true
  for i = 2, #KEYS do
    decisions[i] = limit(KEYS[i], now, tonumber(ARGV[1 + 2 * i]), tonumber(ARGV[2 + 2 * i]), false, cost)
    if decisions[i][1] == 0 then all = false end
  end
  decisions[1] = limit(KEYS[1], now, tonumber(ARGV[3]), tonumber(ARGV[4]), all, cost)
  if all and decisions[1][1] == 1 then
    for i = 2, #KEYS do
      decisions[i] = limit(KEYS[i], now, tonumber(ARGV[1 + 2 * i]), tonumber(ARGV[2 + 2 * i]), true, cost)
    end
  end
  return decisions
end
if op == COUNT_WITH_RECEIPT then
  receipt_wanted = true
  local decision = limit(KEYS[1], now, tonumber(ARGV[3]), tonumber(ARGV[4]), true, cost)
  return {decision, receipt or 0}
end
return limit(KEYS[1], now, tonumber(ARGV[3]), tonumber(ARGV[4]), op == CONSUME, cost)
`

/** `RateLimiter.consume`, `peek` and `consumeAll`, and the refund of a count (O7 on a cluster). */
export const LIMIT_SCRIPT: LuaScript = {
  name: 'limit',
  source: SOURCE,
  sha: '2002d8ee66bbd7f8ea5a56a5eede9e6e8eba52a6',
}
