/**
 * M7: roles the host defines (`createKeyward({ roles })`), given to keys by name; a key holds its
 * own scopes and its roles' scopes, read when a request is decided.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { createTestKeyward } from '../../src/testing.js'

const roles = { analyst: ['reports.read', 'billing.read'], admin: ['*'] }
const reports = { permissions: 'reports.read AND (billing.read OR billing.admin)' }

describe('roles (M7)', () => {
  it('M7: a key with the analyst role meets reports.read AND (billing.read OR billing.admin); without it, 403 naming the query', async () => {
    const t = createTestKeyward({ roles })
    const analyst = await t.issueLiveKey({ scopes: [], roles: ['analyst'] })
    expect(analyst.record.roles).toEqual(['analyst'])
    expect((await t.authenticateKey(analyst.key, reports)).ok).toBe(true)
    const plain = await t.issueLiveKey({ scopes: ['reports.read'] })
    const refused = await t.authenticateKey(plain.key, reports)
    if (refused.ok) throw new Error('a key without the permission was admitted')
    expect(refused.response.status).toBe(403)
    expect(refused.error.message).toBe(
      'This API key lacks the permission this route requires: reports.read AND (billing.read OR billing.admin).',
    )
  })

  it('M7: a role that is not defined is refused at create and update, naming roles; nothing is stored', async () => {
    const t = createTestKeyward({ roles })
    await expect(t.issueLiveKey({ roles: ['analyst', 'owner'] })).rejects.toMatchObject({
      field: 'roles',
      message: 'roles: "owner" is not a role (defined: analyst, admin)',
    })
    expect((await t.keyward.keys.list()).keys).toHaveLength(0)
    const { record } = await t.issueLiveKey()
    await expect(t.keyward.keys.update(record.id, { roles: ['Root'] })).rejects.toBeInstanceOf(KeyInputError)
    await expect(t.keyward.keys.update(record.id, { roles: ['owner'] })).rejects.toMatchObject({ field: 'roles' })
    expect((await t.keyward.keys.get(record.id))?.roles).toBeNull()
    expect((await t.keyward.keys.update(record.id, { roles: ['admin'] })).roles).toEqual(['admin'])
  })

  it('M7: without roles defined, any role is refused', async () => {
    const t = createTestKeyward()
    await expect(t.issueLiveKey({ roles: ['analyst'] })).rejects.toMatchObject({
      message: 'roles: "analyst" is not a role (none are defined)',
    })
  })

  it('M7: bad roles options throw a TypeError naming the option', () => {
    expect(() => createTestKeyward({ roles: ['analyst'] as never })).toThrow(
      'keyward: option "roles" must be an object',
    )
    expect(() => createTestKeyward({ roles: { Analyst: [] } })).toThrow('keyward: option "roles" names roles matching')
    expect(() => createTestKeyward({ roles: { analyst: ['reports.*.csv'] } })).toThrow(
      'keyward: option "roles.analyst" must be an array',
    )
  })

  it('M7: a route scope is held through a role too, wildcards included', async () => {
    const t = createTestKeyward({ roles })
    const admin = await t.issueLiveKey({ scopes: [], roles: ['admin'] })
    expect((await t.authenticateKey(admin.key, { scopes: ['billing.admin', 'ip'] })).ok).toBe(true)
    const analyst = await t.issueLiveKey({ scopes: [], roles: ['analyst'] })
    const refused = await t.authenticateKey(analyst.key, { scopes: ['billing.read', 'ip'] })
    expect(refused.ok ? 'ok' : refused.error.message).toBe(
      'This API key has no access to this resource: it lacks the "ip" scope.',
    )
  })
})
