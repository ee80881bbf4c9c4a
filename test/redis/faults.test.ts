/**
 * Fail closed, bounded (R5), on a redis-server this file starts and owns (never the shared one):
 * frozen with SIGSTOP, every call rejects within `timeoutMs` and requests get 500, never 200 and
 * never a hang; resumed with SIGCONT, the same stores recover; restarted empty, keys are unknown
 * (401); stopped, requests fail fast. Usage entries survive a failed flush.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AuthDecision, type Keyward, createKeyward } from '../../src/index.js'
import { StoreTimeoutError } from '../../src/core/errors.js'
import { type RedisClientLike, type RedisStores, createRedisStores } from '../../src/stores/redis/index.js'
import type { UsageEntry } from '../../src/core/types.js'
import { randomKeyId } from '../contracts/fixtures.js'
import {
  type RedisProcess,
  ioredisClient,
  nodeRedisClient,
  privateServersAvailable,
  startRedisServer,
} from '../helpers/redis.js'

const TIMEOUT_MS = 300
/** Scheduling slack on a loaded 2-core machine; a hang would exceed it by far. */
const MARGIN_MS = 300

const available = privateServersAvailable()

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const code = (d: AuthDecision) => (d.ok ? 'ok' : d.error.code)

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await action()
  return { value, ms: performance.now() - start }
}

function entry(keyId: string, n: number): UsageEntry {
  return {
    keyId,
    ownerId: null,
    requestId: `req_fault${n}_${randomKeyId().slice(4)}`,
    timestamp: new Date().toISOString(),
    method: 'GET',
    path: '/api/v1/ip/lookup',
    status: 200,
    code: null,
    ip: null,
    country: null,
  }
}

describe.skipIf(!available)('Redis faults (R5) on a private redis-server', () => {
  let server: RedisProcess
  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    await server?.stop()
  })
  afterEach(async () => {
    // A failed assertion must not leave the server frozen or down for the next test.
    server.thaw()
    await server.up().catch(() => undefined)
  })

  for (const kind of ['ioredis', 'node-redis'] as const) {
    describe(kind, () => {
      let close: () => Promise<unknown>
      let client: RedisClientLike
      let stores: RedisStores
      let keyward: Keyward

      beforeAll(async () => {
        if (kind === 'ioredis') {
          const io = await ioredisClient(server.url)
          client = io
          close = async () => io.disconnect()
        } else {
          const nr = await nodeRedisClient(server.url)
          client = nr
          close = () => nr.disconnect()
        }
        stores = createRedisStores({ client, prefix: `kw-${kind}`, timeoutMs: TIMEOUT_MS })
        keyward = createKeyward({ stores })
      })
      afterAll(async () => {
        server.thaw()
        await keyward?.close().catch(() => undefined)
        await close?.()
      })

      it('R5: with Redis frozen (SIGSTOP), authorize rejects with StoreTimeoutError within timeoutMs and requests get 500, never 200', async () => {
        const { key } = await keyward.keys.create({ name: 'frozen' })
        expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
        server.freeze()

        const direct = await timed(() =>
          stores
            .authorize({
              hashes: ['0'.repeat(64)],
              now: Date.now(),
              requiredScopes: null,
              liveOnly: false,
              consume: true,
              defaults: { live: { perMinute: 1000, perMonth: null }, test: { perMinute: 10, perMonth: 1000 } },
            })
            .then(
              () => 'resolved',
              (error: unknown) => error,
            ),
        )
        expect(direct.value).toBeInstanceOf(StoreTimeoutError)
        expect(direct.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5)
        expect(direct.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS)

        const requests = await timed(() =>
          Promise.all(Array.from({ length: 20 }, () => keyward.authenticate(bearer(key)))),
        )
        expect(requests.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS)
        for (const decision of requests.value) {
          if (decision.ok) throw new Error('a request was admitted while Redis was frozen')
          expect(decision.error.code).toBe('INTERNAL_ERROR')
          expect(decision.response.status).toBe(500)
          expect(decision.response.headers['X-Request-ID']).toBe(decision.requestId)
          expect(decision.error.message).toContain(decision.requestId)
        }
        // Management calls are bounded too.
        const create = await timed(() =>
          keyward.keys.create({ name: 'while frozen' }).then(
            () => 'created',
            (error: unknown) => error,
          ),
        )
        expect(create.value).toBeInstanceOf(StoreTimeoutError)
        expect(create.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS)
        server.thaw()
      })

      it('R5: after SIGCONT the same stores and client recover without a restart', async () => {
        const { key } = await keyward.keys.create({ name: 'thawed' })
        server.freeze()
        expect(code(await keyward.authenticate(bearer(key)))).toBe('INTERNAL_ERROR')
        server.thaw()
        await vi.waitFor(async () => expect(code(await keyward.authenticate(bearer(key)))).toBe('ok'), {
          timeout: 5_000,
          interval: 20,
        })
        expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
      })

      it('R5: Redis restarted empty: the key is unknown (401 INVALID_API_KEY), never 200', async () => {
        const { key, record } = await keyward.keys.create({ name: 'forgotten' })
        expect(code(await keyward.authenticate(bearer(key)))).toBe('ok')
        await server.restart()
        // While the client reconnects requests are 500; once it has, the key is unknown.
        await vi.waitFor(async () => expect(code(await keyward.authenticate(bearer(key)))).not.toBe('INTERNAL_ERROR'), {
          timeout: 10_000,
          interval: 50,
        })
        const decision = await keyward.authenticate(bearer(key))
        expect(code(decision)).toBe('INVALID_API_KEY')
        expect(decision.ok ? 200 : decision.response.status).toBe(401)
        // The in-process id → hash cache does not bring the record back either.
        expect(await keyward.keys.get(record.id)).toBeUndefined()
        // And new keys work at once (the scripts were reloaded through EVAL).
        const fresh = await keyward.keys.create({ name: 'after restart' })
        expect(code(await keyward.authenticate(bearer(fresh.key)))).toBe('ok')
      })

      it('R5: with Redis stopped, calls fail fast without waiting for the timeout (no offline queue), and work again once it is back', async () => {
        await server.down()
        const probe = () =>
          stores.keys.findByHash('1'.repeat(64)).then(
            () => 'answered',
            (error: unknown) => error,
          )
        // Once the client has seen the connection drop, nothing is queued: every call rejects at once.
        await vi.waitFor(
          async () => {
            const outcome = await probe()
            expect(outcome).toBeInstanceOf(Error)
            expect(outcome).not.toBeInstanceOf(StoreTimeoutError)
          },
          { timeout: 5_000, interval: 20 },
        )
        const attempts = await timed(() => Promise.all(Array.from({ length: 20 }, probe)))
        for (const outcome of attempts.value) {
          expect(outcome).toBeInstanceOf(Error)
          expect(outcome).not.toBeInstanceOf(StoreTimeoutError)
        }
        expect(attempts.ms).toBeLessThan(TIMEOUT_MS)
        const request = await timed(async () => keyward.authenticate(bearer(`svc_live_${'a'.repeat(32)}`)))
        expect(request.ms).toBeLessThan(TIMEOUT_MS)

        await server.up()
        const fresh = await vi.waitFor(() => keyward.keys.create({ name: 'back again' }), {
          timeout: 10_000,
          interval: 50,
        })
        expect(code(await keyward.authenticate(bearer(fresh.key)))).toBe('ok')
      })

      it('usage: entries appended while Redis is frozen are written after SIGCONT, none lost, and the failure is reported', async () => {
        const errors: unknown[] = []
        const own = createRedisStores({
          client,
          prefix: `kw-${kind}-usage`,
          timeoutMs: TIMEOUT_MS,
          usage: { flushIntervalMs: 5, onError: (error) => errors.push(error) },
        })
        const keyId = randomKeyId()
        server.freeze()
        const entries = Array.from({ length: 5 }, (_, n) => entry(keyId, n))
        for (const e of entries) own.usage.append(e)
        await expect(own.usage.flush()).rejects.toBeInstanceOf(StoreTimeoutError)
        // The background flush reports its failure and keeps the entries for a retry.
        await vi.waitFor(() => expect(errors[0]).toBeInstanceOf(StoreTimeoutError), { timeout: 2_000, interval: 20 })
        server.thaw()
        await own.usage.flush()
        const held = await own.usage.query({ keyId, limit: 100 })
        // At least once: a write that timed out may have been applied as well as its retry.
        expect(new Set(held.map((e) => e.requestId))).toEqual(new Set(entries.map((e) => e.requestId)))
        expect(held[0]!.requestId).toBe(entries[4]!.requestId)
        await own.close()
      })

      it('usage: while Redis refuses writes the buffer stays bounded and dropped entries are reported', async () => {
        const errors: string[] = []
        const own = createRedisStores({
          client,
          prefix: `kw-${kind}-bounded`,
          timeoutMs: TIMEOUT_MS,
          usage: { flushIntervalMs: 1, maxBatch: 2, maxBuffered: 3, onError: (error) => errors.push(String(error)) },
        })
        const keyId = randomKeyId()
        server.freeze()
        const entries = Array.from({ length: 10 }, (_, n) => entry(keyId, n))
        for (const e of entries) own.usage.append(e)
        expect(errors.some((message) => /dropped \d+ usage entries/.test(message))).toBe(true)
        server.thaw()
        await vi.waitFor(() => own.usage.flush(), { timeout: 5_000, interval: 50 })
        const held = new Set((await own.usage.query({ keyId, limit: 100 })).map((e) => e.requestId))
        // The newest entries (those still buffered) are all written.
        for (const e of entries.slice(-3)) expect(held.has(e.requestId)).toBe(true)
        await own.close()
      })
    })
  }
})
