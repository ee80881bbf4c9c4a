/**
 * The Lua scripts of the Redis stores, kept as data. Each script's SHA-1 is pinned below;
 * `test/redis/scripts.test.ts` checks every pin against the source and against Redis's own
 * `SCRIPT LOAD`, so an edit to a script without a new pin fails the tests. Scripts run with
 * `EVALSHA` and fall back to `EVAL` (which also caches the script) when Redis answers `NOSCRIPT`.
 *
 * Every key a script touches is passed in `KEYS` and, for one call, shares one hash tag, so the
 * scripts run unchanged on Redis Cluster. Scripts return arrays of integers and strings only:
 * those read the same under RESP2 and RESP3 and with either client.
 */

/** A script and the SHA-1 of its source, as Redis's `SCRIPT LOAD` answers it. */
export interface LuaScript {
  readonly name: string
  readonly source: string
  readonly sha: string
}

/**
 * Shared Lua: the clock, the UTC calendar and the limit decision. It mirrors `src/limits-math.ts`
 * line for line (`buildDecision`, `minuteRetryAfter`); when one changes, the other must too.
 *
 * The decision array `limit()` returns (decoded by `decodeDecision`):
 *   [1] allowed (1/0)          [2] minute limit      [3] minute remaining   [4] minute reset (epoch s)
 *   [5] month limit (-1: none) [6] month remaining   [7] month reset        [8] retry-after (s)
 *   [9] binding (0 none, 1 minute, 2 month)
 */
const LIMITS_LIBRARY = `
-- The library functions the scripts call most, as locals (a global lookup each call otherwise).
local mfloor, mceil, mmax, mmin, sformat = math.floor, math.ceil, math.max, math.min, string.format

-- An integer as Redis wants it in an argument: never in exponent notation. '%d' formats without
-- the C library's floating-point path (the costliest part of a request's script time once); a
-- value that is not a whole number within 2^53 is rounded by '%.0f' as before.
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
-- The hash of a key with a quota lives until a day past the end of its month; without one, until
-- its newest bucket has left the window. Earlier builds kept the month counter in a hash of its
-- own, <prefix>:{<tag>}:mo (m, n): it is still read while the limit state has no counter, and
-- removed once the counter has moved.
-- A hash without them (raw buckets, as older versions wrote) is read whole with HGETALL, as is a
-- window whose trimming would take more than WALK_FIELDS lookups: a sparsely used key's few
-- buckets are cheaper to read whole than the empty seconds between them one by one.
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

-- The window read whole from HGETALL pairs, numeric fields only (t, n and o are skipped).
-- Returns floor, newest, the count and the oldest non-empty second of the window, and the fields
-- that have left it. With check, also whether t/n/o can describe the buckets: every count a
-- positive integer and every field an integer second as int() writes it (what the scripts write).
local function scan_window(flat, s, check)
  -- The window reaches back 60 s from the later of s and the newest bucket: a clock that steps
  -- back (or a caller whose clock runs behind) keeps counting the newest buckets, rejecting more.
  local newest, plain = nil, true
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    if second then
      if check and plain then
        local c = tonumber(flat[i + 1])
        if not (c and c > 0 and c == mfloor(c) and flat[i] == int(second)) then plain = false end
      end
      if not newest or second > newest then newest = second end
    end
  end
  local floor = s - 60
  if newest and newest > s then floor = newest - 60 end
  local count, oldest, stale = count_window(flat, floor)
  return floor, newest, count, oldest, stale, plain
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

-- One decision over both limits (L2, L4), as the memory limiter decides it.
-- minute_key: the limit state above; month_key: the month counter of earlier versions.
-- per_month nil: no quota, no month state. consume: on allow, count the request; on reject count
-- nothing (only buckets already outside the window are trimmed). A peek writes nothing.
local function limit(minute_key, month_key, now, per_minute, per_month, consume)
  local s = mfloor(now / 1000)
  local s_field = int(s)
  -- The bookkeeping, and bucket s: the one an admitted request nearly always counts in.
  local book = redis.call('HMGET', minute_key, 't', 'n', 'o', s_field, 'm', 'q')
  -- The month counter in the hash (HGETALL reads its two fields too; they are not buckets).
  local book_month, book_count = tonumber(book[5]), tonumber(book[6])
  local month_fields = book_month and book_count and 4 or 0
  local total, newest, held_from = tonumber(book[1]), tonumber(book[2]), tonumber(book[3])
  local booked = total ~= nil and newest ~= nil and held_from ~= nil
  local written = booked      -- the hash was written with t/n/o, by these scripts
  local floor                 -- the window: every bucket with second >= floor
  local minute_count = 0      -- requests in the window
  local oldest = nil          -- the oldest non-empty second in the window
  local stale = {}            -- fields a consume deletes: buckets that have left the window
  local flat = nil            -- the HGETALL pairs, when the window was read whole
  local wipe = false          -- every bucket has left the window: a consume deletes the hash
  local plain = true          -- t/n/o can describe the buckets
  local rebook = false        -- a consume writes t/n/o even when it admits nothing

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
      if not oldest then booked = false end
    else
      booked = false
    end
  end
  if not booked then
    flat = redis.call('HGETALL', minute_key)
    local held
    floor, held, minute_count, oldest, stale, plain = scan_window(flat, s, not written)
    if held then
      newest = held
      rebook = true
      wipe = held < floor
      -- Buckets t/n/o cannot describe stay a hash of raw buckets, read whole every time.
      if not plain and (book[1] or book[2] or book[3]) then
        stale[#stale + 1] = 't'
        stale[#stale + 1] = 'n'
        stale[#stale + 1] = 'o'
      end
    else
      newest = nil
      -- Bookkeeping without buckets (the scripts never leave that): start again.
      wipe = #flat > month_fields
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
  local month_moved = false    -- the counter was read from month_key (an earlier version's)
  if per_month then
    local stored, count = book_month, book_count
    if month_fields == 0 then
      local state = redis.call('HMGET', month_key, 'm', 'n')
      stored, count = tonumber(state[1]), tonumber(state[2])
      month_moved = stored ~= nil
    end
    -- A counter of a later month than now (a clock stepped back across the 1st) keeps counting.
    if stored and count and stored >= current_month then
      month_index = stored
      month_count = count
      month_stored = not month_moved
    end
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
      local kept_ttl = month_fields > 0 and counter_ttl(book_month, now) or 0
      if kept_ttl > 0 then
        redis.call('HSET', minute_key, 'm', book[5], 'q', book[6])
        redis.call('PEXPIRE', minute_key, int(kept_ttl))
      else
        month_fields = 0
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
    if not plain then
      -- A hash of raw buckets stays one.
      created = redis.call('HINCRBY', minute_key, int(bucket), 1) == 1
      if per_month then redis.call('HSET', minute_key, 'm', m_value, 'q', q_value) end
    elseif bucket == s then
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
      if month_moved then redis.call('UNLINK', month_key) end
    elseif created then
      -- The newest bucket counts until second newest + 61; the TTL only cleans up idle keys. It
      -- is set whenever a bucket is created, so it always reaches past second (newest + 62): a
      -- request into an existing bucket leaves it as it is. A hash that still holds a month
      -- counter (its key had a quota until now) lives as long as the longer of the two needs:
      -- a counter of a month that has ended may have less than a minute left.
      local ttl = mmax(120000, (newest + 62) * 1000 - now)
      if month_fields > 0 then ttl = mmax(ttl, counter_ttl(book_month, now)) end
      redis.call('PEXPIRE', minute_key, int(ttl))
    end
  elseif consume and rebook and plain and not wipe then
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

/** The hot path of one request as a Lua function, shared by the single and the batch script. */
const AUTHORIZE_FUNCTION = `
-- One request: its keys; now (as clock_ms takes it); consume and live_only (booleans); the type
-- defaults D[d + 1] .. D[d + 4] (live perMinute, live perMonth, test perMinute, test perMonth;
-- '' = no quota); known, the id of the record the caller holds for this hash ('' for none); and
-- the scopes the route requires, A[from] .. A[to].
-- The type defaults as numbers, D[d + 1] .. D[d + 4]: every request of a script run has the same
-- ones, so they are converted once per run.
local parsed_defaults = nil
local function defaults_of(D, d, key_type)
  if not parsed_defaults then
    parsed_defaults = {tonumber(D[d + 1]), tonumber(D[d + 2]), tonumber(D[d + 3]), tonumber(D[d + 4])}
  end
  if key_type == 'test' then return parsed_defaults[3], parsed_defaults[4] end
  return parsed_defaults[1], parsed_defaults[2]
end

-- Reads name, last4 and createdAt into a record read without them (as 0 where absent); true when
-- any of the three is there.
local function complete(record_key, record)
  local rest = redis.call('HMGET', record_key, 'name', 'last4', 'createdAt')
  record[2], record[4], record[5] = rest[1] or 0, rest[2] or 0, rest[3] or 0
  return rest[1] or rest[2] or rest[3]
end

-- E7: the seconds until the client address whose failed authentications counter_key counts may
-- try again (as a peek of limit(): a full window), or 0. An address that never failed (no counter)
-- costs one EXISTS, once per script run: every request of a run shares now and the limit, and
-- nothing in a run changes a failure counter.
local blocked_seen = {}
local function blocked_for(counter_key, now, per_minute)
  local wait = blocked_seen[counter_key]
  if wait then return wait end
  wait = 0
  if redis.call('EXISTS', counter_key) == 1 then
    local decision = limit(counter_key, counter_key, now, per_minute, nil, false)
    if decision[1] == 0 then wait = decision[8] end
  end
  blocked_seen[counter_key] = wait
  return wait
end

-- counter_key and failure_limit (both nil when the request has no check): the failed-authentication
-- counter of the request's client address and its limit (E7), checked before the record is read.
local function authorize(record_key, minute_key, month_key, now_arg, consume_arg, live_only, D, d, known,
    counter_key, failure_limit, A, from, to)
  local now = clock_ms(now_arg)
  if counter_key and failure_limit then
    local wait = blocked_for(counter_key, now, failure_limit)
    if wait > 0 then return {8, wait} end
  end
  -- record: the reply's values of id, name, keyType, last4, createdAt, expiresAt, revokedAt,
  -- lastUsedAt, scopes, limits. An absent field is sent as the integer 0 (a string is always a
  -- bulk string): false would read as a null under RESP2 but as a boolean under RESP3.
  local record, found, partial
  local key_type, expires_at, revoked_at, last_used_at, scopes, limits
  if known ~= '' then
    -- The caller holds a record of this hash: name, last4 and createdAt never change once written
    -- (K5) and the short reply never sends them, so they are read only for a reply that sends the
    -- record whole (partial until then).
    local r = redis.call('HMGET', record_key, 'id', 'keyType', 'expiresAt', 'revokedAt', 'lastUsedAt', 'scopes', 'limits')
    key_type, expires_at, revoked_at, last_used_at, scopes, limits = r[2], r[3], r[4], r[5], r[6], r[7]
    found = r[1] or key_type or expires_at or revoked_at or last_used_at or scopes or limits
    record = {r[1] or 0, 0, key_type or 0, 0, 0, expires_at or 0, revoked_at or 0, last_used_at or 0, scopes or 0, limits or 0}
    partial = true
    if not found then
      found = complete(record_key, record)
      partial = false
    end
  else
    record = redis.call('HMGET', record_key, 'id', 'name', 'keyType', 'last4', 'createdAt',
      'expiresAt', 'revokedAt', 'lastUsedAt', 'scopes', 'limits')
    key_type, expires_at, revoked_at = record[3], record[6], record[7]
    last_used_at, scopes, limits = record[8], record[9], record[10]
    found = false
    for i = 1, 10 do
      if record[i] then found = true else record[i] = 0 end
    end
    partial = false
  end
  if not found then return {0} end

  -- K6/K7: the authoritative record decides; revocation is final, expiry is derived from the time.
  if revoked_at then
    if partial then complete(record_key, record) end
    return {1, record}
  end
  if expires_at and tonumber(expires_at) <= now then
    if partial then complete(record_key, record) end
    return {2, record}
  end

  local forbidden = 0
  if live_only and key_type == 'test' then
    forbidden = 4
  elseif from <= to and scopes then
    -- scopes is a JSON array of strings. Without a backslash in it, every string is stored as it
    -- is and every quote delimits one, so a scope name (SCOPE_PATTERN: it starts with a letter and
    -- holds no quote) is held exactly when it appears in quotes. Anything else is decoded.
    local verbatim = not string.find(scopes, '\\\\', 1, true)
    local held = nil
    for i = from, to do
      local scope = A[i]
      local has
      if verbatim and string.find(scope, '^[a-z][a-z0-9:._%-]*$') then
        has = string.find(scopes, '"' .. scope .. '"', 1, true)
      else
        if not held then
          held = {}
          for _, name in ipairs(cjson.decode(scopes)) do held[name] = true end
        end
        has = held[scope]
      end
      if not has then
        forbidden = 3
        break
      end
    end
  end

  -- L1: the key type's defaults, each field overridden by the key's own limits.
  local per_minute, per_month = defaults_of(D, d, key_type)
  if limits then
    local own = cjson.decode(limits)
    if type(own.perMinute) == 'number' then per_minute = own.perMinute end
    if type(own.perMonth) == 'number' then per_month = own.perMonth end
  end

  local consume = consume_arg and forbidden == 0
  local decision = limit(minute_key, month_key, now, per_minute, per_month, consume)
  if forbidden ~= 0 then
    if partial then complete(record_key, record) end
    return {forbidden, record, decision}
  end
  local consumed = 0
  if consume and decision[1] == 1 then
    consumed = 1
    -- L4a: lastUsedAt is written for exactly the requests that consume; it never moves backwards.
    if not last_used_at or tonumber(last_used_at) < now then
      local stamp = int(now)
      redis.call('HSET', record_key, 'lastUsedAt', stamp)
      record[8] = stamp
    end
  end
  -- The caller holds this record (same id: id, name, keyType, last4, createdAt, scopes and limits
  -- never change once written): only the fields that do change are sent back. revokedAt is unset
  -- (a revoked key never gets here).
  if known == record[1] then return {6, record[6], record[8], decision, consumed} end
  if partial then complete(record_key, record) end
  return {5, record, decision, consumed}
end
`

const AUTHORIZE_SOURCE = `-- keyward authorize: the whole hot path of one request in one step (P1, K7, L1-L6).
-- KEYS[1] the key record            HASH   <prefix>:{<hash>}:key
-- KEYS[2] the limit state           HASH   <prefix>:{<hash>}:rl (buckets, t, n, o; m, q)
-- KEYS[3] an earlier version's month counter, HASH <prefix>:{<hash>}:mo (read until moved)
-- KEYS[4] with ARGV[9]: the failed-authentication counter of the client address (E7), HASH
--         <prefix>:{id:failed-auth:<address>}:rl as the limit script writes it
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] '1' when an admitted request consumes (L4a), '0' for a peek (L5)
-- ARGV[3] '1' when the route is live-only (L6)
-- ARGV[4] live keys' perMinute   ARGV[5] live keys' perMonth ('' = no quota)
-- ARGV[6] test keys' perMinute   ARGV[7] test keys' perMonth ('' = no quota)
-- ARGV[8] the id of the record the caller holds for this hash, or ''
-- ARGV[9] the failed authentications per minute that block the address of KEYS[4], or '' (no check)
-- ARGV[10..] the scopes the route requires (L6)
-- Returns {8, retry-after} when KEYS[4] is full: the address is blocked, nothing else was read (E7)
--   | {0} unknown | {1, record} revoked | {2, record} expired
--   | {3, record, decision} forbidden: scope | {4, record, decision} forbidden: live-only
--   | {5, record, decision, consumed} ok. record: the values of id, name, keyType, last4,
--   createdAt, expiresAt, revokedAt, lastUsedAt, scopes, limits, as stored afterwards, each a
--   string, or the integer 0 where the field is absent.
--   | {6, expiresAt, lastUsedAt, decision, consumed} ok, for a record whose id is ARGV[8]: the
--   two fields that change, as in record.
` + LIMITS_LIBRARY + AUTHORIZE_FUNCTION + `
return authorize(KEYS[1], KEYS[2], KEYS[3], ARGV[1], ARGV[2] == '1', ARGV[3] == '1', ARGV, 3, ARGV[8],
  KEYS[4], tonumber(ARGV[9]), ARGV, 10, #ARGV)
`

const AUTHORIZE_BATCH_SOURCE = `-- keyward authorize batch: the requests one instance sent within one event-loop turn, in one step.
-- Each request is decided exactly as the authorize script decides it, in the order given; a request
-- whose decision fails (a Redis error) gets its error in its place and the others go on.
-- KEYS    the keys of the requests' key hashes, three per hash as the authorize script's KEYS[1..3]
--         (KEYS[3j-2..3j] for hash j), each hash once however many requests it has; after them
--         the failed-authentication counters of the requests' client addresses (E7), each once
-- ARGV[1] n, the number of requests
-- ARGV[2] now, as the authorize script's ARGV[1], and ARGV[3..6] the type defaults, as its
--         ARGV[4..7]: the same for every request of the batch
-- ARGV[7] the failed authentications per minute that block an address, or '' (as the authorize
--         script's ARGV[9]): the same for every request of the batch
-- ARGV[8..] for each run of r requests alike, in order: f, j + 32 * (r - 1) (their keys are
--         KEYS[3j-2..3j]), their known id (as the authorize script's ARGV[8]), g, the index in
--         KEYS of their address's counter (0: no check), then their scopes:
--         f = 4 * (the number of scopes) + 2 * (live-only route, as ARGV[3]) + (consumes, as
--         ARGV[2]). Each request of a run is decided on its own, as if it were sent alone.
-- Returns an array of n replies, each what the authorize script returns, or an error reply, or
-- 7 for a request decided from the hot key: admitted and counted as the last admitted request
-- before it was (requests from a blocked address, {8, wait}, may stand between them), with one
-- less remaining in the minute window and, with a quota, in the month.
` + LIMITS_LIBRARY + AUTHORIZE_FUNCTION + `
carry_wanted = true
local n = tonumber(ARGV[1])
local failure_limit = tonumber(ARGV[7])
local replies = {}
local at = 8
-- The hot key: the last request, when it was admitted on the usual path (carry_field), while the
-- requests after it are of the same key and route and hold the same record id. Each of those is
-- decided from what the one before it left: the same record (nothing can change it within the
-- run), the same policy and clock, and the counts in carry_*. What they count is written once
-- (settle), before any other request reads the hashes and at the end. A request over a limit, a
-- peek, another route or another key goes the whole way. The hot request is kept as where its
-- keys and arguments start (hot_k, -1 when there is none) and its reply; the rest is read from
-- those only when needed.
local hot_k, hot_at, hot_reply, hot_decision = -1, 0, nil, nil
-- The requests decided from the hot key since its counts were last written, by index.
local covered, ncovered = {}, 0

-- Writes what the requests decided from the hot key counted. If Redis refuses the write, those
-- requests get its error: nothing was counted for them.
local function settle()
  local minute_key = KEYS[hot_k + 2]
  local ok, err
  if carry_month then
    ok, err = pcall(redis.call, 'HSET', minute_key, carry_field, int(carry_count), 't', int(carry_total),
      'm', carry_month, 'q', int(carry_month_count))
  else
    ok, err = pcall(redis.call, 'HSET', minute_key, carry_field, int(carry_count), 't', int(carry_total))
  end
  if not ok then
    if type(err) ~= 'table' or not err.err then err = {err = tostring(err)} end
    for j = 1, ncovered do replies[covered[j]] = err end
    hot_k = -1
  end
  ncovered = 0
end

-- Request i, of the hot key, its flags and arguments at ARGV[at ..] (c scopes): its reply (7, see
-- above), or nil when its route or held id differ from the hot request's, or it is over a limit
-- (the whole path then decides it). A request from another address than the hot request's (g)
-- is first checked against its own failure counter (E7), as the whole path would: when it is
-- blocked its reply is {8, wait} and nothing is counted for it. The hot request's own address
-- passed that check, and nothing in this script run changes a failure counter.
local function from_hot(i, at, c)
  if ARGV[hot_at] ~= ARGV[at] or ARGV[hot_at + 2] ~= ARGV[at + 2] then return nil end
  for j = 4, c + 3 do
    if ARGV[hot_at + j] ~= ARGV[at + j] then return nil end
  end
  local g = ARGV[at + 3]
  if g ~= '0' and g ~= ARGV[hot_at + 3] then
    local ok, wait = pcall(blocked_for, KEYS[tonumber(g)], clock_ms(ARGV[2]), failure_limit)
    -- A counter Redis cannot read: the whole path decides the request, and fails it alone.
    if not ok then return nil end
    if wait > 0 then return {8, wait} end
  end
  local d = hot_decision
  if d == nil then
    d = hot_reply[1] == 6 and hot_reply[4] or hot_reply[3]
    hot_decision = d
  end
  local per_minute, month_limit = d[2], d[5]
  if carry_total >= per_minute or (month_limit >= 0 and carry_month_count >= month_limit) then return nil end
  carry_count, carry_total = carry_count + 1, carry_total + 1
  if month_limit >= 0 then carry_month_count = carry_month_count + 1 end
  -- The reply is 7: the previous request's, counted once more (the window's oldest bucket and
  -- the month are the previous request's: its resets hold; each remaining is one less).
  ncovered = ncovered + 1
  covered[ncovered] = i
  return 7
end

local i = 0
while i < n do
  local f = tonumber(ARGV[at])
  local c = mfloor(f / 4)
  local jr = tonumber(ARGV[at + 1])
  local k = 3 * (jr % 32 - 1)
  for _ = 0, mfloor(jr / 32) do
    i = i + 1
    local reply = nil
    if hot_k == k then reply = from_hot(i, at, c) end
    if reply then
      replies[i] = reply
    else
      if ncovered > 0 then settle() end
      hot_k = -1
      carry_field = nil
      local ok, whole = pcall(authorize, KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], ARGV[2], f % 2 == 1, f % 4 >= 2,
        ARGV, 2, ARGV[at + 2], KEYS[tonumber(ARGV[at + 3])], failure_limit, ARGV, at + 4, at + c + 3)
      if ok then
        replies[i] = whole
        -- carry_field is only left by an admitted, consuming request: a reply {6, …} or {5, …}.
        if carry_field then
          hot_k, hot_at, hot_reply, hot_decision = k, at, whole, nil
        end
      elseif type(whole) == 'table' and whole.err then
        replies[i] = whole
      else
        replies[i] = {err = tostring(whole)}
      end
    end
  end
  at = at + c + 4
end
if ncovered > 0 then settle() end
return replies
`

const LIMIT_SOURCE = `-- keyward limit: one rate-limit decision for RateLimiter.consume / peek (L2, L4).
-- KEYS[1] the limit state      HASH   <prefix>:{<tag>}:rl (buckets, t, n, o; m, q)
-- KEYS[2] an earlier version's month counter, HASH <prefix>:{<tag>}:mo (read until moved)
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] '1' to consume on allow, '0' to peek
-- ARGV[3] perMinute
-- ARGV[4] perMonth ('' = no quota)
-- Returns the decision array of limit().
` + LIMITS_LIBRARY + `
return limit(KEYS[1], KEYS[2], clock_ms(ARGV[1]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[2] == '1')
`

const RECORD_SOURCE = `-- keyward record: the management operations on one key record (K5, K6).
-- KEYS[1] the key record   HASH   <prefix>:{<hash>}:key
-- ARGV[1] the operation:
--   'get'                          returns the record
--   'insert', field, value, ...    creates the record unless it exists; returns 1, or 0 when it exists
--   'revoke', at                   sets revokedAt unless set (K6: final, the first time stays)
--   'shorten', expiresAt           expiresAt = min(expiresAt, current); no expiry counts as infinite
--   'touch', at                    lastUsedAt = at unless that moves it backwards
-- Every operation but insert returns the record as stored afterwards (HGETALL pairs; {} when absent).
local op = ARGV[1]
if op == 'insert' then
  if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
  redis.call('HSET', KEYS[1], unpack(ARGV, 2))
  return 1
end
if redis.call('EXISTS', KEYS[1]) == 0 then return {} end
if op == 'revoke' then
  redis.call('HSETNX', KEYS[1], 'revokedAt', ARGV[2])
elseif op == 'shorten' then
  local current = tonumber(redis.call('HGET', KEYS[1], 'expiresAt'))
  if not current or tonumber(ARGV[2]) < current then redis.call('HSET', KEYS[1], 'expiresAt', ARGV[2]) end
elseif op == 'touch' then
  local current = tonumber(redis.call('HGET', KEYS[1], 'lastUsedAt'))
  if not current or tonumber(ARGV[2]) > current then redis.call('HSET', KEYS[1], 'lastUsedAt', ARGV[2]) end
elseif op ~= 'get' then
  return redis.error_reply('keyward record: unknown operation ' .. tostring(op))
end
return redis.call('HGETALL', KEYS[1])
`

const USAGE_SOURCE = `-- keyward usage: appends a batch of usage entries to capped lists (E5).
-- KEYS[1]      the list every entry goes to: <prefix>:usage, or one key's <prefix>:usage:<keyId>
-- KEYS[2..m]   per-key lists: <prefix>:usage:<keyId>
-- ARGV[1..m]   the cap (most entries kept) of each KEYS[i]
-- ARGV[m+1]    the list number i of each entry, comma-separated: the entry also goes onto KEYS[i]
--              when i > 1. '' when every entry goes onto KEYS[2] (m = 2) or KEYS[1] alone (m = 1).
-- ARGV[m+2]    the entries (JSON, which holds no raw newline), oldest first, '\\n' between them;
--              LPUSH leaves each list newest first
-- Returns the number of entries pushed (one per list an entry went to).
-- Each list gets its entries in one LPUSH (LPUSH a b c leaves c at the head, as three LPUSHes
-- would), at most PUSH_MAX values a call: unpack() is bounded by the Lua stack.
local PUSH_MAX = 1000
local m = #KEYS
local payload = ARGV[m + 2]
local size = #payload
local entries, n, at = {}, 0, 1
while at <= size do
  local line_end = string.find(payload, '\\n', at, true) or (size + 1)
  n = n + 1
  entries[n] = string.sub(payload, at, line_end - 1)
  at = line_end + 1
end
local lists = {entries}
local numbers = ARGV[m + 1]
if numbers == '' then
  if m > 2 then return redis.error_reply('ERR keyward usage: no list numbers for ' .. m .. ' lists') end
  lists[2] = m == 2 and entries or nil
else
  for i = 2, m do lists[i] = {} end
  local i = 0
  for number in string.gmatch(numbers, '%d+') do
    i = i + 1
    if number ~= '1' then
      local list = lists[tonumber(number)]
      if not list or i > n then return redis.error_reply('ERR keyward usage: an entry for no list') end
      list[#list + 1] = entries[i]
    end
  end
  if i ~= n then return redis.error_reply('ERR keyward usage: ' .. i .. ' list numbers for ' .. n .. ' entries') end
end
local pushed = 0
for i = 1, m do
  local list = lists[i]
  local count = #list
  for from = 1, count, PUSH_MAX do
    redis.call('LPUSH', KEYS[i], unpack(list, from, math.min(count, from + PUSH_MAX - 1)))
  end
  pushed = pushed + count
  redis.call('LTRIM', KEYS[i], 0, tonumber(ARGV[i]) - 1)
end
return pushed
`

/** The hot path: lookup, status, route checks, limits and lastUsedAt in one step (P1). */
export const AUTHORIZE_SCRIPT: LuaScript = {
  name: 'authorize',
  source: AUTHORIZE_SOURCE,
  sha: 'f933bbd5a4ebb3da3538418e371bde08f7ecb937',
}

/**
 * The authorize calls of one event-loop turn in one step: one round trip for all of them
 * (`src/redis/authorize.ts` sends it on a single Redis node; a cluster gets one call per request).
 */
export const AUTHORIZE_BATCH_SCRIPT: LuaScript = {
  name: 'authorize-batch',
  source: AUTHORIZE_BATCH_SOURCE,
  sha: '085e011970b1359d463dbef0ce6dd49756c27914',
}

/** `RateLimiter.consume` and `peek` on their own. */
export const LIMIT_SCRIPT: LuaScript = {
  name: 'limit',
  source: LIMIT_SOURCE,
  sha: 'ea8ae12190f5c7078af651720217a57bb4e2b468',
}

/** KeyStore operations on one record. */
export const RECORD_SCRIPT: LuaScript = {
  name: 'record',
  source: RECORD_SOURCE,
  sha: '630abae7394ed7d2ec4150296c3e7a6345114f8e',
}

/** One batched usage flush. */
export const USAGE_SCRIPT: LuaScript = {
  name: 'usage',
  source: USAGE_SOURCE,
  sha: '1fc2e7e309ec929a005c899cb77d8a7fd0796760',
}

/** Every script, for tests and for preloading. */
export const SCRIPTS: readonly LuaScript[] = [AUTHORIZE_SCRIPT, AUTHORIZE_BATCH_SCRIPT, LIMIT_SCRIPT, RECORD_SCRIPT, USAGE_SCRIPT]
