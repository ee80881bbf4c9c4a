import { LUA_REPLACEABLE_SET } from '../record-layout.js'
import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward record: the management operations on one key record (K5, K6, O5, O6).
-- KEYS[1] the key record   HASH   <prefix>:{<hash>}:key
-- ARGV[1] the operation:
--   'get'                          returns the record
--   'insert', field, value, ...    creates the record unless it exists; returns 1, or 0 when it exists
--   'revoke', at                   sets revokedAt unless set (K6: final, the first time stays)
--   'revoke-owned', at, ownerId    as revoke, only when the record's ownerId is ownerId; returns 1 when
--                                  this call revoked it, else 0 (no record, another owner, revoked before)
--   'shorten', expiresAt           expiresAt = min(expiresAt, current); no expiry counts as infinite
--   'touch', at                    lastUsedAt = at unless that moves it backwards
--   'update', n, field, value, ... (n pairs), field, ...
--                                  unless revokedAt is set: sets the n field/value pairs, then deletes
--                                  the fields after them; only the replaceable ones (O5)
-- Every operation but insert and revoke-owned returns the record as stored afterwards (HGETALL
-- pairs; {} when absent).
local record_key = KEYS[1]
local op = ARGV[1]
local at = ARGV[2]           -- revoke, revoke-owned, shorten, touch: the time (epoch ms)
if op == 'insert' then
  if redis.call('EXISTS', record_key) == 1 then return 0 end
  redis.call('HSET', record_key, unpack(ARGV, 2))
  return 1
end
if op == 'revoke-owned' then
  local owner_id = ARGV[3]
  if redis.call('HGET', record_key, 'ownerId') ~= owner_id then return 0 end
  return redis.call('HSETNX', record_key, 'revokedAt', at)
end
if redis.call('EXISTS', record_key) == 0 then return {} end
if op == 'revoke' then
  redis.call('HSETNX', record_key, 'revokedAt', at)
elseif op == 'shorten' then
  local current = tonumber(redis.call('HGET', record_key, 'expiresAt'))
  if not current or tonumber(at) < current then redis.call('HSET', record_key, 'expiresAt', at) end
elseif op == 'touch' then
  local current = tonumber(redis.call('HGET', record_key, 'lastUsedAt'))
  if not current or tonumber(at) > current then redis.call('HSET', record_key, 'lastUsedAt', at) end
elseif op == 'update' then
  local n = tonumber(ARGV[2]) -- the number of field/value pairs to set
  local patchable = ${LUA_REPLACEABLE_SET}
  for i = 3, #ARGV do
    -- Fields are ARGV[3], [5], ... among the pairs, then every argument after them.
    if (i > 2 + 2 * n or (i - 3) % 2 == 0) and not patchable[ARGV[i]] then
      return redis.error_reply('keyward record: update may not change ' .. tostring(ARGV[i]))
    end
  end
  if redis.call('HEXISTS', record_key, 'revokedAt') == 0 then
    if n > 0 then redis.call('HSET', record_key, unpack(ARGV, 3, 2 + 2 * n)) end
    if #ARGV > 2 + 2 * n then redis.call('HDEL', record_key, unpack(ARGV, 3 + 2 * n)) end
  end
elseif op ~= 'get' then
  return redis.error_reply('keyward record: unknown operation ' .. tostring(op))
end
return redis.call('HGETALL', record_key)
`

/** KeyStore operations on one record. */
export const RECORD_SCRIPT: LuaScript = {
  name: 'record',
  source: SOURCE,
  sha: '4e0881bed6bf468ac6567bf721723c762cb1621e',
}
