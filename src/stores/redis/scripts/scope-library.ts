/**
 * L6, M7 in Lua: whether a key's stored scopes hold a scope a route requires, a held scope ending
 * in a wildcard segment (`reports.*`, or `*` alone) holding every scope under it, as
 * `src/core/permissions.ts` decides it in JavaScript.
 */
export const SCOPE_LIBRARY = `
-- Whether held(name) is true for scope or for a wildcard that covers it: '*', and for each '.'
-- in scope (not its last character) the part up to it followed by '*' ('reports.*' covers
-- 'reports.read' and 'reports.export.csv').
local function covered(held, scope)
  if held(scope) or held('*') then return true end
  local at = string.find(scope, '.', 1, true)
  while at and at < #scope do
    if held(string.sub(scope, 1, at) .. '*') then return true end
    at = string.find(scope, '.', at + 1, true)
  end
  return false
end

-- held(name) for the key's scopes: a JSON array of strings. Without a backslash in it every string
-- is stored as it is and every quote delimits one, so a scope name (it starts with a letter and
-- holds no quote) is held exactly when it appears in quotes; anything else is decoded.
-- A record without scopes (never written so) holds none: a damaged record fails closed.
local function holder(scopes)
  if scopes == 0 then return function() return false end end
  if string.find(scopes, '\\\\', 1, true) then
    local set = {}
    for _, name in ipairs(cjson.decode(scopes)) do set[name] = true end
    return function(name) return set[name] end
  end
  return function(name) return string.find(scopes, '"' .. name .. '"', 1, true) end
end

-- Whether a required name is held: token is the name (a scope name, never anything else), then,
-- space-separated, the roles that grant it; it is held when the key's scopes cover it or the
-- key's roles (a JSON array of role names; 0: none) hold one of those roles.
local function name_held(held, roles, token)
  local space = string.find(token, ' ', 1, true)
  local name = space and string.sub(token, 1, space - 1) or token
  if not string.find(name, '^[a-z][a-z0-9:._%-]*$') then return false end
  if covered(held, name) then return true end
  if not space or roles == 0 then return false end
  for role in string.gmatch(string.sub(token, space + 1), '%S+') do
    if string.find(roles, '"' .. role .. '"', 1, true) then return true end
  end
  return false
end

-- L6: whether the key's scopes or roles hold each of A[from] .. A[to].
local function scopes_held(scopes, roles, A, from, to)
  if from > to then return true end
  local held = holder(scopes)
  for i = from, to do
    if not name_held(held, roles, A[i]) then return false end
  end
  return true
end

-- M7: whether the key's scopes and roles satisfy the permission query A[from] .. A[to]: names and the
-- operators '&', '|', '!' in postfix order, evaluated on a stack.
local function query_held(scopes, roles, A, from, to)
  local held = holder(scopes)
  local stack, n = {}, 0
  for i = from, to do
    local token = A[i]
    if token == '&' then
      n = n - 1
      stack[n] = stack[n] and stack[n + 1]
    elseif token == '|' then
      n = n - 1
      stack[n] = stack[n] or stack[n + 1]
    elseif token == '!' then
      stack[n] = not stack[n]
    else
      n = n + 1
      stack[n] = name_held(held, roles, token) and true or false
    end
  end
  return n == 1 and stack[1] == true
end
`
