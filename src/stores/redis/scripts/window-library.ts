/**
 * Shared Lua, second part of the limit library (`limits-library.ts` joins the parts): reading the
 * minute window of a limit state, and the wait of a full one (`minuteRetryAfter` in
 * `src/limits-math.ts`).
 */
export const WINDOW_LIBRARY = `
-- The limit state, HASH <prefix>:{<tag>}:rl: one field per 1-second bucket (second -> count),
-- three bookkeeping fields, so that a request reads and writes O(1) fields, not the whole window,
-- and the month counter of a key with a quota, read and written with them:
--   t  the sum of the counts of the buckets held
--   n  the newest second held
--   o  the oldest second held (every consume deletes the buckets older than the window)
--   m  the UTC month counted (year * 12 + month0), q the requests admitted in it
-- t, n and o are written with the first bucket and kept with every consume, so a hash without
-- them holds no bucket. The hash of a key with a quota lives until a day past the end of its
-- month; without one, until its newest bucket has left the window.
-- A window whose trimming would take more than WALK_FIELDS lookups is read whole with HGETALL: a
-- sparsely used key's few buckets are cheaper to read whole than the empty seconds between them.
local WALK_FIELDS = 8

-- The count and the oldest non-empty second of the buckets at or after floor, and the fields
-- before it (that have left the window), from HGETALL pairs (numeric fields only).
local function count_window(flat, floor)
  local count, oldest, stale = 0, nil, {}
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    if second then
      if second < floor then
        stale[#stale + 1] = flat[i]
      else
        local c = tonumber(flat[i + 1])
        if c > 0 then
          count = count + c
          if not oldest or second < oldest then oldest = second end
        end
      end
    end
  end
  return count, oldest, stale
end

-- The window read whole from HGETALL pairs, numeric fields only (t, n, o, m and q are skipped).
-- Returns floor, newest, the count and the oldest non-empty second of the window, and the fields
-- that have left it.
local function scan_window(flat, s)
  -- The window reaches back 60 s from the later of s and the newest bucket: a clock that steps
  -- back (or a caller whose clock runs behind) keeps counting the newest buckets, rejecting more.
  local newest = nil
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    if second and (not newest or second > newest) then newest = second end
  end
  local floor = s - 60
  if newest and newest > s then floor = newest - 60 end
  local count, oldest, stale = count_window(flat, floor)
  return floor, newest, count, oldest, stale
end

-- Buckets held_from .. floor - 1 of minute_key (whose t is total and newest bucket newest) have
-- left the window: one HMGET reads them and floor. Returns the count of the window, its oldest
-- non-empty second (nil when the gap after floor is too long to walk: read the window whole), and
-- the fields that have left it.
local function walk_out(minute_key, held_from, floor, newest, total)
  local count, oldest, stale = total, nil, {}
  local fields = {}
  for second = held_from, floor do fields[#fields + 1] = int(second) end
  local counts = redis.call('HMGET', minute_key, unpack(fields))
  for i = 1, #counts - 1 do
    local c = tonumber(counts[i])
    if c then
      stale[#stale + 1] = fields[i]
      count = count - c
    end
  end
  if counts[#counts] then return count, floor, stale end
  -- The oldest bucket left is the first held second after floor (newest is held).
  local last = mmin(newest, held_from + WALK_FIELDS - 1)
  if last > floor then
    fields = {}
    for second = floor + 1, last do fields[#fields + 1] = int(second) end
    counts = redis.call('HMGET', minute_key, unpack(fields))
    for i = 1, #counts do
      if counts[i] then return count, floor + i, stale end
    end
  end
  return count, oldest, stale
end

-- The seconds and counts of the buckets in the window (second >= floor, count > 0), oldest first,
-- from HGETALL pairs, for the retry-after walk of a rejection.
local function sorted_window(flat, floor)
  local window, counts = {}, {}
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    if second and second >= floor then
      local count = tonumber(flat[i + 1])
      if count > 0 then
        if not counts[second] then window[#window + 1] = second end
        counts[second] = (counts[second] or 0) + count
      end
    end
  end
  table.sort(window)
  return window, counts
end

-- The seconds until a full window (count requests at second s, at most per_minute allowed) admits
-- again, as minuteRetryAfter(): walk the buckets oldest first until what is left is below the
-- limit. flat: the HGETALL pairs when the window was read whole (from floor), else nil and the
-- buckets oldest .. newest are looked up one by one: at most 61, and usually one (a full window
-- is rarely more than its oldest bucket over the limit).
local function minute_retry_after(minute_key, s, count, per_minute, flat, floor, oldest, newest)
  local left = count
  local expires = s + 1
  if flat then
    local window, counts = sorted_window(flat, floor)
    for _, second in ipairs(window) do
      left = left - counts[second]
      expires = second + 61
      if left < per_minute then break end
    end
  elseif oldest then
    for second = oldest, newest do
      local c = tonumber(redis.call('HGET', minute_key, int(second)))
      if c then
        left = left - c
        expires = second + 61
        if left < per_minute then break end
      end
    end
  end
  return mmax(1, expires - s)
end
`
