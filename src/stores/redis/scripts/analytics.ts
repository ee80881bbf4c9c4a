import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward analytics: adds one subject's counts to its bucket hashes (N1).
-- KEYS[1..n]   the chunk hashes written, all of one subject (one hash tag):
--              <prefix>:{an:<scope>:<id>}:<granularity>:<chunk start>
-- ARGV[1..n]   the milliseconds each KEYS[i] is kept from now (PEXPIRE): past its last bucket's
--              retention, so a chunk goes once everything in it is older than its retention
-- ARGV[n+1..]  the counts, four values each: i of KEYS[i], '<bucket start>:<outcome>',
--              requests, units
-- Returns the number of counts added.
local n = #KEYS
local added = 0
for at = n + 1, #ARGV, 4 do
  local key = KEYS[tonumber(ARGV[at])]
  local field = ARGV[at + 1]
  redis.call('HINCRBY', key, 'r:' .. field, ARGV[at + 2])
  redis.call('HINCRBY', key, 'u:' .. field, ARGV[at + 3])
  added = added + 1
end
for i = 1, n do redis.call('PEXPIRE', KEYS[i], ARGV[i]) end
return added
`

/** One subject's counts of one analytics flush. */
export const ANALYTICS_SCRIPT: LuaScript = {
  name: 'analytics',
  source: SOURCE,
  sha: '12f846de3761d00902d3fec513fbba617303753f',
}
