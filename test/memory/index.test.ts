import { describe, expect, it } from 'vitest'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { T0 } from '../contracts/fixtures.js'

describe('createMemoryStores', () => {
  it('bundles a key store, a limiter, a usage log, the outcome counters and the audit log (N5) and the webhook outbox, with no fused authorize (the core composes)', () => {
    const stores = createMemoryStores()
    expect(Object.keys(stores).sort()).toEqual(['analytics', 'audit', 'keys', 'limiter', 'outbox', 'usage'])
    expect(stores.authorize).toBeUndefined()
  })

  it('each call makes independent stores', () => {
    const first = createMemoryStores()
    const second = createMemoryStores()
    first.limiter.consume('key_a', { perMinute: 1, perMonth: null }, T0)
    expect(second.limiter.consume('key_a', { perMinute: 1, perMonth: null }, T0).allowed).toBe(true)
  })

  it('passes the usage and limiter options through', () => {
    const stores = createMemoryStores({ usage: { maxEntries: 1 } })
    for (const requestId of ['req_1', 'req_2']) {
      stores.usage.append({
        keyId: 'key_a',
        ownerId: null,
        requestId,
        timestamp: new Date(T0).toISOString(),
        method: 'GET',
        path: '/',
        status: 200,
        code: null,
        ip: null,
        country: null,
      })
    }
    expect(stores.usage.size).toBe(1)
    expect(() => createMemoryStores({ limiter: { sweepEvery: -1 } })).toThrow(/"sweepEvery"/)
  })
})
