/** The hot path of one request as a Lua function, shared by the single and the batch script. */
export const AUTHORIZE_FUNCTION = `
-- One request: its keys; now (as clock_ms takes it); consume and live_only (booleans); the type
-- defaults D[d + 1] .. D[d + 4] (live perMinute, live perMonth, test perMinute, test perMonth;
-- '' = no quota); known, what the caller holds for this hash ('' for nothing): the record's id,
-- ':' and fingerprint() of it; the owner step (O7, see authorize()); and the scopes the route
-- requires, A[from] .. A[to].
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

-- The record's fields, in the order of the reply's record.
local RECORD_FIELDS = {'id', 'name', 'keyType', 'last4', 'createdAt', 'expiresAt', 'revokedAt', 'lastUsedAt',
  'scopes', 'limits', 'ownerId', 'meta'}
-- Where the fields an update may replace (O5) are in it: name, scopes, limits, meta.
local REPLACEABLE = {2, 9, 10, 12}

-- The SHA-1 of the replaceable fields, each as its length in bytes, ':' and its value ('' where
-- absent): equal exactly when none of them has changed since the caller read the record.
local function fingerprint(record)
  local parts = {}
  for _, i in ipairs(REPLACEABLE) do
    local value = record[i]
    if value == 0 then value = '' end
    parts[#parts + 1] = #value .. ':' .. value
  end
  return redis.sha1hex(table.concat(parts))
end

-- Reads last4 and createdAt into a record read without them (as 0 where absent); true when
-- either is there.
local function complete(record_key, record)
  local rest = redis.call('HMGET', record_key, 'last4', 'createdAt')
  record[4], record[5] = rest[1] or 0, rest[2] or 0
  return rest[1] or rest[2]
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

-- The record (values of RECORD_FIELDS, 0 where absent; an absent field is sent as the integer 0:
-- false would read as a null under RESP2 but as a boolean under RESP3) and whether last4 and
-- createdAt are still to be read (partial); nil when there is no record. A caller that holds a
-- record of this hash needs neither unless the reply sends the record whole.
local function read_record(record_key, known)
  if known ~= '' then
    local r = redis.call('HMGET', record_key, 'id', 'name', 'keyType', 'expiresAt', 'revokedAt', 'lastUsedAt',
      'scopes', 'limits', 'ownerId', 'meta')
    local record = {r[1] or 0, r[2] or 0, r[3] or 0, 0, 0, r[4] or 0, r[5] or 0, r[6] or 0, r[7] or 0, r[8] or 0,
      r[9] or 0, r[10] or 0}
    for i = 1, 10 do
      if r[i] then return record, true end
    end
    if complete(record_key, record) then return record, false end
    return nil
  end
  local record = redis.call('HMGET', record_key, unpack(RECORD_FIELDS))
  local found = false
  for i = 1, #RECORD_FIELDS do
    if record[i] then found = true else record[i] = 0 end
  end
  if found then return record, false end
  return nil
end

-- L6: 0 when the route admits the key, else the reply code: 4 a test key on a live-only route,
-- 3 a required scope missing.
local function forbidden_code(key_type, scopes, live_only, A, from, to)
  if live_only and key_type == 'test' then return 4 end
  if from > to or scopes == 0 then return 0 end
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
    if not has then return 3 end
  end
  return 0
end

-- counter_key and failure_limit (both nil when the request has no check): the failed-authentication
-- counter of the request's client address and its limit (E7), checked before the record is read.
-- owner, the owner step (O7): '' none; '?' owner limits apply but the caller does not know the
-- key's owner yet: an owned key is answered {9, record} and nothing is written, so the caller can
-- ask again naming its counter; 'k' owner_key is the counter of the key's owner and key type, with
-- the limits owner_minute and owner_month, counted with the key's in one step (both or neither);
-- 'c' the caller counts the owner itself (a cluster: another slot): an admitted request of an
-- owned key also answers what it counted, so the caller can give it back.
local function authorize(record_key, minute_key, now_arg, consume_arg, live_only, D, d, known,
    counter_key, failure_limit, owner, owner_key, owner_minute, owner_month, A, from, to)
  local now = clock_ms(now_arg)
  if counter_key and failure_limit then
    local wait = blocked_for(counter_key, now, failure_limit)
    if wait > 0 then return {8, wait} end
  end
  local record, partial = read_record(record_key, known)
  if not record then return {0} end
  local key_type, expires_at, revoked_at, last_used_at = record[3], record[6], record[7], record[8]

  -- K6/K7: the authoritative record decides; revocation is final, expiry is derived from the time.
  if revoked_at ~= 0 then
    if partial then complete(record_key, record) end
    return {1, record}
  end
  if expires_at ~= 0 and tonumber(expires_at) <= now then
    if partial then complete(record_key, record) end
    return {2, record}
  end
  local forbidden = forbidden_code(key_type, record[9], live_only, A, from, to)

  -- O7: the owner's counter is named by the caller once it knows the key's owner (the owner id
  -- and key type never change, O1); the name is checked against the record, so a counter that is
  -- not this owner's is never counted.
  local owner_id = record[11]
  if owner_id == 0 or owner == '' or owner == 'c' then
    owner_key = nil
  else
    local suffix = '{id:owner:' .. key_type .. ':' .. owner_id .. '}:rl'
    if owner ~= 'k' or string.sub(owner_key, -#suffix) ~= suffix then
      if partial then complete(record_key, record) end
      return {9, record}
    end
  end

  -- L1: the key type's defaults, each field overridden by the key's own limits.
  local per_minute, per_month = defaults_of(D, d, key_type)
  if record[10] ~= 0 then
    local own = cjson.decode(record[10])
    if type(own.perMinute) == 'number' then per_minute = own.perMinute end
    if type(own.perMonth) == 'number' then per_month = own.perMonth end
  end

  local consume = consume_arg and forbidden == 0
  local decision, owner_decision = nil, nil
  receipt = nil
  if owner_key then
    -- Both or neither (L4): the owner's is peeked, the key's consumed only when it admits, and
    -- the owner's counted only when the key's was.
    owner_decision = limit(owner_key, now, owner_minute, owner_month, false)
    if consume and owner_decision[1] == 1 then
      decision = limit(minute_key, now, per_minute, per_month, true)
      if decision[1] == 1 then owner_decision = limit(owner_key, now, owner_minute, owner_month, true) end
      -- The batch's hot-key shortcut carries one limit state, and this request counted two.
      carry_field = nil
    else
      decision = limit(minute_key, now, per_minute, per_month, false)
    end
  else
    receipt_wanted = owner == 'c' and owner_id ~= 0
    decision = limit(minute_key, now, per_minute, per_month, consume)
    receipt_wanted = false
  end
  if forbidden ~= 0 then
    if partial then complete(record_key, record) end
    if owner_decision then return {forbidden, record, decision, owner_decision} end
    return {forbidden, record, decision}
  end
  local consumed = 0
  local extra = owner_decision
  if consume and decision[1] == 1 and (not owner_decision or owner_decision[1] == 1) then
    consumed = 1
    -- L4a: lastUsedAt is written for exactly the requests that consume; it never moves backwards.
    local stamp = 0
    if last_used_at == 0 or tonumber(last_used_at) < now then
      stamp = int(now)
      redis.call('HSET', record_key, 'lastUsedAt', stamp)
      record[8] = stamp
    end
    if receipt then extra = {receipt[1], receipt[2], receipt[3], last_used_at, stamp} end
  end
  -- The caller holds this record as it is (same id and replaceable fields; id, keyType, last4,
  -- createdAt and ownerId never change once written): only the fields that change on their own
  -- are sent back. revokedAt is unset (a revoked key never gets here).
  if known ~= '' and known == record[1] .. ':' .. fingerprint(record) then
    if extra then return {6, record[6], record[8], decision, consumed, extra} end
    return {6, record[6], record[8], decision, consumed}
  end
  if partial then complete(record_key, record) end
  if extra then return {5, record, decision, consumed, extra} end
  return {5, record, decision, consumed}
end
`
