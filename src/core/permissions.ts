/**
 * Permissions: which scopes a key holds. A held scope may end in a wildcard segment: `reports.*`
 * holds `reports.read` and `reports.export.csv`, and `*` alone holds every scope. The Redis
 * script decides the same (`src/stores/redis/scripts/scope-library.ts`).
 */
/** What a scope name must match: a lowercase letter, then up to 63 of `a-z 0-9 : . _ -`. */
export const SCOPE_PATTERN = /^[a-z][a-z0-9:._-]{0,63}$/
/** What a key's own scope may be: a scope name, one ending in the wildcard segment `.*`, or `*` (every scope). */
export const KEY_SCOPE_PATTERN = /^(?:\*|[a-z][a-z0-9:._-]{0,61}\.\*|[a-z][a-z0-9:._-]{0,63})$/

/** Whether the held scope grants `wanted` (a scope name; anything else is never granted). */
function grants(held: string, wanted: string): boolean {
  if (held === wanted || held === '*') return true
  if (!held.endsWith('.*')) return false
  const stem = held.slice(0, -1)
  return wanted.length > stem.length && wanted.startsWith(stem)
}

/** Whether scopes `held` cover the scope `wanted`. */
export function scopeCovered(held: readonly string[], wanted: string): boolean {
  if (!SCOPE_PATTERN.test(wanted)) return false
  for (let i = 0; i < held.length; i++) if (grants(held[i]!, wanted)) return true
  return false
}

/** The first of `required` that `holds` says is not held, or undefined when all are. */
export function firstUncovered(holds: (name: string) => boolean, required: readonly string[] | null | undefined) {
  if (required == null) return undefined
  for (const scope of required) if (!holds(scope)) return scope
  return undefined
}
