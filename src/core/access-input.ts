/**
 * The access fields of a key record, checked as `keys.create`, `keys.update` and imports take
 * them: `enabled` (suspend and resume).
 */
import { KeyInputError } from './errors.js'

/** `enabled`: true or false; absent keeps `fallback`. */
export function validateEnabled(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw new KeyInputError('enabled', 'enabled must be true or false')
  return value
}
