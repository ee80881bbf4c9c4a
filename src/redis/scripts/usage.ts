import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward usage: appends a batch of usage entries to capped lists (E5).
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

/** One batched usage flush. */
export const USAGE_SCRIPT: LuaScript = {
  name: 'usage',
  source: SOURCE,
  sha: '1fc2e7e309ec929a005c899cb77d8a7fd0796760',
}
