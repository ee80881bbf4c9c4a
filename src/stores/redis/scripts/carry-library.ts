/**
 * The Lua of the authorize batch script's write-back carry (P1, M4): what an admitted request
 * counted, kept in Lua tables so that the next requests of the same key in the same script run are
 * decided from it with no command, and written once. Within one script run nothing else reads or
 * writes Redis, so deciding from the carry and writing at the end is exact.
 */

/**
 * The part every script that holds `limit()` has (before it): the carry is nil there unless the
 * authorize batch script asks for it.
 */
export const CARRY_STATE = `
-- The counts the request being decided left, each as a counter the batch script can decide the
-- next request from and write back: {kind = 'w' (a limit() window), 'r' (a named rolling window),
-- 'm' (a named month) or 'c' (credits), key = the hash, and its fields}. broken = true when the
-- request counted something no counter describes (it then leaves no carry). nil: not asked for.
local carry = nil

-- limit()'s count into bucket field of key, which now holds bucket units in it, t in the window
-- and with a quota month m with q in it: a counter only while that bucket is the newest (so t, n
-- and o stay as they are).
local function keep_window(key, newest, field, bucket, t, limit, m, q, mlimit)
  if not newest then carry.broken = true return end
  carry[#carry + 1] = {kind = 'w', key = key, field = field, bucket = bucket, t = t, limit = limit, m = m, q = q,
    mlimit = mlimit}
end
`

/** The batch script's part: deciding from the carry and writing it back (after the meter library). */
export const CARRY_WRITES = `
-- The units every counter of the carry still admits, each limit as the whole path checks it: a
-- later request of cost units is admitted exactly when they are at most this. Each request decided
-- from the carry counts the same units in every counter, so this one number decides them all.
local function carry_room(counters)
  local room = math.huge
  for j = 1, #counters do
    local c = counters[j]
    if c.kind == 'c' then
      room = mmin(room, c.left)
    else
      room = mmin(room, c.limit - c.t)
      if c.kind == 'w' and c.mlimit then room = mmin(room, c.mlimit - c.q) end
    end
  end
  return room
end

-- One counter's fields as the whole path writes them after added more units; what the meter
-- library holds of it follows.
local function carry_write(c, added)
  if c.kind == 'c' then return redis.call('HSET', c.key, 'r', int(c.left - added), 'p', int(c.p), 's', int(c.s)) end
  local t = c.t + added
  if c.kind == 'w' then
    if c.m then return redis.call('HSET', c.key, c.field, int(c.bucket + added), 't', int(t), 'm', c.m, 'q', int(c.q + added)) end
    return redis.call('HSET', c.key, c.field, int(c.bucket + added), 't', int(t))
  elseif c.kind == 'm' then
    redis.call('HSET', c.key, 'p', int(c.p), 'q', int(t))
    meter_held[c.key] = {c.p, t}
  else
    redis.call('HSET', c.key, c.field, int(c.units + added), 't', int(t))
    meter_held[c.key] = {t, c.n, c.o, c.units + added, k = c.k}
  end
end

-- Writes every counter with added more units: pcall's ok and error. After an error what the meter
-- library holds of them is dropped, so the next request reads what Redis holds.
local function carry_settle(counters, added)
  for i = 1, #counters do
    local ok, err = pcall(carry_write, counters[i], added)
    if not ok then
      for j = i, #counters do meter_held[counters[j].key] = nil end
      return false, err
    end
  end
  return true
end
`
