import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../src/core/clock.js'
import { createFailedAuthGuard } from '../../src/core/failed-auth-guard.js'
import { generateKey } from '../../src/core/key-format.js'
import { type AuthDecision, createKeyward } from '../../src/keyward.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { createTestKeyward } from '../../src/testing.js'
import type { KeywardStores } from '../../src/core/types.js'

const bad = () => `Bearer ${generateKey('live')}`

describe('failed-authentication guard (E7)', () => {
  it('E7: after 60 failed authentications in a minute, every request from the address gets 429, valid keys included', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey()
    for (let i = 0; i < 60; i++) {
      const d = await t.authenticate({ headers: { authorization: bad() }, ip: '198.51.100.7' })
      expect(d.ok ? 200 : d.response.status).toBe(401)
    }
    for (const authorization of [bad(), `Bearer ${key}`, undefined]) {
      const d = await t.authenticate({ headers: { authorization }, ip: '198.51.100.7' })
      if (d.ok) throw new Error('a blocked address was let through')
      expect([d.response.status, d.error.code]).toEqual([429, 'rate_limited'])
      expect(d.error.message.startsWith('Too many failed authentication attempts')).toBe(true)
      expect(Number(d.response.headers['Retry-After'])).toBeGreaterThan(0)
      expect(d.response.headers['X-RateLimit-Limit']).toBeUndefined()
    }
  })

  it('E7: other addresses are not affected, and the block lifts when the window frees', async () => {
    const t = createTestKeyward({ failedAuthLimit: 3 })
    const { key } = await t.issueLiveKey()
    for (let i = 0; i < 3; i++) await t.authenticate({ headers: { authorization: bad() }, ip: '203.0.113.1' })
    expect((await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '203.0.113.1' })).ok).toBe(false)
    expect((await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '203.0.113.2' })).ok).toBe(true)
    const blocked = await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '203.0.113.1' })
    const retryAfter = Number(!blocked.ok && blocked.response.headers['Retry-After'])
    t.clock.advance(retryAfter * 1000)
    expect((await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '203.0.113.1' })).ok).toBe(true)
  })

  it("E7: the guard touches no key's counters", async () => {
    const t = createTestKeyward({ failedAuthLimit: 2 })
    const { key } = await t.issueTestKey()
    for (let i = 0; i < 5; i++) await t.authenticate({ headers: { authorization: bad() }, ip: '192.0.2.9' })
    await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.9' })
    const d = await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.10' })
    if (!d.ok) throw new Error(d.response.body)
    expect(d.headers['X-RateLimit-Remaining']).toBe('9')
    expect(d.headers['X-Quota-Remaining']).toBe('999')
  })

  it('E7: successes, 403 and 429 do not count as failed authentications', async () => {
    const t = createTestKeyward({ failedAuthLimit: 2 })
    const { key } = await t.issueTestKey({ scopes: [] })
    for (let i = 0; i < 12; i++) await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.20' })
    for (let i = 0; i < 5; i++)
      await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.20' }, { scopes: ['ip'] })
    const d = await t.authenticate(
      { headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.20' },
      { consume: false },
    )
    expect(d.ok).toBe(true)
  })

  it('E7: failedAuthLimit 0 turns the guard off', async () => {
    const t = createTestKeyward({ failedAuthLimit: 0 })
    for (let i = 0; i < 200; i++) await t.authenticate({ headers: { authorization: bad() }, ip: '192.0.2.30' })
    const d = await t.authenticate({ headers: { authorization: bad() }, ip: '192.0.2.30' })
    expect(d.ok ? 200 : d.response.status).toBe(401)
  })

  it('E7: a limiter fault while counting failures does not change the 401', async () => {
    const stores = createMemoryStores()
    const errors: unknown[] = []
    const t = createTestKeyward({
      stores: {
        ...stores,
        limiter: {
          ...stores.limiter,
          consume: () => {
            throw new Error('down')
          },
        },
      },
      onError: (e) => errors.push(e),
    })
    const d = await t.authenticate({ headers: { authorization: bad() }, ip: '192.0.2.40' })
    expect(d.ok ? 200 : d.response.status).toBe(401)
    expect(errors).toHaveLength(1)
  })

  it('E7: a bad failedAuthLimit throws at setup naming the option', () => {
    expect(() => createTestKeyward({ failedAuthLimit: -1 })).toThrow(/failedAuthLimit/)
    expect(() => createTestKeyward({ failedAuthLimit: 1.5 })).toThrow(TypeError)
  })
})

describe('failed-authentication guard under concurrency (E7)', () => {
  it('E7: a concurrent burst on an asynchronous store gets exactly `limit` 401s, the rest 429', async () => {
    const stores = createMemoryStores()
    const slow = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 2))
    const t = createTestKeyward({
      failedAuthLimit: 5,
      stores: {
        ...stores,
        keys: { ...stores.keys, findByHash: (hash) => slow(stores.keys.findByHash(hash)) },
        limiter: { ...stores.limiter, consume: (id, policy, now) => slow(stores.limiter.consume(id, policy, now)) },
      },
    })
    const results = await Promise.all(
      Array.from({ length: 40 }, () => t.authenticate({ headers: { authorization: bad() }, ip: '192.0.2.77' })),
    )
    const statuses = results.map((d) => (d.ok ? 200 : d.response.status))
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(35)
  })
})

const status = (d: AuthDecision) => (d.ok ? 200 : d.response.status)

describe('failed-authentication guard: one budget per client (E7)', () => {
  it('E7: seven spellings of one IPv6 address share one budget', async () => {
    const spellings = [
      '2001:db8::1',
      '2001:0db8:0:0:0:0:0:1',
      '2001:DB8::1',
      '2001:0DB8:0000:0000:0000:0000:0000:0001',
      '2001:db8::1%eth0',
      '2001:db8::0.0.0.1',
      '[2001:db8::1]',
    ]
    const t = createTestKeyward({ failedAuthLimit: spellings.length })
    const { key } = await t.issueLiveKey()
    for (const ip of spellings)
      expect(status(await t.authenticate({ headers: { authorization: bad() }, ip })), ip).toBe(401)
    for (const ip of spellings) {
      const d = await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip })
      expect(d.ok ? 200 : [d.response.status, d.error.code], ip).toEqual([429, 'rate_limited'])
    }
  })

  it('E7: every address of one IPv6 /64 shares its budget; another /64 has its own', async () => {
    const t = createTestKeyward({ failedAuthLimit: 3 })
    const { key } = await t.issueLiveKey()
    for (const ip of ['2001:db8:0:7::1', '2001:db8:0:7::2', '2001:db8:0:7:ffff:ffff:ffff:ffff']) {
      expect(status(await t.authenticate({ headers: { authorization: bad() }, ip }))).toBe(401)
    }
    expect(
      status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '2001:db8:0:7:abcd::9' })),
    ).toBe(429)
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '2001:db8:0:8::1' }))).toBe(
      200,
    )
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '2001:db8:1:7::1' }))).toBe(
      200,
    )
  })

  it('E7: an IPv4-mapped IPv6 address, dotted or hex, counts as its IPv4 address', async () => {
    const t = createTestKeyward({ failedAuthLimit: 3 })
    const { key } = await t.issueLiveKey()
    for (const ip of ['::ffff:192.0.2.50', '::FFFF:c000:232', '0:0:0:0:0:ffff:192.0.2.50']) {
      expect(status(await t.authenticate({ headers: { authorization: bad() }, ip }))).toBe(401)
    }
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.50' }))).toBe(429)
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.51' }))).toBe(200)
  })

  it('E7: an address that is not an IP address is counted as it is, bounded in length', async () => {
    const t = createTestKeyward({ failedAuthLimit: 2 })
    const { key } = await t.issueLiveKey()
    const prefix = 'not-an-address-'.padEnd(64, 'x')
    await t.authenticate({ headers: { authorization: bad() }, ip: `${prefix}1` })
    await t.authenticate({ headers: { authorization: bad() }, ip: `${prefix}2` })
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: `${prefix}3` }))).toBe(429)
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: 'another' }))).toBe(200)
  })
})

describe('failed-authentication guard on a shared limiter (E7)', () => {
  /**
   * Two keyward instances on one set of composed stores whose limiter says it is shared, as a
   * limiter another process also counts in would: neither instance's guard sees the other's failures.
   */
  function twoInstances(limit: number) {
    const clock = createManualClock()
    const memory = createMemoryStores()
    const lookups = { a: 0, b: 0 }
    const limiter = { consume: memory.limiter.consume, peek: memory.limiter.peek, shared: true }
    const storesFor = (name: 'a' | 'b'): KeywardStores => ({
      keys: {
        ...memory.keys,
        findByHash: (hash) => {
          lookups[name]++
          return memory.keys.findByHash(hash)
        },
      },
      limiter,
      usage: memory.usage,
    })
    const a = createKeyward({ stores: storesFor('a'), clock, failedAuthLimit: limit })
    const b = createKeyward({ stores: storesFor('b'), clock, failedAuthLimit: limit })
    return { a, b, clock, lookups }
  }

  it('E7: failures on instance B up to the limit block the address on instance A, which saw none: a valid key gets 429 with Retry-After before any key is looked up', async () => {
    const { a, b, clock, lookups } = twoInstances(3)
    const { key } = await a.keys.create({ name: 'valid' })
    for (let i = 0; i < 3; i++)
      expect(status(await b.authenticate({ authorization: bad(), ip: '2001:db8::5' }))).toBe(401)
    clock.advance(10_000)
    const d = await a.authenticate({ authorization: `Bearer ${key}`, ip: '2001:0db8::77' })
    if (d.ok) throw new Error('a valid key was admitted from an address blocked on another instance')
    expect([d.response.status, d.error.code]).toEqual([429, 'rate_limited'])
    expect(d.error.message).toMatch(/^Too many failed authentication attempts/)
    expect(Number(d.response.headers['Retry-After'])).toBeGreaterThanOrEqual(50)
    expect(Number(d.response.headers['Retry-After'])).toBeLessThanOrEqual(51)
    expect(d.response.headers['X-RateLimit-Limit']).toBeUndefined()
    expect(lookups.a).toBe(0)
    // Another address is not affected, and the block lifts when the window frees.
    expect(status(await a.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8:1::5' }))).toBe(200)
    clock.advance(Number(d.response.headers['Retry-After']) * 1000)
    expect(status(await a.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8::5' }))).toBe(200)
  })

  it("E7: the shared check reads the count and never adds to it, nor to the key's counters", async () => {
    const { a, b } = twoInstances(3)
    const { key } = await a.keys.create({ name: 'valid', keyType: 'test' })
    for (let i = 0; i < 2; i++) await b.authenticate({ authorization: bad(), ip: '198.51.100.9' })
    for (let i = 0; i < 5; i++)
      expect(status(await a.authenticate({ authorization: `Bearer ${key}`, ip: '198.51.100.9' }))).toBe(200)
    // Still one failure short of the limit, on both instances.
    expect(status(await a.authenticate({ authorization: bad(), ip: '198.51.100.9' }))).toBe(401)
    const d = await b.authenticate({ authorization: `Bearer ${key}`, ip: '198.51.100.9' })
    expect(status(d)).toBe(429)
    const elsewhere = await a.authenticate({ authorization: `Bearer ${key}`, ip: '198.51.100.10' })
    if (!elsewhere.ok) throw new Error(elsewhere.response.body)
    expect(elsewhere.headers['X-RateLimit-Remaining']).toBe('4')
  })

  it("C5/R5: a shared limiter that fails while the address is checked refuses nothing (200, reported); one that fails to count the key's own limits gives 500, never the handler", async () => {
    const memory = createMemoryStores()
    const heard: unknown[] = []
    const peekDown = createTestKeyward({
      stores: {
        ...memory,
        limiter: { ...memory.limiter, peek: () => Promise.reject(new Error('down')), shared: true },
      },
      onError: (error) => heard.push(error),
    })
    const { key } = await peekDown.issueLiveKey()
    const admitted = await peekDown.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.60' })
    expect(admitted.ok ? 200 : [admitted.response.status, admitted.error.code]).toBe(200)
    expect(heard).toEqual([new Error('down')])

    const allDown = createTestKeyward({
      stores: {
        ...memory,
        limiter: {
          ...memory.limiter,
          peek: () => Promise.reject(new Error('down')),
          consume: () => Promise.reject(new Error('down')),
          shared: true,
        },
      },
      onError: () => {},
    })
    const d = await allDown.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.61' })
    expect(d.ok ? 200 : [d.response.status, d.error.code]).toEqual([500, 'INTERNAL_ERROR'])
  })

  it('E7: on a process-local limiter the check stays synchronous and never peeks', async () => {
    const memory = createMemoryStores()
    let peeks = 0
    const keyward = createKeyward({
      stores: {
        ...memory,
        limiter: {
          consume: memory.limiter.consume,
          peek: (...args) => {
            peeks++
            return memory.limiter.peek(...args)
          },
        },
      },
      failedAuthLimit: 2,
    })
    const { key } = await keyward.keys.create({ name: 'valid' })
    const decision = keyward.authenticate({ authorization: `Bearer ${key}`, ip: '2001:db8::1' })
    expect(decision).not.toBeInstanceOf(Promise)
    expect(status(decision as AuthDecision)).toBe(200)
    expect(peeks).toBe(0)
  })

  it('E7: guard.check() asks a shared limiter (the dashboard guard uses it), blockedFor() only what this process saw', async () => {
    const memory = createMemoryStores()
    const limiter = { consume: memory.limiter.consume, peek: memory.limiter.peek, shared: true }
    const one = createFailedAuthGuard(2, limiter, () => {}, 'failed-x')
    const two = createFailedAuthGuard(2, limiter, () => {}, 'failed-x')
    const now = Date.UTC(2026, 0, 1)
    expect(await one.recordFailure('2001:db8::1', now)).toBe(0)
    expect(await one.recordFailure('2001:db8::2', now)).toBe(0)
    expect(two.blockedFor('2001:db8::3', now)).toBe(0)
    expect(await two.check('2001:db8::3', now + 1000)).toBe(60)
    // Learnt: now known locally too.
    expect(two.blockedFor('2001:db8::3', now + 1000)).toBe(60)
    expect(await two.check('2001:db8:0:1::1', now)).toBe(0)
    expect(two.counterOf('2001:DB8::1%eth0')).toEqual({
      counter: 'failed-x:2001:db8:0:0::/64',
      limit: 2,
      unreadable: expect.any(Function),
    })
  })

  it('C5: when a shared limiter cannot be read, guard.check() refuses nothing (0) and the fault goes to onError, as does the counter handed to authorize', async () => {
    const heard: unknown[] = []
    const fault = new Error('the shared limiter is unreachable')
    const rejecting = {
      consume: () => Promise.reject(fault),
      peek: () => Promise.reject(fault),
      shared: true,
    }
    const throwing = {
      consume: () => {
        throw fault
      },
      peek: () => {
        throw fault
      },
      shared: true,
    }
    const now = Date.UTC(2026, 0, 1)
    for (const limiter of [rejecting, throwing]) {
      const guard = createFailedAuthGuard(2, limiter, (error) => heard.push(error), 'failed-x')
      expect(await guard.check('192.0.2.1', now)).toBe(0)
      guard.counterOf('192.0.2.1').unreadable?.(fault)
    }
    expect(heard).toEqual([fault, fault, fault, fault])
  })
})
