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
-- An integer as Redis wants it in an argument: never in exponent notation.
local function int(n)
  return string.format('%.0f', n)
end

-- Epoch milliseconds: the caller's value, or Redis's own clock when the caller sent ''.
-- One clock for every instance, so app-server skew cannot widen a window (L2).
local function clock_ms(arg)
  if arg == '' then
    local t = redis.call('TIME')
    return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  end
  return tonumber(arg)
end

-- The UTC month of a day (days since 1970-01-01) as year * 12 + month0, as utcMonthIndex().
-- Howard Hinnant's civil_from_days: the Lua sandbox has no os.date.
local function month_index_of_day(day)
  local z = day + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local month = mp < 10 and mp + 3 or mp - 9
  local year = yoe + era * 400
  if month <= 2 then year = year + 1 end
  return year * 12 + month - 1
end

-- Epoch seconds of 00:00 UTC on the 1st of month year * 12 + month0 (days_from_civil).
local function month_start_seconds(index)
  local year = math.floor(index / 12)
  local month = index - year * 12 + 1
  if month <= 2 then year = year - 1 end
  local era = math.floor(year / 400)
  local yoe = year - era * 400
  local mp = month > 2 and month - 3 or month + 9
  local doy = math.floor((153 * mp + 2) / 5)
  local doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy
  return (era * 146097 + doe - 719468) * 86400
end

-- The seconds and counts of the buckets in the window (second >= floor, count > 0), oldest first,
-- for the retry-after walk of a rejection: the only path that needs them in order.
local function sorted_window(flat, floor)
  local window, counts = {}, {}
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    local count = tonumber(flat[i + 1])
    if second >= floor and count > 0 then
      if not counts[second] then window[#window + 1] = second end
      counts[second] = (counts[second] or 0) + count
    end
  end
  table.sort(window)
  return window, counts
end

-- One decision over both limits (L2, L4), as the memory limiter decides it.
-- minute_key: HASH second -> count (1-second buckets); month_key: HASH m = month index, n = count.
-- per_month nil: no quota, no month state. consume: on allow, count the request; on reject count
-- nothing (only buckets already outside the window are trimmed). A peek writes nothing.
local function limit(minute_key, month_key, now, per_minute, per_month, consume)
  local s = math.floor(now / 1000)
  local flat = redis.call('HGETALL', minute_key)
  -- The window reaches back 60 s from the later of s and the newest bucket: a clock that steps
  -- back (or a caller whose clock runs behind) keeps counting the newest buckets, rejecting more.
  -- One pass assumes the usual floor s - 60; a bucket newer than s (rare) makes a second pass.
  local floor = s - 60
  local newest, oldest, lowest = nil, nil, nil
  local minute_count = 0
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    if not newest or second > newest then newest = second end
    if not lowest or second < lowest then lowest = second end
    if second >= floor then
      local count = tonumber(flat[i + 1])
      if count > 0 then
        minute_count = minute_count + count
        if not oldest or second < oldest then oldest = second end
      end
    end
  end
  if newest and newest > s then
    floor = newest - 60
    oldest = nil
    minute_count = 0
    for i = 1, #flat, 2 do
      local second = tonumber(flat[i])
      if second >= floor then
        local count = tonumber(flat[i + 1])
        if count > 0 then
          minute_count = minute_count + count
          if not oldest or second < oldest then oldest = second end
        end
      end
    end
  end

  local current_month = month_index_of_day(math.floor(s / 86400))
  local month_index = current_month
  local month_count = 0
  local month_stored = false
  if per_month then
    local state = redis.call('HMGET', month_key, 'm', 'n')
    local stored = tonumber(state[1])
    -- A counter of a later month than now (a clock stepped back across the 1st) keeps counting.
    if stored and stored >= current_month then
      month_index = stored
      month_count = tonumber(state[2])
      month_stored = true
    end
  end
  local month_reset = month_start_seconds(month_index + 1)

  -- A consume trims the buckets that left the window, admitted or not (as the memory limiter
  -- prunes): a key's minute state stays at most 61 fields. A peek writes nothing.
  if consume and lowest and lowest < floor then
    local stale = {}
    for i = 1, #flat, 2 do
      if tonumber(flat[i]) < floor then stale[#stale + 1] = flat[i] end
    end
    if #stale > 0 then redis.call('HDEL', minute_key, unpack(stale)) end
  end
  local allowed = minute_count < per_minute and (not per_month or month_count < per_month)
  if allowed and consume then
    -- The request's bucket: s, or for an earlier-stamped request the oldest bucket still in the
    -- window, so the window never spans more than 61 seconds.
    local bucket = s
    if newest and newest > s then bucket = math.max(s, newest - 60) end
    local created = redis.call('HINCRBY', minute_key, int(bucket), 1) == 1
    if not newest or bucket > newest then newest = bucket end
    -- The newest bucket counts until second newest + 61; the TTL only cleans up idle keys. It is
    -- set whenever a bucket is created, so it always reaches past second (newest + 62): a request
    -- into an existing bucket leaves it as it is.
    if created then redis.call('PEXPIRE', minute_key, int(math.max(120000, (newest + 62) * 1000 - now))) end
    if not oldest or bucket < oldest then oldest = bucket end
    minute_count = minute_count + 1
    if per_month then
      month_count = month_count + 1
      redis.call('HSET', month_key, 'm', int(month_index), 'n', int(month_count))
      -- The counter must outlive its month, or an idle key would get its quota back: one day past.
      -- A counter of this month already has that TTL.
      if not month_stored then redis.call('PEXPIRE', month_key, int(month_reset * 1000 - now + 86400000)) end
    end
  end

  local minute_reset = math.ceil(now / 1000)
  if oldest then minute_reset = oldest + 61 end
  local month_limit, month_remaining = -1, 0
  if per_month then
    month_limit = per_month
    month_remaining = math.max(0, per_month - month_count)
  end
  local minute_remaining = math.max(0, per_minute - minute_count)
  if allowed then
    return {1, per_minute, minute_remaining, minute_reset, month_limit, month_remaining, month_reset, 0, 0}
  end

  local month_exhausted = per_month and month_count >= per_month
  local month_wait, minute_wait = 0, 0
  if month_exhausted then month_wait = math.max(1, math.ceil((month_reset * 1000 - now) / 1000)) end
  if minute_count >= per_minute then
    -- Walk the buckets oldest first until what is left is below the limit (minuteRetryAfter).
    local window, counts = sorted_window(flat, floor)
    local left = minute_count
    local expires = s + 1
    for _, second in ipairs(window) do
      left = left - counts[second]
      expires = second + 61
      if left < per_minute then break end
    end
    minute_wait = math.max(1, expires - s)
  end
  local binding = 1
  if month_exhausted then binding = 2 end
  return {0, per_minute, minute_remaining, minute_reset, month_limit, month_remaining, month_reset,
    math.max(month_wait, minute_wait), binding}
end
`

const AUTHORIZE_SOURCE = `-- keyward authorize: the whole hot path of one request in one step (P1, K7, L1-L6).
-- KEYS[1] the key record            HASH   <prefix>:{<hash>}:key
-- KEYS[2] the minute buckets        HASH   <prefix>:{<hash>}:rl
-- KEYS[3] the month counter         HASH   <prefix>:{<hash>}:mo
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] '1' when an admitted request consumes (L4a), '0' for a peek (L5)
-- ARGV[3] '1' when the route is live-only (L6)
-- ARGV[4] live keys' perMinute   ARGV[5] live keys' perMonth ('' = no quota)
-- ARGV[6] test keys' perMinute   ARGV[7] test keys' perMonth ('' = no quota)
-- ARGV[8..] the scopes the route requires (L6)
-- Returns {0} unknown | {1, record} revoked | {2, record} expired
--   | {3, record, decision} forbidden: scope | {4, record, decision} forbidden: live-only
--   | {5, record, decision, consumed} ok. record: the values of id, name, keyType, last4,
--   createdAt, expiresAt, revokedAt, lastUsedAt, scopes, limits, as stored afterwards, each a
--   string, or the integer 0 where the field is absent.
` + LIMITS_LIBRARY + `
local now = clock_ms(ARGV[1])
local record = redis.call('HMGET', KEYS[1], 'id', 'name', 'keyType', 'last4', 'createdAt',
  'expiresAt', 'revokedAt', 'lastUsedAt', 'scopes', 'limits')
local key_type, expires_at, revoked_at = record[3], record[6], record[7]
local last_used_at, scopes, limits = record[8], record[9], record[10]
-- An absent field is sent as the integer 0 (a string is always a bulk string): false would read
-- as a null under RESP2 but as a boolean under RESP3.
local found = false
for i = 1, 10 do
  if record[i] then found = true else record[i] = 0 end
end
if not found then return {0} end

-- K6/K7: the authoritative record decides; revocation is final, expiry is derived from the time.
if revoked_at then return {1, record} end
if expires_at and tonumber(expires_at) <= now then return {2, record} end

local forbidden = 0
if ARGV[3] == '1' and key_type == 'test' then
  forbidden = 4
elseif #ARGV >= 8 and scopes then
  local held = {}
  for _, scope in ipairs(cjson.decode(scopes)) do held[scope] = true end
  for i = 8, #ARGV do
    if not held[ARGV[i]] then
      forbidden = 3
      break
    end
  end
end

-- L1: the key type's defaults, each field overridden by the key's own limits.
local per_minute, per_month = tonumber(ARGV[4]), tonumber(ARGV[5])
if key_type == 'test' then per_minute, per_month = tonumber(ARGV[6]), tonumber(ARGV[7]) end
if limits then
  local own = cjson.decode(limits)
  if type(own.perMinute) == 'number' then per_minute = own.perMinute end
  if type(own.perMonth) == 'number' then per_month = own.perMonth end
end

local consume = ARGV[2] == '1' and forbidden == 0
local decision = limit(KEYS[2], KEYS[3], now, per_minute, per_month, consume)
if forbidden ~= 0 then return {forbidden, record, decision} end
if not (consume and decision[1] == 1) then return {5, record, decision, 0} end

-- L4a: lastUsedAt is written for exactly the requests that consume; it never moves backwards.
if not last_used_at or tonumber(last_used_at) < now then
  local stamp = int(now)
  redis.call('HSET', KEYS[1], 'lastUsedAt', stamp)
  record[8] = stamp
end
return {5, record, decision, 1}
`

const LIMIT_SOURCE = `-- keyward limit: one rate-limit decision for RateLimiter.consume / peek (L2, L4).
-- KEYS[1] the minute buckets   HASH   <prefix>:{<tag>}:rl
-- KEYS[2] the month counter    HASH   <prefix>:{<tag>}:mo
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
-- ARGV[m+1..]  pairs (i, entry): LPUSH entry (JSON) onto KEYS[1] and, when i > 1, onto KEYS[i];
--              entries come oldest first, so each list reads newest first
-- Returns the number of entries pushed (one per list an entry went to).
local m = #KEYS
local all = KEYS[1]
local pushed = 0
for j = m + 1, #ARGV, 2 do
  local entry = ARGV[j + 1]
  redis.call('LPUSH', all, entry)
  pushed = pushed + 1
  if ARGV[j] ~= '1' then
    redis.call('LPUSH', KEYS[tonumber(ARGV[j])], entry)
    pushed = pushed + 1
  end
end
for i = 1, m do redis.call('LTRIM', KEYS[i], 0, tonumber(ARGV[i]) - 1) end
return pushed
`

/** The hot path: lookup, status, route checks, limits and lastUsedAt in one step (P1). */
export const AUTHORIZE_SCRIPT: LuaScript = {
  name: 'authorize',
  source: AUTHORIZE_SOURCE,
  sha: '4d64ff2516ebb5f5efbf9f3d83aff88e08d2e7d2',
}

/** `RateLimiter.consume` and `peek` on their own. */
export const LIMIT_SCRIPT: LuaScript = {
  name: 'limit',
  source: LIMIT_SOURCE,
  sha: '1925a04a3b6474ed9d770431ba37be3b718fb0bf',
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
  sha: '8fe95dd2eaa40af0b51def067cfda38c34640a37',
}

/** Every script, for tests and for preloading. */
export const SCRIPTS: readonly LuaScript[] = [AUTHORIZE_SCRIPT, LIMIT_SCRIPT, RECORD_SCRIPT, USAGE_SCRIPT]
