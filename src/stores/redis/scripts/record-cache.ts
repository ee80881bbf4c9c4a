import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward record cache: a key record kept in Postgres, cached in Redis (S9). Every change of the
-- record runs 'change' before it writes Postgres and 'settle' after; a fill of a missing record
-- runs 'claim' before it reads Postgres and 'fill' after. A fill that raced a change, or that a
-- flush of Redis overtook, writes nothing.
-- KEYS[1] the record            HASH   <prefix>:{<hash>}:key  (the Redis store's layout, read by
--                                      the authorize scripts)
-- KEYS[2] changes under way     SET    <prefix>:{<hash>}:changing  of their tokens
-- KEYS[3] fills under way       SET    <prefix>:{<hash>}:filling   of their tokens
-- KEYS[4] the version floor     HASH   <prefix>:{<hash>}:floor  v: the highest version a change settled
-- ARGV[1] the operation, ARGV[2] its token, ARGV[3] how long its marks live (ms):
--   'change'                       deletes the record, so requests miss, and cancels every fill
--                                  under way; adds the token to the changes; returns 1
--   'claim'                        unless a change is under way, adds the token to the fills;
--                                  returns 1, else 0
--   'fill', version, field, value, ...
--                                  writes the record when the token is still a fill under way, no
--                                  change is under way and version is not below the floor;
--                                  returns 1 when it wrote it, else 0; without pairs (Postgres has
--                                  no such key) it only ends the claim
--   'settle', version, field, value, ... (no pairs: the key has no record)
--                                  removes the token from the changes and cancels every fill under
--                                  way (it may have read Postgres before the change); writes the
--                                  record when the token was still there (no flush lost it), no
--                                  other change is under way and version is not below the floor,
--                                  else leaves the record missing; raises the floor to version;
--                                  returns 1 when it wrote it, else 0
--   'abandon'                      removes the token from the changes (Postgres was not changed)
local record_key, changes_key, fills_key, floor_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local op, token, ttl = ARGV[1], ARGV[2], ARGV[3]

local function write(version)
  local floor = tonumber(redis.call('HGET', floor_key, 'v') or '-1')
  if version < floor then return 0 end
  redis.call('UNLINK', record_key)
  if #ARGV >= 6 then
    redis.call('HSET', record_key, unpack(ARGV, 5))
    return 1
  end
  return 0
end

if op == 'change' then
  redis.call('UNLINK', record_key, fills_key)
  redis.call('SADD', changes_key, token)
  redis.call('PEXPIRE', changes_key, ttl)
  return 1
end
if op == 'claim' then
  if redis.call('EXISTS', changes_key) == 1 then return 0 end
  redis.call('SADD', fills_key, token)
  redis.call('PEXPIRE', fills_key, ttl)
  return 1
end
if op == 'fill' then
  local mine = redis.call('SREM', fills_key, token)
  if mine == 0 or #ARGV < 6 or redis.call('EXISTS', changes_key) == 1 then return 0 end
  return write(tonumber(ARGV[4]))
end
if op == 'settle' then
  local mine = redis.call('SREM', changes_key, token)
  redis.call('UNLINK', fills_key)
  local version = tonumber(ARGV[4])
  local written = 0
  if mine == 1 and redis.call('EXISTS', changes_key) == 0 then
    written = write(version)
  else
    redis.call('UNLINK', record_key)
  end
  local floor = tonumber(redis.call('HGET', floor_key, 'v') or '-1')
  if version > floor then
    redis.call('HSET', floor_key, 'v', version)
  end
  redis.call('PEXPIRE', floor_key, ttl)
  return written
end
if op == 'abandon' then
  redis.call('SREM', changes_key, token)
  return 1
end
return redis.error_reply('keyward record cache: unknown operation ' .. tostring(op))
`

/** The Redis cache in front of Postgres key records: the marks that keep a fill from storing an older record (S9). */
export const RECORD_CACHE_SCRIPT: LuaScript = {
  name: 'record-cache',
  source: SOURCE,
  sha: 'c0c053ba822ad5aae9857a24f7e0bebe24a1b459',
}
