/** The hot path of one request as a Lua function, shared by the single and the batch script. */
export const AUTHORIZE_FUNCTION = `
-- One request: its keys; now (as clock_ms takes it); consume and live_only (booleans); the type
-- defaults D[d + 1] .. D[d + 4] (live perMinute, live perMonth, test perMinute, test perMonth;
-- '' = no quota); known, the id of the record the caller holds for this hash ('' for none); and
-- the scopes the route requires, A[from] .. A[to].
-- The type defaults as numbers, D[d + 1] .. D[d + 4]: every request of a script run has the same
-- ones, so they are converted once per run.
local parsed_defaults = nil
local function defaults_of(D, d, key_type)
  if not parsed_defaults then
    parsed_defaults = {tonumber(D[d + 1]), tonumber(D[d + 2]), tonumber(D[d + 3]), tonumber(D[d + 4])}
  end
  if key_type == 'test' then return parsed_defaults[3], parsed_defaults[4] end
  return parsed_defaults[1], parsed_defaults[2]
end

-- Reads name, last4 and createdAt into a record read without them (as 0 where absent); true when
-- any of the three is there.
local function complete(record_key, record)
  local rest = redis.call('HMGET', record_key, 'name', 'last4', 'createdAt')
  record[2], record[4], record[5] = rest[1] or 0, rest[2] or 0, rest[3] or 0
  return rest[1] or rest[2] or rest[3]
end

-- E7: the seconds until the client address whose failed authentications counter_key counts may
-- try again (as a peek of limit(): a full window), or 0. An address that never failed (no counter)
-- costs one EXISTS, once per script run: every request of a run shares now and the limit, and
-- nothing in a run changes a failure counter.
local blocked_seen = {}
local function blocked_for(counter_key, now, per_minute)
  local wait = blocked_seen[counter_key]
  if wait then return wait end
  wait = 0
  if redis.call('EXISTS', counter_key) == 1 then
    local decision = limit(counter_key, now, per_minute, nil, false)
    if decision[1] == 0 then wait = decision[8] end
  end
  blocked_seen[counter_key] = wait
  return wait
end

-- counter_key and failure_limit (both nil when the request has no check): the failed-authentication
-- counter of the request's client address and its limit (E7), checked before the record is read.
local function authorize(record_key, minute_key, now_arg, consume_arg, live_only, D, d, known,
    counter_key, failure_limit, A, from, to)
  local now = clock_ms(now_arg)
  if counter_key and failure_limit then
    local wait = blocked_for(counter_key, now, failure_limit)
    if wait > 0 then return {8, wait} end
  end
  -- record: the reply's values of id, name, keyType, last4, createdAt, expiresAt, revokedAt,
  -- lastUsedAt, scopes, limits. An absent field is sent as the integer 0 (a string is always a
  -- bulk string): false would read as a null under RESP2 but as a boolean under RESP3.
  local record, found, partial
  local key_type, expires_at, revoked_at, last_used_at, scopes, limits
  if known ~= '' then
    -- The caller holds a record of this hash: name, last4 and createdAt never change once written
    -- (K5) and the short reply never sends them, so they are read only for a reply that sends the
    -- record whole (partial until then).
    local r = redis.call('HMGET', record_key, 'id', 'keyType', 'expiresAt', 'revokedAt', 'lastUsedAt', 'scopes', 'limits')
    key_type, expires_at, revoked_at, last_used_at, scopes, limits = r[2], r[3], r[4], r[5], r[6], r[7]
    found = r[1] or key_type or expires_at or revoked_at or last_used_at or scopes or limits
    record = {r[1] or 0, 0, key_type or 0, 0, 0, expires_at or 0, revoked_at or 0, last_used_at or 0, scopes or 0, limits or 0}
    partial = true
    if not found then
      found = complete(record_key, record)
      partial = false
    end
  else
    record = redis.call('HMGET', record_key, 'id', 'name', 'keyType', 'last4', 'createdAt',
      'expiresAt', 'revokedAt', 'lastUsedAt', 'scopes', 'limits')
    key_type, expires_at, revoked_at = record[3], record[6], record[7]
    last_used_at, scopes, limits = record[8], record[9], record[10]
    found = false
    for i = 1, 10 do
      if record[i] then found = true else record[i] = 0 end
    end
    partial = false
  end
  if not found then return {0} end

  -- K6/K7: the authoritative record decides; revocation is final, expiry is derived from the time.
  if revoked_at then
    if partial then complete(record_key, record) end
    return {1, record}
  end
  if expires_at and tonumber(expires_at) <= now then
    if partial then complete(record_key, record) end
    return {2, record}
  end

  local forbidden = 0
  if live_only and key_type == 'test' then
    forbidden = 4
  elseif from <= to and scopes then
    -- scopes is a JSON array of strings. Without a backslash in it, every string is stored as it
    -- is and every quote delimits one, so a scope name (SCOPE_PATTERN: it starts with a letter and
    -- holds no quote) is held exactly when it appears in quotes. Anything else is decoded.
    local verbatim = not string.find(scopes, '\\\\', 1, true)
    local held = nil
    for i = from, to do
      local scope = A[i]
      local has
      if verbatim and string.find(scope, '^[a-z][a-z0-9:._%-]*$') then
        has = string.find(scopes, '"' .. scope .. '"', 1, true)
      else
        if not held then
          held = {}
          for _, name in ipairs(cjson.decode(scopes)) do held[name] = true end
        end
        has = held[scope]
      end
      if not has then
        forbidden = 3
        break
      end
    end
  end

  -- L1: the key type's defaults, each field overridden by the key's own limits.
  local per_minute, per_month = defaults_of(D, d, key_type)
  if limits then
    local own = cjson.decode(limits)
    if type(own.perMinute) == 'number' then per_minute = own.perMinute end
    if type(own.perMonth) == 'number' then per_month = own.perMonth end
  end

  local consume = consume_arg and forbidden == 0
  local decision = limit(minute_key, now, per_minute, per_month, consume)
  if forbidden ~= 0 then
    if partial then complete(record_key, record) end
    return {forbidden, record, decision}
  end
  local consumed = 0
  if consume and decision[1] == 1 then
    consumed = 1
    -- L4a: lastUsedAt is written for exactly the requests that consume; it never moves backwards.
    if not last_used_at or tonumber(last_used_at) < now then
      local stamp = int(now)
      redis.call('HSET', record_key, 'lastUsedAt', stamp)
      record[8] = stamp
    end
  end
  -- The caller holds this record (same id: id, name, keyType, last4, createdAt, scopes and limits
  -- never change once written): only the fields that do change are sent back. revokedAt is unset
  -- (a revoked key never gets here).
  if known == record[1] then return {6, record[6], record[8], decision, consumed} end
  if partial then complete(record_key, record) end
  return {5, record, decision, consumed}
end
`
