/**
 * R5 without a Redis: the connection bounds every call with one shared deadline queue, and
 * `createRedisStores` bounds each operation as a whole (several calls included), so the core can
 * rely on `stores.timeoutMs` and add no timer of its own.
 */
import { describe, expect, it } from 'vitest'
import { StoreTimeoutError } from '../../src/core/errors.js'
import { connect } from '../../src/stores/redis/client.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { AUTHORIZE_SCRIPT } from '../../src/stores/redis/scripts.js'

/**
 * An ioredis-shaped client answering every command with `answer(command)` after `delayMs`, except
 * the stores' start check (`CONFIG GET maxmemory-policy`), answered at once as a `noeviction`
 * Redis and not recorded in `sent`.
 */
function fakeClient(delayMs: number, answer: (command: string, args: string[]) => unknown = () => 'OK') {
  const sent: string[] = []
  return {
    sent,
    client: {
      isCluster: false,
      call(command: string, ...args: string[]): Promise<unknown> {
        if (command === 'CONFIG') return Promise.resolve(['maxmemory-policy', 'noeviction'])
        sent.push(command)
        if (delayMs === Infinity) return new Promise(() => undefined)
        return new Promise((resolve) => setTimeout(() => resolve(answer(command, args)), delayMs))
      },
    },
  }
}

const input = {
  hashes: ['a'.repeat(64)],
  now: Date.now(),
  requiredScopes: null,
  liveOnly: false,
  consume: true,
  defaults: { live: { perMinute: 100, perMonth: null }, test: { perMinute: 10, perMonth: 1000 } },
}

async function settledIn<T>(promise: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now()
  try {
    const value = await promise
    return { ms: performance.now() - started, value }
  } catch (error) {
    return { ms: performance.now() - started, error }
  }
}

describe('Redis call deadlines (R5)', () => {
  it('R5: createRedisStores reports its timeoutMs, so the core adds no second timer', () => {
    expect(createRedisStores({ client: fakeClient(0).client }).timeoutMs).toBe(1000)
    expect(createRedisStores({ client: fakeClient(0).client, timeoutMs: 250 }).timeoutMs).toBe(250)
  })

  it('R5: calls that never answer all reject with StoreTimeoutError after timeoutMs; calls that answer resolve', async () => {
    const frozen = connect(fakeClient(Infinity).client, 100)
    const healthy = connect(fakeClient(5, () => 'PONG').client, 100)
    const waits = [
      settledIn(frozen.command(['PING'], 'k')),
      settledIn(frozen.script(AUTHORIZE_SCRIPT, ['k'], [])),
      settledIn(new Promise((resolve) => setTimeout(resolve, 30)).then(() => frozen.command(['GET', 'k'], 'k'))),
    ]
    expect(await healthy.command(['PING'], 'k')).toBe('PONG')
    for (const { ms, error } of await Promise.all(waits)) {
      expect(error).toBeInstanceOf(StoreTimeoutError)
      expect(ms).toBeGreaterThanOrEqual(95)
      expect(ms).toBeLessThan(600)
    }
    // The queue is empty again: a later call is bounded as the first was.
    const later = await settledIn(frozen.command(['PING'], 'k'))
    expect(later.error).toBeInstanceOf(StoreTimeoutError)
    expect(later.ms).toBeGreaterThanOrEqual(95)
  })

  it('R5: authorize with two hashes is bounded as a whole, not per call', async () => {
    // Each call answers "unknown" after 500 ms: two in turn take 1 s, past the 600 ms bound. The
    // margins leave room for timers that fire late on a busy machine.
    const { client, sent } = fakeClient(500, () => [0])
    const stores = createRedisStores({ client, timeoutMs: 600 })
    const { ms, error } = await settledIn(stores.authorize({ ...input, hashes: ['a'.repeat(64), 'b'.repeat(64)] }))
    expect(error).toBeInstanceOf(StoreTimeoutError)
    expect(ms).toBeLessThan(950)
    expect(sent.filter((command) => command === 'EVALSHA').length).toBeGreaterThanOrEqual(1)
    await stores.close()
  })

  it('R5: a store operation of several Redis calls is bounded as a whole', async () => {
    // keys.get of an id not cached: GET of the id index, then the record script; 500 ms each.
    const { client } = fakeClient(500, (command) => (command === 'GET' ? 'a'.repeat(64) : []))
    const stores = createRedisStores({ client, timeoutMs: 600 })
    const { ms, error } = await settledIn(Promise.resolve(stores.keys.get('key_x')))
    expect(error).toBeInstanceOf(StoreTimeoutError)
    expect(ms).toBeLessThan(950)
    await stores.close()
  })

  it('R5: a single-hash authorize makes one script call and decodes its reply', async () => {
    const { client, sent } = fakeClient(1, () => [0])
    // Without the start-up persistence check, whose INFO could land among the counted calls.
    const stores = createRedisStores({ client, timeoutMs: 100, persistenceWarning: false })
    expect(await stores.authorize(input)).toEqual({ result: 'unknown' })
    expect(sent).toEqual(['EVALSHA'])
    await stores.close()
  })
})
