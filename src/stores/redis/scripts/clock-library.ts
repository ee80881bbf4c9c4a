/**
 * Shared Lua, first part of the limit library (`limits-library.ts` joins the parts): integers as
 * Redis wants them, the clock, and the UTC calendar of month quotas (`utcMonthIndex` in
 * `src/limits-math.ts`).
 */
export const CLOCK_LIBRARY = `
-- The library functions the scripts call most, as locals (a global lookup each call otherwise).
local mfloor, mceil, mmax, mmin, sformat = math.floor, math.ceil, math.max, math.min, string.format

-- An integer as Redis wants it in an argument: never in exponent notation. '%d' where it is exact,
-- as it skips the C library's floating-point formatting; anything else is rounded by '%.0f'.
local function int(n)
  if n == mfloor(n) and n >= -9007199254740992 and n <= 9007199254740992 then return sformat('%d', n) end
  return sformat('%.0f', n)
end

-- JSON decoded once per script run (a key's limits, its owner's): the requests of a batch share
-- the tables, which nothing changes.
local decoded_json = {}
local function decoded(json)
  local value = decoded_json[json]
  if value == nil then
    value = cjson.decode(json)
    decoded_json[json] = value
  end
  return value
end

-- Epoch milliseconds: the caller's value, or Redis's own clock when the caller sent ''.
-- One clock for every instance, so app-server skew cannot widen a window (L2).
-- TIME is read once per script run: the requests of one batch share the instant it ran at.
local time_ms = nil
local function clock_ms(now_arg)
  if now_arg == '' then
    if not time_ms then
      local t = redis.call('TIME')
      time_ms = tonumber(t[1]) * 1000 + mfloor(tonumber(t[2]) / 1000)
    end
    return time_ms
  end
  return tonumber(now_arg)
end

-- The UTC month of a day (days since 1970-01-01) as year * 12 + month0, as utcMonthIndex().
-- Howard Hinnant's civil_from_days: the Lua sandbox has no os.date.
local function month_index_of_day(day)
  local z = day + 719468
  local era = mfloor(z / 146097)
  local doe = z - era * 146097
  local yoe = mfloor((doe - mfloor(doe / 1460) + mfloor(doe / 36524) - mfloor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + mfloor(yoe / 4) - mfloor(yoe / 100))
  local mp = mfloor((5 * doy + 2) / 153)
  local month = mp < 10 and mp + 3 or mp - 9
  local year = yoe + era * 400
  if month <= 2 then year = year + 1 end
  return year * 12 + month - 1
end

-- Epoch seconds of 00:00 UTC on the 1st of month year * 12 + month0 (days_from_civil).
local function month_start_seconds(index)
  local year = mfloor(index / 12)
  local month = index - year * 12 + 1
  if month <= 2 then year = year - 1 end
  local era = mfloor(year / 400)
  local yoe = year - era * 400
  local mp = month > 2 and month - 3 or month + 9
  local doy = mfloor((153 * mp + 2) / 5)
  local doe = yoe * 365 + mfloor(yoe / 4) - mfloor(yoe / 100) + doy
  return (era * 146097 + doe - 719468) * 86400
end

-- The calendar of the last day and month asked, for the requests of one batch (they share an
-- instant, or nearly): computed once per script run, not once per request.
local calendar_day, calendar_month, reset_of_month, reset_seconds = nil, nil, nil, nil

-- The UTC month index of second s.
local function month_of_second(s)
  local day = mfloor(s / 86400)
  if day ~= calendar_day then calendar_day, calendar_month = day, month_index_of_day(day) end
  return calendar_month
end

-- Epoch seconds at which month index ends (its quota resets), computed once per month asked.
local function reset_of(index)
  if index ~= reset_of_month then reset_of_month, reset_seconds = index, month_start_seconds(index + 1) end
  return reset_seconds
end

-- The TTL of a month counter, ms: it must outlive its month, or an idle key would get its quota
-- back: one day past.
local function counter_ttl(index, now)
  return reset_of(index) * 1000 - now + 86400000
end
`
