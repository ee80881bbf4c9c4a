import { CARRY_STATE } from './carry-library.js'
import { CLOCK_LIBRARY } from './clock-library.js'
import { CREDITS_LIBRARY } from './credits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward credits: a key's balance (M3) read, spent, topped up, set or given back.
-- Its arguments, KEYS[1] and ARGV[1..8], are named below.
-- KEYS[1]: the balance, HASH <prefix>:{<tag>}:cr (see the library).
local op = ARGV[1]        -- 's' spend (when it fits), 'p' read, 'a' add, 'c' take (at most what is left), 'r' give back
local now_arg = ARGV[2]   -- epoch ms, or '' to read Redis TIME
local units = tonumber(ARGV[3]) -- the cost, or the units added or given back
-- ARGV[4..8]: the record's credits: remaining (as last set), the refill amount ('' for none),
-- 'day' or 'month', the billing day, and when they were set (epoch ms).
-- Returns {allowed (1/0), what is left, epoch s of the next refill (-1: none)}.
${CLOCK_LIBRARY}${CARRY_STATE}${CREDITS_LIBRARY}
local spec = {remaining = tonumber(ARGV[4]), since = tonumber(ARGV[8])}
if ARGV[5] ~= '' then spec.amount, spec.every, spec.day = tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7]) end
local key, now = KEYS[1], clock_ms(now_arg)
if op == 's' or op == 'p' then return credit_spend(key, spec, now, units, op == 's') end
local r, p, s = credit_balance(key, spec, now)
if op == 'a' then
  r = r + units
  credit_write(key, r, p, s)
elseif op == 'c' then
  r = math.max(0, r - units)
  credit_write(key, r, p, s)
elseif op == 'r' then
  -- Only into the balance it was spent from: a refill or a setting since has set it afresh.
  local held = redis.call('HMGET', key, 'p', 's')
  if tonumber(held[1]) == credit_period(spec, now) and tonumber(held[2]) == spec.since then
    r = r + units
    credit_write(key, r, p, s)
  end
end
return {1, r, credit_refill_at(spec, p)}
`

/** The ledger of `RateLimiter.credits` on Redis (M3). */
export const CREDITS_SCRIPT: LuaScript = {
  name: 'credits',
  source: SOURCE,
  sha: '81528e5a2f4de881c6b7217bfab18299aaa0dde4',
}
