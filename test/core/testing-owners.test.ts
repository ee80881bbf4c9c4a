/**
 * `keyward/testing` for hosts whose handlers serve one customer: keys issued with an owner and meta
 * (O1, O2), the request context a handler gets (O3), without HTTP.
 */
import { describe, expect, it } from 'vitest'
import { KeyInputError } from '../../src/core/errors.js'
import { createTestKeyward } from '../../src/testing.js'
import type { ApiKeyContext } from '../../src/core/types.js'

describe('keyward/testing with owners and meta (O1, O2, O3)', () => {
  it('issueTestKey and issueLiveKey take ownerId and meta beside the other create fields (O1, O2)', async () => {
    const t = createTestKeyward()
    const test = await t.issueTestKey({ ownerId: 'acct_42', meta: { plan: 'free' }, scopes: ['ip'] })
    const live = await t.issueLiveKey({ ownerId: 'acct_42', meta: { plan: 'pro' }, name: 'production' })
    expect(test.record).toMatchObject({
      keyType: 'test',
      ownerId: 'acct_42',
      meta: { plan: 'free' },
      scopes: ['ip'],
      name: 'test key',
    })
    expect(live.record).toMatchObject({
      keyType: 'live',
      ownerId: 'acct_42',
      meta: { plan: 'pro' },
      name: 'production',
    })
    expect((await t.issueKey()).record).toMatchObject({ ownerId: null, meta: null })
  })

  it('refuses an owner id or meta the key manager refuses, with KeyInputError naming the field (O1, O2)', async () => {
    const t = createTestKeyward()
    await expect(t.issueLiveKey({ ownerId: 'acct 42' })).rejects.toMatchObject({ field: 'ownerId' })
    await expect(t.issueLiveKey({ ownerId: 'acct 42' })).rejects.toBeInstanceOf(KeyInputError)
    await expect(t.issueTestKey({ meta: JSON.parse('{"__proto__":{"admin":true}}') })).rejects.toMatchObject({
      field: 'meta',
    })
  })

  it('apiKeyFor() is the context a handler gets: owner, meta, scopes, type; it consumes nothing by default (O3, L5)', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueTestKey({
      ownerId: 'org:acme',
      meta: { plan: 'pro' },
      limits: { perMinute: 2 },
    })
    for (let i = 0; i < 4; i++) {
      const apiKey = await t.apiKeyFor(key)
      expect(apiKey).toMatchObject({
        id: record.id,
        ownerId: 'org:acme',
        meta: { plan: 'pro' },
        keyType: 'test',
        scopes: [],
        consumed: false,
      })
      expect(apiKey.limits.minute).toMatchObject({ limit: 2, remaining: 2 })
    }
    const consumed = await t.apiKeyFor(key, { consume: true })
    expect(consumed).toMatchObject({ consumed: true, limits: { minute: { remaining: 1 } } })
  })

  it('apiKeyFor() throws naming the code when the key is refused: revoked, unknown, or short of a scope', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey({ ownerId: 'acct_1', scopes: ['ip'] })
    await expect(t.apiKeyFor(key, { scopes: ['email'] })).rejects.toThrow(
      /^keyward\/testing: apiKeyFor\(\) was refused: forbidden: /,
    )
    await t.keyward.keys.revoke(record.id)
    await expect(t.apiKeyFor(key)).rejects.toThrow(
      /^keyward\/testing: apiKeyFor\(\) was refused: API_KEY_REVOKED: This API key has been revoked/,
    )
  })

  it("a handler that serves the caller's own keys can be unit-tested with the context and the key manager (O3, O4)", async () => {
    const t = createTestKeyward()
    // The host's handler: the calling customer's keys, never another's.
    const listMyKeys = async (apiKey: ApiKeyContext) => {
      if (apiKey.ownerId === null) return []
      return (await t.keyward.keys.list({ ownerId: apiKey.ownerId })).keys.map((k) => k.name)
    }
    const mine = await t.issueLiveKey({ ownerId: 'acct_a', name: 'a1' })
    await t.issueTestKey({ ownerId: 'acct_a', name: 'a2' })
    await t.issueLiveKey({ ownerId: 'acct_b', name: 'b1' })
    expect((await listMyKeys(await t.apiKeyFor(mine.key))).sort()).toEqual(['a1', 'a2'])
    expect(await listMyKeys(await t.apiKeyFor((await t.issueLiveKey()).key))).toEqual([])
  })
})
