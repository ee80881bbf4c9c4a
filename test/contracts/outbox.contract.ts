/**
 * The behaviour every EventOutbox must have (W1): stored once per id, leased to one owner at a
 * time, settled only by the leaseholder, taken over by another owner once a lease ends, listed
 * newest first, and `once` true for exactly one caller of a mark until it expires.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventOutbox, OutboxDelivery } from '../../src/core/outbox.js'
import { T0, randomKeyId, type Fixture, type FixtureFactory } from './fixtures.js'

const ENDPOINT = 'http://127.0.0.1:9/hooks'

/** A pending delivery due at `at`, with a random event id. */
export function makeDelivery(at = T0, overrides: Partial<OutboxDelivery> = {}): OutboxDelivery {
  const eventId = `msg_${randomKeyId().slice(4)}`
  return {
    id: `${eventId}.ep1`,
    eventId,
    endpointUrl: ENDPOINT,
    eventType: 'key.created',
    body: JSON.stringify({ type: 'key.created', timestamp: new Date(at).toISOString(), data: { keyId: 'key_x' } }),
    createdAt: at,
    attempts: 0,
    nextAttemptAt: at,
    state: 'pending',
    lastStatus: null,
    lastError: null,
    lastAttemptAt: null,
    ...overrides,
  }
}

export function runOutboxContract(name: string, makeOutbox: FixtureFactory<{ outbox: EventOutbox }>): void {
  describe(`EventOutbox contract: ${name}`, () => {
    let fixture: Fixture<{ outbox: EventOutbox }>
    let outbox: EventOutbox
    beforeEach(async () => {
      fixture = await makeOutbox()
      outbox = fixture.outbox
    })
    afterEach(async () => {
      await fixture.cleanup?.()
    })

    /** Claims only the given deliveries' ids (a shared store may hold others' deliveries). */
    async function claimed(owner: string, now: number, until: number, ids: string[]): Promise<OutboxDelivery[]> {
      const got = await outbox.claim(owner, now, until, 1000, ENDPOINT)
      return got.filter((delivery) => ids.includes(delivery.id))
    }

    it('returns an enqueued delivery to a claim once it is due, with every field (W1)', async () => {
      const delivery = makeDelivery(T0)
      await outbox.enqueue([delivery])
      expect(await claimed('a', T0 - 1, T0 + 1000, [delivery.id])).toEqual([])
      expect(await claimed('a', T0, T0 + 1000, [delivery.id])).toEqual([{ ...delivery, nextAttemptAt: T0 + 1000 }])
    })

    it('leases a delivery to one owner until the lease ends, then another may take it (W1)', async () => {
      const delivery = makeDelivery(T0)
      await outbox.enqueue([delivery])
      expect(await claimed('a', T0, T0 + 5000, [delivery.id])).toHaveLength(1)
      expect(await claimed('b', T0 + 4999, T0 + 9000, [delivery.id])).toEqual([])
      const taken = await claimed('b', T0 + 5000, T0 + 9000, [delivery.id])
      expect(taken.map((d) => d.eventId)).toEqual([delivery.eventId])
      // The first owner's lease is gone: its settlement changes nothing.
      const settlement = {
        state: 'delivered' as const,
        attempts: 1,
        nextAttemptAt: T0,
        lastStatus: 200,
        lastError: null,
        lastAttemptAt: T0,
      }
      expect(await outbox.settle(delivery.id, 'a', settlement)).toBe(false)
      expect(await outbox.settle(delivery.id, 'b', settlement)).toBe(true)
      expect(await outbox.settle(delivery.id, 'b', settlement)).toBe(false)
    })

    it('enqueuing an id again changes nothing (W1)', async () => {
      const delivery = makeDelivery(T0)
      await outbox.enqueue([delivery])
      await outbox.claim('a', T0, T0 + 5000, 1000, ENDPOINT)
      await outbox.enqueue([{ ...delivery, nextAttemptAt: T0 }])
      expect(await claimed('b', T0 + 1, T0 + 9000, [delivery.id])).toEqual([])
    })

    it('a retry is due again at its next attempt time with its attempts and last outcome (W1)', async () => {
      const delivery = makeDelivery(T0)
      await outbox.enqueue([delivery])
      await claimed('a', T0, T0 + 5000, [delivery.id])
      const retry = {
        state: 'pending' as const,
        attempts: 1,
        nextAttemptAt: T0 + 2000,
        lastStatus: 500,
        lastError: 'answered 500',
        lastAttemptAt: T0 + 10,
      }
      expect(await outbox.settle(delivery.id, 'a', retry)).toBe(true)
      expect(await claimed('b', T0 + 1999, T0 + 9000, [delivery.id])).toEqual([])
      expect(await claimed('b', T0 + 2000, T0 + 9000, [delivery.id])).toEqual([
        { ...delivery, ...retry, nextAttemptAt: T0 + 9000 },
      ])
    })

    it('a delivered or failed delivery is never claimed again and shows in recent, newest first (W1)', async () => {
      const older = makeDelivery(T0)
      const newer = makeDelivery(T0 + 1)
      await outbox.enqueue([older, newer])
      await claimed('a', T0 + 1, T0 + 5000, [older.id, newer.id])
      const done = { attempts: 1, nextAttemptAt: T0 + 1, lastStatus: 204, lastError: null, lastAttemptAt: T0 + 1 }
      await outbox.settle(older.id, 'a', { ...done, state: 'delivered' })
      await outbox.settle(newer.id, 'a', { ...done, state: 'failed', lastStatus: 410 })
      expect(await claimed('b', T0 + 60_000, T0 + 90_000, [older.id, newer.id])).toEqual([])
      const recent = (await outbox.recent(1000)).filter((d) => d.id === older.id || d.id === newer.id)
      expect(recent.map((d) => [d.id, d.state, d.lastStatus])).toEqual([
        [newer.id, 'failed', 410],
        [older.id, 'delivered', 204],
      ])
    })

    it('B4: a claim takes only its own endpoint due deliveries, oldest due first, past any backlog of another endpoint', async () => {
      const silent = `http://127.0.0.1:9/${randomKeyId()}`
      const healthy = `http://127.0.0.1:9/${randomKeyId()}`
      // The silent endpoint's backlog is older and due first.
      const backlog = Array.from({ length: 30 }, (_, i) => makeDelivery(T0 + i, { endpointUrl: silent }))
      const mine = [T0 + 200, T0 + 100, T0 + 300].map((at) => makeDelivery(at, { endpointUrl: healthy }))
      await outbox.enqueue([...backlog, ...mine])
      // Never more than the limit, even none.
      expect(await outbox.claim('a', T0 + 250, T0 + 5000, 0, healthy)).toEqual([])
      const first = await outbox.claim('a', T0 + 250, T0 + 5000, 4, healthy)
      expect(first.map((d) => d.id)).toEqual([mine[1]!.id, mine[0]!.id])
      expect(first.every((d) => d.endpointUrl === healthy)).toBe(true)
      expect((await outbox.claim('a', T0 + 300, T0 + 5000, 4, healthy)).map((d) => d.id)).toEqual([mine[2]!.id])
      const silentOnes = await outbox.claim('a', T0 + 300, T0 + 5000, 4, silent)
      expect(silentOnes.map((d) => d.id)).toEqual(backlog.slice(0, 4).map((d) => d.id))
    })

    it('B4: a delivery due again after a retry keeps its place among its endpoint deliveries by due time', async () => {
      const url = `http://127.0.0.1:9/${randomKeyId()}`
      const early = makeDelivery(T0, { endpointUrl: url })
      const later = makeDelivery(T0 + 10, { endpointUrl: url })
      await outbox.enqueue([early, later])
      expect((await outbox.claim('a', T0, T0 + 5000, 1, url)).map((d) => d.id)).toEqual([early.id])
      const retry = {
        state: 'pending' as const,
        attempts: 1,
        nextAttemptAt: T0 + 20,
        lastStatus: null,
        lastError: 'no answer within 500 ms',
        lastAttemptAt: T0 + 5,
      }
      expect(await outbox.settle(early.id, 'a', retry)).toBe(true)
      expect((await outbox.claim('b', T0 + 20, T0 + 5000, 10, url)).map((d) => d.id)).toEqual([later.id, early.id])
    })

    it('once is true for exactly one of many concurrent callers until the mark expires (W2)', async () => {
      const mark = `threshold:${randomKeyId()}:minute:0.8`
      const answers = await Promise.all(Array.from({ length: 20 }, () => outbox.once(mark, T0, T0 + 60_000)))
      expect(answers.filter(Boolean)).toHaveLength(1)
      expect(await outbox.once(mark, T0 + 59_999, T0 + 120_000)).toBe(false)
      expect(await outbox.once(mark, T0 + 60_000, T0 + 120_000)).toBe(true)
    })
  })
}
