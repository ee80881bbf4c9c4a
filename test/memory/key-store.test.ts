import { describe, expect, it } from 'vitest'
import { createMemoryKeyStore } from '../../src/stores/memory/key-store.js'
import { generateKey, generateKeyId, hashKey } from '../../src/core/key-format.js'
import type { StoredKey } from '../../src/core/types.js'
import { runKeyStoreContract } from '../contracts/key-store.contract.js'
import { T0, makeStoredKey } from '../contracts/fixtures.js'
import { liveHeapBytes } from './heap.js'

runKeyStoreContract('memory', () => ({ store: createMemoryKeyStore() }))

describe('createMemoryKeyStore', () => {
  it('answers every call synchronously (no promise on the hot path)', () => {
    const store = createMemoryKeyStore()
    const key = makeStoredKey()
    expect(store.insert(key)).toBeUndefined()
    for (const answer of [
      store.findByHash(key.hash),
      store.get(key.id),
      store.list({ limit: 10, now: T0 }),
      store.update(key.id, { name: 'x' }),
      store.revokeAll('acct', T0),
      store.revoke(key.id, T0),
      store.shortenExpiry(key.id, T0),
      store.touch(key.id, T0),
    ]) {
      expect(answer).not.toBeInstanceOf(Promise)
    }
  })

  it('a duplicate insert throws synchronously, naming the clashing id', () => {
    const store = createMemoryKeyStore()
    const key = makeStoredKey()
    store.insert(key)
    expect(() => store.insert({ ...key, hash: 'f'.repeat(64) })).toThrow(key.id)
    expect(() => store.insert({ ...key, id: generateKeyId() })).toThrow('hash')
    expect(store.size).toBe(1)
  })

  it('K5: changing the caller’s scopes array after insert does not change the stored key', () => {
    const store = createMemoryKeyStore()
    const scopes = ['ip']
    const limits = { perMinute: 5 }
    const key = makeStoredKey({ scopes, limits })
    store.insert(key)
    scopes.push('admin')
    limits.perMinute = 5000
    expect(store.get(key.id)?.scopes).toEqual(['ip'])
    expect(store.get(key.id)?.limits).toEqual({ perMinute: 5 })
  })

  it('K5: stored scopes and limits are frozen, so a reader cannot widen a key by mutating them', () => {
    const store = createMemoryKeyStore()
    const key = makeStoredKey({ scopes: ['ip'], limits: { perMinute: 5 } })
    store.insert(key)
    const found = store.get(key.id)!
    expect(Object.isFrozen(found.scopes)).toBe(true)
    expect(Object.isFrozen(found.limits)).toBe(true)
  })

  it('keeps only the contract’s fields of an inserted object', () => {
    const store = createMemoryKeyStore()
    const key = { ...makeStoredKey(), fullKey: 'svc_live_secret' } as StoredKey
    store.insert(key)
    expect(store.get(key.id)).not.toHaveProperty('fullKey')
  })

  it('size counts the keys held', () => {
    const store = createMemoryKeyStore()
    for (let i = 0; i < 3; i++) store.insert(makeStoredKey())
    expect(store.size).toBe(3)
  })

  it('holds a key in under 640 bytes of heap, strings and map entries included (100,000 keys; target 1 KiB RSS)', () => {
    const count = 100_000
    const before = liveHeapBytes()
    const store = createMemoryKeyStore()
    for (let i = 0; i < count; i++) {
      const keyType = i % 5 === 0 ? 'test' : 'live'
      const full = generateKey(keyType)
      store.insert({
        id: generateKeyId(),
        hash: hashKey(full),
        name: `Customer ${i} production`,
        keyType,
        last4: full.slice(-4),
        createdAt: T0 + i,
        expiresAt: i % 3 === 0 ? T0 + 86_400_000 : null,
        revokedAt: null,
        lastUsedAt: i % 2 === 0 ? T0 + i : null,
        scopes: i % 10 === 0 ? ['ip', 'email'] : [],
        limits: i % 10 === 0 ? { perMinute: 100 } : null,
        ownerId: `acct_${i % 1000}`,
        meta: i % 10 === 0 ? { plan: 'pro' } : null,
        enabled: true,
        allowedIps: null,
        roles: null,
        credits: null,
      })
    }
    const perKey = (liveHeapBytes() - before) / count
    expect(store.size).toBe(count)
    expect(perKey).toBeLessThan(640)
    // Recorded for the report of the memory target; the bound above is what the test enforces.
    console.info(`memory key store: ${perKey.toFixed(0)} bytes of heap per key`)
  })
})
