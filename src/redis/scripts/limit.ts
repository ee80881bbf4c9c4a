import { LIMITS_LIBRARY } from './limits-library.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward limit: one rate-limit decision for RateLimiter.consume / peek (L2, L4).
-- KEYS[1] the limit state      HASH   <prefix>:{<tag>}:rl (buckets, t, n, o; m, q)
-- ARGV[1] now, epoch ms, or '' to read Redis TIME
-- ARGV[2] '1' to consume on allow, '0' to peek
-- ARGV[3] perMinute
-- ARGV[4] perMonth ('' = no quota)
-- Returns the decision array of limit().
` + LIMITS_LIBRARY + `
return limit(KEYS[1], clock_ms(ARGV[1]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[2] == '1')
`

/** `RateLimiter.consume` and `peek` on their own. */
export const LIMIT_SCRIPT: LuaScript = {
  name: 'limit',
  source: SOURCE,
  sha: 'a5b12682d7701496cf7aeace063e12d03b66fd8a',
}
