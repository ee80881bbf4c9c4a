/**
 * The key manager's `findByKey`, which the secret scanning endpoint (W3) looks reported keys up
 * with: the record of a full key whatever its status, found under the current or a previous
 * pepper (K3), and nothing for a key that fails the format (K1, K2), without a store lookup.
 */
import { describe, expect, it } from 'vitest'
import { generateKey } from '../../src/core/key-format.js'
import { createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'

const OLD_PEPPER = 'old-pepper-0123456789-0123456789-0123'
const NEW_PEPPER = 'new-pepper-0123456789-0123456789-0123'

describe('keys.findByKey', () => {
  it('K3: finds a key stored under a previous pepper, and one under the current pepper', async () => {
    const stores = createMemoryStores()
    const before = createKeyward({ stores, pepper: OLD_PEPPER })
    const old = await before.keys.create({ name: 'made under the old pepper' })
    const after = createKeyward({ stores, pepper: { current: NEW_PEPPER, previous: [OLD_PEPPER] } })
    const fresh = await after.keys.create({ name: 'made under the new pepper' })
    expect((await after.keys.findByKey(old.key))?.id).toBe(old.record.id)
    expect((await after.keys.findByKey(fresh.key))?.id).toBe(fresh.record.id)
    // Without the old pepper, the old key is not found.
    expect(await createKeyward({ stores, pepper: NEW_PEPPER }).keys.findByKey(old.key)).toBeUndefined()
  })

  it('K6: a revoked key is found, with its status', async () => {
    const keyward = createKeyward()
    const created = await keyward.keys.create({ name: 'revoked' })
    await keyward.keys.revoke(created.record.id)
    expect((await keyward.keys.findByKey(created.key))?.status).toBe('revoked')
  })

  it('K2: a key with a bad checksum, another prefix or no record gives undefined; only the well-formed one is looked up', async () => {
    const stores = createMemoryStores()
    const looked: string[] = []
    const findByHash = stores.keys.findByHash.bind(stores.keys)
    stores.keys.findByHash = (hash) => {
      looked.push(hash)
      return findByHash(hash)
    }
    const keyward = createKeyward({ stores })
    const unknown = generateKey('test')
    for (const key of [`${unknown.slice(0, -1)}!`, generateKey('live', 'acme'), 'svc_live_****abcd', unknown])
      expect(await keyward.keys.findByKey(key)).toBeUndefined()
    expect(looked.length).toBe(1)
  })
})
