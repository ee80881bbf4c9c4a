/**
 * The Lua of named limits (M1, M2, M4): one limit's view, its count and the wait of a refusal,
 * as `src/stores/memory/meter.ts` computes them over the windows of `src/core/windows.ts`; the
 * decision itself is assembled in TypeScript (`buildMeterDecision`) from what these return.
 */
import { CARRY_STATE } from './carry-library.js'
import { CLOCK_LIBRARY } from './clock-library.js'
import { NAMED_DECISION } from './named-decision.js'
import { ROLLING_LIBRARY } from './rolling-library.js'

const METER_FUNCTIONS = `
-- One named limit's state, HASH <prefix>:{<tag>}:rl:<name>:<geometry>:
--   rolling window: one field per bucket (bucket index -> units), and three bookkeeping fields so
--                   a request reads and writes a few fields, not the whole window:
--                   t the units of the buckets held, n the newest bucket held, o the oldest
--   month:          p the period counted (the UTC month index of now - (day - 1) days), q its units
-- t, n and o are written with the first bucket and kept exact by every write, so a hash without
-- them holds no bucket.
-- A limit is described by four ARGV: kind ('r' or 'm'), limit, then for 'r' the bucket size in
-- seconds and the span n (bucket b counts while b >= k - n), for 'm' the billing day and 0.
${ROLLING_LIBRARY}
-- Epoch seconds at which period index of billing day ends.
local function period_end(index, day)
  return month_start_seconds(index + 1) + (day - 1) * 86400
end

-- A month limit at now: its count, reset, and the period an admitted request counts in. A count
-- of a later period (a clock stepped back) keeps counting.
local function month_view(key, now, day)
  local current = month_of_second(mfloor(now / 1000) - (day - 1) * 86400)
  local held = meter_held[key]
  if not held then
    held = redis.call('HMGET', key, 'p', 'q')
    meter_held[key] = held
  end
  local period, count = current, 0
  local stored = tonumber(held[1])
  if stored and stored >= current then period, count = stored, tonumber(held[2]) or 0 end
  -- The expiry follows the period: it moves only when a count starts a new one.
  return {count = count, reset = period_end(period, day), target = period, expires = stored ~= period}
end

local function view_of(key, now, spec)
  local view
  if spec.kind == 'm' then view = month_view(key, now, spec.a) else view = rolling_view(key, now, spec.a, spec.b) end
  view.key = key
  return view
end

-- Seconds (at least 1) until a refusing limit admits need units: a month at its period's end; a
-- window when enough of its oldest buckets have left it.
local function wait_of(view, now, spec, need)
  local s = mfloor(now / 1000)
  if spec.kind == 'm' then return mmax(1, mceil((view.reset * 1000 - now) / 1000)) end
  local left, expires = view.count, s + 1
  local counted, units = counted_buckets(view.key, view)
  for _, b in ipairs(counted) do
    left = left - units[b]
    expires = (b + spec.b + 1) * spec.a
    if left + need <= spec.limit then break end
  end
  return mmax(1, expires - s)
end

-- The oldest bucket a window holds once its target is counted.
local function oldest_counted(view)
  if view.first then return mmin(view.first, view.target) end
  return view.target
end

-- Counts units in the view's target, dropping what has left the window. The hash lives until
-- its newest bucket (or its period and a day) is over, and two minutes more for skewed clocks.
local function count_into(key, now, spec, view, units)
  if spec.kind == 'm' then
    -- view.count is the target period's own count (0 when the hash held an older one).
    redis.call('HSET', key, 'p', int(view.target), 'q', int(view.count + units))
    meter_held[key] = {view.target, view.count + units}
    if carry then carry[#carry + 1] = {kind = 'm', key = key, p = view.target, t = view.count + units, limit = spec.limit} end
    if view.expires then redis.call('PEXPIRE', key, int(view.reset * 1000 - now + 86400000)) end
    return
  end
  if view.clear then
    -- UNLINK, not DEL: DEL stays a command only the JavaScript sends, so Redis's counts tell them apart.
    redis.call('UNLINK', key)
  elseif #view.stale > 0 then
    redis.call('HDEL', key, unpack(view.stale))
  end
  local newest, oldest = mmax(view.newest, view.target), oldest_counted(view)
  local bucket = int(view.target)
  redis.call('HSET', key, bucket, int(view.units + units), 't', int(view.count + units), 'n', int(newest), 'o', int(oldest))
  if view.target == view.k then
    meter_held[key] = {view.count + units, newest, oldest, view.units + units, k = view.k}
    if carry then
      carry[#carry + 1] = {kind = 'r', key = key, field = bucket, units = view.units + units, t = view.count + units,
        n = newest, o = oldest, k = view.k, limit = spec.limit}
    end
  else
    meter_held[key] = nil
    if carry then carry.broken = true end
  end
  -- The expiry is a fixed time past the newest bucket: it moves only when that does.
  if view.expires then
    redis.call('PEXPIRE', key, int(mmax(0, (newest + spec.b + 1) * spec.a * 1000 - now) + 120000))
  end
end

-- The view after count_into counted units: no second read.
local function counted_view(view, spec, units)
  if spec.kind == 'm' then return {count = view.count + units, reset = view.reset} end
  return {count = view.count + units, reset = (oldest_counted(view) + spec.b + 1) * spec.a}
end

-- Takes back units counted in target (a count of a cluster's other slot that was refused).
local function give_back(key, spec, target, units)
  if spec.kind == 'm' then
    if tonumber(redis.call('HGET', key, 'p')) == target then redis.call('HINCRBY', key, 'q', int(-units)) end
    return
  end
  local left = tonumber(redis.call('HGET', key, int(target)))
  if not left then return end
  if left > units then
    redis.call('HINCRBY', key, int(target), int(-units))
    redis.call('HINCRBY', key, 't', int(-units))
    return
  end
  -- The bucket goes: the bookkeeping is recomputed from what is left (a cluster's rare path).
  redis.call('HDEL', key, int(target))
  local _, total, newest, oldest = all_buckets(key)
  if newest then redis.call('HSET', key, 't', int(total), 'n', int(newest), 'o', int(oldest))
  else redis.call('UNLINK', key) end
end

-- The specs of KEYS[1..n] from ARGV[from + 4(i - 1) ..].
local function specs_of(n, from)
  local specs = {}
  for i = 1, n do
    local at = from + 4 * (i - 1)
    specs[i] = {kind = ARGV[at], limit = tonumber(ARGV[at + 1]), a = tonumber(ARGV[at + 2]), b = tonumber(ARGV[at + 3])}
  end
  return specs
end

-- Every limit of keys decided together at now: mode 'm' counts cost in all of them when all
-- admit (M4), 'p' only reads, 'c' (a charge) counts cost in all of them whatever they hold.
-- Returns, per limit, 7 integers: count, reset, wait, refusing (1/0), and the count, reset and
-- target before anything was counted.
local function meter(keys, now, mode, cost, specs)
  local need = mmax(cost, 1)
  local views, allowed = {}, true
  for i = 1, #keys do
    views[i] = view_of(keys[i], now, specs[i])
    views[i].refusing = mode ~= 'c' and views[i].count + need > specs[i].limit
    if views[i].refusing then allowed = false end
  end
  local counts = cost > 0 and (mode == 'c' or (mode == 'm' and allowed))
  local reply = {}
  for i = 1, #keys do
    local view, after = views[i], views[i]
    if counts then
      count_into(keys[i], now, specs[i], view, cost)
      after = counted_view(view, specs[i], cost)
    end
    local wait = 0
    if view.refusing then wait = wait_of(view, now, specs[i], need) end
    local refusing = 0
    if view.refusing then refusing = 1 end
    local at = #reply
    reply[at + 1], reply[at + 2], reply[at + 3], reply[at + 4] = after.count, after.reset, wait, refusing
    reply[at + 5], reply[at + 6], reply[at + 7] = view.count, view.reset, view.target
  end
  return reply
end
`

/**
 * The named-limit functions and `named_decision`, for the authorize scripts: they already hold
 * the clock library and `limit()` (limits-library.ts), which `named_decision` calls.
 */
export const METER_FUNCTIONS_ONLY = METER_FUNCTIONS + NAMED_DECISION

/** The clock and calendar, the carry's state, then the named-limit functions. */
export const METER_LIBRARY = CLOCK_LIBRARY + CARRY_STATE + METER_FUNCTIONS
