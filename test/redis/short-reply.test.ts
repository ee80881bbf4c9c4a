/**
 * The authorize script's short reply (P1): a call names the id of the record its instance holds
 * for the hash, and while the record in Redis still has that id the script sends back only the
 * fields that change (expiresAt, lastUsedAt) with the decision. What the core sees must not change:
 * every outcome equals what an instance holding nothing gets, status and limits are decided in
 * Redis every time (K6, K7), and a record that is replaced under the same hash is read whole.
 * Runs on ioredis and node-redis, coalesced and not.
 */
import { describe, expect, inject, it } from 'vitest'
import { knownArgument } from '../../src/stores/redis/authorize-reply.js'
import type { Redis } from 'ioredis'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { AUTHORIZE_SCRIPT } from '../../src/stores/redis/scripts.js'
import type { AuthorizeInput, StoredKey } from '../../src/core/types.js'
import { makeStoredKey } from '../contracts/fixtures.js'
import { ioredisClient, nodeRedisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('short-reply')
const T = Date.UTC(2026, 2, 10, 12)
const DEFAULTS = { live: { perMinute: 100, perMonth: 1000 }, test: { perMinute: 10, perMonth: null } }

function input(key: StoredKey, now: number, overrides: Partial<AuthorizeInput> = {}): AuthorizeInput {
  return {
    hashes: [key.hash],
    now,
    requiredScopes: ['ip'],
    liveOnly: false,
    consume: true,
    defaults: DEFAULTS,
    ...overrides,
  }
}

describe.skipIf(url === null)('authorize: the short reply for a held record', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  it('P1: the script answers a call that names the record’s id with code 6 and the changing fields only', async () => {
    const p = `${prefix}-raw`
    const stores = createRedisStores({ client, prefix: p, time: 'caller' })
    const key = makeStoredKey({ scopes: ['ip'], expiresAt: T + 60_000 })
    await stores.keys.insert(key)
    const keys = [`${p}:{${key.hash}}:key`, `${p}:{${key.hash}}:rl`]
    // ARGV: now, consume, live-only, the type defaults, the held record, no address check, no owner counter, a scope.
    const args = (known: string) => [String(T), '1', '0', '100', '1000', '10', '', known, '', '', '', '', 'ip']
    const whole = (await client
      .evalsha(AUTHORIZE_SCRIPT.sha, 2, ...keys, ...args(''))
      .catch(() => client.eval(AUTHORIZE_SCRIPT.source, 2, ...keys, ...args('')))) as unknown[]
    expect(whole[0]).toBe(5)
    expect((whole[1] as unknown[])[0]).toBe(key.id)
    const short = (await client.evalsha(
      AUTHORIZE_SCRIPT.sha,
      2,
      ...keys,
      ...args(knownArgument(whole[1] as unknown[])),
    )) as unknown[]
    expect(short).toEqual([
      6,
      String(T + 60_000),
      String(T),
      [1, 100, 98, expect.any(Number), 1000, 998, expect.any(Number), 0, 0],
      1,
    ])
    // Another id (a record replaced under this hash) gets the whole record.
    const other = (await client.evalsha(
      AUTHORIZE_SCRIPT.sha,
      2,
      ...keys,
      ...args('key_someoneelse0000000000000'),
    )) as unknown[]
    expect(other[0]).toBe(5)
    await stores.close()
  })

  it('P1: numbers the script writes are whole digits, never exponents; a caller clock with a fraction is rounded', async () => {
    const p = `${prefix}-digits`
    const stores = createRedisStores({ client, prefix: p, time: 'caller' })
    const key = makeStoredKey({ scopes: ['ip'] })
    await stores.keys.insert(key)
    const keys = [`${p}:{${key.hash}}:key`, `${p}:{${key.hash}}:rl`]
    const run = (now: string) =>
      client
        .evalsha(AUTHORIZE_SCRIPT.sha, 2, ...keys, now, '1', '0', '100', '1000', '10', '', '', '', '', '', '', 'ip')
        .catch(() =>
          client.eval(
            AUTHORIZE_SCRIPT.source,
            2,
            ...keys,
            now,
            '1',
            '0',
            '100',
            '1000',
            '10',
            '',
            '',
            '',
            '',
            '',
            '',
            'ip',
          ),
        )
    await run(String(T))
    expect(await client.hget(keys[0]!, 'lastUsedAt')).toBe(String(T))
    expect(await client.hmget(keys[1]!, 't', 'n', 'o', String(T / 1000))).toEqual([
      '1',
      String(T / 1000),
      String(T / 1000),
      '1',
    ])
    await run(`${T + 1000}.6`)
    expect(await client.hget(keys[0]!, 'lastUsedAt')).toBe(String(T + 1001))
    await stores.close()
  })

  for (const [name, clientFor] of [
    ['ioredis', () => ioredisClient(url!)],
    ['node-redis', () => nodeRedisClient(url!)],
  ] as const) {
    for (const coalesce of [true, false]) {
      it(`${name}, coalesce ${coalesce}: outcomes equal those of an instance that holds nothing, as the record changes (K5, K6, K7)`, async () => {
        const p = `${prefix}-${name}-${coalesce}`
        const holding = createRedisStores({ client: (await clientFor()) as never, prefix: p, time: 'caller', coalesce })
        const key = makeStoredKey({ scopes: ['ip', 'email'], limits: { perMinute: 50 }, name: 'held' })
        await holding.keys.insert(key)
        /** A fresh instance for each comparison: it holds no record, so it always gets the whole one. */
        const fresh = async (i: AuthorizeInput) => {
          const stores = createRedisStores({
            client: (await clientFor()) as never,
            prefix: p,
            time: 'caller',
            coalesce,
          })
          // A peek of the same instant: the same record and limits, nothing counted.
          const outcome = await stores.authorize!({ ...i, consume: false })
          await stores.close()
          return outcome
        }
        const first = await holding.authorize!(input(key, T))
        expect(first).toMatchObject({ result: 'ok', consumed: true, key: { ...key, lastUsedAt: T } })

        // Held now: the next requests take the short reply and must read exactly as a whole one.
        for (const [at, change] of [
          [T + 1000, null],
          [T + 2000, () => holding.keys.shortenExpiry(key.id, T + 10_000)],
          [T + 3000, null],
        ] as const) {
          await change?.()
          const outcome = await holding.authorize!(input(key, at))
          expect(outcome.result).toBe('ok')
          const alone = await fresh(input(key, at))
          expect(outcome).toEqual({ ...alone, consumed: true })
          expect(outcome).toEqual({
            ...alone,
            consumed: true,
            key: { ...(await holding.keys.get(key.id)), hash: key.hash },
          })
        }
        expect(await holding.authorize!(input(key, T + 4000))).toMatchObject({
          key: { expiresAt: T + 10_000, lastUsedAt: T + 4000 },
        })

        // L6: a forbidden answer sends the record whole (name, last4, createdAt included), held or not.
        const forbidden = await holding.authorize!(input(key, T + 4500, { requiredScopes: ['reports'] }))
        expect(forbidden).toMatchObject({
          result: 'forbidden',
          reason: 'scope',
          key: { name: 'held', last4: key.last4, createdAt: key.createdAt },
        })
        expect(forbidden).toEqual(await fresh(input(key, T + 4500, { requiredScopes: ['reports'] })))
        const sandbox = makeStoredKey({ keyType: 'test', name: 'held sandbox' })
        await holding.keys.insert(sandbox)
        expect(await holding.authorize!(input(sandbox, T + 4500, { requiredScopes: null }))).toMatchObject({
          result: 'ok',
        })
        const liveOnly = await holding.authorize!(input(sandbox, T + 4600, { requiredScopes: null, liveOnly: true }))
        expect(liveOnly).toMatchObject({
          result: 'forbidden',
          reason: 'live-only',
          key: { name: 'held sandbox', last4: sandbox.last4 },
        })
        expect(liveOnly).toEqual(await fresh(input(sandbox, T + 4600, { requiredScopes: null, liveOnly: true })))
        // K6: so does an expired key.
        await holding.keys.shortenExpiry(sandbox.id, T + 4700)
        const expired = await holding.authorize!(input(sandbox, T + 4800, { requiredScopes: null }))
        expect(expired).toMatchObject({
          result: 'expired',
          key: { name: 'held sandbox', last4: sandbox.last4, createdAt: sandbox.createdAt },
        })
        expect(expired).toEqual(await fresh(input(sandbox, T + 4800, { requiredScopes: null })))

        // K7: revocation is decided in Redis, held record or not.
        await holding.keys.revoke(key.id, T + 5000)
        const revoked = await holding.authorize!(input(key, T + 6000))
        expect(revoked).toMatchObject({
          result: 'revoked',
          key: { id: key.id, name: 'held', last4: key.last4, revokedAt: T + 5000 },
        })
        expect(revoked).toEqual(await fresh(input(key, T + 6000)))

        // The same hash under a new record (removed and written again): read whole, not the held one.
        await client.del(`${p}:{${key.hash}}:key`, `${p}:id:${key.id}`)
        const replaced = makeStoredKey({ hash: key.hash, scopes: ['ip'], name: 'replacement' })
        await holding.keys.insert(replaced)
        const outcome = await holding.authorize!(input(replaced, T + 7000))
        expect(outcome).toMatchObject({
          result: 'ok',
          key: { id: replaced.id, name: 'replacement', scopes: ['ip'], limits: null },
        })
        const again = await holding.authorize!(input(replaced, T + 8000))
        expect(again).toMatchObject({
          result: 'ok',
          key: { id: replaced.id, name: 'replacement', scopes: ['ip'], lastUsedAt: T + 8000 },
        })
        await holding.close()
      })
    }
  }
})
