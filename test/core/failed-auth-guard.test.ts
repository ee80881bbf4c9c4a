import { describe, expect, it } from 'vitest'
import { generateKey } from '../../src/key-format.js'
import { createMemoryStores } from '../../src/memory/index.js'
import type { AuthDecision } from '../../src/keyward.js'
import { createTestKeyward } from '../../src/testing.js'

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
    for (let i = 0; i < 5; i++) await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.20' }, { scopes: ['ip'] })
    const d = await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.20' }, { consume: false })
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
      stores: { ...stores, limiter: { ...stores.limiter, consume: () => { throw new Error('down') } } },
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
    const slow = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 2))
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
    for (const ip of spellings) expect(status(await t.authenticate({ headers: { authorization: bad() }, ip })), ip).toBe(401)
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
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '2001:db8:0:7:abcd::9' }))).toBe(429)
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '2001:db8:0:8::1' }))).toBe(200)
    expect(status(await t.authenticate({ headers: { authorization: `Bearer ${key}` }, ip: '2001:db8:1:7::1' }))).toBe(200)
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
