/**
 * Webhooks across a fleet (W1, W2): two keyward instances on one Redis, and on one Postgres
 * database. An instance closed or cut off from its store in the middle of a delivery hands it to
 * the other, which delivers the same event id; a threshold crossed under 200 concurrent requests
 * split over both instances is sent once.
 */
import { Webhook } from 'standardwebhooks'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { createKeyward, type Keyward, type KeywardOptions } from '../../src/index.js'
import type { KeywardStores } from '../../src/core/types.js'
import { createPostgresStores } from '../../src/stores/postgres/index.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { buildRequest } from '../../src/testing.js'
import { type TestDatabase, databaseAvailable, testPool, withDatabase } from '../helpers/postgres.js'
import { deletePrefix, ioredisClient, sharedRedisUrl, uniquePrefix } from '../helpers/redis.js'
import { markedEnv, recordStarted } from '../helpers/started-processes.js'
import { newSecret, type Receiver, startReceiver } from './receiver.js'

const INSTANCE_PROCESS = fileURLToPath(new URL('./support/instance-process.ts', import.meta.url))

const redisUrl = sharedRedisUrl(inject('keywardRedis'))

/** How a family makes stores for one instance, and cuts an instance off from its store. */
interface Family {
  /**
   * Stores on a connection of their own, in the namespace `space` (one per test); `cut()` ends that
   * connection as a crash would.
   */
  stores(space: string): Promise<{ stores: KeywardStores; cut(): Promise<void> }>
  /** How `support/instance-process.ts` opens the same stores as `stores(space)`. */
  processEnv(space: string): Record<string, string>
  /** Makes the store refuse every write to the outbox in `space` (the keys stay writable); returns the repair. */
  breakOutbox(space: string): Promise<() => Promise<void>>
}

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close().catch(() => undefined)
})

function instance(stores: KeywardStores, options: Partial<KeywardOptions>): Keyward {
  const keyward = createKeyward({ stores, onError: () => undefined, ...options })
  open.push(keyward)
  return keyward
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver()
  open.push(r)
  return r
}

function fleetSuite(name: string, family: Family) {
  describe(name, () => {
    let space = ''
    beforeEach(() => {
      space = randomBytes(4).toString('hex')
    })
    it('an instance closed while its delivery is in flight hands it over: the other delivers the same event id (W1)', async () => {
      const r = await receiver()
      r.answers = ['hang']
      const secret = newSecret()
      const webhooks = { endpoints: [{ url: r.url, secret }], timeoutMs: 5000, pollIntervalMs: 50 }
      const a = instance((await family.stores(space)).stores, { webhooks })
      await a.keys.create({ name: 'handed over' })
      const [first] = await r.waitFor(1)
      // Only now does B start polling: the delivery is A's, in flight.
      instance((await family.stores(space)).stores, { webhooks })
      await a.close()
      const [, second] = await r.waitFor(2)
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
      expect(new Webhook(secret).verify(second!.body, second!.headers)).toMatchObject({ type: 'key.created' })
    })

    it('an instance killed (SIGKILL) mid-delivery: once its lease ends another delivers the same event id (W1)', async () => {
      const r = await receiver()
      r.answers = ['hang']
      const secret = newSecret()
      const timeoutMs = 1000
      const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE_PROCESS], {
        env: markedEnv({
          ...process.env,
          ...family.processEnv(space),
          WEBHOOK_URL: r.url,
          WEBHOOK_SECRET: secret,
          TIMEOUT_MS: String(timeoutMs),
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      recordStarted(child, `node --import tsx ${INSTANCE_PROCESS}`)
      const exited = new Promise((resolve) => child.once('exit', resolve))
      open.push({ close: async () => void (child.exitCode === null && child.kill('SIGKILL')) })
      let stderr = ''
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      const [first] = await r.waitFor(1, 20_000).catch((error: Error) => {
        throw new Error(`${error.message}; the instance said: ${stderr}`)
      })
      // Its attempt is in flight, leased to it: it dies holding the lease.
      child.kill('SIGKILL')
      await exited
      const webhooks = { endpoints: [{ url: r.url, secret }], timeoutMs, pollIntervalMs: 50 }
      instance((await family.stores(space)).stores, { webhooks })
      const [, second] = await r.waitFor(2, 15_000)
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
      expect(new Webhook(secret).verify(second!.body, second!.headers)).toMatchObject({
        type: 'key.created',
        data: { keyId: expect.stringMatching(/^key_/) },
      })
    }, 40_000)

    it('an instance cut off from its store mid-delivery: once its lease ends the other delivers the same event id (W1)', async () => {
      const r = await receiver()
      r.answers = ['hang']
      const secret = newSecret()
      const webhooks = { endpoints: [{ url: r.url, secret }], timeoutMs: 500, pollIntervalMs: 50 }
      const cutOff = await family.stores(space)
      const a = instance(cutOff.stores, { webhooks })
      await a.keys.create({ name: 'crashed' })
      const [first] = await r.waitFor(1)
      await cutOff.cut()
      const other = await family.stores(space)
      const b = instance(other.stores, { webhooks })
      // The lease is the attempt's timeout plus a margin: B takes over within it.
      const [, second] = await r.waitFor(2, 15_000)
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
      const deadline = Date.now() + 5000
      while (
        (await b.events.deliveries(1000)).find((d) => d.eventId === first!.headers['webhook-id'])?.state !== 'delivered'
      ) {
        if (Date.now() > deadline) throw new Error('not recorded as delivered')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }, 30_000)

    it('usage.threshold is sent once per fraction across two instances under 200 concurrent requests (W2)', async () => {
      const r = await receiver()
      const secret = newSecret()
      const webhooks = { endpoints: [{ url: r.url, secret, events: ['usage.threshold' as const] }], pollIntervalMs: 50 }
      const a = instance((await family.stores(space)).stores, { webhooks })
      const b = instance((await family.stores(space)).stores, { webhooks })
      const { key } = await a.keys.create({ name: 'busy', limits: { perMinute: 100 } })
      const request = buildRequest({ headers: { authorization: `Bearer ${key}` } })
      // Not across a minute boundary, so every request falls in one window period.
      while (new Date().getUTCSeconds() > 50) await new Promise((resolve) => setTimeout(resolve, 500))
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) => Promise.resolve((i % 2 === 0 ? a : b).authenticate(request))),
      )
      expect(decisions.some((d) => d.ok)).toBe(true)
      await r.waitFor(2)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const hook = new Webhook(secret)
      const events = r.received.map((got) => hook.verify(got.body, got.headers) as { data: { fraction: number } })
      expect(events.map((e) => e.data.fraction).sort()).toEqual([0.8, 1])
    })

    it('usage.threshold of a named limit, of credits and of an owner limit is sent once each across two instances under 200 concurrent requests (W2, M1, M3, O7)', async () => {
      const r = await receiver()
      const secret = newSecret()
      const webhooks = {
        endpoints: [{ url: r.url, secret, events: ['usage.threshold' as const] }],
        pollIntervalMs: 50,
        thresholds: [0.5, 1],
      }
      const ownerLimits = { live: { perMinute: 100 } }
      const a = instance((await family.stores(space)).stores, { webhooks, ownerLimits })
      const b = instance((await family.stores(space)).stores, { webhooks, ownerLimits })
      // The credits bind: 60 requests are admitted, which is all of them, half the hourly limit
      // and more than half the owner's minute.
      const { key, record } = await a.keys.create({
        name: 'metered',
        ownerId: `acct_${space}`,
        limits: [{ name: 'requests', limit: 100, window: '1h' }],
        credits: { remaining: 60 },
      })
      const request = buildRequest({ headers: { authorization: `Bearer ${key}` } })
      // Not across a minute (or hour) boundary, so every request falls in one window period.
      while (new Date().getUTCSeconds() > 50) await new Promise((resolve) => setTimeout(resolve, 500))
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) => Promise.resolve((i % 2 === 0 ? a : b).authenticate(request))),
      )
      expect(decisions.filter((d) => d.ok).length).toBeGreaterThanOrEqual(60)
      await r.waitFor(4)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const hook = new Webhook(secret)
      const seen = r.received.map((got) => {
        expect(got.body).not.toContain(key)
        const { data } = hook.verify(got.body, got.headers) as { data: Record<string, unknown> }
        expect(data).toMatchObject({ keyId: record.id, ownerId: `acct_${space}`, keyType: 'live' })
        return `${data.scope} ${data.kind} ${data.limit} ${data.fraction} of ${data.max}`
      })
      expect(seen.sort()).toEqual([
        'key credits credits 0.5 of 60',
        'key credits credits 1 of 60',
        'key rolling requests 0.5 of 100',
        'owner rolling minute 0.5 of 100',
      ])
    })

    it('the store refusing the outbox loses the events, never the key changes, and onError hears of it; delivery resumes once repaired (W1)', async () => {
      const r = await receiver()
      const secret = newSecret()
      const faults: { phase: string }[] = []
      const webhooks = { endpoints: [{ url: r.url, secret }], pollIntervalMs: 50 }
      const onError = (_error: unknown, info: { phase: string }) => void faults.push(info)
      const a = instance((await family.stores(space)).stores, { webhooks, onError })
      const repair = await family.breakOutbox(space)
      let lost: { key: string; record: { id: string } }
      try {
        lost = await a.keys.create({ name: 'kept' })
        await a.keys.revoke(lost.record.id)
        const deadline = Date.now() + 5000
        // Both events, the creation's and the revocation's, were refused.
        while (faults.filter((fault) => fault.phase === 'events').length < 2) {
          if (Date.now() > deadline) throw new Error(`no events fault reported: ${JSON.stringify(faults)}`)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      } finally {
        await repair()
      }
      expect((await a.keys.get(lost.record.id))?.status).toBe('revoked')
      const refused = await a.authenticate(buildRequest({ headers: { authorization: `Bearer ${lost.key}` } }))
      expect(refused.ok).toBe(false)
      const after = await a.keys.create({ name: 'after the repair' })
      const [got] = await r.waitFor(1)
      expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({
        type: 'key.created',
        data: { keyId: after.record.id },
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(r.received).toHaveLength(1)
    })
  })
}

describe.skipIf(redisUrl === null)('webhooks across instances on Redis', () => {
  const prefix = uniquePrefix('webhooks-fleet')
  afterAll(async () => {
    if (redisUrl !== null) await deletePrefix(redisUrl, prefix)
  })
  fleetSuite('Redis', {
    async stores(space) {
      const client = await ioredisClient(redisUrl!)
      const stores = createRedisStores({ client, prefix: `${prefix}:${space}` })
      open.push({ close: async () => void client.disconnect() })
      return { stores, cut: async () => client.disconnect() }
    },
    processEnv: (space) => ({ STORE: 'redis', REDIS_URL: redisUrl!, PREFIX: `${prefix}:${space}` }),
    async breakOutbox(space) {
      // A string where the outbox keeps its sorted set of recent deliveries: every enqueue fails
      // with WRONGTYPE at its first write, so nothing of the event is stored.
      const client = await ioredisClient(redisUrl!)
      const recent = `${prefix}:${space}:{outbox}:recent`
      await client.set(recent, 'not a sorted set')
      return async () => {
        await client.del(recent)
        client.disconnect()
      }
    },
  })
})

describe.skipIf(!databaseAvailable())('webhooks across instances on Postgres', () => {
  let db: TestDatabase
  withDatabase('webhooks_fleet', (database) => (db = database))
  fleetSuite('Postgres', {
    // One schema for the suite: each test's events are its own by their ids and receivers.
    async stores() {
      const pool = testPool(db.url)
      let ended = false
      const end = async () => {
        if (ended) return
        ended = true
        await pool.end()
      }
      open.push({ close: end })
      return { stores: createPostgresStores({ pool, schema: db.schema }), cut: end }
    },
    processEnv: () => ({ STORE: 'postgres', DATABASE_URL: db.url, SCHEMA: db.schema }),
    async breakOutbox() {
      // A constraint no row meets: every insert into the outbox fails, the keys' tables are untouched.
      const table = `${db.schema}.webhook_deliveries`
      await db.pool.query(`ALTER TABLE ${table} ADD CONSTRAINT refuse_every_row CHECK (false) NOT VALID`)
      return async () => void (await db.pool.query(`ALTER TABLE ${table} DROP CONSTRAINT refuse_every_row`))
    },
  })
})
