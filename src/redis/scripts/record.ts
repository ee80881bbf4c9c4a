import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward record: the management operations on one key record (K5, K6).
-- KEYS[1] the key record   HASH   <prefix>:{<hash>}:key
-- ARGV[1] the operation:
--   'get'                          returns the record
--   'insert', field, value, ...    creates the record unless it exists; returns 1, or 0 when it exists
--   'revoke', at                   sets revokedAt unless set (K6: final, the first time stays)
--   'shorten', expiresAt           expiresAt = min(expiresAt, current); no expiry counts as infinite
--   'touch', at                    lastUsedAt = at unless that moves it backwards
-- Every operation but insert returns the record as stored afterwards (HGETALL pairs; {} when absent).
local op = ARGV[1]
if op == 'insert' then
  if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
  redis.call('HSET', KEYS[1], unpack(ARGV, 2))
  return 1
end
if redis.call('EXISTS', KEYS[1]) == 0 then return {} end
if op == 'revoke' then
  redis.call('HSETNX', KEYS[1], 'revokedAt', ARGV[2])
elseif op == 'shorten' then
  local current = tonumber(redis.call('HGET', KEYS[1], 'expiresAt'))
  if not current or tonumber(ARGV[2]) < current then redis.call('HSET', KEYS[1], 'expiresAt', ARGV[2]) end
elseif op == 'touch' then
  local current = tonumber(redis.call('HGET', KEYS[1], 'lastUsedAt'))
  if not current or tonumber(ARGV[2]) > current then redis.call('HSET', KEYS[1], 'lastUsedAt', ARGV[2]) end
elseif op ~= 'get' then
  return redis.error_reply('keyward record: unknown operation ' .. tostring(op))
end
return redis.call('HGETALL', KEYS[1])
`

/** KeyStore operations on one record. */
export const RECORD_SCRIPT: LuaScript = {
  name: 'record',
  source: SOURCE,
  sha: '630abae7394ed7d2ec4150296c3e7a6345114f8e',
}
