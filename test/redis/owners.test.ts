/**
 * Owners and metadata in the Redis layout (O1, O2, O4–O6): what the record and the listing indexes
 * hold, that a stored record Redis hands back in a shape keyward did not write is a fault (R5),
 * and that the record script changes only what an update may change.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { type AuthDecision, createKeyward } from '../../src/index.js'
import { type RedisKeyStore, createRedisStores } from '../../src/stores/redis/index.js'
import { createLayout } from '../../src/stores/redis/layout.js'
import { RECORD_SCRIPT } from '../../src/stores/redis/scripts/record.js'
import { T0, makeStoredKey, randomKeyId } from '../contracts/fixtures.js'
import { deletePrefix, ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('owners')
const layout = createLayout(prefix)

describe.skipIf(url === null)('owners and metadata on Redis', () => {
  let client: Redis
  let store: RedisKeyStore
  beforeAll(async () => {
    client = await ioredisClient(url!)
    store = createRedisStores({ client, prefix, time: 'caller' }).keys
  })
  afterAll(async () => {
    client?.disconnect()
    if (url) await deletePrefix(url, prefix)
  })

  const owner = () => `acct:${randomKeyId().slice(4)}`

  it("O1/O2/O4: an owned key's record holds ownerId and meta, and both indexes name it; an unowned key is in no owner index", async () => {
    const ownerId = owner()
    const key = makeStoredKey({ ownerId, meta: { plan: 'pro', seats: 3 }, createdAt: T0 + 5 })
    const unowned = makeStoredKey()
    await store.insert(key)
    await store.insert(unowned)
    const record = await client.hgetall(layout.ofHash(key.hash).record)
    expect([record.ownerId, JSON.parse(record.meta!)]).toEqual([ownerId, { plan: 'pro', seats: 3 }])
    const noOwner = await client.hgetall(layout.ofHash(unowned.hash).record)
    expect(Object.keys(noOwner)).not.toContain('ownerId')
    expect(Object.keys(noOwner)).not.toContain('meta')
    const member = `${String(T0 + 5).padStart(16, '0')} ${key.id} ${key.hash}`
    expect(await client.zrange(layout.ownerIndex(ownerId), 0, -1, 'WITHSCORES')).toEqual([member, '0'])
    expect(await client.zscore(layout.keyIndex, member)).toBe('0')
    expect(await client.zscore(layout.keyIndex, `${String(T0).padStart(16, '0')} ${unowned.id} ${unowned.hash}`)).toBe(
      '0',
    )
  })

  it('O2: meta read back is frozen all the way down, so a reader cannot change what another reader sees', async () => {
    const key = makeStoredKey({ ownerId: owner(), meta: { plan: 'pro', tags: ['a'], nested: { on: true } } })
    await store.insert(key)
    const found = (await store.get(key.id))!
    expect(Object.isFrozen(found.meta)).toBe(true)
    expect(Object.isFrozen(found.meta!.tags)).toBe(true)
    expect(Object.isFrozen(found.meta!.nested)).toBe(true)
  })

  it.each([
    ['not JSON', '{plan'],
    ['a JSON array', '["pro"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"pro"'],
  ])('R5: a record whose meta is %s is a fault: reads reject, they never answer with a guess', async (_what, meta) => {
    const key = makeStoredKey({ ownerId: owner() })
    await store.insert(key)
    await client.hset(layout.ofHash(key.hash).record, 'meta', meta)
    await expect(store.get(key.id)).rejects.toThrow(/unexpected reply to a key record \(meta is not/)
    await expect(store.findByHash(key.hash)).rejects.toThrow(/meta is not/)
    await expect(store.list({ ownerId: key.ownerId!, limit: 10, now: T0 })).rejects.toThrow(/meta is not/)
  })

  it('O5: an update sets and deletes only the fields given in the record; a revoked key is left as it is', async () => {
    const key = makeStoredKey({ ownerId: owner(), meta: { plan: 'free' }, scopes: ['ip'] })
    await store.insert(key)
    const recordKey = layout.ofHash(key.hash).record
    await store.update(key.id, { meta: { plan: 'pro' }, scopes: [], limits: { perMonth: 9 } })
    const record = await client.hgetall(recordKey)
    expect(record).toMatchObject({
      meta: '{"plan":"pro"}',
      limits: '{"perMonth":9}',
      name: key.name,
      ownerId: key.ownerId,
    })
    expect(record.scopes).toBe('[]')
    await store.revoke(key.id, T0)
    const revoked = await client.hgetall(recordKey)
    expect((await store.update(key.id, { name: 'late', meta: null }))?.name).toBe(key.name)
    expect(await client.hgetall(recordKey)).toEqual(revoked)
  })

  it('O1/K6: the record script refuses an update of any field but name, meta, scopes and limits, and writes nothing', async () => {
    const key = makeStoredKey({ ownerId: owner() })
    await store.insert(key)
    const recordKey = layout.ofHash(key.hash).record
    for (const args of [
      ['update', '1', 'ownerId', 'someone-else'],
      ['update', '1', 'revokedAt', '1'],
      ['update', '1', 'name', 'x', 'ownerId'],
      ['update', '0', 'revokedAt'],
    ]) {
      await expect(client.evalsha(RECORD_SCRIPT.sha, 1, recordKey, ...args)).rejects.toThrow(/update may not change/)
    }
    expect(await store.get(key.id)).toEqual(key)
  })

  it("O6: revokeAll revokes nothing of another owner even when that owner's key sits in the index (the script checks the record's owner)", async () => {
    const ownerId = owner()
    const mine = makeStoredKey({ ownerId })
    const theirs = makeStoredKey({ ownerId: owner() })
    await store.insert(mine)
    await store.insert(theirs)
    await client.zadd(
      layout.ownerIndex(ownerId),
      0,
      `${String(theirs.createdAt).padStart(16, '0')} ${theirs.id} ${theirs.hash}`,
    )
    expect(await store.revokeAll(ownerId, T0 + 1)).toBe(1)
    expect((await store.get(theirs.id))?.revokedAt).toBeNull()
    expect((await store.get(mine.id))?.revokedAt).toBe(T0 + 1)
  })

  it('O4: an index member whose record does not match it is not listed', async () => {
    const ownerId = owner()
    const key = makeStoredKey({ ownerId, createdAt: T0 + 2 })
    await store.insert(key)
    // A member naming the key's record under another time would list it out of its place.
    await client.zadd(layout.ownerIndex(ownerId), 0, `${String(T0 + 9).padStart(16, '0')} ${key.id} ${key.hash}`)
    const page = await store.list({ ownerId, limit: 10, now: T0 })
    expect(page.keys.map((k) => [k.id, k.createdAt])).toEqual([[key.id, T0 + 2]])
  })

  it('O4: a key id with a space or a control character is refused before anything is written', async () => {
    for (const id of ['key_with space', 'key_tab\t', '']) {
      const key = makeStoredKey({ id, ownerId: owner() })
      await expect(store.insert(key)).rejects.toBeInstanceOf(TypeError)
      expect(
        await client.exists(layout.idIndex(id), layout.ofHash(key.hash).record, layout.ownerIndex(key.ownerId!)),
      ).toBe(0)
    }
  })

  it('O6: revokeAll over more keys than one batch revokes each of them before it returns', async () => {
    const ownerId = owner()
    const keys = Array.from({ length: 1_203 }, (_, i) => makeStoredKey({ ownerId, createdAt: T0 + (i % 7) }))
    await Promise.all(keys.map((key) => store.insert(key)))
    expect(await store.revokeAll(ownerId, T0 + 50)).toBe(1_203)
    const records = await Promise.all(keys.map((key) => client.hget(layout.ofHash(key.hash).record, 'revokedAt')))
    expect(records.filter((at) => at !== String(T0 + 50))).toEqual([])
  })

  it("K7/O6: after revokeAll returns on one instance, another instance that had just admitted the owner's keys refuses every one of them", async () => {
    const other = await nodeRedisClient(url!)
    const a = createKeyward({ stores: createRedisStores({ client, prefix }) })
    const b = createKeyward({ stores: createRedisStores({ client: other, prefix }) })
    try {
      const ownerId = owner()
      const created = await Promise.all([1, 2, 3].map((n) => a.keys.create({ name: `owned ${n}`, ownerId })))
      const bystander = await a.keys.create({ name: 'another owner', ownerId: owner() })
      const outcome = (d: AuthDecision) => (d.ok ? `ok ${d.apiKey.ownerId}` : d.error.code)
      const onB = () =>
        Promise.all([...created, bystander].map(({ key }) => b.authenticate({ authorization: `Bearer ${key}` })))
      expect((await onB()).map(outcome)).toEqual([
        `ok ${ownerId}`,
        `ok ${ownerId}`,
        `ok ${ownerId}`,
        `ok ${bystander.record.ownerId}`,
      ])
      expect(await a.keys.revokeAll(ownerId)).toBe(3)
      expect((await onB()).map(outcome)).toEqual([
        'API_KEY_REVOKED',
        'API_KEY_REVOKED',
        'API_KEY_REVOKED',
        `ok ${bystander.record.ownerId}`,
      ])
    } finally {
      await a.close()
      await b.close()
      await other.quit()
    }
  })

  it('O5/O3: after update returns on one instance, the next request on another that holds the key sees the new name, meta and scopes', async () => {
    const other = await nodeRedisClient(url!)
    const a = createKeyward({ stores: createRedisStores({ client, prefix }) })
    const b = createKeyward({ stores: createRedisStores({ client: other, prefix }) })
    try {
      const { key, record } = await a.keys.create({
        name: 'before',
        ownerId: owner(),
        meta: { plan: 'free' },
        scopes: ['ip'],
      })
      const seen = async () => {
        const decision = await b.authenticate({ authorization: `Bearer ${key}` })
        return decision.ok ? [decision.apiKey.name, decision.apiKey.meta, decision.apiKey.scopes] : decision.error.code
      }
      expect(await seen()).toEqual(['before', { plan: 'free' }, ['ip']])
      await a.keys.update(record.id, { name: 'after', meta: { plan: 'pro' }, scopes: ['ip', 'email'] })
      expect(await seen()).toEqual(['after', { plan: 'pro' }, ['ip', 'email']])
      await a.keys.update(record.id, { meta: null })
      expect(await seen()).toEqual(['after', null, ['ip', 'email']])
    } finally {
      await a.close()
      await b.close()
      await other.quit()
    }
  })
})
