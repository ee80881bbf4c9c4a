import { describe, expect, it } from 'vitest'
import { createMemoryOutbox } from '../../src/stores/memory/outbox.js'
import { T0 } from '../contracts/fixtures.js'
import { makeDelivery, runOutboxContract } from '../contracts/outbox.contract.js'

runOutboxContract('memory', () => ({ outbox: createMemoryOutbox() }))

describe('memory outbox', () => {
  it('B4: the cost of a poll does not grow with the deliveries that are not due (100,000 waiting, 1,000 polls)', async () => {
    const outbox = createMemoryOutbox()
    const url = 'http://127.0.0.1:9/hooks'
    const template = makeDelivery(T0, { endpointUrl: url })
    const waiting = Array.from({ length: 100_000 }, (_, i) => ({
      ...template,
      id: `msg_later${i}.ep1`,
      nextAttemptAt: T0 + 3600_000 + i,
    }))
    const due = Array.from({ length: 1000 }, (_, i) => ({ ...template, id: `msg_due${i}.ep1`, nextAttemptAt: T0 + i }))
    await outbox.enqueue([...waiting, ...due])
    const started = performance.now()
    const claimed: string[] = []
    for (let i = 0; i < 1000; i++) {
      for (const delivery of await outbox.claim('a', T0 + i, T0 + 60_000, 4, url)) claimed.push(delivery.id)
    }
    const elapsed = performance.now() - started
    expect(claimed).toEqual(due.map((d) => d.id))
    // Looking through every pending delivery on each poll takes seconds here; reading only what is due, milliseconds.
    expect(elapsed, `1,000 polls took ${Math.round(elapsed)} ms`).toBeLessThan(1000)
  })
})
