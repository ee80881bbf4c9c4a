/**
 * O4 at scale: one owner's keys listed among 1,000,000 stored records on Redis. The records are
 * written straight into the store's layout (pipelined HSET, ZADD, MSET) on a private redis-server,
 * which is stopped afterwards; the owner's own keys go through the store. Every command the store
 * sends is recorded, so the test sees which records a listing reads, and INFO commandstats counts
 * what Redis ran (script-internal reads included).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import { newestFirst } from '../../src/core/key-list.js'
import { type IoRedisLike, type RedisKeyStore, createRedisStores } from '../../src/stores/redis/index.js'
import { createLayout, indexMember } from '../../src/stores/redis/layout.js'
import type { KeyListQuery, KeyPage, StoredKey } from '../../src/core/types.js'
import { T0, makeStoredKey } from '../contracts/fixtures.js'
import {
  type RedisProcess,
  commandCalls,
  ioredisClient,
  privateServersAvailable,
  startRedisServer,
} from '../helpers/redis.js'

const TOTAL = 1_000_000
const OWNED = 240
const PER_FILLER_OWNER = 100
const CHUNK = 10_000
const SPAN = 1_000_000_000
const prefix = 'scale'
const layout = createLayout(prefix)
const ownerId = 'acct-under-test'

/** Writes `count` records of other owners (100 each) in the store's layout, a chunk per round trip. */
async function writeFiller(client: Redis, count: number): Promise<void> {
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start)
    const random = randomBytes(32 * size).toString('hex')
    const pipeline = client.pipeline()
    const members: string[] = []
    const ids: string[] = []
    const byOwner = new Map<string, string[]>()
    for (let i = 0; i < size; i++) {
      const n = start + i
      const key = {
        id: `key_f${n.toString(36).padStart(23, '0')}`,
        hash: random.slice(64 * i, 64 * (i + 1)),
        createdAt: T0 + ((n * 7_919) % SPAN),
      }
      const owner = `acct-${Math.floor(n / PER_FILLER_OWNER)}`
      const record = layout.ofHash(key.hash).record
      pipeline.hset(
        record,
        'id',
        key.id,
        'name',
        'filler',
        'keyType',
        'live',
        'last4',
        'abcd',
        'createdAt',
        String(key.createdAt),
        'ownerId',
        owner,
        'enabled',
        '1',
      )
      const member = indexMember(key)
      members.push('0', member)
      ids.push(layout.idIndex(key.id), key.hash)
      const owned = byOwner.get(owner) ?? []
      owned.push('0', member)
      byOwner.set(owner, owned)
    }
    pipeline.zadd(layout.keyIndex, ...members)
    pipeline.mset(...ids)
    for (const [owner, owned] of byOwner) pipeline.zadd(layout.ownerIndex(owner), ...owned)
    const results = await pipeline.exec()
    const failed = results?.find(([error]) => error !== null)
    if (failed) throw failed[0]
  }
}

/** An ioredis client as keyward sees it, recording every command sent through it. */
function recording(client: Redis): { client: IoRedisLike; sent: string[][] } {
  const sent: string[][] = []
  return {
    sent,
    client: {
      isCluster: false,
      call(command: string, ...args: string[]) {
        sent.push([command.toUpperCase(), ...args])
        return client.call(command, ...args)
      },
    },
  }
}

describe.skipIf(!privateServersAvailable())(
  `O4: listing one owner's keys among ${TOTAL.toLocaleString('en')} records on Redis`,
  () => {
    let server: RedisProcess
    let raw: Redis
    let store: RedisKeyStore
    let sent: string[][]
    let owned: StoredKey[]

    beforeAll(async () => {
      server = await startRedisServer()
      raw = await ioredisClient(server.url)
      const recorder = recording(raw)
      sent = recorder.sent
      const stores = createRedisStores({ client: recorder.client, prefix, time: 'caller', timeoutMs: 5_000 })
      await stores.ready()
      store = stores.keys
      // The owner's keys through the store, spread over the whole time span, two at each time.
      owned = Array.from({ length: OWNED }, (_, i) =>
        makeStoredKey({
          ownerId,
          createdAt: T0 + Math.floor((Math.floor(i / 2) * 2 * SPAN) / OWNED),
          keyType: i % 3 === 0 ? 'test' : 'live',
          revokedAt: i % 5 === 0 ? T0 : null,
          meta: { seat: i },
        }),
      )
      for (const key of owned) await store.insert(key)
      await writeFiller(raw, TOTAL - OWNED)
    }, 180_000)
    afterAll(async () => {
      raw?.disconnect()
      await server?.stop()
    })

    /** The page, with the records it read (HGETALL keys) and what Redis ran meanwhile. */
    async function measured(query: Omit<KeyListQuery, 'now'>) {
      await raw.config('RESETSTAT')
      sent.length = 0
      const started = performance.now()
      const page: KeyPage = await store.list({ now: T0 + 1, ...query })
      const ms = performance.now() - started
      const reads = sent.filter(([command]) => command === 'HGETALL').map(([, key]) => key!)
      return { page, ms, reads, commands: sent.map(([command]) => command), calls: await commandCalls(raw) }
    }

    const ownRecords = () => new Set(owned.map((key) => layout.ofHash(key.hash).record))
    const expected = () => [...owned].sort(newestFirst).map((key) => key.id)

    it('the store holds 1,000,000 records in the layout it reads: every key indexed, a raw record found by id', async () => {
      expect(await raw.zcard(layout.keyIndex)).toBe(TOTAL)
      expect(await raw.zcard(layout.ownerIndex(ownerId))).toBe(OWNED)
      const filler = await store.get(`key_f${(123_456).toString(36).padStart(23, '0')}`)
      expect(filler).toMatchObject({ name: 'filler', ownerId: `acct-${Math.floor(123_456 / PER_FILLER_OWNER)}` })
    })

    it("O4: the owner's first page is its 50 newest keys, and reading it touches 51 records, all the owner's, in one index read", async () => {
      const { page, ms, reads, commands, calls } = await measured({ ownerId, limit: 50 })
      console.info(
        `O4: listed one owner's first 50 keys among ${TOTAL.toLocaleString('en')} records on Redis in ${ms.toFixed(1)} ms`,
      )
      expect(page.keys.map((key) => key.id)).toEqual(expected().slice(0, 50))
      expect(page.more).toBe(true)
      expect(page.keys[0]).toEqual(owned.find((key) => key.id === page.keys[0]!.id))
      expect(reads).toHaveLength(51)
      const own = ownRecords()
      expect(reads.filter((key) => !own.has(key))).toEqual([])
      expect(new Set(commands)).toEqual(new Set(['ZREVRANGEBYLEX', 'HGETALL']))
      // What Redis itself ran, script-internal commands included: nothing beyond those reads.
      expect([calls.get('hgetall'), calls.get('zrevrangebylex'), calls.get('evalsha'), calls.get('zrange')]).toEqual([
        51,
        1,
        undefined,
        undefined,
      ])
      expect(ms).toBeLessThan(1_000)
    })

    it("O4: paging through every key of the owner lists each once, in order, and reads only the owner's records", async () => {
      const listed: string[] = []
      const reads: string[] = []
      let after: StoredKey | undefined
      for (let pages = 0; pages < 10; pages++) {
        const got = await measured({ ownerId, limit: 100, after })
        listed.push(...got.page.keys.map((key) => key.id))
        reads.push(...got.reads)
        if (!got.page.more) break
        after = got.page.keys[got.page.keys.length - 1]
      }
      expect(listed).toEqual(expected())
      const own = ownRecords()
      expect(reads.filter((key) => !own.has(key))).toEqual([])
      expect(reads.length).toBeLessThanOrEqual(OWNED + 2)
    })

    it("O4: a filtered page of the owner (revoked test keys) reads no other owner's record", async () => {
      const { page, reads } = await measured({ ownerId, limit: 5, status: 'revoked', keyType: 'test' })
      const want = [...owned]
        .filter((_key, i) => i % 5 === 0 && i % 3 === 0)
        .sort(newestFirst)
        .map((key) => key.id)
      expect(page.keys.map((key) => key.id)).toEqual(want.slice(0, 5))
      expect(page.more).toBe(want.length > 5)
      const own = ownRecords()
      expect(reads.filter((key) => !own.has(key))).toEqual([])
    })
  },
)
