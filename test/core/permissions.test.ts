/**
 * M7: a key's scopes may end in a wildcard segment (`*` covers every scope), and a route's
 * permission query is parsed into postfix order with AND, OR, NOT and parentheses.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { validateCreateKeyInput } from '../../src/core/key-input.js'
import { PermissionQueryError, parsePermissionQuery, queryHolds } from '../../src/core/permission-query.js'
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

  it('M7: * covers every scope name; an invalid name is never covered by a wildcard', () => {
    expect(scopeCovered(['*'], 'billing:admin')).toBe(true)
    expect(scopeCovered(['*'], 'Not A Scope')).toBe(false)
    expect(firstUncovered((name) => scopeCovered(['ip', 'reports.*'], name), ['ip', 'reports.read', 'email'])).toBe(
      'email',
    )
    expect(firstUncovered(() => false, null)).toBeUndefined()
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

describe('permission queries (M7)', () => {
  it('M7: AND binds tighter than OR, NOT tightest; parentheses group', () => {
    expect(parsePermissionQuery('a OR b AND c').postfix).toEqual(['a', 'b', 'c', '&', '|'])
    expect(parsePermissionQuery('(a OR b) AND c').postfix).toEqual(['a', 'b', '|', 'c', '&'])
    expect(parsePermissionQuery('NOT a AND b').postfix).toEqual(['a', '!', 'b', '&'])
    expect(parsePermissionQuery('NOT (a AND b)').postfix).toEqual(['a', 'b', '&', '!'])
    expect(parsePermissionQuery('reports.read AND (billing.read OR billing.admin)').postfix).toEqual([
      'reports.read',
      'billing.read',
      'billing.admin',
      '|',
      '&',
    ])
  })

  it('M7: evaluates over what the key holds', () => {
    const q = parsePermissionQuery('reports.read AND (billing.read OR billing.admin)')
    const holding = (names: string[]) => (name: string) => names.includes(name)
    expect(queryHolds(q, holding(['reports.read', 'billing.admin']))).toBe(true)
    expect(queryHolds(q, holding(['reports.read']))).toBe(false)
    expect(queryHolds(parsePermissionQuery('NOT a'), holding([]))).toBe(true)
  })

  const bad: [unknown, RegExp][] = [
    ['', /non-empty/],
    ['a AND', /expected a permission name .* at the end/],
    ['(a OR b', /expected "\)" at the end/],
    ['a b', /expected AND, OR or the end at "b"/],
    ['a and b', /expected AND, OR or the end at "and"/],
    ['Reports', /expected a permission name/],
    ['a AND reports.*', /expected a permission name .* at "reports\.\*"/],
    ['a OR )', /expected a permission name/],
    [42, /non-empty string/],
    [Array.from({ length: 51 }, (_, i) => `s${i}`).join(' OR '), /more than 50 permission names/],
  ]
  for (const [text, message] of bad) {
    it(`M7: ${JSON.stringify(text).slice(0, 40)} is refused: ${message.source}`, () => {
      expect(() => parsePermissionQuery(text)).toThrow(PermissionQueryError)
      expect(() => parsePermissionQuery(text)).toThrow(message)
    })
  }
})
