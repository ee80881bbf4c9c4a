import type { LuaScript } from './lua-script.js'

const SOURCE = `-- keyward outbox: one webhook delivery (W1). Every key shares the {outbox} hash tag.
-- KEYS[1] queue     ZSET  the pending deliveries of one endpoint: id -> epoch ms it is next due
--                         (while leased: the lease's end)
-- KEYS[2] recent    ZSET  delivery id -> createdAt, for the administrator's view (enqueue only)
-- KEYS[3] delivery  HASH  the delivery's fields, and 'owner' while leased
-- ARGV[1] the operation:
--   'enqueue', id, createdAt, keep, field, value, ...  stores it unless it exists; due at its
--                                  nextAttemptAt; recent keeps the newest 'keep'. Returns 1 or 0.
--                                  recent is written first: when it fails nothing is stored
--   'lease', id, now, leaseUntil, owner
--                                  when due at now: leased to owner until leaseUntil; returns
--                                  the fields (HGETALL pairs), or {} when not due
--   'settle', id, owner, retainMs, state, nextAttemptAt, field, value, ...
--                                  when owner holds the lease: sets the pairs, ends the lease,
--                                  due again at nextAttemptAt when state is pending, otherwise
--                                  kept retainMs for the view. Returns 1, or 0 when not the owner
--   'once', mark, now, expiresAt   (KEYS[3] is the mark) 1 for the first caller until expiresAt,
--                                  in the callers' clock; Redis drops the mark a minute later
local queue, recent, delivery = KEYS[1], KEYS[2], KEYS[3]
local op, id = ARGV[1], ARGV[2]
if op == 'enqueue' then
  if redis.call('EXISTS', delivery) == 1 then return 0 end
  redis.call('ZADD', recent, ARGV[3], id)
  redis.call('ZREMRANGEBYRANK', recent, 0, -1 - tonumber(ARGV[4]))
  redis.call('HSET', delivery, unpack(ARGV, 5))
  redis.call('ZADD', queue, redis.call('HGET', delivery, 'nextAttemptAt'), id)
  return 1
end
if op == 'lease' then
  local score = redis.call('ZSCORE', queue, id)
  if not score or tonumber(score) > tonumber(ARGV[3]) then return {} end
  redis.call('ZADD', queue, ARGV[4], id)
  redis.call('HSET', delivery, 'owner', ARGV[5], 'nextAttemptAt', ARGV[4])
  return redis.call('HGETALL', delivery)
end
if op == 'settle' then
  if redis.call('HGET', delivery, 'owner') ~= ARGV[3] or not redis.call('ZSCORE', queue, id) then return 0 end
  redis.call('HDEL', delivery, 'owner')
  redis.call('HSET', delivery, 'state', ARGV[5], 'nextAttemptAt', ARGV[6], unpack(ARGV, 7))
  if ARGV[5] == 'pending' then
    redis.call('ZADD', queue, ARGV[6], id)
  else
    redis.call('ZREM', queue, id)
    redis.call('PEXPIRE', delivery, ARGV[4])
  end
  return 1
end
if op == 'once' then
  local until_ms = tonumber(redis.call('GET', delivery))
  if until_ms and until_ms > tonumber(ARGV[3]) then return 0 end
  local ttl = math.max(1, tonumber(ARGV[4]) - tonumber(ARGV[3])) + 60000
  redis.call('SET', delivery, ARGV[4], 'PX', ttl)
  return 1
end
return redis.error_reply('keyward outbox: unknown operation ' .. tostring(op))
`

/** The webhook outbox's atomic steps on one delivery. */
export const OUTBOX_SCRIPT: LuaScript = {
  name: 'outbox',
  source: SOURCE,
  sha: 'aff79042eda9bdf5f415b9478d66142a5e84d3dd',
}
