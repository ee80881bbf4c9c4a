import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward usage: appends a batch of usage entries to capped lists, each entry once per list (E5, O8, C2).
-- KEYS[1..m]    the lists: KEYS[1] the one every entry goes to (<prefix>:usage, or the one list of a
--                call on a cluster), the others the lists of some entries: of a key,
--                <prefix>:usage:<keyId>, and of an owner, <prefix>:usage-owner:<ownerId>
-- KEYS[m+i]      the request ids held by list KEYS[i] (a SET, in its slot): an entry whose request id
--                the list holds already is not pushed again, so a batch written again after a
--                timeout adds nothing
-- ARGV[1..m]     the cap (most entries kept) of each KEYS[i]
-- ARGV[m+1]      for each entry, comma-separated, the numbers i > 1 of the lists KEYS[i] it also
--                goes onto, joined by '.' (as '2.5'), or '1' for none. '' when every entry goes onto
--                every list.
-- ARGV[m+2]      the entries (JSON, which holds no raw newline), oldest first, '\\n' between them;
--                LPUSH leaves each list newest first
-- ARGV[m+3]      each entry's request id as its JSON writes it (between the quotes), '\\n' between them
-- Returns the number of entries pushed (one per list an entry went to).
-- Each list gets its entries in one LPUSH (LPUSH a b c leaves c at the head, as three LPUSHes
-- would), at most PUSH_MAX values a call: unpack() is bounded by the Lua stack.
local PUSH_MAX = 1000
local m = #KEYS / 2
local function lines(payload)
  local found, n, at, size = {}, 0, 1, #payload
  while at <= size do
    local line_end = string.find(payload, '\\n', at, true) or (size + 1)
    n = n + 1
    found[n] = string.sub(payload, at, line_end - 1)
    at = line_end + 1
  end
  return found, n
end
-- The request id of an entry a list holds, as its JSON writes it: up to the first unescaped quote.
local function request_id_of(entry)
  local from = string.find(entry, '"requestId":"', 1, true)
  if not from then return nil end
  local first, at = from + 13, from + 13
  while true do
    local quote = string.find(entry, '"', at, true)
    if not quote then return nil end
    local slashes = 0
    while string.byte(entry, quote - 1 - slashes) == 92 do slashes = slashes + 1 end
    if slashes % 2 == 0 then return string.sub(entry, first, quote - 1) end
    at = quote + 1
  end
end
local entries, n = lines(ARGV[m + 2])
local ids, id_count = lines(ARGV[m + 3])
if id_count ~= n then return redis.error_reply('ERR keyward usage: ' .. id_count .. ' request ids for ' .. n .. ' entries') end
-- lists[i]: the numbers of the entries that go onto KEYS[i], oldest first.
local every = {}
for i = 1, n do every[i] = i end
local lists = {every}
local numbers = ARGV[m + 1]
if numbers == '' then
  for i = 2, m do lists[i] = every end
else
  for i = 2, m do lists[i] = {} end
  -- i is the entry the next number belongs to: a ',' (or the end) closes it, a '.' does not.
  local i = 1
  for number, separator in string.gmatch(numbers, '(%d+)([,.]?)') do
    if i > n then return redis.error_reply('ERR keyward usage: an entry for no list') end
    if number ~= '1' then
      local list = lists[tonumber(number)]
      if not list then return redis.error_reply('ERR keyward usage: an entry for no list') end
      list[#list + 1] = i
    end
    if separator ~= '.' then i = i + 1 end
  end
  if i - 1 ~= n then return redis.error_reply('ERR keyward usage: ' .. (i - 1) .. ' list numbers for ' .. n .. ' entries') end
end
local pushed = 0
for i = 1, m do
  local held = KEYS[m + i]
  local fresh, count = {}, 0
  for _, entry in ipairs(lists[i]) do
    if redis.call('SADD', held, ids[entry]) == 1 then
      count = count + 1
      fresh[count] = entries[entry]
    end
  end
  for from = 1, count, PUSH_MAX do
    redis.call('LPUSH', KEYS[i], unpack(fresh, from, math.min(count, from + PUSH_MAX - 1)))
  end
  pushed = pushed + count
  -- The entries past the cap leave the list, and their request ids its set.
  local cap = tonumber(ARGV[i])
  local leaving = redis.call('LRANGE', KEYS[i], cap, -1)
  if #leaving > 0 then
    for _, entry in ipairs(leaving) do
      local id = request_id_of(entry)
      if id then redis.call('SREM', held, id) end
    end
    redis.call('LTRIM', KEYS[i], 0, cap - 1)
  end
end
return pushed
`

/** One batched usage flush. */
export const USAGE_SCRIPT: LuaScript = {
  name: 'usage',
  source: SOURCE,
  sha: '5b41342835566b59f5cc8c639fabbe1fc36989b4',
}
