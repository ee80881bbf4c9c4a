/**
 * The Lua of credits (M3), as `src/core/credits.ts` computes them: a key's balance, refilled at
 * the start of each day or billing month, spent only when the cost fits. Needs the clock library.
 */
export const CREDITS_LIBRARY = `
-- A key's balance, HASH <prefix>:{<tag>}:cr: r what is left, p the refill period it belongs to
-- (-1 without a refill), s the setting it started from. A spec is the record's credits:
-- {remaining = as last set, since = when (epoch ms), amount = the refill amount or nil,
-- every = 'day' or 'month', day = the billing day, balance = the hash of the key whose balance
-- these credits spend (a rotation's keys share one), or nil for the key's own}.

-- The spec of a record's credits (JSON, as src/core/credits.ts stores them).
local function credit_spec_of(json)
  local c = decoded(json)
  local spec = {remaining = tonumber(c.remaining) or 0, since = tonumber(c.since) or 0}
  if type(c.balance) == 'table' and type(c.balance.hash) == 'string' then spec.balance = c.balance.hash end
  if type(c.refill) == 'table' then
    spec.amount, spec.every, spec.day = tonumber(c.refill.amount), c.refill.every, tonumber(c.refill.day) or 1
  end
  return spec
end

-- The refill period of now: a UTC day or a billing month; -1 without a refill.
local function credit_period(spec, now)
  if not spec.amount then return -1 end
  if spec.every == 'day' then return mfloor(now / 86400000) end
  return month_of_second(mfloor(now / 1000) - (spec.day - 1) * 86400)
end

-- Epoch seconds at which the period after period starts; -1 without a refill.
local function credit_refill_at(spec, period)
  if not spec.amount then return -1 end
  if period < 0 then period = 0 end
  if spec.every == 'day' then return (period + 1) * 86400 end
  return month_start_seconds(period + 1) + (spec.day - 1) * 86400
end

-- What is left at now, its period and the setting it started from: a key without a balance, or
-- with one from an earlier setting, starts from the record's in the period of its since; a later
-- refill period sets it to the amount (it does not add); a later period held (a clock stepped
-- back) is kept.
local function credit_balance(key, spec, now)
  local period = credit_period(spec, now)
  local held = redis.call('HMGET', key, 'r', 'p', 's')
  local r, p, s = tonumber(held[1]), tonumber(held[2]), tonumber(held[3])
  if not r or not s or s < spec.since then r, p, s = spec.remaining, credit_period(spec, spec.since), spec.since end
  if spec.amount and period > p then return spec.amount, period, s end
  return r, p, s
end

local function credit_write(key, r, p, s)
  redis.call('HSET', key, 'r', int(r), 'p', int(p), 's', int(s))
end

-- Spends cost when it fits and consume is true, else only reads: {allowed (1/0), left, refill at}.
local function credit_spend(key, spec, now, cost, consume)
  local r, p, s = credit_balance(key, spec, now)
  local allowed = 0
  if cost <= r then allowed = 1 end
  if allowed == 1 and consume and cost > 0 then
    r = r - cost
    credit_write(key, r, p, s)
  end
  return {allowed, r, credit_refill_at(spec, p)}
end

-- The balance of a record's credits: beside minute_key (<prefix>:{<hash>}:rl), or, for a key that
-- spends another's (a rotation), beside that key's record, under the same prefix.
local function credit_key_of(spec, minute_key)
  if not spec.balance then return string.sub(minute_key, 1, -3) .. 'cr' end
  return string.match(minute_key, '^([^{]*):{') .. ':{' .. spec.balance .. '}:cr'
end

-- M3 in the authorize scripts: a record's credits (JSON, or 0 for none) with their balance at
-- now, {spec, key, left, p, s, ok (1 when the request's cost fits)}; nil without credits. A cost
-- of 0 always fits.
local function credit_state_of(json, minute_key, now, cost)
  if json == 0 then return nil end
  local spec = credit_spec_of(json)
  local c = {spec = spec, key = credit_key_of(spec, minute_key), ok = 0}
  c.left, c.p, c.s = credit_balance(c.key, c.spec, now)
  if cost <= c.left then c.ok = 1 end
  return c
end

-- Spends the cost of an admitted request; returns what is left.
local function credit_spend_cost(c, cost)
  if cost > 0 then
    c.left = c.left - cost
    credit_write(c.key, c.left, c.p, c.s)
    if carry then carry[#carry + 1] = {kind = 'c', key = c.key, left = c.left, p = c.p, s = c.s} end
  end
  return c.left
end

-- The credits that end a reply: {admit (1/0), left, refill at (-1: none), seconds until it
-- (0: none), refused the request (1/0)}.
local function credit_reply(c, now, refused)
  local at, wait, r = credit_refill_at(c.spec, c.p), 0, 0
  if at >= 0 then wait = mmax(1, mceil((at * 1000 - now) / 1000)) end
  if refused then r = 1 end
  return {c.ok, c.left, at, wait, r}
end

-- A reply with the key's credits appended, for a key with credits.
local function with_credits(reply, credits)
  if credits then reply[#reply + 1] = credits end
  return reply
end
`
