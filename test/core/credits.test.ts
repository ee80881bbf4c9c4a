import { describe, expect, it } from 'vitest'
import { KeyInputError, KeyRevokedError } from '../../src/core/errors.js'
import type { AuthDecision, AuthFailure } from '../../src/keyward.js'
import { createTestKeyward } from '../../src/testing.js'

const DAY = 86_400_000

function refused(decision: AuthDecision): AuthFailure {
  if (decision.ok) throw new Error(`expected a refusal, got 200 with ${JSON.stringify(decision.headers)}`)
  return decision
}

describe('credits in the key manager (M3, M9)', () => {
  it('M3: create stores credits; get and list show what is left, live', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey({ credits: { remaining: 3, refill: { amount: 10, every: 'month' } } })
    expect(record.credits).toEqual({ remaining: 3, refill: { amount: 10, every: 'month', day: 1 } })
    await t.authenticateKey(key)
    expect((await t.keyward.keys.get(record.id))?.credits).toEqual({
      remaining: 2,
      refill: { amount: 10, every: 'month', day: 1 },
    })
    const listed = await t.keyward.keys.list()
    expect(listed.keys[0]?.credits?.remaining).toBe(2)
  })

  it('M3: update { credits: { add } } tops up what is left; { remaining } replaces it; null removes credits', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey({ credits: { remaining: 2 } })
    await t.authenticateKey(key)
    expect((await t.keyward.keys.update(record.id, { credits: { add: 5 } })).credits).toEqual({ remaining: 6 })
    expect((await t.keyward.keys.update(record.id, { credits: { remaining: 1 } })).credits).toEqual({ remaining: 1 })
    await t.authenticateKey(key)
    expect(refused(await t.authenticateKey(key)).error.code).toBe('rate_limited')
    const removed = await t.keyward.keys.update(record.id, { credits: null })
    expect(removed.credits).toBeNull()
    const after = await t.authenticateKey(key)
    expect(after.ok).toBe(true)
    expect(after.ok && after.headers['X-Credits-Remaining']).toBeUndefined()
  })

  it('M3: bad credits are refused naming the field, and nothing is stored', async () => {
    const t = createTestKeyward()
    const bad: [unknown, string][] = [
      [{ remaining: -1 }, 'credits.remaining'],
      [{ remaining: 1.5 }, 'credits.remaining'],
      [{ remaining: 1, refill: { amount: 0, every: 'day' } }, 'credits.refill.amount'],
      [{ remaining: 1, refill: { amount: 5, every: 'week' } }, 'credits.refill.every'],
      [{ remaining: 1, refill: { amount: 5, every: 'month', day: 29 } }, 'credits.refill.day'],
      [{ remaining: 1, refill: { amount: 5, every: 'day', day: 3 } }, 'credits.refill.day'],
      [{ remaining: 1, extra: true }, 'credits'],
      [5, 'credits'],
    ]
    for (const [credits, field] of bad) {
      const error = await t.keyward.keys.create({ name: 'bad', credits: credits as never }).catch((e: unknown) => e)
      expect(error, JSON.stringify(credits)).toBeInstanceOf(KeyInputError)
      expect((error as KeyInputError).field).toBe(field)
    }
    expect((await t.keyward.keys.list()).keys).toHaveLength(0)
    const { record } = await t.issueLiveKey()
    const add = await t.keyward.keys.update(record.id, { credits: { add: 0 } }).catch((e: unknown) => e)
    expect((add as KeyInputError).field).toBe('credits.add')
    const none = await t.keyward.keys.update(record.id, { credits: { add: 3 } }).catch((e: unknown) => e)
    expect((none as KeyInputError).field).toBe('credits')
  })

  it('M3: a revoked key cannot be topped up', async () => {
    const t = createTestKeyward()
    const { record } = await t.issueLiveKey({ credits: { remaining: 1 } })
    await t.keyward.keys.revoke(record.id)
    await expect(t.keyward.keys.update(record.id, { credits: { add: 1 } })).rejects.toBeInstanceOf(KeyRevokedError)
  })

  it('M3: a rotation hands the replacement what the old key has left', async () => {
    const t = createTestKeyward()
    const { key, record } = await t.issueLiveKey({ credits: { remaining: 5 } })
    await t.authenticateKey(key)
    const rotated = await t.keyward.keys.rotate(record.id)
    expect(rotated.record.credits).toEqual({ remaining: 4 })
  })
})

describe('credits on requests (M3, M4)', () => {
  it('M3: X-Credits-Remaining on each answer to a key with credits; 429 when none are left, without Retry-After', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey({ credits: { remaining: 2 } })
    const first = await t.authenticateKey(key)
    expect(first.ok && first.headers['X-Credits-Remaining']).toBe('1')
    const second = await t.authenticateKey(key)
    expect(second.ok && second.headers['X-Credits-Remaining']).toBe('0')
    const third = refused(await t.authenticateKey(key))
    expect(third.response.status).toBe(429)
    expect(third.error.message).toMatch(/^This API key has no credits left/)
    expect(third.response.headers['X-Credits-Remaining']).toBe('0')
    expect(third.response.headers['Retry-After']).toBeUndefined()
    expect(third.response.headers['X-RateLimit-Remaining']).toBe('998')
  })

  it('M3: with a daily refill the 429 says when; at 00:00 UTC the key has the amount again', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey({ credits: { remaining: 0, refill: { amount: 3, every: 'day' } } })
    const now = t.clock.now()
    const midnight = Math.floor(now / DAY) * DAY + DAY
    const no = refused(await t.authenticateKey(key))
    expect(no.response.headers['Retry-After']).toBe(String(Math.ceil((midnight - now) / 1000)))
    t.clock.set(midnight)
    const yes = await t.authenticateKey(key)
    expect(yes.ok && yes.headers['X-Credits-Remaining']).toBe('2')
  })

  it('M3/L5: the auth test shows the credits and spends none', async () => {
    const t = createTestKeyward()
    const { key } = await t.issueLiveKey({ credits: { remaining: 1 } })
    const peek = await t.authenticateKey(key, { consume: false })
    expect(peek.ok && peek.headers['X-Credits-Remaining']).toBe('1')
    expect((await t.authenticateKey(key)).ok).toBe(true)
  })
})
