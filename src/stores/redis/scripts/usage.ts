import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward usage: appends a batch of usage entries to capped lists (E5, O8).
-- KEYS[1]      the list every entry goes to: <prefix>:usage, or the one list of a call on a cluster
-- KEYS[2..m]   the lists of some entries: of a key, <prefix>:usage:<keyId>, and of an owner,
--              <prefix>:usage-owner:<ownerId>
-- ARGV[1..m]   the cap (most entries kept) of each KEYS[i]
-- ARGV[m+1]    for each entry, comma-separated, the numbers i > 1 of the lists KEYS[i] it also
--              goes onto, joined by '.' (as '2.5'), or '1' for none. '' when every entry goes onto
--              every list.
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
  for i = 2, m do lists[i] = entries end
else
  for i = 2, m do lists[i] = {} end
  -- i is the entry the next number belongs to: a ',' (or the end) closes it, a '.' does not.
  local i = 1
  for number, separator in string.gmatch(numbers, '(%d+)([,.]?)') do
    if i > n then return redis.error_reply('ERR keyward usage: an entry for no list') end
    if number ~= '1' then
      local list = lists[tonumber(number)]
      if not list then return redis.error_reply('ERR keyward usage: an entry for no list') end
      list[#list + 1] = entries[i]
    end
    if separator ~= '.' then i = i + 1 end
  end
  if i - 1 ~= n then return redis.error_reply('ERR keyward usage: ' .. (i - 1) .. ' list numbers for ' .. n .. ' entries') end
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
  sha: 'f65f04802f49696835bc8f3c9ca2eba5f91e8486',
}
