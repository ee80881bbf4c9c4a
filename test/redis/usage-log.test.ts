/**
 * How the Redis usage log writes (E5, L4a, P1, O8): appends are buffered and written in batches,
 * one script call per flush; lists are capped per key, per owner and overall; `flush()` and
 * `close()` resolve only once entries are in Redis; a query reads this instance's own buffered
 * entries.
 */
import { describe, expect, inject, it, vi } from 'vitest'
import type { Redis } from 'ioredis'
import { createRedisStores, createRedisUsageLog } from '../../src/stores/redis/index.js'
import { USAGE_SCRIPT } from '../../src/stores/redis/scripts.js'
import type { UsageEntry } from '../../src/core/types.js'
import { randomKeyId } from '../contracts/fixtures.js'
import { commandCalls, privateServersAvailable, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { withIoredisClient, withPrivateRedis } from '../helpers/redis-suite.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('usage-log')

let counter = 0
function entry(keyId: string, ownerId: string | null = null): UsageEntry {
  counter++
  return {
    keyId,
    ownerId,
    requestId: `req_usage${counter}_${randomKeyId().slice(4)}`,
    timestamp: new Date(Date.UTC(2026, 2, 10) + counter).toISOString(),
    method: 'GET',
    path: '/api/v1/ip/lookup',
    status: 200,
    code: null,
    ip: '192.0.2.1',
    country: null,
  }
}

describe.skipIf(url === null)('Redis usage log', () => {
  let client: Redis
  withIoredisClient(url!, prefix, (opened) => {
    client = opened
  })

  it('E5: a key keeps its newest perKeyLimit entries and the global list its newest globalLimit (LTRIM)', async () => {
    const own = `${prefix}:caps`
    const log = createRedisUsageLog({ client, prefix: own, usage: { perKeyLimit: 5, globalLimit: 7 } })
    const first = randomKeyId()
    const second = randomKeyId()
    const firsts = Array.from({ length: 9 }, () => entry(first))
    const seconds = Array.from({ length: 3 }, () => entry(second))
    for (const e of [...firsts, ...seconds]) log.append(e)
    await log.flush()
    expect(await client.llen(`${own}:usage:${first}`)).toBe(5)
    expect(await client.llen(`${own}:usage`)).toBe(7)
    expect((await log.query({ keyId: first, limit: 1000 })).map((e) => e.requestId)).toEqual(
      firsts
        .slice(-5)
        .reverse()
        .map((e) => e.requestId),
    )
    expect((await log.query({ limit: 1000 })).map((e) => e.requestId)).toEqual(
      [...firsts, ...seconds]
        .slice(-7)
        .reverse()
        .map((e) => e.requestId),
    )
    await log.close()
  })

  it('E5: the usage script refuses a call whose list numbers do not match its entries, and then writes nothing', async () => {
    const own = `${prefix}:refuse`
    const lists = [`${own}:usage`, `${own}:usage:a`, `${own}:usage:b`]
    const call = (keys: string[], numbers: string, lines: string[]) =>
      client.eval(
        USAGE_SCRIPT.source,
        keys.length * 2,
        ...keys,
        ...keys.map((list) => `${list}:ids`),
        ...keys.map(() => '10'),
        numbers,
        lines.join('\n'),
        lines.map((_, i) => `req_${i}`).join('\n'),
      )
    const entries = ['{"n":1}', '{"n":2}']
    await expect(call(lists, '2', entries)).rejects.toThrow('1 list numbers for 2 entries')
    await expect(call(lists, '2,3,2', entries)).rejects.toThrow('an entry for no list')
    await expect(call(lists, '2,4', entries)).rejects.toThrow('an entry for no list')
    await expect(call(lists, '2.3', entries)).rejects.toThrow('1 list numbers for 2 entries')
    await expect(call(lists, '2.3,2.', entries)).rejects.toThrow('1 list numbers for 2 entries')
    await expect(call(lists, '2.0,3', entries)).rejects.toThrow('an entry for no list')
    for (const list of lists) expect(await client.llen(list)).toBe(0)
    // The same entries, well numbered: each list gets its own, newest first.
    expect(await call(lists, '2,3', entries)).toBe(4)
    expect(await client.lrange(lists[0]!, 0, -1)).toEqual(['{"n":2}', '{"n":1}'])
    expect(await client.lrange(lists[1]!, 0, -1)).toEqual(['{"n":1}'])
    expect(await client.lrange(lists[2]!, 0, -1)).toEqual(['{"n":2}'])
  })

  it('O8: the usage script pushes an entry onto every list numbered for it (2.3: a key’s and an owner’s), and onto every list when the numbers are empty', async () => {
    const own = `${prefix}:numbers`
    const lists = [`${own}:usage`, `${own}:usage:a`, `${own}:usage:b`, `${own}:usage-owner:o`]
    const call = (numbers: string, lines: string[]) =>
      client.eval(
        USAGE_SCRIPT.source,
        lists.length * 2,
        ...lists,
        ...lists.map((list) => `${list}:ids`),
        ...lists.map(() => '10'),
        numbers,
        lines.join('\n'),
        lines.map((line) => `req_${line}`).join('\n'),
      )
    expect(await call('2.4,3,1,4.3', ['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}'])).toBe(9)
    expect(await client.lrange(lists[0]!, 0, -1)).toEqual(['{"n":4}', '{"n":3}', '{"n":2}', '{"n":1}'])
    expect(await client.lrange(lists[1]!, 0, -1)).toEqual(['{"n":1}'])
    expect(await client.lrange(lists[2]!, 0, -1)).toEqual(['{"n":4}', '{"n":2}'])
    expect(await client.lrange(lists[3]!, 0, -1)).toEqual(['{"n":4}', '{"n":1}'])
    expect(await call('', ['{"n":5}'])).toBe(4)
    for (const list of lists) expect(await client.lindex(list, 0)).toBe('{"n":5}')
  })

  it('O8: an owner keeps its newest perOwnerLimit entries across its keys (LTRIM), in its own list; entries without owner go to none', async () => {
    const own = `${prefix}:owner-caps`
    const log = createRedisUsageLog({
      client,
      prefix: own,
      usage: { perKeyLimit: 5, perOwnerLimit: 4, globalLimit: 100 },
    })
    const [first, second, service] = [randomKeyId(), randomKeyId(), randomKeyId()]
    const entries = Array.from({ length: 9 }, (_, i) =>
      i % 3 === 2 ? entry(service) : entry(i % 3 === 0 ? first : second, 'org-acme'),
    )
    for (const e of entries) log.append(e)
    await log.flush()
    const owned = entries.filter((e) => e.ownerId !== null)
    expect(await client.llen(`${own}:usage-owner:org-acme`)).toBe(4)
    expect(await log.query({ ownerId: 'org-acme', limit: 1000 })).toEqual(owned.slice(-4).reverse())
    expect(await log.query({ keyId: first, limit: 1000 })).toEqual(owned.filter((e) => e.keyId === first).reverse())
    expect(await log.query({ keyId: service, ownerId: 'org-acme', limit: 1000 })).toEqual([])
    expect((await client.keys(`${own}:usage-owner:*`)).sort()).toEqual([`${own}:usage-owner:org-acme`])
    await log.close()
  })

  it('O8: one flush of one key and its owner sends no list numbers: every entry goes onto all three lists', async () => {
    const own = `${prefix}:one-owner`
    const log = createRedisUsageLog({ client, prefix: own, usage: { flushIntervalMs: 60_000 } })
    const keyId = randomKeyId()
    const entries = Array.from({ length: 3 }, () => entry(keyId, 'org-solo'))
    for (const e of entries) log.append(e)
    await log.flush()
    for (const list of [`${own}:usage`, `${own}:usage:${keyId}`, `${own}:usage-owner:org-solo`]) {
      expect((await client.lrange(list, 0, -1)).map((line) => JSON.parse(line))).toEqual([...entries].reverse())
    }
    await log.close()
  })

  it('O8: an owner query with an ownerId that is not a string is refused, never read as “no filter”', async () => {
    const log = createRedisUsageLog({ client, prefix: `${prefix}:bad-owner` })
    await expect(log.query({ ownerId: null as unknown as string, limit: 10 })).rejects.toThrow(TypeError)
    await log.close()
  })

  it('E5: one flush of many keys and awkward values stores every entry byte for byte, in its key list and the global one', async () => {
    // A flush sends its entries as lines of one argument (the usage script splits them): paths
    // with newlines, braces, quotes and non-ASCII, and list numbers of two digits, must all come
    // back exactly as appended.
    const own = `${prefix}:lines`
    const log = createRedisUsageLog({ client, prefix: own, usage: { flushIntervalMs: 60_000, maxBatch: 500 } })
    const keyIds = Array.from({ length: 14 }, () => randomKeyId())
    // Owners of some keys, awkward too; a key's entries all carry its owner.
    const owners = ['org-a', 'o:b@c.d', null, 'org-"q"', null]
    const ownerOf = (index: number) => owners[index % owners.length]!
    const paths = ['/api/v1/a\nb', '/api/v1/{x}\r\n{"y":1}', '/api/v1/ünï\u2028cödé/日本', '/api/v1/"q"\\', '1{2}\n3']
    const appended: UsageEntry[] = []
    for (let i = 0; i < 70; i++) {
      const keyIndex = i % keyIds.length
      const e = {
        ...entry(keyIds[keyIndex]!, ownerOf(keyIndex)),
        path: paths[i % paths.length]!,
        country: i % 3 === 0 ? 'DE' : null,
      }
      appended.push(e)
      log.append(e)
    }
    await log.flush()
    expect((await log.query({ limit: 1000 })).map((e) => e)).toEqual([...appended].reverse())
    for (const keyId of keyIds) {
      expect(await log.query({ keyId, limit: 1000 })).toEqual(appended.filter((e) => e.keyId === keyId).reverse())
    }
    for (const ownerId of owners) {
      if (ownerId === null) continue
      expect(await log.query({ ownerId, limit: 1000 })).toEqual(appended.filter((e) => e.ownerId === ownerId).reverse())
    }
    await log.close()
  })

  it('L4a: appended entries reach Redis within the flush interval without any flush() call', async () => {
    const own = `${prefix}:interval`
    const log = createRedisUsageLog({ client, prefix: own, usage: { flushIntervalMs: 10 } })
    const keyId = randomKeyId()
    const e = entry(keyId)
    log.append(e)
    await vi.waitFor(async () => expect(await client.lrange(`${own}:usage:${keyId}`, 0, -1)).toHaveLength(1), {
      timeout: 1_000,
      interval: 5,
    })
    expect(JSON.parse((await client.lindex(`${own}:usage:${keyId}`, 0))!)).toEqual(e)
    await log.close()
  })

  it('E5: flush() resolves only once every entry appended before it is in Redis; close() does the same', async () => {
    const own = `${prefix}:flush`
    const log = createRedisUsageLog({ client, prefix: own, usage: { flushIntervalMs: 60_000 } })
    const keyId = randomKeyId()
    for (let i = 0; i < 3; i++) log.append(entry(keyId))
    expect(await client.llen(`${own}:usage:${keyId}`)).toBe(0)
    await log.flush()
    expect(await client.llen(`${own}:usage:${keyId}`)).toBe(3)
    log.append(entry(keyId))
    await log.close()
    expect(await client.llen(`${own}:usage:${keyId}`)).toBe(4)
  })

  it('E5: a query sees this instance’s entries still in the buffer (read your writes)', async () => {
    const stores = createRedisStores({ client, prefix: `${prefix}:ryw`, usage: { flushIntervalMs: 60_000 } })
    const keyId = randomKeyId()
    const e = entry(keyId)
    stores.usage.append(e)
    expect(await stores.usage.query({ keyId, limit: 10 })).toEqual([e])
    await stores.close()
  })

  it('C2: a trimmed list lets go of its entries’ request ids (the id sets stay as small as the lists), and an entry trimmed away is not held back', async () => {
    const own = `${prefix}:held-ids`
    const log = createRedisUsageLog({
      client,
      prefix: own,
      usage: { perKeyLimit: 3, perOwnerLimit: 4, globalLimit: 5 },
    })
    const keyId = randomKeyId()
    const ownerId = `org-${randomKeyId().slice(4)}`
    // Ids with a quote and a backslash are held as their JSON writes them, and found again when trimmed.
    const entries = Array.from({ length: 8 }, (_, i) => ({
      ...entry(keyId, ownerId),
      ...(i % 3 === 0 ? { requestId: `req_"odd\\${i}` } : {}),
    }))
    for (const one of entries) log.append(one)
    await log.flush()
    const lists = [`${own}:usage`, `${own}:usage:${keyId}`, `${own}:usage-owner:${ownerId}`]
    for (const [list, cap] of [
      [lists[0]!, 5],
      [lists[1]!, 3],
      [lists[2]!, 4],
    ] as const) {
      const held = (await client.lrange(list, 0, -1)).map((json) =>
        JSON.stringify(JSON.parse(json).requestId).slice(1, -1),
      )
      expect(held).toHaveLength(cap)
      expect((await client.smembers(`${own}:usage-ids:{${list}}`)).sort()).toEqual([...held].sort())
    }
    // The oldest entry left every list: written again, it is stored again, as the newest.
    log.append(entries[0]!)
    expect((await log.query({ keyId, limit: 10 }))[0]).toEqual(entries[0])
    await log.close()
  })
})

describe.skipIf(url === null || !privateServersAvailable())('Redis usage batching (P1)', () => {
  let client: Redis
  withPrivateRedis((_server, opened) => {
    client = opened
  })

  it('P1: 450 appends in one tick are written with 3 script calls (batches of 200), whatever the number of keys', async () => {
    const log = createRedisUsageLog({ client, prefix: 'kw', usage: { maxBatch: 200 } })
    log.append(entry(randomKeyId()))
    await log.flush() // loads the script (NOSCRIPT, then EVAL)
    await client.config('RESETSTAT')
    const keyIds = Array.from({ length: 30 }, () => randomKeyId())
    for (let i = 0; i < 450; i++) log.append(entry(keyIds[i % keyIds.length]!))
    await log.flush()
    const calls = await commandCalls(client)
    expect(calls.get('evalsha')).toBe(3)
    expect(calls.get('eval')).toBeUndefined()
    // Each list gets one LPUSH per batch: the list of every key, and the 30 keys' own lists.
    expect(calls.get('lpush')).toBe(3 * 31)
    for (const keyId of keyIds) expect(await client.llen(`kw:usage:${keyId}`)).toBe(15)
    await log.close()
  })

  it('P1/O8: with owners, 450 appends over 30 keys of 5 owners still take 3 script calls, each owner’s list one LPUSH per batch', async () => {
    const log = createRedisUsageLog({ client, prefix: 'kw-owners', usage: { maxBatch: 200 } })
    log.append(entry(randomKeyId(), 'org-0'))
    await log.flush()
    await client.config('RESETSTAT')
    const keyIds = Array.from({ length: 30 }, () => randomKeyId())
    for (let i = 0; i < 450; i++) log.append(entry(keyIds[i % 30]!, `org-${i % 5}`))
    await log.flush()
    const calls = await commandCalls(client)
    expect(calls.get('evalsha')).toBe(3)
    expect(calls.get('lpush')).toBe(3 * (1 + 30 + 5))
    for (let o = 0; o < 5; o++) expect(await client.llen(`kw-owners:usage-owner:org-${o}`)).toBe(o === 0 ? 91 : 90)
    await log.close()
  })

  it('P1/E5: a batch larger than one LPUSH may carry (2,500 entries) is written whole, newest first', async () => {
    const log = createRedisUsageLog({
      client,
      prefix: 'kw-big',
      usage: { maxBatch: 5000, perKeyLimit: 5000, globalLimit: 5000 },
    })
    const keyId = randomKeyId()
    const appended = Array.from({ length: 2500 }, () => entry(keyId))
    await client.config('RESETSTAT')
    for (const e of appended) log.append(e)
    await log.flush()
    const calls = await commandCalls(client)
    // 1,000 values per LPUSH: 3 calls for each of the two lists.
    expect(calls.get('lpush')).toBe(6)
    const newestFirst = [...appended].reverse()
    expect(await log.query({ keyId, limit: 5000 })).toEqual(newestFirst)
    expect(await log.query({ limit: 5000 })).toEqual(newestFirst)
    await log.close()
  })
})
