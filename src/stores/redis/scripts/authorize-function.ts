/**
 * The hot path of one request as a Lua function, shared by the single and the batch script. The
 * record's field lists and the places of its fields come from `RECORD_LAYOUT`.
 */
import { FIELD, LUA_INDEX as AT, LUA_RECORD as R, RECORD_LAYOUT } from '../record-layout.js'

export const AUTHORIZE_FUNCTION = `
-- The type defaults (L1) as numbers: every request of a script run has the same ones, so the
-- script sets them once (set_defaults) before its first authorize().
local live_per_minute, live_per_month, test_per_minute, test_per_month = nil, nil, nil, nil
local function set_defaults(live_minute_arg, live_month_arg, test_minute_arg, test_month_arg)
  live_per_minute, live_per_month = tonumber(live_minute_arg), tonumber(live_month_arg)
  test_per_minute, test_per_month = tonumber(test_minute_arg), tonumber(test_month_arg)
end

-- The record is read and sent as the values of the fields of RECORD_LAYOUT
-- (src/stores/redis/record-layout.ts), in its order: the field lists and places below are generated from
-- it. Where the fields an update may replace (O5) are in the record:
local REPLACEABLE = ${R.replaceable}

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

-- Reads the fields that only a whole reply needs (${R.wholeOnlyFields}) into a record read without
-- them (as 0 where absent); true when any of them is there.
local function complete(record_key, record)
  local rest = redis.call('HMGET', record_key, ${R.wholeOnlyFields})
  ${R.wholeOnlyTargets} = ${R.wholeOnlyValues}
  return ${R.wholeOnlyFound}
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

-- The record (0 where a field is absent; an absent field is sent as the integer 0: false would
-- read as a null under RESP2 but as a boolean under RESP3) and whether the fields only a whole
-- reply needs are still to be read (partial); nil when there is no record. A caller that holds a
-- record of this hash needs them only when the reply sends the record whole.
local function read_record(record_key, known)
  if known ~= '' then
    local r = redis.call('HMGET', record_key, ${R.decidingFields})
    local record = ${R.fromDeciding}
    for i = 1, ${R.decidingCount} do
      if r[i] then return record, true end
    end
    if complete(record_key, record) then return record, false end
    return nil
  end
  local record = redis.call('HMGET', record_key, ${R.fields})
  local found = false
  for i = 1, ${RECORD_LAYOUT.length} do
    if record[i] then found = true else record[i] = 0 end
  end
  if found then return record, false end
  return nil
end

-- L6, M6, M7: 0 when the route admits the key, else the reply code: 4 a test key on a live-only
-- route, 11 a client address outside allowed_ips, 3 a required scope missing, 12 the permission
-- query unmet. A[from] .. A[to] are the route's scopes, then, after a '?', its query.
local function forbidden_code(key_type, scopes, roles, live_only, allowed_ips, address, A, from, to)
  if live_only and key_type == 'test' then return 4 end
  if not address_allowed(allowed_ips, address) then return 11 end
  local query = to + 1
  for i = from, to do
    if A[i] == '?' then query = i break end
  end
  if not scopes_held(scopes, roles, A, from, query - 1) then return 3 end
  if query <= to and not query_held(scopes, roles, A, query + 1, to) then return 12 end
  return 0
end

-- The owner step of a request (O7), what the caller knows of the key's owner, by name (plain
-- strings, not locals: a closure's upvalues cost every script run):
--   'none'    no owner limits apply
--   'ask'     they apply, but the caller does not know the key's owner yet: an owned key is
--             answered {9, record} and nothing is written, so the caller can ask again naming it
--   'named'   owner_key is the counter of the key's owner and key type, counted with the key's in
--             one step (both or neither)
--   'caller'  the caller counts the owner itself (a cluster: another slot): an admitted request of
--             an owned key also answers what it counted, so the caller can give it back

-- One request, decided and counted; returns the authorize script's reply. Its arguments:
--   record_key, minute_key  the key's record and limit state (KEYS of its hash)
--   now_arg                 epoch ms, or '' to read Redis TIME (clock_ms)
--   consume_arg             true: an admitted request consumes (L4a); false: a peek (L5)
--   cost                    the units it counts in every limit of the key and its owner (M2)
--   live_only               true: the route is live-only (L6)
--   address                 the client address as 32 hex digits, '' when unknown (M6)
--   known                   what the caller holds for this hash: the record's id, ':' and
--                           fingerprint() of it; '' for nothing
--   counter_key             the failed-authentication counter of the request's client address (E7),
--   failure_limit           and its limit, checked before the record is read; either nil: no check
--   owner                   the owner step, one of the names above
--   owner_key               with 'named': the owner's counter,
--   owner_minute            its perMinute, or (also with 'caller') its named limits as JSON (M1)
--   owner_month             and its perMonth (nil: no quota)
--   A, from, to             the scopes the route requires: A[from] .. A[to]
-- The type defaults are those set_defaults() set.
local function authorize(record_key, minute_key, now_arg, consume_arg, cost, live_only, address, known,
    counter_key, failure_limit, owner, owner_key, owner_minute, owner_month, A, from, to)
  local now = clock_ms(now_arg)
  if counter_key and failure_limit then
    local wait = blocked_for(counter_key, now, failure_limit)
    if wait > 0 then return {8, wait} end
  end
  local record, partial = read_record(record_key, known)
  if not record then return {0} end
  local key_type, expires_at = record[${AT.keyType}], record[${AT.expiresAt}]
  local revoked_at, last_used_at = record[${AT.revokedAt}], record[${AT.lastUsedAt}]

  -- K6/K7: the authoritative record decides; revocation is final, expiry is derived from the time.
  if revoked_at ~= 0 then
    if partial then complete(record_key, record) end
    return {1, record}
  end
  if expires_at ~= 0 and tonumber(expires_at) <= now then
    if partial then complete(record_key, record) end
    return {2, record}
  end
  -- M5: a suspended key, before anything is counted; only '1' lets it on (fail closed).
  if record[${AT.enabled}] ~= '1' then
    if partial then complete(record_key, record) end
    return {10, record}
  end
  local forbidden = forbidden_code(key_type, record[${AT.scopes}], record[${AT.roles}], live_only,
    record[${AT.allowedIps}], address, A, from, to)

  -- O7: the owner's counter is named by the caller once it knows the key's owner (the owner id
  -- and key type never change, O1); the name is checked against the record, so a counter that is
  -- not this owner's is never counted.
  local owner_id = record[${AT.ownerId}]
  if owner_id == 0 or owner == 'none' or owner == 'caller' then
    owner_key = nil
  else
    local suffix = '{id:owner:' .. key_type .. ':' .. owner_id .. '}:rl'
    if owner ~= 'named' or string.sub(owner_key, -#suffix) ~= suffix then
      if partial then complete(record_key, record) end
      return {9, record}
    end
  end

  local consume = consume_arg and forbidden == 0
  -- M3, M4: a key with credits is counted only when they hold its cost; when they do not, its
  -- limits are only peeked. They are spent below, once every limit has admitted it.
  local credit = credit_state_of(record[${AT.credits}], minute_key, now, cost)
  if credit and credit.ok == 0 then consume = false end
  local decision, owner_decision = nil, nil
  receipt = nil
  local own = record[${AT.limits}]
  -- M1: a key's own list of named limits (a JSON array) replaces its type's defaults entirely.
  local listed = own ~= 0 and string.byte(own, 1) == 91
  -- L1: the key type's defaults, each field overridden by the key's own limits.
  local per_minute, per_month = live_per_minute, live_per_month
  if key_type == 'test' then per_minute, per_month = test_per_minute, test_per_month end
  if own ~= 0 and not listed then
    own = cjson.decode(own)
    if type(own.perMinute) == 'number' then per_minute = own.perMinute end
    if type(own.perMonth) == 'number' then per_month = own.perMonth end
  end

  -- M1: an owner's named limits (a JSON array in place of its windows) are metered with the key's;
  -- a key on its type's limits is then metered by the named limits they stand for (policy_list).
  local owner_list = nil
  if type(owner_minute) == 'string' and owner_id ~= 0 then owner_list = decoded(owner_minute) end
  if listed or owner_list then
    local list = listed and decoded(own) or policy_list(per_minute, per_month)
    decision, owner_decision = named_decision(minute_key, list, now, consume, cost, owner_key, owner_minute,
      owner_month, owner_list)
    -- A cluster's caller meters the owner: the counts are in the decision, lastUsedAt in extra.
    if owner == 'caller' and owner_id ~= 0 then receipt = {0, 0, -1} end
  elseif owner_key then
    -- Both or neither (L4): the owner's is peeked, the key's consumed only when it admits, and
    -- the owner's counted only when the key's was.
    owner_decision = limit(owner_key, now, owner_minute, owner_month, false, cost)
    if consume and owner_decision[1] == 1 then
      decision = limit(minute_key, now, per_minute, per_month, true, cost)
      if decision[1] == 1 then
        owner_decision = limit(owner_key, now, owner_minute, owner_month, true, cost, owner_decision.book)
      end
    else
      decision = limit(minute_key, now, per_minute, per_month, false, cost)
    end
  else
    receipt_wanted = owner == 'caller' and owner_id ~= 0
    decision = limit(minute_key, now, per_minute, per_month, consume, cost)
    receipt_wanted = false
  end
  -- M3: what the key's credits hold after the request, the last element of its reply.
  local credits = nil
  if credit then
    credits = credit_reply(credit, now, credit.ok == 0 and consume_arg and forbidden == 0)
  end
  if forbidden ~= 0 then
    if partial then complete(record_key, record) end
    if owner_decision then return with_credits({forbidden, record, decision, owner_decision}, credits) end
    return with_credits({forbidden, record, decision}, credits)
  end
  local consumed = 0
  local extra = owner_decision
  if consume and decision[1] == 1 and (not owner_decision or owner_decision[1] == 1) then
    consumed = 1
    if credits then credits[2] = credit_spend_cost(credit, cost) end
    -- L4a: lastUsedAt is written for exactly the requests that consume; it never moves backwards.
    local stamp = 0
    if last_used_at == 0 or tonumber(last_used_at) < now then
      stamp = int(now)
      redis.call('HSET', record_key, '${FIELD.lastUsedAt}', stamp)
      record[${AT.lastUsedAt}] = stamp
    end
    if receipt then extra = {receipt[1], receipt[2], receipt[3], last_used_at, stamp} end
  end
  -- The caller holds this record as it is (same id and replaceable fields; id, keyType, last4,
  -- createdAt and ownerId never change once written): only the fields that change on their own
  -- are sent back. revokedAt is unset (a revoked key never gets here).
  if known ~= '' and known == record[${AT.id}] .. ':' .. fingerprint(record) then
    if extra then return with_credits({6, record[${AT.expiresAt}], record[${AT.lastUsedAt}], decision, consumed, extra}, credits) end
    return with_credits({6, record[${AT.expiresAt}], record[${AT.lastUsedAt}], decision, consumed}, credits)
  end
  if partial then complete(record_key, record) end
  if extra then return with_credits({5, record, decision, consumed, extra}, credits) end
  return with_credits({5, record, decision, consumed}, credits)
end
`
