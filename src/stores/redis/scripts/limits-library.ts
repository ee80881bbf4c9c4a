/**
 * Shared Lua: the clock, the UTC calendar and the limit decision. It mirrors `src/limits-math.ts`
 * line for line (`buildDecision`, `minuteRetryAfter`); when one changes, the other must too.
 *
 * The decision array `limit()` returns (decoded by `decodeDecision`):
 *   [1] allowed (1/0)          [2] minute limit      [3] minute remaining   [4] minute reset (epoch s)
 *   [5] month limit (-1: none) [6] month remaining   [7] month reset        [8] retry-after (s)
 *   [9] binding (0 none, 1 minute, 2 month)
 */
export const LIMITS_LIBRARY = `
-- The library functions the scripts call most, as locals (a global lookup each call otherwise).
local mfloor, mceil, mmax, mmin, sformat = math.floor, math.ceil, math.max, math.min, string.format

-- An integer as Redis wants it in an argument: never in exponent notation. '%d' where it is exact,
-- as it skips the C library's floating-point formatting; anything else is rounded by '%.0f'.
local function int(n)
  if n == mfloor(n) and n >= -9007199254740992 and n <= 9007199254740992 then return sformat('%d', n) end
  return sformat('%.0f', n)
end

-- Epoch milliseconds: the caller's value, or Redis's own clock when the caller sent ''.
-- One clock for every instance, so app-server skew cannot widen a window (L2).
-- TIME is read once per script run: the requests of one batch share the instant it ran at.
local time_ms = nil
local function clock_ms(arg)
  if arg == '' then
    if not time_ms then
      local t = redis.call('TIME')
      time_ms = tonumber(t[1]) * 1000 + mfloor(tonumber(t[2]) / 1000)
    end
    return time_ms
  end
  return tonumber(arg)
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

-- The calendar of the last day and month asked, for the requests of one batch (they share an
-- instant, or nearly): computed once per script run, not once per request.
local calendar_day, calendar_month, reset_of_month, reset_seconds = nil, nil, nil, nil

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

-- With carry_wanted (the batch script), limit() leaves in carry_* what an admitted request of the
-- usual kind wrote: bucket s (the newest, in a hash t/n/o describe) as carry_field and its count,
-- t, and the month counter (nil without a quota). The next request of that key in the same run
-- starts from exactly that state (nothing else runs in between), so the batch script can decide
-- it from these values alone. carry_field is nil after any other kind of request (the batch
-- script clears it before each). Plain variables, not a table: nothing is allocated for it.
local carry_wanted = false
local carry_field, carry_count, carry_total, carry_month, carry_month_count = nil, 0, 0, nil, 0

-- Writes the counts carry_* describe into minute_key, as limit() would have written them for
-- the last request they count: pcall's ok and error.
local function write_carry(minute_key)
  if carry_month then
    return pcall(redis.call, 'HSET', minute_key, carry_field, int(carry_count), 't', int(carry_total),
      'm', carry_month, 'q', int(carry_month_count))
  end
  return pcall(redis.call, 'HSET', minute_key, carry_field, int(carry_count), 't', int(carry_total))
end

-- An error caught by pcall as an error reply: Redis's own as it is, anything else as its text.
local function error_reply(err)
  if type(err) == 'table' and err.err then return err end
  return {err = tostring(err)}
end

-- With receipt_wanted (O7: a caller on a cluster, which counts a second limit in another slot),
-- an admitted consume leaves in receipt what it counted, so that it can be given back when the
-- other limit refuses: {the decision a peek would have given just before, the bucket's second,
-- the month counted (-1 without a quota)}. Left as it is by every other call.
local receipt_wanted = false
local receipt = nil

-- One decision over both limits (L2, L4), as the memory limiter decides it.
-- minute_key: the limit state above. per_month nil: no quota, no month state. consume: on allow, count the request; on reject count
-- nothing (only buckets already outside the window are trimmed). A peek writes nothing.
local function limit(minute_key, now, per_minute, per_month, consume)
  local s = mfloor(now / 1000)
  local s_field = int(s)
  -- The bookkeeping, and bucket s: the one an admitted request nearly always counts in.
  local book = redis.call('HMGET', minute_key, 't', 'n', 'o', s_field, 'm', 'q')
  -- The month counter in the hash (HGETALL reads its two fields too; they are not buckets).
  local book_month, book_count = tonumber(book[5]), tonumber(book[6])
  local month_held = book_month ~= nil and book_count ~= nil
  local total, newest, held_from = tonumber(book[1]), tonumber(book[2]), tonumber(book[3])
  local booked = total ~= nil and newest ~= nil and held_from ~= nil
  local floor = s - 60        -- the window: every bucket with second >= floor
  local minute_count = 0      -- requests in the window
  local oldest = nil          -- the oldest non-empty second in the window
  local stale = {}            -- fields a consume deletes: buckets that have left the window
  local flat = nil            -- the HGETALL pairs, when the window was read whole
  local wipe = false          -- every bucket has left the window: a consume deletes the hash
  local rebook = false        -- a consume writes t/n/o even when it admits nothing
  local read_whole = false    -- the window is read with HGETALL

  if booked then
    floor = mmax(s, newest) - 60
    if newest < floor then
      wipe = true
    elseif held_from >= floor then
      -- Nothing has left the window since the last consume: the usual case.
      minute_count, oldest = total, held_from
    elseif floor - held_from < WALK_FIELDS then
      -- Buckets held_from .. floor - 1 have left the window: one HMGET reads them and floor.
      rebook = true
      minute_count = total
      local fields = {}
      for second = held_from, floor do fields[#fields + 1] = int(second) end
      local counts = redis.call('HMGET', minute_key, unpack(fields))
      for i = 1, #counts - 1 do
        local c = tonumber(counts[i])
        if c then
          stale[#stale + 1] = fields[i]
          minute_count = minute_count - c
        end
      end
      if counts[#counts] then
        oldest = floor
      else
        -- The oldest bucket left is the first held second after floor (newest is held).
        local last = mmin(newest, held_from + WALK_FIELDS - 1)
        if last > floor then
          fields = {}
          for second = floor + 1, last do fields[#fields + 1] = int(second) end
          counts = redis.call('HMGET', minute_key, unpack(fields))
          for i = 1, #counts do
            if counts[i] then
              oldest = floor + i
              break
            end
          end
        end
      end
      -- A gap too long to walk: read the window whole after all.
      if not oldest then read_whole = true end
    else
      read_whole = true
    end
  else
    newest = nil
  end
  if read_whole then
    flat = redis.call('HGETALL', minute_key)
    local held
    floor, held, minute_count, oldest, stale = scan_window(flat, s)
    if held then
      newest = held
      rebook = true
      wipe = held < floor
    else
      newest = nil
      -- Bookkeeping without buckets (the scripts never leave that): start again.
      wipe = true
    end
  end
  if wipe then
    minute_count, oldest, stale = 0, nil, {}
  end

  local day = mfloor(s / 86400)
  if day ~= calendar_day then calendar_day, calendar_month = day, month_index_of_day(day) end
  local current_month = calendar_month
  local month_index = current_month
  local month_count = 0
  local month_stored = false   -- the hash holds this month's counter (and the month's TTL)
  -- A counter of a later month than now (a clock stepped back across the 1st) keeps counting.
  if per_month and month_held and book_month >= current_month then
    month_index, month_count, month_stored = book_month, book_count, true
  end
  local month_reset = reset_of(month_index)

  -- A consume trims the buckets that left the window, admitted or not (as the memory limiter
  -- prunes): a key's minute state stays at most 61 buckets and t/n/o. A peek writes nothing.
  if consume then
    if wipe then
      -- UNLINK, not DEL: the JavaScript sends DEL itself, and the command-count test tells the
      -- commands a script runs from those sent by name. A hash this small is freed at once.
      redis.call('UNLINK', minute_key)
      newest = nil
      -- The month counter outlives the buckets, whatever the policy of this call: written back
      -- with its TTL, unless its month (and the day after) is over. A counter of the month just
      -- ended is kept too: a clock stepped back into that month finds its count (as in memory).
      local kept_ttl = month_held and counter_ttl(book_month, now) or 0
      if kept_ttl > 0 then
        redis.call('HSET', minute_key, 'm', book[5], 'q', book[6])
        redis.call('PEXPIRE', minute_key, int(kept_ttl))
      else
        month_held = false
        month_stored = false
      end
    elseif #stale > 0 then
      redis.call('HDEL', minute_key, unpack(stale))
    end
  end
  local allowed = minute_count < per_minute and (not per_month or month_count < per_month)
  if allowed and consume then
    -- The request's bucket: s, or for an earlier-stamped request the oldest bucket still in the
    -- window, so the window never spans more than 61 seconds.
    local bucket = s
    if newest and newest > s then bucket = mmax(s, newest - 60) end
    if receipt_wanted then
      local before_reset = mceil(now / 1000)
      if oldest then before_reset = oldest + 61 end
      local before_limit, before_remaining, counted_month = -1, 0, -1
      if per_month then
        before_limit, before_remaining, counted_month = per_month, mmax(0, per_month - month_count), month_index
      end
      receipt = {{1, per_minute, mmax(0, per_minute - minute_count), before_reset, before_limit, before_remaining,
        month_reset, 0, 0}, bucket, counted_month}
    end
    local moved = rebook or not newest or bucket > newest or not oldest or bucket < oldest
    if not newest or bucket > newest then newest = bucket end
    if not oldest or bucket < oldest then oldest = bucket end
    minute_count = minute_count + 1
    local created
    -- The month counter is written with the bucket: m, q and their values, or nothing.
    local m_value, q_value = nil, nil
    if per_month then
      month_count = month_count + 1
      m_value, q_value = int(month_index), int(month_count)
    end
    if bucket == s then
      -- Bucket s was read with the bookkeeping and never leaves the window (floor <= s): one HSET
      -- writes it with t (and the month counter).
      local count = (tonumber(book[4]) or 0) + 1
      created = count == 1
      if carry_wanted and newest == s then
        carry_field, carry_count, carry_total, carry_month, carry_month_count = s_field, count, minute_count, m_value, month_count
      end
      if created or moved then
        if per_month then
          redis.call('HSET', minute_key, s_field, int(count), 't', int(minute_count), 'n', int(newest), 'o', int(oldest),
            'm', m_value, 'q', q_value)
        else
          redis.call('HSET', minute_key, s_field, int(count), 't', int(minute_count), 'n', int(newest), 'o', int(oldest))
        end
      elseif per_month then
        redis.call('HSET', minute_key, s_field, int(count), 't', int(minute_count), 'm', m_value, 'q', q_value)
      else
        redis.call('HSET', minute_key, s_field, int(count), 't', int(minute_count))
      end
    else
      created = redis.call('HINCRBY', minute_key, int(bucket), 1) == 1
      if per_month then
        redis.call('HSET', minute_key, 't', int(minute_count), 'n', int(newest), 'o', int(oldest), 'm', m_value, 'q', q_value)
      else
        redis.call('HSET', minute_key, 't', int(minute_count), 'n', int(newest), 'o', int(oldest))
      end
    end
    if per_month then
      -- The hash lives as long as its month counter must. A counter of this month already has
      -- that TTL, longer than any bucket needs.
      if not month_stored then redis.call('PEXPIRE', minute_key, int(counter_ttl(month_index, now))) end
    elseif created then
      -- The newest bucket counts until second newest + 61; the TTL only cleans up idle keys. It
      -- is set whenever a bucket is created, so it always reaches past second (newest + 62): a
      -- request into an existing bucket leaves it as it is. A hash that still holds a month
      -- counter (its key had a quota until now) lives as long as the longer of the two needs:
      -- a counter of a month that has ended may have less than a minute left.
      local ttl = mmax(120000, (newest + 62) * 1000 - now)
      if month_held then ttl = mmax(ttl, counter_ttl(book_month, now)) end
      redis.call('PEXPIRE', minute_key, int(ttl))
    end
  elseif consume and rebook and not wipe then
    redis.call('HSET', minute_key, 't', int(minute_count), 'n', int(newest), 'o', int(oldest))
  end

  local minute_reset = mceil(now / 1000)
  if oldest then minute_reset = oldest + 61 end
  local month_limit, month_remaining = -1, 0
  if per_month then
    month_limit = per_month
    month_remaining = mmax(0, per_month - month_count)
  end
  local minute_remaining = mmax(0, per_minute - minute_count)
  if allowed then
    return {1, per_minute, minute_remaining, minute_reset, month_limit, month_remaining, month_reset, 0, 0}
  end

  local month_exhausted = per_month and month_count >= per_month
  local month_wait, minute_wait = 0, 0
  if month_exhausted then month_wait = mmax(1, mceil((month_reset * 1000 - now) / 1000)) end
  if minute_count >= per_minute then
    -- Walk the buckets oldest first until what is left is below the limit (minuteRetryAfter).
    local left = minute_count
    local expires = s + 1
    if flat then
      local window, counts = sorted_window(flat, floor)
      for _, second in ipairs(window) do
        left = left - counts[second]
        expires = second + 61
        if left < per_minute then break end
      end
    elseif oldest then
      -- The buckets from oldest to newest, one lookup each: at most 61, and usually one (a full
      -- window is rarely more than its oldest bucket over the limit).
      for second = oldest, newest do
        local c = tonumber(redis.call('HGET', minute_key, int(second)))
        if c then
          left = left - c
          expires = second + 61
          if left < per_minute then break end
        end
      end
    end
    minute_wait = mmax(1, expires - s)
  end
  local binding = 1
  if month_exhausted then binding = 2 end
  return {0, per_minute, minute_remaining, minute_reset, month_limit, month_remaining, month_reset,
    mmax(month_wait, minute_wait), binding}
end
`
