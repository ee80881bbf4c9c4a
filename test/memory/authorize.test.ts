import { describe, expect, it } from 'vitest'
import { composeAuthorize } from '../../src/core/compose-authorize.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import type { AuthorizeInput, KeyStore, RateLimiter } from '../../src/core/types.js'
import { runAuthorizeContract } from '../contracts/authorize.contract.js'
import { runCreditsContract } from '../contracts/credits.contract.js'
import { runCreditsPropertyContract } from '../contracts/credits-property.contract.js'
import { runRotationCreditsContract } from '../contracts/rotation-credits.contract.js'
import { T0, makeStoredKey, randomHash } from '../contracts/fixtures.js'

runRotationCreditsContract('the memory stores', () => ({ stores: createMemoryStores() }))

runAuthorizeContract('composeAuthorize on the memory stores', () => {
  const stores = createMemoryStores()
  return { keys: stores.keys, limiter: stores.limiter, authorize: composeAuthorize(stores) }
})

/** The memory stores behind promises, as a networked store answers: exercises the async path. */
function asyncKeyStore(inner: KeyStore): KeyStore {
  return {
    insert: async (key) => inner.insert(key),
    findByHash: async (hash) => inner.findByHash(hash),
    get: async (id) => inner.get(id),
    list: async (query) => inner.list(query),
    update: async (id, patch) => inner.update(id, patch),
    revokeAll: async (ownerId, at) => inner.revokeAll(ownerId, at),
    revoke: async (id, at) => inner.revoke(id, at),
    shortenExpiry: async (id, expiresAt) => inner.shortenExpiry(id, expiresAt),
    touch: async (id, at) => inner.touch(id, at),
  }
}
function asyncLimiter(inner: RateLimiter): RateLimiter {
  return {
    consume: async (keyId, policy, now, cost) => inner.consume(keyId, policy, now, cost),
    peek: async (keyId, policy, now, cost) => inner.peek(keyId, policy, now, cost),
    consumeAll: async (requests, now, cost) => inner.consumeAll!(requests, now, cost),
    meter: async (groups, cost, now) => inner.meter!(groups, cost, now),
    peekMeter: async (groups, cost, now) => inner.peekMeter!(groups, cost, now),
    charge: async (groups, units, now) => inner.charge!(groups, units, now),
    credits: {
      spend: async (keyId, credits, cost, now, consume) => inner.credits!.spend(keyId, credits, cost, now, consume),
      refund: async (keyId, credits, units, now) => inner.credits!.refund(keyId, credits, units, now),
      charge: async (keyId, credits, units, now) => inner.credits!.charge(keyId, credits, units, now),
      add: async (keyId, credits, units, now) => inner.credits!.add(keyId, credits, units, now),
    },
  }
}

runCreditsContract('composeAuthorize on the memory stores', () => {
  const stores = createMemoryStores()
  return { keys: stores.keys, limiter: stores.limiter, authorize: composeAuthorize(stores) }
})

runCreditsPropertyContract('composeAuthorize on the memory stores', () => {
  const stores = createMemoryStores()
  return { keys: stores.keys, limiter: stores.limiter, authorize: composeAuthorize(stores) }
})

runCreditsContract('composeAuthorize on asynchronous stores', () => {
  const stores = createMemoryStores()
  const keys = asyncKeyStore(stores.keys)
  const limiter = asyncLimiter(stores.limiter)
  return { keys, limiter, authorize: composeAuthorize({ keys, limiter }) }
})

runAuthorizeContract('composeAuthorize on asynchronous stores', () => {
  const stores = createMemoryStores()
  const keys = asyncKeyStore(stores.keys)
  const limiter = asyncLimiter(stores.limiter)
  return { keys, limiter, authorize: composeAuthorize({ keys, limiter }) }
})

const defaults: AuthorizeInput['defaults'] = {
  live: { perMinute: 1000, perMonth: null },
  test: { perMinute: 1, perMonth: 1000 },
}

function input(hashes: string[], overrides: Partial<AuthorizeInput> = {}): AuthorizeInput {
  return { hashes, now: T0, requiredScopes: null, liveOnly: false, consume: true, defaults, ...overrides }
}

describe('composeAuthorize', () => {
  it('answers synchronously on synchronous stores, for every outcome (no promise allocated)', () => {
    const stores = createMemoryStores()
    const authorize = composeAuthorize(stores)
    const live = makeStoredKey({ keyType: 'live', scopes: ['ip'] })
    const test = makeStoredKey({ keyType: 'test' })
    const revoked = makeStoredKey({ revokedAt: T0 - 1 })
    const expired = makeStoredKey({ expiresAt: T0 })
    for (const key of [live, test, revoked, expired]) stores.keys.insert(key)
    const outcomes = [
      authorize(input([randomHash()])),
      authorize(input([revoked.hash])),
      authorize(input([expired.hash])),
      authorize(input([live.hash], { requiredScopes: ['email'] })),
      authorize(input([test.hash], { liveOnly: true })),
      authorize(input([randomHash(), live.hash])),
      authorize(input([live.hash], { consume: false })),
      authorize(input([test.hash])),
      authorize(input([test.hash])),
    ]
    for (const outcome of outcomes) expect(outcome).not.toBeInstanceOf(Promise)
    expect(outcomes.map((outcome) => (outcome instanceof Promise ? 'promise' : outcome.result))).toEqual([
      'unknown',
      'revoked',
      'expired',
      'forbidden',
      'forbidden',
      'ok',
      'ok',
      'ok',
      'ok',
    ])
    expect(outcomes[8]).toMatchObject({ consumed: false, limits: { allowed: false } })
  })

  it('answers with a promise as soon as one store does', async () => {
    const stores = createMemoryStores()
    const key = makeStoredKey()
    stores.keys.insert(key)
    const limiter = asyncLimiter(stores.limiter)
    const outcome = composeAuthorize({ keys: stores.keys, limiter })(input([key.hash]))
    expect(outcome).toBeInstanceOf(Promise)
    expect(await outcome).toMatchObject({ result: 'ok', consumed: true })
    expect(stores.keys.get(key.id)?.lastUsedAt).toBe(T0)
  })

  it('accepts thenables that are not native promises', async () => {
    const stores = createMemoryStores()
    const key = makeStoredKey()
    stores.keys.insert(key)
    const thenable = <T>(value: T): PromiseLike<T> => ({
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is what this test needs
      then: (resolve, reject) => Promise.resolve(value).then(resolve, reject),
    })
    const keys = {
      ...stores.keys,
      findByHash: (hash: string) => thenable(stores.keys.findByHash(hash)),
    } as unknown as KeyStore
    expect(await composeAuthorize({ keys, limiter: stores.limiter })(input([randomHash(), key.hash]))).toMatchObject({
      result: 'ok',
      key: { id: key.id },
    })
  })

  it('R5: a synchronous store fault throws synchronously; an asynchronous one rejects', async () => {
    const stores = createMemoryStores()
    const failing = {
      ...stores.keys,
      findByHash: () => {
        throw new Error('store down')
      },
    } as KeyStore
    expect(() => composeAuthorize({ keys: failing, limiter: stores.limiter })(input([randomHash()]))).toThrow(
      'store down',
    )
    const rejecting = {
      ...stores.keys,
      findByHash: async () => {
        throw new Error('store down')
      },
    } as KeyStore
    await expect(composeAuthorize({ keys: rejecting, limiter: stores.limiter })(input([randomHash()]))).rejects.toThrow(
      'store down',
    )
  })

  it('L4a: the outcome is returned only after lastUsedAt was written', async () => {
    const stores = createMemoryStores()
    const key = makeStoredKey()
    stores.keys.insert(key)
    let touched = false
    const keys: KeyStore = {
      ...stores.keys,
      findByHash: (hash) => stores.keys.findByHash(hash),
      touch: (id, at) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            touched = true
            stores.keys.touch(id, at)
            resolve()
          }, 5),
        ),
    }
    await composeAuthorize({ keys, limiter: stores.limiter })(input([key.hash]))
    expect(touched).toBe(true)
  })

  it('L4a: a rejected request does not call touch', () => {
    const stores = createMemoryStores()
    const key = makeStoredKey({ keyType: 'test' })
    stores.keys.insert(key)
    let touches = 0
    const keys: KeyStore = {
      ...stores.keys,
      findByHash: (hash) => stores.keys.findByHash(hash),
      touch: (id, at) => {
        touches++
        stores.keys.touch(id, at)
      },
    }
    const authorize = composeAuthorize({ keys, limiter: stores.limiter })
    authorize(input([key.hash]))
    authorize(input([key.hash]))
    authorize(input([key.hash], { consume: false }))
    expect(touches).toBe(1)
  })

  it('looks up later hashes only when the earlier ones find nothing', () => {
    const stores = createMemoryStores()
    const key = makeStoredKey()
    stores.keys.insert(key)
    const looked: string[] = []
    const keys: KeyStore = {
      ...stores.keys,
      findByHash: (hash) => {
        looked.push(hash)
        return stores.keys.findByHash(hash)
      },
      touch: (id, at) => stores.keys.touch(id, at),
    }
    const later = randomHash()
    composeAuthorize({ keys, limiter: stores.limiter })(input([key.hash, later]))
    expect(looked).toEqual([key.hash])
  })
})

describe('composeAuthorize with a limiter that has no consumeAll (O7)', () => {
  it('O7: an owned key under owner limits is refused with an error rather than counted inexactly; keys of no owner pass', async () => {
    const stores = createMemoryStores()
    const { consume, peek } = stores.limiter
    const limiter: RateLimiter = { consume: consume.bind(stores.limiter), peek: peek.bind(stores.limiter) }
    const authorize = composeAuthorize({ keys: stores.keys, limiter })
    const owned = makeStoredKey({ ownerId: 'acct' })
    const unowned = makeStoredKey()
    stores.keys.insert(owned)
    stores.keys.insert(unowned)
    const ownerLimits = { policyOf: () => ({ perMinute: 5, perMonth: null }) }
    const input = (hash: string): AuthorizeInput => ({
      hashes: [hash],
      now: T0,
      requiredScopes: null,
      liveOnly: false,
      consume: true,
      defaults,
      ownerLimits,
    })
    await expect(Promise.resolve().then(() => authorize(input(owned.hash)))).rejects.toThrow(
      'owner limits need a RateLimiter with consumeAll()',
    )
    expect(await authorize(input(unowned.hash))).toMatchObject({ result: 'ok', consumed: true })
  })
})
