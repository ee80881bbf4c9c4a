import type { LuaScript } from './lua-script.js'
import { METER_LIBRARY } from './meter-library.js'

const SOURCE = `-- keyward meter: named limits with a cost (M1, M2, M4), decided together, and a count given back.
-- Its arguments, KEYS[1..n] and ARGV[1..], are named in the table below.
-- KEYS[1..n]: named limit states, HASH <prefix>:{<tag>}:rl:<name>:<geometry>; n > 1 only where
-- they share a slot (a single node).
local now_arg = ARGV[1]   -- epoch ms, or '' to read Redis TIME
local mode = ARGV[2]      -- 'm' meter (all or nothing), 'p' peek, 'c' charge, 'r' give back
local cost = tonumber(ARGV[3]) -- the units of the request, or of the charge, or given back
-- ARGV[4 + 4(i - 1) .. 7 + 4(i - 1)]: the spec of KEYS[i] (see the library); with 'r', then
-- ARGV[4 + 4n + (i - 1)]: the target KEYS[i]'s units were counted in.
-- Returns, per KEYS[i], 7 integers (see meter() in the library); 'r' returns 1.
${METER_LIBRARY}
local specs = specs_of(#KEYS, 4)
if mode == 'r' then
  for i = 1, #KEYS do give_back(KEYS[i], specs[i], tonumber(ARGV[3 + 4 * #KEYS + i]), cost) end
  return 1
end
return meter(KEYS, clock_ms(now_arg), mode, cost, specs)
`

/** `RateLimiter.meter`, `peekMeter` and `charge` on Redis, and the refund of a count (M4 on a cluster). */
export const METER_SCRIPT: LuaScript = {
  name: 'meter',
  source: SOURCE,
  sha: '8696f59ea06b0524ba7c8f6089e9a3d7cf5f1e3c',
}
