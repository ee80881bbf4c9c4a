import { CLOCK_LIBRARY } from './clock-library.js'
import { CREDITS_LIBRARY } from './credits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward credits: a key's balance (M3) read, spent, topped up, set or given back.
-- Its arguments, KEYS[1] and ARGV[1..7], are named below.
-- KEYS[1]: the balance, HASH <prefix>:{<tag>}:cr (see the library).
local op = ARGV[1]        -- 's' spend (when it fits), 'p' read, 'a' add, 'r' give back, 'S' set
local now_arg = ARGV[2]   -- epoch ms, or '' to read Redis TIME
local units = tonumber(ARGV[3]) -- the cost, or the units added or given back
-- ARGV[4..7]: the record's credits: remaining (as last set), the refill amount ('' for none),
-- 'day' or 'month', the billing day.
-- Returns {allowed (1/0), what is left, epoch s of the next refill (-1: none)}.
${CLOCK_LIBRARY}${CREDITS_LIBRARY}
local spec = {remaining = tonumber(ARGV[4])}
if ARGV[5] ~= '' then spec.amount, spec.every, spec.day = tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7]) end
local key, now = KEYS[1], clock_ms(now_arg)
if op == 's' or op == 'p' then return credit_spend(key, spec, now, units, op == 's') end
if op == 'S' then
  local p = credit_period(spec, now)
  credit_write(key, spec.remaining, p)
  return {1, spec.remaining, credit_refill_at(spec, p)}
end
local r, p = credit_balance(key, spec, now)
if op == 'a' then
  r = r + units
  credit_write(key, r, p)
elseif op == 'r' then
  -- Only into the period it was spent in: a refill since has set the balance afresh.
  local held = tonumber(redis.call('HGET', key, 'p'))
  if held and held == credit_period(spec, now) then
    r = r + units
    credit_write(key, r, p)
  end
end
return {1, r, credit_refill_at(spec, p)}
`

/** The ledger of `RateLimiter.credits` on Redis (M3). */
export const CREDITS_SCRIPT: LuaScript = {
  name: 'credits',
  source: SOURCE,
  sha: '9c165d5208c0cc7857656ed6e17950e5216df165',
}
