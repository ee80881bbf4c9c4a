/**
 * Webhooks end to end on the memory stores (W1, W2): a local receiver that verifies every message
 * with the standardwebhooks package, endpoints that fail in every way, and requests that never wait.
 */
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyward, type Keyward, type KeywardOptions } from '../../src/index.js'
import type { EventOutbox } from '../../src/core/outbox.js'
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { buildRequest, createManualClock } from '../../src/testing.js'
import { newSecret, type Receiver, startReceiver } from './receiver.js'

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

async function receiver(): Promise<Receiver> {
  const r = await startReceiver()
  open.push(r)
  return r
}

function keywardWith(options: KeywardOptions): Keyward {
  const keyward = createKeyward({ stores: createMemoryStores(), ...options })
  open.push(keyward)
  return keyward
}

/** The verified payloads the receiver got, in order. */
function verified(r: Receiver, secret: string) {
  const hook = new Webhook(secret)
  return r.received.map((got) => hook.verify(got.body, got.headers) as { type: string; timestamp: string; data: any })
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('webhooks on the memory stores', () => {
  it('key lifecycle events arrive signed, verify with standardwebhooks and never hold a key (W1, W2)', async () => {
    const r = await receiver()
    const secret = newSecret()
    const keyward = keywardWith({ webhooks: { endpoints: [{ url: r.url, secret }] } })
    const { key, record } = await keyward.keys.create({ name: 'CI', ownerId: 'acct_1' })
    await keyward.keys.update(record.id, { name: 'CI 2' })
    const rotated = await keyward.keys.rotate(record.id)
    await keyward.keys.revoke(rotated.record.id)
    await r.waitFor(4)
    const events = verified(r, secret)
    expect(events.map((e) => e.type).sort()).toEqual(['key.created', 'key.revoked', 'key.rotated', 'key.updated'])
    const created = events.find((e) => e.type === 'key.created')!
    expect(created.data).toMatchObject({ keyId: record.id, ownerId: 'acct_1', keyType: 'live' })
    expect(Date.parse(created.timestamp)).not.toBeNaN()
    expect(events.find((e) => e.type === 'key.updated')!.data.changed).toEqual(['name'])
    expect(events.find((e) => e.type === 'key.rotated')!.data).toMatchObject({
      keyId: rotated.record.id,
      previousKeyId: record.id,
    })
    for (const got of r.received) {
      expect(got.body).not.toContain(key)
      expect(got.body).not.toContain(rotated.key)
      expect(got.headers['webhook-id']).toMatch(/^msg_[0-9A-Za-z]{24}$/)
    }
  })

  it('an endpoint gets only the events it registered for (W1)', async () => {
    const all = await receiver()
    const revokedOnly = await receiver()
    const keyward = keywardWith({
      webhooks: {
        endpoints: [
          { url: all.url, secret: newSecret() },
          { url: revokedOnly.url, secret: newSecret(), events: ['key.revoked'] },
        ],
      },
    })
    const { record } = await keyward.keys.create({ name: 'a' })
    await keyward.keys.revoke(record.id)
    await all.waitFor(2)
    await revokedOnly.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(revokedOnly.received.map((got) => JSON.parse(got.body).type)).toEqual(['key.revoked'])
    // One event, one id, on every endpoint that receives it.
    const revokedId = all.received.find((got) => JSON.parse(got.body).type === 'key.revoked')!.headers['webhook-id']
    expect(revokedOnly.received[0]!.headers['webhook-id']).toBe(revokedId)
  })

  it('a redirect, a 500 and a hung endpoint are retried with the same webhook-id until delivered (W1)', async () => {
    const r = await receiver()
    r.answers = [{ redirect: 'http://127.0.0.1:1/' }, 500, 'hang']
    const secret = newSecret()
    const keyward = keywardWith({
      webhooks: { endpoints: [{ url: r.url, secret }], firstRetryMs: 50, timeoutMs: 300, pollIntervalMs: 20 },
    })
    await keyward.keys.create({ name: 'retried' })
    await r.waitFor(4)
    const ids = new Set(r.received.map((got) => got.headers['webhook-id']))
    expect(ids.size).toBe(1)
    expect(verified(r, secret).map((e) => e.type)).toEqual(['key.created', 'key.created', 'key.created', 'key.created'])
    await until(async () => (await keyward.events.deliveries())[0]?.state === 'delivered')
    const [delivery] = await keyward.events.deliveries()
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 4, lastStatus: 204, lastError: null, url: r.url })
  })

  it('an endpoint that is down is retried without delaying any request, and gets the event, same webhook-id, once it is up (W1)', async () => {
    // A port nothing listens on until the endpoint comes up.
    const probe = await startReceiver()
    const port = Number(new URL(probe.url).port)
    await probe.close()
    const secret = newSecret()
    const keyward = keywardWith({
      webhooks: {
        endpoints: [{ url: `http://127.0.0.1:${port}/hooks`, secret }],
        firstRetryMs: 100,
        pollIntervalMs: 20,
      },
    })
    const started = performance.now()
    const { key, record } = await keyward.keys.create({ name: 'while down' })
    for (let i = 0; i < 10; i++)
      expect((await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }))).ok).toBe(true)
    expect(performance.now() - started).toBeLessThan(1000)
    await until(async () => (await keyward.events.deliveries())[0]?.lastError === 'ECONNREFUSED')
    const [down] = await keyward.events.deliveries()
    expect(down).toMatchObject({ state: 'pending', lastStatus: null, eventType: 'key.created' })
    const r = await startReceiver('/hooks', port)
    open.push(r)
    const [got] = await r.waitFor(1)
    expect(got!.headers['webhook-id']).toBe(down!.eventId)
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({ data: { keyId: record.id } })
    await until(async () => (await keyward.events.deliveries())[0]?.state === 'delivered')
  })

  it('an instance that does not register an endpoint leaves its deliveries to one that does, as in a fleet mid-deploy (W1)', async () => {
    const r = await receiver()
    const secret = newSecret()
    const stores = createMemoryStores()
    const other = await receiver()
    // The old configuration: another endpoint only.
    const old = keywardWith({
      stores,
      webhooks: { endpoints: [{ url: other.url, secret: newSecret() }], firstRetryMs: 50, pollIntervalMs: 20 },
    })
    const now = Date.now()
    await stores.outbox!.enqueue([
      {
        id: 'msg_deploy.new',
        eventId: 'msg_deploy',
        endpointUrl: r.url,
        eventType: 'key.created',
        body: JSON.stringify({ type: 'key.created', timestamp: new Date(now).toISOString(), data: { keyId: 'key_x' } }),
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        state: 'pending',
        lastStatus: null,
        lastError: null,
        lastAttemptAt: null,
      },
    ])
    // Polls of the old instance pass it by: no attempt is spent on an endpoint it cannot sign for.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await old.events.deliveries())[0]).toMatchObject({ state: 'pending', attempts: 0, lastError: null })
    // The old instance is replaced by one with the new configuration, which registers it and delivers it.
    await old.close()
    keywardWith({ stores, webhooks: { endpoints: [{ url: r.url, secret }], firstRetryMs: 50, pollIntervalMs: 20 } })
    const [got] = await r.waitFor(1)
    expect(got!.headers['webhook-id']).toBe('msg_deploy')
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({ data: { keyId: 'key_x' } })
    expect(other.received).toHaveLength(0)
  })

  it('a delivery is given up once its retry period is over, and the view says why (W1)', async () => {
    const r = await receiver()
    r.fallback = 500
    const keyward = keywardWith({
      webhooks: {
        endpoints: [{ url: r.url, secret: newSecret() }],
        firstRetryMs: 400,
        retryForMs: 1000,
        pollIntervalMs: 20,
      },
    })
    await keyward.keys.create({ name: 'doomed' })
    await until(async () => (await keyward.events.deliveries())[0]?.state === 'failed')
    const [delivery] = await keyward.events.deliveries()
    expect(delivery).toMatchObject({ state: 'failed', lastStatus: 500, lastError: 'answered 500', nextAttemptAt: null })
    expect(delivery!.attempts).toBeGreaterThanOrEqual(2)
    const attempts = r.received.length
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(r.received).toHaveLength(attempts)
  })

  it('a hung endpoint never delays a request or a key change (W1)', async () => {
    const r = await receiver()
    r.fallback = 'hang'
    const keyward = keywardWith({ webhooks: { endpoints: [{ url: r.url, secret: newSecret() }], timeoutMs: 5000 } })
    const started = performance.now()
    const { key } = await keyward.keys.create({ name: 'fast' })
    for (let i = 0; i < 20; i++) {
      const decision = await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }))
      expect(decision.ok).toBe(true)
    }
    await r.waitFor(1)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('a store fault while queueing loses the event, never the key change, and is reported (W1)', async () => {
    const stores = createMemoryStores()
    const failing: EventOutbox = { ...stores.outbox!, enqueue: () => Promise.reject(new Error('outbox down')) }
    const faults: { message: string; phase: string }[] = []
    const keyward = keywardWith({
      stores: { ...stores, outbox: failing },
      webhooks: { endpoints: [{ url: 'http://127.0.0.1:9/hooks', secret: newSecret() }] },
      onError: (error, info) => faults.push({ message: (error as Error).message, phase: info.phase }),
    })
    const { key, record } = await keyward.keys.create({ name: 'kept' })
    expect((await keyward.keys.get(record.id))?.status).toBe('active')
    expect((await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }))).ok).toBe(true)
    await until(() => faults.length > 0)
    expect(faults[0]).toEqual({ message: 'outbox down', phase: 'events' })
  })

  it('usage.threshold fires once per fraction per window period (W2)', async () => {
    const r = await receiver()
    const secret = newSecret()
    const keyward = keywardWith({
      webhooks: { endpoints: [{ url: r.url, secret, events: ['usage.threshold'] }] },
    })
    const { key, record } = await keyward.keys.create({ name: 'metered', limits: { perMinute: 10 } })
    for (let i = 0; i < 12; i++)
      await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${key}` } }))
    await r.waitFor(2)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const events = verified(r, secret)
    expect(events.map((e) => [e.type, e.data.limit, e.data.fraction, e.data.max])).toEqual(
      expect.arrayContaining([
        ['usage.threshold', 'minute', 0.8, 10],
        ['usage.threshold', 'minute', 1, 10],
      ]),
    )
    expect(events).toHaveLength(2)
    expect(events[0]!.data.keyId).toBe(record.id)
  })

  it('usage.threshold names an owner quota apart from the key it was crossed through, and refilling credits by their refill period (W2, O7, M3)', async () => {
    const r = await receiver()
    const secret = newSecret()
    const keyward = keywardWith({
      webhooks: { endpoints: [{ url: r.url, secret, events: ['usage.threshold'] }] },
      ownerLimits: { live: { perMonth: 5 } },
    })
    const owned = await keyward.keys.create({ name: 'owned', ownerId: 'acct_q', limits: { perMinute: 10 } })
    const refilled = await keyward.keys.create({
      name: 'refilled',
      credits: { remaining: 10, refill: { amount: 10, every: 'day' } },
    })
    for (let i = 0; i < 6; i++)
      await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${owned.key}` } }))
    for (let i = 0; i < 11; i++)
      await keyward.authenticate(buildRequest({ headers: { authorization: `Bearer ${refilled.key}` } }))
    await r.waitFor(4)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const nextMonth = new Date()
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 1)
    nextMonth.setUTCHours(0, 0, 0, 0)
    const tomorrow = new Date()
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
    tomorrow.setUTCHours(0, 0, 0, 0)
    const seen = verified(r, secret).map((e) => [
      e.data.keyId,
      e.data.scope,
      e.data.limit,
      e.data.fraction,
      e.data.used,
      e.data.periodEnd,
    ])
    expect(seen.sort()).toEqual(
      [
        [owned.record.id, 'owner', 'month', 0.8, 4, nextMonth.toISOString()],
        [owned.record.id, 'owner', 'month', 1, 5, nextMonth.toISOString()],
        [refilled.record.id, 'key', 'credits', 0.8, 8, tomorrow.toISOString()],
        [refilled.record.id, 'key', 'credits', 1, 10, tomorrow.toISOString()],
      ].sort(),
    )
  })

  it('key.expiring is sent once ahead of expiry and key.expired once after it (W2)', async () => {
    const r = await receiver()
    const secret = newSecret()
    const clock = createManualClock(new Date())
    const keyward = keywardWith({
      clock,
      webhooks: {
        endpoints: [{ url: r.url, secret, events: ['key.expiring', 'key.expired'] }],
        expiryCheckIntervalMs: 100,
        expiringBeforeMs: 3 * 24 * 3600_000,
      },
    })
    const expiresAt = new Date(clock.now() + 2 * 24 * 3600_000).toISOString()
    const { record } = await keyward.keys.create({ name: 'short-lived', expiresAt })
    await keyward.keys.create({
      name: 'long-lived',
      expiresAt: new Date(clock.now() + 30 * 24 * 3600_000).toISOString(),
    })
    await r.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    clock.advance(2 * 24 * 3600_000 + 1)
    await r.waitFor(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const events = verified(r, secret)
    expect(events.map((e) => [e.type, e.data.keyId, e.data.expiresAt])).toEqual([
      ['key.expiring', record.id, expiresAt],
      ['key.expired', record.id, expiresAt],
    ])
  })

  it('keyward.events.emit sends a host event such as key.leaked, masking any key in it (W2)', async () => {
    const r = await receiver()
    const secret = newSecret()
    const keyward = keywardWith({ webhooks: { endpoints: [{ url: r.url, secret }] } })
    const { key, record } = await keyward.keys.create({ name: 'leaked' })
    await keyward.events.emit({
      type: 'key.leaked',
      data: { keyId: record.id, url: 'https://github.com/o/r/blob/x', source: 'github', token: key },
    })
    await r.waitFor(2)
    const leaked = verified(r, secret).find((e) => e.type === 'key.leaked')!
    expect(leaked.data).toMatchObject({ keyId: record.id, source: 'github' })
    expect(JSON.stringify(leaked)).not.toContain(key)
    expect(keyward.events.endpoints()).toEqual([{ url: r.url, events: null }])
  })

  it('bad webhook options throw a TypeError naming the option, never showing the secret (W1)', () => {
    const secret = newSecret()
    const make = (webhooks: unknown) => () => createKeyward({ webhooks } as KeywardOptions)
    expect(make({ endpoints: [{ url: 'ftp://x', secret }] })).toThrow(/"webhooks.endpoints\[0\].url" must be an http/)
    expect(make({ endpoints: [{ url: 'http://x/', secret: 'hunter2-secret' }] })).toThrow(
      /"webhooks.endpoints\[0\].secret" must be whsec_.*got a string of 14 characters/,
    )
    expect(make({ endpoints: [{ url: 'http://x/', secret, events: ['key.made'] }] })).toThrow(
      /"webhooks.endpoints\[0\].events"/,
    )
    expect(make({ endpoints: [], thresholds: [0, 1] })).toThrow(/"webhooks.thresholds"/)
    expect(make({ endpoints: [], retryFor: 1 })).toThrow(/"webhooks.retryFor" is not an option/)
    expect(make({ endpoints: [], concurrency: 0 })).toThrow(/"webhooks.concurrency"/)
    const noOutbox = () =>
      createKeyward({ stores: { ...createMemoryStores(), outbox: undefined }, webhooks: { endpoints: [] } })
    expect(noOutbox).toThrow(/"webhooks" needs stores with an outbox/)
  })
})
