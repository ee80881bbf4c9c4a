/**
 * The Lua limit library every limit and authorize script starts with: the clock and calendar
 * (`clock-library.ts`), the minute window (`window-library.ts`) and, here, the limit decision. It
 * mirrors `src/limits-math.ts` line for line (`buildDecision`, `minuteRetryAfter`); when one
 * changes, the other must too.
 *
 * The decision array `limit()` returns (decoded by `decodeDecision`):
 *   [1] allowed (1/0)          [2] minute limit      [3] minute remaining   [4] minute reset (epoch s)
 *   [5] month limit (-1: none) [6] month remaining   [7] month reset        [8] retry-after (s)
 *   [9] binding (0 none, 1 minute, 2 month)
 */
import { CLOCK_LIBRARY } from './clock-library.js'
import { WINDOW_LIBRARY } from './window-library.js'
import { CARRY_STATE } from './carry-library.js'

const LIMIT_FUNCTION = `
-- With carry_wanted (the limit batch script), limit() leaves in carry_* what an admitted request
-- of the usual kind wrote: bucket s (the newest, in a hash t/n/o describe) as carry_field and its
-- count, t, and the month counter (nil without a quota). The next request of that key in the same
-- run starts from exactly that state, so the batch script can decide it from these values alone.
-- carry_field is nil after any other kind of request. (The authorize batch uses carry, above.)
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
local receipt_wanted, receipt = false, nil

-- One decision over both limits (L2, L4), as the memory limiter decides it. Its arguments:
--   minute_key   the limit state above, HASH <prefix>:{<tag>}:rl
--   now          epoch ms (clock_ms)
--   per_minute   the requests a minute admits
--   per_month    the requests a UTC month admits; nil: no quota, no month state
--   consume      true: an admitted request is counted, a rejected one counts nothing (only buckets
--                already outside the window are trimmed); false: a peek, which writes nothing
--   cost         the units the request counts (nil: 1); it needs max(cost, 1) left in each window,
--                so a cost of 0 checks without counting (M2)
--   held         a peek's .book of this key at this now, nothing written since: not read again
-- Returns the decision array (see the top of this library), a peek's with what it read as .book.
local function limit(minute_key, now, per_minute, per_month, consume, cost, held)
  cost = cost or 1
  local units = mmax(cost, 1)
  local s = mfloor(now / 1000)
  local s_field = int(s)
  -- The bookkeeping, and bucket s: the one an admitted request nearly always counts in.
  local book = held or redis.call('HMGET', minute_key, 't', 'n', 'o', s_field, 'm', 'q')
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
      rebook = true
      minute_count, oldest, stale = walk_out(minute_key, held_from, floor, newest, total)
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

  local current_month = month_of_second(s)
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
      -- UNLINK, not DEL (which the JavaScript sends), so tests can tell the two apart; freed at once.
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
  local allowed = minute_count + units <= per_minute and (not per_month or month_count + units <= per_month)
  if allowed and consume and cost > 0 then
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
    minute_count = minute_count + cost
    local created
    -- The month counter is written with the bucket: m, q and their values, or nothing.
    local m_value, q_value = nil, nil
    if per_month then
      month_count = month_count + cost
      m_value, q_value = int(month_index), int(month_count)
    end
    if bucket == s then
      -- Bucket s was read with the bookkeeping and never leaves the window (floor <= s): one HSET
      -- writes it with t (and the month counter).
      local count = (tonumber(book[4]) or 0) + cost
      created = count == cost
      if carry_wanted and newest == s and cost == 1 then
        carry_field, carry_count, carry_total, carry_month, carry_month_count = s_field, count, minute_count, m_value, month_count
      end
      if carry then keep_window(minute_key, newest == s, s_field, count, minute_count, per_minute, m_value, month_count, per_month) end
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
      created = redis.call('HINCRBY', minute_key, int(bucket), int(cost)) == cost
      if carry then carry.broken = true end
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
    return {1, per_minute, minute_remaining, minute_reset, month_limit, month_remaining, month_reset, 0, 0,
      book = not consume and book or nil}
  end

  local month_exhausted = per_month and month_count + units > per_month
  local month_wait, minute_wait = 0, 0
  if month_exhausted then month_wait = mmax(1, mceil((month_reset * 1000 - now) / 1000)) end
  if minute_count + units > per_minute then
    -- The wait until the window holds units fewer than the limit plus one.
    minute_wait = minute_retry_after(minute_key, s, minute_count, per_minute - units + 1, flat, floor, oldest, newest)
  end
  local binding = 1
  if month_exhausted then binding = 2 end
  return {0, per_minute, minute_remaining, minute_reset, month_limit, month_remaining, month_reset,
    mmax(month_wait, minute_wait), binding, book = not consume and book or nil}
end
`

/** The limit library: clock and calendar, minute window, the carry's state and `limit()`, in that order. */
export const LIMITS_LIBRARY = CLOCK_LIBRARY + WINDOW_LIBRARY + CARRY_STATE + LIMIT_FUNCTION
