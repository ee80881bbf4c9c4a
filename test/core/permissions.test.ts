/**
 * M7: a key's scopes may end in a wildcard segment; `*` covers every scope.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { validateCreateKeyInput } from '../../src/core/key-input.js'
import { firstUncovered, scopeCovered } from '../../src/core/permissions.js'

describe('wildcard scopes (M7)', () => {
  it('M7: reports.* covers reports.read and reports.export.csv, not reports or reportsx.read', () => {
    const held = ['reports.*']
    expect(scopeCovered(held, 'reports.read')).toBe(true)
    expect(scopeCovered(held, 'reports.export.csv')).toBe(true)
    expect(scopeCovered(held, 'reports')).toBe(false)
    expect(scopeCovered(held, 'reports.')).toBe(false)
    expect(scopeCovered(held, 'reportsx.read')).toBe(false)
  })

  it('M7: * covers every scope name; null scopes cover everything; an invalid name is never covered by a wildcard', () => {
    expect(scopeCovered(['*'], 'billing:admin')).toBe(true)
    expect(scopeCovered(null, 'Anything At All')).toBe(true)
    expect(scopeCovered(['*'], 'Not A Scope')).toBe(false)
    expect(firstUncovered(['ip', 'reports.*'], ['ip', 'reports.read', 'email'])).toBe('email')
    expect(firstUncovered(['ip'], null)).toBeUndefined()
  })

  it('M7: a key may hold wildcard scopes; a wildcard anywhere but the last segment is refused naming scopes', () => {
    const now = Date.UTC(2026, 0, 1)
    expect(validateCreateKeyInput({ name: 'k', scopes: ['*', 'reports.*', 'a.b.*'] }, now).scopes).toEqual([
      '*',
      'reports.*',
      'a.b.*',
    ])
    for (const scope of ['reports*', '*.read', 'reports.*.csv', '.*', '**']) {
      expect(() => validateCreateKeyInput({ name: 'k', scopes: [scope] }, now), scope).toThrow(KeyInputError)
    }
  })
})
