/**
 * The Lua of a key's named limits in the authorize scripts (M1, O7): the key's list, beside its
 * owner's windows or named limits, metered by the meter library's `meter()`.
 */
import { UNLIMITED_PER_MINUTE } from '../../../core/limits-math.js'

export const NAMED_DECISION = `
-- An owner's limits as the script is given them (ARGV): its named limits, a JSON array, as the
-- string; else its perMinute or perMonth as a number (nil: none).
local function owner_limit_arg(arg)
  if string.byte(arg, 1) == 91 then return arg end
  return tonumber(arg)
end

-- A key's per-minute limit and quota as the named limits they stand for (key-limits.ts
-- policyAsList): 'minute' over 60 s unless unlimited, and the calendar 'month' with a quota.
local policy_lists = {}
local function policy_list(per_minute, per_month)
  local id = per_minute .. ':' .. (per_month or '')
  if policy_lists[id] then return policy_lists[id] end
  local list = {}
  if per_minute < ${UNLIMITED_PER_MINUTE} then list[#list + 1] = {name = 'minute', limit = per_minute, window = 60000} end
  if per_month then list[#list + 1] = {name = 'month', limit = per_month, window = 'month'} end
  policy_lists[id] = list
  return list
end

-- The keys and specs of a list of named limits (decoded JSON, as key-limits.ts stores them) whose
-- states are named after base (a limit state, its :rl key), appended to keys and specs.
local function add_limits(keys, specs, base, list)
  for _, l in ipairs(list) do
    local w = l.window
    if type(w) == 'number' then
      local B = mmax(1, mceil(w / 60000))
      local span = mceil(w / (B * 1000))
      keys[#keys + 1] = base .. ':' .. l.name .. ':r' .. int(B) .. '.' .. int(span)
      specs[#specs + 1] = {kind = 'r', limit = l.limit, a = B, b = span}
    else
      local day = 1
      if type(w) == 'table' then day = w.month.day end
      keys[#keys + 1] = base .. ':' .. l.name .. ':m' .. int(day)
      specs[#specs + 1] = {kind = 'm', limit = l.limit, a = day, b = 0}
    end
  end
end

-- The keys and specs of a key's list beside its limit state, and of its owner's named limits
-- beside the owner's counter, built once per script run: the requests of a batch share them.
local built_limits = {}
local function limits_of(minute_key, list, owner_key, owner_list)
  local id = minute_key .. (owner_key or '')
  local built = built_limits[id]
  if built and built.list == list and built.owner_list == owner_list then return built.keys, built.specs end
  local keys, specs = {}, {}
  add_limits(keys, specs, minute_key, list)
  if owner_key then add_limits(keys, specs, owner_key, owner_list) end
  built_limits[id] = {list = list, owner_list = owner_list, keys = keys, specs = specs}
  return keys, specs
end

-- A key's named limits (M1) in the authorize script: list (decoded) metered beside its limit state
-- minute_key with a cost (M2). With owner_key, its owner's limits (O7): with owner_list, its named
-- limits, metered with the key's all or nothing (M4); else its counter (the one its keys on
-- per-minute limits count in too), peeked first, the key counted only when the owner admits, and
-- the owner only when the key was.
-- Returns {allowed (1/0, every limit metered here), the number of limits metered, then meter()'s 7
-- integers per limit (the key's, then the owner's named ones)}, and the owner counter's decision
-- (limit()'s array) or nil.
local function named_decision(minute_key, list, now, consume, cost, owner_key, owner_minute, owner_month, owner_list)
  local keys, specs = limits_of(minute_key, list, owner_list and owner_key, owner_list)
  local owner_decision = nil
  local mode = 'p'
  if consume then mode = 'm' end
  if owner_key and not owner_list then
    owner_decision = limit(owner_key, now, owner_minute, owner_month, false, cost)
    if owner_decision[1] == 0 then mode = 'p' end
  end
  local reply = meter(keys, now, mode, cost, specs)
  local allowed = 1
  for i = 4, #reply, 7 do
    if reply[i] == 1 then allowed = 0 end
  end
  if owner_decision and mode == 'm' and allowed == 1 then
    owner_decision = limit(owner_key, now, owner_minute, owner_month, true, cost, owner_decision.book)
  end
  local decision = {allowed, #keys}
  for i = 1, #reply do decision[2 + i] = reply[i] end
  return decision, owner_decision
end
`
