/**
 * M6 in Lua: whether a client address lies in a key's allowed ranges, as
 * `src/core/address-allowlist.ts` decides it in JavaScript. Both sides compare fixed-width hex
 * strings, so no address is parsed in Redis.
 */
export const ADDRESS_LIBRARY = `
-- M6: whether address (32 hex digits, '' when the request's address is unknown) may use a key
-- whose allowedIps field is ranges: 0 (absent: any address), or hex start/end pairs of 64 digits
-- each, a space, and the entries as JSON. An unknown address, or a field of another shape, allows
-- nothing (fail closed).
local function address_allowed(ranges, address)
  if ranges == 0 then return true end
  if #address ~= 32 then return false end
  local stop = string.find(ranges, ' ', 1, true)
  if not stop then return false end
  for i = 1, stop - 64, 64 do
    if address >= string.sub(ranges, i, i + 31) and address <= string.sub(ranges, i + 32, i + 63) then
      return true
    end
  end
  return false
end
`
