import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward limit: the RateLimiter's decisions (L2, L4), several limits at once (O7), and a count
-- given back.
-- KEYS[1..n] limit states      HASH   <prefix>:{<tag>}:rl (buckets, t, n, o; m, q); n > 1 only
--            where they share a slot (a single node)
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] what to do:
--   '1' consume KEYS[1] when it admits, '0' peek it: returns the decision array of limit()
--   'a' consume every KEYS[i] when all of them admit, else none: returns their n decisions
--   'c' as '1', returning {decision, receipt}: receipt is what limit() counted (see receipt_wanted),
--       or 0 when nothing was counted
--   'r' give back one count of KEYS[1] that a 'c' counted: ARGV[3] its bucket's second, ARGV[4] its
--       month ('' = none); with KEYS[2], the key's record (same slot), ARGV[5] the lastUsedAt the
--       count wrote ('' = none) is put back to ARGV[6] ('' = absent) unless it has moved on. Returns 1
-- ARGV[3], ARGV[4] perMinute and perMonth ('' = no quota) of KEYS[1]; ARGV[5], ARGV[6] of KEYS[2]; …
` + LIMITS_LIBRARY + `
-- Removes one request from bucket second of minute_key and from the month counter of month, as
-- if it had never been counted (nothing is read back that is not there: a bucket already trimmed
-- stays gone). t, n and o stay what they say of the buckets held.
local function give_back(minute_key, second, month)
  local count = tonumber(redis.call('HGET', minute_key, second))
  if count and count > 1 then
    redis.call('HINCRBY', minute_key, second, -1)
    redis.call('HINCRBY', minute_key, 't', -1)
  elseif count then
    redis.call('HDEL', minute_key, second)
    local book = redis.call('HMGET', minute_key, 'n', 'o')
    if book[1] ~= second and book[2] ~= second then
      redis.call('HINCRBY', minute_key, 't', -1)
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
        redis.call('HINCRBY', minute_key, 't', -1)
      else
        redis.call('HDEL', minute_key, 't', 'n', 'o')
      end
    end
  end
  if month ~= '' and redis.call('HGET', minute_key, 'm') == month then
    if (tonumber(redis.call('HGET', minute_key, 'q')) or 0) > 0 then redis.call('HINCRBY', minute_key, 'q', -1) end
  end
end

local op = ARGV[2]
if op == 'r' then
  give_back(KEYS[1], ARGV[3], ARGV[4])
  if KEYS[2] and ARGV[5] ~= '' and redis.call('HGET', KEYS[2], 'lastUsedAt') == ARGV[5] then
    if ARGV[6] == '' then redis.call('HDEL', KEYS[2], 'lastUsedAt') else redis.call('HSET', KEYS[2], 'lastUsedAt', ARGV[6]) end
  end
  return 1
end
local now = clock_ms(ARGV[1])
if op == 'a' then
  local decisions, all = {}, true
  for i = 1, #KEYS do
    decisions[i] = limit(KEYS[i], now, tonumber(ARGV[1 + 2 * i]), tonumber(ARGV[2 + 2 * i]), false)
    if decisions[i][1] == 0 then all = false end
  end
  if all then
    for i = 1, #KEYS do decisions[i] = limit(KEYS[i], now, tonumber(ARGV[1 + 2 * i]), tonumber(ARGV[2 + 2 * i]), true) end
  end
  return decisions
end
if op == 'c' then
  receipt_wanted = true
  local decision = limit(KEYS[1], now, tonumber(ARGV[3]), tonumber(ARGV[4]), true)
  return {decision, receipt or 0}
end
return limit(KEYS[1], now, tonumber(ARGV[3]), tonumber(ARGV[4]), op == '1')
`

/** `RateLimiter.consume`, `peek` and `consumeAll`, and the refund of a count (O7 on a cluster). */
export const LIMIT_SCRIPT: LuaScript = {
  name: 'limit',
  source: SOURCE,
  sha: '4e93e245f9b2f3ff96d7a42d3361850b0c8b9b21',
}
