/**
 * Owner limits on Redis (O7, P1, O3): exact across instances sharing one Redis, one round trip per
 * request on a single node once an instance knows the key's owner (one more, once, before), and
 * the script never counts a counter that is not the record's owner's.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Redis } from 'ioredis'
import { type Keyward, createKeyward } from '../../src/keyward.js'
import { ownerCounterId } from '../../src/core/limits-math.js'
import { MAX_BATCH } from '../../src/stores/redis/batch/queue.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { createLayout } from '../../src/stores/redis/layout.js'
import { AUTHORIZE_SCRIPT } from '../../src/stores/redis/scripts.js'
import { T0, makeStoredKey, randomKeyId } from '../contracts/fixtures.js'
import {
  commandCalls,
  ioredisClient,
  nodeRedisClient,
  privateServersAvailable,
  sharedRedisUrl,
  uniquePrefix,
  commandsInsideScripts,
  MEASUREMENT_COMMANDS,
} from '../helpers/redis.js'
import { withIoredisClient, withPrivateRedis } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('owner-limits')

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const status = (decision: Awaited<ReturnType<Keyward['authenticate']>>) =>
  decision.ok ? 200 : decision.response.status
const owner = () => `acct:${randomKeyId().slice(4, 16)}`

describe.skipIf(url === null)('owner limits on one Redis (O7)', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  for (const coalesce of [true, false]) {
    it(`O7/L2: two instances, 200 concurrent requests over two keys of one owner with 50 a minute: exactly 50 admitted (coalesce ${coalesce})`, async () => {
      const p = `${prefix}-two-${coalesce}`
      const ownerLimits = { live: { perMinute: 50 } }
      // Each instance on its own connection, as two processes would be.
      const clients = [await ioredisClient(url!), await nodeRedisClient(url!)]
      const [one, two] = clients.map((c) =>
        createKeyward({ stores: createRedisStores({ client: c, prefix: p, coalesce }), ownerLimits }),
      )
      const ownerId = owner()
      const keys = [
        (await one!.keys.create({ name: 'a', ownerId })).key,
        (await one!.keys.create({ name: 'b', ownerId })).key,
      ]
      const other = (await two!.keys.create({ name: 'other', ownerId: owner() })).key
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) => [one!, two!][i % 2]!.authenticate(bearer(keys[Math.floor(i / 2) % 2]!))),
      )
      const statuses = decisions.map(status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(50)
      expect(statuses.filter((s) => s === 429)).toHaveLength(150)
      for (const decision of decisions) {
        if (!decision.ok)
          expect(decision.response.headers).toMatchObject({ 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': '0' })
      }
      // Every admitted request counted once against its owner, the refused ones nowhere.
      const counter = createLayout(p).ofOrphanId(ownerCounterId(ownerId, 'live')).minute
      expect(Number(await client.hget(counter, 't'))).toBe(50)
      const peek = await two!.authenticate(bearer(keys[1]!), { consume: false })
      expect(peek.ok && peek.headers['X-RateLimit-Remaining']).toBe('0')
      // Another owner's key is untouched by this owner's window.
      expect(status(await one!.authenticate(bearer(other)))).toBe(200)
      await Promise.all([one!.close(), two!.close()])
      await clients[0]!.quit()
      await clients[1]!.quit()
    })
  }

  it('O3: a handler sees the record’s ownerId and meta on Redis, on the first request and on later (short) ones', async () => {
    const keyward = createKeyward({
      stores: createRedisStores({ client, prefix: `${prefix}-o3` }),
      ownerLimits: { test: { perMonth: 5 } },
    })
    const ownerId = owner()
    const { key } = await keyward.keys.create({
      name: 'a',
      ownerId,
      meta: { plan: 'pro', refs: [1, 2] },
      keyType: 'test',
    })
    for (let i = 0; i < 3; i++) {
      const decision = await keyward.authenticate(bearer(key))
      if (!decision.ok) throw new Error(decision.response.body)
      expect([decision.apiKey.ownerId, decision.apiKey.meta]).toEqual([ownerId, { plan: 'pro', refs: [1, 2] }])
      expect(decision.headers['X-Quota-Remaining']).toBe(String(4 - i))
    }
    await keyward.close()
  })

  describe('the script and the owner’s counter', () => {
    const p = `${prefix}-raw`
    const layout = createLayout(p)
    const run = (keys: string[], args: string[]) =>
      client
        .evalsha(AUTHORIZE_SCRIPT.sha, keys.length, ...keys, ...args)
        .catch(() => client.eval(AUTHORIZE_SCRIPT.source, keys.length, ...keys, ...args))
    // ARGV: now, consume, live-only, the type defaults, nothing held, no address check, then the owner step.
    const args = (ownerStep: string[]) => [String(T0), '1', '0', '100', '', '10', '1000', '', '', ...ownerStep]

    it('O7: asked for an owned key’s owner (“?”), the script answers 9 with the record and writes nothing', async () => {
      const stores = createRedisStores({ client, prefix: p, time: 'caller' })
      const ownerId = owner()
      const key = makeStoredKey({ ownerId })
      await stores.keys.insert(key)
      const { record, minute } = layout.ofHash(key.hash)
      const reply = (await run([record, minute], args(['?', '', '']))) as unknown[]
      expect(reply[0]).toBe(9)
      expect((reply[1] as unknown[])[10]).toBe(ownerId)
      expect(await client.exists(minute)).toBe(0)
      expect(await client.hget(record, 'lastUsedAt')).toBeNull()
      // A key without an owner is decided at once.
      const plain = makeStoredKey()
      await stores.keys.insert(plain)
      const keys = layout.ofHash(plain.hash)
      expect(((await run([keys.record, keys.minute], args(['?', '', '']))) as unknown[])[0]).toBe(5)
      await stores.close()
    })

    it('O7: a counter named for another owner (or key type) is never counted: the script asks again', async () => {
      const stores = createRedisStores({ client, prefix: p, time: 'caller' })
      const ownerId = owner()
      const key = makeStoredKey({ ownerId })
      await stores.keys.insert(key)
      const { record, minute } = layout.ofHash(key.hash)
      for (const wrong of [
        ownerCounterId(owner(), 'live'),
        ownerCounterId(ownerId, 'test'),
        `${ownerCounterId(ownerId, 'live')}x`,
      ]) {
        const counter = layout.ofOrphanId(wrong).minute
        const reply = (await run([record, minute, counter], args(['3', '5', '']))) as unknown[]
        expect(reply[0]).toBe(9)
        expect(await client.exists(counter)).toBe(0)
      }
      const right = layout.ofOrphanId(ownerCounterId(ownerId, 'live')).minute
      const reply = (await run([record, minute, right], args(['3', '5', '']))) as unknown[]
      expect(reply[0]).toBe(5)
      expect(reply[4]).toEqual([1, 5, 4, T0 / 1000 + 61, -1, 0, expect.any(Number), 0, 0])
      expect(await client.hget(right, 't')).toBe('1')
      await stores.close()
    })
  })
})

/** Commands the Lua scripts run inside Redis (not top-level), as test/redis/command-count.test.ts counts. */
const INSIDE_SCRIPTS = commandsInsideScripts()

async function topLevel(measure: Redis): Promise<number> {
  let total = 0
  for (const [command, calls] of await commandCalls(measure)) {
    if (!INSIDE_SCRIPTS.has(command) && !MEASUREMENT_COMMANDS.has(command)) total += calls
  }
  return total
}

describe.skipIf(!privateServersAvailable())('commands per request with owner limits (P1, O7)', () => {
  let measure: Redis
  let serverUrl: string
  withPrivateRedis((server, client) => {
    measure = client
    serverUrl = server.url
  })

  for (const named of [false, true]) {
    it(`O7: a request reads its owner's counter once, the peek's read serving the count (${named ? 'a key on named limits' : "a key on its type's limits"})`, async () => {
      const client = await ioredisClient(serverUrl)
      const keyward = createKeyward({
        stores: createRedisStores({ client, prefix: `kw-read-${named}`, coalesce: false }),
        analytics: false,
        ownerLimits: { live: { perMinute: 100_000 } },
      })
      const limits = named ? { limits: [{ name: 'burst', limit: 1000, window: '10s' }] } : {}
      const { key } = await keyward.keys.create({ name: 'owned', ownerId: owner(), ...limits })
      expect(status(await keyward.authenticate(bearer(key)))).toBe(200)
      const monitor = await measure.monitor()
      const ownerReads: string[] = []
      let sentinel = false
      monitor.on('monitor', (_time: string, args: string[]) => {
        if (args[0]?.toLowerCase() === 'hmget' && args[1]?.includes(':owner:')) ownerReads.push(args[1])
        if (args[0]?.toLowerCase() === 'echo' && args[1] === 'kw-sentinel') sentinel = true
      })
      for (let i = 0; i < 5; i++) expect(status(await keyward.authenticate(bearer(key)))).toBe(200)
      // MONITOR shows commands in the order Redis ran them: everything before the sentinel has arrived with it.
      await client.call('ECHO', 'kw-sentinel')
      await expect.poll(() => sentinel).toBe(true)
      monitor.disconnect()
      expect(ownerReads).toHaveLength(5)
      expect(await keyward.authenticate(bearer(key))).toMatchObject({ ok: true })
      await keyward.close()
      client.disconnect()
    })
  }

  for (const coalesce of [true, false]) {
    it(`P1/O7: an owned key costs one script call per request once its owner is known, one more the first time (coalesce ${coalesce})`, async () => {
      const client = await ioredisClient(serverUrl)
      const stores = createRedisStores({ client, prefix: `kw-${coalesce}`, coalesce })
      // Analytics off: its timed flush would land among the commands counted below.
      const keyward = createKeyward({
        stores,
        analytics: false,
        ownerLimits: { live: { perMinute: 100_000, perMonth: 1_000_000 } },
      })
      const { key } = await keyward.keys.create({ name: 'owned', ownerId: owner() })
      const { key: plain } = await keyward.keys.create({ name: 'plain' })
      // Load the scripts (a first EVALSHA answers NOSCRIPT) through another key's requests.
      await keyward.authenticate(bearer(plain))
      await Promise.all([keyward.authenticate(bearer(plain)), keyward.authenticate(bearer(plain))])
      await measure.config('RESETSTAT')
      expect(status(await keyward.authenticate(bearer(key)))).toBe(200)
      expect(await topLevel(measure)).toBe(2)
      await measure.config('RESETSTAT')
      for (let i = 0; i < 50; i++) expect(status(await keyward.authenticate(bearer(key)))).toBe(200)
      expect(await topLevel(measure)).toBe(50)
      await measure.config('RESETSTAT')
      for (let i = 0; i < 20; i++) {
        const turn = await Promise.all(Array.from({ length: 20 }, () => keyward.authenticate(bearer(key))))
        expect(turn.every((d) => d.ok)).toBe(true)
      }
      // Coalesced, a turn's 20 requests go out in batch calls of at most MAX_BATCH; otherwise one call each.
      expect(await topLevel(measure)).toBe(coalesce ? 20 * Math.ceil(20 / MAX_BATCH) : 400)
      await keyward.close()
      client.disconnect()
    })
  }
})
