/**
 * The Lua scripts of the Redis stores are kept as data, one script a file, each with its SHA-1
 * pinned; `test/redis/scripts.test.ts` checks every pin against the source and against Redis's own
 * `SCRIPT LOAD`, so an edit to a script without a new pin fails the tests. Scripts run with
 * `EVALSHA` and fall back to `EVAL` (which also caches the script) when Redis answers `NOSCRIPT`.
 *
 * Every key a script touches is passed in `KEYS` and, for one call, shares one hash tag, so the
 * scripts run unchanged on Redis Cluster. Scripts return arrays of integers and strings only:
 * those read the same under RESP2 and RESP3 and with either client. Each source opens with a
 * comment listing its KEYS, its ARGV and what it returns.
 */

/** A script and the SHA-1 of its source, as Redis's `SCRIPT LOAD` answers it. */
export interface LuaScript {
  readonly name: string
  readonly source: string
  readonly sha: string
}
