/**
 * O8: reading the dashboard guard's answer as a principal. Only the shapes documented admit; any
 * other value is nobody, so a guard that returns the wrong thing fails closed instead of open.
 */
import { OWNER_ID_PATTERN } from '../core/key-input.js'
import { DASHBOARD_OWNER_MESSAGES } from './messages.js'
import type { Principal } from './types.js'

const ADMIN: Principal = Object.freeze({ role: 'admin' })

/** What is wrong with a guard answer, in words that hold nothing of its value. */
type Problem = string

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The principal a guard answer stands for, null for nobody, or the problem that makes it nobody. */
export function readPrincipal(result: unknown): Principal | null | { problem: Problem } {
  if (result === true) return ADMIN
  if (!result) return null
  if (!isObject(result)) return { problem: Array.isArray(result) ? 'an array' : `a ${typeof result}` }
  const { role, ownerId } = result
  if (ownerId === undefined) {
    return role === 'admin' ? ADMIN : { problem: 'an object with neither ownerId nor role: "admin"' }
  }
  if (role !== undefined) return { problem: 'an object with both role and ownerId' }
  if (typeof ownerId !== 'string')
    return { problem: `an ownerId that is ${ownerId === null ? 'null' : `a ${typeof ownerId}`}, not a string` }
  if (!OWNER_ID_PATTERN.test(ownerId)) {
    return { problem: 'an ownerId that is not 1 to 128 characters of letters, digits and . _ : @ -' }
  }
  return { role: 'owner', ownerId }
}

/**
 * The guard's answer as a principal; a malformed one is nobody, and the host's console hears of
 * each kind of mistake once (a guard bug repeats on every request; one line is enough).
 */
export function createPrincipalReader(warn: (message: string) => void = (message) => console.warn(message)) {
  const warned = new Set<Problem>()
  return function principalOf(result: unknown): Principal | null {
    const read = readPrincipal(result)
    if (read === null || !('problem' in read)) return read
    if (!warned.has(read.problem)) {
      warned.add(read.problem)
      warn(DASHBOARD_OWNER_MESSAGES.guardResult(read.problem))
    }
    return null
  }
}
