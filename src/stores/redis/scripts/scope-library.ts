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

-- Whether the key's scopes (a JSON array of strings; 0: null, every scope) hold each of
-- A[from] .. A[to]. Without a backslash in the JSON every string is stored as it is and every
-- quote delimits one, so a scope name (it starts with a letter and holds no quote) is held exactly
-- when it appears in quotes; anything else is decoded.
local function scopes_held(scopes, A, from, to)
  if from > to or scopes == 0 then return true end
  local held
  if string.find(scopes, '\\\\', 1, true) then
    local set = {}
    for _, name in ipairs(cjson.decode(scopes)) do set[name] = true end
    held = function(name) return set[name] end
  else
    held = function(name) return string.find(scopes, '"' .. name .. '"', 1, true) end
  end
  for i = from, to do
    if not string.find(A[i], '^[a-z][a-z0-9:._%-]*$') or not covered(held, A[i]) then return false end
  end
  return true
end
`
