import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward analytics: adds one subject's counts of one batch to its bucket hashes (N1), once.
-- KEYS[1]      the last batch of this sender applied to this subject (same hash tag), a hash
--              whose field 'sequence' holds its number:
--              <prefix>:{an:<scope>:<id>}:batch:<sender>
-- KEYS[2..n]   the chunk hashes written, all of one subject (one hash tag):
--              <prefix>:{an:<scope>:<id>}:<granularity>:<chunk start>
-- ARGV[1]      the batch's number in its sender's order
-- ARGV[2]      the milliseconds KEYS[1] is kept from now
-- ARGV[3..n+1] the milliseconds each KEYS[i] (ARGV[i + 1]) is kept from now (PEXPIRE): past its
--              last bucket's retention, so a chunk goes once everything in it is older than it
-- ARGV[n+2..]  the counts, four values each: i of KEYS[i], '<bucket start>:<outcome>',
--              requests, units
-- Returns the number of counts added: 0 when this batch, or a later one of the sender, was
-- applied already (a retry after a timeout).
local sequence = tonumber(ARGV[1])
local last = redis.call('HGET', KEYS[1], 'sequence')
if last and tonumber(last) >= sequence then return 0 end
redis.call('HSET', KEYS[1], 'sequence', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local n = #KEYS
local added = 0
for at = n + 2, #ARGV, 4 do
  local key = KEYS[tonumber(ARGV[at])]
  local field = ARGV[at + 1]
  redis.call('HINCRBY', key, 'r:' .. field, ARGV[at + 2])
  redis.call('HINCRBY', key, 'u:' .. field, ARGV[at + 3])
  added = added + 1
end
for i = 2, n do redis.call('PEXPIRE', KEYS[i], ARGV[i + 1]) end
return added
`

/** One subject's counts of one analytics flush, added once however often the flush is sent. */
export const ANALYTICS_SCRIPT: LuaScript = {
  name: 'analytics',
  source: SOURCE,
  sha: 'e50d87e4bc048e7c82dafc03ae28bedf878847be',
}
