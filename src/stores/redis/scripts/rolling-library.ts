/**
 * The Lua of a named limit's rolling window (M1): its view at a time, read from the bookkeeping
 * fields in O(1) commands on the common path, as `src/stores/memory/meter.ts` computes it. Part of
 * the meter library (`meter-library.ts`), which describes the hash.
 */
export const ROLLING_LIBRARY = `
-- What this script run last read or wrote of each limit state: rolling {t, n, o, units of bucket k,
-- k = k}, month {p, q}. Every write of a state in a run goes through count_into, which keeps it
-- exact, so the requests of a batch after the first read nothing of a state they share.
local meter_held = {}

-- Past this many buckets between the oldest held and the window's floor, the window is read whole:
-- a sparsely used key's few buckets are cheaper to read at once than the empty ones between them.
local METER_WALK = 8

-- Every bucket of key as numbers, and its bookkeeping recomputed from them (the rare paths).
local function all_buckets(key)
  local flat = redis.call('HGETALL', key)
  local buckets, total, newest, oldest = {}, 0, nil, nil
  for i = 1, #flat, 2 do
    local b = tonumber(flat[i])
    if b then
      local units = tonumber(flat[i + 1])
      buckets[b] = units
      total = total + units
      if not newest or b > newest then newest = b end
      if not oldest or b < oldest then oldest = b end
    end
  end
  return buckets, total, newest, oldest
end

-- The window's count and its oldest bucket from the whole hash: buckets before floor are stale.
local function scan_rolling(key, floor)
  local buckets = all_buckets(key)
  local count, first, stale = 0, nil, {}
  for b, units in pairs(buckets) do
    if b < floor then
      stale[#stale + 1] = int(b)
    else
      count = count + units
      if not first or b < first then first = b end
    end
  end
  return count, first, stale
end

-- The buckets from oldest up to floor have left the window unless held at floor or later: one
-- HMGET reads oldest .. floor + METER_WALK, subtracts the stale ones from total and finds the
-- oldest bucket still counted. nil when none is found within reach (the caller reads it whole).
local function walk_rolling(key, oldest, floor, newest, total)
  local fields = {}
  for b = oldest, mmin(newest, floor + METER_WALK) do fields[#fields + 1] = int(b) end
  local held = redis.call('HMGET', key, unpack(fields))
  local count, stale = total, {}
  for i = 1, #held do
    local units = tonumber(held[i])
    if units then
      local b = oldest + i - 1
      if b >= floor then return count, b, stale end
      stale[#stale + 1] = fields[i]
      count = count - units
    end
  end
  return nil
end

-- A rolling window at now: its count, reset (epoch s), the bucket an admitted request counts in
-- and the units it holds, the oldest counted bucket, the newest held, the fields that have left
-- it, and whether a count must move the hash's expiry (its newest bucket would change). The window
-- reaches back from the later of k and the newest bucket: a clock stepped back keeps counting the
-- newest buckets, refusing more, never admitting more.
local function rolling_view(key, now, B, span)
  local k = mfloor(now / (B * 1000))
  local held = meter_held[key]
  if not held or held.k ~= k then
    held = redis.call('HMGET', key, 't', 'n', 'o', int(k))
    held.k = k
    meter_held[key] = held
  end
  local total, newest, oldest = tonumber(held[1]), tonumber(held[2]), tonumber(held[3])
  local view = {count = 0, reset = mceil(now / 1000), target = k, k = k, newest = k, stale = {}, units = 0, expires = true}
  if not newest then return view end
  local top = mmax(k, newest)
  local floor = top - span
  view.newest, view.expires, view.units = newest, k > newest, tonumber(held[4]) or 0
  if newest - span > k then
    view.target = newest - span
    view.units = tonumber(redis.call('HGET', key, int(view.target))) or 0
  end
  local count, first, stale = total, oldest, {}
  if newest < floor then
    count, first, view.clear = 0, nil, true
  elseif oldest < floor then
    count = nil
    if floor - oldest <= METER_WALK then count, first, stale = walk_rolling(key, oldest, floor, newest, total) end
    if count == nil then count, first, stale = scan_rolling(key, floor) end
  end
  view.count, view.first, view.stale = count, first, stale
  if first then view.reset = (first + span + 1) * B end
  return view
end

-- The counted buckets of a rolling window oldest first, and their units, for the wait of a refusal.
local function counted_buckets(key, view)
  local buckets = all_buckets(key)
  local counted = {}
  if view.first then
    for b in pairs(buckets) do
      if b >= view.first then counted[#counted + 1] = b end
    end
  end
  table.sort(counted)
  return counted, buckets
end
`
